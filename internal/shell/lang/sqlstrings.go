package lang

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// SQL's string forms: a database joins and decodes a
// statement's strings before it opens the file they name: '…' (a doubled
// quote for one; sqlite takes "…" for a string where no column is meant),
// E'…' with backslash escapes, U&'…' with \XXXX escapes, dollar-quoted
// bodies ($$…$$, $tag$…$tag$), and pieces joined by || or by blanks only
// (a continued literal: VACUUM INTO '/h/ho'||'me/.bash_login'). A joined
// piece that is not a literal (chr(47), a column) and an escape that does
// not decode are unknownByte: guard cannot tell what they hold.

// maxSQLStrings bounds the strings SQLStrings returns.
const maxSQLStrings = 64

// SQLString is one string expression of SQL text as the database reads it.
type SQLString struct {
	// Value is its text, joined and decoded; unknownByte stands for a
	// part guard cannot tell.
	Value string
	// Start and End bound it in the SQL text.
	Start, End int
	// Pieces counts the literals joined.
	Pieces int
	// Decoded: a piece is E'…', U&'…' or dollar-quoted, or a part is not known.
	Decoded bool
	// Backslash: a plain '…' or "…" piece holds a backslash, which MySQL
	// reads as an escape ('/h/.s\sh' is /h/.ssh).
	Backslash bool
}

// Known reports whether every part of the string is known.
func (s SQLString) Known() bool { return !strings.Contains(s.Value, unknownByte) }

// SQLStringAt reads the string expression whose first literal starts at
// sql[i], after blanks: its pieces joined by || or by blanks. A piece
// joined by || that is not a literal makes a part unknown. ok is false
// when no literal starts there.
func SQLStringAt(sql string, i int) (SQLString, bool) {
	i = sqlSkipBlank(sql, i)
	s := SQLString{Start: i, End: i}
	var b strings.Builder
	for {
		p, ok := sqlPieceAt(sql, s.End)
		if !ok {
			break
		}
		b.WriteString(p.Value)
		s.Pieces++
		s.Decoded = s.Decoded || p.Decoded
		s.Backslash = s.Backslash || p.Backslash
		s.End = p.End
		k := sqlSkipBlank(sql, s.End)
		if _, ok := sqlPieceAt(sql, k); ok {
			s.End = k // 'a' 'b', 'a'\n'b': one literal
			continue
		}
		if !strings.HasPrefix(sql[k:], "||") {
			break
		}
		if _, ok := sqlPieceAt(sql, sqlSkipBlank(sql, k+2)); ok {
			s.End = sqlSkipBlank(sql, k+2)
			continue
		}
		b.WriteString(unknownByte) // '…'||chr(47)
		s.Decoded = true
		break
	}
	s.Value = b.String()
	return s, s.Pieces > 0
}

// SQLStrings returns the string expressions of SQL text sql, in order (at
// most maxSQLStrings); one a || joins to a piece before it that is not a
// literal (chr(47)||'tmp/…') starts with an unknown part.
func SQLStrings(sql string) []SQLString {
	var out []SQLString
	for i := 0; i < len(sql) && len(out) < maxSQLStrings; {
		s, ok := SQLStringAt(sql, i)
		if !ok || s.Start != i {
			i++
			continue
		}
		if strings.HasSuffix(strings.TrimRight(sql[:i], " \t\r\n"), "||") {
			s.Value = unknownByte + s.Value
			s.Decoded = true
		}
		out = append(out, s)
		i = s.End
	}
	return out
}

// sqlPieceAt reads one SQL string literal starting at sql[i]: '…' or "…"
// (a doubled quote is one), E'…', U&'…' or $tag$…$tag$.
func sqlPieceAt(sql string, i int) (SQLString, bool) {
	if i >= len(sql) {
		return SQLString{}, false
	}
	prefixOK := i == 0 || !sqlIdentStart(sql[i-1]) && (sql[i-1] < '0' || sql[i-1] > '9')
	switch c := sql[i]; {
	case c == '\'' || c == '"':
		v, end := sqlQuoted(sql, i)
		return SQLString{Value: v, End: end, Backslash: strings.Contains(v, `\`)}, end >= 0
	case prefixOK && (c == 'E' || c == 'e') && i+1 < len(sql) && sql[i+1] == '\'':
		v, end := sqlQuoted(sql, i+1)
		return SQLString{Value: sqlDecodeEscapes(v), End: end, Decoded: true}, end >= 0
	case prefixOK && (c == 'U' || c == 'u') && strings.HasPrefix(sql[i+1:], "&'"):
		v, end := sqlQuoted(sql, i+2)
		if end >= 0 && strings.HasPrefix(asciiLower(strings.TrimLeft(sql[end:], " \t\r\n")), "uescape") {
			v = unknownByte // an escape character of its own
		}
		return SQLString{Value: sqlDecodeUnicode(v), End: end, Decoded: true}, end >= 0
	case c == '$' && prefixOK:
		return sqlDollarQuoted(sql, i)
	}
	return SQLString{}, false
}

// sqlQuoted reads the literal whose quote is sql[q], a doubled quote
// standing for one; end is -1 when it is not closed.
func sqlQuoted(sql string, q int) (string, int) {
	var b strings.Builder
	for k := q + 1; k < len(sql); k++ {
		if sql[k] != sql[q] {
			b.WriteByte(sql[k])
			continue
		}
		if k+1 < len(sql) && sql[k+1] == sql[q] {
			b.WriteByte(sql[q])
			k++
			continue
		}
		return b.String(), k + 1
	}
	return "", -1
}

// sqlDollarQuoted reads a dollar-quoted body ($$…$$, $tag$…$tag$) at sql[i].
func sqlDollarQuoted(sql string, i int) (SQLString, bool) {
	k := i + 1
	for k < len(sql) && sqlIdent(sql[k]) && sql[k] != '$' && !(k == i+1 && sql[k] >= '0' && sql[k] <= '9') {
		k++
	}
	if k >= len(sql) || sql[k] != '$' {
		return SQLString{}, false
	}
	tag := sql[i : k+1]
	e := strings.Index(sql[k+1:], tag)
	if e < 0 {
		return SQLString{}, false
	}
	return SQLString{Value: sql[k+1 : k+1+e], End: k + 1 + e + len(tag), Decoded: true}, true
}

// sqlDecodeEscapes undoes the backslash escapes of an E'…' string (sqlEscape).
func sqlDecodeEscapes(s string) string {
	var b strings.Builder
	for {
		before, after, ok := strings.Cut(s, `\`)
		b.WriteString(before)
		if !ok || after == "" {
			if ok {
				b.WriteByte('\\')
			}
			return b.String()
		}
		s = after[sqlEscape(&b, after):]
	}
}

// sqlEscape writes what the E'…' escape whose backslash comes before t
// stands for — \b \f \n \r \t, \ooo, \xHH, \uXXXX, \UXXXXXXXX, and c for
// any other \c — and returns how many bytes of t it spans.
func sqlEscape(b *strings.Builder, t string) int {
	switch c := t[0]; {
	case strings.IndexByte("bfnrt", c) >= 0:
		b.WriteByte("\b\f\n\r\t"[strings.IndexByte("bfnrt", c)])
	case c >= '0' && c <= '7':
		n := 1
		for n < 3 && n < len(t) && t[n] >= '0' && t[n] <= '7' {
			n++
		}
		v, _ := strconv.ParseUint(t[:n], 8, 16)
		b.WriteByte(byte(v))
		return n
	case c == 'x':
		return 1 + sqlHexRune(b, t[1:], 2, true)
	case c == 'u':
		return 1 + sqlHexRune(b, t[1:], 4, false)
	case c == 'U':
		return 1 + sqlHexRune(b, t[1:], 8, false)
	default:
		b.WriteByte(c)
	}
	return 1
}

// sqlDecodeUnicode undoes the escapes of a U&'…' string: \XXXX, \+XXXXXX
// and \\.
func sqlDecodeUnicode(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] != '\\' || i+1 == len(s):
			b.WriteByte(s[i])
		case s[i+1] == '\\':
			b.WriteByte('\\')
			i++
		case s[i+1] == '+':
			i += 1 + sqlHexRune(&b, s[i+2:], 6, false)
		default:
			i += sqlHexRune(&b, s[i+1:], 4, false)
		}
	}
	return b.String()
}

// sqlHexRune writes the character the up to n hex digits at the start of
// s give (a byte when asByte: \xHH takes one or two) and returns how many
// it read; none, too few, NUL or no character is unknownByte.
func sqlHexRune(b *strings.Builder, s string, n int, asByte bool) int {
	k := hexRun(s, n)
	if k == 0 || !asByte && k < n {
		b.WriteString(unknownByte)
		return k
	}
	v := hexVal(s[:k])
	switch {
	case v == 0 || !asByte && !utf8.ValidRune(v):
		b.WriteString(unknownByte)
	case asByte:
		b.WriteByte(byte(v))
	default:
		b.WriteRune(v)
	}
	return k
}
