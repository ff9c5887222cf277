//go:build unix

package hook

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestUserFileTouches: what the text of a file the command runs touches
// counts against the command unless the policy write-protects the file
// where its text really is: sourcing the user's own ~/.bashrc (pyenv, nvm
// and rustup's lines export directories that hold protected files, and
// pyenv's script runs an unknown builtin on its own path) is allowed; a
// protected name that links to, or shares its inode with, a file the agent
// may write is read as the agent's text; and what the command itself set
// before the file runs (a function, a variable, the directory, a file it
// sourced) makes the file's touches the command's.
func TestUserFileTouches(t *testing.T) {
	homeDir, proj := scriptWorld(t, map[string]string{
		"tool.sh":           "#!/bin/sh\ngzip ~/.guard/audit.log\n",
		"hl.sh":             "#!/bin/sh\ngzip ~/.guard/audit.log\n",
		"exp.sh":            "export PYENV_X=$HOME/.pyenv\nfoo\n", // not PYENV_ROOT: its default place is no touch
		"fn.sh":             "nvm_tool() { foo ~/.guard/rules.json; }\n",
		".toolrc":           "F=~/.guard/rules.json\n",
		".husky/pre-commit": "ed -s ~/.bashrc\n",
	})
	write := func(name, text string) {
		t.Helper()
		f := filepath.Join(homeDir, name)
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write(".bashrc", `export PYENV_ROOT="$HOME/.pyenv"
[[ -d $PYENV_ROOT/bin ]] && export PATH="$PYENV_ROOT/bin:$PATH"
eval "$(pyenv init - bash)"
export NVM_DIR="$HOME/.nvm"
[ -s "$NVM_DIR/nvm.sh" ] && \. "$NVM_DIR/nvm.sh"
. "$HOME/.cargo/env"
`)
	// pyenv's script is no start-up file: its text counts, but a program
	// handed its own path (realpath "$0") is not a touch.
	write(".pyenv/libexec/pyenv", "#!/usr/bin/env bash\nenable -f \"${BASH_SOURCE%/*}\"/x.so realpath 2>/dev/null\nrealpath \"$0\"\n")
	write(".pyenv/libexec/pyenv-x", "#!/usr/bin/env bash\nexport PYENV_X=\"$HOME/.pyenv\"\nfoo\n")
	write(".nvm/nvm.sh", "nvm_dir() { nvm_tool \"$NVM_DIR\"; }\nnvm_dir\nnvm_tool \"${NVM_X:-$HOME/.nvm}\"\nnvm_tool rel/x\n")
	write(".cargo/env", "export CARGO_HOME=\"$HOME/.cargo\"\n")
	write(".profile", "[ -f .toolrc ] && . ./.toolrc\nnvm_tool \"$F\"\n")
	write(".local/bin/.keep", "")
	for link, target := range map[string]string{
		".pyenv/bin/pyenv":  "../libexec/pyenv",
		".pyenv/bin/pyenvx": "../libexec/pyenv-x",
		".local/bin/tool":   filepath.Join(proj, "tool.sh"),
	} {
		os.MkdirAll(filepath.Dir(filepath.Join(homeDir, link)), 0o755)
		if err := os.Symlink(target, filepath.Join(homeDir, link)); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Link(filepath.Join(proj, "hl.sh"), filepath.Join(homeDir, ".local/bin/hl")); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", filepath.Join(homeDir, ".local/bin")+":/usr/bin:/bin")
	p := realPolicy(t, "")
	for _, c := range []struct {
		cmd, rule string // rule "" for allowed
	}{
		{"source ~/.bashrc", ""},
		{"source ~/.bashrc && pyenv versions", ""},
		{". ~/.nvm/nvm.sh", ""},
		{"bash exp.sh", "blocked_path"},                 // the project's text
		{"export PYENV_X=$HOME/.pyenv", "blocked_path"}, // the command's own
		{"export PYENV_ROOT=$HOME/.pyenv", ""},          // pyenv's default root
		{"tool", "blocked_path"},                        // ~/.local/bin/tool links into the project
		{"source ~/.bashrc && pyenvx", "blocked_path"},  // a program on PATH is no start-up file
		{"hl", "blocked_path"},                          // a hard link of the project's file
		{"source ~/.bashrc; foo ~/.pyenv", "blocked_path"},
		// A start-up file that sources the project's file: its later
		// lines run with what that file set.
		{". ~/.profile", "blocked_path"},
		// A name a **/ glob protects arrives in every clone: its text is
		// not the user's.
		{"sh .husky/pre-commit", "blocked_path"},
		{"[ -f ~/.bashrc ] && source ~/.bashrc && pyenv versions", ""},
		// The command's own state reaches the user's text.
		{"nvm_tool() { foo ~/.guard/rules.json; }; . ~/.nvm/nvm.sh", "blocked_path"},
		{"source fn.sh; . ~/.nvm/nvm.sh", "blocked_path"},
		{"NVM_X=~/.guard; . ~/.nvm/nvm.sh", "blocked_path"},
		{"cd ~/.guard && . ~/.nvm/nvm.sh", "blocked_path"}, // rel/x is under the directory the command chose
		{"X=1 source ~/.bashrc", "blocked_path"},
		{"source ~/.bashrc < /dev/null", "blocked_path"},
	} {
		r, err := DryRun(p, "command", c.cmd, proj)
		if err != nil {
			t.Fatalf("%q: %v", c.cmd, err)
		}
		switch {
		case c.rule == "" && r.Verdict != "allow":
			t.Errorf("%q: blocked by %s: %s", c.cmd, r.Rule, r.Reason)
		case c.rule != "" && (r.Verdict != "block" || r.Rule != c.rule):
			t.Errorf("%q: %s %s, want a block by %s", c.cmd, r.Verdict, r.Rule, c.rule)
		case c.cmd == "tool" && !strings.Contains(r.Reason, "audit.log"):
			t.Errorf("%q: reason %q does not name what the file touches", c.cmd, r.Reason)
		}
	}
}
