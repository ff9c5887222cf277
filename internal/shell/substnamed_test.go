package shell

import (
	"slices"
	"testing"
)

// TestSubstNamed: a word that is wholly a substitution's output, written
// or handed to a program that may write, touches what the substitution
// names; a reader's operand, cd's directory and a substitution naming
// nothing do not.
func TestSubstNamed(t *testing.T) {
	tests := []struct {
		cmd   string
		touch string // "" for no touch at all
	}{
		{`echo x >> "$(readlink l2)"`, "l2"},
		{`echo x >> $(ls -d ~/.bash?c)`, "~/.bash?c"},
		{`echo x >> "$(find ~ -maxdepth 1 -name .bashrc)"`, "~"},
		{`echo x >> "$(find ~ -name .bashrc | head -1)"`, "~"},
		{`tee "$(readlink l2)" < /dev/null`, "l2"},
		{`cp a "$(readlink -n l2)"`, "l2"},
		{`cat "$(readlink l2)"`, ""},
		{`cd "$(dirname l2)"`, ""},
		{`echo x > "$(mktemp)"`, ""},
		{`sed -i s/a/b/ $(grep -rl foo .)`, "."}, // the directory, not its tree
	}
	for _, tt := range tests {
		a := Analyze(tt.cmd, Options{Home: "/h"})
		switch {
		case tt.touch == "" && len(a.Touches) > 0:
			t.Errorf("%q: touches %q, want none", tt.cmd, a.Touches)
		case tt.touch != "" && !slices.Contains(a.Touches, tt.touch):
			t.Errorf("%q: touches %q, want %q among them", tt.cmd, a.Touches, tt.touch)
		}
	}
}
