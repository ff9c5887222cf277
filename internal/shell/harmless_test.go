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
