package policy

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestStartupParsed: what a start-up file runs besides `source LITERAL`
// is protected: a loop over a glob, eval of $(cat F) and $(< F), source
// <(cat F), an alias, PROMPT_COMMAND, a trap, a script run by its path,
// sources inside functions and tests.
func TestStartupParsed(t *testing.T) {
	home := t.TempDir()
	text := `for f in ~/dotfiles/zsh/*.zsh; do source "$f"; done
for g in ~/a.sh "$HOME/b.sh"; do . "${g}"; done
eval "$(cat ~/.cache/zoxide-init.zsh)"
eval "$(< ~/.cache/direnv-hook.sh)"
source <(cat ~/.cache/kubectl-comp.zsh)
alias gs='~/tools/gitstat --short'
PROMPT_COMMAND=~/tools/prompt.sh
trap '~/tools/onexit.sh' EXIT
myfn() { source ~/lib/fn.sh; }
if true; then ~/tools/run.sh --quiet; fi
source ~/*
alias ll='ls -l'
eval "source ~/s4/a.sh"
load() { . "$1"; }; load ~/s5/a.sh
for f in $(ls ~/s7/*.sh); do . $f; done
alias la='source ~/s11/a.sh'
PROMPT_COMMAND="${PROMPT_COMMAND:+$PROMPT_COMMAND;}~/s16/p.sh"
complete -C ~/s18/c.sh foo
`
	if err := os.WriteFile(filepath.Join(home, ".bashrc"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", "/usr/bin")
	p := &Policy{Home: home}
	g, _, _, _ := p.startupRules()
	for _, want := range []string{"~/dotfiles/zsh/*.zsh", "~/a.sh", "~/b.sh", "~/.cache/zoxide-init.zsh", "~/.cache/direnv-hook.sh",
		"~/.cache/kubectl-comp.zsh", "~/tools/gitstat", "~/tools/prompt.sh", "~/tools/onexit.sh", "~/lib/fn.sh", "~/tools/run.sh",
		// eval's text, a function sourcing "$1", a loop over $(ls GLOB),
		// an alias that sources, PROMPT_COMMAND's append idiom, complete
		// -C.
		"~/s4/a.sh", "~/s5/a.sh", "~/s7/*.sh", "~/s11/a.sh", "~/s16/p.sh", "~/s18/c.sh"} {
		if !slices.Contains(g, want) {
			t.Errorf("no %s in %v", want, g)
		}
	}
	for _, bad := range []string{"~/*", "ls"} {
		if slices.Contains(g, bad) {
			t.Errorf("%s in %v", bad, g)
		}
	}
}

func FuzzStartupParsed(f *testing.F) {
	f.Add([]byte("for f in ~/x/*.sh; do . \"$f\"; done\nalias a='~/b'\neval \"$(cat ~/c)\"\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		s := &startupScan{home: "/h", vars: map[string]string{"HOME": "/h"}, seen: map[string]bool{}, loops: map[string][]string{}}
		s.parsed(b, false)
		s.parsed(b, true)
		if len(s.globs) > maxStartupGlobs {
			t.Fatal("past the bound")
		}
	})
}

// TestStartupAnalysed: what the command analysis reads as code a start-up
// file runs is protected: source --, a subshell's cd, the
// variables that hold commands or load code, bind -x.
func TestStartupAnalysed(t *testing.T) {
	home := t.TempDir()
	text := `source -- ~/sh/dd.sh
(cd ~/sh && ./x.sh)
export LESSOPEN="| ~/sh/lesspipe %s"
export NODE_OPTIONS="--require $HOME/sh/n.js"
export LD_PRELOAD=$HOME/sh/lib.so
export PERL5OPT="-I$HOME/sh/pl -Mevil"
export GIT_SSH_COMMAND="~/sh/gssh"
export FZF_DEFAULT_COMMAND="~/sh/fzfcmd"
export MANPAGER="sh -c '~/sh/mp'"
bind -x '"\C-t": ~/sh/ct'
export EDITOR=vim
alias ll='ls -l'
cd ~/proj
`
	if err := os.WriteFile(filepath.Join(home, ".bashrc"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", "/usr/bin")
	p := &Policy{Home: home}
	g, _, _, _ := p.startupRules()
	for _, want := range []string{"~/sh/dd.sh", "~/sh/x.sh", "~/sh/lesspipe", "~/sh/n.js", "~/sh/lib.so", "~/sh/pl/evil.pm",
		"~/sh/gssh", "~/sh/fzfcmd", "~/sh/mp", "~/sh/ct"} {
		if !slices.Contains(g, want) {
			t.Errorf("no %s in %v", want, g)
		}
	}
	for _, bad := range []string{"~/proj", "~", "vim", "ls"} {
		if slices.Contains(g, bad) {
			t.Errorf("%s in %v", bad, g)
		}
	}
}
