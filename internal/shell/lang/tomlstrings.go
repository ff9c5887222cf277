package lang

// TOML string values without a TOML library: TOMLKeyStrings decodes the
// strings a task file gives some keys (lefthook.toml's run = "…", mise's
// run = […]) as a TOML parser does: basic strings with their escapes
// (\n, \t, \uXXXX, \UXXXXXXXX, TOML 1.1's \xHH and \e), literal strings,
// the multi-line forms (a line-ending backslash in a basic one joins the
// next non-blank text), and arrays of them. A value of such a key it does
// not decode (an inline table, a bad escape, an unclosed string) makes it
// answer false: the caller cannot tell what runs.

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/guardhq/guard/internal/shell/word"
)

// maxTOMLValues bounds the values TOMLKeyStrings returns.
const maxTOMLValues = 1024

// TOMLKeyStrings returns the decoded strings of every value toml text t
// gives a key whose last dotted part is in keys (run, x.run, "run"), in
// order; false when such a value is not strings guard decodes.
func TOMLKeyStrings(t string, keys word.Set) ([]string, bool) {
	var out []string
	for i := 0; i < len(t); {
		e := strings.IndexByte(t[i:], '\n')
		if e < 0 {
			e = len(t) - i
		}
		line := t[i : i+e]
		k, _, ok := strings.Cut(line, "=")
		k = strings.TrimSpace(k)
		if dot := strings.LastIndexByte(k, '.'); dot >= 0 {
			k = strings.TrimSpace(k[dot+1:])
		}
		k = strings.Trim(k, `"'`)
		if !ok || strings.HasPrefix(strings.TrimSpace(line), "#") || strings.HasPrefix(strings.TrimSpace(line), "[") || !keys.Has(k) {
			i += e + 1
			continue
		}
		at := i + strings.IndexByte(line, '=') + 1
		vs, next, ok := tomlValue(t, skipTOMLBlank(t, at, false))
		if !ok || len(out)+len(vs) > maxTOMLValues {
			return nil, false
		}
		out = append(out, vs...)
		i = next
	}
	return out, true
}

// skipTOMLBlank passes blanks, and with lines line breaks and comments
// (inside an array).
func skipTOMLBlank(t string, i int, lines bool) int {
	for i < len(t) {
		switch c := t[i]; {
		case c == ' ' || c == '\t':
			i++
		case lines && (c == '\n' || c == '\r'):
			i++
		case lines && c == '#':
			for i < len(t) && t[i] != '\n' {
				i++
			}
		default:
			return i
		}
	}
	return i
}

// tomlValue reads the string or the array of strings at t[i]: its
// strings and where reading goes on.
func tomlValue(t string, i int) ([]string, int, bool) {
	if i < len(t) && t[i] == '[' {
		var out []string
		for i = skipTOMLBlank(t, i+1, true); i < len(t) && t[i] != ']'; i = skipTOMLBlank(t, i, true) {
			vs, next, ok := tomlValue(t, i)
			if !ok {
				return nil, 0, false
			}
			out = append(out, vs...)
			if i = skipTOMLBlank(t, next, true); i < len(t) && t[i] == ',' {
				i++
			}
		}
		if i >= len(t) {
			return nil, 0, false
		}
		return out, i + 1, true
	}
	s, next, ok := tomlString(t, i)
	if !ok {
		return nil, 0, false
	}
	return []string{s}, next, true
}

// tomlString reads the string at t[i] in any of TOML's four forms.
func tomlString(t string, i int) (string, int, bool) {
	switch {
	case strings.HasPrefix(t[i:], `"""`):
		e := strings.Index(t[i+3:], `"""`)
		if e < 0 {
			return "", 0, false
		}
		end := i + 3 + e
		for end+3 < len(t) && t[end+3] == '"' {
			end++ // """a"""" ends with a quote of its text
		}
		s, ok := tomlBasic(strings.TrimPrefix(strings.TrimPrefix(t[i+3:end], "\r"), "\n"), true)
		return s, end + 3, ok
	case strings.HasPrefix(t[i:], "'''"):
		e := strings.Index(t[i+3:], "'''")
		if e < 0 {
			return "", 0, false
		}
		return strings.TrimPrefix(strings.TrimPrefix(t[i+3:i+3+e], "\r"), "\n"), i + 6 + e, true
	case i < len(t) && t[i] == '"':
		e := quoteEnd(t, i)
		if e < 0 || strings.ContainsAny(t[i:e], "\n") {
			return "", 0, false
		}
		s, ok := tomlBasic(t[i+1:e], false)
		return s, e + 1, ok
	case i < len(t) && t[i] == '\'':
		e := strings.IndexByte(t[i+1:], '\'')
		if e < 0 || strings.ContainsAny(t[i+1:i+1+e], "\n") {
			return "", 0, false
		}
		return t[i+1 : i+1+e], i + 2 + e, true
	}
	return "", 0, false
}

// tomlBasic decodes the escapes of a basic string's text s; multi: a
// line-ending backslash joins the next non-blank text.
func tomlBasic(s string, multi bool) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' {
			b.WriteByte(s[i])
			continue
		}
		if i+1 >= len(s) {
			return "", false
		}
		i++
		switch c := s[i]; c {
		case 'b':
			b.WriteByte('\b')
		case 't':
			b.WriteByte('\t')
		case 'n':
			b.WriteByte('\n')
		case 'f':
			b.WriteByte('\f')
		case 'r':
			b.WriteByte('\r')
		case 'e':
			b.WriteByte(0x1b)
		case '"', '\\':
			b.WriteByte(c)
		case 'x', 'u', 'U':
			n := map[byte]int{'x': 2, 'u': 4, 'U': 8}[c]
			if i+n >= len(s) {
				return "", false
			}
			v, err := strconv.ParseUint(s[i+1:i+1+n], 16, 32)
			if err != nil || !utf8.ValidRune(rune(v)) {
				return "", false
			}
			b.WriteRune(rune(v))
			i += n
		case ' ', '\t', '\n', '\r':
			j := i
			for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
				j++
			}
			if !multi || j < len(s) && s[j] != '\n' && s[j] != '\r' {
				return "", false
			}
			for j < len(s) && strings.IndexByte(" \t\r\n", s[j]) >= 0 {
				j++
			}
			i = j - 1 // a line-ending backslash: the line break and blanks after it go
		default:
			return "", false
		}
	}
	return b.String(), true
}
