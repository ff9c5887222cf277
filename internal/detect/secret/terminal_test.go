package secret

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/guardhq/guard/internal/detect"
)

// awsKey is an AWS secret access key as a .env holds it (made up).
const awsKey = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYzz8k3lqP0"

// TestTerminalEscapes: a secret split by colour escapes is found, and the
// redaction takes it out of the text as written, escapes and all.
func TestTerminalEscapes(t *testing.T) {
	red := func(s string) string { return "\x1b[01;31m\x1b[K" + s + "\x1b[m\x1b[K" }
	tests := []struct {
		name, text, gone string
	}{
		{"grep colours the key name", "./.env:" + red("AWS") + "_SECRET_ACCESS_KEY=" + awsKey + "\n", awsKey},
		{"a match inside the key name", "./.env:DB_" + red("PASS") + "WORD=hunter2Xy9zQ7kLmW\n", "hunter2Xy9zQ7kLmW"},
		{"a match ends inside the key name", red("GITHUB_TOK") + "EN=Zx81kq0Lw2mNp3Rt5Vy7Ab\n", "Zx81kq0Lw2mNp3Rt5Vy7Ab"},
		{"grep colours the token's prefix", "cfgd/app.yaml:value: " + red("ghp") + ghToken[3:] + "\n", ghToken[3:]},
		{"rg's colours around the file and the match", "\x1b[0m\x1b[35m.env\x1b[0m:\x1b[0m\x1b[1m\x1b[31mGITHUB\x1b[0m_TOKEN=" + ghToken + "\n", ghToken[4:]},
		{"an OSC hyperlink inside the token", "token: ghp_" + "\x1b]8;;file:///x\x07" + ghToken[4:20] + "\x1b]8;;\x1b\\" + ghToken[20:] + "\n", ghToken[20:]},
		{"the 8-bit CSI", "value: gh" + csi8 + "1mp" + ghToken[3:] + "\n", ghToken[3:]},
	}
	d := New()
	for _, tt := range tests {
		if _, hit := d.Check(tt.text); !hit {
			t.Errorf("%s: Check found nothing", tt.name)
		}
		ms := d.FindAll(tt.text)
		detect.SortMatches(ms)
		out := detect.Redact(tt.text, ms)
		if strings.Contains(out, tt.gone) || !strings.Contains(out, "[REDACTED:") {
			t.Errorf("%s: redacted %q", tt.name, out)
		}
		if _, hit := d.Check(out); hit {
			t.Errorf("%s: the redaction %q still holds a secret", tt.name, out)
		}
	}
	// Colours around harmless text change nothing.
	for _, s := range []string{"\x1b[01;31mTODO\x1b[m: fix", "\x1b[1m\x1b[K", "\x1b", "\x1b]0;title", "a\x1b[", csi8} {
		if f, hit := d.Check(s); hit {
			t.Errorf("Check(%q) = %v", s, f)
		}
	}
}

// TestHiddenCharacters: a secret split by control or format characters
// (backspace overstrike, a bare carriage return, U+200B, a soft hyphen,
// SI, NULs of UTF-16 text, an 8-bit OSC string) is found and redacted in
// the text as written.
func TestHiddenCharacters(t *testing.T) {
	key := "AKIA" + "IOSFODNN7EXAMPLF"
	over := ""
	for _, c := range key {
		over += string(c) + "\b" + string(c)
	}
	u16 := ""
	for _, c := range "AWS=" + key {
		u16 += string(c) + "\x00"
	}
	tests := []struct{ name, text string }{
		{"backspace overstrike", "AWS=" + over + "\n"},
		{"underline overstrike", "AWS=" + strings.ReplaceAll(over, string(key[0])+"\b", "_\b") + "\n"},
		{"a bare carriage return", "AWS=" + key[:8] + "\r" + key[8:] + "\n"},
		{"a zero-width space", "AWS=" + key[:8] + "\u200b" + key[8:] + "\n"},
		{"a soft hyphen", "AWS=" + key[:8] + "\u00ad" + key[8:] + "\n"},
		{"SI", "AWS=" + key[:8] + "\x0f" + key[8:] + "\n"},
		{"UTF-16 NULs", u16},
		{"an 8-bit OSC", "AWS=" + key[:8] + "\u009d0;t\u009c" + key[8:] + "\n"},
		{"a C1 control", "AWS=" + key[:8] + "\u0085" + key[8:] + "\n"},
		// Default-ignorable and blank code points.
		{"a variation selector", "AWS=" + key[:8] + "\ufe0f" + key[8:] + "\n"},
		{"a supplementary variation selector", "AWS=" + key[:8] + "\U000E0100" + key[8:] + "\n"},
		{"a combining grapheme joiner", "AWS=" + key[:8] + "\u034f" + key[8:] + "\n"},
		{"a Hangul filler", "AWS=" + key[:8] + "\u3164" + key[8:] + "\n"},
		{"a Hangul choseong filler", "AWS=" + key[:8] + "\u115f" + key[8:] + "\n"},
		{"a braille blank", "AWS=" + key[:8] + "\u2800" + key[8:] + "\n"},
		{"a combining accent", "AWS=" + key[:8] + "\u0301" + key[8:] + "\n"},
		{"a no-break space", "AWS=" + key[:8] + "\u00a0" + key[8:] + "\n"},
		// An invalid byte, U+FFFD and every other space.
		{"an invalid byte", "AWS=" + key[:8] + "\xff" + key[8:] + "\n"},
		{"U+FFFD", "AWS=" + key[:8] + "\ufffd" + key[8:] + "\n"},
		{"an overlong NUL", "AWS=" + key[:8] + "\xc0\x80" + key[8:] + "\n"},
		{"a surrogate's bytes", "AWS=" + key[:8] + "\xed\xa0\x80" + key[8:] + "\n"},
		{"a lone continuation byte", "AWS=" + key[:8] + "\x80" + key[8:] + "\n"},
		{"an ideographic space", "AWS=" + key[:8] + "\u3000" + key[8:] + "\n"},
		{"an en space", "AWS=" + key[:8] + "\u2002" + key[8:] + "\n"},
		{"a narrow no-break space", "AWS=" + key[:8] + "\u202f" + key[8:] + "\n"},
		{"a medium mathematical space", "AWS=" + key[:8] + "\u205f" + key[8:] + "\n"},
		{"an ogham space mark", "AWS=" + key[:8] + "\u1680" + key[8:] + "\n"},
		{"a line separator", "AWS=" + key[:8] + "\u2028" + key[8:] + "\n"},
		{"ghp_ and an invalid byte", "t=ghp_" + "16C7e42F292c\xff6912E7710c838347Ae178B4a"},
		{"ghp_ and U+FFFD", "t=ghp_" + "16C7e42F292c\ufffd6912E7710c838347Ae178B4a"},
		{"ghp_ and U+3000", "t=ghp_" + "16C7e42F292c\u30006912E7710c838347Ae178B4a"},
		// Spacing, enclosing marks, private use, U+FFFC, a tab inside a token.
		{"a spacing mark", "AWS=" + key[:8] + "\u0903" + key[8:] + "\n"},
		{"an enclosing circle", "AWS=" + key[:8] + "\u20dd" + key[8:] + "\n"},
		{"an enclosing keycap after each character", "AWS=" + strings.Join(strings.Split(key, ""), "\u20e3") + "\n"},
		{"a private use character", "AWS=" + key[:8] + "\ue000" + key[8:] + "\n"},
		{"the object replacement character", "AWS=" + key[:8] + "\ufffc" + key[8:] + "\n"},
		{"a tab inside the token", "AWS=" + key[:8] + "\t" + key[8:] + "\n"},
		{"ghp_ and a tab", "t=ghp_" + "16C7e42F292c\t6912E7710c838347Ae178B4a"},
		// Look-alike letters: Cyrillic, Greek, fullwidth, mathematical bold.
		{"Cyrillic A", "AWS=" + strings.ReplaceAll(key[:8], "A", "\u0410") + key[8:] + "\n"},
		{"Greek O", "AWS=" + key[:8] + strings.ReplaceAll(key[8:], "O", "\u039f") + "\n"},
		{"a fullwidth digit", "AWS=" + key[:8] + strings.ReplaceAll(key[8:], "7", "\uff17") + "\n"},
		{"a mathematical bold letter", "t=ghp_" + "16C7e42F292c6912E7710c\U0001d41c838347Ae178B4a"},
	}
	d := New()
	for _, tt := range tests {
		if _, hit := d.Check(tt.text); !hit {
			t.Errorf("%s: Check found nothing", tt.name)
		}
		ms := d.FindAll(tt.text)
		detect.SortMatches(ms)
		out := detect.Redact(tt.text, ms)
		if _, hit := d.Check(out); hit || !strings.Contains(out, "[REDACTED:") {
			t.Errorf("%s: redacted %q", tt.name, out)
		}
		// The redaction covers the text as written, the hidden bytes too.
		for _, part := range []string{key[:8], key[9:], "16C7e42F292c", "6912E7710c83", "\ufffd", "\u3000"} {
			if strings.Contains(out, part) && strings.Contains(tt.text, part) {
				t.Errorf("%s: %q left in %q", tt.name, part, out)
			}
		}
	}
	for _, s := range []string{"a\r\nb\r\n", "x\ty\n", "id\tname\tvalue\n1\tab\tcd\n", "Привет, API-ключ Windows-сервера",
		"Το API κλειδί ΑΒΓ 42", "\uff48\uff45\uff4c\uff4c\uff4f\u3000\uff11\uff12", "\u0928\u092e\u0938\u094d\u0924\u0947 \u0939\u093f\u0902\u0926\u0940", "caf\u00e9", "cafe\u0301 na\u00efve \u00a0x", "\u200b", "\b\b", "A\bB",
		"caf\xe9 \xff\xfe", "\u3000\u3000x\u3000y", "\ufffd"} {
		if f, hit := d.Check(s); hit {
			t.Errorf("Check(%q) = %v", s, f)
		}
	}
	if _, ok := terminalLayer("KEY=1\r\nB=2\r\n", true); ok {
		t.Error("CRLF text read a second time")
	}
	// What a terminal shows keeps its tabs and look-alike letters.
	for _, s := range []string{"src/\u0410pp.go:1:x", "a\tb"} {
		if got := Plain(s); got != s {
			t.Errorf("Plain(%q) = %q", s, got)
		}
	}
}

func TestEscapeLen(t *testing.T) {
	for _, tt := range []struct {
		text string
		want int
	}{
		{"\x1b[01;31m", 8},
		{"\x1b[K", 3},
		{"\x1b[m", 3},
		{"\x1b[?25h", 6},
		{"\x1b]8;;u\x07", 7},
		{"\x1b]0;t\x1b\\", 7},
		{"\x1b]0;never", 2},
		{"\x1b(B", 3},
		{"\x1b7", 2},
		{"\x1b", 1},
		{"\x1b[", 2},
		{csi8 + "31m", 5},
		{"\u009d0;t\u009c", 7},
		{"\u009dnever", 2},
		{"x", 0},
	} {
		if got := escapeLen(tt.text, 0); got != tt.want {
			t.Errorf("escapeLen(%q) = %d, want %d", tt.text, got, tt.want)
		}
	}
}

func FuzzTerminalLayer(f *testing.F) {
	for _, s := range []string{"\x1b[01;31mAWS\x1b[m_SECRET", "\x1b]8;;x\x07y", csi8 + "1m", "\x1b", "A\u0410\uff11\U0001d420\u20e3x\ty", "\u0410"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, ok := terminalLayer(s, true)
		if !ok {
			return
		}
		if len(l.offs) != len(l.text)+1 || len(l.text) >= len(s) {
			t.Fatalf("terminalLayer(%q): %d offsets for %d bytes", s, len(l.offs), len(l.text))
		}
		for i := 0; i < len(l.text); i++ {
			if i > 0 && l.offs[i] <= l.offs[i-1] {
				t.Fatalf("terminalLayer(%q): byte %d maps to %d", s, i, l.offs[i])
			}
			if c := s[l.offs[i]]; c != l.text[i] {
				// a look-alike: the ASCII letter it stands for
				r, _ := utf8.DecodeRuneInString(s[l.offs[i]:])
				if a, ok := lookalike(r, s[l.offs[i]:]); c < 0x80 || !ok || a != l.text[i] {
					t.Fatalf("terminalLayer(%q): byte %d (%q) maps to %d", s, i, l.text[i], l.offs[i])
				}
			}
		}
	})
}

// TestWrappedBlocks: a token folded at a fixed width (fold -w10), its
// lines ending in \n or \r\n, is found and redacted as written; lists of
// lines of one width (hashes, UUIDs, numbers) and code are not.
func TestWrappedBlocks(t *testing.T) {
	fold := func(s string, w int, eol string) string {
		var b strings.Builder
		for i := 0; i < len(s); i += w {
			b.WriteString(s[i:min(len(s), i+w)] + eol)
		}
		return b.String()
	}
	for _, tt := range []struct{ name, text, gone string }{
		{"ghp_ at 10", fold(ghToken, 10, "\n"), ghToken[10:20]},
		{"ghp_ at 20, CRLF", fold(ghToken, 20, "\r\n"), ghToken[20:]},
		{"a key and value at 10", fold("AWS_SECRET_ACCESS_KEY="+awsKey, 10, "\n"), awsKey[8:18]},
		{"after a line with a key", fold("token: "+ghToken, 10, "\n"), ghToken[13:23]},
	} {
		d := New()
		text := tt.text + "DEBUG=1\n"
		if _, hit := d.Check(text); !hit {
			t.Errorf("%s: Check found nothing in %q", tt.name, text)
		}
		ms := d.FindAll(text)
		detect.SortMatches(ms)
		out := detect.Redact(text, ms)
		if strings.Contains(out, tt.gone) || !strings.Contains(out, "[REDACTED:") || !strings.HasSuffix(out, "\nDEBUG=1\n") {
			t.Errorf("%s: redacted %q", tt.name, out)
		}
	}
	var list strings.Builder
	for i := range 64 {
		fmt.Fprintf(&list, "%040x\n%08x-4b2c-9d1e-%012x\n", uint64(i)*2654435761, i*40503, i*7919)
	}
	for _, s := range []string{list.String(), "func f() {\n\treturn\n}\n", "1000\n1001\n1002\n1003\n1004\n", "ab\ncd\nef\n",
		"PASSWORD=changeme\nUSERNAME=admin123\nHOSTNAME=db.local\n", "main.go:12:func x\nmain.go:13:func y\nmain.go:14:func z\n"} {
		if f, hit := New().Check(s); hit {
			t.Errorf("Check(%q) = %v", s, f)
		}
	}
}
