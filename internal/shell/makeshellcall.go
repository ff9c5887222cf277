package shell

// make's $(shell CMD): make runs CMD (its text expanded) with /bin/sh
// while it expands the text that holds the call, and pastes what CMD
// prints, newlines as blanks, in its place. guard checks CMD where make
// runs it (makefile.shellRuns, scanShellRuns) and gives the call a model
// of its output where it has one (makeShellValue): pwd prints make's
// directory, as $(CURDIR) is, go env GOPATH the place guard works out;
// one command of literal words (git describe, date +%Y, find . -name
// '*.go') is the shell's substitution of it, which the walker models as
// at the prompt (catalogue.ProducesName, find's paths). Any other
// output is one opaque value guard cannot tell (unknownMakeVar). Either
// stands in the expanded text as ONE value whatever the shell quoting
// around it (quoteValues): never text that changes how the shell reads
// the words around it (kubebuilder's v='$(call gomodver,…)' with a go
// list -f '{{…}}' template inside, FINDINGS56c FP-M1).

import (
	"slices"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/word"
)

// makeShellCall returns the value of make's $(shell cmd) in makefile m
// (cmd expanded), after noting that make runs cmd.
func (c *cmd) makeShellCall(m *makefile, cmd string) string {
	m.noteShellRun(cmd)
	return c.makeShellValue(m, cmd)
}

// noteShellRun notes that make runs cmd for a $(shell …) call: checked
// once the makefile's text is expanded (scanShellRuns), each text once,
// bounded (past it the makefile is hidden).
func (m *makefile) noteShellRun(cmd string) {
	cmd = strings.TrimSpace(cmd)
	switch {
	case cmd == "" || slices.Contains(m.shellRuns, cmd):
	case len(m.shellRuns) >= maxGoals:
		m.shellOver = true
	default:
		m.shellRuns = append(m.shellRuns, cmd)
	}
}

// scanShellRuns checks the commands make runs for the $(shell …) calls
// of makefile m's text guard expanded, as the text make runs while
// reading a makefile is (scanRecipeWords: a value only make knows in
// them is no name to the typed analysis).
func (c *cmd) scanShellRuns(m *makefile) {
	if m.shellOver {
		c.w.hide("runs more than %d commands with make's $(shell …)", maxGoals)
	}
	runs := m.shellRuns
	m.shellRuns = nil
	defer func(v bool) { c.w.makeExec = v }(c.w.makeExec)
	c.w.makeExec = true // $(shell pwd): make may exec it (makeexec.go)
	c.scanRecipeWords(runs, nil)
}

// makeShellValue returns the value guard gives make's $(shell cmd) in
// makefile m (see the file comment): make's directory for pwd, the place
// go env GOPATH prints where guard works it out, the shell's
// substitution of any other command of literal words (its words quoted
// anew: "$( CMD)", makeRunTime), whose output the walker models as at
// the prompt; else an opaque unknown value.
func (c *cmd) makeShellValue(m *makefile, cmd string) string {
	name, args, ok := literalCommand(cmd)
	switch {
	case !ok:
		return unknownMakeVar("shell")
	case name == "pwd" && !slices.ContainsFunc(args, func(a string) bool { return a != "-L" && a != "-P" }):
		v, _ := c.makeValue(m, "CURDIR")
		return v
	case name == "go" && slices.Equal(args, []string{"env", "GOPATH"}) && !c.makeSteered(m, name, args) && c.goPath() != "":
		return c.goPath()
	}
	ws := make([]string, 0, 1+len(args))
	for _, a := range append([]string{name}, args...) {
		ws = append(ws, bareWord(a))
	}
	return "$( " + strings.Join(ws, " ") + ")"
}

// bareWord returns s as one shell word: bare when it holds only
// characters the shell takes as they are, else quoted (word.Quote).
func bareWord(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:=+,%@-") == "" {
		return s
	}
	return word.Quote(s)
}

// makeSteered reports whether a variable that steers what producer name
// run with args prints (catalogue.ProducerEnv; go env NAME's NAME; PATH) is set
// where the $(shell …) make runs may see it: on make's command line, by
// the makefile, by the command before make, or in its environment
// assignments.
func (c *cmd) makeSteered(m *makefile, name string, args []string) bool {
	// PATH decides which program runs: a project's bin/go prints what it
	// likes (FINDINGS56d R3).
	vars := append(strings.Fields(string(catalogue.ProducerEnv(name))), "PATH")
	if name == "go" {
		vars = append(vars, args...)
	}
	set := c.w.varMap()
	for _, v := range vars {
		_, inMake := m.vars[v]
		_, inShell := set[v]
		_, onLine := c.makeArgVar(v)
		if inMake || inShell || onLine || slices.ContainsFunc(c.env, func(e string) bool { return strings.HasPrefix(e, v+"=") }) {
			return true
		}
	}
	return false
}

// literalCommand returns the program and arguments of shell text cmd
// when it is one simple command of literal words (no expansion, glob,
// assignment, redirection but of its errors to /dev/null); false
// otherwise.
func literalCommand(cmd string) (string, []string, bool) {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(cmd), "")
	if err != nil || len(f.Stmts) != 1 {
		return "", nil, false
	}
	s := f.Stmts[0]
	x, ok := s.Cmd.(*syntax.CallExpr)
	if !ok || s.Negated || s.Background || s.Coprocess || len(x.Assigns) > 0 || len(x.Args) == 0 {
		return "", nil, false
	}
	for _, rd := range s.Redirs {
		if rd.Op != syntax.RdrOut || rd.N == nil || fdNumber(rd.N.Value) != "2" || rd.Word.Lit() != "/dev/null" {
			return "", nil, false
		}
	}
	var ws []string
	for _, a := range x.Args {
		v, ok := literalWord(a)
		if !ok {
			return "", nil, false
		}
		ws = append(ws, v)
	}
	return ws[0], ws[1:], true
}

// literalWord returns the value of shell word w when it is literal text
// (plain, single- or double-quoted, no expansion, glob, brace list or
// tilde); false otherwise.
func literalWord(w *syntax.Word) (string, bool) {
	var b strings.Builder
	for _, p := range w.Parts {
		switch x := p.(type) {
		case *syntax.Lit:
			if strings.ContainsAny(x.Value, "*?[{~\\") {
				return "", false
			}
			b.WriteString(x.Value)
		case *syntax.SglQuoted:
			if x.Dollar {
				return "", false
			}
			b.WriteString(x.Value)
		case *syntax.DblQuoted:
			if x.Dollar {
				return "", false
			}
			for _, q := range x.Parts {
				l, ok := q.(*syntax.Lit)
				if !ok || strings.Contains(l.Value, "\\") {
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

// shellSentinel stands, while make's text is expanded, for the value of
// the i-th $(shell …) call that is a substitution ("$( CMD)"): it holds
// a $, so a make function given it is one guard cannot tell, and no
// blank, so it stays one word; quoteValues puts the value in its place.
func shellSentinel(i int) string { return "$\x00" + strconv.Itoa(i) + "\x00" }

// quoteValues returns expanded makefile text t with each shellSentinel
// replaced by its value in subs, and each value guard cannot tell in it
// (the sentinel's, a ${MAKE_…} placeholder) one value whatever the shell
// quoting around it: in single quotes ('…$(shell x)…', where make pastes
// the output) the quotes are closed around the value ('…'"${MAKE_shell}"'…'),
// which the shell would otherwise take as the text of its name. A
// sentinel that names no value is one guard cannot tell.
func quoteValues(t string, subs []string) string {
	if !strings.Contains(t, "\x00") && !strings.Contains(t, "${MAKE_") {
		return t
	}
	type frame struct {
		q     byte // 0 unquoted, ' single, " double, $ ANSI-C ($'…')
		depth int  // ( ) opened in it
	}
	var b strings.Builder
	stack := []frame{{}}
	for i := 0; i < len(t); i++ {
		f := &stack[len(stack)-1]
		if v, n := valueAt(t[i:], subs, f.q == '\'' || f.q == '$'); n > 0 {
			switch f.q {
			case '\'':
				v = `'"` + v + `"'`
			case '$':
				v = `'"` + v + `"$'`
			}
			b.WriteString(v)
			i += n - 1
			continue
		}
		ch := t[i]
		b.WriteByte(ch)
		next := byte(0)
		if i+1 < len(t) {
			next = t[i+1]
		}
		switch {
		case f.q == '\'':
			if ch == '\'' {
				f.q = 0
			}
		case ch == '\\' && next != 0 && next != '$':
			b.WriteByte(next)
			i++
		case f.q == '$':
			if ch == '\'' {
				f.q = 0
			}
		case ch == '$' && next == '(':
			b.WriteByte(next)
			i++
			stack = append(stack, frame{})
		case f.q == '"':
			if ch == '"' {
				f.q = 0
			}
		case ch == '\'' || ch == '"':
			f.q = ch
		case ch == '$' && next == '\'':
			b.WriteByte(next)
			i++
			f.q = '$'
		case ch == '(':
			f.depth++
		case ch == ')' && f.depth > 0:
			f.depth--
		case ch == ')' && len(stack) > 1:
			stack = stack[:len(stack)-1]
		}
	}
	return b.String()
}

// valueAt returns the value that starts s and its length in s: a
// shellSentinel's (its value in subs), or, when placeholders is set, a
// ${MAKE_…} placeholder as it is; 0 when none does.
func valueAt(s string, subs []string, placeholders bool) (string, int) {
	if rest, ok := strings.CutPrefix(s, "$\x00"); ok {
		end := strings.IndexByte(rest, 0)
		if end < 0 {
			return unknownMakeVar("shell"), len(s)
		}
		if i, err := strconv.Atoi(rest[:end]); err == nil && i >= 0 && i < len(subs) {
			return subs[i], 2 + end + 1
		}
		return unknownMakeVar("shell"), 2 + end + 1
	}
	if placeholders && strings.HasPrefix(s, "${MAKE_") {
		if end := strings.IndexByte(s, '}'); end > 0 {
			return s[:end+1], end + 1
		}
	}
	return "", 0
}
