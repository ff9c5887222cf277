//go:build unix

package hook

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestGitHooksRun: a git subcommand that runs hooks has the hooks of the
// directory git runs them from (.git/hooks, core.hooksPath) analysed as the
// scripts they are: a user's pre-commit that runs a project
// script the agent wrote, or that writes ~/.bashrc itself, blocks git
// commit; --no-verify skips it; git status and a sample hook run nothing.
func TestGitHooksRun(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	_, proj := scriptWorld(t, map[string]string{
		"README":           "a\n",
		"scripts/check.py": "import os\nopen(os.path.expanduser('~/.bashrc'), 'a').write('x')\n",
		"scripts/ok.py":    "print('ok')\n",
	})
	gitIn(t, proj, "init", "-q", "-b", "main")
	hook := func(dir, name, body string) {
		t.Helper()
		p := filepath.Join(proj, dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(body), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	p := realPolicy(t, "")
	hook(".git/hooks", "pre-commit.sample", "#!/bin/sh\necho x >> ~/.bashrc\n")
	hook(".git/hooks", "pre-push", "#!/bin/sh\npython3 scripts/ok.py\n")
	for _, cmd := range []string{"git commit -am x", "git status", "git add -A", "git log", "git diff", "git push origin main"} {
		checkRule(t, p, proj, cmd, "", "")
	}
	hook(".git/hooks", "pre-commit", "#!/bin/sh\npython3 scripts/check.py\n")
	for _, tc := range []struct {
		cmd, rule, reason string
	}{
		{"git commit -am x", "blocked_path", ".bashrc"},
		{"git commit --allow-empty -m x", "blocked_path", ".bashrc"},
		{"cd scripts && git commit -m x", "blocked_path", ".bashrc"},
		{"git commit --no-verify -am x", "", ""},
		{"git commit -n -am x", "", ""},
		{"git hook run pre-commit", "blocked_path", ".bashrc"},
		{"git status", "", ""},
		{"git add -A", "", ""},
		{"git checkout -b side", "", ""},
	} {
		checkRule(t, p, proj, tc.cmd, tc.rule, tc.reason)
	}
	hook(".git/hooks", "pre-commit", "#!/bin/sh\necho PWNED >> ~/.bashrc\n")
	checkRule(t, p, proj, "git commit -am x", "blocked_path", ".bashrc")
	hook(".git/hooks", "pre-commit", "\x7fELF\x02\x01\x01\x00\x00\x00")
	checkRule(t, p, proj, "git commit -am x", "unparsable_command", "hook")
	checkRule(t, p, proj, "git commit -n -am x", "", "")
	os.Remove(filepath.Join(proj, ".git/hooks/pre-commit"))
	// core.hooksPath: the repository's, relative to the top.
	gitIn(t, proj, "config", "core.hooksPath", ".husky")
	hook(".husky", "post-checkout", "#!/bin/sh\nnode evil.js\n")
	hook(".", "evil.js", "require('fs').appendFileSync(require('os').homedir() + '/.bashrc', 'x')\n")
	for _, tc := range []struct {
		cmd, rule, reason string
	}{
		{"git checkout -b side", "blocked_path", ".bashrc"},
		{"git switch -c side", "blocked_path", ".bashrc"},
		{"git commit -am x", "", ""}, // .git/hooks is not run any more
		{"git push origin main", "", ""},
	} {
		checkRule(t, p, proj, tc.cmd, tc.rule, tc.reason)
	}
}

// TestGitHooksUser: the user's core.hooksPath (~/.gitconfig, through an
// include) is the directory git runs hooks from in every repository, and
// in a clone; a worktree (a .git file) runs its common directory's hooks.
func TestGitHooksUser(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	homeDir, proj := scriptWorld(t, map[string]string{
		"README":           "a\n",
		"scripts/check.py": "import os\nopen(os.path.expanduser('~/.bashrc'), 'a').write('x')\n",
	})
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	gitIn(t, proj, "init", "-q", "-b", "main")
	gitIn(t, proj, "-c", "user.name=a", "-c", "user.email=a@b", "commit", "-q", "--allow-empty", "-m", "one")
	write := func(p, body string) {
		t.Helper()
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(body), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	p := realPolicy(t, "")
	// A worktree: its .git file names .git/worktrees/wt, whose commondir
	// is the main repository's .git.
	gitIn(t, proj, "worktree", "add", "-q", filepath.Join(proj, "wt"))
	write(filepath.Join(proj, ".git/hooks/pre-commit"), "#!/bin/sh\npython3 ../scripts/check.py\n")
	checkRule(t, p, filepath.Join(proj, "wt"), "git commit -m x", "blocked_path", ".bashrc")
	checkRule(t, p, filepath.Join(proj, "wt"), "git status", "", "")
	os.Remove(filepath.Join(proj, ".git/hooks/pre-commit"))
	write(filepath.Join(homeDir, ".gitconfig"), "[include]\n\tpath = .gitconfig.local\n")
	write(filepath.Join(homeDir, ".gitconfig.local"), "[core]\n\thooksPath = ~/githooks\n")
	write(filepath.Join(homeDir, "githooks/pre-push"), "#!/bin/sh\nexec python3 scripts/check.py\n")
	for _, tc := range []struct {
		cmd, rule, reason string
	}{
		{"git push origin main", "blocked_path", ".bashrc"},
		{"git push --no-verify origin main", "", ""},
		{"git commit -m x", "", ""},
	} {
		checkRule(t, p, proj, tc.cmd, tc.rule, tc.reason)
	}
	write(filepath.Join(homeDir, "githooks/post-checkout"), "#!/bin/sh\necho x >> ~/.bashrc\n")
	checkRule(t, p, proj, "git clone -q https://example.com/r.git", "blocked_path", ".bashrc")
	checkRule(t, p, proj, "git clone -q --no-checkout https://example.com/r.git", "", "")
	write(filepath.Join(homeDir, ".gitconfig.local"), "[core]\n\thooksPath = .githooks\n")
	checkRule(t, p, proj, "git clone -q https://example.com/r.git", "unparsable_command", "post-checkout")
	checkRule(t, p, proj, "git commit -m x", "", "")
	// ~USER/ and %(prefix)/ are no paths relative to the including file:
	// a place guard cannot tell (a file there may set core.hooksPath).
	for _, inc := range []string{"~nobody/.gitconfig.local", "%(prefix)/.gitconfig.local"} {
		write(filepath.Join(homeDir, ".gitconfig"), "[include]\n\tpath = "+inc+"\n")
		checkRule(t, p, proj, "git commit -m x", "unparsable_command", "another user's home or git's prefix")
	}
}

// TestGitHooksAnySubcommand: reference-transaction and post-index-change
// run at any subcommand that updates a ref or writes the index, not only
// the ones that run the other hooks: git branch, add,
// status, reset, stash, fetch, an alias; subcommands known to write
// neither (log, show, rev-parse, diff --cached, ls-files) run none.
func TestGitHooksAnySubcommand(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	_, proj := scriptWorld(t, map[string]string{
		"README":           "a\n",
		"scripts/check.py": "import os\nopen(os.path.expanduser('~/.bashrc'), 'a').write('x')\n",
	})
	gitIn(t, proj, "init", "-q", "-b", "main")
	p := realPolicy(t, "")
	for _, name := range []string{"reference-transaction", "post-index-change"} {
		h := filepath.Join(proj, ".git/hooks", name)
		if err := os.WriteFile(h, []byte("#!/bin/sh\npython3 scripts/check.py\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		for _, cmd := range []string{"git branch foo", "git add README", "git status", "git reset",
			"git fetch origin", "git tag v1", "git update-ref refs/heads/z HEAD", "git diff", "git -c alias.b=branch b x",
			"git notes add -m x", "git rm --cached README", "git update-index --refresh", "git commit -m x"} {
			checkRule(t, p, proj, cmd, "blocked_path", ".bashrc")
		}
		for _, cmd := range []string{"git log", "git show", "git rev-parse HEAD", "git diff --cached --stat",
			"git ls-files", "git config --get user.name", "git --version"} {
			checkRule(t, p, proj, cmd, "", "")
		}
		os.Remove(h)
	}
}

// huskyWrapper is husky 9's .husky/_/h, which each hook of .husky/_
// sources by its own $0 (. "${0%/*}/h").
const huskyWrapper = `#!/usr/bin/env sh
[ "$HUSKY" = "2" ] && set -x
n=$(basename "$0")
s=$(dirname "$(dirname "$0")")/$n

[ ! -f "$s" ] && exit 0

i="${XDG_CONFIG_HOME:-$HOME/.config}/husky/init.sh"
[ -f "$i" ] && . "$i"

[ "${HUSKY-}" = "0" ] && exit 0

export PATH="node_modules/.bin:$PATH"
sh -e "$s" "$@"
c=$?

[ $c != 0 ] && echo "husky - $n script failed (code $c)"
exit $c
`

// TestGitHooksHusky9: a script file knows its own $0 and $BASH_SOURCE, so
// husky 9's hooks (core.hooksPath .husky/_, each `. "${0%/*}/h"`) reach
// the user's .husky/pre-commit; a file run or sourced by a name with a
// run-time part is "cannot tell", not "no file".
func TestGitHooksHusky9(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	_, proj := scriptWorld(t, map[string]string{
		"README":            "a\n",
		".husky/_/h":        huskyWrapper,
		".husky/pre-commit": "echo x >> ~/.bashrc\n",
		"scripts/lib.sh":    "echo x >> ~/.bashrc\n",
		"scripts/ok.sh":     "echo ok\n",
		"dir.txt":           "scripts\n",
		"run1.sh":           ". \"${0%/*}/scripts/lib.sh\"\n",
		"run2.sh":           "d=${0%/*}; . \"$d/scripts/lib.sh\"\n",
		"run3.sh":           ". \"$(dirname \"${BASH_SOURCE[0]}\")/scripts/lib.sh\"\n",
		"run4.sh":           ". \"${BASH_SOURCE%/*}/scripts/ok.sh\" a b; . \"${0%/*}/scripts/lib.sh\"\n",
		"run5.sh":           ". \"${0%/*}/scripts/ok.sh\"\n",
	})
	gitIn(t, proj, "init", "-q", "-b", "main")
	gitIn(t, proj, "config", "core.hooksPath", ".husky/_")
	if err := os.WriteFile(filepath.Join(proj, ".husky/_/pre-commit"), []byte("#!/usr/bin/env sh\n. \"${0%/*}/h\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd, rule, reason string
	}{
		{"git commit --allow-empty -m x", "blocked_path", ".bashrc"},
		{"git commit -n --allow-empty -m x", "", ""},
		{"bash ./run1.sh", "blocked_path", ".bashrc"},
		{"sh ./run2.sh", "blocked_path", ".bashrc"},
		{"bash ./run3.sh", "blocked_path", ".bashrc"},
		{"bash ./run4.sh", "blocked_path", ".bashrc"}, // . x a b keeps the caller's $0
		{"bash ./run5.sh", "", ""},
		{`python3 "$(cat dir.txt)/check.py"`, "unparsable_command", "cannot tell which file runs"},
		{`. "$(cat dir.txt)/lib.sh"`, "unparsable_command", "cannot tell which file runs"},
	} {
		checkRule(t, p, proj, tc.cmd, tc.rule, tc.reason)
	}
	if err := os.WriteFile(filepath.Join(proj, ".husky/pre-commit"), []byte("npx lint-staged\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	checkRule(t, p, proj, "git commit --allow-empty -m x", "", "")
}
