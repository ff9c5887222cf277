package gitobj

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDiscover: a walk past maxLevels is GaveUp, not NoRepository; a
// directory reached through a link is walked up as the kernel resolves
// it, as git's getcwd does (FINDINGS50a F5).
func TestDiscover(t *testing.T) {
	root := t.TempDir()
	deep := filepath.Join(root, strings.Repeat("a/", maxLevels+2))
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	if _, d := Discover(deep); d != GaveUp {
		t.Errorf("Discover(deep) = %d, want GaveUp", d)
	}
	if _, d := Discover(root); d != NoRepository && d != Found {
		t.Errorf("Discover(root) = %d", d)
	}
	other := filepath.Join(root, "o")
	for _, p := range []string{"o/.git/objects", "o/.git/refs", "o/sub", "p/.git/objects", "p/.git/refs"} {
		if err := os.MkdirAll(filepath.Join(root, p), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range []string{"o/.git/HEAD", "p/.git/HEAD"} {
		if err := os.WriteFile(filepath.Join(root, p), []byte("ref: refs/heads/main\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	link := filepath.Join(root, "p", "lk")
	if err := os.Symlink(filepath.Join(other, "sub"), link); err != nil {
		t.Fatal(err)
	}
	r, d := Discover(link)
	if d != Found || !sameEntry(r.gitDir, filepath.Join(other, ".git")) {
		t.Errorf("Discover(link) = %+v, %d; want o's repository", r, d)
	}
	plink := filepath.Join(root, "plk")
	if err := os.Symlink(filepath.Join(root, "p"), plink); err != nil {
		t.Fatal(err)
	}
	if r, d := Discover(plink); d != Found || r.Top != plink {
		t.Errorf("Discover(plk) = %+v, %d; want p by the link's name", r, d)
	}
}
