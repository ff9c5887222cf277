//go:build unix

package hook

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// historyWithEnv makes a repository whose history holds .env (commit y),
// untracked since (commit rm), and a tracked app.py.
func historyWithEnv(t *testing.T) string {
	t.Helper()
	_, proj := scriptWorld(t, map[string]string{".gitignore": ".env\n", "app.py": "print(1)\n", "README.md": "x\n", ".env": "DB_PASS=hunter2xyzSECRET\n"})
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	gitIn(t, proj, "init", "-q", "-b", "main")
	gitIn(t, proj, "add", "-A", "-f")
	gitIn(t, proj, "commit", "-qm", "y")
	gitIn(t, proj, "rm", "-q", "--cached", ".env")
	gitIn(t, proj, "commit", "-qm", "rm")
	return proj
}

// TestGitMessageSearch: :/TEXT is git's search of the commit messages (a
// revision guard does not resolve), never the index's path /TEXT: git
// show ':/y' and git grep X ':/y' print the .env commit y holds
// (FINDINGS48a R3). In a repository whose history holds no protected
// file, the same search, git log -p and git show HEAD:README.md pass.
func TestGitMessageSearch(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	proj := historyWithEnv(t)
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		for _, cmd := range []string{
			"git show ':/y'", "git show --format= ':/y'", "git grep -h DB ':/y'", "git grep DB ':/^y'",
			"git show ':/!-rm'",
		} {
			checkRule(t, p, proj, cmd, "blocked_path", ".env")
		}
		for _, cmd := range []string{"git show HEAD:README.md", "git log --oneline ':/y'", "git rev-parse ':/y'"} {
			checkRule(t, p, proj, cmd, "", "")
		}
	}
}

// TestGitMessageSearchClean: the message search, git log -p and git show
// HEAD:README.md pass where the history holds no protected file.
func TestGitMessageSearchClean(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	_, proj := scriptWorld(t, map[string]string{".gitignore": ".env\n", "README.md": "x\n", ".env": "DB_PASS=hunter2xyzSECRET\n"})
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	gitIn(t, proj, "init", "-q", "-b", "main")
	gitIn(t, proj, "add", "-A")
	gitIn(t, proj, "commit", "-qm", "one")
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		for _, cmd := range []string{"git show ':/one'", "git grep x ':/one'", "git log -p", "git show HEAD:README.md", "git add -A"} {
			checkRule(t, p, proj, cmd, "", "")
		}
	}
}

// TestGitReplaceRefs: a replace ref makes git print another object's
// text under a name (git replace A.TXT-BLOB ENV-BLOB, then git show
// HEAD:app.py prints the .env; FINDINGS48a R4): in a repository with
// one, every read of committed text is what guard cannot tell; so is
// a read after a git replace of the same command. Without one the same
// reads pass.
func TestGitReplaceRefs(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	proj := historyWithEnv(t)
	env := gitOut(t, proj, nil, "rev-parse", "HEAD~1:.env")
	app := gitOut(t, proj, nil, "rev-parse", "HEAD:app.py")
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		checkRule(t, p, proj, "git show HEAD:app.py", "", "")
		checkRule(t, p, proj, "git cat-file -p HEAD:app.py", "", "")
		checkRule(t, p, proj, "git replace "+app[:12]+" "+env[:12]+" && git show HEAD:app.py", "unparsable_command", "git replace")
		checkRule(t, p, proj, "git replace -d "+app[:12]+" && git show HEAD:app.py", "", "")
	}
	gitIn(t, proj, "replace", app, env)
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		for _, cmd := range []string{"git show HEAD:app.py", "git cat-file -p HEAD:app.py", "git show :app.py"} {
			checkRule(t, p, proj, cmd, "unredactable_read", "replace refs")
		}
		checkRule(t, p, proj, "git replace -l", "", "")
	}
	gitIn(t, proj, "pack-refs", "--all")
	if err := os.RemoveAll(filepath.Join(proj, ".git", "refs", "replace")); err != nil {
		t.Fatal(err)
	}
	p := realPolicy(t, "")
	checkRule(t, p, proj, "git show HEAD:app.py", "unredactable_read", "replace refs") // packed
}
