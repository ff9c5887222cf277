//go:build unix

package hook

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/guardhq/guard/internal/policy"
)

// TestGlobDialects: a pattern in a glob dialect guard does not match
// exactly (bash's extglob and nocaseglob, zsh's groups, kshglob, the
// shell named by zsh -c or a #! line) meets the protected files it
// expands to on disk (third attacker review: H2, M2; dotglob, GLOBIGNORE,
// GLOB_DOTS and the qualifier D let * name dot files), in both bash.match
// modes and with $SHELL bash and zsh; the everyday patterns of a project
// pass.
func TestGlobDialects(t *testing.T) {
	homeDir, proj := scriptWorld(t, map[string]string{
		"z2.sh": "#!/bin/zsh\ncat ~$USER/.ssh/id_rsa\n",
		"a.go":  "package a\n", "README.md": "x\n", "src/main.go": "package main\n",
	})
	for name, text := range map[string]string{".ssh/id_rsa": "k", ".bashrc": "x", ".zshrc": "x", ".aws/credentials": "k", ".guard/audit.log": "{}"} {
		p := filepath.Join(homeDir, name)
		os.MkdirAll(filepath.Dir(p), 0o700)
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("USER", "dev")
	blocked := []string{
		"shopt -s extglob\ncat ~/.s+(s)h/id_rsa",
		"shopt -s extglob\ncat ~/*(.ssh)/id_rsa",
		"shopt -s extglob\ncat ~/.aws/@(credentials)",
		"shopt -s extglob\necho x | tee -a ~/.bash!(x)",
		"shopt -s extglob\necho x >> ~/.bashr@(c|d)",
		"shopt -s nocaseglob\necho x | tee -a ~/.BASHR?",
		"shopt -s nocaseglob\ncat ~/.SS?/ID_RS?",
		"shopt -s nocaseglob\n: > ~/.GUAR?/AUDIT.LO?",
		"shopt -s nocaseglob\ncat ~/.AWS/CREDENTIAL?",
		"setopt nocaseglob; cat ~/.SS?/ID_RS?",
		"setopt kshglob\ncat ~/.s+(s)h/id_rsa",
		"bash -O extglob -c 'cat ~/.s+(s)h/id_rsa'",
		"bash -O nocaseglob -c 'cat ~/.SS?/ID_RS?'",
		"zsh -o kshglob -c 'cat ~/.s+(s)h/id_rsa'",
		"zsh -o nocaseglob -c 'cat ~/.SS?/ID_RS?'",
		"zsh -c 'cat ~/.s*/id_rsa(:a)'",
		"zsh -c 'cat ~$USER/.ssh/id_rsa'",
		"zsh z2.sh",
		"./z2.sh",
		"shopt -s dotglob; cat ~/*/id_rsa",
		"GLOBIGNORE=x; cat ~/*/id_rsa",
		"setopt globdots; cat ~/*/id_rsa",
		"zsh -c 'cat ~/*/id_rsa(D)'",
		"options[globdots]=on; cat ~/*/id_rsa",
		"cd ~ && shopt -s dotglob && tar czf /tmp/a.tgz *",
		"cd ~; shopt -s nocaseglob; echo x >> .BASHR?",
		"zsh -c 'setopt extendedglob; cat ~/.aws/(#i)CREDENTIALS'",
		"cat ~/(.ssh)/id_rsa",
		"shopt -s extglob\nx=\"$HOME/.s+(s)h/id_rsa\"; cat $x",
		"shopt -s nocaseglob\nx=\"$HOME/.SS?/ID_RS?\"; cat $x",
		"shopt -s dotglob; x='*'; cat ~/$x/id_rsa",
		"zsh -c 'cat ~/(.ssh)/id_rsa'",
		"cat ~/.s*/id_rsa(:a)",
		"shopt -s extglob\ncat ~/.s?(s)h/id_rsa",
	}
	allowed := []string{
		"ls *.@(go|md)",
		"shopt -s extglob\nls *.@(go|md)",
		"shopt -s globstar; ls **/*.go",
		"shopt -s nocaseglob; ls *.GO",
		"bash -O extglob -c 'ls *.@(go|md)'",
		"zsh -c 'ls *(.)'",
		"zsh -c 'ls -d src/*(/)'",
		"zsh -o nocaseglob -c 'ls *.md'",
		"cat src/+(main|x).go",
		"shopt -s dotglob; ls src/*",
		"shopt -s dotglob; cp -r * /tmp/dest/",
		"zsh -c 'ls *(D)'",
	}
	for _, sh := range []string{"/bin/bash", "/bin/zsh"} {
		t.Setenv("SHELL", sh)
		// A policy reads $SHELL when it loads (policy.Policy.Zsh).
		text, err := policy.Default()
		if err != nil {
			t.Fatal(err)
		}
		commands, _ := policy.Default()
		commands.Bash.Match = policy.MatchCommands
		for _, p := range []*policy.Policy{text, commands} {
			for _, cmd := range append(blocked, allowed...) {
				want := "block"
				if slices.Contains(allowed, cmd) {
					want = "allow"
				}
				r, err := DryRun(p, "command", cmd, proj)
				if err != nil {
					t.Fatalf("%q: %v", cmd, err)
				}
				if r.Verdict != want {
					t.Errorf("$SHELL %s, match %q: %q: %s (%s), want %s", sh, p.Bash.Match, cmd, r.Verdict, r.Reason, want)
				}
			}
		}
	}
}
