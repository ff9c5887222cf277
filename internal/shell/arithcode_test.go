package shell

import (
	"strings"
	"testing"
)

func TestPlainNumber(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want bool
	}{
		{"3", true}, {"-12", true}, {"0x1f", true}, {"16#ff", true},
		{"", false}, {"x", false}, {"a[0]", false}, {"1+2", false}, {"-", false},
	} {
		if got := plainNumber(tc.in); got != tc.want {
			t.Errorf("plainNumber(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

func TestZshUnquote(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		ok       bool
	}{
		{`.bash'rc'`, ".bashrc", true},
		{`~/.bash"rc"`, "~/.bashrc", true},
		{`a\ b`, "a b", true},
		{`"a\"b"`, `a"b`, true},
		{`plain`, "plain", true},
		{`'open`, "", false},
		{`"open`, "", false},
		{`x\`, "", false},
		{`$'\x41'`, "", false},
	} {
		got, ok := zshUnquote(tc.in)
		if got != tc.want || ok != tc.ok {
			t.Errorf("zshUnquote(%q) = %q, %v; want %q, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

func FuzzZshUnquote(f *testing.F) {
	for _, s := range []string{`.bash'rc'`, `"a\"b"`, `a\ b`, `'`, `"\`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, ok := zshUnquote(s)
		if ok && len(got) > len(s) {
			t.Fatalf("zshUnquote(%q) = %q grew", s, got)
		}
		if !ok && got != "" {
			t.Fatalf("zshUnquote(%q) failed with text", s)
		}
		if ok && !strings.ContainsAny(s, `'"\`) && got != s {
			t.Fatalf("zshUnquote(%q) = %q changed unquoted text", s, got)
		}
	})
}
