package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Span is a part of a command's text: Text[Start:End].
type Span struct {
	Start, End int
}

// maxSpans bounds the commands SimpleCommands reports; past it the command
// is not reported as read (MaxWords bounds the analysis likewise).
const maxSpans = MaxWords

// SimpleCommands returns where each command of cmd stands in its text (a
// statement before the statements inside it), as
// bash parses it, at any depth of its syntax: each simple command with its
// assignments and redirections (npm test, x=1, > f, export A=1, [[ … ]],
// (( … ))), the commands inside its words ($( ), <( ), backquotes), in
// functions, loops and conditions, and each compound command that has
// redirections of its own ({ …; } > f), which is a command of its own as
// well. Keywords and operators (&&, ;, |, !, &, time) belong to none. An
// allow pattern (bash.allow_patterns) is tried on each of them on its own.
// Text that bash runs only later (sh -c '…', eval) is a word of its simple
// command. ok is false when bash cannot parse cmd whole or it is past the
// bounds.
func SimpleCommands(cmd string) (spans []Span, ok bool) {
	if len(cmd) > MaxBytes {
		return nil, false
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(cmd), "")
	if err != nil {
		return nil, false
	}
	ok = true
	syntax.Walk(f, func(n syntax.Node) bool {
		s, isStmt := n.(*syntax.Stmt)
		if !isStmt || !ok {
			return ok
		}
		start, end, own := stmtSpan(s)
		if !own {
			return true
		}
		if len(spans) >= maxSpans {
			ok = false
			return false
		}
		spans = append(spans, Span{Start: start, End: end})
		return true
	})
	if !ok {
		return nil, false
	}
	return spans, true
}

// stmtSpan returns the span of s's command and redirections (without !,
// & and ;) and whether s is a command of its own: a simple command (or
// none, only redirections) or a compound command with redirections.
func stmtSpan(s *syntax.Stmt) (start, end int, own bool) {
	start, end = -1, -1
	add := func(n syntax.Node) {
		if n == nil || !n.Pos().IsValid() {
			return
		}
		if o := int(n.Pos().Offset()); start < 0 || o < start {
			start = o
		}
		if o := int(n.End().Offset()); o > end {
			end = o
		}
	}
	switch s.Cmd.(type) {
	case nil, *syntax.CallExpr, *syntax.DeclClause, *syntax.LetClause, *syntax.TestClause, *syntax.ArithmCmd:
		own = true
	default:
		own = len(s.Redirs) > 0
	}
	if !own {
		return 0, 0, false
	}
	if s.Cmd != nil {
		add(s.Cmd)
	}
	for _, r := range s.Redirs {
		add(r)
		if r.Hdoc != nil {
			add(r.Hdoc)
		}
	}
	return start, end, start >= 0 && end >= start
}
