package hook

import "testing"

// TestTreePrintsModel: a program or pattern outside the model is
// "cannot tell" (nil).
func TestTreePrintsModel(t *testing.T) {
	for _, tc := range []struct {
		cmd     string
		modeled bool
	}{
		{"grep -rn TODO .", true},
		{"find . -name '*.go' -exec grep -n TODO {} +", true},
		{"find . -exec grep -n {} +", false},
		{"find . -type f | xargs grep -n TODO", false},
		{"grep -rn '\\<TODO' .", false},
		{"grep -rnP TODO .", false},
		{"grep -rnz TODO .", false},
		{"grep -rn -f pats .", false},
		{"grep -rnEF TODO .", false},
		{"grep -rn 'a{,3}' -E .", false},
		{"grep -rn '[a-z]' .", false},
		{"grep -rn 'x^y' .", false},
		{"GREP_OPTIONS=-v grep -rn TODO .", false},
		{"grep -rn TODO . | cat .env", false},
		{"grep -rn TODO . < .env", false},
		{"f() { cat .env; }; grep -rn TODO .", false},
		{"grep -rn . . >/dev/null", true},
	} {
		if got := treePrints(tc.cmd, false) != nil; got != tc.modeled {
			t.Errorf("%s: modelled = %v, want %v", tc.cmd, got, tc.modeled)
		}
	}
	for _, tc := range []struct {
		cmd    string
		prints bool
	}{
		{"grep -rn . . >/dev/null", false},
		{"grep -rn . . 2>/dev/null", true},
		{"grep -rn . . >/dev/stderr", true},
		{"grep -rn . . >/dev/null >&2", true},
		{"grep -rn . . &>/dev/null", false},
	} {
		if got := len(treePrints(tc.cmd, false).(*treeGreps).greps) > 0; got != tc.prints {
			t.Errorf("%s: prints = %v, want %v", tc.cmd, got, tc.prints)
		}
	}
}
