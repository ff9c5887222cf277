package shell

import (
	"errors"
	"slices"
	"testing"

	"github.com/guardhq/guard/internal/shell/word"
)

// TestEchoRuns: which echo runs decides how it decodes: enable -n echo
// makes the bare name coreutils' echo, and xargs runs the program in
// its own environment.
func TestEchoRuns(t *testing.T) {
	tests := []struct {
		cmd           string
		reads, hidden bool
	}{
		{cmd: `enable -n echo; export POSIXLY_CORRECT=1; cat ~/$(echo "\056ssh")/id_rsa`, reads: true},
		{cmd: `cat ~/$(printf %s '\056ssh' | POSIXLY_CORRECT=1 xargs -0 echo)/id_rsa`, reads: true},
		{cmd: `cat ~/$(echo '\\056ssh' | POSIXLY_CORRECT=1 xargs echo)/id_rsa`, reads: true},
		{cmd: `[ -f x ] && enable -n echo; export POSIXLY_CORRECT=1; cat ~/$(echo "\056ssh")/id_rsa`, hidden: false},
		{cmd: `enable -n echo; enable echo; export POSIXLY_CORRECT=1; cat ~/$(echo "\056ssh")/id_rsa`},
		{cmd: `enable -n cd; ls`, hidden: true},
		{cmd: `enable -n kill; ls`},
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
	for in, want := range map[string][]string{
		`a b`: {"a", "b"}, `\\056ssh`: {`\056ssh`}, `'a b' "c d"`: {"a b", "c d"}, `a\ b`: {"a b"}, `''`: {""},
	} {
		if got := word.Texts(xargsWords(in)); !slices.Equal(got, want) {
			t.Errorf("xargsWords(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestXargsLines checks xargsLines against what findutils 4.9.0's
// xargs -I{} printf '[%s]\n' {} made of each input.
func TestXargsLines(t *testing.T) {
	for in, want := range map[string][]string{
		"  a\"\"b  \nc'd e'f\n": {"ab  ", "cd ef"},
		"g\\h\\ i\n\n  ''  \n":  {"gh i", "  "},
		"x\\\ny\n":              {"x\ny"},
		"a\n'b\nc\n":            {"a"},
		"a\tb  \n":              {"a\tb  "},
	} {
		if got := word.Texts(xargsLines(in)); !slices.Equal(got, want) {
			t.Errorf("xargsLines(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzXargsWords: xargs's input splitting never panics and keeps no more
// words than the input has bytes.
func FuzzXargsWords(f *testing.F) {
	f.Add(`a 'b c' "d" \e`)
	f.Fuzz(func(t *testing.T, s string) {
		if n := len(xargsWords(s)); n > len(s) {
			t.Fatalf("%d words from %d bytes", n, len(s))
		}
	})
}
