package lang

import (
	"strings"
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

// Unescape returns a literal's text with the escapes of its quotes and
// backslashes undone (\" is ", \\ is \) and its hex, octal and unicode
// escapes decoded, as the language reads it.
func Unescape(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 >= len(s) {
			b.WriteByte(s[i])
			continue
		}
		c := s[i+1]
		if strings.IndexByte(`"'`+"`\\", c) >= 0 {
			b.WriteByte(c)
			i++
			continue
		}
		r, n, ok := escape(s[i+1:])
		switch {
		case n == 0:
			b.WriteByte(s[i]) // not a decoding escape: \n, \d
		case !ok:
			b.WriteString(word.Mark(word.MarkVar, ""))
			i += n
		default:
			writeRune(&b, r)
			i += n
		}
	}
	return b.String()
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
// backslash): the rune, the bytes it spans, and ok false when it is of the
// decoding family but guard cannot decode it. n is 0 for any other escape.
func escape(t string) (r rune, n int, ok bool) {
	switch c := t[0]; {
	case c == 'x' || c == 'u':
		if len(t) > 1 && t[1] == '{' {
			return braced(t[1:], 1)
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
	case c == 'U':
		if hexRun(t[1:], 8) == 8 {
			v := hexVal(t[1:9])
			return v, 9, v >= 0 && v <= utf8.MaxRune
		}
		return 0, 0, false // ruby, perl: \U is not an escape of a code point
	case c == 'N':
		if strings.HasPrefix(t, "N{U+") {
			r, n, ok := braced(t[1:], 1)
			return r, n, ok
		}
		if len(t) > 1 && t[1] == '{' {
			if e := strings.IndexByte(t, '}'); e > 0 {
				return 0, e + 1, false // \N{FULL STOP}: a name guard does not decode
			}
			return 0, len(t), false
		}
		return 0, 0, false
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

// braced decodes {HEX} at t[0] (after skip bytes before it count in n):
// \x{2e}, \u{2e}, \N{U+2E}.
func braced(t string, skip int) (rune, int, bool) {
	e := strings.IndexByte(t, '}')
	if e < 0 || e > maxEscDigits+3 {
		return 0, skip, false
	}
	digits := strings.TrimPrefix(t[1:e], "U+")
	n := skip + e + 1
	if digits == "" || len(digits) > maxEscDigits || hexRun(digits, len(digits)) != len(digits) {
		return 0, n, false
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
