package hook

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// stdinFilters are the programs that print only their standard input
// when given no file operand, with options known not to read another
// file (safeOptions): treePrints counts them as printing no file's text
// (tr, fold, cut, rev reshape what they pass on: a read through them is
// opaque, and what they print is still only the lines they are given).
const stdinFilters = " head tail sort uniq cat wc tac fold cut rev "

// parseStatus parses text as bash (zsh: as zsh), within plainStatus's
// bounds.
func parseStatus(text string, zsh bool) (*syntax.File, bool) {
	if len(text) > maxPlainStatus {
		return nil, false
	}
	lang := syntax.LangBash
	if zsh {
		lang = syntax.LangZsh
	}
	f, err := syntax.NewParser(syntax.Variant(lang), syntax.KeepComments(false)).Parse(strings.NewReader(text), "")
	return f, err == nil && len(f.Stmts) > 0 && len(f.Stmts) <= maxPlainStmts
}

// splitUnits appends the pipelines of statement s (an && chain of them)
// to units, each as its stages in order.
func splitUnits(s *syntax.Stmt, units *[][]*syntax.Stmt) bool {
	if b, ok := s.Cmd.(*syntax.BinaryCmd); ok && b.Op == syntax.AndStmt {
		return splitUnits(b.X, units) && splitUnits(b.Y, units)
	}
	var stages []*syntax.Stmt
	if !pipeStages(s, &stages) {
		return false
	}
	*units = append(*units, stages)
	return true
}

// pipeStages appends the stages of pipeline s to out.
func pipeStages(s *syntax.Stmt, out *[]*syntax.Stmt) bool {
	switch c := s.Cmd.(type) {
	case *syntax.CallExpr:
		*out = append(*out, s)
		return true
	case *syntax.BinaryCmd:
		return c.Op == syntax.Pipe && pipeStages(c.X, out) && pipeStages(c.Y, out)
	}
	return false
}

// callWords returns the words of c as their literal text (quotes
// removed); lit is false when a word holds an expansion (its text is then
// "").
func callWords(c *syntax.CallExpr) (words []string, lit bool) {
	lit = true
	for _, w := range c.Args {
		s, ok := literalWord(w)
		lit = lit && ok
		words = append(words, s)
	}
	return words, lit
}

// literalWord returns the text of w when it is literals and quotes only.
func literalWord(w *syntax.Word) (string, bool) {
	var b strings.Builder
	for i, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			if !unquotedLit(&b, p.Value, i == 0) {
				return "", false
			}
		case *syntax.SglQuoted:
			if p.Dollar {
				return "", false // $'…': ANSI-C escapes
			}
			b.WriteString(p.Value)
		case *syntax.DblQuoted:
			if p.Dollar {
				return "", false // $"…": the locale's translation
			}
			for _, q := range p.Parts {
				l, ok := q.(*syntax.Lit)
				if !ok {
					return "", false
				}
				quotedLit(&b, l.Value)
			}
		default:
			return "", false
		}
	}
	return b.String(), true
}

// unquotedLit writes the text the shell makes of an unquoted literal: a
// backslash quotes the next character (and removes a newline); false for
// one the shell may expand (a glob's * ? [ and zsh's ( | < ^ ~ #, a brace
// expansion, a leading ~ or zsh's =cmd).
func unquotedLit(b *strings.Builder, s string, first bool) bool {
	if first && (strings.HasPrefix(s, "~") || strings.HasPrefix(s, "=")) ||
		strings.Contains(s, "{") && (strings.Contains(s, ",") || strings.Contains(s, "..")) {
		return false // a brace expansion (find's {} is none)
	}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\' && i+1 < len(s):
			i++
			if s[i] != '\n' {
				b.WriteByte(s[i])
			}
		case strings.IndexByte("*?[(|<^~#", c) >= 0: // bash's globs, and zsh's: WORD(N), ^x, x~y, x#
			return false
		default:
			b.WriteByte(c)
		}
	}
	return true
}

// quotedLit writes the text the shell makes of a literal inside double
// quotes: a backslash before $ ` " \ or a newline quotes it, before any
// other character it stays.
func quotedLit(b *strings.Builder, s string) {
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("$`\"\\\n", s[i+1]) >= 0 {
			i++
			if s[i] != '\n' {
				b.WriteByte(s[i])
			}
			continue
		}
		b.WriteByte(s[i])
	}
}
