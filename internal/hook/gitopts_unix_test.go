//go:build unix

package hook

import (
	"os"
	"path/filepath"
	"testing"
)

// TestGitMessageFileLink: git's message file read through an abbreviated
// --file or a value attached to -F is the file the link names; the ref names and messages of everyday commands stay data.
func TestGitMessageFileLink(t *testing.T) {
	home, proj := scriptWorld(t, map[string]string{"README": "a\n"})
	if err := os.WriteFile(filepath.Join(home, ".ssh", "id_rsa"), []byte("KEY\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(home, ".ssh", "id_rsa"), filepath.Join(proj, "k")); err != nil {
		t.Fatal(err)
	}
	p := realPolicy(t, "")
	for _, cmd := range []string{"git tag --fil k v9", "git tag -aFk v9", "git tag -a -Fk v9", "git commit -Fk",
		"git commit --allow-empty -Fk", "git tag --no-sign --fil k v9", "git commit --me=x --fi=k", "git notes add -Fk"} {
		checkRule(t, p, proj, cmd, "blocked_path", "")
	}
	for _, cmd := range []string{"git tag -a v9 -m release", "git commit -qm k", "git branch k2", "git tag -l"} {
		checkRule(t, p, proj, cmd, "", "")
	}
}
