package shell

import (
	"slices"
	"testing"
)

// TestGitGrepTracked: git grep without --untracked, --no-index or
// --recurse-submodules reads the tracked files of the tree it searches
// (Analysis.TrackedReads); a widening option (abbreviated too), a global
// option but -C, a GIT_* variable that may move the index, or another
// reader of the same tree leaves it a plain tree read.
func TestGitGrepTracked(t *testing.T) {
	for _, tc := range []struct {
		cmd  string
		want bool
	}{
		{"git grep foo", true},
		{"git grep -n -e foo", true},
		{"git -C sub grep foo", true},
		{"git --no-pager grep -i foo", true},
		{"git grep foo | rev", true},
		{"cd src && git grep foo", true},
		{"git grep --untracked foo", false},
		{"git grep --untr foo", false},
		{"git grep --no-index foo", false},
		{"git grep --no-ind foo", false},
		{"git grep --recurse-submodules foo", false},
		{"git -c grep.fallbackToNoIndex=true grep foo", false},
		{"git --work-tree=/ grep foo", false},
		{"GIT_INDEX_FILE=/tmp/i git grep foo", false},
		{"GIT_DIR=/tmp/r git grep foo", false},
		{"git grep foo; grep -r foo .", false},
	} {
		a := Analyze(tc.cmd, Options{Home: "/home/u"})
		got := len(a.TrackedReads) > 0
		if got != tc.want {
			t.Errorf("%s: tracked %v (%q of %q), want %v", tc.cmd, got, a.TrackedReads, a.Reads, tc.want)
		}
		for _, p := range a.TrackedReads {
			if !slices.Contains(a.Reads, p) {
				t.Errorf("%s: tracked %q not among the reads %q", tc.cmd, p, a.Reads)
			}
		}
	}
}
