package shell

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestRevReads: a word REV:PATH of git is a file of that revision the
// command reads, with the directory git runs in (review 12b F6).
func TestRevReads(t *testing.T) {
	tests := []struct {
		cmd  string
		want []RevRead
	}{
		{"git show HEAD:settings.py", []RevRead{{Rev: "HEAD", Path: "settings.py"}}},
		{"git cat-file -p :.env", []RevRead{{Rev: "", Path: ".env"}}},
		{"git show :0:.env", []RevRead{{Rev: ":0", Path: ".env"}}},
		{"cd sub && git show main~2:./x.py", []RevRead{{Dir: "sub", Rev: "main~2", Path: "./x.py"}}},
		{"echo HEAD:x", nil},
		{"git log --format=%H:%s", nil},
		// Review 14b F3: what a subcommand prints of committed text.
		{"git show HEAD", []RevRead{{Rev: "HEAD"}}},
		{"git show", []RevRead{{Rev: "HEAD"}}},
		{"git show --format=%B main~1", []RevRead{{Rev: "main~1"}}},
		{"git show HEAD:README", []RevRead{{Rev: "HEAD", Path: "README"}}},
		{"git show A..B", []RevRead{{Rev: RevCannotTell}}},
		{"git log -p", []RevRead{{Rev: "HEAD", History: true}}},
		{"git log -p -3 main", []RevRead{{Rev: "main", Count: 3, History: true}}},
		{"git log --patch -n 2", []RevRead{{Rev: "HEAD", Count: 2, History: true}}},
		{"git log -p --all", []RevRead{{Rev: RevCannotTell}}},
		{"git log -p a..b", []RevRead{{Rev: RevCannotTell}}},
		{"git whatchanged -p", []RevRead{{Rev: "HEAD", History: true}}},
		{"git diff A B", []RevRead{{Rev: "B", From: "A"}}},
		{"git diff A..B", []RevRead{{Rev: "B", From: "A"}}},
		{"git diff A", []RevRead{{Rev: "A", From: RevDisk}}}, // no reader: a revision
		{"git diff --cached", []RevRead{{Rev: RevCannotTell}}},
		{"git grep AWS HEAD", []RevRead{{Rev: RevCannotTell}}},
		{"git cat-file --batch", []RevRead{{Rev: RevCannotTell}}},
		{"git cat-file -p HEAD", []RevRead{{Rev: "HEAD"}}},
		{"git format-patch -1 --stdout", []RevRead{{Rev: RevCannotTell}}},
		{"git archive HEAD", []RevRead{{Rev: RevCannotTell}}},
		{"git stash show -p", []RevRead{{Rev: "refs/stash"}}},
		// What prints no committed text (review 14b FP1, FP2).
		{"git show --stat HEAD", nil},
		{"git show -s --format=%H", nil},
		{"git log --oneline -- settings.py", nil},
		{"git log -1 --format=%H -- settings.py", nil},
		{"git rev-parse HEAD:settings.py", nil},
		{"git ls-tree HEAD settings.py", nil},
		{"git cat-file -t HEAD:settings.py", nil},
		{"git diff --stat A B", nil},
		{"git diff", nil},
		{"git format-patch -1", nil},
		{"git archive -o x.tar HEAD", nil},
		{"git grep AWS", nil},
	}
	for _, tt := range tests {
		a := Analyze(tt.cmd, Options{})
		if !slices.Equal(a.RevReads, tt.want) {
			t.Errorf("%q: RevReads = %+v, want %+v", tt.cmd, a.RevReads, tt.want)
		}
	}
	var b strings.Builder
	for i := range MaxRevReads + 4 {
		fmt.Fprintf(&b, "git show HEAD:f%d.py; ", i)
	}
	a := Analyze(b.String(), Options{})
	if len(a.RevReads) != MaxRevReads || a.RevReads[MaxRevReads-1].Rev != "…" {
		t.Errorf("past the bound: %d RevReads, last %+v", len(a.RevReads), a.RevReads[len(a.RevReads)-1])
	}
}

// TestUnprintedReads: a file read only by a git subcommand that prints
// names, ids or counts is an unprinted read; one another command reads
// too is not (review 14b FP1, FP2).
func TestUnprintedReads(t *testing.T) {
	for _, tc := range []struct {
		cmd  string
		want bool
	}{
		{"git log --oneline -- settings.py", true},
		{"git log -1 --format=%H -- settings.py", true},
		{"git rev-parse HEAD:settings.py", true},
		{"git ls-tree HEAD settings.py", true},
		{"git log -p -- settings.py", false},
		{"git show HEAD -- settings.py", false},
		{"git diff -- settings.py", false},
		{"git blame settings.py", false},
		{"git log --oneline -- settings.py; cat settings.py", false},
		{"cat settings.py | git log --oneline -- settings.py", false},
		{"git log --oneline -- settings.py; git show HEAD -- settings.py", false},
	} {
		a := Analyze(tc.cmd, Options{})
		if got := slices.Contains(a.UnprintedReads, "settings.py"); got != tc.want {
			t.Errorf("%q: unprinted %v, want %v (reads %q, unprinted %q)", tc.cmd, got, tc.want, a.Reads, a.UnprintedReads)
		}
	}
}
