package shell

import (
	"errors"
	"slices"
	"testing"
)

// TestStdinByDescriptor: standard input is what descriptor 0 holds,
// whichever operator put it there: <>, 0<>, 0>&N, and
// /dev/stdin, /dev/fd/N, /proc/self/fd/N as the redirection's target.
func TestStdinByDescriptor(t *testing.T) {
	cmds := map[string]string{"c.txt": "cat ~/.ssh/id_rsa\n"}
	tests := []struct {
		cmd    string
		reads  bool // ~/.ssh/id_rsa: c.txt ran as the shell's script
		hidden bool
	}{
		{cmd: `sh <> c.txt`, reads: true},
		{cmd: `bash 0<> c.txt`, reads: true},
		{cmd: `(sh) <> c.txt`, reads: true},
		{cmd: `exec <> c.txt; sh`, hidden: true}, // F may be written through 0 once exec has run
		{cmd: `exec <> /dev/null; sh`},
		{cmd: `sh 3<> c.txt <&3`, reads: true},
		{cmd: `sh 3< c.txt 0>&3`, reads: true},
		{cmd: `sh 1<> c.txt 0>&1`, reads: true},
		{cmd: `{ sh < /dev/stdin; } < c.txt`, reads: true},
		{cmd: `{ sh < /dev/fd/0; } < c.txt`, reads: true},
		{cmd: `{ sh < /proc/self/fd/0; } < c.txt`, reads: true},
		{cmd: `{ sh < /dev//./stdin; } < c.txt`, reads: true},
		{cmd: `exec < c.txt; sh < /dev/stdin`, reads: true},
		{cmd: `sh 3< c.txt < /dev/fd/3`, reads: true},
		{cmd: `sh < /proc/self/fd/3 3< c.txt`, hidden: true},
		{cmd: `sh < /proc/1/fd/0`, hidden: true},
		{cmd: `sh < /proc/$$/fd/0`, hidden: true},
		{cmd: `sh 0>&7`, hidden: true},
		{cmd: `sh <> /dev/null`},
		{cmd: `sh 0> c.txt`},
		{cmd: `cat < /dev/stdin`},
	}
	for _, tt := range tests {
		a, _ := analyzeWith(tt.cmd, cmds)
		hidden := a.Err != nil && errors.Is(a.Err, ErrHidden)
		if hidden != tt.hidden {
			t.Errorf("%q: hidden = %v (%v), want %v", tt.cmd, hidden, a.Err, tt.hidden)
		}
		if got := slices.Contains(a.Reads, "~/.ssh/id_rsa"); got != tt.reads {
			t.Errorf("%q: reads %q, want c.txt run = %v", tt.cmd, a.Reads, tt.reads)
		}
	}
}

// FuzzFdDevice: fdDevice never panics, and a descriptor it returns is
// digits.
func FuzzFdDevice(f *testing.F) {
	for _, s := range []string{"/dev/stdin", "/dev/fd/3", "/proc/self/fd/0", "/proc/1/fd/", "/proc//fd/0", "/dev/fd/../fd/0", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, p string) {
		fd, _, ok := fdDevice(p)
		if ok && !isDigits(fd) {
			t.Fatalf("fdDevice(%q) = %q", p, fd)
		}
	})
}
