package shell

import "testing"

func TestExactPatternText(t *testing.T) {
	for _, tt := range []struct {
		pat       string
		zsh, want bool
	}{
		{pat: ".go", want: true},
		{pat: "*.[ch]", want: true},
		{pat: "[[:alpha:]]*", want: true},
		{pat: "[!a-z]?", want: true},
		{pat: `\[x`, want: true},
		{pat: "[]x]", want: true},
		{pat: "[[.r.]]"},
		{pat: "[[=r=]]"},
		{pat: "[[:foo:]r]"},
		{pat: "[abc"},
		{pat: "+(x)"},
		{pat: "@(a|b)"},
		{pat: "!(x)"},
		{pat: "(x|y)", want: true},
		{pat: "(x|y)", zsh: true},
		{pat: "x#", zsh: true},
		{pat: "<1-9>", zsh: true},
		{pat: "*.go", zsh: true, want: true},
	} {
		w := &walker{zsh: tt.zsh}
		if got := w.exactPatternText(tt.pat); got != tt.want {
			t.Errorf("exactPatternText(%q, zsh %v) = %v, want %v", tt.pat, tt.zsh, got, tt.want)
		}
	}
}

func FuzzExactPatternText(f *testing.F) {
	for _, s := range []string{"[[:alpha:]]", "[[.r.]]", "[", "[]", `\`, "+(x", "[[:"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		w := &walker{}
		w.exactPatternText(s) // no panic, bounded
	})
}
