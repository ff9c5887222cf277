package hook

import (
	"os"
	"path/filepath"
	"testing"
)

// TestLogicalCdFallback: bash's logical cd L/../X, when the lexical
// directory is not there, tries the path as the kernel resolves it, after
// the link L (FINDINGS55b B12).
func TestLogicalCdFallback(t *testing.T) {
	home, proj := scriptWorld(t, map[string]string{"x/q.sh": "echo ok\n"})
	os.MkdirAll(filepath.Join(home, "src", "lib"), 0o755)
	os.MkdirAll(filepath.Join(home, ".aws"), 0o700)
	os.WriteFile(filepath.Join(home, ".aws", "credentials"), []byte("[default]\n"), 0o600)
	if err := os.Symlink(filepath.Join(home, "src", "lib"), filepath.Join(proj, "lib")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(home, filepath.Join(proj, "hl")); err != nil {
		t.Fatal(err)
	}
	checkAll(t, proj, []string{
		"cd lib/../../.aws && cat credentials",
		"pushd lib/../../.aws && cat credentials",
		"cd hl/../home; echo x >> .bashrc",
		"ln -s ~/src up && cd up/../.aws && cat credentials",
	}, []string{
		"cd lib/.. && ls",
		"cd lib/../x && ./q.sh",
		"mkdir -p out/y && cd out/y/.. && ls",
	})
}
