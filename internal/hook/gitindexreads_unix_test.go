//go:build unix

package hook

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestGitIndexReads: git commit -a stages tracked files only and, with a
// message, prints names; git grep without --untracked or --no-index
// searches the index's files, and prints a line of one only where its
// pattern matches (a tracked *.pem without TODO). An untracked, ignored
// .env is neither; the forms that reach it, a tracked protected file the
// pattern matches, and one git reads from the index (skip-worktree) block.
func TestGitIndexReads(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	pem := "-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUQ\n-----END CERTIFICATE-----\n"
	_, proj := scriptWorld(t, map[string]string{"main.go": "package main\n// TODO x\n", ".gitignore": ".env\n",
		"certs/dev.pem": pem, ".env": "API_KEY=sk_test_51Habcdefghijklmnopqrstuv\n"})
	gitIn(t, proj, "init", "-q", "-b", "main")
	gitIn(t, proj, "add", "-A")
	gitIn(t, proj, "-c", "user.name=a", "-c", "user.email=a@b", "commit", "-q", "-m", "one")
	p := realPolicy(t, "")
	check := func(step, cmd string, block bool) {
		t.Helper()
		checkBlock(t, p, proj, cmd, block, "")
		wantBlock(t, p, step+" (agent B): "+cmd, shellPayloadB(proj, cmd), block)
	}
	for _, c := range []string{"git commit -am wip", "git commit -a -m wip", "git commit --all --message wip",
		"git grep -n TODO", "git grep -l TODO", "git grep -in todo -- '*.go'", "git grep -n API", "git grep -e TODO -w"} {
		check("untracked .env", c, false)
	}
	for _, c := range []string{"git grep --untracked API", "git grep --no-index API", "git grep -n CERT",
		"git grep -n 'BEGIN.CERT'", "git grep -v TODO", "git grep -n TODO HEAD", "git grep -P TODO", "git grep --and -e a -e TODO",
		"git commit -a -v -m x && cat .env"} {
		check("untracked .env", c, true)
	}
	gitIn(t, proj, "add", "-f", ".env")
	for _, c := range []string{"git grep -n API", "git grep --cached -n API", "git commit -a"} {
		check("tracked .env", c, true)
	}
	check("tracked .env", "git grep -n TODO", false)
	// Marked skip-worktree, the index's text is what git grep reads.
	gitIn(t, proj, "update-index", "--skip-worktree", ".env")
	if err := os.WriteFile(filepath.Join(proj, ".env"), []byte("X=1\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	check("skip-worktree", "git grep -n TODO", true)
	if err := os.Remove(filepath.Join(proj, ".env")); err != nil {
		t.Fatal(err)
	}
	check("skip-worktree, gone from disk", "git grep -n TODO", true)
}
