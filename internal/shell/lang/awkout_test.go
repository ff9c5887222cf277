package lang

import "testing"

func TestAwkComputedOutput(t *testing.T) {
	for _, tc := range []struct {
		code string
		want bool
	}{
		{`{print > $0}`, true},
		{`BEGIN{print "x" >> (s)}`, true},
		{`BEGIN{print "x" > sprintf("%c", 47)}`, true},
		{`BEGIN{print "x" | c}`, true},
		{`BEGIN{print "rm " f | "sh"}`, true},
		{`BEGIN{print "x" | "cat >> " s ".bashrc"}`, true},
		{`{print > "out.txt"}`, false},
		{`{print > $1 ".txt"}`, false},
		{`{print >> ($1 ".csv")}`, false},
		{`{print $1 | "sort -u"}`, false},
		{`BEGIN{print "make" | "sh"}`, false},
		{`$3 > 5 {print $1}`, false},
		{`{print ($1 > 5)}`, false},
		{`{print $1 || $2}`, false},
		{`{printf "%s\n", $2 > "/dev/stderr"}`, false},
		{`{s = "print > x"; print s}`, false},
	} {
		if got := AwkComputedOutput(tc.code); got != tc.want {
			t.Errorf("AwkComputedOutput(%q) = %v, want %v", tc.code, got, tc.want)
		}
	}
}

func FuzzAwkComputedOutput(f *testing.F) {
	f.Add(`{print > ("a" $1}`)
	f.Add(`{print | "`)
	f.Fuzz(func(t *testing.T, code string) {
		AwkComputedOutput(code) // must not panic
	})
}
