package lang

import (
	"slices"
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
		{`~/\o{56}bashrc`, `~/.bashrc`},
		{`~/\o{9}x`, `~/` + unknown + `x`},
		{`H/\u{2e 73 73 68}/id_rsa`, `H/.ssh/id_rsa`},
		{`H/\u{2e  zz}/x`, `H/` + unknown + `/x`},
		{`H/\L.SSH\E/id_rsa`, `H/\L.SSH\E/id_rsa`}, // perl's reading: Readings
		// braced escapes by value, any number of leading zeros
		{`H/\u{00000000002e}ssh`, `H/.ssh`},
		{`H/\x{00000000002e}ssh`, `H/.ssh`},
		{`H/\o{000000000056}ssh`, `H/.ssh`},
		{`H/\N{U+00000000002E}ssh`, `H/.ssh`},
		{`H/\x{ 2_e }ssh`, `H/.ssh`},
		{`H/\x{` + strings.Repeat("0", 300) + `2e}ssh`, `H/.ssh`},
		{`H/\x{1000000002e}ssh`, `H/` + unknown + `ssh`}, // too many significant digits
		{`H/\x{2ezz}ssh`, `H/` + unknown + `ssh`},        // the whole escape, never its digits
		{`H/\u{00000000002e ssh`, `H/` + unknown},        // no closing brace: the rest
		{`H/\x{_2e}ssh`, `H/` + unknown + `ssh`},
		{`H/\u{0000002e 73 73 68}`, `H/.ssh`},
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

func TestReadings(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{`plain`, []string{`plain`}},
		{`H/\46bashrc`, []string{`H/&bashrc`, `H/.bashrc`}},                                      // lua: decimal
		{`H/\L.SSH\E/id_rsa`, []string{`H/\L.SSH\E/id_rsa`, `H/.ssh/id_rsa`, `H/L.SSHE/id_rsa`}}, // perl, JavaScript
		{`H/.\LBASHRC`, []string{`H/.\LBASHRC`, `H/.bashrc`, `H/.LBASHRC`}},
		{`H/\U.ssh\E/x`, []string{`H/\U.ssh\E/x`, `H/.SSH/x`, `H/U.sshE/x`}},
		{`H/\lXY`, []string{`H/\lXY`, `H/xY`, `H/lXY`}},
		{"/h/ho\\\nme/.ssh", []string{"/h/home/.ssh"}},                                                      // line continuation
		{"/h/ho\\\r\nme/.ssh", []string{"/h/home/.ssh"}},                                                    // CRLF
		{`/h/ho\c-e/.\c3sh`, []string{`/h/ho\c-e/.\c3sh`, `/h/home/.ssh`, `/h/hoc-e/.c3sh`}},                // perl \cX
		{"/h/ho\\z \t\n me/.ssh", []string{"/h/ho\\z \t\n me/.ssh", "/h/home/.ssh", "/h/hoz \t\n me/.ssh"}}, // lua \z
		{`~/\.ssh/id_rsa`, []string{`~/\.ssh/id_rsa`, `~/.ssh/id_rsa`}},                                     // JavaScript, perl: \. is .
		{`~/.\local/x`, []string{`~/.\local/x`, `~/.ocal/x`, `~/.local/x`}},                                 // perl \l, JavaScript l
		{`a\tb\e`, []string{`a\tb\e`, "a\tb\x1b"}},
		{`~/\M-a.ssh`, []string{`~/\M-a.ssh`, `~/` + word.Mark(word.MarkVar, "") + `.ssh`}}, // ruby's meta escape
		{`\033[0m`, []string{"\x1b[0m", `![0m`}},
		{`H/\x2essh`, []string{`H/.ssh`}},
		{`\u0041\UFFFFFFFF`, []string{"A" + word.Mark(word.MarkVar, "")}},
	} {
		got := Readings(tc.in)
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("Readings(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func FuzzUnescape(f *testing.F) {
	for _, s := range []string{`\x2e`, `\u{2e}`, `\N{U+2E}`, `\N{FULL`, `\777`, `\UFFFFFFFF`, `\x{`, `a\`, `\\\x2`, `\o{56}`, `\u{2e 73 73 68}`, `\L.SSH\E`, `\U.x\lA\uB`, `\46`, `\999`, "ho\\\nme", "a\\\r\nb", `\c-\c3\c`, "\\z \n x\\z", `\M-\C-x\.`, `\e\a`} {
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
		rs := Readings(s)
		if len(rs) == 0 || len(rs) > 1+len(readingsOf) || rs[0] != got {
			t.Fatalf("Readings(%q) = %q, Unescape %q", s, rs, got)
		}
		for _, r := range rs {
			if len(r) > len(s)*len(word.Mark(word.MarkVar, ""))+utf8.UTFMax {
				t.Fatalf("Readings(%q) grew to %d bytes", s, len(r))
			}
		}
	})
}

// FuzzBracedEscape checks that a braced escape decodes to its value or
// to one part not known, and that the text after it is kept exactly:
// the escape's own digits never stay as text.
func FuzzBracedEscape(f *testing.F) {
	for _, s := range []string{"00000000002e", "2e", " 2e ", "2_e", "zz", "", "110000", "0_0_2e", "U+2E"} {
		f.Add(uint8(0), s, "ssh")
	}
	unknown := word.Mark(word.MarkVar, "")
	f.Fuzz(func(t *testing.T, kind uint8, digits, rest string) {
		if !utf8.ValidString(rest) || strings.ContainsAny(digits, "}\\") || strings.ContainsAny(rest, "\\") || strings.Contains(digits, " ") && kind%4 == 1 {
			return
		}
		letter := [...]string{"x", "u", "o", "N"}[kind%4]
		if letter == "N" {
			digits = "U+" + digits
		}
		got := Unescape(`\` + letter + "{" + digits + "}" + rest)
		if !strings.HasSuffix(got, rest) {
			t.Fatalf("escape %q%q: rest %q not kept: %q", letter, digits, rest, got)
		}
		head := strings.TrimSuffix(got, rest)
		if head != unknown && utf8.RuneCountInString(head) != 1 {
			t.Fatalf("escape %q{%q}: %q is neither one rune nor a part not known", letter, digits, head)
		}
	})
}

func TestDropReadings(t *testing.T) {
	got := DropReadings([]string{`/h/\.ss` + `h/id_rsa`, `/h/plain`, `/h/a\\b`}, 8)
	want := []string{`/h/\.ssh/id_rsa`, `/h/plain`, `/h/a\\b`, `/h/.ssh/id_rsa`, `/h/a\b`}
	if !slices.Equal(got, want) {
		t.Errorf("DropReadings = %q, want %q", got, want)
	}
	if got := DropReadings([]string{`\.a`, `\.b`}, 3); len(got) != 3 {
		t.Errorf("DropReadings bound: %q", got)
	}
}
