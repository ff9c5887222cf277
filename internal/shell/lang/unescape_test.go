package lang

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/guardhq/guard/internal/shell/word"
)

func TestUnescape(t *testing.T) {
	unknown := word.Mark(word.MarkVar, "")
	for _, tc := range []struct{ in, want string }{
		{`plain`, `plain`},
		{`it\'s \"q\" a\\b`, `it's "q" a\b`},
		{`/home/u/\x2essh/id_rsa`, `/home/u/.ssh/id_rsa`},
		{`~/\u002ebashrc`, `~/.bashrc`},
		{`~/\U0000002ebashrc`, `~/.bashrc`},
		{`~/\056bashrc`, `~/.bashrc`},
		{`~/\x{2e}bashrc`, `~/.bashrc`},
		{`~/\u{2e}bashrc`, `~/.bashrc`},
		{`~/\N{U+2E}ssh`, `~/.ssh`},
		{`~/\N{FULL STOP}ssh`, `~/` + unknown + `ssh`},
		{`~/\x{zz}ssh`, `~/` + unknown + `ssh`},
		{`a\tb\n`, `a\tb\n`},         // other escapes stay as written
		{`\d+\.py`, `\d+\.py`},       // a regular expression
		{`C:\users\x`, `C:\users\x`}, // no digits: not an escape guard decodes
		{`\u00e9`, "é"},
		{`\\x2e`, `\x2e`}, // an escaped backslash, then text
		{`\U110000`, `\U110000`},
		{`\UFFFFFFFF`, unknown},
	} {
		if got := Unescape(tc.in); got != tc.want {
			t.Errorf("Unescape(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestLiteralsDecodeEscapes(t *testing.T) {
	for _, code := range []string{
		`print(open("/home/u/\x2essh/id_rsa").read())`,
		`require("fs").readFileSync("/home/u/\u{2e}ssh/id_rsa")`,
		`open(F, "</home/u/\x{2e}ssh/id_rsa")`,
		`File.read("/home/u/\056ssh/id_rsa")`,
	} {
		found := false
		for _, l := range Literals(code) {
			if strings.Contains(l, "/.ssh/") {
				found = true
			}
		}
		if !found {
			t.Errorf("Literals(%q) = %q: no decoded .ssh", code, Literals(code))
		}
	}
}

func FuzzUnescape(f *testing.F) {
	for _, s := range []string{`\x2e`, `\u{2e}`, `\N{U+2E}`, `\N{FULL`, `\777`, `\UFFFFFFFF`, `\x{`, `a\`, `\\\x2`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := Unescape(s)
		if !strings.Contains(s, `\`) && got != s {
			t.Fatalf("Unescape(%q) changed text without escapes: %q", s, got)
		}
		// Each escape decodes to at most a marker's or a rune's bytes.
		if len(got) > len(s)*len(word.Mark(word.MarkVar, ""))+utf8.UTFMax {
			t.Fatalf("Unescape(%q) grew to %d bytes", s, len(got))
		}
	})
}
