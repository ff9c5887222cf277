package shell

// make's expansion of makefile text (recipe lines, target and
// prerequisite names, include names), evaluated as GNU make does: its
// variables, $(wildcard PATTERN) against the files on disk (listDir,
// bounded), $(patsubst), substitution references $(V:a=b) and
// $(V:%.c=%.o), $(subst), $(addprefix), $(addsuffix), $(notdir), $(dir),
// $(basename), $(suffix), $(sort), $(strip), $(filter), $(filter-out),
// $(firstword), $(lastword), $(words), $(word), $(wordlist),
// $(findstring), $(join), $(abspath), $(realpath), $(if), $(or), $(and),
// $(foreach), $(call). A call guard does not evaluate, or whose arguments
// still hold what guard cannot tell, is an unknown value
// (unknownMakeVar: a $ remains, the caller's cannot-tell reading).

import (
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// maxMakeText bounds the references and calls evaluated in one text.
const maxMakeText = 4096

// makeText evaluates makefile text as GNU make expands it, once: $$ is a
// $, $(NAME), ${NAME} and $X (X any one character) are variables (value: a makefile's own value
// is expanded in turn, raw; what the command line or the shell gives is
// final), computed names ($($(B))) and substitution references
// ($(V:a=b)) are read, the text functions, $(if), $(or), $(and),
// $(foreach) and $(call) (its $(1)… the arguments) are evaluated,
// $(shell CMD) is what shell gives it (makeshellcall.go; nil: unknown), and any other call ($(value …), a
// function guard does not evaluate, or one whose arguments hold what
// guard cannot tell) is an unknown value (unknownMakeVar): text the shell
// does not know either, never the call's own text read as shell code nor
// an empty word.
type makeText struct {
	value func(name string) (v string, raw bool)
	glob  func(pattern string) ([]string, bool)
	// abs gives a name's absolute path ($(abspath), $(realpath)).
	abs func(name string) string
	// effect does what a $(file …) or $(eval …) call does, given the
	// call's argument text expanded (makeEffect), wherever the call is
	// expanded: written in a line or reached through a variable's value.
	effect func(fn, arg string)
	// shell gives the value of a $(shell CMD) call, CMD expanded
	// (makeShellCall); nil: a value guard cannot tell.
	shell func(cmd string) string
	steps int
	depth int
	// binds are the $(foreach) variables and $(call) arguments in
	// effect, innermost last; calls counts the $(call)s in effect.
	binds []makeBind
	calls int
	// late is set for recipe text make expands after other recipes ran:
	// $(wildcard) gives the files there now, but a condition that reads
	// one (sawLate) is one guard cannot tell (files those recipes make).
	late, sawLate bool
	// choose picks one of n texts a condition on such files may give
	// (makeChoices enumerates them); -1 or nil: the value is unknown.
	choose func(n int) int
}

// makeBind is one variable a $(foreach) or $(call) gives a value.
type makeBind struct{ name, value string }

// eval returns makefile text s expanded.
func (e *makeText) eval(s string) string {
	if !strings.Contains(s, "$") {
		return s
	}
	if len(s) > effect.MaxScriptBytes {
		return unknownMakeVar("text")
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if b.Len() > effect.MaxScriptBytes {
			return unknownMakeVar("text")
		}
		if s[i] != '$' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		switch n := s[i+1]; {
		case n == '$':
			b.WriteByte('$')
			i++
		case n == '(' || n == '{':
			end := lang.Closing(s[i+1:])
			if end < 0 {
				b.WriteString(s[i:]) // not closed: make stops; as written
				return b.String()
			}
			end += i + 1
			b.WriteString(e.ref(s[i+2 : end]))
			i = end
		default: // $c is the variable c, whatever c is ($;, $~, $/)
			b.WriteString(e.variable(string(n)))
			i++
		}
	}
	return b.String()
}

// ref returns the value of the text inside one $( ): a function's, a
// substitution reference's, or a variable's, its name expanded first.
func (e *makeText) ref(in string) string {
	if e.steps++; e.steps > maxMakeText || e.depth > maxMakeDepth {
		return unknownMakeVar("text")
	}
	if i := strings.IndexAny(in, " \t"); i > 0 && makeFunction.Has(in[:i]) {
		return e.function(in[:i], in[i+1:])
	}
	name := in
	if strings.Contains(name, "$") {
		name = e.eval(name) // $($(B)): the name is text too
		if strings.Contains(name, "$") {
			return unknownMakeVar("name")
		}
	}
	if v, sub, ok := strings.Cut(name, ":"); ok && v != "" {
		if from, to, ok := strings.Cut(sub, "="); ok {
			val := e.variable(v)
			if strings.Contains(val, "$") {
				return unknownMakeVar(v)
			}
			if !strings.Contains(from, "%") {
				from, to = "%"+from, "%"+to
			}
			return patsubst(from, to, val)
		}
	}
	return e.variable(name)
}

// variable returns the value of variable name: a $(foreach) or $(call)
// binding, else value's, a makefile's own expanded in turn.
func (e *makeText) variable(name string) string {
	for i := len(e.binds) - 1; i >= 0; i-- {
		if e.binds[i].name == name {
			return e.binds[i].value
		}
	}
	if e.calls > 0 && name != "" && strings.Trim(name, "0123456789") == "" {
		return "" // an argument the call was not given
	}
	v, raw := e.value(name)
	switch {
	case !raw || !strings.Contains(v, "$"):
		return v
	case e.depth >= maxMakeDepth || e.steps > maxMakeText:
		return unknownMakeVar(name)
	}
	e.steps++
	e.depth++
	defer func() { e.depth-- }()
	return e.eval(v)
}

// makeFunction are GNU make's built-in functions: a reference whose first
// word is one is a call.
const makeFunction word.Set = " subst patsubst strip findstring filter filter-out sort word words wordlist " +
	"firstword lastword dir notdir suffix basename addsuffix addprefix join wildcard realpath abspath " +
	"error warning info shell origin flavor foreach if or and call eval file value let intcmp guile "

// function returns the value of make function fn called with argument
// text rest (see makeText).
func (e *makeText) function(fn, rest string) string {
	switch fn {
	case "if", "or", "and":
		return e.conditional(fn, makeCallArgs(rest, fn))
	case "foreach":
		return e.foreach(makeCallArgs(rest, fn))
	case "call":
		return e.call(makeCallArgs(rest, fn))
	case "info", "warning", "error":
		e.eval(rest) // printed, once expanded: its $(shell …) runs (FINDINGS56d R6)
		return ""
	case "eval", "file":
		return e.sideEffect(fn, rest)
	case "shell":
		cmd := e.eval(rest)
		if e.shell == nil {
			return unknownMakeVar("shell")
		}
		return e.shell(cmd)
	}
	if !makeTextFunc(fn) {
		return e.unknown(fn, rest)
	}
	args := makeCallArgs(rest, fn)
	for i := range args {
		args[i] = e.eval(args[i])
	}
	for _, a := range args {
		if strings.Contains(a, "$") {
			return unknownWith(fn, args...)
		}
	}
	v, ok := e.apply(fn, args)
	if !ok {
		return unknownWith(fn, args...)
	}
	return v
}

// sideEffect returns the value of a $(file …) or $(eval …) call with
// argument text rest, after its effect (makeText.effect): a file's text
// read is a value guard does not know; a write and an eval give "".
func (e *makeText) sideEffect(fn, rest string) string {
	arg := e.eval(rest)
	if e.effect != nil {
		e.effect(fn, arg)
	}
	if fn == "file" && strings.HasPrefix(strings.TrimSpace(arg), "<") {
		return unknownMakeVar("file")
	}
	return ""
}

// unknown returns the unknown value of a call to fn, followed by its
// argument text expanded (see unknownWith).
func (e *makeText) unknown(fn string, args ...string) string {
	for i := range args {
		args[i] = e.eval(args[i])
	}
	return unknownWith(fn, args...)
}

// unknownWith returns the unknown value of a call to fn followed by the
// expanded text of its arguments: what the call may give is still read
// for the names it holds ($(if $(shell x),cat ~/.ssh/id_rsa)), as the
// call's written text was, and stays cannot-tell.
func unknownWith(fn string, args ...string) string {
	return strings.TrimSpace(unknownMakeVar(fn) + " " + strings.Join(args, " "))
}

// conditional returns the value of $(if), $(or) or $(and): an argument
// is expanded only when make reaches it; a condition guard cannot tell
// (one that reads $(wildcard) in late recipe text among them) makes the
// value unknown.
func (e *makeText) conditional(fn string, a []string) string {
	saw := e.sawLate
	e.sawLate = false
	defer func() { e.sawLate = e.sawLate || saw }()
	if fn == "if" {
		c := strings.TrimSpace(e.eval(a[0]))
		switch {
		case e.sawLate && !strings.Contains(c, "$") && e.choose != nil:
			if i := e.choose(2); i >= 0 {
				return e.eval(a[1+i]) // either branch, each checked
			}
			return e.unknown(fn, a[1], a[2])
		case strings.Contains(c, "$") || e.sawLate:
			return e.unknown(fn, a[1], a[2])
		case c != "":
			return e.eval(a[1])
		}
		return e.eval(a[2])
	}
	v := ""
	for _, s := range a {
		v = strings.TrimSpace(e.eval(s))
		switch {
		case strings.Contains(v, "$") || e.sawLate:
			return e.unknown(fn, a...)
		case fn == "or" && v != "", fn == "and" && v == "":
			return v
		}
	}
	return v
}

// foreach returns the value of $(foreach VAR,LIST,TEXT): TEXT expanded
// with VAR each word of LIST, joined with blanks.
func (e *makeText) foreach(a []string) string {
	name, list := strings.TrimSpace(e.eval(a[0])), e.eval(a[1])
	ws := strings.Fields(list)
	if strings.Contains(name, "$") || strings.Contains(list, "$") || len(ws) > maxGoals {
		return e.unknown("foreach", a[2])
	}
	out := make([]string, 0, len(ws))
	for _, w := range ws {
		e.binds = append(e.binds, makeBind{name, w})
		v := e.eval(a[2])
		e.binds = e.binds[:len(e.binds)-1]
		if v != "" {
			out = append(out, v)
		}
	}
	return strings.Join(out, " ")
}

// call returns the value of $(call VAR,ARG…): VAR's value expanded with
// $(0) VAR and $(1)… the expanded arguments.
func (e *makeText) call(a []string) string {
	name := strings.TrimSpace(e.eval(a[0]))
	if strings.Contains(name, "$") || makeFunction.Has(name) {
		return e.unknown("call", a[1:]...)
	}
	n := len(e.binds)
	e.binds = append(e.binds, makeBind{"0", name})
	for i := 1; i < max(len(a), 10); i++ {
		v := ""
		if i < len(a) {
			v = e.eval(a[i])
		}
		e.binds = append(e.binds, makeBind{strconv.Itoa(i), v}) // an outer call's $(2) is not this one's
	}
	e.calls++
	defer func() { e.binds, e.calls = e.binds[:n], e.calls-1 }()
	v, raw := e.value(name)
	switch {
	case !raw:
		return v
	case e.depth >= maxMakeDepth:
		return unknownMakeVar(name)
	}
	e.depth++
	defer func() { e.depth-- }()
	return e.eval(v)
}

// makeTextFunc tells whether fn is a text function makeText evaluates.
func makeTextFunc(fn string) bool {
	switch fn {
	case "wildcard", "patsubst", "subst", "addprefix", "addsuffix", "notdir", "dir", "basename",
		"suffix", "sort", "strip", "filter", "filter-out", "firstword", "lastword", "words",
		"findstring", "word", "wordlist", "join", "abspath", "realpath":
		return true
	}
	return false
}

// makeCallArgs splits a call's argument text at the commas outside brackets;
// the one-argument functions take the whole text. make keeps leading
// blanks of the arguments after the first, which the name functions drop.
func makeCallArgs(s, fn string) []string {
	n := 2
	switch fn {
	case "patsubst", "subst", "if", "foreach", "wordlist":
		n = 3
	case "wildcard", "notdir", "dir", "basename", "suffix", "sort", "strip", "firstword", "lastword", "words", "abspath", "realpath":
		n = 1
	case "or", "and", "call":
		n = maxGoals
	}
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s) && len(out) < n-1; i++ {
		switch s[i] {
		case '(', '{':
			depth++
		case ')', '}':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	out = append(out, s[start:])
	for len(out) < n {
		out = append(out, "")
	}
	return out
}

// apply returns the value of text function fn with evaluated args.
func (e *makeText) apply(fn string, a []string) (string, bool) {
	f := strings.Fields(a[len(a)-1])
	each := func(g func(string) string) string {
		out := make([]string, 0, len(f))
		for _, w := range f {
			if v := g(w); v != "" {
				out = append(out, v)
			}
		}
		return strings.Join(out, " ")
	}
	switch fn {
	case "wildcard":
		e.sawLate = e.sawLate || e.late
		return e.wildcard(f)
	case "patsubst":
		return patsubst(strings.TrimSpace(a[0]), strings.TrimSpace(a[1]), a[2]), true
	case "subst":
		if a[0] == "" {
			return a[2] + a[1], true // GNU make appends TO once (FINDINGS54a M21)
		}
		return strings.ReplaceAll(a[2], a[0], a[1]), true
	case "addprefix":
		return each(func(w string) string { return strings.TrimSpace(a[0]) + w }), true
	case "addsuffix":
		return each(func(w string) string { return w + strings.TrimSpace(a[0]) }), true
	case "notdir":
		return each(func(w string) string { return w[strings.LastIndexByte(w, '/')+1:] }), true
	case "dir":
		return each(func(w string) string {
			if i := strings.LastIndexByte(w, '/'); i >= 0 {
				return w[:i+1]
			}
			return "./"
		}), true
	case "basename":
		return each(func(w string) string { return strings.TrimSuffix(w, makeSuffix(w)) }), true
	case "suffix":
		return each(makeSuffix), true
	case "sort":
		slices.Sort(f)
		return strings.Join(slices.Compact(f), " "), true
	case "strip":
		return strings.Join(f, " "), true
	case "filter", "filter-out":
		ps := strings.Fields(a[0])
		return each(func(w string) string {
			if slices.ContainsFunc(ps, func(p string) bool { return patMatch(p, w) }) == (fn == "filter") {
				return w
			}
			return ""
		}), true
	case "firstword", "lastword":
		if len(f) == 0 {
			return "", true
		}
		if fn == "firstword" {
			return f[0], true
		}
		return f[len(f)-1], true
	case "words":
		return strconv.Itoa(len(f)), true
	case "abspath", "realpath":
		if e.abs == nil {
			return "", false
		}
		return each(e.abs), true
	}
	return e.applyMore(fn, a, f)
}

// applyMore returns the value of text function fn (findstring, word,
// wordlist, join) with evaluated args, f the fields of the last.
func (e *makeText) applyMore(fn string, a, f []string) (string, bool) {
	switch fn {
	case "findstring":
		if strings.Contains(a[1], a[0]) {
			return a[0], true
		}
		return "", true
	case "word", "wordlist":
		from, err := strconv.Atoi(strings.TrimSpace(a[0]))
		to := from
		if fn == "wordlist" {
			to, err = strconv.Atoi(strings.TrimSpace(a[1]))
		}
		if err != nil || from < 1 {
			return "", false
		}
		if from > len(f) || to < from {
			return "", true
		}
		return strings.Join(f[from-1:min(to, len(f))], " "), true
	case "join":
		g := strings.Fields(a[0])
		out := make([]string, max(len(f), len(g)))
		for i := range out {
			if i < len(g) {
				out[i] = g[i]
			}
			if i < len(f) {
				out[i] += f[i]
			}
		}
		return strings.Join(out, " "), true
	}
	return "", false
}

// makeSuffix returns the suffix of name w as $(suffix) does: from the
// last dot of its last component, or "".
func makeSuffix(w string) string {
	i := strings.LastIndexByte(w, '.')
	if i < 0 || strings.LastIndexByte(w, '/') > i {
		return ""
	}
	return w[i:]
}

// patMatch tells whether word w matches make pattern p (one % for any
// text, else the word itself).
func patMatch(p, w string) bool {
	pre, suf, ok := strings.Cut(p, "%")
	if !ok {
		return p == w
	}
	return len(w) >= len(pre)+len(suf) && strings.HasPrefix(w, pre) && strings.HasSuffix(w, suf)
}

// patsubst returns the words of text with those matching pattern p
// replaced by repl, its % the matched stem.
func patsubst(p, repl, text string) string {
	f := strings.Fields(text)
	pre, suf, _ := strings.Cut(p, "%")
	for i, w := range f {
		if !patMatch(p, w) {
			continue
		}
		if !strings.Contains(p, "%") {
			f[i] = repl
			continue
		}
		stem := w[len(pre) : len(w)-len(suf)]
		f[i] = strings.Replace(repl, "%", stem, 1)
	}
	return strings.Join(f, " ")
}

// wildcard returns the files on disk the patterns name, sorted per
// pattern; false when a pattern's directory holds a glob or guard cannot
// list it.
func (e *makeText) wildcard(patterns []string) (string, bool) {
	var out []string
	for _, p := range patterns {
		ns, ok := e.glob(p)
		if !ok {
			return "", false
		}
		out = append(out, ns...)
	}
	return strings.Join(out, " "), true
}

// makeGlob returns the names on disk matching make's wildcard pattern p,
// sorted; a directory part may hold globs (*/., src/*/x.c), each matched
// against the listing of the directories before it; false when guard
// cannot tell (a directory it cannot list, past the bound).
func (c *cmd) makeGlob(p string) ([]string, bool) {
	if strings.ContainsAny(p, "\\~") || p == "" || strings.HasSuffix(p, "/") {
		return nil, false
	}
	parts := strings.Split(p, "/")
	cur := []string{""}
	if parts[0] == "" {
		cur, parts = []string{"/"}, parts[1:]
	}
	for i, part := range parts {
		last := i == len(parts)-1
		var next []string
		for _, d := range cur {
			if !strings.ContainsAny(part, "*?[") && last {
				next = append(next, d+part)
				continue
			} else if !strings.ContainsAny(part, "*?[") {
				next = append(next, d+part+"/")
				continue
			}
			ns, ok := c.globDir(d, part, last)
			if !ok || len(next)+len(ns) > maxGoals {
				return nil, false
			}
			next = append(next, ns...)
		}
		cur = next
	}
	var out []string
	for _, n := range cur {
		if !strings.ContainsAny(parts[len(parts)-1], "*?[") && !c.projectEntry(n) {
			continue // a literal last part: there only when it is
		}
		out = append(out, n)
	}
	slices.Sort(out)
	return out, true
}

// globDir returns the entries of directory d (a prefix ending in / or "")
// matching glob part, each with d before it; the directories only, with
// a / after, unless last.
func (c *cmd) globDir(d, part string, last bool) ([]string, bool) {
	names, ok := c.w.listDir(strings.TrimSuffix(d, "/"))
	if !ok {
		return nil, false
	}
	var out []string
	for n := range names {
		dir := strings.HasSuffix(n, "/")
		n = strings.TrimSuffix(n, "/")
		m, err := path.Match(part, n)
		switch {
		case err != nil:
			return nil, false
		case !m || strings.HasPrefix(n, ".") && !strings.HasPrefix(part, "."):
		case last:
			out = append(out, d+n)
		case dir:
			out = append(out, d+n+"/")
		}
	}
	return out, true
}
