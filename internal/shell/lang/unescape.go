package lang

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/guardhq/guard/internal/shell/word"
)

// The escapes of string literals (review 10 F1): the languages guard reads
// code of decode hex, octal and unicode escapes inside their literals
// (python \xHH \uHHHH \UHHHHHHHH \ooo \N{…}, JavaScript \xHH \uHHHH \u{…},
// perl \x{…} \x.. \0.. \N{U+…}, ruby \xHH \u{…}, PHP, lua), so "\x2essh"
// is ".ssh" to the program. Unescape decodes them all, whatever the
// language and quote kind: a single-quoted perl or ruby literal does not
// decode, but reading it as if it did only adds names (default-deny). An
// escape of that family guard cannot decode (\N{FULL STOP}, \x{zz}) stands
// as a part not known (word.MarkVar), which the hook checks for what it
// could be. Other escapes (\n, \d) stay as they are written.

// maxEscDigits bounds the digits of one braced escape (\x{…}, \u{…}).
const maxEscDigits = 8

// maxEscCodes bounds the code points of one ruby \u{…} list.
const maxEscCodes = 16

// Where the languages disagree (review 11 F1) a literal has more than one
// reading: lua's \ddd is decimal where the others read octal, and perl's
// case modifiers (\L…\E, \U…\E, \l, \u, \F) change the letters after
// them. Unescape gives the common reading; Readings adds the others, so a
// check of every reading sees what any of the languages would open.
type reading struct {
	decimal bool // lua: \ddd is decimal
	cases   bool // perl: \L \U \l \u \F \Q \E change case
}

// Unescape returns a literal's text with the escapes of its quotes and
// backslashes undone (\" is ", \\ is \) and its hex, octal and unicode
// escapes decoded, as the language reads it.
func Unescape(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	return unescape(s, reading{})
}

// Readings returns every reading of a literal's escapes: Unescape's, then
// lua's (decimal \ddd) and perl's (case modifiers applied) where they
// differ from it.
func Readings(s string) []string {
	first := Unescape(s)
	out := []string{first}
	if !strings.Contains(s, `\`) {
		return out
	}
	for _, m := range []reading{{decimal: true}, {cases: true}} {
		r := unescape(s, m)
		if r != first && (len(out) < 2 || r != out[1]) {
			out = append(out, r)
		}
	}
	return out
}

// unescape decodes s the way m says.
func unescape(s string, m reading) string {
	var b strings.Builder
	cs := caser{}
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 >= len(s) {
			cs.write(&b, string(s[i]))
			continue
		}
		c := s[i+1]
		if strings.IndexByte(`"'`+"`\\", c) >= 0 {
			cs.write(&b, string(c))
			i++
			continue
		}
		if m.cases && cs.modifier(s[i+1:]) {
			i++
			continue
		}
		t, n, ok := escape(s[i+1:], m.decimal)
		switch {
		case n == 0:
			b.WriteByte(s[i]) // not a decoding escape: \n, \d
		case !ok:
			b.WriteString(word.Mark(word.MarkVar, ""))
			i += n
		default:
			cs.write(&b, t)
			i += n
		}
	}
	return b.String()
}

// caser is perl's case state: \L or \U (or \F) until \E, \l or \u for
// the next letter.
type caser struct {
	span byte // 'L', 'U' or 0
	next byte // 'l', 'u' or 0
}

// modifier takes a case escape at t (the text after a backslash) and
// reports whether it was one.
func (c *caser) modifier(t string) bool {
	switch t[0] {
	case 'L', 'F':
		c.span = 'L'
	case 'U':
		if hexRun(t[1:], 8) == 8 {
			return false // python's \UHHHHHHHH
		}
		c.span = 'U'
	case 'l':
		c.next = 'l'
	case 'u':
		if hexRun(t[1:], 4) == 4 || len(t) > 1 && t[1] == '{' {
			return false // a code point
		}
		c.next = 'u'
	case 'E':
		c.span = 0
	case 'Q':
	default:
		return false
	}
	return true
}

// write writes text through the case state.
func (c *caser) write(b *strings.Builder, text string) {
	if c.span == 0 && c.next == 0 {
		writeText(b, text)
		return
	}
	for _, r := range text {
		switch {
		case c.next == 'l':
			r = unicode.ToLower(r)
		case c.next == 'u':
			r = unicode.ToUpper(r)
		case c.span == 'L':
			r = unicode.ToLower(r)
		case c.span == 'U':
			r = unicode.ToUpper(r)
		}
		c.next = 0
		writeRune(b, r)
	}
}

// writeText writes decoded text, bytes below 0x80 as themselves.
func writeText(b *strings.Builder, t string) {
	for _, r := range t {
		writeRune(b, r)
	}
}

// writeRune writes r, a byte below 0x80 as itself.
func writeRune(b *strings.Builder, r rune) {
	if r < utf8.RuneSelf {
		b.WriteByte(byte(r))
		return
	}
	b.WriteRune(r)
}

// escape decodes the escape whose letter starts t (the text after a
// backslash): the text, the bytes it spans, and ok false when it is of the
// decoding family but guard cannot decode it. n is 0 for any other escape.
// decimal reads \ddd as lua does.
func escape(t string, decimal bool) (text string, n int, ok bool) {
	r, n, ok := escapeRune(t, decimal)
	if n > 0 && ok && r == listRune {
		return braceList(t[2 : n-1])
	}
	return string(r), n, ok
}

// listRune stands for a ruby \u{…} list of code points, decoded apart.
const listRune = -2

// escapeRune decodes a one-rune escape (see escape).
func escapeRune(t string, decimal bool) (r rune, n int, ok bool) {
	switch c := t[0]; {
	case c == 'u' && len(t) > 1 && t[1] == '{':
		if e := strings.IndexByte(t, '}'); e > 0 && e < 2+maxEscCodes*(maxEscDigits+1) && strings.Contains(t[2:e], " ") {
			return listRune, e + 1, true // ruby: \u{2e 73 73 68}
		}
		return braced(t[1:], 1, 16)
	case c == 'x' || c == 'u':
		if len(t) > 1 && t[1] == '{' {
			return braced(t[1:], 1, 16)
		}
		width := 4
		if c == 'x' {
			width = 2
		}
		d := hexRun(t[1:], width)
		if d == 0 || c == 'u' && d < 4 {
			// perl's \u (upper-case the next), a path's C:\users; \u12
			// is no literal python or JavaScript runs
			return 0, 0, false
		}
		return hexVal(t[1 : 1+d]), 1 + d, true
	case c == 'o' && len(t) > 1 && t[1] == '{':
		return braced(t[1:], 1, 8) // perl: \o{56}
	case c == 'U':
		if hexRun(t[1:], 8) == 8 {
			v := hexVal(t[1:9])
			return v, 9, v >= 0 && v <= utf8.MaxRune
		}
		return 0, 0, false // ruby, perl: \U is not an escape of a code point
	case c == 'N':
		return named(t)
	case decimal && c >= '0' && c <= '9':
		n := 1
		for n < 3 && n < len(t) && t[n] >= '0' && t[n] <= '9' {
			n++
		}
		v := rune(0)
		for _, d := range t[:n] {
			v = v*10 + d - '0'
		}
		return v, n, v <= 255
	case c >= '0' && c <= '7':
		n := 1
		for n < 3 && n < len(t) && t[n] >= '0' && t[n] <= '7' {
			n++
		}
		var v rune
		for _, d := range t[:n] {
			v = v*8 + d - '0'
		}
		return v, n, true
	}
	return 0, 0, false
}

// named decodes \N{U+HEX}; another \N{NAME} is an escape guard cannot
// decode.
func named(t string) (rune, int, bool) {
	if strings.HasPrefix(t, "N{U+") {
		return braced(t[1:], 1, 16)
	}
	if len(t) > 1 && t[1] == '{' {
		if e := strings.IndexByte(t, '}'); e > 0 {
			return 0, e + 1, false // \N{FULL STOP}: a name guard does not decode
		}
		return 0, len(t), false
	}
	return 0, 0, false
}

// braceList decodes ruby's list of hex code points parted by spaces.
func braceList(list string) (string, int, bool) {
	n := len(list) + 3
	var b strings.Builder
	fields := strings.Fields(list)
	if len(fields) == 0 || len(fields) > maxEscCodes {
		return "", n, false
	}
	for _, f := range fields {
		if len(f) > maxEscDigits || hexRun(f, len(f)) != len(f) {
			return "", n, false
		}
		v := hexVal(f)
		if v < 0 || v > utf8.MaxRune {
			return "", n, false
		}
		b.WriteRune(v)
	}
	return b.String(), n, true
}

// braced decodes {DIGITS} in base (16 or 8) at t[0] (skip bytes before
// it count in n): \x{2e}, \u{2e}, \N{U+2E}, \o{56}.
func braced(t string, skip int, base rune) (rune, int, bool) {
	e := strings.IndexByte(t, '}')
	if e < 0 || e > maxEscDigits+3 {
		return 0, skip, false
	}
	digits := strings.TrimPrefix(t[1:e], "U+")
	n := skip + e + 1
	if digits == "" || len(digits) > maxEscDigits || hexRun(digits, len(digits)) != len(digits) {
		return 0, n, false
	}
	if base == 8 {
		if strings.Trim(digits, "01234567") != "" {
			return 0, n, false
		}
		var v rune
		for _, d := range digits {
			v = v*8 + d - '0'
		}
		return v, n, v <= utf8.MaxRune
	}
	v := hexVal(digits)
	return v, n, v >= 0 && v <= utf8.MaxRune
}

// hexRun returns how many of the first max bytes of t are hex digits.
func hexRun(t string, max int) int {
	n := 0
	for n < max && n < len(t) && isHex(t[n]) {
		n++
	}
	return n
}

// isHex reports whether c is a hex digit.
func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// hexVal returns the value of hex digits h (at most 8).
func hexVal(h string) rune {
	var v rune
	for i := 0; i < len(h); i++ {
		c := h[i]
		switch {
		case c >= 'a':
			c -= 'a' - 10
		case c >= 'A':
			c -= 'A' - 10
		default:
			c -= '0'
		}
		v = v*16 + rune(c)
	}
	return v
}
