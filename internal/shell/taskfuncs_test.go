package shell

import "testing"

func TestTaskAction(t *testing.T) {
	vars := map[string][]string{"D": {"out"}, "M": {"a", "b"}}
	for _, tc := range []struct {
		in, want string
		ok       bool
	}{
		{`print "~" "/.bash" "rc"`, "~/.bashrc", true},
		{`joinPath (env "HOME") ".bashrc"`, "~/.bashrc", true},
		{`printf "%s/.%s" (env "HOME") "bashrc"`, "~/.bashrc", true},
		{`printf "%d" "1"`, "", false},
		{`joinPath .D "x"`, "out/x", true},
		{`joinPath .HOME ".." "x"`, "", false},
		{`joinPath "a" ".." "x"`, "x", true},
		{`print .M`, "", false},
		{`.D | upper`, "out", false}, // a pipe: not read
		{`upper "x"`, "", false},
		{"print `raw`", "raw", true},
		{`print (print "a" "b") "c"`, "abc", true},
		{`print "a`, "", false},
	} {
		got, ok := taskAction(tc.in, vars)
		if ok != tc.ok || got != tc.want {
			t.Errorf("%s: %q %v, want %q %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}
