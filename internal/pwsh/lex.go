package pwsh

import (
	"runtime"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Token kinds.
const (
	tWord     = iota // a word: a name, an argument, an option
	tPlus            // + between two words
	tAssign          // = after a variable
	tRedirect        // > or >>: the next word is written
	tCall            // & or . at a statement's start: the next word is run
	tEnd             // the end of a statement: ; | newline { } ( ) &&
)

// token is one lexical unit.
type token struct {
	kind     int
	text     string // a word's value: \ as /, Unknown for what is not known
	quoted   bool   // the word holds a quoted string
	expanded bool   // the word holds a variable
	varName  string // the word is one variable and nothing else: its lower-cased name
	sep      byte   // a tEnd's |, { or }; a tCall's & or .; 'a' for >>; 0 for the others
	member   string // the word is a property of one variable ($f.FullName): its lower-cased name
	invokes  bool   // the word calls the variable's Invoke method ($s.Invoke())
}

// lexer builds the tokens of one text.
type lexer struct {
	r     *reader
	s     string
	i     int
	toks  []token
	cur   strings.Builder
	word  token // flags of the word being built
	inW   bool
	depth int
}

// lex splits s into tokens.
func (r *reader) lex(s string) ([]token, error) {
	l := &lexer{r: r, s: s}
	for l.i < len(l.s) {
		if err := l.step(); err != nil {
			return nil, err
		}
	}
	l.flush()
	return l.toks, nil
}

// flush ends the word being built.
func (l *lexer) flush() {
	if !l.inW {
		return
	}
	t := l.word
	t.kind, t.text = tWord, l.cur.String()
	if t.quoted {
		t.varName = ""
	}
	l.toks = append(l.toks, t)
	l.r.a.Literals = append(l.r.a.Literals, literalPieces(t.text)...)
	l.cur.Reset()
	l.word, l.inW = token{}, false
	l.r.words++
}

// emit ends the word and adds an operator token.
func (l *lexer) emit(kind int) {
	l.flush()
	l.toks = append(l.toks, token{kind: kind})
}

// lit adds literal text to the word: \ is a path separator.
func (l *lexer) lit(s string) {
	l.inW = true
	l.word.varName = ""
	l.cur.WriteString(strings.ReplaceAll(s, `\`, "/"))
}

// last returns the kind of the last token, tEnd at the start.
func (l *lexer) last() int {
	if len(l.toks) == 0 {
		return tEnd
	}
	return l.toks[len(l.toks)-1].kind
}

// peek returns the byte at i+n, or 0.
func (l *lexer) peek(n int) byte {
	if l.i+n < len(l.s) {
		return l.s[l.i+n]
	}
	return 0
}

// step reads one unit at l.i.
func (l *lexer) step() error {
	if l.r.words > maxWords {
		return ErrLimit
	}
	c := l.s[l.i]
	switch {
	case c == ' ' || c == '\t' || c == '\r' || c == ',' || c == '\v' || c == '\f':
		l.flush()
		l.i++
	case c >= 0x80 && l.wide():
		// A Unicode blank or dash, read as PowerShell reads it.
	case c == '|' && l.peek(1) == '|':
		l.emit(tEnd) // ||: a chain, not a pipeline
		l.i += 2
	case c == '|' || c == '{' || c == '}':
		// A pipeline's stage, a script block's start and end: what flows
		// into a cmdlet (reader.next).
		l.emit(tEnd)
		l.toks[len(l.toks)-1].sep = c
		l.i++
	case c == '\n' || c == ';' || c == ')':
		l.emit(tEnd)
		l.i++
	case c == '@' && (l.peek(1) == '"' || l.peek(1) == '\'') && !l.inW && l.hereString():
		// @"…"@ and @'…'@: one quoted word (hereString).
	case c == '@' && !l.inW && isNameByte(l.peek(1)):
		l.splat()
	case c == '(' || (c == '@' && l.peek(1) == '(' && !l.inW):
		// A sub-expression: its value is not known; what it holds is
		// read as statements of its own.
		l.r.unresolved("a sub-expression ( … )")
		l.lit("")
		l.cur.WriteString(Unknown)
		l.emit(tEnd)
		l.i += 1 + b2i(c == '@')
	case c == '<' && l.peek(1) == '#':
		l.skipTo("#>")
	case c == '#' && !l.inW:
		l.skipTo("\n")
	case c == '\'' || c == 0xe2 && quoteKind(l.s, l.i) == '\'':
		l.single()
	case c == '"' || c == 0xe2 && quoteKind(l.s, l.i) == '"':
		return l.double()
	case c == '`' && (l.peek(1) == '\n' || l.peek(1) == '\r' && l.peek(2) == '\n'):
		l.flush() // a line continuation
		l.i += 2 + b2i(l.peek(1) == '\r')
	case c == '`':
		l.escape()
	case c == '$':
		return l.dollar(false)
	case c == '+' && (!l.inW || l.word.quoted || l.word.expanded || l.peek(1) == '"' || l.peek(1) == '\'' || l.peek(1) == '$'):
		l.emit(tPlus)
		l.i++
	case c == '=' && l.peek(1) != '=' && (l.inW && l.word.varName != "" || !l.inW && l.last() == tWord && l.toks[len(l.toks)-1].varName != ""):
		l.emit(tAssign)
		l.i++
	case c == '>':
		l.redirect()
	case c == '&':
		l.amp()
	case c == '.' && !l.inW && l.last() == tEnd && (l.peek(1) == ' ' || l.peek(1) == '\t'):
		l.emit(tCall)
		l.toks[len(l.toks)-1].sep = '.' // dot-sourcing: what it runs may bind names
		l.i++
	case c == '%' && l.percentVar():
		// cmd.exe's %NAME%, in a command cmd runs.
	case c == '~' && !l.inW && (l.peek(1) == '/' || l.peek(1) == '\\' || l.peek(1) == 0 || l.peek(1) == ' '):
		l.inW = true
		l.cur.WriteString(l.r.home)
		l.i++
	default:
		l.lit(string(c))
		l.i++
	}
	return nil
}

// splat reads @name: splatting, the variable's array or hashtable handed
// on as arguments (Add-Content @p, with $p = @{Path='~/.bashrc'}): words
// guard does not follow.
func (l *lexer) splat() {
	l.r.unresolved("arguments splatted from a variable (@name)")
	l.i++
	for l.i < len(l.s) && isNameByte(l.s[l.i]) {
		l.i++
	}
	l.lit("")
	l.cur.WriteString(Unknown)
	l.word.expanded = true
}

// b2i is 1 for true.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// skipTo moves past the next end (or to the end of the text).
func (l *lexer) skipTo(end string) {
	j := strings.Index(l.s[l.i:], end)
	if j < 0 {
		l.i = len(l.s)
		return
	}
	l.i += j + len(end)
}

// redirect reads > >> 2> *> and the like; 2>&1 writes no file.
func (l *lexer) redirect() {
	if l.inW {
		if t := l.cur.String(); t == "2" || t == "1" || t == "*" || t == "3" || t == "4" || t == "5" || t == "6" {
			l.cur.Reset()
			l.inW = false
		}
	}
	l.i++
	appends := l.peek(0) == '>'
	if appends {
		l.i++
	}
	if l.peek(0) == '&' {
		l.flush()
		l.i++
		for l.i < len(l.s) && l.s[l.i] >= '0' && l.s[l.i] <= '9' {
			l.i++
		}
		return
	}
	l.emit(tRedirect)
	if appends {
		l.toks[len(l.toks)-1].sep = 'a' // >>: appends
	}
}

// amp reads &: && ends a statement, & at a statement's start runs the next
// word, elsewhere it ends the statement (a background job).
func (l *lexer) amp() {
	if l.peek(1) == '&' {
		l.emit(tEnd)
		l.i += 2
		return
	}
	l.flush()
	if l.last() == tEnd {
		l.emit(tCall)
		l.toks[len(l.toks)-1].sep = '&'
	} else {
		l.emit(tEnd)
	}
	l.i++
}

// single reads a '…' string: literal, ” is one quote.
func (l *lexer) single() {
	_, n := quoteAt(l.s, l.i)
	l.i += n
	var b strings.Builder
	for l.i < len(l.s) {
		if q, n := quoteAt(l.s, l.i); q == '\'' {
			if q2, n2 := quoteAt(l.s, l.i+n); q2 == '\'' {
				b.WriteByte('\'')
				l.i += n + n2
				continue
			}
			l.i += n
			break
		}
		b.WriteByte(l.s[l.i])
		l.i++
	}
	l.lit(b.String())
	l.word.quoted = true
}

// double reads a "…" string: ` escapes, $variables and $( … ) expand.
func (l *lexer) double() error {
	_, n := quoteAt(l.s, l.i)
	l.i += n
	l.inW = true
	l.word.quoted = true
	for l.i < len(l.s) {
		c := l.s[l.i]
		q, n := quoteAt(l.s, l.i)
		q2, n2 := quoteAt(l.s, l.i+n)
		switch {
		case q == '"' && q2 == '"':
			l.lit(`"`)
			l.i += n + n2
		case q == '"':
			l.i += n
			l.word.quoted = true
			return nil
		case c == '`':
			l.escape()
		case c == '$':
			if err := l.dollar(true); err != nil {
				return err
			}
		default:
			l.lit(string(c))
			l.i++
		}
		l.word.quoted = true
	}
	return nil
}

// dollar reads a variable, ${name}, $env:NAME or $( … ) at l.i.
func (l *lexer) dollar(inString bool) error {
	l.inW = true
	whole := l.cur.Len() == 0 && !inString
	n := l.s[l.i+min(1, len(l.s)-l.i-1):]
	if l.i+1 >= len(l.s) {
		l.lit("$")
		l.i++
		return nil
	}
	switch {
	case n[0] == '(':
		end := matchParen(l.s, l.i+1)
		l.r.unresolved("a sub-expression $( … )")
		if l.r.nest >= maxNest {
			return ErrLimit // sub-expressions nested deeper than guard reads
		}
		l.r.nest++
		err := l.r.run(l.s[l.i+2:end], 1)
		l.r.nest--
		if err != nil {
			return err
		}
		l.cur.WriteString(Unknown)
		l.word.expanded, l.word.varName = true, ""
		l.i = min(end+1, len(l.s))
		return nil
	case n[0] == '{':
		j := strings.IndexByte(n, '}')
		if j < 0 {
			j = len(n)
		}
		l.variable(n[1:j], whole)
		l.i += 1 + min(j+1, len(n))
		return nil
	}
	j := 0
	for j < len(n) {
		if k := nameCharLen(n[j:]); k > 0 {
			j += k
		} else if n[j] == ':' && nameCharLen(n[j+1:]) > 0 {
			j++
		} else {
			break
		}
	}
	if j == 0 {
		if n[0] == '_' || n[0] == '?' || n[0] == '$' || n[0] == '^' {
			j = 1
		} else {
			l.lit("$")
			l.i++
			return nil
		}
	}
	l.variable(n[:j], whole)
	l.i += 1 + j
	if !whole {
		return nil
	}
	start := l.i
	if found, invokes := l.members(); found {
		if v, ok := l.r.knownProperty(strings.ToLower(n[:j]), strings.ToLower(l.s[start:l.i])); ok {
			// $PROFILE.CurrentUserAllHosts: a property whose value
			// guard knows.
			l.cur.Reset()
			l.cur.WriteString(v)
			l.word.varName = ""
			return nil
		}
		l.word.invokes = invokes
		// $f.FullName: a property of the variable's objects, whose value
		// guard does not know; it stands for the variable's items
		// (reader.wordItems).
		l.cur.Reset()
		l.cur.WriteString(Unknown)
		l.word.member, l.word.varName = strings.ToLower(n[:j]), ""
	}
	return nil
}

// members moves past the .Name property accesses that follow a variable
// outside a string, and reports whether there was one and whether one
// calls Invoke (Invoke, InvokeReturnAsIs, InvokeWithContext: the variable
// is run as a script block).
func (l *lexer) members() (found, invokes bool) {
	for l.i+1 < len(l.s) && l.s[l.i] == '.' && isNameByte(l.s[l.i+1]) && !('0' <= l.s[l.i+1] && l.s[l.i+1] <= '9') {
		l.i++
		start := l.i
		for l.i < len(l.s) && isNameByte(l.s[l.i]) {
			l.i++
		}
		found = true
		invokes = invokes || strings.HasPrefix(strings.ToLower(l.s[start:l.i]), "invoke")
	}
	return found, invokes
}

// isNameByte reports whether b may be in a variable's name.
func isNameByte(b byte) bool {
	return b == '_' || '0' <= b && b <= '9' || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || b >= 0x80
}

// variable adds the value of variable name to the word.
func (l *lexer) variable(name string, whole bool) {
	low := strings.ToLower(name)
	l.word.expanded = true
	if bindsDrive(low) || low == "executioncontext" {
		l.r.bindAll() // ${function:cat} = …, $ExecutionContext.InvokeCommand…
	}
	if whole {
		l.word.varName = low
	} else {
		l.word.varName = ""
	}
	switch low {
	case "home", "env:home", "env:userprofile":
		l.cur.WriteString(l.r.home)
		return
	case "pwd":
		l.cur.WriteString(".")
		return
	case "profile":
		// PowerShell's own start-up file (the current user's, current
		// host's); its siblings (.CurrentUserAllHosts) are in the same
		// directory, which the write rules protect whole.
		l.cur.WriteString(l.r.home + "/" + profileDir() + "/Microsoft.PowerShell_profile.ps1")
		return
	case "true", "false", "null":
		return
	}
	if strings.HasPrefix(low, "env:") && l.r.env != nil {
		// The environment's value: the command's shell inherits it.
		if v, ok := l.r.env(name[len("env:"):]); ok && !strings.Contains(v, Unknown) {
			l.cur.WriteString(strings.ReplaceAll(v, `\`, "/"))
			return
		}
	}
	// Resolved when its statement is read (resolve): an assignment before
	// it in the command may set it.
	l.cur.WriteString(varOpen + low + varClose)
}

// Marks around a variable's name in a word until resolve replaces it.
const (
	varOpen  = "\x01"
	varClose = "\x02"
)

// resolve replaces each variable mark in s by its value: what the command
// assigned it, else Unknown.
func (r *reader) resolve(s string) string {
	if !strings.Contains(s, varOpen) {
		return s
	}
	var b strings.Builder
	for {
		i := strings.Index(s, varOpen)
		if i < 0 {
			break
		}
		j := strings.Index(s[i:], varClose)
		if j < 0 {
			break
		}
		b.WriteString(s[:i])
		if v, ok := r.vars[s[i+1:i+j]]; ok {
			b.WriteString(v)
		} else {
			b.WriteString(Unknown)
		}
		s = s[i+j+1:]
	}
	b.WriteString(s)
	return b.String()
}

// literalPieces returns the parts of a word that are neither unknown nor a
// variable.
func literalPieces(s string) []string {
	var out []string
	for _, p := range strings.Split(s, Unknown) {
		for p != "" {
			i := strings.Index(p, varOpen)
			if i < 0 {
				out = append(out, p)
				break
			}
			if i > 0 {
				out = append(out, p[:i])
			}
			j := strings.Index(p[i:], varClose)
			if j < 0 {
				break
			}
			p = p[i+j+1:]
		}
	}
	return out
}

// matchParen returns the index of the ) that closes the ( at i, or the
// text's end.
func matchParen(s string, i int) int {
	depth := 0
	for j := i; j < len(s); j++ {
		switch s[j] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return len(s)
}

// percentVar reads cmd.exe's %NAME% at l.i as $env:NAME, and reports
// whether it was one (a lone % is ForEach-Object or text).
func (l *lexer) percentVar() bool {
	j := 1
	for l.i+j < len(l.s) && isNameByte(l.s[l.i+j]) {
		j++
	}
	if j == 1 || l.i+j >= len(l.s) || l.s[l.i+j] != '%' {
		return false
	}
	name := l.s[l.i+1 : l.i+j]
	l.inW = true
	l.variable("env:"+name, false)
	l.i += j + 1
	return true
}

// knownProperty returns the value of property path props (".name…", as
// written after the variable) of variable name when guard knows it: the
// current user's profiles of $PROFILE (CurrentUserCurrentHost is $PROFILE
// itself, CurrentUserAllHosts profile.ps1 beside it). The all-users
// profiles are under $PSHOME, which guard does not know: none.
func (r *reader) knownProperty(name, props string) (string, bool) {
	if name != "profile" || r.home == "" {
		return "", false
	}
	switch props {
	case ".currentusercurrenthost":
		return r.home + "/" + profileDir() + "/Microsoft.PowerShell_profile.ps1", true
	case ".currentuserallhosts":
		return r.home + "/" + profileDir() + "/profile.ps1", true
	}
	return "", false
}

// profileDir is where PowerShell keeps the current user's profiles, under
// the home directory.
func profileDir() string {
	if runtime.GOOS == "windows" {
		return "Documents/PowerShell"
	}
	return ".config/powershell"
}

// hereString reads a here-string at l.i, @"⏎…⏎"@ or @'⏎…⏎'@, as one quoted
// word: its text between the two line ends. A @"…"@ holding a $ expands
// what guard does not follow: the word holds Unknown. It reports false
// when no line end follows the opening (not a here-string).
func (l *lexer) hereString() bool {
	q := l.s[l.i+1]
	j := l.i + 2
	for j < len(l.s) && (l.s[j] == ' ' || l.s[j] == '\t' || l.s[j] == '\r') {
		j++
	}
	if j >= len(l.s) || l.s[j] != '\n' {
		return false
	}
	body := l.s[j+1:]
	end := strings.Index(body, "\n"+string(q)+"@")
	next := j + 1 + end + 3
	if end < 0 {
		end, next = len(body), len(l.s)
	}
	text := strings.TrimSuffix(body[:end], "\r")
	if q == '"' {
		text = l.decode(text)
	}
	l.lit(text)
	if q == '"' && strings.Contains(text, "$") {
		l.cur.WriteString(Unknown)
		l.word.expanded = true
		l.r.unresolved("a here-string with variables")
	}
	l.word.quoted = true
	l.i = next
	return true
}

// escape adds the escape at l.i to the word (escape.go): what guard cannot
// decode is an unknown part.
func (l *lexer) escape() {
	text, n := escape(l.s, l.i)
	l.i += n
	l.lit(text)
	if strings.Contains(text, Unknown) {
		l.word.expanded = true
		l.r.unresolved("an escape guard cannot decode (`u{…}, `0)")
	}
}

// decode returns text with its escapes decoded (an expandable
// here-string's).
func (l *lexer) decode(text string) string {
	if !strings.Contains(text, "`") {
		return text
	}
	var b strings.Builder
	for i := 0; i < len(text); {
		if text[i] != '`' {
			b.WriteByte(text[i])
			i++
			continue
		}
		t, n := escape(text, i)
		if strings.Contains(t, Unknown) {
			l.word.expanded = true
			l.r.unresolved("an escape guard cannot decode (`u{…}, `0)")
		}
		b.WriteString(t)
		i += n
	}
	return b.String()
}

// quoteAt returns the quote at s[i], ' or " (PowerShell takes the curly
// quotes ‘ ’ ‚ ‛ as ' and “ ” „ as "), and its length in bytes; 0, 1 for
// any other byte.
func quoteAt(s string, i int) (q byte, n int) {
	if i >= len(s) {
		return 0, 1
	}
	switch s[i] {
	case '\'', '"':
		return s[i], 1
	case 0xe2:
		if k := quoteKind(s, i); k != 0 {
			return k, 3
		}
	}
	return 0, 1
}

// quoteKind returns ' or " for a curly quote at s[i] (U+2018 to U+201E,
// UTF-8 E2 80 98 to 9E), else 0.
func quoteKind(s string, i int) byte {
	if i+2 >= len(s) || s[i] != 0xe2 || s[i+1] != 0x80 {
		return 0
	}
	switch s[i+2] {
	case 0x98, 0x99, 0x9a, 0x9b:
		return '\''
	case 0x9c, 0x9d, 0x9e:
		return '"'
	}
	return 0
}

// isDash reports whether s[i] starts an en dash, em dash or horizontal bar
// (U+2013 to U+2015), which PowerShell takes as -.
func isDash(s string, i int) bool {
	return i+2 < len(s) && s[i] == 0xe2 && s[i+1] == 0x80 && s[i+2] >= 0x93 && s[i+2] <= 0x95
}

// spaceLen returns the length in bytes of the whitespace PowerShell ends a
// word at that starts s, past ASCII: a no-break space, NEL, or a Unicode
// separator (char.IsSeparator: Zs, Zl, Zp); 0 for any other.
func spaceLen(s string) int {
	r, n := utf8.DecodeRuneInString(s)
	if r == 0xa0 || r == 0x85 || r > 0x100 && (unicode.Is(unicode.Zs, r) || unicode.Is(unicode.Zl, r) || unicode.Is(unicode.Zp, r)) {
		return n
	}
	return 0
}

// nameCharLen returns the length in bytes of the variable name character
// that starts s (ASCII letters, digits and _, any other letter or digit, as
// PowerShell's char.IsLetterOrDigit), or 0.
func nameCharLen(s string) int {
	if s == "" {
		return 0
	}
	if s[0] < 0x80 {
		return b2i(isNameByte(s[0]))
	}
	r, n := utf8.DecodeRuneInString(s)
	if unicode.IsLetter(r) || unicode.IsDigit(r) {
		return n
	}
	return 0
}

// wide reads a character past ASCII that PowerShell reads as one of
// ASCII's, and reports whether there was one: a no-break space, NEL or
// any Unicode separator ends a word as a space does; an en or em dash or
// a horizontal bar starts an option as - does.
func (l *lexer) wide() bool {
	if n := spaceLen(l.s[l.i:]); n > 0 {
		l.flush()
		l.i += n
		return true
	}
	if !l.inW && isDash(l.s, l.i) {
		l.lit("-")
		l.i += 3
		return true
	}
	return false
}
