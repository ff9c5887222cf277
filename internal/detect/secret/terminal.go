package secret

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Terminal escapes: a program that colours its output (grep --color=always,
// rg, ls, jq, bat, git with color.ui=always, CLICOLOR_FORCE, GREP_COLORS)
// wraps each match in escape sequences, which split a secret or its key
// name (\e[01;31mAWS\e[m_SECRET_ACCESS_KEY=…) so no rule matches the text
// as written. Text that holds an escape is read a second
// time with its sequences taken out, a layer whose bytes map back to the
// text: a match there is redacted in the text from its first byte to its
// last, the escapes between included.

// esc and csi8 start a sequence: ESC, and the 8-bit CSI (U+009B) as UTF-8.
const (
	esc  = 0x1b
	csi8 = "\u009b"
)

// maxString bounds the bytes of an OSC, DCS, SOS, PM or APC string looked
// through for its terminator; an unterminated one loses its introducer only.
const maxString = 4096

// hasTerminalEscape reports whether text holds the start of a terminal
// escape sequence, or a character a second reading drops (hidden); with
// tokens, a tab inside a token or a look-alike letter too.
func hasTerminalEscape(text string, tokens bool) bool {
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c >= 0x20 && c < 0x7f || c == '\n' {
			continue // printable ASCII: most of any text
		}
		switch {
		case c == esc:
			return true
		case c < 0x80:
			if hiddenASCII(text, i) || tokens && tabInToken(text, i) {
				return true
			}
		default:
			r, size := utf8.DecodeRuneInString(text[i:])
			if hiddenRune(r) || tokens && lookalikeIn(text, i, size, r) {
				return true
			}
			i += size - 1
		}
	}
	return false
}

// hiddenASCII reports whether the ASCII byte text[i] is a control a
// second reading drops: a C0 control other than a tab
// or a line feed (a NUL of UTF-16 text, SI, a backspace), a carriage
// return not ending a line, DEL.
func hiddenASCII(text string, i int) bool {
	c := text[i]
	switch {
	case c == '\t' || c == '\n':
		return false
	case c == '\r':
		return i+1 < len(text) && text[i+1] != '\n'
	}
	return c < 0x20 || c == 0x7f
}

// hiddenRune reports whether r is a C1 control (U+0080 to U+009F), a
// format character (Unicode Cf: U+200B, the soft hyphen, bidirectional
// marks, U+FEFF), a mark (M: nonspacing ones such as variation
// selectors, the combining grapheme joiner and accents, spacing ones
// such as U+0903, enclosing ones such as U+20DD and U+20E3), a private
// use character (Co), the object replacement character U+FFFC, a
// Hangul filler, the braille blank, a space other than ASCII's (Zs, Zl,
// Zp: the no-break space, U+2002, U+3000, U+2028) or U+FFFD, which an
// invalid byte also decodes to (utf8.RuneError: a stray \xff, an
// overlong or surrogate form, each byte on its own): no glyph of a
// secret, or a blank, a mark or a box no key holds.
func hiddenRune(r rune) bool {
	switch r {
	case 0x115f, 0x1160, 0x2800, 0x3164, 0xffa0, 0xfffc, utf8.RuneError:
		return true
	}
	return r >= 0x80 && r <= 0x9f || r > 0x9f && unicode.In(r, unicode.Cf, unicode.M, unicode.Co, unicode.Z)
}

// tabInToken reports whether text[i] is a tab between two of a token's
// characters (letters, digits, + / - _): not indentation, nor next to a
// blank.
func tabInToken(text string, i int) bool {
	return text[i] == '\t' && i > 0 && i+1 < len(text) && b64class[text[i-1]] != 0 && b64class[text[i+1]] != 0
}

// terminalLayer returns text without its terminal escape sequences,
// control and format characters as a layer of text, each byte mapped to
// where it stands in text; false when text holds none. A backspace takes
// the character before it out too (overstrike: A\bA, _\bA read A). With
// tokens (the secret reading, not what a terminal shows: Plain), a tab
// inside a token goes too, and a look-alike letter reads as the ASCII
// one it stands for (lookalike.go).
func terminalLayer(text string, tokens bool) (layer, bool) {
	if !hasTerminalEscape(text, tokens) {
		return layer{}, false
	}
	b := make([]byte, 0, len(text))
	offs := make([]int32, 0, len(text)+1)
	escaped := false
	for i := 0; i < len(text); {
		if n := escapeLen(text, i); n > 0 {
			i += n
			escaped = true
			continue
		}
		n := 1
		hidden := false
		var ascii byte // the ASCII letter a look-alike stands for
		if text[i] < 0x80 {
			hidden = hiddenASCII(text, i) || tokens && tabInToken(text, i)
		} else {
			var r rune
			r, n = utf8.DecodeRuneInString(text[i:])
			if hidden = hiddenRune(r); !hidden && tokens {
				ascii, _ = lookalike(r, text[i:])
			}
		}
		switch {
		case text[i] == '\b':
			if len(b) > 0 {
				_, size := utf8.DecodeLastRune(b)
				b, offs = b[:len(b)-size], offs[:len(offs)-size]
			}
		case hidden:
		case ascii != 0:
			b = append(b, ascii)
			offs = append(offs, int32(i))
		default:
			for k := range n {
				b = append(b, text[i+k])
				offs = append(offs, int32(i+k))
			}
		}
		i += n
	}
	offs = append(offs, int32(len(text)))
	if len(b) == len(text) {
		return layer{}, false
	}
	enc := "split by control or invisible characters or written with look-alike letters"
	if escaped {
		enc = "split by terminal escapes"
	}
	return layer{start: 0, end: len(text), text: string(b), enc: enc, offs: offs}, true
}

// escapeLen returns the length of the escape sequence that starts at
// text[i], or 0: CSI (ESC [ or U+009B, parameters, intermediates, a final
// byte: SGR colours, erase in line), OSC, DCS, SOS, PM and APC strings (ESC
// ] P X ^ _, up to BEL or ESC \), and the other ESC sequences (an
// intermediate or two, then a final byte: ESC ( B, ESC 7).
func escapeLen(text string, i int) int {
	var j int
	switch {
	case strings.HasPrefix(text[i:], csi8):
		j = i + len(csi8)
		return csiLen(text, i, j)
	case c1String(text, i):
		return stringLen(text, i, i+2)
	case text[i] != esc:
		return 0
	case i+1 == len(text):
		return 1 // a lone ESC
	}
	j = i + 1
	switch c := text[j]; {
	case c == '[':
		return csiLen(text, i, j+1)
	case c == ']' || c == 'P' || c == 'X' || c == '^' || c == '_':
		return stringLen(text, i, j+1)
	}
	for j < len(text) && j-i < 4 && text[j] >= 0x20 && text[j] <= 0x2f {
		j++ // intermediates
	}
	if j < len(text) && text[j] >= 0x30 && text[j] <= 0x7e {
		return j + 1 - i
	}
	return 1 // a lone ESC
}

// csiLen returns the length of the control sequence starting at text[i]
// whose parameters start at j: parameter bytes (0x30-0x3F), intermediate
// bytes (0x20-0x2F), a final byte (0x40-0x7E), at most 64 bytes; the
// introducer alone when it is malformed.
func csiLen(text string, i, j int) int {
	start := j
	for j < len(text) && j-start < 64 && text[j] >= 0x30 && text[j] <= 0x3f {
		j++
	}
	for j < len(text) && j-start < 64 && text[j] >= 0x20 && text[j] <= 0x2f {
		j++
	}
	if j < len(text) && text[j] >= 0x40 && text[j] <= 0x7e {
		return j + 1 - i
	}
	return start - i
}

// c1String reports whether text[i:] starts with an 8-bit string
// introducer as UTF-8: DCS (U+0090), SOS (U+0098), OSC (U+009D), PM
// (U+009E), APC (U+009F).
func c1String(text string, i int) bool {
	if i+1 >= len(text) || text[i] != 0xc2 {
		return false
	}
	switch text[i+1] {
	case 0x90, 0x98, 0x9d, 0x9e, 0x9f:
		return true
	}
	return false
}

// stringLen returns the length of the control string starting at text[i]
// whose body starts at j, up to BEL, ESC \\ or the 8-bit ST (U+009C), at
// most maxString bytes; the introducer alone when it is unterminated.
func stringLen(text string, i, j int) int {
	end := min(len(text), j+maxString)
	for k := j; k < end; k++ {
		switch {
		case text[k] == 0x07:
			return k + 1 - i
		case text[k] == esc && k+1 < len(text) && text[k+1] == '\\':
			return k + 2 - i
		case text[k] == 0xc2 && k+1 < len(text) && text[k+1] == 0x9c:
			return k + 2 - i
		}
	}
	return j - i // unterminated: the introducer only
}

// Plain returns text as a terminal shows it: its escape sequences, hidden
// controls and format characters taken out (a coloured grep line's file
// name read as printed).
func Plain(text string) string {
	if l, ok := terminalLayer(text, false); ok {
		return l.text
	}
	return text
}
