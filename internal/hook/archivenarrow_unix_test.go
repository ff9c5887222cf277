//go:build unix

package hook

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// writeTgz writes a gzipped tar archive holding files (name → text).
func writeTgz(t *testing.T, file string, files [][2]string) {
	t.Helper()
	var buf bytes.Buffer
	gz := gzip.NewWriter(&buf)
	tw := tar.NewWriter(gz)
	for _, f := range files {
		if err := tw.WriteHeader(&tar.Header{Name: f[0], Mode: 0o644, Typeflag: tar.TypeReg, Size: int64(len(f[1]))}); err != nil {
			t.Fatal(err)
		}
		tw.Write([]byte(f[1]))
	}
	tw.Close()
	gz.Close()
	if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestArchiveNarrowing: an archiver's exclude patterns are data that
// narrow what it reads or extracts (tar --exclude=.env, zip -x .env);
// member names narrow what tar extracts; a listing of an archive fed on
// standard input is a listing. What still reaches .env, or prints an
// archive holding a secret, blocks on agents A and B.
func TestArchiveNarrowing(t *testing.T) {
	env := "AWS_ACCESS_KEY_ID=AKIAQ3EGRTZ7XJ5WLM2P\nAWS_SECRET_ACCESS_KEY=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\n"
	_, proj := scriptWorld(t, map[string]string{".env": env, "src/main.c": "int main(){}\n", "include/a.h": "#pragma once\n"})
	writeTgz(t, filepath.Join(proj, "all.tgz"), [][2]string{{"./.env", env}, {"./src/main.c", "int main(){}\n"}, {"./include/a.h", "#pragma once\n"}})
	p := realPolicy(t, "")
	for _, c := range []struct {
		cmd   string
		block bool
	}{
		{"tar czf ../x.tgz --exclude=.env .", false},
		{"tar czf ../x.tgz --exclude=node_modules --exclude .env .", false},
		{"zip -r ../x.zip . -x .env", false},
		{"tar xzf all.tgz --exclude=.env -C ../out", false},
		{"tar xzf all.tgz -C ../out ./src ./include", false},
		{"tar --extract --file=all.tgz --directory ../out src/", false},
		{"cat all.tgz | tar tz", false},
		{"tar tz < all.tgz", false},
		{"zcat all.tgz | tar t", false},
		// Still blocked: .env extracted, named, matched, or printed.
		{"tar xzf all.tgz -C ../out", true},
		{"tar xzf all.tgz -C ../out .", true},
		{"tar xzf all.tgz -C ../out ./src ./.env", true},
		{"tar xzf all.tgz -C ../out './*'", true},
		{"tar xzf all.tgz -C ../out --no-anchored env", true},
		{"tar xzf all.tgz -C ../out -I gzip", true},
		{"tar xzf all.tgz -C ../out -T list", true},
		{"tar xzf all.tgz -C ../out --exclude='*.c'", true},
		{"tar xzOf all.tgz", true},
		{"cat all.tgz | tar xzO", true},
		{"tar xzO < all.tgz", true},
		{"tar czf ../x.tgz . && tar xOzf ../x.tgz ./.env", true},
		{"cat all.tgz >&2 | tar tz", true},
		{"cat all.tgz | tee /dev/stderr | tar tz", true},
		{"cat all.tgz | find . -maxdepth 0 -exec cat \\;", true},
		{"find . -maxdepth 0 -exec cat \\; < all.tgz", true},
		{"cat() { command cat \"$@\" >&2; }; cat all.tgz | tar tz", true},
		{"sha256sum() { cat; }; cat all.tgz | sha256sum", true},
		{"cat all.tgz | sha256sum", false},
	} {
		b, _ := json.Marshal(map[string]any{"hookEventName": "beforeShellExecution", "command": c.cmd, "cwd": proj})
		for agent, payload := range map[string]string{"a": bashPayload(t, proj, c.cmd), "b": string(b)} {
			code, _, stderr, _ := runReal(t, p, payload)
			if blocked := code == 2; blocked != c.block {
				t.Errorf("agent %s: %s: blocked = %v, want %v: %s", agent, c.cmd, blocked, c.block, stderr)
			}
		}
	}
}
