package shell

import (
	"slices"
	"testing"
)

// TestInheritedStdin: a shell or an interpreter with no script of its own
// runs the file it inherits on standard input, from wherever in the tree
// the redirection is; one with a program of its own reads
// it as data.
func TestInheritedStdin(t *testing.T) {
	files := map[string]string{"x.sh": "cat ~/.ssh/id_rsa\n", "ok.sh": "cat README.md\n"}
	for _, tc := range []struct {
		cmd  string
		runs bool // x.sh's text runs: ~/.ssh/id_rsa is read
	}{
		{"sh < x.sh", true},
		{"(sh) < x.sh", true},
		{"{ bash; } < x.sh", true},
		{"bash -c sh < x.sh", true},
		{"cat x.sh | bash -c sh", true},
		{"exec < x.sh; sh", true},
		{"exec 0< x.sh; true; sh", true},
		{"f() { sh; }; f < x.sh", true},
		{"if true; then sh; fi < x.sh", true},
		{"while true; do sh; done < x.sh", true},
		{"case a in a) sh;; esac < x.sh", true},
		{"{ sh <&0; } < x.sh", true},
		{"find . -maxdepth 0 -exec sh \\; < x.sh", true},
		{"{ exec < x.sh; }; sh", true},
		{"h() { exec < x.sh; }; h; sh", true},
		{"exec < x.sh; sh < ok.sh; sh", true},
		{"exec 3< x.sh; exec <&3; sh", true},
		{"(h() { exec < x.sh; }; h); sh < ok.sh", false},
		{"(sh ok.sh) < x.sh", false},
		{"(exec < x.sh); sh < ok.sh", false},
		{"{ sh; } < ok.sh", false},
		{"{ sh < ok.sh; } < x.sh", false},
		{"{ exec < x.sh; } < ok.sh; sh < ok.sh", false},
		{"(while read l; do echo $l; done) < x.sh", false},
		{"ls | xargs sh -c 'sh ok.sh'", false},
	} {
		a, _ := analyzeWith(tc.cmd, files)
		if got := slices.Contains(a.Reads, "~/.ssh/id_rsa"); got != tc.runs {
			t.Errorf("%s: runs x.sh %v, want %v (reads %q)", tc.cmd, got, tc.runs, a.Reads)
		}
	}
}

// TestInheritedRead: read in a compound command that inherits a file reads
// it line after line: the loop keeps its reading.
func TestInheritedRead(t *testing.T) {
	a, _ := analyzeWith("while read f; do cat \"$f\"; done < list.txt", map[string]string{"list.txt": "~/.ssh/id_rsa\n"})
	if !slices.Contains(a.Reads, "list.txt") {
		t.Errorf("reads %q, want list.txt", a.Reads)
	}
}
