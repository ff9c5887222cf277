package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// zsh's lexer reads a glob qualifier group with its quotes: in
// *(e:"(rm -r ~/.guard)":) the group ends at the last ")", while mvdan's
// zsh parser ends it at the first one, inside the quotes, and splits the
// rest into other parts: the group's code is never seen as a qualifier's.
// The text of each statement is scanned as zsh's lexer
// reads it, its groups balanced outside quotes; a group mvdan may read
// otherwise (one holding a parenthesis) is read here: its code is analysed
// as the commands it is, and a group guard cannot read as a qualifier list
// that may run code (e, +) hides what runs.

// zshStmts walks list, statements parsed from src, first reading the glob
// qualifiers of each statement's text (whole src when the offsets are not
// src's).
func (w *walker) zshStmts(src string, list []*syntax.Stmt, exact bool) {
	if !w.zsh {
		w.stmts(list)
		return
	}
	if !exact {
		w.zshGroupCode(src)
		w.stmts(list)
		return
	}
	for _, s := range list {
		if w.stopped() {
			return
		}
		from, to := int(s.Pos().Offset()), int(s.End().Offset())
		if to > len(src) || !s.End().IsValid() {
			to = len(src)
		}
		if from < to {
			w.zshGroupCode(literalBodiesBlanked(src, s, from, to))
		}
		w.stmt(s)
	}
}

// literalBodiesBlanked returns src[from:to], the text of statement s,
// with the bodies of its quoted here-documents (<<'EOF', <<"EOF", <<\EOF)
// blanked: their text is data, never globbed nor expanded, so no glob
// qualifier of theirs runs (python3 - <<'EOF' … s.replace("a", "b") …).
func literalBodiesBlanked(src string, s *syntax.Stmt, from, to int) string {
	var b []byte
	syntax.Walk(s, func(n syntax.Node) bool {
		r, ok := n.(*syntax.Redirect)
		if !ok || r.Hdoc == nil || r.Word == nil || r.Word.Lit() != "" && !strings.Contains(r.Word.Lit(), `\`) {
			return true
		}
		i, j := int(r.Hdoc.Pos().Offset()), int(r.Hdoc.End().Offset())
		if i < from || j > to || i >= j {
			return true
		}
		if b == nil {
			b = []byte(src[from:to])
		}
		for k := i; k < j; k++ {
			if b[k-from] != '\n' {
				b[k-from] = ' '
			}
		}
		return true
	})
	if b == nil {
		return src[from:to]
	}
	return string(b)
}

// zshGroupCode analyses the code of the glob qualifier groups in src that
// mvdan's parser does not read whole (see groupScan.groups).
func (w *walker) zshGroupCode(src string) {
	sc := groupScan{budget: maxGroupScan}
	groups := sc.groups(src)
	if sc.budget < 0 {
		w.hide("has more zsh groups than guard reads")
		return
	}
	for _, inner := range groups {
		if !strings.ContainsAny(inner, "()") {
			continue // mvdan's parser reads it as zsh does
		}
		q, ok := parseQualifiers(inner)
		if !ok {
			q, ok = parseQualifiers(removeQuotes(inner))
		}
		if !ok {
			if codeQualifier(inner) {
				w.hide("has a zsh glob qualifier guard cannot read whole (%s), whose code may run", inner)
			}
			continue
		}
		for _, code := range q.code {
			w.tentative(code)
		}
		for _, name := range q.calls {
			w.tentative(name)
		}
		if q.words {
			w.hide("adds words through a glob qualifier (P), which guard does not follow")
		}
	}
}

// codeQualifier reports whether a group's text starts as a qualifier list
// that runs code: letters of qualifiers, then e or +.
func codeQualifier(inner string) bool {
	s := strings.TrimPrefix(inner, "#q")
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == 'e' || c == '+':
			return true
		case strings.IndexByte(qualFlags, c) >= 0, strings.IndexByte("oOdlamcLugfYPq%[]0123456789-=#", c) >= 0:
		default:
			return false
		}
	}
	return false
}

// maxGroupScan bounds the bytes the group scan reads in one statement:
// past it, the statement is hidden.
const maxGroupScan = 1 << 20

// groupScan finds zsh's groups in a text, within a budget of bytes read.
type groupScan struct{ budget int }

// groups returns the insides of the parenthesised groups that end or
// sit in a word of src (after a character of the word, or opened by (#),
// balanced as zsh's lexer balances them: parentheses outside quotes and
// backslashes nest, quotes hide them. Groups inside groups are returned
// too (the scan goes on inside each).
func (sc *groupScan) groups(src string) []string {
	var out []string
	for i := 0; i < len(src); i++ {
		switch c := src[i]; c {
		case '\\':
			i++
		case '\'':
			if j := strings.IndexByte(src[i+1:], '\''); j >= 0 {
				i += j + 1
			}
		case '"':
			end := sc.dquoteEnd(src, i)
			out = append(out, sc.dquoteGroups(src[i+1:min(end, len(src))])...)
			i = end
		case '(':
			if i == 0 || !groupAfter(src[i-1]) && !strings.HasPrefix(src[i+1:], "#") {
				continue
			}
			if end := sc.close(src, i); end > i {
				out = append(out, src[i+1:end])
			}
		}
	}
	return out
}

// groupAfter reports whether a ( after c opens a group inside a word: c
// is a character of a word, not a blank, an operator or the $, =, < or >
// of a substitution.
func groupAfter(c byte) bool {
	return !strings.ContainsRune(" \t\n;&|<>()`$=", rune(c))
}

// dquoteEnd returns the offset of the " that closes the double quote at i
// (the end of src when none); a $( ) inside holds quotes of its own.
func (sc *groupScan) dquoteEnd(src string, i int) int {
	for j := i + 1; j < len(src); j++ {
		switch src[j] {
		case '\\':
			j++
		case '"':
			return j
		case '$':
			if j+1 < len(src) && src[j+1] == '(' {
				if end := sc.close(src, j+1); end > j {
					j = end
				}
			}
		}
	}
	return len(src)
}

// dquoteGroups returns the groups of the command substitutions inside the
// text of a double quote (see groupScan.groups).
func (sc *groupScan) dquoteGroups(s string) []string {
	var out []string
	for j := 0; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '$':
			if j+1 < len(s) && s[j+1] == '(' {
				if end := sc.close(s, j+1); end > j {
					out = append(out, sc.groups(s[j+2:end])...)
					j = end
				}
			}
		}
	}
	return out
}

// close returns the offset of the ) that closes the ( at i, -1 when
// none.
func (sc *groupScan) close(src string, i int) int {
	depth := 0
	for j := i; j < len(src); j++ {
		if sc.budget--; sc.budget < 0 {
			return -1
		}
		switch src[j] {
		case '\\':
			j++
		case '\'':
			k := strings.IndexByte(src[j+1:], '\'')
			if k < 0 {
				return -1
			}
			j += k + 1
		case '"':
			j = sc.dquoteEnd(src, j)
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return -1
}
