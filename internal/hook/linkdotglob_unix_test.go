//go:build unix

package hook

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/guardhq/guard/internal/policy"
)

// TestGlobAfterLinkDotDot: a pattern after LINK/.. is expanded where the
// kernel goes, up from the link's target: with a project
// link to a directory of the home (w -> ~/work) or to /proc/self/cwd,
// w/../.s?h/* is ~/.ssh/*. Patterns through the project's ordinary links
// pass.
func TestGlobAfterLinkDotDot(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	homeDir := filepath.Join(root, "home")
	proj := filepath.Join(homeDir, "proj")
	for _, d := range []string{filepath.Join(homeDir, ".ssh"), filepath.Join(homeDir, "work"), filepath.Join(proj, "sub"),
		filepath.Join(proj, ".venv", "bin"), filepath.Join(root, "nm", ".bin")} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("HOME", homeDir)
	t.Setenv("GUARD_HOME", "")
	for name, text := range map[string]string{".ssh/id_rsa": "-----BEGIN OPENSSH PRIVATE KEY-----\nx\n", "work/a.txt": "x", "proj/README.md": "x",
		"proj/.venv/bin/python3": "x"} {
		if err := os.WriteFile(filepath.Join(homeDir, name), []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(root, "nm", ".bin", "tsc"), []byte("x"), 0o755); err != nil {
		t.Fatal(err)
	}
	links := map[string]string{"w": filepath.Join(homeDir, "work"), "up3": "/proc/self/cwd", "node_modules": filepath.Join(root, "nm")}
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(proj, name)); err != nil {
			t.Fatal(err)
		}
	}
	p, err := policy.Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		cmd   string
		block bool
	}{
		{"cat w/../.s?h/*", true},
		{"cat w/../.s[s]h/id_rsa", true},
		{"cat w/../.ss*/id_rsa", true},
		{"cat ./w/../.s?h/id_rsa", true},
		{"cat up3/../.s?h/*", true},
		{"cat up3/../.s?h/id_rsa", true},
		{"base64 up3/../.s*/*", true},
		{"cat w/../.ssh/id_rsa", true},
		{"ls node_modules/.bin/*", false},
		{"ls .venv/bin/py*", false},
		{"cat w/*.txt", false},
		{"cat w/../work/*.txt", false},
		{"ls sub/../*.md", false},
	} {
		r, err := DryRun(p, "command", tt.cmd, proj)
		if err != nil {
			t.Fatalf("%q: %v", tt.cmd, err)
		}
		if blocked := r.Verdict == "block"; blocked != tt.block {
			t.Errorf("%q: %s (%s), want block = %v", tt.cmd, r.Verdict, r.Reason, tt.block)
		}
	}
}
