//go:build unix

package hook

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGitHandedPathsFar: git finds the repository however far above the
// directory it is, and from the directory as the kernel resolves it, not
// the text of a path through a link (FINDINGS50a F5): a tracked '-S' 14
// levels up, or in the repository a link leads into, is still handed to
// vimdiff. A deep directory of a clean repository and a project reached
// through a link pass.
func TestGitHandedPathsFar(t *testing.T) {
	deep := "d/a/b/c/d/e/f/g/h/i/j/k/l/m"
	_, proj := gitKeyWorld(t, map[string]string{"a.txt": "a\n", deep + "/x.txt": "x\n", "o/sub/y.txt": "y\n", "o/a.txt": "a\n"})
	gitIn(t, proj, "init", "-q", "-b", "main")
	gitIn(t, proj, "add", "a.txt", deep+"/x.txt")
	gitIn(t, proj, "commit", "-qm", "a")
	o := filepath.Join(proj, "o")
	gitIn(t, o, "init", "-q", "-b", "main")
	if err := os.WriteFile(filepath.Join(o, "-S"), []byte("qa!\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	gitIn(t, o, "add", "--", "-S", "a.txt")
	gitIn(t, o, "commit", "-qm", "s")
	for _, l := range [][2]string{{"o/sub", "lk2"}, {".", "lk"}} {
		if err := os.Symlink(l[0], filepath.Join(proj, l[1])); err != nil {
			t.Fatal(err)
		}
	}
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		for _, cmd := range []string{
			"cd " + deep + " && git -c diff.external=vimdiff diff", "cd lk && git -c diff.external=vimdiff diff",
			"cd lk/" + deep + " && git status && git diff", "git -c diff.external=vimdiff diff",
		} {
			checkRule(t, p, proj, cmd, "", "")
		}
		checkRule(t, p, filepath.Join(proj, "lk"), "git -c diff.external=vimdiff diff", "", "")
		checkRule(t, p, filepath.Join(proj, "lk2"), "git -c diff.external=vimdiff diff", "unresolved_path", "paths as written")
		checkRule(t, p, proj, "cd lk2 && git -c diff.external=vimdiff diff", "unresolved_path", "paths as written")
	}
	if err := os.WriteFile(filepath.Join(proj, "-S"), []byte("qa!\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	gitIn(t, proj, "add", "--", "-S")
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		for _, dir := range []string{deep, deep[:strings.LastIndex(deep, "/")]} {
			checkRule(t, p, proj, "cd "+dir+" && git -c diff.external=vimdiff diff", "unresolved_path", "paths as written")
			checkRule(t, p, filepath.Join(proj, dir), "git -c diff.external=vimdiff diff", "unresolved_path", "paths as written")
		}
	}
}
