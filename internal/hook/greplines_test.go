package hook

import (
	"slices"
	"testing"
)

// TestGrepPick: the lines each modelled search prints of a file: its
// matches and the context its options ask for (grep's -NUM digits of one
// word are one count); a line past ASCII counts as a match but for a
// plain ASCII string, which no locale finds elsewhere than its bytes; an option
// value that is no count is outside the model.
func TestGrepPick(t *testing.T) {
	lines := []string{"a", "TODO", "b", "c", "d", "é", "e"}
	for _, tc := range []struct {
		prog string
		args []string
		want string // the printed lines as x, or "?" outside the model
	}{
		{"grep", []string{"-rn", "TODO", "."}, ".x....."}, // é holds no TODO in any locale
		{"grep", []string{"-A1", "TODO", "."}, ".xx...."},
		{"grep", []string{"-A1", "TOD.", "."}, ".xx..xx"}, // a pattern: é matched as guard does not
		{"grep", []string{"-B", "1", "TODO", "."}, "xx....."},
		{"grep", []string{"--context=1", "TODO", "."}, "xxx...."},
		{"grep", []string{"-1", "TODO", "."}, "xxx...."},
		{"grep", []string{"-n1", "-2", "TODO", "."}, "xxxx..."},
		{"grep", []string{"-12", "TODO", "."}, "xxxxxxx"},
		{"grep", []string{"-c", "-C5", "TODO", "."}, "......."},
		{"grep", []string{"-A", "x", "TODO", "."}, "?"},
		{"grep", []string{"-vA1", "zzz", "."}, "xxxxxxx"},
		{"rg", []string{"-C", "1", "TODO"}, "xxx...."},
		{"rg", []string{"-C", "1", "T.DO"}, "xxx.xxx"},
		{"rg", []string{"--after-context=2", "TODO"}, ".xxx..."},
		{"ag", []string{"-B1", "TODO"}, "xx..xx."},
		{"ag", []string{"--after=1", "TODO"}, ".xx..xx"},
		{"git", []string{"grep", "-A", "1", "TODO"}, ".xx..xx"},
		{"git", []string{"grep", "--before-context", "2", "TODO"}, "xx.xxx."},
	} {
		g, ok := stageGreps(append([]string{tc.prog}, tc.args...), 0)
		if !ok || len(g) != 1 {
			if tc.want != "?" {
				t.Errorf("%s %v: outside the model", tc.prog, tc.args)
			}
			continue
		}
		got := []byte(".......")
		for i, p := range g[0].pick(lines) {
			if p {
				got[i] = 'x'
			}
		}
		if string(got) != tc.want {
			t.Errorf("%s %v: printed %s, want %s", tc.prog, tc.args, got, tc.want)
		}
	}
	if p, _ := (&treeGreps{}).pick(lines); slices.Contains(p, true) {
		t.Error("no grep prints a line")
	}
}
