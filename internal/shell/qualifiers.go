package shell

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
	"mvdan.cc/sh/v3/syntax"
)

// zsh's glob qualifiers: a trailing group of a pattern word, *(.), ~/x(:a),
// *(e[CODE]), *(+NAME). The group is read as a qualifier list before any
// bracket or pattern in it is: its e and o e strings (any delimiter: e:…:,
// e[…], e{…}, e<…>, e|…|, e'…') are code that runs, +NAME and o+NAME call
// NAME, P adds a word, and the modifiers after a : change the names. A
// group that is no qualifier list guard implements is a pattern group
// (widened: see globs.go), and any code in it is analysed all the same.

// qualifiers is what a qualifier list holds that guard acts on.
type qualifiers struct {
	code  []string // e strings, quotes removed
	calls []string // +NAME
	words bool     // P adds words
	dots  bool     // D: patterns match dot files
	mods  string   // the modifiers, from the first :
}

// qualFlags are the qualifiers of one letter that take no argument.
const qualFlags = "/.@=p*rwxAIERWXsStUG^-MTNDnF,"

// parseQualifiers reads the inside of a trailing group as a qualifier
// list; false when it is none guard implements.
func parseQualifiers(q string) (qualifiers, bool) {
	var out qualifiers
	i := 0
	if strings.HasPrefix(q, "#q") {
		i = 2
	}
	for i < len(q) {
		c := q[i]
		i++
		switch {
		case c == ':':
			out.mods = q[i-1:]
			return out, true
		case strings.IndexByte(qualFlags, c) >= 0:
			out.dots = out.dots || c == 'D'
		case c == '%':
			if i < len(q) && (q[i] == 'b' || q[i] == 'c') {
				i++
			}
		case c == 'e' || c == 'P':
			arg, end, ok := flagArg(q, i)
			if !ok {
				return out, false
			}
			if c == 'e' {
				out.code = append(out.code, removeQuotes(arg))
			} else {
				out.words = true
			}
			i = end + 1
		case c == '+':
			name := qualName(q[i:])
			if name == "" {
				return out, false
			}
			out.calls = append(out.calls, name)
			i += len(name)
		case c == 'o' || c == 'O':
			n, ok := sortSpec(q[i:], &out)
			if !ok {
				return out, false
			}
			i += n
		default:
			n, ok := numericQual(c, q[i:])
			if !ok {
				return out, false
			}
			i += n
		}
	}
	return out, true
}

// qualName returns the function name at the start of s (zsh: letters,
// digits, underscores).
func qualName(s string) string {
	j := 0
	for j < len(s) && word.IsNameRune(rune(s[j])) {
		j++
	}
	return s[:j]
}

// sortSpec reads the sort key after o or O: one letter, or e with code, or
// +NAME; its length.
func sortSpec(s string, out *qualifiers) (int, bool) {
	switch {
	case s == "":
		return 0, false
	case s[0] == 'e':
		arg, end, ok := flagArg(s, 1)
		if !ok {
			return 0, false
		}
		out.code = append(out.code, removeQuotes(arg))
		return end + 1, true
	case s[0] == '+':
		name := qualName(s[1:])
		if name == "" {
			return 0, false
		}
		out.calls = append(out.calls, name)
		return 1 + len(name), true
	case strings.IndexByte("nLlamcdN", s[0]) >= 0:
		return 1, true
	}
	return 0, false
}

// numericQual reads the argument of a qualifier c that takes a number
// (d, l, a, m, c, L, u, g, f, Y, [..]); its length.
func numericQual(c byte, s string) (int, bool) {
	j := 0
	switch c {
	case '[':
		end := strings.IndexByte(s, ']')
		if end < 0 || strings.Trim(s[:end], "0123456789,-") != "" {
			return 0, false
		}
		return end + 1, true
	case 'u', 'g', 'f':
		if s != "" && !isDigit(s[0]) && strings.IndexByte("+-=", s[0]) < 0 {
			_, end, ok := flagArg(s, 0)
			return end + 1, ok
		}
	case 'a', 'm', 'c':
		if s != "" && strings.IndexByte("Mwhms", s[0]) >= 0 {
			j++
		}
	case 'L':
		if s != "" && strings.IndexByte("kKmMpPgGtT", s[0]) >= 0 {
			j++
		}
	case 'd', 'l', 'Y':
	default:
		return 0, false
	}
	if j < len(s) && strings.IndexByte("+-=", s[j]) >= 0 {
		j++
	}
	start := j
	for j < len(s) && (isDigit(s[j]) || c == 'f' && strings.IndexByte("01234567ugoarwxst,+-=", s[j]) >= 0) {
		j++
	}
	return j, j > start
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// removeQuotes removes one level of shell quoting from s: what zsh runs of
// e'…' or e:'…': is the text with its quotes taken off.
func removeQuotes(s string) string {
	var b strings.Builder
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote == '\'':
			if c == '\'' {
				quote = 0
			} else {
				b.WriteByte(c)
			}
		case c == '\\' && i+1 < len(s):
			b.WriteByte(s[i+1])
			i++
		case quote == '"' && c == '"', quote == 0 && (c == '\'' || c == '"'):
			quote ^= c
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// trailingQualifier handles a word's trailing group as zsh does: a
// qualifier list guard implements is taken off (the names it selects are
// among the pattern's), its code analysed and its modifiers applied; any
// other group stays, a pattern group, its code analysed all the same.
func (w *walker) trailingQualifier(parts []syntax.WordPart) ([]syntax.WordPart, bool) {
	// The group may be followed by parts that expand to nothing ("",
	// $x): zsh still reads it as the qualifier (verified: *(e:…:)"" and
	// *(e:…:)$x run the code).
	n := len(parts)
	for n > 1 {
		if _, ok := parts[n-1].(*syntax.Lit); ok {
			break
		}
		n--
	}
	if n < 2 {
		return parts, false
	}
	l, ok := parts[n-1].(*syntax.Lit)
	if !ok || !zshGroup(l.Value) {
		return parts, false
	}
	inner := l.Value[1 : len(l.Value)-1]
	if unquotedExpansion(inner) {
		// zsh expands the qualifier's text before it reads it (*(+$g)
		// calls what $g holds).
		w.hide("builds a glob qualifier from an expansion, which guard does not follow")
		return parts[: n-1 : n-1], true
	}
	q, ok := parseQualifiers(inner)
	if plain := removeQuotes(inner); plain != inner {
		// zsh reads the qualifier with its quotes removed (*(+'f') calls
		// f): what either reading runs is analysed.
		if pq, pok := parseQualifiers(plain); pok {
			for _, name := range pq.calls {
				w.tentative(name)
			}
			if !ok {
				q, ok = pq, true
			}
		}
	}
	if !ok || !emptyParts(parts[n:]) {
		// Not a list guard reads, or what follows may not be empty: its
		// code, if any, is analysed all the same; the group stays.
		w.qualifierCode(inner)
		return parts, false
	}
	for _, code := range q.code {
		w.tentative(code)
	}
	for _, name := range q.calls {
		w.tentative(name) // a call of NAME: a function, an alias or a program
	}
	if q.words {
		w.hide("adds words through a glob qualifier (P), which guard does not follow")
	}
	parts = parts[: n-1 : n-1]
	if q.dots {
		if ps, ok := w.globWordDots(parts, true); ok {
			parts = ps
		}
	}
	if q.mods != "" {
		parts = w.qualifierMods(parts, q.mods)
	}
	return parts, true
}

// emptyParts reports whether parts are quoted empty strings ("" or a pair
// of single quotes), which leave a qualifier before them trailing.
func emptyParts(parts []syntax.WordPart) bool {
	for _, p := range parts {
		switch p := p.(type) {
		case *syntax.SglQuoted:
			if p.Value != "" {
				return false
			}
		case *syntax.DblQuoted:
			if len(p.Parts) > 0 {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// unquotedExpansion reports whether s holds a $ or a backquote outside
// single quotes and backslashes.
func unquotedExpansion(s string) bool {
	single := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case single:
			single = c != '\''
		case c == '\\':
			i++
		case c == '\'':
			single = true
		case c == '$' || c == '`':
			return true
		}
	}
	return false
}
