package shell

import (
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// TestHarmless: the statements of a command's own text that leave the
// shell's state as it was (the text a file then runs is the user's only
// after those).
func TestHarmless(t *testing.T) {
	for _, c := range []struct {
		src  string
		want bool
	}{
		{"source ~/.bashrc", true},
		{". ~/.nvm/nvm.sh", true},
		{"[ -f ~/.bashrc ] && source ~/.bashrc", true},
		{"[[ -f x ]] || true", true},
		{"pyenv versions", true},
		{"go test ./...", true},
		{"source ~/.bashrc arg", false}, // sets $1
		{"X=1 source ~/.bashrc", false},
		{"source ~/.bashrc < in", false},
		{"f() { :; }", false},
		{"cd /tmp", false},
		{"export X=1", false},
		{"alias ls=foo", false},
		{"set -o noglob", false},
		{"shopt -s dotglob", false},
		{"eval x", false},
		{"read x", false},
		{"x=1", false},
		{"echo a | source /dev/stdin", false},
		{"$X y", false},
		{"(cd /tmp)", false},
		{"! true", false},
		{"sleep 1 &", false},
		// State set inside words.
		{": ${F:=~/.bashrc}", false},
		{"true \"${F=x}\"", false},
		{"[[ ${F:=x} ]]", false},
		{"[[ ~/.bashrc =~ (.*) ]]", false},
		{"[[ a -eq v=1 ]]", false},
		{"ls $((i++))", false},
		{"ls $(cd /)", false},
		{"echo ${v@P}", false},
		{"[[ -f $HOME/.bashrc ]]", true},
		{"go test \"$PKG\"", true},
		// zsh's own builtins change its state.
		{"setopt globdots", false},
		{"autoload -Uz f", false},
		{"zmodload zsh/files", false},
	} {
		f, err := syntax.NewParser().Parse(strings.NewReader(c.src), "")
		if err != nil {
			t.Fatal(err)
		}
		if got := harmless(f.Stmts[0]); got != c.want {
			t.Errorf("harmless(%q) = %v, want %v", c.src, got, c.want)
		}
	}
}

// TestReadsLastArg: a file's text that expands $_ reads the command's last
// word.
func TestReadsLastArg(t *testing.T) {
	for src, want := range map[string]bool{
		`ed -s "$_"`: true, `x=${_}`: true, `echo ${_:-a}`: true, "echo $_": true, "$_": true,
		`echo $_foo`: false, `echo ${_x}`: false, `echo $HOME`: false, "a_b=1": false, "$": false,
	} {
		if got := readsLastArg(src); got != want {
			t.Errorf("readsLastArg(%q) = %v, want %v", src, got, want)
		}
	}
}
