package policy

import (
	"os"
	"path/filepath"
	"testing"
)

// TestHooksDirs: a path in the directory core.hooksPath names (relative to
// the repository's top, ~, absolute; the repository's setting over the
// user's) is found; others are not.
func TestHooksDirs(t *testing.T) {
	root := t.TempDir()
	home := filepath.Join(root, "home")
	mk := func(p, s string) {
		t.Helper()
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("GIT_CONFIG_GLOBAL", filepath.Join(home, ".gitconfig"))
	mk(filepath.Join(home, ".gitconfig"), "[core]\n\thooksPath = ~/hooks\n")
	mk(filepath.Join(root, "a", ".git", "config"), "[core]\n\thooksPath = .githooks\n")
	mk(filepath.Join(root, "b", ".git", "config"), "[core]\n\tbare = false\n")
	mk(filepath.Join(root, "c", ".git"), "gitdir: ../wt\n")
	mk(filepath.Join(root, "wt", "config"), "[core]\n\thooksPath = /abs/h\n")
	h := &hooksDirs{home: home}
	for _, tc := range []struct {
		p    string
		want bool
	}{
		{filepath.Join(root, "a", ".githooks", "pre-commit"), true},
		{filepath.Join(root, "a", "src", "..", ".githooks", "x"), true},
		{filepath.Join(root, "a", "src", "x.go"), false},
		{filepath.Join(root, "b", "x"), false},
		{filepath.Join(home, "hooks", "pre-commit"), true},
		{"~/hooks/post-merge", true},
		{"/abs/h/pre-push", false}, // another repository's absolute hooks directory: not looked up (a limit)
		{filepath.Join(root, "c", "x"), false},
		{"relative/x", false},
	} {
		if _, got := h.check(tc.p); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.p, got, tc.want)
		}
	}
}
