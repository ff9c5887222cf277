package shell

import (
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// Functions. A function's body is walked where it is declared (its
// parameters not known), and again at each call with the call's words as
// its positional parameters, in the calling shell: what it sets and where
// it cd's to last (f(){ cd ~/.ssh; }; f; cat id_rsa), except its local
// variables. A call inside its own body is not walked again.

// funcState is what the walker keeps of the shell's functions, and of its
// aliases.
type funcState struct {
	// bodies are each function's bodies: the last definition, and those
	// before it that a definition which may not run kept (values.go).
	bodies map[string][]*syntax.Stmt
	// unread are the functions zsh autoloads from an $fpath the command
	// did not change (its own, the system's): code guard does not read.
	unread  map[string]bool
	calling map[string]bool
	// running are the functions being called, innermost last.
	running []string
	// locals are the variables declared local in the calls in progress,
	// each frame with the values they had before.
	locals []map[string]varState
	// aliases are the aliases the command defines; expanding, those
	// being expanded (an alias is not expanded within itself).
	aliases   map[string]alias
	expanding []string
}

// alias is an alias's text, and whether it is global (zsh's alias -g: a
// word anywhere, not only a command's name).
type alias struct {
	body   string
	global bool
}

// declareFunc records a function's body: in place of the ones before, or
// beside them where the definition may not run.
func (w *walker) declareFunc(name string, body *syntax.Stmt) {
	w.zshTrapFunc(name, body)
	delete(w.funcs.unread, name)
	if w.funcs.bodies == nil {
		w.funcs.bodies = map[string][]*syntax.Stmt{}
	}
	old, ok := w.funcs.bodies[name]
	switch {
	case !ok && len(w.funcs.bodies) >= maxFuncs:
	case w.cond > 0 && len(old) < maxBodies:
		w.funcs.bodies[name] = append(old[:len(old):len(old)], body)
	default:
		w.funcs.bodies[name] = []*syntax.Stmt{body}
	}
}

// unsetFuncs notes that unset may remove function name ("" any of them):
// each is then called as code that may not run, beside no code at all
// (an empty body), so what its body does is not taken as sure.
func (w *walker) unsetFuncs(name string) {
	for n, old := range w.funcs.bodies {
		if name != "" && n != name || len(old) == 0 || old[len(old)-1] == noBody {
			continue
		}
		w.funcs.bodies[n] = append(old[:len(old):len(old)], noBody)
	}
}

// noBody is the body of a function unset may have removed: none.
var noBody = &syntax.Stmt{Cmd: &syntax.Block{}}

// chpwdHooks walks, after a cd in zsh, the functions zsh runs when the
// directory changes: chpwd and those chpwd_functions names, in the shell,
// as code that may not run (the cd may fail); names guard cannot read
// leave the directory not known (FINDINGS55b B13).
func (w *walker) chpwdHooks() {
	if !w.zsh {
		return
	}
	names := []string{"chpwd"}
	v, set := w.varMap()["chpwd_functions"] // as the command set it
	switch {
	case w.anyVar:
		names = append(names, word.Mark(word.MarkVar, "chpwd_functions"))
	case set && v.Kind == expand.Indexed:
		names = append(names, v.List...)
	case set && v.Set && v.Str != "":
		names = append(names, strings.Fields(v.Str)...)
	}
	for _, n := range names {
		if word.HasMark(n) {
			w.addDirs(effect.UnknownCd)
			continue
		}
		if _, ok := w.funcs.bodies[n]; ok {
			w.conditional(func() { (&cmd{w: w}).callFunc([]word.Word{{Text: n, Known: true}}) })
		}
	}
}

// zshTrapFunc takes a zsh function named TRAPNAL (TRAPZERR, TRAPDEBUG,
// TRAPEXIT, TRAPINT…): the shell runs it as the trap for that signal, as
// trap BODY NAL (traps.go).
func (w *walker) zshTrapFunc(name string, body *syntax.Stmt) {
	sig, ok := strings.CutPrefix(name, "TRAP")
	if !w.zsh || !ok || sig == "" {
		return
	}
	var b strings.Builder
	if err := syntax.NewPrinter().Print(&b, body); err != nil {
		w.hide("sets a zsh trap function guard cannot print")
		return
	}
	w.trapBody(b.String(), []string{strings.TrimPrefix(sig, "Z")}) // ZERR: ERR
}

// notFoundHandler calls, as code that may not run, the function bash
// (command_not_found_handle) or zsh (command_not_found_handler) calls with
// a command's words when it finds no program of that name: once the
// command defines one, any program not a builtin or a function of its own
// may be missing, for guard cannot show one exists where the agent's shell
// looks (FINDINGS58b B1).
func (c *cmd) notFoundHandler(words []word.Word) {
	w := c.w
	handler := "command_not_found_handle"
	if w.zsh {
		handler = "command_not_found_handler"
	}
	if _, ok := w.funcs.bodies[handler]; !ok || len(words) == 0 || c.viaProgram ||
		words[0].Known && (builtins.Has(words[0].Text) || w.funcs.bodies[words[0].Text] != nil) {
		return
	}
	call := append([]word.Word{{Text: handler, Known: true}}, words...)
	w.conditional(func() { (&cmd{w: w}).callFunc(call) })
}

// maxBodies bounds the bodies one function may have.
const maxBodies = 4

// maxFuncs bounds the functions remembered.
const maxFuncs = 64

// callFunc walks the body of the function words[0] names with the other
// words as its parameters; false when no such function is declared (or it
// is already being walked, or scripts are nested too deep).
func (c *cmd) callFunc(words []word.Word) bool {
	w := c.w
	name := words[0].Text
	if w.unreadCall(words) {
		return true // zsh.go
	}
	bodies, ok := w.funcs.bodies[name]
	if !ok || !words[0].Known || w.funcs.calling[name] || w.depth+1 > MaxDepth {
		return false
	}
	if len(bodies) > 1 || w.codeUnread {
		// One of several definitions runs: each, as code that may not.
		w.conditional(func() {
			for _, b := range bodies {
				c.callBody(name, b, words)
			}
		})
		return true
	}
	c.callBody(name, bodies[0], words)
	return true
}

// callBody walks one body of function name, called with words.
func (c *cmd) callBody(name string, body *syntax.Stmt, words []word.Word) {
	w := c.w
	if w.funcs.calling == nil {
		w.funcs.calling = map[string]bool{}
	}
	w.funcs.calling[name] = true
	w.funcs.running = append(w.funcs.running, name)
	defer func() { w.funcs.running = w.funcs.running[:len(w.funcs.running)-1] }()
	savedPos, savedDepth := w.pos, w.depth
	zero := "bash"
	if w.pos != nil {
		zero = w.pos.zero
	}
	w.pos = &positional{zero: zero, args: word.Texts(words[1:])}
	w.depth++
	w.funcs.locals = append(w.funcs.locals, map[string]varState{})
	w.inFunc++
	dir := w.Dir
	localOpts, errexit := w.localOpts, w.errexit
	w.localOpts = false
	w.leavable([]*syntax.Stmt{body}, leaveFunc, func() { w.stmt(body) })
	if w.localOpts {
		w.errexit = errexit // local -: the options as they were (FINDINGS55b B2)
	}
	w.localOpts = localOpts
	w.inFunc--
	frame := w.funcs.locals[len(w.funcs.locals)-1]
	w.funcs.locals = w.funcs.locals[:len(w.funcs.locals)-1]
	for n, s := range frame {
		w.endLocal(n, s)
	}
	if _, local := frame["PWD"]; local && w.Dir != dir {
		if _, own := w.varMap()["PWD"]; !own {
			// local PWD; cd D: the call's end gives PWD back the value it
			// had, where the shell was, not D (FINDINGS55b B1).
			w.setString("PWD", word.DirMark(dir))
		}
	}
	w.pos, w.depth = savedPos, savedDepth
	delete(w.funcs.calling, name)
}

// noteLocal keeps, in a function call, the value a variable had before it
// is declared local, for the call's end.
func (w *walker) noteLocal(name string) {
	if len(w.funcs.locals) == 0 {
		return
	}
	frame := w.funcs.locals[len(w.funcs.locals)-1]
	if _, done := frame[name]; done {
		return
	}
	frame[name] = w.saveVar(name)
}

// popLocal applies bash's unset to name where an enclosing call, not the
// current one, declared it local: the local is removed and the value it
// hid is seen again at once, in the callee and in the caller after it
// (x=A; g(){ unset x; }; f(){ local x=B; g; echo $x; }: A). In code that
// may not run, the call's end then gives back either value. zsh keeps the
// local. False when unset is to remove name as before (FINDINGS58b B4).
func (w *walker) popLocal(name string) bool {
	frames := w.funcs.locals
	if w.zsh || len(frames) < 2 {
		return false
	}
	i := len(frames) - 1
	for ; i >= 0; i-- {
		if _, ok := frames[i][name]; ok {
			break
		}
	}
	if i < 0 || i == len(frames)-1 {
		return false // not local, or the current call's: local and unset
	}
	st := frames[i][name]
	if w.cond == 0 {
		w.restoreVar(name, st)  // what the shell holds outside that call
		delete(frames[i], name) // the call's end restores nothing
		return true
	}
	cur := w.saveVar(name)
	w.restoreVar(name, st)
	outer := w.variable(name)
	w.restoreVar(name, cur)
	w.assignValues(name, append([]expand.Variable{outer}, st.alts...)) // beside the local's
	st.maybePopped = true
	frames[i][name] = st
	return true
}

// endLocal gives name back, at the end of the call that declared it
// local, the value st saved; where an unset in a callee may have removed
// that local (popLocal), the value the call left is kept beside it.
func (w *walker) endLocal(name string, st varState) {
	if !st.maybePopped {
		w.restoreVar(name, st)
		return
	}
	cur := w.saveVar(name)
	left := append([]expand.Variable{w.variable(name)}, cur.alts...)
	w.restoreVar(name, st)
	w.setAlts(name, w.distinct(name, st.vr, append(slices.Clone(st.alts), left...)))
}

// Aliases. An alias is text put in place of a word before the command is
// parsed: a command's name (and, after an alias whose text ends in a
// blank, the next word too), or with zsh's alias -g any word. The walker
// puts the text of the aliases the command defined in place of such words
// and analyses the command so written, in the current shell. Neither shell
// expands an alias defined on the same line, and bash only with shopt -s
// expand_aliases; guard expands them wherever the command defines them:
// more than the shell runs, never less.

// defineAliases records alias [-g] NAME=TEXT…: each NAME means something
// else from now on (see trusts), and its text is analysed as a command.
func (c *cmd) defineAliases() {
	w := c.w
	global := false
	for _, a := range c.args {
		if (strings.HasPrefix(a.Text, "-") || strings.HasPrefix(a.Text, "+")) && !strings.Contains(a.Text, "=") {
			global = global || strings.Contains(a.Text, "g")
			if strings.Trim(a.Text[1:], "gpLmr-") != "" || !a.Known {
				// zsh's alias -s (a suffix alias: any word ending in
				// .SUF in a command's place runs TEXT WORD), or an
				// option guard does not model: any command name may be
				// one (FINDINGS59b B1)
				w.hashes.written, w.hashes.anyName = true, true
			}
			continue
		}
		if n, body, ok := strings.Cut(a.Text, "="); ok {
			w.defineAlias(n, body, global)
		}
	}
}

// defineAlias records alias name with text body.
func (w *walker) defineAlias(name, body string, global bool) {
	w.redefine(name)
	if !global {
		w.laterRuns++     // run where the alias is used (codechangers.go)
		w.tentative(body) // (a global alias's text is analysed where it stands)
		w.laterRuns--
	}
	if w.funcs.aliases == nil {
		w.funcs.aliases = map[string]alias{}
	}
	if len(w.funcs.aliases) < maxFuncs {
		w.funcs.aliases[name] = alias{body: body, global: global}
	}
}

// aliasTable reports whether name is an array whose elements are aliases
// (bash's BASH_ALIASES; zsh's aliases and, global, galiases), and which.
func aliasTable(name string, zsh bool) (global, ok bool) {
	switch {
	case name == "BASH_ALIASES", zsh && name == "aliases":
		return false, true
	case zsh && name == "galiases":
		return true, true
	}
	return false, false
}

// expandAliases analyses a simple command whose words an alias the command
// defined replaces: the command written with the aliases' text, parsed
// again, as code that may run; false when no word is one (the caller
// walks the command as written, then as code that may run too).
func (w *walker) expandAliases(x *syntax.CallExpr, redirs []*syntax.Redirect) bool {
	if len(w.funcs.aliases) == 0 {
		return false
	}
	args := slices.Clone(x.Args)
	found, next := false, true // next: the word is in a command's place
	for i, wd := range args {
		a, ok := w.aliasOf(wd, next)
		next = false
		if !ok {
			continue
		}
		found = true
		args[i] = aliasWord(a)
		next = !a.global && strings.TrimRight(a.body, " \t") != a.body
	}
	redirs = slices.Clone(redirs)
	for i, r := range redirs {
		if a, ok := w.aliasOf(r.Word, false); ok && r.Hdoc == nil {
			found = true
			cp := *r
			cp.Word = aliasWord(a) // > Q: a global alias
			redirs[i] = &cp
		}
	}
	if !found {
		return false
	}
	var b strings.Builder
	st := &syntax.Stmt{Cmd: &syntax.CallExpr{Assigns: x.Assigns, Args: args}, Redirs: redirs}
	if err := syntax.NewPrinter().Print(&b, st); err != nil {
		return false
	}
	saved := w.funcs.expanding
	for _, wd := range x.Args {
		w.funcs.expanding = append(w.funcs.expanding, wd.Lit())
	}
	// Neither shell expands an alias on the line that defines it, and
	// bash only with expand_aliases: the command may run as written
	// too (FINDINGS59a A14). Both readings are walked as code that may
	// run; the caller walks the one as written.
	w.conditional(func() { w.script(b.String(), w.depth+1) })
	w.funcs.expanding = saved
	return true
}

// aliasWord is a word that prints as an alias's text.
func aliasWord(a alias) *syntax.Word {
	return &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{Value: a.body}}}
}

// aliasOf returns the alias word wd names: a plain word (no quote, no
// backslash) naming one the command defined, global or, in a command's
// place, any; not one being expanded.
func (w *walker) aliasOf(wd *syntax.Word, command bool) (alias, bool) {
	if wd == nil {
		return alias{}, false
	}
	name := wd.Lit()
	if name == "" || strings.ContainsAny(name, `\'"`) || slices.Contains(w.funcs.expanding, name) {
		return alias{}, false
	}
	a, ok := w.funcs.aliases[name]
	return a, ok && (a.global || command)
}
