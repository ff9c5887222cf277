package lang

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/guardhq/guard/internal/shell/word"
)

// The escapes of string literals: the languages guard reads
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

// Where the languages disagree a literal has
// more than one reading: lua's \ddd is decimal where the others read
// octal, and its \z skips the white space after it; perl's case modifiers
// (\L…\E, \U…\E, \l, \u, \F) change the letters after them and its
// \cX is a control escape (chr(ord(uc X) ^ 64): "\c-" is "m"); JavaScript,
// ruby and perl drop the backslash of an escape they do not know ("\." is
// "."), where python and PHP keep it. Unescape gives the common reading;
// Readings adds the others, so a check of every reading sees what any of
// the languages would open. A backslash before a newline is a line
// continuation (python, JavaScript, ruby's double quotes, C): both bytes
// vanish in every reading; perl's single quotes keep them,
// and reading them away only adds names.
type reading struct {
	decimal bool // lua: \ddd is decimal, \z skips blanks
	cases   bool // perl: \L \U \l \u \F \Q \E change case, \cX
	drop    bool // JavaScript, ruby, perl: \d is d, \n a newline
}

// readingsOf are the readings Readings gives after the common one.
var readingsOf = [...]reading{{decimal: true}, {cases: true, drop: true}, {drop: true}}

// Unescape returns a literal's text with the escapes of its quotes and
// backslashes undone (\" is ", \\ is \), its line continuations removed
// and its hex, octal and unicode escapes decoded, as the language reads it.
func Unescape(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	return unescape(s, reading{})
}

// Readings returns every reading of a literal's escapes: Unescape's, then
// lua's (decimal \ddd, \z), perl's (case modifiers and \cX applied, other
// escapes without their backslash) and JavaScript's (escapes it does not
// know without their backslash) where they differ from the others.
func Readings(s string) []string {
	first := Unescape(s)
	out := []string{first}
	if !strings.Contains(s, `\`) {
		return out
	}
	for _, m := range readingsOf {
		if r := unescape(s, m); !slices.Contains(out, r) {
			out = append(out, r)
		}
	}
	return out
}

// DropReadings returns ps with, after them, the reading of each path that
// still holds a backslash with the backslashes of the escapes dropped as
// JavaScript, ruby and perl drop them: a path built from
// literals decoded in the common reading ('/home/u/\\.ss' + 'h/id_rsa')
// is checked the way those languages read it too. At most max paths.
func DropReadings(ps []string, max int) []string {
	n := len(ps)
	for _, p := range ps[:n] {
		if len(ps) >= max {
			break
		}
		if strings.Contains(p, `\`) {
			if r := unescape(p, reading{drop: true}); r != p {
				ps = append(ps, r)
			}
		}
	}
	return ps
}

// unescape decodes s the way m says.
func unescape(s string, m reading) string {
	var b strings.Builder
	cs := caser{}
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 >= len(s) {
			_, size := utf8.DecodeRuneInString(s[i:])
			cs.write(&b, s[i:i+size]) // a rune's bytes as written, never byte by byte
			i += size - 1
			continue
		}
		c := s[i+1]
		if strings.IndexByte(`"'`+"`\\", c) >= 0 {
			cs.write(&b, string(c))
			i++
			continue
		}
		if k := continuation(s[i+1:], m.decimal); k > 0 {
			i += k // \⏎ (and lua's \z): nothing
			continue
		}
		if m.cases && cs.modifier(s[i+1:]) {
			i++
			continue
		}
		if m.cases && c == 'c' && i+2 < len(s) && s[i+2] < utf8.RuneSelf {
			cs.write(&b, string(rune(toUpper(s[i+2])^64))) // perl: "\c-" is "m"
			i += 2
			continue
		}
		t, n, ok := escape(s[i+1:], m.decimal)
		switch {
		case n == 0 && m.drop:
			n = otherEscape(&b, &cs, s[i+1:])
			i += n
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

// continuation returns the bytes after a backslash that vanish with it: a
// newline (CRLF too), and for lua's \z the white space after it.
func continuation(t string, lua bool) int {
	switch {
	case t[0] == '\n':
		return 1
	case strings.HasPrefix(t, "\r\n"):
		return 2
	case lua && t[0] == 'z':
		n := 1
		for n < len(t) && strings.IndexByte(" \t\r\n\f\v", t[n]) >= 0 {
			n++
		}
		return n
	}
	return 0
}

// otherEscape writes an escape outside the decoding family the way
// JavaScript, ruby and perl read it, t the text after the backslash, and
// returns the bytes it spans after the letter's: \n, \t, \r, \f, \v,
// \b, \a, \e are their control characters, ruby's meta and control
// escapes (\M-x, \C-x) a part guard does not work out, any other letter
// itself without the backslash (\. is ., \d is d).
func otherEscape(b *strings.Builder, cs *caser, t string) int {
	if k := strings.IndexByte("ntrfvbae", t[0]); k >= 0 {
		b.WriteByte("\n\t\r\f\v\b\a\x1b"[k])
		return 1
	}
	if (t[0] == 'M' || t[0] == 'C') && len(t) > 2 && t[1] == '-' {
		b.WriteString(word.Mark(word.MarkVar, ""))
		return 3
	}
	_, size := utf8.DecodeRuneInString(t)
	cs.write(b, t[:size])
	return size
}

// toUpper returns c upper-cased when it is an ASCII letter.
func toUpper(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
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
		if e := strings.IndexByte(t, '}'); e > 0 && strings.Contains(strings.Trim(t[2:e], " \t"), " ") {
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
		v, ok := braceValue(f, 16)
		if !ok {
			return "", n, false
		}
		b.WriteRune(v)
	}
	return b.String(), n, true
}

// braced decodes {DIGITS} in base (16 or 8) at t[0] (skip bytes before
// it count in n): \x{2e}, \u{2e}, \N{U+2E}, \o{56}. The languages read the
// digits by value, not by width: JavaScript's and PHP's
// \u{…} and perl's take any number of leading zeros, and perl blanks
// beside the braces and an underscore between digits. The escape spans
// through its closing brace (to the end of t when it has none): one guard
// cannot decode is a part not known over the whole escape, never its
// digits left as text.
func braced(t string, skip int, base rune) (rune, int, bool) {
	e := strings.IndexByte(t, '}')
	if e < 0 {
		return 0, skip + len(t), false // no closing brace: a syntax error or all of it
	}
	n := skip + e + 1
	digits := strings.Trim(t[1:e], " \t")
	digits = strings.TrimPrefix(digits, "U+")
	v, ok := braceValue(digits, base)
	return v, n, ok
}

// braceValue returns the value of the digits of a braced escape in base,
// leading zeros and underscores between digits skipped, and false when
// they hold anything else or more significant digits than a code point.
func braceValue(digits string, base rune) (rune, bool) {
	if digits == "" || digits[0] == '_' || digits[len(digits)-1] == '_' {
		return 0, false
	}
	var v rune
	sig := 0
	for i := 0; i < len(digits); i++ {
		c := digits[i]
		if c == '_' {
			continue
		}
		d, ok := digitVal(c, base)
		if !ok {
			return 0, false
		}
		if v == 0 && d == 0 {
			continue // a leading zero
		}
		if sig++; sig > maxEscDigits {
			return 0, false
		}
		v = v*base + d
	}
	return v, v <= utf8.MaxRune
}

// digitVal returns the value of digit c in base 16 or 8.
func digitVal(c byte, base rune) (rune, bool) {
	var d rune
	switch {
	case c >= '0' && c <= '9':
		d = rune(c - '0')
	case c >= 'a' && c <= 'f':
		d = rune(c-'a') + 10
	case c >= 'A' && c <= 'F':
		d = rune(c-'A') + 10
	default:
		return 0, false
	}
	return d, d < base
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
