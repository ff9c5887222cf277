package policy

// The start-up files read with the shell parser (review 7 F3): what a
// start-up file runs is more than its `source LITERAL` lines: a loop over
// a glob (`for f in ~/dotfiles/zsh/*.zsh; do source "$f"; done`), `eval
// "$(cat F)"`, `source <(cat F)`, a script run by its path, an alias,
// PROMPT_COMMAND or a trap naming one. The parser sees each command
// wherever it sits (in a function, a test, a loop); a file it cannot parse
// is read line by line as before.

import (
	"bytes"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// maxLoopItems bounds the words of a for loop a sourced loop variable
// stands for.
const maxLoopItems = 32

// parsed reads start-up file text with the shell parser (zsh's for a zsh
// file); false when it cannot parse it.
func (s *startupScan) parsed(data []byte, zsh bool) bool {
	lang := syntax.LangBash
	if zsh {
		lang = syntax.LangZsh
	}
	f, err := syntax.NewParser(syntax.Variant(lang), syntax.KeepComments(false)).Parse(bytes.NewReader(data), "")
	if err != nil {
		return false
	}
	var pr *syntax.Printer
	text := func(n syntax.Node) string {
		if w, ok := n.(*syntax.Word); ok {
			if l := w.Lit(); l != "" || len(w.Parts) == 0 {
				return l // most words: no printer
			}
		}
		if pr == nil {
			pr = syntax.NewPrinter()
		}
		var b bytes.Buffer
		if pr.Print(&b, n) != nil {
			return ""
		}
		return b.String()
	}
	syntax.Walk(f, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.ForClause:
			if wi, ok := x.Loop.(*syntax.WordIter); ok && len(wi.Items) <= maxLoopItems {
				items := make([]string, 0, len(wi.Items))
				for _, it := range wi.Items {
					items = append(items, unquote(text(it)))
				}
				s.loops[wi.Name.Value] = items
			}
		case *syntax.CallExpr:
			s.call(x, text)
		case *syntax.DeclClause: // export, declare, typeset, local, readonly
			s.call(&syntax.CallExpr{Assigns: x.Args}, text)
		case *syntax.ProcSubst, *syntax.CmdSubst:
			s.substReads(n, text)
		}
		return true
	})
	return true
}

// call reads one simple command of a start-up file.
func (s *startupScan) call(x *syntax.CallExpr, text func(syntax.Node) string) {
	for _, a := range x.Assigns {
		if a.Value != nil && a.Name != nil {
			v := unquote(text(a.Value))
			s.assign(a.Name.Value + "=" + v)
			if a.Name.Value == "PROMPT_COMMAND" {
				s.runs(v)
			}
		}
	}
	if len(x.Args) == 0 {
		return
	}
	f := make([]string, len(x.Args))
	for i, w := range x.Args {
		f[i] = text(w)
	}
	g := unquoteAll(f)
	if g[0] == "builtin" || g[0] == "command" {
		g = g[1:]
	}
	if len(g) == 0 {
		return
	}
	switch g[0] {
	case ".", `\.`, "source":
		if len(g) > 1 {
			if name, ok := loopVar(g[1]); ok {
				for _, it := range s.loops[name] {
					s.sourced(it)
				}
				return
			}
			s.sourced(g[1])
		}
		return
	case "alias":
		for _, a := range f[1:] {
			if _, v, ok := strings.Cut(unquote(a), "="); ok {
				s.runs(v)
			}
		}
		return
	case "trap":
		if len(f) > 1 {
			s.runs(unquote(f[1]))
		}
		return
	}
	s.command(unquoteAll(f))
	s.runs(unquote(f[0])) // ~/tools/x.sh run by its path
}

// substReads protects the files a substitution of a start-up file reads
// for the shell to run (eval "$(cat F)", source <(cat F), $(< F)).
func (s *startupScan) substReads(n syntax.Node, text func(syntax.Node) string) {
	var stmts []*syntax.Stmt
	switch x := n.(type) {
	case *syntax.ProcSubst:
		stmts = x.Stmts
	case *syntax.CmdSubst:
		stmts = x.Stmts
	}
	for _, st := range stmts {
		for _, r := range st.Redirs {
			if r.Op == syntax.RdrIn && r.Word != nil {
				s.sourced(unquote(text(r.Word)))
			}
		}
		if c, ok := st.Cmd.(*syntax.CallExpr); ok && len(c.Args) > 1 && unquote(text(c.Args[0])) == "cat" {
			for _, w := range c.Args[1:] {
				if a := unquote(text(w)); !strings.HasPrefix(a, "-") {
					s.sourced(a)
				}
			}
		}
	}
}

// sourced protects a file the shell sources: a name guard can expand
// (read one level further), a pattern of names (a glob, or an unknown
// last part: sourcedPattern), neither read.
func (s *startupScan) sourced(v string) {
	s.command([]string{"source", v})
	if t, ok := s.expand(v); ok && hasGlobChar(t) {
		s.addPattern(t)
	}
}

// runs protects the program a command text runs when it is named by a
// path (~/tools/gitstat in an alias, PROMPT_COMMAND, a trap).
func (s *startupScan) runs(cmd string) {
	first := strings.Fields(cmd)
	if len(first) == 0 || !strings.Contains(first[0], "/") {
		return
	}
	t, ok := s.expand(first[0])
	if !ok || !strings.HasPrefix(t, "/") {
		return
	}
	if hasGlobChar(t) {
		s.addPattern(t)
		return
	}
	s.command([]string{"source", first[0]}) // protected and read as one the shell runs
}

// addPattern adds glob t (absolute) when its last element keeps a literal
// character besides the pattern's, so that no directory is protected
// whole by a bare *.
func (s *startupScan) addPattern(t string) {
	i := strings.LastIndexByte(t, '/')
	if i <= 0 || !strings.HasPrefix(t, "/") || strings.Trim(t[i+1:], "*?.") == "" {
		return
	}
	s.add(t)
}

// loopVar returns NAME for a word that is $NAME or ${NAME}.
func loopVar(w string) (string, bool) {
	name, _, _, n := varRef(strings.TrimPrefix(w, "$"))
	if !strings.HasPrefix(w, "$") || n == 0 || n != len(w)-1 {
		return "", false
	}
	return name, true
}

// unquoteAll unquotes each word.
func unquoteAll(f []string) []string {
	out := make([]string, len(f))
	for i, w := range f {
		out[i] = unquote(w)
	}
	return out
}
