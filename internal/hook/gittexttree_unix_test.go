//go:build unix

package hook

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestGitTextTree: git's printers of the index, the history and the work
// tree are unattributed reads of the tree they print:
// the command that stages the tree past .gitignore (git add -Af, -N -f,
// or -A after the rules may have changed) and prints it back blocks when
// the project holds a .env (commit -a stages tracked files only, git add
// -A the ones .gitignore lets through); a
// printer of a repository whose index holds one blocks; git diff
// --no-index of a directory blocks; the same printers of a repository
// that tracks no protected file pass.
func TestGitTextTree(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	_, proj := scriptWorld(t, map[string]string{
		"README":     "a\n",
		".gitignore": ".env\n",
		"sub/x.txt":  "x\n",
		"empty/.k":   "",
	})
	gitIn(t, proj, "init", "-q", "-b", "main")
	gitIn(t, proj, "add", "README", ".gitignore", "sub/x.txt")
	gitIn(t, proj, "-c", "user.name=a", "-c", "user.email=a@b", "commit", "-q", "-m", "one")
	p := realPolicy(t, "")
	printers := []string{"git diff --cached", "git diff", "git show", "git log -p", "git diff HEAD",
		"git format-patch -1 --stdout", "git archive HEAD | tar xO", "git archive HEAD > o.tar; tar xOf o.tar", "cd sub && git show"}
	for _, cmd := range append(printers, "git add -A", "git status", "git log --oneline", "git diff --stat") {
		checkRule(t, p, proj, cmd, "", "")
	}
	if err := os.WriteFile(filepath.Join(proj, ".env"), []byte("DB_PASS=hunter2xyz\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, cmd := range printers { // .env is neither tracked nor staged
		checkRule(t, p, proj, cmd, "", "")
	}
	// Named regular files staged: git stages those alone; add -u and
	// commit -a stage tracked files only.
	for _, cmd := range []string{"git add README && git diff --cached", "git add -- README sub/x.txt && git diff --cached",
		"git commit -qam x && git log -p -1", "git add -u && git diff", "git add -u && git commit -qm x && git show"} {
		checkRule(t, p, proj, cmd, "", "")
	}
	// git add without -f honours .gitignore, which ignores .env: the
	// printer reads the index's files and the untracked ones it lets
	// through (policy/gitignored.go).
	for _, cmd := range []string{"git add -A && git diff --cached", "git add -N . && git diff",
		"git add -A && git commit -qm x && git show HEAD", "git add -A && git commit -qm x && git archive HEAD | tar xO"} {
		checkRule(t, p, proj, cmd, "", "")
	}
	for _, cmd := range []string{"git add -Af . && git diff --cached",
		"git add --force --all && git diff --cached -- .", "git add -N -f . && git diff",
		"git add -f -A && git commit -qm x && git show HEAD",
		"echo x > .gitignore && git add -A && git commit -qm x && git archive HEAD | tar xO",
		"git diff --no-index empty .", "cd sub && git diff --no-index ../empty .."} {
		checkRule(t, p, proj, cmd, "blocked_path", ".env")
	}
	gitIn(t, proj, "add", "-f", ".env") // an earlier call staged it
	for _, cmd := range append(printers, "git commit -qam x && git log -p -1") {
		checkRule(t, p, proj, cmd, "blocked_path", ".env")
	}
}

// TestGitTextTreeAliases: whether a git command staged the tree is
// decided by the subcommands known to stage nothing; an alias is judged
// by its expansion (git -c alias.NAME=…, the repository's and the user's
// configuration), and a name guard cannot resolve may have staged: the
// printer after it reads the tree as on disk.
func TestGitTextTreeAliases(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	home, proj := scriptWorld(t, map[string]string{"README": "a\n", ".env": "DB_PASS=hunter2xyz\n"})
	gitIn(t, proj, "init", "-q", "-b", "main")
	gitIn(t, proj, "add", "README")
	gitIn(t, proj, "-c", "user.name=a", "-c", "user.email=a@b", "commit", "-q", "-m", "one")
	appendFile(t, filepath.Join(proj, ".git", "config"), "[alias]\n\tst = status\n\tx = add -A\n\tci = commit\n\ty = x\n")
	appendFile(t, filepath.Join(home, ".gitconfig"), "[alias]\n\tdf = diff\n\taa = add --all\n")
	p := realPolicy(t, "")
	for _, cmd := range []string{"git st && git diff", "git st && git diff --cached", "git ci -qm x && git show",
		"git df && git diff --cached", "git -c alias.z=status z && git diff --cached", "git st", "git x"} {
		checkRule(t, p, proj, cmd, "", "")
	}
	for _, cmd := range []string{`git -c alias.x2="add -A" x2 && git diff --cached`, "git -c alias.x2=add x2 . && git diff --cached",
		"git x && git diff --cached", "git y && git diff --cached", "git aa && git diff --cached",
		"git config alias.q 'add -A' && git q && git diff --cached"} {
		checkRule(t, p, proj, cmd, "blocked_path", ".env")
	}
	// A name guard cannot resolve may also have made a replace ref
	// (FINDINGS49a S6): the diff against HEAD after it is cannot-tell.
	checkRule(t, p, proj, "git nosuchsub && git diff --cached", "unparsable_command", "replace ref")
}

func appendFile(t *testing.T, name, text string) {
	t.Helper()
	f, err := os.OpenFile(name, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(text); err != nil {
		t.Fatal(err)
	}
}

// TestGitAliasExpansion: an alias is read as git's command it expands to,
// before anything looks at the subcommand (FINDINGS43b J1): an alias of
// grep or diff --no-index prints the project's .env, from -c or from the
// repository's configuration; everyday aliases of the repository pass.
// A command a configuration file sets for git to run (core.fsmonitor) is
// analysed at each git call (J2): a later git status runs it.
func TestGitAliasExpansion(t *testing.T) {
	proj, git := gitWorld(t, map[string]string{"README": "a\n", ".env": "SECRET=hunter2xyz\n", "empty/.k": "",
		"m.sh": "#!/bin/sh\ncat $HOME/.ssh/id_rsa > k\n"})
	git("add", "README")
	git("commit", "-q", "-m", "one")
	appendFile(t, filepath.Join(proj, ".git", "config"), "[alias]\n\tlg = log --oneline --graph\n\tco = checkout\n\tg2 = grep\n\tst = status\n")
	p := realPolicy(t, "")
	for _, cmd := range []string{"git lg", "git co -b feature", "git st", "git -c alias.st=status st", "git status", "git nosuch"} {
		checkRule(t, p, proj, cmd, "", "")
	}
	for _, cmd := range []string{"git -c alias.g=grep g --no-index -e =", "git g2 --no-index -e SECRET",
		"git config alias.g3 grep && git g3 --no-index -e SECRET", "git -c alias.y=diff y --no-index empty ."} {
		checkRule(t, p, proj, cmd, "blocked_path", ".env")
	}
	appendFile(t, filepath.Join(proj, ".git", "config"), "[core]\n\tfsmonitor = ./m.sh\n")
	checkRule(t, p, proj, "git status", "blocked_path", "id_rsa")
}
