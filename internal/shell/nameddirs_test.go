package shell

import (
	"slices"
	"strings"
	"testing"
)

// TestZshNamedDirs: zsh's ~NAME is a named directory: a parameter holding
// an absolute path, PWD, HOME, or after hash -d/nameddirs anything.
func TestZshNamedDirs(t *testing.T) {
	tests := []struct {
		cmd     string
		read    string // a read, as recorded
		unknown bool   // or an unresolved path
	}{
		{cmd: `p=~; cat ~p/.bashrc`, read: "~/.bashrc"},
		{cmd: `p=/etc; cat ~p/hosts`, read: "/etc/hosts"},
		{cmd: `cat ~HOME/.ssh/id_rsa`, read: "~/.ssh/id_rsa"},
		{cmd: `hash -d p=/tmp; cat ~p/x`, unknown: true},
		{cmd: `nameddirs[p]=/tmp; cat ~p/x`, unknown: true},
		{cmd: `p=$(cat f); cat ~p/x`, unknown: true},
		// An inherited variable's value, as written (the hook reads it).
		{cmd: `p=$HOME; cat ~p/.bashrc`, read: "$HOME/.bashrc"},
		{cmd: `p="${HOME}/.ssh"; cat ~p/id_rsa`, read: "$HOME/.ssh/id_rsa"},
		// A parameter the command does not set may be the environment's:
		// zsh looks it up before a user's name.
		{cmd: `cat ~p/.bashrc`, read: "$p/.bashrc"},
	}
	for _, tt := range tests {
		a := analyze(tt.cmd, Options{Home: "/home/u", Files: &fakeFiles{}, Zsh: true})
		if tt.read != "" && !slices.Contains(a.Reads, tt.read) {
			t.Errorf("%q: reads %q, want %q", tt.cmd, a.Reads, tt.read)
		}
		if tt.unknown && !slices.ContainsFunc(a.Unresolved, func(u UnresolvedPath) bool { return strings.HasSuffix(u.Text, "/x") }) {
			t.Errorf("%q: unresolved %v, reads %q, want ~p/x not known", tt.cmd, a.Unresolved, a.Reads)
		}
	}
}
