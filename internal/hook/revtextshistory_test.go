package hook

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestRevTextsHistory: in a repository whose key was removed from HEAD
// but stays in HEAD~2: what may widen a pathspec (an option, a setting in
// any configuration git reads, GIT_*_PATHSPECS) leaves the read
// unnarrowed; status and commit print the staged diff unless every option
// is known not to; git config --blob= reads its object; a bare repository
// is the one git reads; an empty refs/replace is no replace ref. Blocks
// are checked where guard cannot redact (agent B, agent A's failure
// route).
func TestRevTextsHistory(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	home, proj := scriptWorld(t, map[string]string{"settings.py": "AWS=" + "AKIA" + "IOSFODNN7EXAMPLF\n", "README": "hello\n"})
	git := revGit(t, proj)
	git("init", "-q", "-b", "main")
	git("add", "settings.py", "README")
	git("commit", "-qm", "init")
	initID := git("rev-parse", "HEAD")
	write := func(name, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(proj, "README"), "hello again\n")
	git("commit", "-qam", "two")
	write(filepath.Join(proj, "settings.py"), "X\n")
	git("commit", "-qam", "rotate key")
	p := realPolicy(t, "")
	b := func(cwd, cmd string) string {
		s, _ := json.Marshal(map[string]any{"hookEventName": "beforeShellExecution", "command": cmd, "cwd": cwd})
		return string(s)
	}
	a := func(cwd, cmd string) string {
		s, _ := json.Marshal(map[string]any{"hook_event_name": "PreToolUse", "tool_name": "Bash", "cwd": cwd,
			"tool_input": map[string]any{"command": cmd + "; false"}})
		return string(s)
	}
	check := func(cwd, cmd string, block bool) {
		t.Helper()
		for _, payload := range []string{b(cwd, cmd), a(cwd, cmd)} {
			code, stdout, stderr, _ := runReal(t, p, payload)
			if blocked := code == 2; blocked != block {
				t.Errorf("%s (in %s): blocked = %v, want %v: %s%s", cmd, cwd, blocked, block, stdout, stderr)
			}
		}
	}
	// F1: options and variables that widen a pathspec.
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"git log -p --full-diff -- README", true},
		{"git show --full-diff HEAD~2 -- README", true},
		{"git log -p --full -- README", true},
		{"git -c log.follow=true log -p -- README", true},
		{"GIT_ICASE_PATHSPECS=1 git log -p -- SETTINGS.PY", true},
		{"git config log.follow true; git log -p -1 -- README", true},
		{"git log -p -- settings.py", true},
		{"git log -p -1 -- README", false},
		{"git log -p -3 -- README", false},
		{"git show HEAD~2 -- README", false},
	} {
		check(proj, tc.cmd, tc.block)
	}
	// F1: log.follow in a configuration file git reads.
	git("config", "log.follow", "true")
	check(proj, "git log -p -1 -- README", true)
	git("config", "--unset", "log.follow")
	write(filepath.Join(home, ".gitconfig"), "[log]\n\tFollow = true\n")
	check(proj, "git log -p -1 -- README", true)
	write(filepath.Join(home, ".gitconfig"), "[include]\n\tpath = other\n")
	check(proj, "git log -p -1 -- README", true)
	write(filepath.Join(home, ".gitconfig"), "[user]\n\tname = a\n")
	check(proj, "git log -p -1 -- README", false)
	// FP1: an empty refs/replace is no replace ref.
	if err := os.MkdirAll(filepath.Join(proj, ".git", "refs", "replace"), 0o755); err != nil {
		t.Fatal(err)
	}
	check(proj, "git show HEAD~1", false)
	check(proj, "git log -p -1 -- README", false)
	check(proj, "git show HEAD~2", true)
	// F13: a bare repository below the work tree is the one git reads;
	// the work tree's HEAD is a clean commit, the bare one's the key's.
	write(filepath.Join(proj, "README"), "third\n")
	git("commit", "-qam", "three")
	git("clone", "-q", "--bare", ".", "bare2")
	bare := filepath.Join(proj, "bare2")
	revGit(t, bare)("update-ref", "refs/heads/main", initID)
	for _, tc := range []struct {
		cwd, cmd string
		block    bool
	}{
		{proj, "git -C bare2 show HEAD", true},
		{proj, "cd bare2 && git show HEAD", true},
		{proj, "git --git-dir=bare2 show HEAD", true},
		{bare, "git show HEAD", true},
		{bare, "git show", true},
		{bare, "git log -p -1", true},
		{proj, "git show HEAD", false},
		{bare, "git log --oneline", false},
	} {
		check(tc.cwd, tc.cmd, tc.block)
	}
	// F13: the client's environment naming the repository (GIT_DIR),
	// which git inherits: guard cannot tell which one git reads.
	t.Setenv("GIT_DIR", filepath.Join(proj, "bare2"))
	check(proj, "git show HEAD", true)
	os.Unsetenv("GIT_DIR")
	check(proj, "git show HEAD", false)
	// F11: git config --blob=REV:F reads REV:F.
	write(filepath.Join(proj, "deploy.ini"), "[aws]\n\tkey = "+"AKIA"+"IOSFODNN7EXAMPLF\n")
	git("add", "deploy.ini")
	git("commit", "-qm", "ini")
	git("rm", "-q", "deploy.ini")
	git("commit", "-qm", "rmini")
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"git config --blob=HEAD~1:deploy.ini --list", true},
		{"git config --blob=HEAD~1:deploy.ini --get-regexp .", true},
		{"git config --blob HEAD~1:deploy.ini --list", true},
		{"git config --bl=HEAD~1:deploy.ini -l", true},
		{"git config --blob=HEAD:README --list", false},
	} {
		check(proj, tc.cmd, tc.block)
	}
	// F2: the staged diff removes the committed key.
	git("reset", "-q", "--soft", initID)
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"git status --verb", true},
		{"git status -v", true},
		{"git commit --dry-run -v", true},
		{"git commit --dry-run --verbose", true},
		{"git commit --dry-run --verb", true},
		{"git status", false},
		{"git status -sb", false},
	} {
		check(proj, tc.cmd, tc.block)
	}
}

// TestGitRuns: a command git runs is analysed in the directory git runs
// it in: rebase --exec's, bisect run's and a shell alias's at the top of
// the working tree, submodule foreach's in each submodule (a directory
// guard does not tell).
func TestGitRuns(t *testing.T) {
	proj, git := gitWorld(t, map[string]string{"conf.py": "AWS_KEY = \"" + "AKIA" + "IOSFODNN7EXAMPLF\"\n", "README": "hello\n", "sub/a.txt": "a\n"})
	git("add", "README", "sub/a.txt")
	git("commit", "-qm", "init")
	git("commit", "-q", "--allow-empty", "-m", "two")
	lib := filepath.Join(proj, "libsrc")
	if err := os.MkdirAll(lib, 0o755); err != nil {
		t.Fatal(err)
	}
	revGit(t, lib)("init", "-q", "-b", "main")
	revGit(t, lib)("commit", "-q", "--allow-empty", "-m", "lib")
	git("-c", "protocol.file.allow=always", "submodule", "add", "-q", "./libsrc", "sm")
	p := realPolicy(t, "")
	sub := filepath.Join(proj, "sub")
	for _, tc := range []struct {
		cwd, cmd string
		block    bool
	}{
		{sub, `git rebase -x "cat conf.py" HEAD~1`, true},
		{sub, `git rebase --exec="cat conf.py" HEAD~1`, true},
		{sub, "git bisect run cat conf.py", true},
		{sub, `git -c alias.x='!cat conf.py' x`, true},
		{proj, `git submodule foreach "cat ../conf.py"`, true},
		{proj, `git submodule foreach --recursive "cat ../../conf.py"`, true},
		{sub, `git rebase -x "cat a.txt" HEAD~1`, false}, // sub/a.txt is not at the top: no secret read
		{proj, `git rebase -x "git log --oneline -1" HEAD~1`, false},
		{proj, `git submodule foreach git log --oneline -1`, false},
		{proj, `git submodule foreach "git status"`, false},
	} {
		s, _ := json.Marshal(map[string]any{"hookEventName": "beforeShellExecution", "command": tc.cmd, "cwd": tc.cwd})
		code, stdout, stderr, _ := runReal(t, p, string(s))
		if blocked := code == 2; blocked != tc.block {
			t.Errorf("%s (in %s): blocked = %v, want %v: %s%s", tc.cmd, tc.cwd, blocked, tc.block, stdout, stderr)
		}
	}
}
