package shell

import (
	"strings"
	"unicode/utf8"
)

// The backslash escapes echo -e and printf's %b decode,
// one decoder for both, per shell, as bash 5 and zsh 5 read them (checked
// against both shells, see echoescapes_test.go):
//
//	             \0NNN  \NNN (1-7)  \xHH  \uHHHH \UHHHHHHHH  \c    \E
//	bash echo -e  yes    kept        1-2   1-4 / 1-8          stop  ESC
//	bash %b       yes    yes (3)     1-2   1-4 / 1-8          stop  ESC
//	zsh echo, %b  yes    kept        1-2   1-4 / 1-8          stop  kept
//
// \0 takes up to three octal digits after the zero, \1…\7 up to two more;
// a value over 0xff keeps its low byte. \x, \u, \U without a digit stay
// as written in bash and are a NUL in zsh. \a \b \e \f \n \r \t \v \\ are
// their characters; any other escape keeps its backslash. \c ends the
// output (stop). A NUL stays in the text: the caller cuts it where the
// shell does.

// escDialect is whose echo or %b a text is decoded as.
type escDialect int

const (
	escEchoBash   escDialect = iota // bash's echo -e (and xpg_echo)
	escBBash                        // bash's printf %b
	escZsh                          // zsh's echo and printf %b
	escFormatBash                   // bash's printf format
	escFormatZsh                    // zsh's printf format
	escDollarBash                   // bash's $'…' and ${v@E}
	escDollarZsh                    // zsh's $'…'
)

// escRules are what a dialect decodes beyond the common escapes.
type escRules struct {
	zeroOctal  bool // \0 then up to three octal digits
	plainOctal bool // \NNN, one to three octal digits (\0 among them unless zeroOctal)
	stopC      bool // \c ends the output
	ctrlC      bool // bash's \cX: control-X
	bigE       bool // \E is ESC
	quotes     bool // \' \" \? are the character
	zsh        bool // \x \u \U without a digit are a NUL
	drop       bool // zsh's $'…': another escape is its character, \C-x \M-x
}

// rules returns d's escRules.
func (d escDialect) rules() escRules {
	switch d {
	case escEchoBash:
		return escRules{zeroOctal: true, stopC: true, bigE: true}
	case escBBash:
		return escRules{zeroOctal: true, plainOctal: true, stopC: true, bigE: true}
	case escZsh:
		return escRules{zeroOctal: true, stopC: true, zsh: true}
	case escFormatBash:
		return escRules{plainOctal: true, bigE: true, quotes: true}
	case escFormatZsh:
		return escRules{plainOctal: true, stopC: true, zsh: true}
	case escDollarBash:
		return escRules{plainOctal: true, ctrlC: true, bigE: true, quotes: true}
	}
	return escRules{plainOctal: true, bigE: true, quotes: true, zsh: true, drop: true}
}

// echoEscapes decodes s as d reads it: the text, and stop true when a \c
// ended it.
func echoEscapes(s string, d escDialect) (out string, stop bool) {
	if !strings.Contains(s, `\`) {
		return s, false
	}
	var b strings.Builder
	r := d.rules()
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 >= len(s) {
			b.WriteByte(s[i])
			continue
		}
		n, stop := echoEscape(&b, s[i+1:], r)
		if stop {
			return b.String(), true
		}
		i += n
	}
	return b.String(), false
}

// echoEscape writes the escape whose letter starts t (the text after a
// backslash) and returns the bytes it spans after the backslash; stop
// for \c.
func echoEscape(b *strings.Builder, t string, r escRules) (int, bool) {
	c := t[0]
	switch {
	case c == 'c' && r.stopC:
		return 0, true
	case c == 'c' && r.ctrlC && len(t) > 1:
		b.WriteByte(control(t[1]))
		return 2, false
	case c == '0' && r.zeroOctal:
		v, n := octalRun(t[1:], 3)
		b.WriteByte(byte(v))
		return 1 + n, false
	case c >= '0' && c <= '7' && r.plainOctal:
		v, n := octalRun(t, 3)
		b.WriteByte(byte(v))
		return n, false
	case c == 'x' || c == 'u' || c == 'U':
		return hexEscape(b, t, r.zsh), false
	case c == 'E' && r.bigE:
		b.WriteByte(0x1b)
		return 1, false
	case (c == '\'' || c == '"' || c == '?') && r.quotes:
		b.WriteByte(c)
		return 1, false
	}
	if k := strings.IndexByte(`abefnrtv\`, c); k >= 0 {
		b.WriteByte("\a\b\x1b\f\n\r\t\v\\"[k])
		return 1, false
	}
	if r.drop {
		return zshDollarOther(b, t), false
	}
	b.WriteByte('\\')
	return 0, false
}

// control returns bash's control character of x (\cX): ? is DEL.
func control(x byte) byte {
	if x == '?' {
		return 0x7f
	}
	return toUpperASCII(x) & 0x1f
}

// toUpperASCII upper-cases an ASCII letter.
func toUpperASCII(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

// zshDollarOther writes an escape zsh's $'…' reads that the others do not:
// \C-x (control), \M-x (meta), any other its character; it returns the
// bytes spanned after the backslash.
func zshDollarOther(b *strings.Builder, t string) int {
	if len(t) > 2 && t[1] == '-' && (t[0] == 'C' || t[0] == 'M') {
		if t[0] == 'C' {
			b.WriteByte(control(t[2]))
		} else {
			b.WriteByte(t[2] | 0x80)
		}
		return 3
	}
	b.WriteByte(t[0])
	return 1
}

// hexEscape writes \xHH, \uHHHH or \UHHHHHHHH (t starts at the letter) and
// returns the bytes it spans.
func hexEscape(b *strings.Builder, t string, zsh bool) int {
	width := 2
	switch t[0] {
	case 'u':
		width = 4
	case 'U':
		width = 8
	}
	var v rune
	n := 0
	for n < width && 1+n < len(t) {
		dv, ok := digitOf(t[1+n])
		if !ok {
			break
		}
		v = v*16 + dv
		n++
	}
	switch {
	case n == 0 && zsh:
		b.WriteByte(0) // zsh: \x alone is a NUL
	case n == 0:
		b.WriteByte('\\')
		return 0
	case t[0] == 'x':
		b.WriteByte(byte(v))
	case v > utf8.MaxRune:
		b.WriteRune(utf8.RuneError)
	default:
		b.WriteRune(v)
	}
	return 1 + n
}

// octalRun returns the value of up to max octal digits at t's start and
// how many there were.
func octalRun(t string, max int) (int, int) {
	v, n := 0, 0
	for n < max && n < len(t) && t[n] >= '0' && t[n] <= '7' {
		v = v*8 + int(t[n]-'0')
		n++
	}
	return v, n
}

// digitOf returns the value of hex digit c.
func digitOf(c byte) (rune, bool) {
	switch {
	case c >= '0' && c <= '9':
		return rune(c - '0'), true
	case c >= 'a' && c <= 'f':
		return rune(c-'a') + 10, true
	case c >= 'A' && c <= 'F':
		return rune(c-'A') + 10, true
	}
	return 0, false
}

// bArgs returns format with its %b conversions made %s and args with the
// arguments those take decoded as d reads %b (the format is repeated
// while arguments remain); false when a \c in one ends the output, which
// guard does not follow.
func bArgs(format string, args []string, d escDialect) (string, []string, bool) {
	convs, f := formatConvs(format)
	if strings.IndexByte(convs, 'b') < 0 {
		return format, args, true
	}
	out := make([]string, len(args))
	for j, a := range args {
		out[j] = a
		if convs[j%len(convs)] == 'b' {
			s, stop := echoEscapes(a, d)
			if stop {
				return "", nil, false
			}
			out[j] = s
		}
	}
	return f, out, true
}

// formatConvs returns the conversion letters of a printf format that take
// an argument, in order, and the format with each %b made %s. A byte
// after a backslash is never a conversion's start.
func formatConvs(format string) (string, string) {
	var convs, f strings.Builder
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c == '\\' && i+1 < len(format) {
			f.WriteString(format[i : i+2])
			i++
			continue
		}
		if c != '%' {
			f.WriteByte(c)
			continue
		}
		j := i + 1
		for j < len(format) && strings.IndexByte("+- #0123456789.", format[j]) >= 0 {
			j++
		}
		if j >= len(format) {
			f.WriteString(format[i:])
			break
		}
		f.WriteString(format[i:j])
		switch l := format[j]; l {
		case '%':
			f.WriteByte('%')
		case 'b':
			convs.WriteByte('b')
			f.WriteByte('s')
		default:
			convs.WriteByte(l)
			f.WriteByte(l)
		}
		i = j
	}
	return convs.String(), f.String()
}

// formatText returns a printf format with the escapes of its text decoded
// as d reads them (the conversions kept as written), each % and backslash
// of the decoded text escaped for expand.Format, which then only applies
// the conversions. A \c that ends the output ends the format.
func formatText(format string, d escDialect) string {
	var b strings.Builder
	for format != "" {
		k := strings.IndexByte(format, '%')
		lit := format
		if k >= 0 {
			lit = format[:k]
		}
		dec, stop := echoEscapes(lit, d)
		for i := 0; i < len(dec); i++ {
			switch dec[i] {
			case '%':
				b.WriteString("%%")
			case '\\':
				b.WriteString(`\\`)
			default:
				b.WriteByte(dec[i])
			}
		}
		if stop || k < 0 {
			break
		}
		j := k + 1
		for j < len(format) && strings.IndexByte("+- #0123456789.", format[j]) >= 0 {
			j++
		}
		j = min(j+1, len(format))
		b.WriteString(format[k:j])
		format = format[j:]
	}
	return b.String()
}
