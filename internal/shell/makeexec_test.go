package shell

import "testing"

// TestMakeExecs: GNU make runs a line without shell syntax by exec
// (job.c's sh_chars and sh_cmds), guard's value placeholders counting as
// plain words (FINDINGS56d P8).
func TestMakeExecs(t *testing.T) {
	for _, tc := range []struct {
		line string
		want bool
	}{
		{"echo hi", true},
		{"  true", true},
		{"printf 'a b'", true},
		{"echo ${MAKE_shell}", true},
		{"echo '\"${MAKE_F}\"'", true},
		{"echo $( date)", true},
		{`echo "hi"`, false},
		{"echo hi > out", false},
		{"echo $HOME", false},
		{"echo $(date)", false},
		{"test -n x", false},
		{"cd sub", false},
		{"X=1 echo hi", false},
		{"echo a; echo b", false},
		{"echo a\necho b", false},
		{"", false},
	} {
		if got := makeExecs(tc.line); got != tc.want {
			t.Errorf("makeExecs(%q) = %v, want %v", tc.line, got, tc.want)
		}
	}
	if got := makeRun("echo hi"); got != "exec echo hi" {
		t.Errorf(`makeRun("echo hi") = %q`, got)
	}
	if got := makeRun("go build ./..."); got != "go build ./..." {
		t.Errorf(`makeRun("go build ./...") = %q`, got)
	}
}
