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
// one; a colon before a port (":5432", ":*") leads to a password file line
// (lines.go).
var keyedWords = []string{"secret", "pass", "pwd", "token", "key", "credential", "creds", "auth",
	":0", ":1", ":2", ":3", ":4", ":5", ":6", ":7", ":8", ":9", ":*"}

// maxName bounds a name, read from the keyword outwards.
const maxName = 96

// span is one keyed match: the name starts at at, the value is
// text[start:end].
type span struct{ at, start, end int }

// keyedAt reads the name around the keyword at text[i:j] and the value
// assigned to it; ok is false when there is no name, no assignment, or
// the name or the value is not a secret's. ns and ne bound the name read
// (the keyword alone when there is none), so that the other keywords in it
// need not lead here again. A colon keyword leads to a password file line
// instead (pgpassAt).
func keyedAt(text string, i, j int) (sp span, ns, ne int, ok bool) {
	if text[i] == ':' {
		return pgpassAt(text, i)
	}
	ns, ne, ok = nameBounds(text, i, j)
	if !ok || ns > 0 && text[ns-1] == '/' {
		return span{}, i, j, false // no name, or a file's (/etc/passwd:1:…)
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
	a, ok := assigned(text, s, e, flag)
	if !ok {
		return span{}, ns, ne, false
	}
	kind, head := judgeName(name)
	if kind == notSecret {
		return span{}, ns, ne, false
	}
	if kind == schemeFirst {
		a.vs, a.ve, a.quoted = skipScheme(text, a.vs, a.ve, a.quoted)
		a.core = a.ve
	}
	v := text[a.vs:a.core]
	// A bare value written after a spaced operator (k = v, k: v) must end
	// its line, as YAML and .env values do, or be followed by another
	// field: $x = ConvertTo-SecureString $y is a command.
	if !a.quoted && !flag && a.spaced && !endsLine(text, a.vs, a.core) {
		return span{}, ns, ne, false
	}
	if !assignedValue(v, name, head, kind) || a.noOperator && wordy(v) {
		return span{}, ns, ne, false
	}
	return span{at: s, start: a.vs, end: a.ve}, ns, ne, true
}

// endsLine reports whether the bare value text[vs:ve] ends its line:
// nothing after it but punctuation that ends a value, a comment or
// another field (not another word: $x = ConvertTo-SecureString $y is a
// command).
func endsLine(text string, vs, ve int) bool {
	p := skipBlanks(text, ve)
	if p >= len(text) {
		return true
	}
	switch text[p] {
	case '\n', '\r', ',', ';', '&', '#', '}', ']', ')', '"', '\'', '`', '<', '|':
		return true
	}
	return p > ve && fieldStart(text, p)
}

// assignedValue reports whether v, assigned to name (whose secret word is
// head, of the given kind), is a secret: a credential (value.go), and
// neither the name itself (api_key=api_key, encryptionKey:
// encryptionKey1024), words holding the secret word
// (x-amz-session-token), nor, for a token or key, a phrase
// (base64-encoded-username-pat; a password may be one).
func assignedValue(v, name, head string, kind nameKind) bool {
	strict := kind != lenient
	if !credential(v, strict) || sameWord(v, name) || strict && phrase(v) || shellDir(name, v) {
		return false
	}
	if len(head) >= 4 && head != "pass" {
		// The secret word and other words (x-amz-session-token); not a
		// random part beside it (Password123!).
		stem := strings.TrimSuffix(head, "s") // credentials: credential
		if madeOf(v, []standInWord{{stem, true}}) {
			return false
		}
	}
	return true
}

// shellDir reports whether name is the shell's working-directory
// variable (PWD, OLDPWD) and v a directory's absolute path: an MCP tool's
// env {"PWD": "/srv/app"} names where a command runs, not a password.
func shellDir(name, v string) bool {
	return (name == "PWD" || name == "OLDPWD") && strings.HasPrefix(v, "/") && !strings.ContainsAny(v, " \t\n")
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

// valueSpan is where a value assigned to a name lies.
type valueSpan struct {
	vs, ve     int  // the value: a quoted string's inside, or a bare value to where the line's next field starts
	core       int  // the end of the part judged: a bare value's first word (vs:core)
	quoted     bool // the value was quoted
	spaced     bool // blanks stand between the name and the value (k = v, k: v)
	noOperator bool // no operator between name and value (.netrc's password X, NAME<TAB>v): a wordy value is prose
}

// assigned finds the operator after the name text[ns:ne] and the value
// after it. A quoted name not closed after it is a name inside a string
// ("KEY=value" in jq -R's output): read as if bare.
func assigned(text string, ns, ne int, flag bool) (valueSpan, bool) {
	p := ne
	q, qlen := quoteBefore(text, ns)
	if q != 0 && !hasQuote(text, p, q, qlen) {
		q, qlen = 0, 0
	}
	xml := q == 0 && ns > 0 && text[ns-1] == '<'
	if q != 0 {
		// A quoted name: its closing quote, then perhaps ] (x['NAME']).
		p += qlen
		if p < len(text) && text[p] == ']' {
			p++
		}
	}
	p = skipBlanks(text, p)
	if p >= len(text) {
		return valueSpan{}, false
	}
	noOperator := false
	switch c := text[p]; {
	case xml:
		if c != '>' {
			return valueSpan{}, false
		}
		p++
	case c == '=':
		if p+1 < len(text) && text[p+1] == '=' && (p > ne || comparedTo(text, p+2)) {
			return valueSpan{}, false // a comparison; NAME==x assigns =x
		}
		p++
		if p < len(text) && text[p] == '>' && (p-1 > ne || p+1 >= len(text) || strings.IndexByte(" \t\"'`:", text[p+1]) >= 0) {
			p++ // k => v, :k=>"v"; NAME=>x assigns >x
		}
	case c == ':':
		if p+1 < len(text) && text[p+1] == ':' {
			return valueSpan{}, false // a scope
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
			return valueSpan{}, false
		}
	case flag && p > ne:
		// --name value
	case q == 0 && p > ne && netrcPassword(text, ns, ne):
		noOperator = true // machine h login u password X
	case q == 0 && p > ne && text[p-1] != '\n' && strings.IndexByte(text[ns:ne], '_') > 0 && !flag:
		// NAME<blanks>value: a snake_case name in a column or a
		// blank-separated config file (SECRET_KEY<TAB>v); prose rarely
		// writes such a name before a word, and a wordy value is not taken.
		noOperator = true
	default:
		return valueSpan{}, false
	}
	spaced := strings.ContainsAny(text[ne:p], " \t")
	p = skipBlanks(text, p)
	if p > ne && strings.ContainsAny(text[p-1:p], " \t") {
		spaced = true
	}
	v, ok := valueAt(text, p, ns)
	v.spaced, v.noOperator = spaced, noOperator
	return v, ok
}

// comparedTo reports whether text[p:], after ==, is what a comparison
// compares to: a blank, a quote, the end.
func comparedTo(text string, p int) bool {
	return p >= len(text) || strings.IndexByte(" \t\r\n\"'`", text[p]) >= 0
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

// valueAt reads the value starting at text[p], assigned to a name that
// starts at ns: a quoted string (plain or with backslash-escaped quotes)
// up to its closing quote on the same line, or a bare value (bareEnd).
func valueAt(text string, p, ns int) (valueSpan, bool) {
	if p >= len(text) {
		return valueSpan{}, false
	}
	q, qlen := byte(0), 0
	switch c := text[p]; {
	case c == '"' || c == '\'' || c == '`':
		q, qlen = c, 1
	case c == '\\' && p+1 < len(text) && (text[p+1] == '"' || text[p+1] == '\''):
		q, qlen = text[p+1], 2
	}
	if q != 0 {
		vs := p + qlen
		for ve := vs; ve < len(text) && ve-vs <= maxValue; ve++ {
			c := text[ve]
			if c == '\n' || c == '\r' {
				return valueSpan{}, false
			}
			if hasQuote(text, ve, q, qlen) {
				return valueSpan{vs: vs, ve: ve, core: ve, quoted: true}, ve > vs
			}
			if c == '\\' && qlen == 1 && ve+1 < len(text) {
				ve++ // an escaped character inside the string
			}
		}
		return valueSpan{}, false
	}
	ve := bareEnd(text, p, ns)
	if ve <= p {
		return valueSpan{}, false
	}
	return valueSpan{vs: p, ve: ve, core: coreEnd(text, p, ve)}, true
}

// bareEnd returns where a bare value starting at text[vs] ends. For a
// secret-named key the value is what follows to the end of the line, ; &
// blanks and any other punctuation included (a password holds them), up
// to where the line goes on with something else:
//
//   - a quote (the value sat in a string: "KEY=value"), a backslash
//     escape (\n, \" inside a string), </ (<password>v</password>);
//   - a closing bracket opened before the name on its line (f(token=v));
//   - & before the next parameter, in a query (?token=v&page=2);
//   - ; and a blank (export K=v; next);
//   - blanks, then a comment, a flag, a shell operator or the next field
//     (auth_token=v user=x, --password v --user x).
func bareEnd(text string, vs, ns int) int {
	opened := openedBefore(text, ns)
	depth := 0 // brackets opened in the value
	e := vs
	for ; e < len(text) && e-vs <= maxValue; e++ {
		switch c := text[e]; c {
		case '\n', '\r':
			return trimBlanks(text, vs, e)
		case '"', '\'', '`':
			// A string inside the value's brackets (f("x")) is part of it.
			k := -1
			if depth > 0 {
				k = strings.IndexByte(text[e+1:min(len(text), vs+maxValue)], c)
			}
			if k < 0 || strings.ContainsAny(text[e+1:e+1+k], "\n\r") {
				return trimBlanks(text, vs, e)
			}
			e += 1 + k
		case '(', '[', '{':
			depth++
		case '\\':
			if e+1 < len(text) && strings.IndexByte("nrtu\"'\\/", text[e+1]) >= 0 {
				return trimBlanks(text, vs, e)
			}
		case '<':
			if ns > 0 && text[ns-1] == '<' && e+1 < len(text) && text[e+1] == '/' { // <password>v</password>
				return trimBlanks(text, vs, e)
			}
		case ')', ']', '}':
			if depth > 0 {
				depth--
			} else if opened[closerIndex(c)] > 0 {
				return trimBlanks(text, vs, e)
			}
		case '&':
			if ns > 0 && (text[ns-1] == '?' || text[ns-1] == '&') && nextParam(text, e+1) {
				return e
			}
		case ';':
			if e+1 < len(text) && (text[e+1] == ' ' || text[e+1] == '\t') {
				return e
			}
		case ' ', '\t':
			p := skipBlanks(text, e)
			if p >= len(text) || text[p] == '\n' || text[p] == '\r' || fieldStart(text, p) {
				return e
			}
			e = p - 1
		}
	}
	return e
}

// trimBlanks returns e moved back over the blanks before it, not before vs.
func trimBlanks(text string, vs, e int) int {
	for e > vs && (text[e-1] == ' ' || text[e-1] == '\t') {
		e--
	}
	return e
}

// maxPrefix bounds the part of a line before a name that is read for
// brackets it opened.
const maxPrefix = 256

// openedBefore counts, for ( [ {, the brackets opened and not closed on
// the line before text[ns] (the last maxPrefix bytes of it).
func openedBefore(text string, ns int) [3]int {
	var n [3]int
	for i := ns - 1; i >= 0 && ns-i <= maxPrefix && text[i] != '\n'; i-- {
		switch c := text[i]; c {
		case '(', '[', '{':
			n[closerIndex(closer(c))]++
		case ')', ']', '}':
			n[closerIndex(c)]--
		}
	}
	return n
}

// closerIndex numbers the closing brackets ) ] } 0, 1, 2.
func closerIndex(c byte) int {
	switch c {
	case ')':
		return 0
	case ']':
		return 1
	}
	return 2
}

// nextParam reports whether text[p:] starts a query parameter: a name and
// = (page=2).
func nextParam(text string, p int) bool {
	j := p
	for j < len(text) && j-p < maxName && (alnum(text[j]) || text[j] == '_' || text[j] == '-' || text[j] == '.' || text[j] == '[' || text[j] == ']') {
		j++
	}
	return j > p && j < len(text) && text[j] == '='
}

// fieldStart reports whether text[p:], after blanks, goes on with
// something other than the value: a comment, a flag, a shell operator or
// closing punctuation, or the next field (name= or name:).
func fieldStart(text string, p int) bool {
	switch c := text[p]; c {
	case '#', '|', '&', ';', '>', '<', ')', ']', '}', ',', '\\':
		return true
	case '/':
		return p+1 < len(text) && text[p+1] == '/'
	case '-':
		return p+1 < len(text) && (letter(text[p+1]) || text[p+1] == '-')
	}
	j := p
	for j < len(text) && j-p < maxName && (nameByte(text[j])) {
		j++
	}
	if j == p {
		return false
	}
	j = skipBlanks(text, j)
	return j < len(text) && (text[j] == '=' || text[j] == ':' && !strings.HasPrefix(text[j:], "://"))
}

// coreEnd returns the end of the part of the bare value text[vs:ve] that
// is judged: its first word (blanks inside brackets kept: f(a, b)), without
// a , or ; that ends it.
func coreEnd(text string, vs, ve int) int {
	depth := 0
	e := vs
	for ; e < ve; e++ {
		c := text[e]
		if c == '(' || c == '[' || c == '{' {
			depth++
		} else if (c == ')' || c == ']' || c == '}') && depth > 0 {
			depth--
		} else if (c == ' ' || c == '\t') && depth == 0 {
			break
		}
	}
	for e > vs+1 && (text[e-1] == ',' || text[e-1] == ';') {
		e--
	}
	return e
}

// netrcPassword reports whether the name text[ns:ne] is .netrc's
// password token: "password", with nothing before it on its line but
// .netrc's other tokens and their values (machine h login u).
func netrcPassword(text string, ns, ne int) bool {
	if text[ns:ne] != "password" {
		return false
	}
	ls := ns
	for ls > 0 && text[ls-1] != '\n' && ns-ls < maxPrefix {
		ls--
	}
	if ls > 0 && text[ls-1] != '\n' {
		return false
	}
	f := strings.Fields(text[ls:ns])
	if len(f) > 0 && f[0] == "default" {
		f = f[1:]
	}
	if len(f)%2 != 0 {
		return false
	}
	for k := 0; k < len(f); k += 2 {
		switch f[k] {
		case "machine", "login", "account", "port":
		default:
			return false
		}
	}
	return true
}

// endsValue reports whether c ends a bare token (an Authorization
// value's credential after its scheme).
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
