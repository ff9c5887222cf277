package policy

// The start-up files read with the shell parser: what a
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
					items = append(items, listed(it, text)...)
				}
				s.loops[wi.Name.Value] = items
			}
		case *syntax.FuncDecl:
			if x.Name != nil && sourcesArgs(x.Body, text) {
				if s.sourcers == nil {
					s.sourcers = map[string]bool{}
				}
				s.sourcers[x.Name.Value] = true
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
	s.analysed(f, zsh) // startshell.go
	return true
}

// call reads one simple command of a start-up file.
func (s *startupScan) call(x *syntax.CallExpr, text func(syntax.Node) string) {
	for _, a := range x.Assigns {
		if a.Value != nil && a.Name != nil {
			v := unquote(text(a.Value))
			s.assign(a.Name.Value + "=" + v)
			s.loaded(a.Name.Value, v)
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
	if s.sourcers[g[0]] {
		for _, a := range g[1:] {
			s.sourced(a) // load ~/x.sh, load() sourcing "$1"
		}
		return
	}
	switch g[0] {
	case "eval":
		s.runs(strings.Join(g[1:], " "))
		return
	case "complete", "compgen":
		for i := 1; i+1 < len(g); i++ {
			if g[i] == "-C" {
				s.runs(g[i+1]) // the program that completes: run at each <Tab>
			}
		}
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

// runs protects what a command text the shell runs later runs (an alias,
// PROMPT_COMMAND, a trap, eval's text): read as commands of the file (a
// source in it is a sourced file), within maxTextDepth, and its program
// when it is named by a path (~/tools/gitstat).
func (s *startupScan) runs(cmd string) {
	// PROMPT_COMMAND="${PROMPT_COMMAND:+$PROMPT_COMMAND;}~/x.sh": the old
	// value is the one already read.
	for _, old := range []string{"${PROMPT_COMMAND:+$PROMPT_COMMAND;}", "${PROMPT_COMMAND:+$PROMPT_COMMAND; }", "$PROMPT_COMMAND;", "${PROMPT_COMMAND};"} {
		cmd = strings.ReplaceAll(cmd, old, "")
	}
	if s.depth < maxTextDepth && strings.ContainsAny(cmd, " ;&|") {
		s.depth++
		s.parsed([]byte(cmd), false)
		s.depth--
	}
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

// maxTextDepth bounds the command texts read within one another.
const maxTextDepth = 3

// listed returns what a loop word stands for: the word, or for $(ls GLOB)
// and $(find DIR …) the glob or the directory's files, which the loop
// walks.
func listed(w *syntax.Word, text func(syntax.Node) string) []string {
	if len(w.Parts) == 1 {
		if cs, ok := w.Parts[0].(*syntax.CmdSubst); ok && len(cs.Stmts) == 1 {
			if c, ok := cs.Stmts[0].Cmd.(*syntax.CallExpr); ok && len(c.Args) > 1 {
				var out []string
				switch prog := unquote(text(c.Args[0])); prog {
				case "ls", "find":
					for _, a := range c.Args[1:] {
						if v := unquote(text(a)); !strings.HasPrefix(v, "-") {
							if prog == "find" {
								v = strings.TrimSuffix(v, "/") + "/**"
							}
							out = append(out, v)
						}
						if prog == "find" {
							break // the directory; its tests follow
						}
					}
					return out
				}
			}
		}
	}
	return []string{unquote(text(w))}
}

// sourcesArgs reports whether a function body sources or runs one of its
// positional parameters (. "$1", source "$@", "$1").
func sourcesArgs(body *syntax.Stmt, text func(syntax.Node) string) bool {
	found := false
	syntax.Walk(body, func(n syntax.Node) bool {
		c, ok := n.(*syntax.CallExpr)
		if !ok || len(c.Args) == 0 || found {
			return !found
		}
		g := unquoteAll([]string{text(c.Args[0])})
		i := 0
		if g[0] == "." || g[0] == "source" || g[0] == "builtin" || g[0] == "command" {
			i = 1
		}
		if i < len(c.Args) {
			w := unquote(text(c.Args[i]))
			found = w == "$1" || w == "${1}" || w == "$@" || w == "${@}" || w == "$*"
		}
		return !found
	})
	return found
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
