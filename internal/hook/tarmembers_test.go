package hook

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"testing"
)

// TestTarMembers: tar x -O of named members prints those members only:
// the archive's other members (a .env holding a secret) are not scanned,
// a named member holding one is, and tar -O writes no file (its words
// are no edits of the archive).
func TestTarMembers(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{"README": "x\n"})
	var raw bytes.Buffer
	tw := tar.NewWriter(&raw)
	for _, m := range []struct{ name, text string }{
		{"./src/main.c", "int main(){}\n"},
		{"./.env", "AWS_ACCESS_KEY_ID=AKIA" + "IOSFODNN7EXAMPLF\n"},
		{"./conf/app.ini", "token = ghp_" + "aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z5A\n"},
	} {
		if err := tw.WriteHeader(&tar.Header{Name: m.name, Mode: 0o644, Size: int64(len(m.text)), Typeflag: tar.TypeReg}); err != nil {
			t.Fatal(err)
		}
		tw.Write([]byte(m.text))
	}
	tw.Close()
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(raw.Bytes())
	zw.Close()
	for name, data := range map[string][]byte{"all.tgz": gz.Bytes(), "all.tar": raw.Bytes()} {
		if err := os.WriteFile(filepath.Join(proj, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"tar xzOf all.tgz ./src/main.c", false},
		{"tar -xzOf all.tgz ./src", false},
		{"tar -x -z -O -f all.tgz src/main.c", false},
		{"tar --extract --to-stdout --file=all.tgz ./src/main.c", false},
		{"tar xOf all.tar ./src/main.c", false},
		{"tar xzOf all.tgz", true},
		{"tar xzOf all.tgz ./conf/app.ini", true},
		{"tar xzOf all.tgz ./conf", true},
		{"tar xOf all.tar ./src/main.c ./conf/app.ini", true},
		{"tar xzOf all.tgz --wildcards './src/*'", true}, // outside the model: the archive whole
		{"tar xzOf all.tgz ./src/main.c | cat", true},
		{"tar xOf all.tar .", true}, // . and ./ are the archive's root: every entry
		{"tar xOf all.tar ./", true},
		{"tar -xOf all.tar .", true},
		{`tar xOf all.tar "."`, true},
		{"tar --extract --to-stdout --file=all.tar .", true},
		{"tar xzOf all.tgz ./.", true},
		{"tar xOf all.tar . nofile", true},
		{"tar xOf all.tar ./src/main.c nofile", true}, // a member guard matches to no entry: the archive whole
		{"tar xOf all.tar src/../.env", true},
	} {
		wantBlock(t, p, "B "+tc.cmd, shellPayloadB(proj, tc.cmd), tc.block)
	}
}
