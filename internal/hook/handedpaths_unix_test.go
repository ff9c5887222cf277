//go:build unix

package hook

import (
	"os"
	"path/filepath"
	"testing"
)

// TestGitHandedPaths: git hands a diff program or a textconv the tracked
// path as written; a tracked file named -S (vimdiff sources it) or @o (nm
// reads its options from o) is an option to the taker the allow list
// accepts (FINDINGS49a S1, S2). A repository whose index, HEAD and history
// hold no such name passes.
func TestGitHandedPaths(t *testing.T) {
	_, proj := gitKeyWorld(t, map[string]string{"a.txt": "a\n"})
	gitIn(t, proj, "init", "-q", "-b", "main")
	gitIn(t, proj, "add", "a.txt")
	gitIn(t, proj, "commit", "-qm", "a")
	everyday := []string{
		"git -c diff.external=difft diff", "git -c diff.external=vimdiff diff", "git -c diff.x.textconv=nm diff",
		"git -c diff.external=difft diff --cached", "git -c diff.external=difft log -p --ext-diff -1",
	}
	bad := []string{
		"git -c diff.external=vimdiff diff", "git -c diff.external=difft diff", "git -c diff.x.textconv=nm diff",
		"git -c diff.external=vimdiff diff HEAD~1", "git difftool -y -x vimdiff",
	}
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		for _, cmd := range everyday {
			checkRule(t, p, proj, cmd, "", "")
		}
	}
	for _, name := range []string{"-S", "@o"} {
		if err := os.WriteFile(filepath.Join(proj, name), []byte("qa!\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		gitIn(t, proj, "add", "--", name)
		gitIn(t, proj, "commit", "-qm", name)
		gitIn(t, proj, "rm", "-q", "--cached", "--", name)
		gitIn(t, proj, "commit", "-qm", "rm")
		for _, mode := range []string{"text", "commands"} {
			p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
			for _, cmd := range bad[3:] {
				checkRule(t, p, proj, cmd, "unresolved_path", "paths as written")
			}
		}
		gitIn(t, proj, "add", "--", name)
		for _, mode := range []string{"text", "commands"} {
			p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
			for _, cmd := range bad {
				checkRule(t, p, proj, cmd, "unresolved_path", "paths as written")
			}
		}
		gitIn(t, proj, "rm", "-q", "--cached", "--", name)
		if err := os.Remove(filepath.Join(proj, name)); err != nil {
			t.Fatal(err)
		}
	}
}
