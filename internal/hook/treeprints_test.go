package hook

import "testing"

// TestTreePrintsModel: a program or pattern outside the model is
// "cannot tell" (nil), review 24a B1.
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
	} {
		if got := treePrints(tc.cmd, false) != nil; got != tc.modeled {
			t.Errorf("%s: modelled = %v, want %v", tc.cmd, got, tc.modeled)
		}
	}
}
