package realpath

import "testing"

// TestGoPattern: bash's bracket classes in path.Match's syntax; a class
// guard cannot write exactly (a collating symbol, an equivalence class, an
// unknown class name) matches any one character, never nothing.
func TestGoPattern(t *testing.T) {
	for in, want := range map[string]string{
		"*.[ch]":              "*.[ch]",
		"[!a]x":               "[^a]x",
		"[[:alpha:]]*":        "[a-zA-Z]*",
		".bash[[.r.]]c":       ".bash?c",
		".bash[[=r=]]c":       ".bash?c",
		".bash[[:foo:]r]c":    ".bash?c",
		".ss[[:alpha:][.h.]]": ".ss?",
		"a[b":                 "a\\[b",
	} {
		if got := goPattern(in); got != want {
			t.Errorf("goPattern(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzGoPattern: any element converts without panicking.
func FuzzGoPattern(f *testing.F) {
	f.Add(".bash[[.r.]]c")
	f.Add("[[:x")
	f.Fuzz(func(t *testing.T, s string) { goPattern(s) })
}

// TestMatchElem: the one bash-pattern matcher of directory entries reads
// [!…] and [^…] as negation and [:punct:] as a class; an extglob group or
// a pattern path.Match cannot read matches every name (review 41a G7).
func TestMatchElem(t *testing.T) {
	const dash = "--files0-from=.env"
	for _, tc := range []struct {
		el, name string
		want     bool
	}{
		{"[!a]*", dash, true},
		{"[!.]*", dash, true},
		{"[^a]*", dash, true},
		{"[[:punct:]]*", dash, true},
		{"[[:punct:]]-*", dash, true},
		{"[-]*", dash, true},
		{"[a-]*", dash, true},
		{"@(-*)", dash, true},
		{"+(x)", dash, true},
		{"[!-]*", dash, false},
		{"[[:alpha:]]*", dash, false},
		{"a*", dash, false},
		{"[!a]*", "a.txt", false},
	} {
		if got := MatchElem(tc.el, tc.name); got != tc.want {
			t.Errorf("MatchElem(%q, %q) = %v, want %v", tc.el, tc.name, got, tc.want)
		}
	}
}
