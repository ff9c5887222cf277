package lang

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// The include and escape layers of task files' own languages: an XML
// build file's entities and character references (ant), meson's string
// escapes and its calls' argument expressions. A task file is read
// through its layer, or guard cannot tell what it runs.

// DecodeXML returns XML text with its predefined entities and character
// references decoded (&gt; is >, &#105; is i), as a parser hands
// attribute values and text to the program; false when the document
// declares entities (a DOCTYPE's internal subset, <!ENTITY … SYSTEM
// "f">: another file's text in its place) or uses one not predefined.
func DecodeXML(text string) (string, bool) {
	if strings.Contains(text, "<!ENTITY") || strings.Contains(text, "<!DOCTYPE") && strings.Contains(text, "[") {
		return "", false
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(text, '&')
		if i < 0 {
			b.WriteString(text)
			return b.String(), true
		}
		b.WriteString(text[:i])
		end := strings.IndexByte(text[i:], ';')
		if end < 0 {
			return "", false
		}
		r, ok := xmlEntity(text[i+1 : i+end])
		if !ok {
			return "", false
		}
		b.WriteString(r)
		text = text[i+end+1:]
	}
}

// xmlEntity returns the text of entity reference name (between & and ;).
func xmlEntity(name string) (string, bool) {
	switch name {
	case "lt":
		return "<", true
	case "gt":
		return ">", true
	case "amp":
		return "&", true
	case "quot":
		return `"`, true
	case "apos":
		return "'", true
	}
	num, ok := strings.CutPrefix(name, "#")
	if !ok {
		return "", false
	}
	base := 10
	if h, ok := strings.CutPrefix(num, "x"); ok {
		num, base = h, 16
	}
	n, err := strconv.ParseUint(num, base, 32)
	if err != nil || !utf8.ValidRune(rune(n)) {
		return "", false
	}
	return string(rune(n)), true
}

// DecodeMesonEscapes returns meson source text with its strings' escapes
// decoded (\x3e is >, \u0024 is $, \101 is A, \n a newline); false for
// \N{name}, which guard does not decode.
func DecodeMesonEscapes(text string) (string, bool) {
	if !strings.Contains(text, `\`) {
		return text, true
	}
	var b strings.Builder
	for i := 0; i < len(text); i++ {
		if text[i] != '\\' || i+1 >= len(text) {
			b.WriteByte(text[i])
			continue
		}
		c := text[i+1]
		switch {
		case c == 'N':
			return "", false
		case c == 'x' || c == 'u' || c == 'U':
			n := 2
			if c == 'u' {
				n = 4
			} else if c == 'U' {
				n = 8
			}
			v, err := strconv.ParseUint(text[i+2:min(i+2+n, len(text))], 16, 32)
			if err != nil || i+2+n > len(text) || !utf8.ValidRune(rune(v)) {
				return "", false
			}
			b.WriteRune(rune(v))
			i += 1 + n
		case c >= '0' && c <= '7':
			k := i + 1
			for k < len(text) && k < i+4 && text[k] >= '0' && text[k] <= '7' {
				k++
			}
			v, _ := strconv.ParseUint(text[i+1:k], 8, 32)
			b.WriteRune(rune(v))
			i = k - 1
		default:
			b.WriteString(strings.NewReplacer("n", "\n", "t", "\t", "r", "\r", "a", "\a", "b", "\b", "f", "\f", "v", "\v").Replace(string(c)))
			i++
		}
	}
	return b.String(), true
}

// MesonCallArgs returns the first argument of each call of meson function
// fn in text (subdir('src')): a string literal without escapes, the call
// as meson's lexer reads it (blanks and newlines around the parenthesis,
// '…' or ”'…”' strings, # comments). False when fn is named in another
// form: an expression, a variable, a second operand (subdir('ev' + 'il'),
// subdir(d), subdir('a' / 'b')), an escape, an f-string: what it names
// guard cannot tell.
func MesonCallArgs(text, fn string) ([]string, bool) {
	var out []string
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case c == '#':
			for i < len(text) && text[i] != '\n' {
				i++
			}
		case c == '\'':
			end := mesonStringEnd(text, i)
			if end < 0 {
				return out, false
			}
			i = end - 1
		case isIdentByte(c) && (i == 0 || !isIdentByte(text[i-1])) && strings.HasPrefix(text[i:], fn) &&
			(i+len(fn) >= len(text) || !isIdentByte(text[i+len(fn)])):
			arg, ok := mesonLiteralCall(text[i+len(fn):])
			if !ok {
				return out, false
			}
			out = append(out, arg)
			i += len(fn) - 1
		}
	}
	return out, true
}

// mesonLiteralCall reads ( 'lit' ) or ( 'lit' , … after a function's name.
func mesonLiteralCall(s string) (string, bool) {
	s = strings.TrimLeft(s, " \t")
	s, ok := strings.CutPrefix(s, "(")
	if !ok {
		return "", false
	}
	s = strings.TrimLeft(s, " \t\r\n")
	if !strings.HasPrefix(s, "'") || strings.HasPrefix(s, "'''") {
		return "", false
	}
	end := mesonStringEnd(s, 0)
	if end < 0 || strings.Contains(s[1:end-1], `\`) {
		return "", false
	}
	rest := strings.TrimLeft(s[end:], " \t\r\n")
	if !strings.HasPrefix(rest, ")") && !strings.HasPrefix(rest, ",") {
		return "", false
	}
	return s[1 : end-1], true
}

// mesonStringEnd returns the index just past the string starting at
// text[i] ('…' or ”'…”'), -1 when it does not end.
func mesonStringEnd(text string, i int) int {
	if strings.HasPrefix(text[i:], "'''") {
		end := strings.Index(text[i+3:], "'''")
		if end < 0 {
			return -1
		}
		return i + 3 + end + 3
	}
	for k := i + 1; k < len(text); k++ {
		switch text[k] {
		case '\\':
			k++
		case '\'':
			return k + 1
		case '\n':
			return -1
		}
	}
	return -1
}
