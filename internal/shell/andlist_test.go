package shell

import (
	"slices"
	"testing"
)

// TestAndListCd: in an && list the commands after a cd run only if it
// succeeded, so a relative path there resolves in the cd's directory only
// (mkdir -p build && cd build && cmake .. was a false positive);
// where the cd may have failed and a later command still runs, the old
// directory stays a candidate.
func TestAndListCd(t *testing.T) {
	for _, tc := range []struct {
		cmd    string
		has    string // among the reads
		hasNot string // not among them
	}{
		{"mkdir -p b && cd b && cat ../x", "b/../x", "../x"},
		{"true && cd b && make && cat ../x", "b/../x", "../x"},
		{"mkdir -p b && cd b || exit 1; cat ../x", "b/../x", "../x"},
		{"if true; then mkdir b && cd b && cat ../x; fi", "b/../x", "../x"},
		{"mkdir -p b && cd b && true; cat ../x", "../x", ""},
		{"mkdir -p b && cd b || echo no; cat ../x", "../x", ""},
		{"false || cd b && cat ../x", "../x", ""},
		{"if false; then mkdir b && cd b || exit; fi; cat ../x", "../x", ""},
		{"mkdir -p a/b && cd a/b && cat ../../../x", "a/b/../../../x", ""},
	} {
		a, _ := analyzeWith(tc.cmd, nil)
		if !slices.Contains(a.Reads, tc.has) {
			t.Errorf("%s: reads %q, want %q among them", tc.cmd, a.Reads, tc.has)
		}
		if tc.hasNot != "" && slices.Contains(a.Reads, tc.hasNot) {
			t.Errorf("%s: reads %q, want no %q", tc.cmd, a.Reads, tc.hasNot)
		}
	}
}
