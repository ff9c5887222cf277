package shell

import (
	"errors"
	"slices"
	"testing"
)

// TestPromptVars: a prompt variable's value is code when the shell
// expands it: its substitutions are walked, one guard
// cannot tell is hidden, plain parameter expansions run nothing.
func TestPromptVars(t *testing.T) {
	tests := []struct {
		cmd           string
		reads, hidden bool
	}{
		{cmd: `export PS4="\$(cat ~/.ssh/id_rsa)"; set -x; :`, reads: true},
		{cmd: "set -x; PS4='`cat ~/.ssh/id_rsa`'; true", reads: true},
		{cmd: `PS4='$(cat ~/.ssh/id_rsa)' bash -xc :`, reads: true},
		{cmd: `PS1='$(cat ~/.ssh/id_rsa)' bash -i`, reads: true},
		{cmd: `PROMPT='$(cat ~/.ssh/id_rsa)'`, reads: true},
		{cmd: `read PS4 < f; set -x; true`, hidden: true},
		{cmd: `PS4='+${BASH_SOURCE}:${LINENO}: '; set -x; ls`},
		{cmd: `PS1='\u@\h:\w\$ '`},
	}
	for _, tt := range tests {
		a := analyze(tt.cmd, Options{Home: "/home/u", Files: &fakeFiles{}})
		hidden := a.Err != nil && errors.Is(a.Err, ErrHidden)
		if hidden != tt.hidden {
			t.Errorf("%q: hidden = %v (%v), want %v", tt.cmd, hidden, a.Err, tt.hidden)
		}
		if got := slices.Contains(a.Reads, "~/.ssh/id_rsa"); got != tt.reads {
			t.Errorf("%q: reads %q, want the key read = %v", tt.cmd, a.Reads, tt.reads)
		}
	}
}
