package hook

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/policy"
)

// TestGlobOperands: patterns whose matches decide what cp and its kin
// write, and bracket forms guard's matcher widens, against a home that
// holds the protected files (the corpus runs against the real home, whose
// files vary): in both bash.match modes, with $SHELL bash and zsh.
func TestGlobOperands(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("HOME", dir)
	t.Setenv("GUARD_HOME", "")
	for _, d := range []string{".ssh", "proj"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{".bashrc", ".zshrc", ".ssh/id_rsa", "proj/main.go", "proj/x.c", "proj/x.h"} {
		if err := os.WriteFile(filepath.Join(dir, f), []byte("x\n"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	// Without the glob for the home's hidden files (~/.*/**), which a
	// pattern there meets whatever it names: the cases check what guard
	// works out a pattern names.
	text, err := policy.Default()
	if err != nil {
		t.Fatal(err)
	}
	commands, _ := policy.Default()
	commands.Bash.Match = policy.MatchCommands
	for _, p := range []*policy.Policy{text, commands} {
		p.FilePaths.BlockWrite = slices.DeleteFunc(p.FilePaths.BlockWrite, func(g string) bool { return g == "~/.*/**" })
	}
	tests := []struct {
		cmd, shell string
		glob       string // the protected glob of the block; "" for allowed
	}{
		// dotglob on cp's destination: the pattern is one field in the
		// shell, two words in guard.
		{cmd: "shopt -s dotglob; cp x ~/*ashrc", glob: "~/.bashrc"},
		{cmd: "shopt -s dotglob; mv x ~/*ashrc", glob: "~/.bashrc"},
		{cmd: "shopt -s dotglob; ln -s x ~/*ashrc", glob: "~/.bashrc"},
		{cmd: "shopt -s dotglob; install x ~/*ashrc", glob: "~/.bashrc"},
		{cmd: "setopt globdots; cp x ~/*zshrc", shell: "zsh", glob: "~/.zshrc"},
		{cmd: "zsh -c 'setopt globdots; cp x ~/*shrc(.)'", glob: "shrc'"},
		{cmd: "zsh -c 'setopt extendedglob; cp x ~/(#i).BASHRC'", glob: "~/.bashrc"},
		{cmd: "zsh -c 'setopt braceccl; cp x ~/.zsh{r}c'", glob: ".zsh…c"},
		{cmd: "zsh -c 'cp x ~/.zshrc zzz*(N)'", glob: "~/.zshrc"},
		// Bracket forms guard's matcher reads as any one character.
		{cmd: "echo x >> ~/.bash[[.r.]]c", glob: "~/.bashrc"},
		{cmd: "echo x >> ~/.bash[[=r=]]c", glob: "~/.bashrc"},
		{cmd: "echo x >> ~/.bash[[:foo:]r]c", glob: "~/.bashrc"},
		{cmd: "cat ~/.s[[=s=]]h/known_hosts", glob: "~/.ssh/**"},
		// Everyday patterns in a project.
		{cmd: "shopt -s dotglob; cp -r proj/* /tmp/backup/"},
		{cmd: "cp proj/*.[ch] /tmp/out/"},
		{cmd: "ls proj/[[:alpha:]]*.go"},
		{cmd: "shopt -s nullglob; for f in proj/*.go; do cp $f /tmp/out/; done"},
	}
	for _, tt := range tests {
		sh := "/bin/bash"
		if tt.shell == "zsh" {
			sh = "/bin/zsh"
		}
		t.Setenv("SHELL", sh)
		for _, p := range []*policy.Policy{text, commands} {
			r, err := DryRun(p, "command", tt.cmd, filepath.Join(dir, "proj"))
			if err != nil {
				t.Fatalf("%q: %v", tt.cmd, err)
			}
			switch {
			case tt.glob == "" && r.Verdict != "allow":
				t.Errorf("%q (%s, %s): blocked: %s", tt.cmd, sh, p.Bash.Match, r.Reason)
			case tt.glob != "" && (r.Verdict != "block" || !strings.Contains(r.Reason, tt.glob)):
				t.Errorf("%q (%s, %s): %s %q; want a block naming %s", tt.cmd, sh, p.Bash.Match, r.Verdict, r.Reason, tt.glob)
			}
		}
	}
}
