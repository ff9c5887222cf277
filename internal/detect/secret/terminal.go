package secret

import "strings"

// Terminal escapes: a program that colours its output (grep --color=always,
// rg, ls, jq, bat, git with color.ui=always, CLICOLOR_FORCE, GREP_COLORS)
// wraps each match in escape sequences, which split a secret or its key
// name (\e[01;31mAWS\e[m_SECRET_ACCESS_KEY=…) so no rule matches the text
// as written (review 13a F14). Text that holds an escape is read a second
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
// escape sequence.
func hasTerminalEscape(text string) bool {
	return strings.IndexByte(text, esc) >= 0 || strings.Contains(text, csi8)
}

// terminalLayer returns text without its terminal escape sequences as a
// layer of text, each byte mapped to where it stands in text; false when
// text holds none.
func terminalLayer(text string) (layer, bool) {
	if !hasTerminalEscape(text) {
		return layer{}, false
	}
	var b strings.Builder
	b.Grow(len(text))
	offs := make([]int32, 0, len(text)+1)
	for i := 0; i < len(text); {
		if n := escapeLen(text, i); n > 0 {
			i += n
			continue
		}
		b.WriteByte(text[i])
		offs = append(offs, int32(i))
		i++
	}
	offs = append(offs, int32(len(text)))
	if b.Len() == len(text) {
		return layer{}, false
	}
	return layer{start: 0, end: len(text), text: b.String(), enc: "split by terminal escapes", offs: offs}, true
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
		end := min(len(text), j+1+maxString)
		for k := j + 1; k < end; k++ {
			switch {
			case text[k] == 0x07:
				return k + 1 - i
			case text[k] == esc && k+1 < len(text) && text[k+1] == '\\':
				return k + 2 - i
			}
		}
		return 2 // unterminated: the introducer only
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
