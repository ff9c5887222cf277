//go:build unix

package hook

import (
	"testing"
)

// TestGitLogSearchValues: git log's search options take the next word as
// their value (--grep w, -S x, -G x): the walk starts at HEAD, and the
// patches of a .env committed once and untracked since are printed
// (FINDINGS49a S7). In a repository whose history holds no protected
// file the same searches pass.
func TestGitLogSearchValues(t *testing.T) {
	_, proj := gitKeyWorld(t, map[string]string{".gitignore": ".env\n", "a.txt": "a\n", ".env": "DB_PASS=hunter2xyzSECRET\n"})
	gitIn(t, proj, "init", "-q", "-b", "main")
	gitIn(t, proj, "add", "-A")
	gitIn(t, proj, "commit", "-qm", "fix one")
	_, clean := gitKeyWorld(t, map[string]string{".gitignore": ".env\n", "a.txt": "a\n", ".env": "DB_PASS=hunter2xyzSECRET\n"})
	gitIn(t, clean, "init", "-q", "-b", "main")
	gitIn(t, clean, "add", "-A")
	gitIn(t, clean, "commit", "-qm", "fix one")
	gitIn(t, proj, "add", "-f", ".env")
	gitIn(t, proj, "commit", "-qm", "w")
	gitIn(t, proj, "rm", "-q", "--cached", ".env")
	gitIn(t, proj, "commit", "-qm", "rm3")
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		for _, cmd := range []string{
			"git log --grep w -p", "git log -p -S hunter2", "git log -p -G x", "git whatchanged -p --grep w",
			"git log -p --author u --since 2000-01-01", "git log -p --committer u -2",
		} {
			checkRule(t, p, proj, cmd, "blocked_path", ".env")
		}
		for _, cmd := range []string{"git log --grep fix -p", "git log -p -S a", "git log --oneline --grep w"} {
			checkRule(t, p, clean, cmd, "", "")
		}
	}
}
