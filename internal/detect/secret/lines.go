package secret

import "strings"

// Password file lines: a PostgreSQL password file (.pgpass) holds one
// credential a line, host:port:database:user:password, with no key
// naming the secret. The keyed detector's keywords ":0" to ":9" and ":*"
// lead here; a colon not followed by a port (or grep's line number) and
// another colon costs a few bytes, and only such a colon reads its line.

// maxLine bounds a password file line.
const maxLine = 1024

// pgpassAt reads the line holding the colon at text[i] as a .pgpass line
// (behind grep's file:line: or file: prefix): five fields, the port
// digits or *, host, database and user without blanks, and a password
// that is a credential (value.go). The match is the password; ns and ne
// are the colon alone, so that the keywords around it still lead to the
// keyed detector.
func pgpassAt(text string, i int) (sp span, ns, ne int, ok bool) {
	ns, ne = i, i+1
	if !portAfter(text, i+1) {
		return span{}, ns, ne, false // most colons: x := y, "k": v, 12:30
	}
	ls, colons := i, 0
	for ls > 0 && text[ls-1] != '\n' {
		if text[ls-1] == ':' {
			colons++
		}
		if colons > 2 || i-ls >= maxLine {
			return span{}, ns, ne, false // not before a port, or too long
		}
		ls--
	}
	le := i
	for le < len(text) && text[le] != '\n' && text[le] != '\r' {
		if le-ls > maxLine {
			return span{}, ns, ne, false
		}
		le++
	}
	var f [8][2]int // the fields' bounds
	n := 0
	start := ls
	for p := ls; p <= le; p++ {
		if p < le && text[p] == '\\' {
			p++ // an escaped : or \ inside a field
			continue
		}
		if p < le && text[p] != ':' {
			continue
		}
		if n == len(f) {
			return span{}, ns, ne, false
		}
		f[n] = [2]int{start, min(p, le)}
		n++
		start = p + 1
	}
	fields := f[:n]
	switch {
	case n == 6:
		fields = fields[1:] // file:
	case n == 7 && numeric(text[f[1][0]:f[1][1]]) && f[1][1] > f[1][0]:
		fields = fields[2:] // file:line:
	case n != 5:
		return span{}, ns, ne, false
	}
	get := func(k int) string { return text[fields[k][0]:fields[k][1]] }
	host, port, db, user, pw := get(0), get(1), get(2), get(3), get(4)
	if !hostField(host) || !(port == "*" || port != "" && len(port) <= 5 && numeric(port) && !strings.ContainsAny(port, ".-+ ")) ||
		!plainField(db) || !plainField(user) || strings.ContainsAny(pw, " \t") {
		return span{}, ns, ne, false
	}
	if !credential(pw, false) {
		return span{}, ns, ne, false
	}
	return span{at: fields[0][0], start: fields[4][0], end: fields[4][1]}, ns, ne, true
}

// portAfter reports whether text[p:] starts with a port (one to five
// digits, or *) and a colon.
func portAfter(text string, p int) bool {
	if p < len(text) && text[p] == '*' {
		return p+1 < len(text) && text[p+1] == ':'
	}
	j := p
	for j < len(text) && j-p < 6 && '0' <= text[j] && text[j] <= '9' {
		j++
	}
	return j > p && j-p <= 5 && j < len(text) && text[j] == ':'
}

// hostField reports whether s is a .pgpass host: a name, an address, a
// socket directory or *.
func hostField(s string) bool {
	if s == "" || len(s) > 255 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(alnum(c) || c == '.' || c == '-' || c == '_' || c == '*' || c == '/' || c == '\\') {
			return false
		}
	}
	return true
}

// plainField reports whether s is a .pgpass database or user: not empty,
// no blanks.
func plainField(s string) bool {
	return s != "" && len(s) <= 255 && !strings.ContainsAny(s, " \t")
}
