// Package gitconfig reads git configuration text as git's config.c
// (git_parse_source, get_base_var, get_extended_base_var, get_value,
// parse_value) reads it: a stream of bytes, not of lines. It is pure: the
// caller reads the file.
package gitconfig

import (
	"fmt"
	"strings"
)

// Setting is one setting of git configuration text: Key is its name as git
// gives it to its callbacks (section[.subsection].name: the section and the
// name lower-cased, a subsection as written, or lower-cased in the old
// [section.sub] form), Value its value. NoValue marks a key written without
// '=' (git's boolean true: no value at all, not an empty one).
type Setting struct {
	Key, Value string
	NoValue    bool
}

// Error says the text is not one guard reads as git does: git stops at
// the line (a bad escape, an unterminated quote or header, a character no
// key takes), or the text holds what guard does not read (a NUL byte, more
// settings than the caller's bound).
type Error struct {
	Line int
	What string
}

// Error implements error: where and what ("line 2: an unterminated
// quote"), for a reason that says guard cannot read the text as git does.
func (e *Error) Error() string {
	return fmt.Sprintf("line %d: %s", e.Line, e.What)
}

// bom is the UTF-8 byte order mark git skips at the start of a file.
const bom = "\xef\xbb\xbf"

// Read returns the settings of git configuration text in the order git
// reads them, at most max. Text git would not read (git errors out), or
// guard does not read as git does, is an *Error, returned with the
// settings before it.
func Read(text string, max int) ([]Setting, error) {
	if i := strings.IndexByte(text, 0); i >= 0 {
		return nil, &Error{1 + strings.Count(text[:i], "\n"), "a NUL byte"}
	}
	r := &reader{text: text, line: 1}
	if strings.HasPrefix(text, "\xef") {
		if !strings.HasPrefix(text, bom) {
			return nil, r.fail("a partial byte order mark")
		}
		r.pos = len(bom)
	}
	var out []Setting
	section, comment := "", false
	for {
		c := r.next()
		switch {
		case c == '\n' && r.eof:
			return out, nil
		case c == '\n':
			comment = false
		case comment || isSpace(c):
		case c == '#' || c == ';':
			comment = true
		case c == '[':
			name, err := r.header()
			if err != nil {
				return out, err
			}
			section = name + "."
		case !isAlpha(c):
			return out, r.fail(fmt.Sprintf("%q starts no key", rune(c)))
		case len(out) >= max:
			return out, r.fail("more settings than guard reads")
		default:
			s, err := r.setting(section + string(lower(c)))
			if err != nil {
				return out, err
			}
			out = append(out, s)
		}
	}
}

// reader is git's config_source over text: next is get_next_char.
type reader struct {
	text string
	pos  int
	line int
	eof  bool
}

// next returns the next byte: \r\n as \n, the end of the text as \n with
// eof set (at every call after it too).
func (r *reader) next() byte {
	if r.pos >= len(r.text) {
		r.eof = true
		return '\n'
	}
	c := r.text[r.pos]
	r.pos++
	if c == '\r' && r.pos < len(r.text) && r.text[r.pos] == '\n' {
		r.pos++
		c = '\n'
	}
	if c == '\n' {
		r.line++
	}
	return c
}

// fail returns the error of what at the line being read.
func (r *reader) fail(what string) error {
	return &Error{r.line, what}
}

// header reads a section header after its '[' (get_base_var): [name]
// (letters, digits, '-' and '.', lower-cased) or [name "sub"].
func (r *reader) header() (string, error) {
	var name []byte
	for {
		c := r.next()
		switch {
		case r.eof:
			return "", r.fail("an unterminated section header")
		case c == ']' && len(name) == 0:
			return "", r.fail("an empty section name")
		case c == ']':
			return string(name), nil
		case isSpace(c):
			return r.subsection(string(name), c)
		case !isKeyChar(c) && c != '.':
			return "", r.fail(fmt.Sprintf("%q in a section name", rune(c)))
		}
		name = append(name, lower(c))
	}
}

// subsection reads the rest of a header [name "sub"] after the blank c
// that ended its name (get_extended_base_var): blanks, a quoted
// subsection whose backslash takes the next byte as itself, and ']' right
// after the closing quote.
func (r *reader) subsection(name string, c byte) (string, error) {
	for {
		if c == '\n' {
			return "", r.fail("an unterminated section header")
		}
		if c = r.next(); !isSpace(c) {
			break
		}
	}
	if c != '"' {
		return "", r.fail("a section header without a quoted subsection")
	}
	sub := []byte(name + ".")
	for {
		c := r.next()
		if c == '\\' {
			c = r.next()
		} else if c == '"' {
			break
		}
		if c == '\n' {
			return "", r.fail("an unterminated subsection")
		}
		sub = append(sub, c)
	}
	if r.next() != ']' {
		return "", r.fail("a subsection not followed by ']'")
	}
	return string(sub), nil
}

// setting reads a key's name after its first letter (in key) and its
// value (get_value): letters, digits and '-', lower-cased; blanks; then
// the end of the line (no value) or '=' and the value.
func (r *reader) setting(key string) (Setting, error) {
	name := []byte(key)
	var c byte
	for {
		c = r.next()
		if r.eof || !isKeyChar(c) {
			break
		}
		name = append(name, lower(c))
	}
	for c == ' ' || c == '\t' {
		c = r.next()
	}
	switch {
	case c == '\n':
		return Setting{Key: string(name), NoValue: true}, nil
	case c != '=':
		return Setting{}, r.fail(fmt.Sprintf("%q after the key %s", rune(c), name))
	}
	v, err := r.value()
	if err != nil {
		return Setting{}, err
	}
	return Setting{Key: string(name), Value: v}, nil
}

// value reads a value after its '=' to the end of its line
// (parse_value): blanks outside quotes between words kept as one space
// each, leading and trailing ones dropped; '"' toggling quotes; ';' or '#'
// outside them starting a comment; a backslash before a newline joining
// the next line, before n, t, b, '"' or '\' an escape, before anything
// else an error, as is a newline inside quotes.
func (r *reader) value() (string, error) {
	var b []byte
	quote, comment, space := false, false, 0
	for {
		c := r.next()
		switch {
		case c == '\n' && quote:
			return "", r.fail("an unterminated quote")
		case c == '\n':
			return string(b), nil
		case comment:
			continue
		case isSpace(c) && !quote:
			if len(b) > 0 {
				space++
			}
			continue
		case !quote && (c == ';' || c == '#'):
			comment = true
			continue
		}
		for ; space > 0; space-- {
			b = append(b, ' ')
		}
		switch c {
		case '"':
			quote = !quote
		case '\\':
			switch e := r.next(); e {
			case '\n': // the value goes on on the next line
			case 'n':
				b = append(b, '\n')
			case 't':
				b = append(b, '\t')
			case 'b':
				b = append(b, '\b')
			case '"', '\\':
				b = append(b, e)
			default:
				return "", r.fail("an escape git does not take")
			}
		default:
			b = append(b, c)
		}
	}
}

// isSpace is git's isspace: space, tab, newline and carriage return (not
// the vertical tab or the form feed).
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r'
}

// isAlpha is git's isalpha: an ASCII letter.
func isAlpha(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// isKeyChar is git's iskeychar: an ASCII letter or digit, or '-'.
func isKeyChar(c byte) bool {
	return isAlpha(c) || '0' <= c && c <= '9' || c == '-'
}

// lower lower-cases an ASCII letter.
func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}
