package lang

import "testing"

// TestAwkRunsGetline: awk code that hands system() what getline read is
// code guard cannot see (FINDINGS56a N14); a literal command, or getline
// without a built system() argument, is not.
func TestAwkRunsGetline(t *testing.T) {
	for _, tc := range []struct {
		code string
		want bool
	}{
		{`BEGIN{getline c < "s/sh.txt"; system(c)}`, true},
		{`BEGIN{while(("cat s/sh.txt" | getline l)>0) system(l)}`, true},
		{`BEGIN{getline < "s/sh.txt"; system($0)}`, true},
		{`{getline c; system("sh -c " c)}`, true},
		{`BEGIN{getline c < "f"; system("ls")}`, false},
		{`BEGIN{cmd="date"; cmd | getline d; close(cmd); print d}`, false},
		{`BEGIN{c="ls"; system(c)}`, false},
		{`{print "system(x)"; getline}`, false},
	} {
		if got := AwkRunsGetline(tc.code); got != tc.want {
			t.Errorf("AwkRunsGetline(%q) = %v, want %v", tc.code, got, tc.want)
		}
	}
}
