//go:build unix

package hook

import (
	"os"
	"path/filepath"
	"testing"
)

// TestGitDirConfigsRead: git loads the configuration of the git directory
// it uses, whatever its name (a bare repository, a directory holding HEAD,
// objects/ and refs/): one not named .git is read before git runs, and its
// command settings analysed; one the command itself writes (or makes with
// git init --bare and then writes) is one guard cannot read.
func TestGitDirConfigsRead(t *testing.T) {
	fsmon := "[core]\n\trepositoryformatversion = 0\n\tbare = false\n\tworktree = ..\n\tfsmonitor = echo pwned >> ~/.bashrc; true\n"
	plain := "[core]\n\trepositoryformatversion = 0\n\tbare = true\n[remote \"origin\"]\n\turl = /tmp/src\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n"
	_, proj := scriptWorld(t, map[string]string{
		"x.sh":                "#!/bin/sh\necho pwned >> \"$HOME/.bashrc\"\n",
		"gd/HEAD":             "ref: refs/heads/master\n",
		"gd/config":           fsmon,
		"gd/objects/.keep":    "",
		"gd/refs/.keep":       "",
		"ok/HEAD":             "ref: refs/heads/master\n",
		"ok/config":           plain,
		"ok/objects/.keep":    "",
		"ok/refs/.keep":       "",
		"hk/HEAD":             "ref: refs/heads/master\n",
		"hk/config":           plain,
		"hk/objects/.keep":    "",
		"hk/refs/.keep":       "",
		"hk/hooks/pre-commit": "#!/bin/sh\necho pwned >> ~/.bashrc\n",
		"ss/HEAD":             "ref: refs/heads/master\n",
		"ss/config":           "[core]\n\tsshCommand = sh ../x.sh\n",
		"ss/objects/.keep":    "",
		"ss/refs/.keep":       "",
		"inc/HEAD":            "ref: refs/heads/master\n",
		"inc/config":          "[include]\n\tpath = ../other.cfg\n",
		"inc/objects/.keep":   "",
		"inc/refs/.keep":      "",
		"wt/.git":             "gitdir: ../gd\n",
	})
	if err := os.MkdirAll(filepath.Join(proj, "repo", "src"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{"objects", "refs"} { // a git directory as git takes one
		if err := os.MkdirAll(filepath.Join(proj, "repo", ".git", d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	writeFiles(t, filepath.Join(proj, "repo", ".git"), map[string]string{"HEAD": "ref: refs/heads/main\n"})
	if err := os.MkdirAll(filepath.Join(proj, "ln"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../gd", filepath.Join(proj, "ln", ".git")); err != nil {
		t.Fatal(err)
	}
	p := realPolicy(t, "")
	const made = "which the command itself writes"
	for _, tc := range []struct {
		cmd, rule, reason string // rule "" for allowed
	}{
		// The same command makes the git directory and its configuration.
		{`mkdir -p g2/objects g2/refs && echo "ref: refs/heads/master" > g2/HEAD && printf "[core]\n\tfsmonitor = echo pwned >> ~/.bashrc; true\n" > g2/config && git -C g2 status`, "unparsable_command", made},
		{`git init -q --bare bb && printf "[core]\n\tsshCommand = sh ../x.sh\n" >> bb/config && git -C bb fetch ssh://h/r`, "unparsable_command", made},
		{`git init -q --bare bb && git config --file bb/config core.sshCommand "sh ../x.sh" && git -C bb fetch ssh://h/r`, "unparsable_command", made},
		{`git init -q --bare bb && echo x > bb/config && git -C bb fetch ssh://h/r`, "unparsable_command", made},
		{`git clone -q --bare . sub/x && cp gd/config sub/x/config && git -C sub/x log`, "unparsable_command", made},
		{`echo "ref: refs/heads/master" > gd2/HEAD; GIT_DIR=gd2 git status`, "unparsable_command", made},
		// A git directory on disk, written by an earlier call.
		{"git -C gd status", "blocked_path", ".bashrc"},
		{"GIT_DIR=gd git status", "blocked_path", ".bashrc"},
		{"git --git-dir=gd --work-tree=. status", "blocked_path", ".bashrc"},
		{"mkdir -p w && git --git-dir=gd --work-tree=w status", "blocked_path", ".bashrc"},
		{"cd gd; git log", "blocked_path", ".bashrc"},
		{"cd gd/refs && git log", "blocked_path", ".bashrc"},
		{"git -C wt status", "blocked_path", ".bashrc"},
		{"git -C ln status", "blocked_path", ".bashrc"},
		{"git -C ss fetch ssh://h/r", "blocked_path", ".bashrc"},
		{"git -C hk commit -m x", "unparsable_command", "hooks"},
		{"git -C inc log", "unparsable_command", "include"},
		{"GIT_CONFIG_GLOBAL=inc.cfg git log", "unparsable_command", "git configuration"}, // before: the include's path taken for a program
		// Everyday forms.
		{"git -C ok log", "", ""},
		{"git -C ok fetch", "", ""},
		{"git status", "", ""},
		{"git -C repo status", "", ""},
		{"cd repo && git log -p", "", ""},
		{"git init && git add . && git commit -q -m x", "", ""},
		{"git clone -q --bare https://example.com/r m.git && git -C m.git log", "", ""},
		{"git clone -q --mirror https://example.com/r m.git && cd m.git && git push --mirror https://example.com/s", "", ""},
		{"git init -q --bare bb && git -C bb log", "", ""},
		{"git clone -q --bare https://example.com/r m.git && printf x >> m.git/config && git -C m.git log", "unparsable_command", made},
		{"git clone -q --bare https://example.com/r m.git && cp gd/config m.git/ && git -C m.git log", "unparsable_command", made},
		{"git init -q && echo x > config && git add config", "", ""},
		{"echo hi > notes.txt && git status", "", ""},
		// git rev-parse --show-toplevel prints the repository's top, found as git finds it.
		{`cd repo/src && cd "$(git rev-parse --show-toplevel)" && git log`, "", ""},
		{`cd gd/refs && cd "$(git rev-parse --show-toplevel)" && git status`, "unparsable_command", "cannot tell"}, // no work tree in reach
		// The git directory rev-parse prints, and the top's parent.
		{`cd repo && git rev-parse --git-path hooks | xargs -I{} cp ../x.sh {}/post-checkout`, "blocked_path", "hooks"},
		{`cd repo && cp ../x.sh "$(git rev-parse --git-dir)/hooks/post-commit"`, "blocked_path", "hooks"},
		{`cd repo && ls "$(git rev-parse --git-path hooks)"`, "", ""},
		{`cd repo/src && git rev-parse --git-path hooks | xargs -I{} cp ../x.sh {}/post-checkout`, "unresolved_path", "run-time name"},
		{`cd repo/src && truncate -s0 "$(dirname "$(git rev-parse --show-toplevel)")/../.bashrc"`, "unresolved_path", "run-time name"}, // the top is ../.. of a directory guard names by a marker: its dirname not computed
	} {
		checkRule(t, p, proj, tc.cmd, tc.rule, tc.reason)
	}
}
