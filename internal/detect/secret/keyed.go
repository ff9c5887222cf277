package secret

import "strings"

// The keyed detector: a credential-like value assigned to a secret-named
// key, whatever the syntax and wherever on the line. From a keyword inside
// a name it reads the name, the operator and the value the way people and
// programs write them:
//
//	NAME=value  NAME = "value"  name: value  "name": "value"  'name' => 'value'
//	--name value  --name=value  export NAME=value  ("NAME", "value")
//	<name>value</name>  ?name=value&  name\_with\_markdown\_escapes = value
//
// behind any line prefix (grep's file:line:, an agent's Ln:, a log stamp),
// with quotes plain or backslash-escaped. The name decides whether the
// value can be a secret (its last word is one: password, secret, token,
// api key, client_secret, credentials…, not secret_name or max_tokens); the
// value decides whether it is one (value.go: not a placeholder, a
// reference, code or a word; random enough for a key).

// keyedWords are the keywords that lead to a name: every secret head holds
// one.
var keyedWords = []string{"secret", "pass", "pwd", "token", "key", "credential", "creds", "auth"}

// maxName bounds a name, read from the keyword outwards.
const maxName = 96

// span is one keyed match: the name starts at at, the value is
// text[start:end].
type span struct{ at, start, end int }

// keyedAt reads the name around the keyword at text[i:j] and the value
// assigned to it; ok is false when there is no name, no assignment, or
// the name or the value is not a secret's. ns and ne bound the name read
// (the keyword alone when there is none), so that the other keywords in it
// need not lead here again.
func keyedAt(text string, i, j int) (sp span, ns, ne int, ok bool) {
	ns, ne, ok = nameBounds(text, i, j)
	if !ok {
		return span{}, i, j, false
	}
	s, e := ns, ne
	name := text[s:e]
	flag := false
	for len(name) > 0 && name[0] == '-' {
		name, s, flag = name[1:], s+1, true
	}
	for len(name) > 0 && (name[len(name)-1] == '.' || name[len(name)-1] == '-' || name[len(name)-1] == '\\') {
		name, e = name[:len(name)-1], e-1
	}
	if name == "" {
		return span{}, ns, ne, false
	}
	vs, ve, quoted, ok := assigned(text, s, e, flag)
	if !ok {
		return span{}, ns, ne, false
	}
	kind, head := judgeName(name)
	if kind == notSecret {
		return span{}, ns, ne, false
	}
	if kind == schemeFirst {
		vs, ve, quoted = skipScheme(text, vs, ve, quoted)
	}
	v := text[vs:ve]
	// A bare value holds no code; written after a spaced operator (k = v,
	// k: v) it must end its line, as YAML and .env values do: after a
	// tight one (k=v) more pairs may follow (logfmt, a query).
	if !quoted && (strings.ContainsAny(v, "{[(") || !flag && strings.ContainsAny(text[e:vs], " \t") && !endsLine(text, vs, ve)) {
		return span{}, ns, ne, false
	}
	if !assignedValue(v, name, head, kind) {
		return span{}, ns, ne, false
	}
	return span{at: s, start: vs, end: ve}, ns, ne, true
}

// endsLine reports whether the bare value text[vs:ve] ends its line:
// nothing after it but punctuation that ends a value or a comment (not
// another word: $x = ConvertTo-SecureString $y is a command), and no code
// right after it (x = y[1:], T{…}, f(…)).
func endsLine(text string, vs, ve int) bool {
	if ve < len(text) && strings.IndexByte("{[(", text[ve]) >= 0 {
		return false
	}
	p := skipBlanks(text, ve)
	if p >= len(text) {
		return true
	}
	switch text[p] {
	case '\n', '\r', ',', ';', '&', '#', '}', ']', ')', '"', '\'', '`', '<', '|':
		return true
	}
	return false
}

// assignedValue reports whether v, assigned to name (whose secret word is
// head, of the given kind), is a secret: a credential (value.go), and
// neither the name itself (api_key=api_key, encryptionKey:
// encryptionKey1024), a name holding the secret word
// (x-amz-session-token), nor, for a token or key, a phrase
// (base64-encoded-username-pat; a password may be one).
func assignedValue(v, name, head string, kind nameKind) bool {
	strict := kind != lenient
	if !credential(v, strict) || sameWord(v, name) || strict && phrase(v) {
		return false
	}
	if len(head) >= 4 && head != "pass" {
		stem := strings.TrimSuffix(head, "s") // credentials: credential
		if containsFold(v, stem) {
			return false
		}
	}
	return true
}

// nameBounds extends the keyword at text[i:j] to the whole name: letters,
// digits, _ - . and a backslash before _ - . or * (markdown escapes).
func nameBounds(text string, i, j int) (int, int, bool) {
	s := i
	for s > 0 && i-s < maxName {
		c := text[s-1]
		if nameByte(c) {
			s--
			continue
		}
		if c == '\\' && s < len(text) && escapable(text[s]) {
			s--
			continue
		}
		break
	}
	e := j
	for e < len(text) && e-j < maxName {
		c := text[e]
		if nameByte(c) {
			e++
			continue
		}
		if c == '\\' && e+1 < len(text) && escapable(text[e+1]) {
			e += 2
			continue
		}
		break
	}
	if i-s >= maxName || e-j >= maxName {
		return 0, 0, false
	}
	return s, e, true
}

func nameByte(c byte) bool  { return alnum(c) || c == '_' || c == '-' || c == '.' }
func escapable(c byte) bool { return c == '_' || c == '-' || c == '.' || c == '*' }

// assigned finds the operator after the name text[ns:ne] and the value
// after it: the value's bounds, and whether it was quoted.
func assigned(text string, ns, ne int, flag bool) (vs, ve int, quoted, ok bool) {
	p := ne
	q, qlen := quoteBefore(text, ns)
	xml := q == 0 && ns > 0 && text[ns-1] == '<'
	if q != 0 {
		// A quoted name: its closing quote, then perhaps ] (x['NAME']).
		if !hasQuote(text, p, q, qlen) {
			return 0, 0, false, false
		}
		p += qlen
		if p < len(text) && text[p] == ']' {
			p++
		}
	}
	p = skipBlanks(text, p)
	if p >= len(text) {
		return 0, 0, false, false
	}
	switch c := text[p]; {
	case xml:
		if c != '>' {
			return 0, 0, false, false
		}
		p++
	case c == '=':
		if p+1 < len(text) && text[p+1] == '=' {
			return 0, 0, false, false // a comparison
		}
		p++
		if p < len(text) && text[p] == '>' {
			p++ // =>
		}
	case c == ':':
		if p+1 < len(text) && text[p+1] == ':' {
			return 0, 0, false, false // a scope
		}
		p++
		if p < len(text) && text[p] == '=' {
			p++ // :=
		}
	case c == '?' && p+1 < len(text) && text[p+1] == '=':
		p += 2
	case c == ',' && q != 0 && called(text, ns-qlen):
		// ("NAME", "value"): the value must be a string too.
		p = skipBlanks(text, p+1)
		if p >= len(text) || (text[p] != '"' && text[p] != '\'' && text[p] != '`') {
			return 0, 0, false, false
		}
	case flag && p > ne:
		// --name value
	default:
		return 0, 0, false, false
	}
	p = skipBlanks(text, p)
	return valueAt(text, p)
}

// called reports whether the quote at text[i] opens a call's first
// argument: ( before it, blanks aside.
func called(text string, i int) bool {
	for i > 0 && (text[i-1] == ' ' || text[i-1] == '\t') {
		i--
	}
	return i > 0 && text[i-1] == '('
}

// quoteBefore returns the quote that opens a name starting at ns (" ' or
// `, perhaps backslash-escaped) and its length, or 0.
func quoteBefore(text string, ns int) (byte, int) {
	if ns == 0 {
		return 0, 0
	}
	switch q := text[ns-1]; q {
	case '"', '\'', '`':
		if ns >= 2 && text[ns-2] == '\\' {
			return q, 2
		}
		return q, 1
	}
	return 0, 0
}

// hasQuote reports whether text[p:] starts with the quote q written in
// qlen bytes (\" when qlen is 2).
func hasQuote(text string, p int, q byte, qlen int) bool {
	if qlen == 2 {
		return p+1 < len(text) && text[p] == '\\' && text[p+1] == q
	}
	return p < len(text) && text[p] == q
}

func skipBlanks(text string, p int) int {
	for p < len(text) && (text[p] == ' ' || text[p] == '\t') {
		p++
	}
	return p
}

// valueAt reads the value starting at text[p]: a quoted string (plain or
// with backslash-escaped quotes) up to its closing quote on the same line,
// or a bare word up to a blank, a quote or punctuation that ends values.
func valueAt(text string, p int) (vs, ve int, quoted, ok bool) {
	if p >= len(text) {
		return 0, 0, false, false
	}
	q, qlen := byte(0), 0
	switch c := text[p]; {
	case c == '"' || c == '\'' || c == '`':
		q, qlen = c, 1
	case c == '\\' && p+1 < len(text) && (text[p+1] == '"' || text[p+1] == '\''):
		q, qlen = text[p+1], 2
	}
	if q != 0 {
		vs = p + qlen
		for ve = vs; ve < len(text) && ve-vs <= maxValue; ve++ {
			c := text[ve]
			if c == '\n' || c == '\r' {
				return 0, 0, false, false
			}
			if hasQuote(text, ve, q, qlen) {
				return vs, ve, true, ve > vs
			}
			if c == '\\' && qlen == 1 && ve+1 < len(text) {
				ve++ // an escaped character inside the string
			}
		}
		return 0, 0, false, false
	}
	vs = p
	for ve = vs; ve < len(text) && ve-vs <= maxValue && !endsValue(text[ve]); ve++ {
	}
	return vs, ve, false, ve > vs
}

// endsValue reports whether c ends a bare value.
func endsValue(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', '\v', '\f', '"', '\'', '`', ',', ';', ')', ']', '}', '<', '>', '&', '|', '\\':
		return true
	}
	return false
}

// skipScheme moves an Authorization value past its scheme word (Basic,
// Bearer, Token…): the credential follows it.
func skipScheme(text string, vs, ve int, quoted bool) (int, int, bool) {
	end := ve
	if !quoted {
		// A bare value stopped at the blank after the scheme.
		end = vs
		for end < len(text) && end-vs <= maxValue && text[end] != '\n' && text[end] != '\r' && text[end] != '"' && text[end] != '\'' {
			end++
		}
	}
	v := text[vs:end]
	sp := strings.IndexAny(v, " \t")
	if sp < 0 {
		return vs, ve, quoted
	}
	s := skipBlanks(text, vs+sp)
	e := s
	for e < end && !endsValue(text[e]) {
		e++
	}
	return s, e, quoted
}

// sameWord reports whether v and the name hold one another, letters and
// digits compared, case ignored (a variable named after the key:
// api_key=api_key, token: Token, encryptionKey: encryptionKey1024,
// s3DisableAuthKey = "s3_disable_auth"). A short name (key, pass) must be
// the whole value.
func sameWord(v, name string) bool {
	var vb, nb [maxName]byte
	a, b := squeeze(v, vb[:]), squeeze(name, nb[:])
	if a == "" || b == "" {
		return false
	}
	if a == b {
		return true
	}
	return len(a) >= 3 && strings.Contains(b, a) || len(b) >= 5 && strings.Contains(a, b)
}

// squeeze writes the letters and digits of s, lower-cased, into buf (as
// many as fit) and returns them.
func squeeze(s string, buf []byte) string {
	n := 0
	for i := 0; i < len(s) && n < len(buf); i++ {
		c := s[i]
		if upper(c) {
			c += 'a' - 'A'
		}
		if alnum(c) {
			buf[n] = c
			n++
		}
	}
	return string(buf[:n])
}
