package lang

import "strings"

// Python's import statements read from its tokens: python
// joins a line ending in a backslash with the next (import os, \⏎ zz.zm),
// joins the lines inside brackets, and allows blanks around the dots of
// a dotted name (import zz . zm). A physical line's fields miss all three,
// so the import statements are also read from a token stream: names,
// operators and string literals (as one token, their text dropped: a
// string's "import x" is no import), without blanks, comments, line
// joins or line ends. An import keyword is a statement wherever it
// stands (it is a keyword: no other token is spelled so), so a bracket
// guard miscounts cannot hide one.

// pyTok is one python token: a name or an operator's character; a string
// literal is the token `""`.
type pyTok string

// Bounds of the python tokenizer.
const (
	maxPyTokens = 1 << 18 // tokens read from one text
	maxPyFDepth = 8       // f-strings nested in f-strings' expressions
)

// pyLexer reads python tokens.
type pyLexer struct {
	src  string
	toks []pyTok
	deep bool // f-strings nested past maxPyFDepth: guard cannot tell where they end
}

// pythonTokens returns the tokens of code, and false when guard cannot
// tell where its literals end.
func pythonTokens(code string) ([]pyTok, bool) {
	lx := &pyLexer{src: code}
	lx.lex(0, 0, 0)
	return lx.toks, !lx.deep
}

// lex reads tokens from src[i:], inside an f-string's expression when
// depth > 0 (it ends at the '}' that closes it); it returns where it
// stopped.
func (lx *pyLexer) lex(i, depth, fdepth int) int {
	for i < len(lx.src) && len(lx.toks) < maxPyTokens {
		c := lx.src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\f' || c == '\n' || c == '\r':
			i++
		case c == '\\':
			i++ // a line join (or an error python stops at)
		case c == '#':
			for i < len(lx.src) && lx.src[i] != '\n' && lx.src[i] != '\r' {
				i++
			}
		case c == '\'' || c == '"':
			i = lx.str(i, false, fdepth)
		case pyNameByte(c):
			j := i
			for j < len(lx.src) && pyNameByte(lx.src[j]) {
				j++
			}
			if j < len(lx.src) && (lx.src[j] == '\'' || lx.src[j] == '"') && pyPrefix(lx.src[i:j]) {
				i = lx.str(j, strings.ContainsAny(lx.src[i:j], "fFtT"), fdepth)
				continue
			}
			lx.toks = append(lx.toks, pyTok(lx.src[i:j]))
			i = j
		default:
			switch {
			case c == '(' || c == '[' || c == '{':
				depth++
			case (c == ')' || c == ']' || c == '}') && depth > 0:
				depth--
				if depth == 0 && fdepth > 0 && c == '}' {
					return i + 1 // the f-string's expression ends
				}
			}
			lx.toks = append(lx.toks, pyTok(lx.src[i:i+1]))
			i++
		}
	}
	return i
}

// str reads the string literal whose quote is at src[i] (an f-string's
// expressions are read as code, python 3.12's nesting) and returns the
// index after it; an unterminated literal ends at its line's end (python
// refuses the whole text).
func (lx *pyLexer) str(i int, f bool, fdepth int) int {
	q := lx.src[i : i+1]
	if strings.HasPrefix(lx.src[i:], q+q+q) {
		q = q + q + q
	}
	lx.toks = append(lx.toks, `""`)
	j := i + len(q)
	for j < len(lx.src) {
		c := lx.src[j]
		switch {
		case strings.HasPrefix(lx.src[j:], q):
			return j + len(q)
		case c == '\\':
			j += 2
		case (c == '\n' || c == '\r') && len(q) == 1:
			return j
		case f && c == '{' && strings.HasPrefix(lx.src[j:], "{{"):
			j += 2
		case f && c == '{':
			if fdepth >= maxPyFDepth {
				lx.deep = true
				return len(lx.src)
			}
			j = lx.lex(j+1, 1, fdepth+1)
		default:
			j++
		}
	}
	return len(lx.src)
}

// pyNameByte reports whether c may be part of a python name (a byte of a
// non-ASCII letter counts: python reads such names, NFKC-normalized).
func pyNameByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

// pyPrefix reports whether s is a string literal's prefix (r, b, u, f, t
// and their pairs, either case).
func pyPrefix(s string) bool {
	if len(s) > 2 {
		return false
	}
	for k := 0; k < len(s); k++ {
		if !strings.ContainsRune("rRbBuUfFtT", rune(s[k])) {
			return false
		}
	}
	return true
}

// tokenImports adds the modules of code's import statements, read from
// its tokens, to l; a name guard cannot read (non-ASCII, which python
// normalizes, or text whose literals it cannot delimit) makes l Dynamic.
func tokenImports(code string, l *Loads) {
	toks, ok := pythonTokens(code)
	if !ok {
		l.Dynamic = true
	}
	for i, t := range toks {
		if t != "import" {
			continue
		}
		// both readings when a from comes before: yield from g⏎import m
		names, bad := importList(toks[i+1:], false)
		l.Modules = append(l.Modules, names...)
		base, isFrom := fromBase(toks[:i])
		if !isFrom {
			l.Dynamic = l.Dynamic || bad
			continue
		}
		names, bad2 := importList(toks[i+1:], true)
		l.Dynamic = l.Dynamic || bad && bad2
		l.Modules = append(l.Modules, base)
		sep := "."
		if strings.HasSuffix(base, ".") {
			sep = "" // from . import m
		}
		for _, n := range names {
			l.Modules = append(l.Modules, base+sep+n)
		}
	}
}

// fromBase returns the module of a from … import whose import keyword
// follows toks: the dots and names after the last from.
func fromBase(toks []pyTok) (string, bool) {
	var b strings.Builder
	for k := len(toks) - 1; k >= 0 && len(toks)-k < 256; k-- {
		switch t := toks[k]; {
		case t == "from":
			parts := make([]string, 0, len(toks)-k)
			for _, p := range toks[k+1:] {
				parts = append(parts, string(p))
			}
			b.WriteString(strings.Join(parts, ""))
			return b.String(), b.Len() > 0
		case t == "import" || t != "." && !pyNameTok(t):
			return "", false
		}
	}
	return "", false
}

// importList returns the names an import list starts with (a, b.c as d,
// (e, f)): dotted for import, single for from … import; bad when a name
// is not plain ASCII.
func importList(toks []pyTok, from bool) (names []string, bad bool) {
	k := 0
	if from && k < len(toks) && toks[k] == "(" {
		k++
	}
	for k < len(toks) && len(names) < maxLoads && pyNameTok(toks[k]) {
		n := string(toks[k])
		k++
		for !from && k+1 < len(toks) && toks[k] == "." && pyNameTok(toks[k+1]) {
			n += "." + string(toks[k+1])
			k += 2
		}
		if !pythonModule(n) {
			bad = true
		} else {
			names = append(names, n)
		}
		if k+1 < len(toks) && toks[k] == "as" {
			k += 2
		}
		if k >= len(toks) || toks[k] != "," {
			break
		}
		k++
	}
	return names, bad
}

// pyNameTok reports whether t is a name token.
func pyNameTok(t pyTok) bool {
	return t != "" && t != `""` && pyNameByte(t[0]) && (t[0] < '0' || t[0] > '9')
}
