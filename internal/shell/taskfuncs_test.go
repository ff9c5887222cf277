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
		{`.D | upper`, "OUT", true}, // a pipe: the value is the last argument
		{`upper "x"`, "X", true},
		{`.HOME | trim`, "~", true},
		{`env "HOME" | trim | clean`, "~", true},
		{`env "HOME" | lower`, "", false}, // the home's case changed: not known
		{`.USER | trim`, "", false},       // a variable guard does not know
		{`.HOME | clean | printf "%s/.bashrc"`, "~/.bashrc", true},
		{`print "~/../x" | clean`, "", false},
		{`joinPath "~" ".." "x"`, "", false},
		{`.D | nope`, "", false},
		{`.D |`, "", false},
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
