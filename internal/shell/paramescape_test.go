package shell

import (
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/shell/word"
)

func TestAnsiC(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`plain`, `plain`},
		{`\x2essh/id_rsa`, `.ssh/id_rsa`},
		{`\056bashrc`, `.bashrc`},
		{`\u002essh`, `.ssh`},
		{`100%s\td`, "100%s\td"},
		{`\ca.x`, "\x01.x"},
		{`a\x00b`, `a`},
		{`\\x2e`, `\x2e`},
		{`\q`, `\q`},
	} {
		if got, ok := ansiC(tc.in); !ok || got != tc.want {
			t.Errorf("ansiC(%q) = %q, %v, want %q", tc.in, got, ok, tc.want)
		}
	}
}

func TestPromptText(t *testing.T) {
	m := word.Mark(word.MarkVar, "")
	for _, tc := range []struct {
		in, want string
		ok       bool
	}{
		{`\056ssh/id_rsa`, `.ssh/id_rsa`, true},
		{`\[\e[1m\]x`, "\x1b[1mx", true},
		{`\w/.ssh/id_rsa`, m + `/.ssh/id_rsa`, true},
		{`\D{%H}/x`, m + `/x`, true},
		{`\044HOME/x`, "$HOME/x", true}, // expanded after (promptWord)
		{"a`b`", "a`b`", true},
		{`a\\b`, "", false},
		{`\q`, "", false}, // kept with its backslash, read again by bash
	} {
		got, ok := promptText(tc.in)
		if ok != tc.ok || ok && got != tc.want {
			t.Errorf("promptText(%q) = %q, %v, want %q, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

func FuzzParamEscapes(f *testing.F) {
	for _, s := range []string{`\x2e`, `\056`, `\c`, `\ca`, `%`, `\D{`, `\w\$`, `\\`, `\777`, `\u{2e}`, `\`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, ok := ansiC(s); ok && !strings.Contains(s, `\`) && got != s {
			t.Fatalf("ansiC(%q) changed text without escapes: %q", s, got)
		}
		if got, ok := promptText(s); ok && len(got) > len(s)*len(word.Mark(word.MarkVar, "")) {
			t.Fatalf("promptText(%q) grew to %d bytes", s, len(got))
		}
	})
}
