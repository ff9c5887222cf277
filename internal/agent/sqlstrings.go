package agent

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// SQL's string forms in a text value (review 19b F2): a server hands an
// SQL statement to a database that joins and decodes its strings before it
// opens the file they name (VACUUM INTO '/h/ho'||'me/.bash_login', COPY t
// TO E'\x2fh/.bashrc', U&'\002fh/.bashrc', $$/h/.bashrc$$). sqlStrings
// reads them the SQL way; a join operand that is not a literal (chr(47), a
// column) and an escape it cannot decode are unknownPart: guard cannot
// tell what they hold.

// maxSQLStrings bounds the strings sqlStrings returns.
const maxSQLStrings = 64

// sqlStrings returns the strings of text read as SQL does that plain
// quoting (stringLiterals) does not give: literals joined by || or by
// blanks only (a continued literal), E'…' and U&'…' with their escapes
// decoded, and dollar-quoted bodies ($$…$$, $tag$…$tag$).
func sqlStrings(text string) []string {
	var out []string
	var cur strings.Builder
	pieces, special := 0, false
	flush := func() {
		if pieces > 1 || special {
			out = append(out, cur.String())
		}
		cur.Reset()
		pieces, special = 0, false
	}
	for i := 0; i < len(text) && len(out) < maxSQLStrings; {
		s, end, dec := sqlLiteralAt(text, i)
		if end < 0 {
			i++
			continue
		}
		if pieces == 0 && strings.HasSuffix(strings.TrimRight(text[:i], " \t\r\n"), "||") {
			cur.WriteString(unknownPart) // chr(47)||'tmp/…'
			special = true
		}
		cur.WriteString(s)
		pieces++
		special = special || dec
		i = end
		rest := strings.TrimLeft(text[i:], " \t\r\n")
		if _, e, _ := sqlLiteralAt(rest, 0); e >= 0 {
			i = len(text) - len(rest) // 'a' 'b', 'a'\n'b': one literal
			continue
		}
		if r, ok := strings.CutPrefix(rest, "||"); ok {
			r = strings.TrimLeft(r, " \t\r\n")
			if _, e, _ := sqlLiteralAt(r, 0); e >= 0 {
				i = len(text) - len(r)
				continue
			}
			cur.WriteString(unknownPart) // '…'||chr(47)
			special = true
		}
		flush()
	}
	return out
}

// sqlLiteralAt reads an SQL string literal starting at text[i]: '…' (a
// doubled quote is one), E'…' (backslash escapes), U&'…' (\XXXX escapes) or $tag$…$tag$.
// It returns the literal's value, where it ends (-1: none starts at i) and
// whether it was decoded or dollar-quoted.
func sqlLiteralAt(text string, i int) (string, int, bool) {
	if i >= len(text) {
		return "", -1, false
	}
	prefixOK := i == 0 || !isWordByte(text[i-1])
	switch {
	case text[i] == '\'':
		s, end := quotedSQL(text, i)
		return s, end, false
	case prefixOK && (text[i] == 'E' || text[i] == 'e') && i+1 < len(text) && text[i+1] == '\'':
		s, end := quotedSQL(text, i+1)
		if end < 0 {
			return "", -1, false
		}
		return decodeEscapes(s), end, true
	case prefixOK && (text[i] == 'U' || text[i] == 'u') && strings.HasPrefix(text[i+1:], "&'"):
		s, end := quotedSQL(text, i+2)
		if end < 0 {
			return "", -1, false
		}
		if strings.HasPrefix(strings.ToUpper(strings.TrimLeft(text[end:], " \t\r\n")), "UESCAPE") {
			return unknownPart, end, true // an escape character of its own
		}
		return decodeUnicode(s), end, true
	case text[i] == '$' && prefixOK:
		return dollarQuoted(text, i)
	}
	return "", -1, false
}

// quotedSQL reads the '…' literal whose quote is text[q], a doubled quote
// standing for one; end is -1 when it is not closed.
func quotedSQL(text string, q int) (string, int) {
	var b strings.Builder
	for k := q + 1; k < len(text); k++ {
		if text[k] != '\'' {
			b.WriteByte(text[k])
			continue
		}
		if k+1 < len(text) && text[k+1] == '\'' {
			b.WriteByte('\'')
			k++
			continue
		}
		return b.String(), k + 1
	}
	return "", -1
}

// dollarQuoted reads a dollar-quoted body ($$…$$, $tag$…$tag$) at text[i].
func dollarQuoted(text string, i int) (string, int, bool) {
	k := i + 1
	for k < len(text) && (isWordByte(text[k]) && !(k == i+1 && text[k] >= '0' && text[k] <= '9')) {
		k++
	}
	if k >= len(text) || text[k] != '$' {
		return "", -1, false
	}
	tag := text[i : k+1]
	e := strings.Index(text[k+1:], tag)
	if e < 0 {
		return "", -1, false
	}
	return text[k+1 : k+1+e], k + 1 + e + len(tag), true
}

// decodeEscapes undoes the backslash escapes of an E'…' string: \b \f \n
// \r \t, \ooo, \xHH, \uXXXX, \UXXXXXXXX, and \c for any other c.
func decodeEscapes(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		i++
		switch c := s[i]; {
		case strings.IndexByte("bfnrt", c) >= 0:
			b.WriteByte("\b\f\n\r\t"[strings.IndexByte("bfnrt", c)])
		case c >= '0' && c <= '7':
			n := 1
			for n < 3 && i+n < len(s) && s[i+n] >= '0' && s[i+n] <= '7' {
				n++
			}
			v, _ := strconv.ParseUint(s[i:i+n], 8, 8)
			b.WriteByte(byte(v))
			i += n - 1
		case c == 'x' || c == 'u' || c == 'U':
			n := map[byte]int{'x': 2, 'u': 4, 'U': 8}[c]
			i += writeHexRune(&b, s[i+1:], n, c == 'x')
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// decodeUnicode undoes the escapes of a U&'…' string: \XXXX, \+XXXXXX
// and \\.
func decodeUnicode(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] != '\\' || i+1 == len(s):
			b.WriteByte(s[i])
		case s[i+1] == '\\':
			b.WriteByte('\\')
			i++
		case s[i+1] == '+':
			i += 1 + writeHexRune(&b, s[i+2:], 6, false)
		default:
			i += writeHexRune(&b, s[i+1:], 4, false)
		}
	}
	return b.String()
}

// writeHexRune writes the character the up to n hex digits at the start
// of s give (a byte when asByte: \xHH takes one or two) and returns how
// many it read; none is unknownPart.
func writeHexRune(b *strings.Builder, s string, n int, asByte bool) int {
	k := 0
	for k < n && k < len(s) && isHex(s[k]) {
		k++
	}
	if k == 0 || !asByte && k < n {
		b.WriteString(unknownPart)
		return k
	}
	v, _ := strconv.ParseUint(s[:k], 16, 32)
	switch {
	case asByte:
		b.WriteByte(byte(v))
	case v == 0 || !utf8.ValidRune(rune(v)):
		b.WriteString(unknownPart)
	default:
		b.WriteRune(rune(v))
	}
	return k
}

// isWordByte reports whether b may be part of an SQL identifier.
func isWordByte(b byte) bool {
	return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}
