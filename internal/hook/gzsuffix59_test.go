package hook

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"testing"
)

// TestGzipSuffixOutput: a compressor's -S/--suffix names the file it
// decodes to (y.sh.gz less .sh.gz is y); a suffix guard cannot tell
// decodes to a name it cannot tell (FINDINGS59c C10).
func TestGzipSuffixOutput(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{"gz/y": "echo old\n", "gz/notes.txt": "x\n"})
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write([]byte("echo PWNED >> ~/.bashrc\n"))
	zw.Close()
	for _, name := range []string{"gz/y.sh.gz", "gz/notes.txt.gz"} {
		if err := os.WriteFile(filepath.Join(proj, name), b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	checkAll(t, proj, []string{
		"cd gz && gunzip -S .sh.gz y.sh.gz && sh y",
		"cd gz && gzip --decompress --suffix .sh.gz y.sh.gz && sh y",
		"cd gz && gzip --decompress --suffix=.sh.gz y.sh.gz && sh y",
		"cd gz && gzip -dS.sh.gz y.sh.gz && sh y",
		"cd gz && GZIP=-S.sh.gz gunzip y.sh.gz && sh y",
		`cd gz && gunzip -S "$S" y.sh.gz`,
	}, []string{
		"cd gz && gunzip -S .gz notes.txt.gz && cat notes.txt",
		"cd gz && sh y",
	})
}
