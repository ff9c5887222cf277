package word

import (
	"strings"
	"testing"
)

// FuzzSetIndex checks that a Set asked often enough to be indexed answers as
// its scan does, before and after, and for a prefix of it that starts at
// the same byte.
func FuzzSetIndex(f *testing.F) {
	long := " " + strings.Repeat("abc ", 30) + "git go gofmt  x-y ."
	for _, s := range []struct{ set, w string }{
		{long, "git"}, {long, "go"}, {long, "abc"}, {long, "gofmt"}, {long, "."}, {long, "x"}, {long, ""},
		{"git " + long, "git"}, {long + " tail", "tail"}, {long, "a b"}, {long + " zed ", "zed"},
	} {
		f.Add(s.set, s.w)
	}
	f.Fuzz(func(t *testing.T, set, w string) {
		if len(set) < indexMin {
			set += strings.Repeat(" pad", indexMin/4)
		}
		l := Set(set)
		want := w != "" && !strings.Contains(w, " ") && l.scan(w)
		for i := range indexAfter + 2 {
			if got := l.Has(w); got != want {
				t.Fatalf("ask %d: Set(%q).Has(%q) = %v, scan says %v", i, set, w, got, want)
			}
		}
		p := l[:len(l)-1] // the same first byte, another Set
		wantP := w != "" && !strings.Contains(w, " ") && p.scan(w)
		for i := range indexAfter + 2 {
			if got := p.Has(w); got != wantP {
				t.Fatalf("ask %d of the prefix: Set(%q).Has(%q) = %v, scan says %v", i, p, w, got, wantP)
			}
		}
	})
}
