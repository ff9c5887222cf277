package shell

import (
	"strings"
	"testing"
)

func TestMemberNames(t *testing.T) {
	for _, tc := range []struct {
		name  string
		strip int
		want  string
	}{
		{".git/hooks/pre-commit", 0, ".git/hooks/pre-commit"},
		{"pkg-1.0/.git/hooks/x", 1, ".git/hooks/x"},
		{"pkg-1.0/", 1, ""},
		{"./pkg/.git/config", 1, "pkg/.git/config .git/config"},
		{"/abs/x", 1, "x"},
		{"a/b", 3, ""},
	} {
		got := strings.Join(memberNames(tc.name, extraction{strip: tc.strip}), " ")
		if got != tc.want {
			t.Errorf("memberNames(%q, %d) = %q, want %q", tc.name, tc.strip, got, tc.want)
		}
	}
}

func TestExcluded(t *testing.T) {
	for _, tc := range []struct {
		name     string
		patterns []string
		want     bool
	}{
		{".git/hooks/pre-commit", []string{".git"}, true},
		{"x/.git/config", []string{".git/"}, true},
		{".git", []string{".git/"}, false}, // a file .git: not a directory's
		{".git/", []string{".git/"}, true},
		{".git/hooks/x", []string{".git/hooks"}, false}, // a pattern with a /: not read
		{"src/a.o", []string{"*.o"}, true},
		{"src/a.go", []string{"*.o"}, false},
		{".git/config", nil, false},
	} {
		if got := excluded(tc.name, tc.patterns); got != tc.want {
			t.Errorf("excluded(%q, %q) = %v, want %v", tc.name, tc.patterns, got, tc.want)
		}
	}
}

func FuzzMemberNames(f *testing.F) {
	f.Add("./a/b/c", 1, ".git")
	f.Add("/x", 0, "*.o/")
	f.Fuzz(func(t *testing.T, name string, strip int, pattern string) {
		if strip < 0 || strip > 64 || len(name) > 4096 {
			return
		}
		for _, n := range memberNames(name, extraction{strip: strip}) {
			if strip > 0 && strings.Trim(n, "/") == "" {
				t.Fatalf("empty name from %q", name)
			}
		}
		excluded(name, []string{pattern})
	})
}
