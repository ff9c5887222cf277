//go:build unix

package realpath

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestGlobDotDotAfterLink: a .. in a pattern's path goes up from where the
// link before it leads, as the kernel does.
func TestGlobDotDotAfterLink(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{"home/.ssh", "home/work", "proj/sub"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"home/.ssh/id_rsa", "proj/.env"} {
		if err := os.WriteFile(filepath.Join(root, f), nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(root, "home/work"), filepath.Join(root, "proj/w")); err != nil {
		t.Fatal(err)
	}
	r := NewResolver(filepath.Join(root, "home"))
	for _, tt := range []struct {
		pattern, want string
	}{
		{"proj/w/../.s?h/*", "home/.ssh/id_rsa"},
		{"proj/w/../.s[s]h/id_rsa", "home/.ssh/id_rsa"},
		{"proj/sub/../.e?v", "proj/.env"},
		{"proj/./w/../.ss*/id_rsa", "home/.ssh/id_rsa"},
	} {
		got := r.Glob(root + "/" + tt.pattern) // not filepath.Join: it cleans the text
		if want := filepath.Join(root, tt.want); !slices.Contains(got, want) {
			t.Errorf("Glob(%s) = %q, want %s among them", tt.pattern, got, want)
		}
	}
}
