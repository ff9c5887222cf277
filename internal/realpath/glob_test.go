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
