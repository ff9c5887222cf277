package shell

import (
	"slices"
	"strings"
	"testing"
)

// TestCdMayBeEmpty: a cd operand made only of values guard cannot tell
// may be empty, so the shell may stay; pushd -n DIR does
// not change directory (F6).
func TestCdMayBeEmpty(t *testing.T) {
	tests := []struct {
		cmd      string
		reads    string // a read, as recorded
		unsolved string // or an unresolved path
	}{
		{cmd: `cd "${x:-}" && cat ../.ssh/id_rsa`, unsolved: "/../.ssh/id_rsa"},
		{cmd: `cd "${x:+y}" && cat ../.ssh/id_rsa`, unsolved: "/../.ssh/id_rsa"},
		{cmd: `cd "${x:-}${y:-}" && cat .ssh/id_rsa`, unsolved: "/.ssh/id_rsa"},
		{cmd: `pushd -n .. && cat ../.ssh/id_rsa`, reads: "../.ssh/id_rsa"},
		{cmd: `pushd -n sub && cat x`, reads: "x"},
		{cmd: `pushd -n sub; pushd -n +1; cat x`, reads: "x"},
		{cmd: `cd sub && cat x`, reads: "sub/x"},
	}
	for _, tt := range tests {
		a := analyze(tt.cmd, Options{Home: "/home/u", Files: &fakeFiles{}})
		if tt.reads != "" && !slices.Contains(a.Reads, tt.reads) {
			t.Errorf("%q: reads %q, want %q", tt.cmd, a.Reads, tt.reads)
		}
		if tt.unsolved != "" && !slices.ContainsFunc(a.Unresolved, func(u UnresolvedPath) bool { return strings.HasSuffix(u.Text, tt.unsolved) }) {
			t.Errorf("%q: unresolved %v, want one ending %q", tt.cmd, a.Unresolved, tt.unsolved)
		}
	}
	for s, want := range map[string]bool{"": false, "a": false} {
		if mayBeEmpty(s) != want {
			t.Errorf("mayBeEmpty(%q) != %v", s, want)
		}
	}
}
