package hook

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// stdinFilters are the programs that print only their standard input
// when given no file operand, with options known not to read another
// file (safeOptions): treePrints counts them as printing no file's text.
const stdinFilters = " head tail sort uniq cat wc tac "

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
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			b.WriteString(p.Value)
		case *syntax.SglQuoted:
			b.WriteString(p.Value)
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				l, ok := q.(*syntax.Lit)
				if !ok {
					return "", false
				}
				b.WriteString(l.Value)
			}
		default:
			return "", false
		}
	}
	return b.String(), true
}
