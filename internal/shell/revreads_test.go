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
		{"git show HEAD", nil},
		{"echo HEAD:x", nil},
		{"git log --format=%H:%s", nil},
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
