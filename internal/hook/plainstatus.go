package hook

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// maxPlainStatus bounds the command text plainStatus parses.
const maxPlainStatus = 64 << 10

// plainStatus reports whether the status of command text is, by its
// syntax, the status of the programs it runs (review 14b F1: default-deny
// on the syntax, not on the command list): one statement, a pipeline or
// an && chain of simple commands with words and no assignment, negation
// (!), test or arithmetic clause ([[ ]], (( ))), compound command,
// background job, redirection, substitution, arithmetic expansion or
// parameter expansion that can fail (${x:?}). Anything else sets a status
// guard does not see in the analysis's programs: "cannot show it
// succeeds".
func plainStatus(text string, zsh bool) bool {
	if len(text) > maxPlainStatus {
		return false
	}
	lang := syntax.LangBash
	if zsh {
		lang = syntax.LangZsh
	}
	f, err := syntax.NewParser(syntax.Variant(lang), syntax.KeepComments(false)).Parse(strings.NewReader(text), "")
	if err != nil || len(f.Stmts) != 1 || !plainStmt(f.Stmts[0]) {
		return false
	}
	ok := true
	syntax.Walk(f, func(n syntax.Node) bool {
		switch n := n.(type) {
		case nil, *syntax.File, *syntax.Stmt, *syntax.CallExpr, *syntax.BinaryCmd, *syntax.Word, *syntax.Lit, *syntax.SglQuoted, *syntax.DblQuoted:
		case *syntax.ParamExp:
			// $HOME, ${x}: no operator, index or flag that can fail.
			ok = n.Param != nil && n.Exp == nil && n.Slice == nil && n.Repl == nil && n.Index == nil && n.NestedParam == nil &&
				n.Flags == nil && !n.Excl && !n.Length && !n.Width && !n.IsSet && n.Split == 0 && n.GlobSubst == 0 && n.RcExpand == 0
		default:
			ok = false // a clause, expansion or substitution: cannot tell
		}
		return ok
	})
	return ok
}

// plainStmt reports whether s is a simple command, or a pipeline or &&
// chain of them, with no negation, background, coprocess or redirection.
func plainStmt(s *syntax.Stmt) bool {
	if s == nil || s.Negated || s.Background || s.Coprocess || s.Disown || len(s.Redirs) > 0 {
		return false
	}
	switch c := s.Cmd.(type) {
	case *syntax.CallExpr:
		return len(c.Assigns) == 0 && len(c.Args) > 0
	case *syntax.BinaryCmd:
		return (c.Op == syntax.Pipe || c.Op == syntax.AndStmt) && plainStmt(c.X) && plainStmt(c.Y)
	}
	return false
}
