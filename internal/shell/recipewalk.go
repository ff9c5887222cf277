package shell

// A build file's command line (a make recipe line after make's expansion,
// a .ONESHELL recipe, a package.json script, a script a recipe runs) is
// read with the shell's own parser and walked as the one script it is,
// from the build file's directory: cd and pushd with any separator, a
// subshell, `if cd`, env -C, sh -ec TEXT, carry the directory to the
// commands after them as the shell would, and each simple command's words
// are scanned there (scanCommand). A directory guard cannot tell, or one
// the command line itself fills (ln -s, cp -r, tar x) before it runs a
// file there, is cannot-tell for the commands after it; another build
// tool it starts (npm run, task) is followed as if typed there
// (FINDINGS52b F1, F10, F11, F13, F15).

import (
	"path"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// recipeWalk is the state of one build-file command line's walk: its
// word bound, and what the commands so far did to the directory.
type recipeWalk struct {
	c     *cmd
	limit int
	n     *int
	// lost is the cd guard could not follow ("" when the directory is
	// known).
	lost string
	// made is set once a command made files or directories (cp, ln,
	// mkdir, a redirection): a file run after it may be one it made.
	made  bool
	stack []string // pushd's directories
	// cdpath is set once the line sets CDPATH (or the makefile exports
	// it): a cd to a bare name may land elsewhere.
	cdpath bool
	scs    [][]word.Word
	stop   bool
	// shDiffers is set when the line is bash that /bin/sh (dash, which
	// make and npm run lines with) reads otherwise: a cd in it may go
	// elsewhere or nowhere.
	shDiffers bool
	// text is the shell text of the simple command being walked, and
	// sets the statements of the line so far that set or export
	// variables (F=.env, export F): what a command analysed as typed
	// (typed) sees of the line's own variables.
	text string
	sets []string
	// named are the variables those statements set.
	named []string
	// loaders is set when the makefile exports a variable that moves
	// what a program loads (BASH_ENV, GIT_CONFIG_GLOBAL, PATH…): every
	// command is then analysed as typed with the exports (exported).
	loaders bool
	// wholeTyped is set when the line was analysed as typed whole
	// (recipetyped.go).
	wholeTyped bool
	// line is the text the walk's statements were parsed from, and raw
	// the text of the statement being walked as written there.
	line, raw string
	// held is the ledger's count of archives before the line's typed
	// analysis (whole) or the statement's (typed): the archives made
	// after it are the typed analysis' to weigh, not the word scan's
	// (effect.Ledger.HeldBefore).
	held int
	// execs is set when make may run the line by exec, without a shell
	// (makeexec.go).
	execs bool
}

// scanLine walks build-file command text l (see the file comment); false
// when it does not parse, for the word scan to read it.
func (c *cmd) scanLine(l string, limit int, n *int) bool {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(l), "")
	if err != nil {
		return false
	}
	saved := c.w.Dir
	defer func() { c.w.Dir = saved }()
	execs := c.w.makeExec
	c.w.makeExec = false // the commands the line starts: a shell's, npm's…
	defer func() { c.w.makeExec = execs }()
	r := &recipeWalk{c: c, limit: limit, n: n, line: l, execs: execs && makeExecs(l)}
	if _, err := syntax.NewParser(syntax.Variant(syntax.LangPOSIX)).Parse(strings.NewReader(l), ""); err != nil {
		r.shDiffers = true // cd sub &>/dev/null: dash runs cd sub & then >/dev/null
	}
	for _, e := range c.w.recipeEnv {
		r.cdpath = r.cdpath || strings.HasPrefix(e.Text, "CDPATH=")
	}
	r.exported()
	r.launched()
	r.held = c.w.Archives()
	r.wholeTyped = r.whole(f, l)
	if !r.wholeTyped {
		c.w.linesUnwalked++ // analysed a statement at a time, or only scanned (scriptChangers)
	}
	r.stmts(f.Stmts)
	c.recipeEditorEnv(lang.SplitQuoted(l), r.scs) // recipeeditor.go
	return true
}

// stmts walks statements in order.
func (r *recipeWalk) stmts(ss []*syntax.Stmt) {
	for _, s := range ss {
		if r.stop {
			return
		}
		r.stmt(s)
	}
}

// scoped walks f in a subshell: the directory and what it knows of it
// come back after.
func (r *recipeWalk) scoped(f func()) {
	dir, lost, stack := r.c.w.Dir, r.lost, len(r.stack)
	f()
	r.c.w.Dir, r.lost, r.stack = dir, lost, r.stack[:stack]
}

// stmt walks one statement: its redirections' words are scanned with its
// command's; a redirection that writes makes a file.
func (r *recipeWalk) stmt(s *syntax.Stmt) {
	var redirs []word.Word
	r.text = ""
	r.raw = rawText(r.line, s)
	for _, rd := range s.Redirs {
		if rd.Hdoc != nil {
			r.substs(rd.Hdoc) // cat <<EOF ⏎ $(cd sub; ./run.sh)
		}
		if rd.Word == nil {
			continue
		}
		r.substs(rd.Word)
		t := printNode(rd.Word)
		redirs = append(redirs, lang.SplitQuoted(t)...)
		if (rd.Op == syntax.RdrOut || rd.Op == syntax.AppOut || rd.Op == syntax.RdrAll || rd.Op == syntax.AppAll || rd.Op == syntax.RdrClob) && !strings.HasPrefix(t, "/dev/") {
			// Made once the statement ran: the file it opens is no program
			// the statement itself runs (./prog > out.txt; an absent one it
			// creates is empty, and runs nothing).
			defer func() {
				r.made = true
				r.wrote(oneWord(t))
			}()
		}
	}
	if r.redirected(s); r.stop {
		return
	}
	if s.Cmd == nil {
		r.scan(redirs)
		return
	}
	if _, ok := s.Cmd.(*syntax.WhileClause); ok && !r.c.w.recipeData {
		r.typed(printNode(s)) // while read f; do cat $f; done < list: the loop whole
	}
	if x, ok := s.Cmd.(*syntax.CallExpr); ok {
		r.text = printNode(s)
		if len(x.Args) == 0 || len(x.Args) > 1 && declares.Has(x.Args[0].Lit()) {
			r.sets = append(r.sets, r.text) // F=.env; export F=.env
			r.setsNames(x)
		}
		r.builtinSets(x, r.text)
	}
	if x, ok := s.Cmd.(*syntax.DeclClause); ok {
		r.text = printNode(s)
		r.sets = append(r.sets, r.text) // export F=.env
		for _, a := range x.Args {
			if a.Name != nil {
				r.named = append(r.named, a.Name.Value)
			}
		}
	}
	switch {
	case s.Background:
		r.scoped(func() { r.command(s.Cmd, redirs) }) // cd sub &: a subshell's
	case mayFailRedirs(s.Redirs):
		before := r.state()
		r.command(s.Cmd, redirs) // cd sub < /nonexist: the cd may not run
		r.set(mergeStates(before, r.state()))
	default:
		r.command(s.Cmd, redirs)
	}
}

// dirState is where a walk may be: the directory, or the cd guard could
// not follow; none for a path that does not go on (after exit).
type dirState struct {
	dir, lost string
	none      bool
}

// state returns the walk's directory state.
func (r *recipeWalk) state() dirState { return dirState{dir: r.c.w.Dir, lost: r.lost} }

// set makes st the walk's directory state (a path that ends leaves it).
func (r *recipeWalk) set(st dirState) {
	if !st.none {
		r.c.w.Dir, r.lost = st.dir, st.lost
	}
}

// mergeStates returns the state after either of a and b: one of them
// when they agree (or the other ends), else a directory guard cannot tell.
func mergeStates(a, b dirState) dirState {
	switch {
	case a.none:
		return b
	case b.none || a == b:
		return a
	case a.lost != "":
		return a
	case b.lost != "":
		return b
	}
	return dirState{dir: a.dir, lost: "a cd that may or may not run (after && or ||, or with a redirection that may fail)"}
}

// mayFailRedirs reports whether a redirection of rs may fail, so that its
// command does not run: one to a file other than /dev/…, not a copy of a
// descriptor nor a here-document.
func mayFailRedirs(rs []*syntax.Redirect) bool {
	for _, rd := range rs {
		switch rd.Op {
		case syntax.DplIn, syntax.DplOut, syntax.Hdoc, syntax.DashHdoc, syntax.WordHdoc:
			continue
		}
		if rd.Word == nil || !strings.HasPrefix(printNode(rd.Word), "/dev/") {
			return true
		}
	}
	return false
}

// andOr walks a && or || list: each command from the state of the
// path that reaches it (the one before succeeded for &&, failed for ||),
// the state after being either path's.
func (r *recipeWalk) andOr(x *syntax.BinaryCmd) {
	var items []*syntax.Stmt
	var ops []syntax.BinCmdOperator
	var flat func(s *syntax.Stmt)
	flat = func(s *syntax.Stmt) {
		if b, ok := s.Cmd.(*syntax.BinaryCmd); ok && len(s.Redirs) == 0 && !s.Background && !s.Negated && (b.Op == syntax.AndStmt || b.Op == syntax.OrStmt) {
			flat(b.X)
			ops = append(ops, b.Op)
			flat(b.Y)
			return
		}
		items = append(items, s)
	}
	flat(&syntax.Stmt{Cmd: x})
	succ, fail := r.item(items[0])
	for i, it := range items[1:] {
		if r.stop {
			return
		}
		if ops[i] == syntax.AndStmt {
			if succ.none {
				continue
			}
			r.set(succ)
			s2, f2 := r.item(it)
			succ, fail = s2, mergeStates(fail, f2)
			continue
		}
		if fail.none {
			continue
		}
		r.set(fail)
		s2, f2 := r.item(it)
		succ, fail = mergeStates(succ, s2), f2
	}
	r.set(mergeStates(succ, fail))
}

// item walks one command of a && or || list and returns the states after
// it succeeded and after it failed: a failed cd moved nothing; exit ends
// the path; any other command that moved may have failed before or after.
func (r *recipeWalk) item(s *syntax.Stmt) (succ, fail dirState) {
	before := r.state()
	r.stmt(s)
	after := r.state()
	name := ""
	if c, ok := s.Cmd.(*syntax.CallExpr); ok && len(c.Args) > 0 {
		name = c.Args[0].Lit()
	}
	switch {
	case s.Negated:
		return mergeStates(before, after), mergeStates(before, after)
	case name == "exit" || name == "return":
		return dirState{none: true}, dirState{none: true}
	case name == "cd" || name == "pushd" || name == "popd":
		return after, before
	}
	return after, mergeStates(before, after)
}

// command walks one command of a statement.
func (r *recipeWalk) command(cm syntax.Command, redirs []word.Word) {
	switch x := cm.(type) {
	case *syntax.CallExpr:
		t, raw := r.text, r.raw
		r.substs(x)
		r.text, r.raw = t, raw // the substitutions' statements are walked in between
		var ws []word.Word
		for _, a := range x.Assigns {
			ws = append(ws, oneWord(printNode(a)))
		}
		for _, a := range x.Args {
			ws = append(ws, oneWord(printNode(a)))
		}
		r.simple(ws, redirs)
	case *syntax.Subshell:
		r.scan(redirs)
		r.scoped(func() { r.stmts(x.Stmts) })
	case *syntax.Block:
		r.scan(redirs)
		r.stmts(x.Stmts)
	case *syntax.BinaryCmd:
		r.scan(redirs)
		if x.Op == syntax.Pipe || x.Op == syntax.PipeAll {
			r.pipedShell(x)
			r.scoped(func() { r.stmt(x.X) })
			r.scoped(func() { r.stmt(x.Y) })
			return
		}
		r.andOr(x)
	case *syntax.IfClause:
		r.scan(redirs)
		r.ifClause(x)
	case *syntax.WhileClause:
		r.scan(redirs)
		r.stmts(x.Cond)
		r.branches(func() { r.stmts(x.Do) }, nil)
	case *syntax.ForClause:
		r.scan(redirs)
		r.scan(lang.SplitQuoted(printNode(x.Loop)))
		if wi, ok := x.Loop.(*syntax.WordIter); ok && !r.c.w.recipeData && r.opaqueWords(wi.Items) {
			r.typed(printNode(x)) // for f in .e*; do cat $f; done
		}
		if !r.loop(x) {
			r.branches(func() { r.stmts(x.Do) }, nil)
		}
	case *syntax.CaseClause:
		r.scan(append(redirs, lang.SplitQuoted(printNode(x.Word))...))
		var fs []func()
		for _, it := range x.Items {
			fs = append(fs, func() { r.stmts(it.Stmts) })
		}
		r.branches(nil, fs...)
	case *syntax.FuncDecl:
		r.branches(func() { r.stmt(x.Body) }) // a cd in it moves whoever calls it
	case *syntax.TimeClause:
		if x.Stmt != nil {
			r.stmt(x.Stmt)
		}
	case *syntax.CoprocClause:
		r.scoped(func() { r.stmt(x.Stmt) })
	default: // declare, let, (( )), [[ ]]: their words
		r.simple(lang.SplitQuoted(printNode(cm)), redirs)
	}
}

// substs walks the command substitutions in x (a simple command, a
// redirection's word), each in a subshell.
func (r *recipeWalk) substs(x syntax.Node) {
	syntax.Walk(x, func(n syntax.Node) bool {
		switch s := n.(type) {
		case *syntax.CmdSubst:
			r.scoped(func() { r.stmts(s.Stmts) })
			return false
		case *syntax.ProcSubst:
			r.scoped(func() { r.stmts(s.Stmts) })
			return false
		}
		return true
	})
}

// oneWord is the word shell text t (one word of a command) gives the
// scan: its quotes taken off where that leaves one word.
func oneWord(t string) word.Word {
	ws := lang.SplitQuoted(t)
	if len(ws) == 1 {
		return ws[0]
	}
	return word.Word{Text: t, Known: true}
}

// printNode returns the shell text of n.
func printNode(n syntax.Node) string {
	var b strings.Builder
	if err := syntax.NewPrinter().Print(&b, n); err != nil {
		return ""
	}
	return b.String()
}

// scan scans words that are no command of their own (a redirection's).
func (r *recipeWalk) scan(ws []word.Word) {
	if len(ws) > 0 && !r.c.scanCommand(ws, r.limit, r.n, false) {
		r.stop = true
	}
}

// simple walks one simple command ws (with its redirections' words): a
// change of directory, env -C, a shell's -c text, another build tool;
// then its words are scanned in the directory it runs in.
func (r *recipeWalk) simple(ws, redirs []word.Word) {
	r.scs = append(r.scs, ws)
	for _, w := range ws {
		if strings.HasPrefix(w.Text, "CDPATH=") || w.Text == "CDPATH" {
			r.cdpath = true // CDPATH=sub; cd x, export CDPATH
		}
	}
	all := append(append([]word.Word{}, ws...), redirs...)
	prog := commandProgram(ws)
	name := ""
	if len(prog) > 0 && prog[0].Known {
		name = path.Base(prog[0].Text)
	}
	switch {
	case name == "cd" || name == "pushd" || name == "popd":
		r.scan(all)
		r.chdir(name, prog[1:])
		return
	case len(ws) > 0 && ws[0].Text == "env" && r.envChdir(ws[1:], redirs):
		return
	}
	if r.lost != "" && !recipeHarmless.Has(name) {
		r.c.w.hide("runs build-file commands after a change of directory to a place guard cannot tell (%s): it cannot tell which files they run or read there", r.lost)
		r.stop = true
		return
	}
	if r.runsMade(prog) {
		r.c.w.hide("runs build-file commands that run a file they make themselves (%s): guard cannot read it before it is there", strings.Join(word.Texts(prog), " "))
		r.stop = true
		return
	}
	r.made = r.made || runsCode(name, prog) // go run gen.go && sh r.sh (FINDINGS55a K13)
	if (recipeMakers.Has(name) || recipeChangers.Has(name) && !sedFilters(name, prog[1:]) || inlineCode(name, prog[min(1, len(prog)):])) && !gitReads(name, prog) {
		r.made = true // sed -i, python3 -c "open('r.sh','w')…", $(MAKE) gen
		r.trees(name, prog)
		for _, a := range prog[min(1, len(prog)):] {
			r.wrote(a)
		}
	}
	if catalogue.Shells.Has(name) && r.shellText(prog[1:], word.Texts(ws[:len(ws)-len(prog)])) {
		r.scan(append(ws[:len(ws)-len(prog)+1], redirs...))
		return
	}
	r.handedShell(prog)
	if r.execs && len(prog) == len(ws) && builtins.Has(name) && !r.c.w.recipeData {
		r.typed("exec " + r.text) // make execs echo hi: the first echo on PATH (FINDINGS56d P8)
	}
	if !r.wholeTyped {
		r.held = r.c.w.Archives()
	}
	if !r.c.w.recipeData && (r.loaders || r.c.w.recipeTyped || r.opaque(name, prog) || r.partTyped()) { // data runs nothing, whatever it loads
		r.typed(r.text)
		r.entered(name, prog)
		if r.stop {
			return
		}
		// Typed with their values: package=x; go install ${package}
		// (FINDINGS54a FP3); a program the line's variable names is
		// the typed analysis' alone.
		if len(prog) > 0 && len(r.unnamed(prog[:1])) == 0 {
			return
		}
		all, ws = r.unnamed(all), r.unnamed(ws)
		prog = commandProgram(ws)
	}
	if recipeTools.Has(name) {
		r.tool(prog)
	}
	r.c.recipeCommand(ws)
	r.c.w.HeldBefore(r.held, func() {
		r.relative(prog)
		if !r.c.scanCommand(all, r.limit, r.n, true) {
			r.stop = true
		}
	})
}

// unnamed returns words ws without those that use a variable the line
// sets (r.named): the command was analysed as typed, where they have
// their values; the word scan would read the variable's name.
func (r *recipeWalk) unnamed(ws []word.Word) []word.Word {
	var out []word.Word
	for _, w := range ws {
		if !slices.ContainsFunc(r.named, func(n string) bool { return usesVar(w.Text, n) }) {
			out = append(out, w)
		}
	}
	return out
}

// usesVar reports whether shell text t holds $n or ${n….
func usesVar(t, n string) bool {
	for _, p := range [...]string{"$" + n, "${" + n} {
		for i := strings.Index(t, p); i >= 0; {
			if e := i + len(p); e == len(t) || !word.IsWordChar(t[e]) {
				return true
			}
			j := strings.Index(t[i+1:], p)
			if j < 0 {
				break
			}
			i += 1 + j
		}
	}
	return false
}

// exported puts the variables the makefile exports (walker.recipeEnv)
// in the line's settings for commands analysed as typed, and sets
// r.loaders when one of them moves what a program loads (FINDINGS53a B3,
// B17, B6): BASH_ENV's file runs before the line when its shell is bash.
// make's $(PATH) is the environment's: the shell's $PATH.
func (r *recipeWalk) exported() {
	for _, e := range r.c.w.recipeEnv {
		n, v, _ := strings.Cut(e.Text, "=")
		v = strings.ReplaceAll(v, "${MAKE_PATH}", "${PATH}")
		switch expands := strings.Contains(strings.ReplaceAll(v, "${PATH}", ""), "$"); {
		case expands && movesLoad(n):
			continue // a value guard cannot tell where programs load from: as before
		case expands:
			// A value with parts the shell expands (${HOME}, a modelled
			// $( echo rc), one guard cannot tell): the line's variable
			// has it as the shell would give it, never the hook's own
			// unset one (FINDINGS57c A6). Not exported in the analysis:
			// an export of a value guard cannot tell hides every line.
			r.sets = append(r.sets, n+"="+expandingQuote(v))
			r.named = append(r.named, n)
			continue
		}
		r.sets = append(r.sets, "export "+n+"="+word.Quote(v))
		if t := envShellOptions(n, v); t != "" {
			r.sets = append(r.sets, t) // the bash running the line takes them on
		}
		r.named = append(r.named, n)
		if !movesLoad(n) {
			continue
		}
		r.loaders = true
		if catalogue.SourcedVars.Has(n) {
			r.typed("bash -c :") // make SHELL=/bin/bash: bash -c LINE reads $BASH_ENV first
		}
	}
}

// expandingQuote returns s in double quotes: its expansions ($X, $(…))
// are the shell's, its backslashes, quotes and backquotes text.
func expandingQuote(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, "`", "\\`").Replace(s) + `"`
}

// launched takes in the variables the command exports to the build tool
// it starts (PATH=./bin:$PATH make t, export F=x; npm run t: FINDINGS54a
// E1), which the walker holds: a line using one is analysed as typed,
// where it has its value, and one that moves what a program loads makes
// every command analysed as typed.
func (r *recipeWalk) launched() {
	for n, v := range r.c.w.varMap() {
		if !v.Exported || !v.Set || !word.IsName(n) {
			continue
		}
		r.named = append(r.named, n)
		if !movesLoad(n) || r.loaders {
			continue
		}
		r.loaders = true
		if catalogue.SourcedVars.Has(n) {
			r.typed("bash -c :")
		}
	}
}

// movesLoad reports whether variable n moves what a program loads or
// runs: PATH, a start-up file's variable, an editor's, one of the
// catalogue's moves (GIT_CONFIG_GLOBAL, PYTHONPATH…).
func movesLoad(n string) bool {
	if n == "PATH" || n == "BASHOPTS" || n == "SHELLOPTS" || n == "GLOBIGNORE" || catalogue.SourcedVars.Has(n) || catalogue.EditorStartVars.Has(n) || strings.HasPrefix(n, "GIT_") || strings.HasPrefix(n, "LD_") {
		return true
	}
	for _, m := range catalogue.EnvMoves() {
		if m.Name == n {
			return true
		}
	}
	return false
}

// declares are the builtins whose words set variables the commands
// after them see.
const declares word.Set = " export declare typeset local readonly "

// opaque reports whether simple command prog (program name) holds what
// the word scan does not read (FINDINGS53a B8): a word a shell expands
// (a glob, a brace list, a shell variable), interpreter code given
// inline, eval's text or a sourced file. Such a command is analysed as
// the typed command it is (typed).
func (r *recipeWalk) opaque(name string, prog []word.Word) bool {
	if name == "eval" || name == "." || name == "source" || name == "xargs" || name == "parallel" || inlineCode(name, prog[min(1, len(prog)):]) {
		return true
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(r.text), "")
	if err != nil || len(f.Stmts) != 1 {
		return err != nil
	}
	x, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok {
		return false
	}
	ws := slices.Clip(x.Args)
	for _, rd := range f.Stmts[0].Redirs {
		if rd.Word != nil {
			ws = append(ws, rd.Word) // >> ${V%/*}/.bashrc, >> "$(echo ~)/.bashrc" (FINDINGS55a N13, N14)
		}
	}
	return r.opaqueWords(ws)
}

// setsNames adds the names statement x (F=x, export F=x G) sets to
// r.named.
func (r *recipeWalk) setsNames(x *syntax.CallExpr) {
	for _, a := range x.Assigns {
		r.named = append(r.named, a.Name.Value)
	}
	for _, a := range x.Args[min(1, len(x.Args)):] {
		n, _, _ := strings.Cut(a.Lit(), "=")
		if word.IsName(n) {
			r.named = append(r.named, n)
		}
	}
}

// opaqueWords reports whether shell words ws hold a part the shell
// expands that the word scan reads as text: an unquoted glob or brace
// list ({a,b}, {1..3}), a variable the line itself set (F=.env; cat $F).
// A variable the line does not set is left to the word scan, as before:
// its value is the environment's, or one a loop or read gives.
func (r *recipeWalk) opaqueWords(ws []*syntax.Word) bool {
	found := false
	for _, w := range ws {
		syntax.Walk(w, func(n syntax.Node) bool {
			switch x := n.(type) {
			case *syntax.ParamExp:
				found = found || x.Param != nil && (slices.Contains(r.named, x.Param.Value) || recipePlaceholder(x.Param.Value) && !optionValue(w, x))
			case *syntax.Lit:
				v := x.Value
				found = found || strings.ContainsAny(v, "*?[") || strings.Contains(v, "{") && (strings.Contains(v, ",") || strings.Contains(v, ".."))
			case *syntax.SglQuoted:
				found = found || x.Dollar // $'\x2eenv'
				return false
			case *syntax.DblQuoted:
				found = found || x.Dollar // $"…"
			case *syntax.CmdSubst:
				found = found || !optionValue(w, x) // cat $(cat name.txt), `…`: what the shell computes
				return false
			case *syntax.ArithmExp, *syntax.ProcSubst, *syntax.ExtGlob:
				found = true
				return false
			}
			return !found
		})
	}
	return found
}

// recipePlaceholder reports whether variable name in a build-file line
// stands for a value guard could not work out (placeholderVar): the line
// is analysed as typed, where that value is unknown. make's automatic
// variables of a pattern rule guard did not match ($@, $<, $(@D):
// MAKE__, MAKE__D, MAKE__F), $(MAKEFILE_LIST) (makefiles guard read) and
// a placeholder in an option's value (optionValue, as a command
// substitution there) are left to the word scan. Another placeholder
// whose text began with a mark (a Taskfile's {{ "…" | b64dec }}) is no
// automatic variable (FINDINGS56b G6).
func recipePlaceholder(name string) bool {
	return placeholderVar(name) && name != "MAKE__" && name != "MAKE__D" && name != "MAKE__F" && name != "MAKE_MAKEFILE_LIST"
}

// optionValue reports whether command substitution x (or guard's
// placeholder for a value it could not work out) stands in word w
// after an option's name or a key (-X main.v=$(git describe), app:$(…),
// --tag=…): a value the program takes as data, not a file's name. A word
// that is the substitution, or a path around it (./$(…)), is not one.
func optionValue(w *syntax.Word, x syntax.Node) bool {
	head := printNode(w)
	if i := strings.Index(head, printNode(x)); i >= 0 {
		head = head[:i]
	}
	return strings.HasPrefix(strings.TrimLeft(head, `"'`), "-") || strings.ContainsAny(head, "=:")
}

// typed analyses statement text t of the line as a typed command is
// analysed, in the directory the walk is in, after the statements of the
// line that set variables (sets). make's expansion leaves none of its
// own calls in the text: a $(NAME …) in it is the shell's command
// substitution ($$(realpath x) in a makefile), a call guard does not
// evaluate is an unknown value (unknownMakeVar).
func (r *recipeWalk) typed(t string) {
	if t == "" {
		return
	}
	text := strings.Join(append(append([]string{}, r.sets...), t), "\n")
	w := r.c.w
	changer, changers, last := w.changer, w.changers, w.lastChanger
	fileCond, runs, line := w.fileCond, w.recipeRuns, w.recipeLine
	w.fileCond = w.cond  // the build tool's shell of its own: the line runs whole or not at all
	w.recipeRuns = false // a build tool the line starts says which of its lines run
	w.recipeLine = true  // tsc --noEmit && vitest run: no changer of the line's, as before
	w.inFile++           // a build file's text: its words count against a file's bound
	w.tentative(text)
	w.inFile--
	w.fileCond, w.recipeRuns, w.recipeLine = fileCond, runs, line
	w.changer, w.changers, w.lastChanger = changer, changers, last // one statement: no runner of the line's follows it here
}

// entered applies what eval's text or a sourced file does to the walk's
// directory (FINDINGS53a B6): a cd in it (or text guard cannot read)
// leaves a directory guard cannot tell.
func (r *recipeWalk) entered(name string, prog []word.Word) {
	var text string
	switch name {
	case "eval":
		text = strings.Join(word.Texts(prog[1:]), " ")
	case ".", "source":
		f := firstOperand(prog[1:])
		if f == "" {
			return
		}
		nread := r.c.w.Nread
		t, st := r.c.w.FileStatus(f, true, effect.MaxScriptBytes)
		r.c.w.Nread = nread
		if st == effect.FileAbsent {
			return
		}
		text = t
	default:
		return
	}
	if movesDir(text) {
		r.lost = name + " of text that may change directory"
	}
}

// movesDir reports whether shell text t may change the directory of the
// shell that runs it: a cd, pushd, popd, eval or source in it outside a
// function body or subshell, or text that does not parse.
func movesDir(t string) bool {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(t), "")
	if err != nil {
		return true
	}
	moves := false
	syntax.Walk(f, func(n syntax.Node) bool {
		switch n.(type) {
		case *syntax.FuncDecl, *syntax.Subshell, *syntax.CmdSubst, *syntax.ProcSubst:
			return false // runs elsewhere, or only when called (nvm.sh's functions)
		}
		if x, ok := n.(*syntax.CallExpr); ok && len(x.Args) > 0 {
			switch x.Args[0].Lit() {
			case "cd", "pushd", "popd", "eval", "source", ".":
				moves = true
			}
		}
		return !moves
	})
	return moves
}

// handedShell walks the -c text of a shell another program starts with
// its words (find -exec sh -c TEXT, xargs sh -c TEXT, FINDINGS53a B14),
// as a shell's own.
func (r *recipeWalk) handedShell(prog []word.Word) {
	for i := 1; i < len(prog); i++ {
		if catalogue.Shells.Has(path.Base(prog[i].Text)) {
			r.scoped(func() { r.shellText(prog[i+1:], nil) })
			return
		}
	}
}

// relative reads the operands of simple command prog that name a path
// below the directory it runs in (cat ./.env, cat sub/key.pem: FINDINGS53a
// B18), as a typed command's are: the word scan reads only home, absolute
// and parent paths and bare dot names.
func (r *recipeWalk) relative(prog []word.Word) {
	for _, a := range prog[min(1, len(prog)):] {
		s := a.Text
		if a.Known && strings.Contains(s, "/") && s[0] != '-' && s[0] != '/' && s[0] != '~' && !strings.ContainsAny(s, "$=:`\x00\n") && len(s) < 4096 {
			r.c.w.Read(s)
		}
	}
}

// recipeHarmless are the commands that run and read no file of the
// directory they run in (ls, pwd: its names at most): after a cd guard
// cannot tell, they still pass.
const recipeHarmless word.Set = " echo printf true false : exit return set shift unset export wait sleep ls pwd "

// recipeMakers are the programs that make files or directories a later
// command of the same line may run or enter. mkdir is not one: the
// directory it makes is empty (mkdir -p build && cd build && cmake ..).
const recipeMakers word.Set = " cp ln mv install rsync tar unzip cpio git curl wget touch tee dd patch ditto bsdtar 7z gzip gunzip unxz "

// gitReads reports whether simple command prog (program name) is git
// with a subcommand that leaves the working tree's files as they are
// (git describe, git status): not a maker.
func gitReads(name string, prog []word.Word) bool {
	return name == "git" && !gitTreeWriters.Has(firstOperand(prog[1:]))
}

// gitTreeWriters are git's subcommands that make or change files of a
// working tree.
const gitTreeWriters word.Set = " clone checkout switch restore pull merge rebase apply am worktree reset stash archive submodule cherry-pick revert init mv "

// recipeChangers are the programs that change or make files with text
// guard does not compute besides recipeMakers: in-place editors, make
// (a sub-make's recipes), patchers.
const recipeChangers word.Set = " sed perl ed ex make gmake bmake "

// sedFilters reports whether a build-file command is sed with arguments
// args that write no file (FINDINGS56c FP-M5): no in-place option, no -f
// script file, every script word known and a script lang.ReadSed reads
// to its end with no w/W command and nothing it runs. Such a sed prints
// what it read; it makes nothing a later command may run.
func sedFilters(name string, args []word.Word) bool {
	if name != "sed" {
		return false
	}
	ok, given := true, false
	var scripts []string
	sedArgv(args, func(kind sedArg, j, k int, s, v string) {
		switch kind {
		case sedExprArg:
			scripts, given = append(scripts, v), true
			ok = ok && args[k].Known
		case sedFileArg:
			ok = false
		case sedOptArg:
			ok = ok && args[j].Known && !editsInPlace("sed", s)
		case sedOperandArg:
			if !given {
				scripts, given = append(scripts, s), true
				ok = ok && args[j].Known
			}
		}
	})
	if !ok || !given {
		return false
	}
	ex := lang.ReadSed(strings.Join(scripts, "\n"))
	return ex.Err == nil && len(ex.Writes) == 0 && !ex.Runs() && !ex.Computed
}

// recipeTools are the build tools a build-file command may start that
// guard follows as the command line's own (their handlers).
const recipeTools word.Set = " npm pnpm yarn bun task go-task just "

// chdir applies cd, pushd or popd with its words args to the walk.
func (r *recipeWalk) chdir(name string, args []word.Word) {
	if name == "pushd" || name == "popd" || r.shDiffers {
		// /bin/sh has no pushd; bash and sh read the line differently.
		r.lost = name + " in a line bash and /bin/sh run differently"
		return
	}
	if name == "popd" {
		if len(r.stack) == 0 {
			r.lost = "popd"
			return
		}
		r.c.w.Dir = r.stack[len(r.stack)-1]
		r.stack = r.stack[:len(r.stack)-1]
		return
	}
	dir, known := "", true
	for _, a := range args {
		if a.Text != "--" && a.Text != "-P" && a.Text != "-L" && a.Text != "-e" {
			dir, known = a.Text, a.Known
			break
		}
	}
	if name == "pushd" {
		r.stack = append(r.stack, r.c.w.Dir)
	}
	if d, ok := r.homeDest(dir); ok {
		r.c.w.Dir = d // cd, cd ~, cd $HOME: the home (FINDINGS55a N1)
		return
	}
	if !known || dir == "" || dir == "-" || strings.ContainsAny(dir, "$`*?[~{\x00") { // {a,b}: bash's brace expansion, not sh's
		r.lost = strings.TrimSpace(name + " " + dir)
		return
	}
	if _, set := r.c.w.lookup("CDPATH"); (set || r.cdpath) && !strings.HasPrefix(dir, "/") && !strings.HasPrefix(dir, "./") && !strings.HasPrefix(dir, "../") && dir != "." && dir != ".." {
		r.lost = name + " " + dir + " (with CDPATH)"
		return
	}
	d := r.c.w.dest(dir)
	if r.made && r.absent(dir) {
		r.lost = name + " " + dir + " (a directory the command makes)"
		return
	}
	r.c.w.Dir = d
}

// absent reports whether nothing is at p (as a command names it) now.
func (r *recipeWalk) absent(p string) bool {
	nread := r.c.w.Nread
	_, st := r.c.w.FileStatus(p, false, 1)
	r.c.w.Nread = nread
	return st == effect.FileAbsent
}

// runsMade reports whether simple command prog (its program first) runs
// a file a build-file command may have made: one not there after this
// line made files, or one an earlier build-file command of the command
// (a line before, a pre-script) wrote or changed (walker.recipeWrote): its program named by a path, a shell's or
// source's script, an interpreter's program file.
func (r *recipeWalk) runsMade(prog []word.Word) bool {
	if len(prog) == 0 {
		return false
	}
	name := path.Base(prog[0].Text)
	var files []string
	switch {
	case strings.Contains(prog[0].Text, "/"):
		files = append(files, prog[0].Text)
	case catalogue.Shells.Has(name) || name == "source" || name == ".":
		files = append(files, firstOperand(prog[1:]))
	default:
		if in, ok := catalogue.InterpreterOf(name); ok {
			for _, j := range programFiles(in, prog[1:]) {
				files = append(files, prog[1+j].Text)
			}
		}
	}
	for _, f := range files {
		if f != "" && !strings.HasPrefix(f, "-") && (r.made && r.absent(f) || r.wroteUnder(f)) {
			return true
		}
	}
	return false
}

// maxRecipeWrote bounds the paths recipeWrote keeps.
const maxRecipeWrote = 256

// wrote records operand a of a command that makes or changes files as a
// path a later build-file command may run (walker.recipeWrote).
func (r *recipeWalk) wrote(a word.Word) {
	if a.Known && a.Text != "" && !strings.HasPrefix(a.Text, "-") && len(r.c.w.recipeWrote) < maxRecipeWrote {
		r.c.w.recipeWrote = append(r.c.w.recipeWrote, word.Clean(r.c.w.Where(a.Text)))
	}
}

// envChdir walks env's command when env's options change its directory
// (env -C DIR, --chdir=DIR): true when they do.
func (r *recipeWalk) envChdir(args, redirs []word.Word) bool {
	dir, found := "", false
	j := 0
	for ; j < len(args); j++ {
		s := args[j].Text
		switch {
		case s == "-C" || s == "--chdir" || s == "--chdi" || s == "--chd" || s == "--ch":
			if j+1 < len(args) {
				j++
				dir, found = args[j].Text, true
			}
			continue
		case strings.HasPrefix(s, "--ch") && strings.Contains(s, "="):
			_, dir, _ = strings.Cut(s, "=")
			found = true
			continue
		case strings.HasPrefix(s, "-C"):
			dir, found = s[2:], true
			continue
		case s == "-u" || s == "--unset" || s == "-S" || s == "--split-string":
			j++
			continue
		case strings.HasPrefix(s, "-"):
			continue
		}
		break
	}
	if !found {
		return false
	}
	r.scan(args[:min(j, len(args))])
	r.scoped(func() {
		r.chdir("cd", []word.Word{{Text: dir, Known: !strings.Contains(dir, "$")}})
		if j < len(args) {
			r.simple(args[j:], redirs)
		}
	})
	return true
}

// shellText walks the text a shell runs with -c (sh -c, -ec, -xc,
// bash -o pipefail -c): true when args hold one. Past maxRecipeDepth it
// is cannot-tell.
func (r *recipeWalk) shellText(args []word.Word, assigns []string) bool {
	c := false
	for j := 0; j < len(args); j++ {
		s := args[j].Text
		switch {
		case s == "":
			return c // sh -c "": runs nothing
		case s == "-o" || s == "+o" || s == "-O" || s == "+O":
			j++
		case s == "--":
		case strings.HasPrefix(s, "--"):
		case (s[0] == '-' || s[0] == '+') && len(s) > 1:
			c = c || strings.ContainsRune(s[1:], 'c') && s[0] == '-'
		case c:
			if r.c.w.recipeDepth >= maxRecipeDepth {
				r.c.w.hide("runs build-file commands nested more than %d levels deep", maxRecipeDepth)
				r.stop = true
				return true
			}
			r.c.w.recipeDepth++
			dir, lost := r.c.w.Dir, r.lost
			if lost != "" {
				r.c.w.hide("runs build-file commands after a change of directory to a place guard cannot tell (%s): it cannot tell which files they run or read there", lost)
			} else if !r.c.scanLine(shellOptionText(assigns, word.Texts(args[:j]))+s, r.limit, r.n) {
				r.c.scanWords([]string{s}, nil, r.limit)
			}
			r.c.w.Dir = dir
			r.c.w.recipeDepth--
			return true
		default:
			return false // a script file: the word scan reads it
		}
	}
	return false
}

// tool follows another build tool a build-file command starts (npm run
// X, task X) as the command line's own, in the directory it runs in,
// bounded with the makes a build file starts.
func (r *recipeWalk) tool(prog []word.Word) {
	if r.c.w.recipeDepth >= maxRecipeDepth {
		r.c.w.hide("runs build-file commands that start build tools more than %d levels deep", maxRecipeDepth)
		r.stop = true
		return
	}
	r.c.w.recipeDepth++
	runs := r.c.w.recipeRuns
	r.c.w.recipeRuns = false // the tool says which of its lines run
	r.c.w.tentative(word.QuoteAll(word.Texts(prog)))
	r.c.w.recipeDepth--
	r.c.w.recipeRuns = runs
}

// maxLoopItems bounds the items of a for loop walked one by one.
const maxLoopItems = 16

// loop walks a for loop over literal words (for d in lib app; do
// $(MAKE) -C $$d; done) once per word, its variable replaced by the word
// in the body's text: true when it could.
func (r *recipeWalk) loop(x *syntax.ForClause) bool {
	wi, ok := x.Loop.(*syntax.WordIter)
	if !ok || wi.Name == nil || len(wi.Items) == 0 || len(wi.Items) > maxLoopItems {
		return false
	}
	var items []string
	for _, it := range wi.Items {
		l := it.Lit()
		if l == "" || strings.ContainsAny(l, "*?[{~$") {
			return false
		}
		items = append(items, l)
	}
	var body []string
	for _, st := range x.Do {
		body = append(body, printNode(st))
	}
	text := strings.Join(body, "\n")
	for _, it := range items {
		t := loopVar(text, wi.Name.Value, it)
		f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(t), "")
		if err != nil {
			return false
		}
		line := r.line
		r.line = t
		r.stmts(f.Stmts)
		r.line = line
		if r.stop {
			break
		}
	}
	return true
}

// loopVar returns shell text t with $name and ${name} replaced by v.
func loopVar(t, name, v string) string {
	t = strings.ReplaceAll(t, "${"+name+"}", v)
	var b strings.Builder
	for i := 0; i < len(t); i++ {
		if t[i] == '$' && strings.HasPrefix(t[i+1:], name) {
			end := i + 1 + len(name)
			if end == len(t) || !word.IsWordChar(t[end]) {
				b.WriteString(v)
				i = end - 1
				continue
			}
		}
		b.WriteByte(t[i])
	}
	return b.String()
}

// ifClause walks an if: its condition, then each branch from the
// directory the condition leaves (branches).
func (r *recipeWalk) ifClause(x *syntax.IfClause) {
	r.stmts(x.Cond)
	fs := []func(){func() { r.stmts(x.Then) }}
	switch {
	case x.Else == nil:
		fs = append(fs, nil) // no branch taken
	case len(x.Else.Cond) == 0:
		fs = append(fs, func() { r.stmts(x.Else.Then) })
	default:
		fs = append(fs, func() { r.ifClause(x.Else) })
	}
	r.branches(nil, fs...)
}

// branches walks the alternatives of a conditional (or a loop's body,
// once: run zero times or more), each from the directory before it: when
// they leave different directories, the one after is what guard cannot
// tell. A nil alternative runs nothing.
func (r *recipeWalk) branches(body func(), alts ...func()) {
	if body != nil {
		alts = []func(){nil, body}
	}
	dir, lost := r.c.w.Dir, r.lost
	endDir, endLost, differ := dir, lost, false
	for i, f := range alts {
		r.c.w.Dir, r.lost = dir, lost
		if f != nil {
			f()
		}
		if i == 0 {
			endDir, endLost = r.c.w.Dir, r.lost
			continue
		}
		differ = differ || r.c.w.Dir != endDir || r.lost != endLost
	}
	r.c.w.Dir, r.lost = endDir, endLost
	if differ && r.lost == "" {
		r.lost = "a cd in one branch of a conditional or loop"
	}
}
