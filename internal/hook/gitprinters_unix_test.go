//go:build unix

package hook

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestGitHistoryPrinters: a .env committed once and untracked since
// (the index no longer holds it) is printed by every git subcommand that
// prints a revision's file text, not only log -p, show and diff: grep
// X REV, archive REV, format-patch, diff-tree -p, diff-index -p,
// fast-export, bundle, cat-file -p and show of the blob's id (FINDINGS47b
// G8). Each reads the files it prints under their names, in both
// bash.match modes; printers of names and the same printers of
// revisions without a protected file pass.
func TestGitHistoryPrinters(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	_, proj := scriptWorld(t, map[string]string{".gitignore": ".env\n", "app.py": "print(1)\n", ".env": "DB_PASS=hunter2xyzSECRET\n"})
	gitIn(t, proj, "init", "-q", "-b", "main")
	gitIn(t, proj, "add", "-A", "-f")
	gitIn(t, proj, "commit", "-qm", "y")
	gitIn(t, proj, "rm", "-q", "--cached", ".env")
	gitIn(t, proj, "commit", "-qm", "rm")
	if err := os.WriteFile(filepath.Join(proj, "app.py"), []byte("print(2)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	gitIn(t, proj, "commit", "-qam", "z")
	blob := strings.TrimSpace(gitOut(t, proj, nil, "rev-parse", "HEAD~2:.env"))
	tree := strings.TrimSpace(gitOut(t, proj, nil, "rev-parse", "HEAD~2^{tree}"))
	app := strings.TrimSpace(gitOut(t, proj, nil, "rev-parse", "HEAD:app.py"))
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		for _, cmd := range []string{
			"git grep -h DB HEAD~2", "git archive HEAD~2 | tar -xO | grep DB", "git archive -o x.tar HEAD~2",
			"git format-patch -1 HEAD~2 --stdout", "git format-patch -3", "git diff-tree -p HEAD~2",
			"git diff-tree --cc HEAD~2", "git diff-tree -p HEAD~3 HEAD~2", "git diff-index -p HEAD~2",
			"git fast-export HEAD~2", "git fast-export --all", "git bundle create x.b --all",
			"git cat-file -p " + blob, "git cat-file blob " + blob[:12], "git show " + blob, "git show -s " + blob,
			"git archive " + tree + " | tar -xO",
		} {
			checkRule(t, p, proj, cmd, "blocked_path", ".env")
		}
		for _, cmd := range []string{
			"git log --oneline", "git show --stat", "git diff", "git grep print", "git grep print HEAD",
			"git archive HEAD -o x.tgz", "git format-patch -1 --stdout", "git diff-tree -r HEAD~2",
			"git ls-tree HEAD~2", "git cat-file -p " + tree, "git cat-file -p " + app, "git show " + app,
		} {
			checkRule(t, p, proj, cmd, "", "")
		}
	}
}

// TestGitHistoryPrintersClean: the same printers pass in a repository
// whose history holds no protected file.
func TestGitHistoryPrintersClean(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	_, proj := scriptWorld(t, map[string]string{".gitignore": ".env\n", "app.py": "print(1)\n", ".env": "DB_PASS=hunter2xyzSECRET\n"})
	gitIn(t, proj, "init", "-q", "-b", "main")
	gitIn(t, proj, "add", "-A")
	gitIn(t, proj, "commit", "-qm", "one")
	gitIn(t, proj, "commit", "-q", "--allow-empty", "-m", "two")
	app := strings.TrimSpace(gitOut(t, proj, nil, "rev-parse", "HEAD:app.py"))
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		for _, cmd := range []string{
			"git grep print HEAD~1", "git archive HEAD -o x.tgz", "git archive HEAD~1 | tar -t",
			"git format-patch -2", "git format-patch HEAD~1 --stdout", "git diff-tree -p HEAD~1",
			"git fast-export --all", "git cat-file -p " + app, "git show " + app,
		} {
			checkRule(t, p, proj, cmd, "", "")
		}
	}
}

// TestGitAddMovedWorkTree: git add -A with a work tree its options name
// (--work-tree, GIT_WORK_TREE, -c core.worktree) reads that tree's ignore
// files only: the project's .gitignore above it does not ignore
// backend/.env, which git stages (FINDINGS47b G9). The add reads that
// tree as on disk; the project's own add -A and a status pass.
func TestGitAddMovedWorkTree(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	_, proj := scriptWorld(t, map[string]string{".gitignore": ".env\n", "backend/app.py": "print(1)\n", "backend/.env": "API_KEY=backendSECRET\n"})
	gitIn(t, proj, "init", "-q", "-b", "main")
	gitIn(t, proj, "add", "-A")
	gitIn(t, proj, "commit", "-qm", "one")
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		for _, cmd := range []string{"git --work-tree=backend add -A", "GIT_WORK_TREE=backend git add -A",
			"git --work-tree backend add .", "export GIT_WORK_TREE=backend; git add -A"} {
			checkRule(t, p, proj, cmd, "blocked_path", ".env")
		}
		checkRule(t, p, proj, "git -c core.worktree=backend add -A", "unresolved_path", "") // a tree guard does not read: cannot tell
		for _, cmd := range []string{"git add -A", "git --work-tree=. add -A", "git --work-tree=backend status", "git add backend/app.py"} {
			checkRule(t, p, proj, cmd, "", "")
		}
	}
}
