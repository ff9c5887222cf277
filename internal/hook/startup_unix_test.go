//go:build unix

package hook

import (
	"os"
	"path/filepath"
	"testing"
)

// TestUsualStartupFiles: bash -i, bash -l, zsh -i read the user's
// start-up files where they are, as sourced before the -c text: an
// ordinary .bashrc leaves everyday commands allowed, and a secret a
// start-up file reads into a variable is a read of the command.
func TestUsualStartupFiles(t *testing.T) {
	homeDir, proj := scriptWorld(t, nil)
	write := func(name, text string) {
		t.Helper()
		f := filepath.Join(homeDir, name)
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(".bashrc", `case $- in *i*) ;; *) return;; esac
HISTCONTROL=ignoreboth
shopt -s histappend
export PATH="$HOME/.local/bin:$PATH"
alias ll='ls -alF'
if [ -d ~/.bashrc.d ]; then
  for f in ~/.bashrc.d/*.sh; do . "$f"; done
fi
`)
	write(".profile", "if [ -f \"$HOME/.bashrc\" ]; then . \"$HOME/.bashrc\"; fi\n")
	write(".zshrc", "setopt hist_ignore_dups\nexport EDITOR=vim\n")
	write(".bashrc.d/ok.sh", "export GOPATH=$HOME/go\n")
	p := realPolicy(t, "")
	for _, c := range []struct {
		cmd, rule string // rule "" for allowed
	}{
		{"bash -lc 'go test ./...'", ""},
		{"bash -ic 'npm test'", ""},
		{"zsh -ic 'make'", ""},
		{"bash -c 'go test ./...'", ""},
	} {
		r, err := DryRun(p, "command", c.cmd, proj)
		if err != nil {
			t.Fatalf("%q: %v", c.cmd, err)
		}
		if c.rule == "" && r.Verdict != "allow" {
			t.Errorf("%q: blocked by %s: %s", c.cmd, r.Rule, r.Reason)
		}
	}
	// A start-up file that loads a secret into a variable.
	write(".bashrc.d/pw.sh", `NETRC_PW=$(awk "/password/{print \$2}" ~/.netrc)`+"\n")
	for _, cmd := range []string{
		`bash -ic "echo \$NETRC_PW" | rev`,
		`bash -lc 'set' | rev`,
		`bash -i -c true`,
	} {
		r, err := DryRun(p, "command", cmd, proj)
		if err != nil {
			t.Fatalf("%q: %v", cmd, err)
		}
		if r.Verdict != "block" {
			t.Errorf("%q: %s, want a block (the start-up file reads ~/.netrc)", cmd, r.Verdict)
		}
	}
	// zsh reads ~/.zshenv whatever its options, but -f.
	write(".zshenv", "TOKEN=$(cat ~/.netrc)\n")
	if r, err := DryRun(p, "command", "zsh -c 'echo $TOKEN' | rev", proj); err != nil || r.Verdict != "block" {
		t.Errorf("zsh -c with a .zshenv that reads ~/.netrc: %s (%v), want a block", r.Verdict, err)
	}
	for _, cmd := range []string{`bash -c 'echo $NETRC_PW'`, `bash --norc -ic true`, `bash -i --rcfile /dev/null -c true`, `zsh -fc true`} {
		if r, err := DryRun(p, "command", cmd, proj); err != nil || r.Verdict != "allow" {
			t.Errorf("%q: %s %s (%v), want allowed: no start-up file read", cmd, r.Verdict, r.Reason, err)
		}
	}
}
