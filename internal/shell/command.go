package shell

import (
	"path"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
	"mvdan.cc/sh/v3/syntax"
)

// Kinds of argument, for rendering.
const (
	argPlain = iota
	argData  // data: written "…"
	argCode  // analysed elsewhere (a sh -c script): written "…"
)

// cmd is one simple command being analysed.
type cmd struct {
	// changer is walker.changer as this command began: what its own
	// options run (go run -exec X) runs later, inside it.
	changer string
	// touchAt is how many touches were recorded as it began: those after
	// are its own words (codechangers.go).
	touchAt int
	// linesAt, unwalkedAt: walker.lineChangers' length and
	// walker.linesUnwalked as it began (scriptChangers).
	linesAt, unwalkedAt int
	w                   *walker
	// fdUser is what the descriptors its input redirections open are
	// used by (holdsFd): its program's name, compoundUser for a compound
	// command's, "" for none (< F alone).
	fdUser string
	// quietReads marks a command that prints none of the text of the
	// files it reads (git log -- F, git rev-parse HEAD:F: gitprints.go).
	quietReads bool
	// printsText marks a git command that prints the text of files of the
	// index, the history or the work tree beyond names (gittexttree.go).
	printsText bool
	// keepsIgnores marks a git command known to leave the work tree's
	// ignore files as they are (gitKeepsIgnores): the commands after it
	// may still read what git add staged by those rules.
	keepsIgnores bool
	// gitCfgTree is the work tree core.worktree sets in the configuration
	// of a git directory guard reads (gitDirFiles), as named from the
	// walker's directory; "" for none.
	gitCfgTree string
	// diffRead marks a git diff whose printed text is a diff guard reads
	// (RevReads): its paths are pathspecs, not files it prints whole.
	diffRead bool
	// searchDirs are the directories a compiler driver's options add to
	// its include search (gcc -I DIR, -iquote DIR: RunSearchDir), where
	// a source's #include may find a file (buildincludes.go).
	searchDirs []string
	// awkIncludes counts the @include directives followed (awksources.go).
	awkIncludes int
	// gdbInf is the program a gdb command runs and its arguments
	// (gdbinferior.go).
	gdbInf gdbInferior
	// bufferWrite marks an editor whose script writes the buffer back to
	// the file it has open (:w, :wq, :x, ZZ, ed's w without a name):
	// its operands are then written (editorBuffers).
	bufferWrite bool
	// tmuxRead are the files of tmux commands being read (tmux -f,
	// source-file: terminals.go): one that sources itself is read once.
	tmuxRead []string
	// uvEntered: uv's --directory (or UV_WORKING_DIRECTORY) is already
	// the walker's directory (uvArgs), so uvWith does not enter it again.
	uvEntered bool
	// recipeMoved and recipeEditor are, for the build-file commands
	// scanned for this command, a variable moving an editor's start-up
	// and an editor they may start (recipeeditor.go); recipeEditorHid:
	// hidden once.
	recipeMoved, recipeEditor string
	recipeEditorHid           bool
	// taskDirs are the directories the dir: keys of the Taskfiles read so
	// far name, whose commands are scanned there too (taskfile.go).
	taskDirs []string
	// taskUserDir is the directory a task runner was started in.
	taskUserDir string
	// taskRoot is the directory of the root Taskfile Task reads, whose
	// includes are read after it ({{.ROOT_DIR}}).
	taskRoot string
	// prefixName is the prefix program whose command is being read
	// (pipenv of pipenv run X), for reasons.
	prefixName string
	name       string // program: base name, lower case
	args       []word.Word
	kinds      []int // per argument: argPlain, argData or argCode
	// redirs are the redirections, rendered.
	redirs []string
	// viaProgram: a prefix that runs a program (env, exec, nice…, not
	// command or builtin) runs it: echo is then coreutils' (echodialect.go).
	viaProgram bool
	// jsRunner: a package runner started the program (npx, bunx, pnpm
	// exec, yarn dlx…): a JavaScript tool (toolconfig.go jsTool).
	jsRunner bool
	// rwFiles are the files <> opened, which it may write (stdinfd.go).
	rwFiles []string
	stdin   stdin
	// ownIn: a redirection or a pipe of its own set stdin (else it
	// inherits the walker's inStdin: see inheritStdin).
	ownIn bool
	// uploads is set when curl sends a file (-T): its file: URLs are
	// written.
	uploads bool
	piped   bool // its output feeds a pipe
	subst   bool // it runs inside $( ) or <( )
	// code is interpreter code read from standard input, shown in the line.
	code string
	// sends are files it sends over the network, rendered -d @F.
	sends []string
	// runs is a program it connects to the network (nc -e PROG): " | PROG".
	runs string
	// fromStdin: a shell or interpreter reading its program on standard
	// input, written with a final " -" (sh -, python3 -).
	fromStdin bool
	// rendered is the command as it appears in its pipeline's line.
	rendered string
	// own is set when the command's lines replace its pipeline's line (a
	// lone rm is one line per operand).
	own []string
	// extra are lines of commands it stands for (find -delete is rm -r).
	extra []string
	// out is what it prints, when known: echo's words, find's paths.
	out       output
	synthetic bool
	// outFiles are the files its standard output goes to (> f, >> f,
	// &> f), with append set for >>.
	outFiles []outFile
	// prog is the program word as written (/bin/cat, ./cat); name its
	// base name.
	prog string
	// guardFile: the file prog runs is a build of guard (self.go).
	guardFile bool
	// spent marks the arguments its handler accounted for (see spend).
	spent []bool
	// recursive: it reads its directory operands whole (grep -r, cp -r);
	// readsDot: with no operand, the working directory.
	recursive, readsDot bool
	// mayWrite: options made a catalogued reader a writer (file -C), or
	// it was given an option its entry does not list.
	mayWrite bool
	// dataInput: what it reads on standard input is data, not commands
	// or the names of files (git commit -F -, mapfile).
	dataInput bool
	// env are the values the command puts in its program's environment
	// (NAME=value before it, env NAME=value); path is the PATH among them,
	// as written ($PATH kept for the inherited one), "" when none.
	env  []string
	path string
	// handed is set when a runner (xargs, parallel, tar --to-command) hands
	// the command operands or standard input guard cannot tell.
	handed *fedInput
	// tmpDir: an option moved the walker to another directory for this
	// command only (env -C, git -C), from savedDir (see changeDir).
	tmpDir   bool
	savedDir string
	// moved: a prefix option started the command in a directory guard
	// cannot tell (nsenter -m): a directory named after it is one there.
	moved bool
	// dbs is what a database client's text set (dbclients.go).
	dbs *dbState
	// undo restores the variables set for this command only (env X=v).
	undo     []func()
	compound bool // a compound command in a pipeline ({ …; } | x)
	// nested: it ran commands of its own (find -exec, tar
	// --to-command), which may read its standard input (nestReads).
	nested bool
	// mods follows the modules an interpreter's code loads (interp.go).
	mods *moduleLoader
	// fds are the descriptors its redirections open for reading (3< F,
	// 3< <(…)) and where each reads from.
	fds map[string]fdOrigin
	// outFds are the output descriptors its redirections point elsewhere
	// (3> F, 2>&1): N → a file, lostDest or "" (the client's).
	outFds map[string]string
	// hiddenNames: it opens files a list guard cannot read names
	// (namelists.go).
	hiddenNames bool
}

// outFile is a file a command's standard output is written to.
type outFile struct {
	path   string
	append bool
}

// stdin is what a command reads on standard input.
type stdin struct {
	text     string   // a here-document, a here-string, echo's output
	known    bool     // text is known
	file     string   // a file: <F, or cat F | …
	paths    []string // the paths find prints into it
	names    []string // the names find looked for (see found)
	tame     bool     // the text not known is harmless names (see output.tame)
	nulOnly  bool     // paths are whole only split at NUL (see output.nulOnly)
	entries  bool     // paths are ls's, of one level (see output.entries)
	fromPipe bool     // it comes from the stage before in a pipeline
	// setup: the stage before is a program known to print shell setup
	// code (catalogue.SetupPrinter).
	setup bool
	// holds: what the stage before may carry of the files a program guard
	// does not model read (see output.holds).
	holds []string
	// sub is the line of the pipeline a here-string "$(…)" or a
	// redirection < <(…) feeds it from.
	sub string
	// inherited: it is not the command's own but what it inherits (a
	// compound command's redirection, exec < F, the command that runs
	// it): a read there reads one line after another.
	inherited bool
}

// output is what a command prints, when known.
type output struct {
	text  string
	known bool
	paths []string // find's paths, a lister's operands (runnames.go)
	names []string // the names find looked for (see found)
	// entries: paths are what ls prints of one level, read as themselves
	// (effect.Found.Entries), not the trees below them.
	entries bool
	file    string // cat F prints F
	// tame: what it prints that is not known is harmless names, no
	// path a protected place may be (date, git ls-files, ls of the
	// working directory: runnames.go), or is among paths.
	tame bool
	// place: what it prints that is not known is where a tool keeps its
	// files (catalogue.ProducesPlace), not a name picked among others.
	place bool
	// token: what it prints is one word, no white space, one line
	// (catalogue.ProducesToken).
	token bool
	// plain: it is one word of the plain alphabet
	// (catalogue.ProducesPlain).
	plain bool
	// nulOnly: paths are whole only to a reader that splits at NUL
	// (xargs -0): a name found may hold a blank (splitnames.go).
	nulOnly bool
	// holds are the reads of a program guard does not model whose
	// standard output this is, or passes on as it is: it may be an
	// archive of them (stdoutHolds, archives.go).
	holds []string
}

// pipeline walks one pipeline (one command, or several joined by |) and
// emits its line.
func (w *walker) pipeline(elems []*syntax.Stmt) {
	var parts []string
	var own, extra []string
	var cmds []Command
	var prev *cmd
	var stages []*cmd
	var starts []int // where each stage's reads begin in w.a.Reads
	if len(elems) > 1 {
		w.stages++ // the stages run side by side (codechangers.go)
		defer func() { w.stages-- }()
	}
	for i, s := range elems {
		var c *cmd
		starts = append(starts, len(w.a.Reads))
		run := func() { c = w.element(s, prev, i < len(elems)-1) }
		switch {
		case len(elems) > 1 && w.lastpipe && !w.zsh && i == len(elems)-1:
			w.conditional(run) // bash's shopt -s lastpipe: the last in the shell (FINDINGS55b B8)
		case len(elems) > 1 && !(w.zsh && i == len(elems)-1):
			w.scoped(run) // each stage of a pipeline runs in a subshell (zsh's last in the shell)
		default:
			run()
		}
		if w.stopped() {
			return
		}
		if c.rendered != "" {
			parts = append(parts, c.rendered)
		}
		if c.name != "" {
			cmds = append(cmds, c.command())
		}
		own = append(own, c.own...)
		extra = append(extra, c.extra...)
		prev = c
		stages = append(stages, c)
	}
	w.opaqueStages(stages, starts)
	w.heldReads(stages, starts) // laundered.go
	w.hiddenNameReads(stages)   // namelists.go
	w.printed(prev)
	if len(elems) == 1 && len(own) > 0 {
		for _, l := range own {
			w.emit(l)
		}
		w.a.Commands = append(w.a.Commands, cmds...)
	} else {
		w.emit(strings.Join(parts, " | "), cmds...)
		for _, l := range own {
			w.emit(l)
		}
	}
	for _, l := range extra {
		w.emit(l)
	}
}

// command returns c as the package reports it.
func (c *cmd) command() Command {
	out := Command{Name: c.name, Synthetic: c.synthetic, Args: make([]Arg, len(c.args))}
	for i, a := range c.args {
		out.Args[i] = Arg{Text: a.Text, Data: c.kinds[i] == argData}
	}
	return out
}

// element analyses one stage of a pipeline.
func (w *walker) element(s *syntax.Stmt, prev *cmd, piped bool) *cmd {
	switch x := s.Cmd.(type) {
	case nil:
		if w.zsh && len(s.Redirs) > 0 && s != w.readSubst {
			return w.call(w.nullCmd(s.Redirs), s.Redirs, prev, piped) // zsh's NULLCMD (nullcmd.go)
		}
		c := &cmd{w: w, piped: piped}
		c.feed(prev)
		c.redirects(s.Redirs)
		c.rendered = strings.Join(c.redirs, " ")
		c.out = output{known: true} // > f alone: f is empty
		c.settleOutput()
		return c
	case *syntax.CallExpr:
		return w.call(x, s.Redirs, prev, piped)
	case *syntax.Subshell, *syntax.Block:
		// ( cmd ) and { cmd; } in a pipeline: the command itself.
		var inner []*syntax.Stmt
		if b, ok := x.(*syntax.Block); ok {
			inner = b.Stmts
		} else {
			inner = x.(*syntax.Subshell).Stmts
		}
		if len(inner) == 1 {
			if ce, ok := inner[0].Cmd.(*syntax.CallExpr); ok {
				return w.call(ce, append(append([]*syntax.Redirect(nil), inner[0].Redirs...), s.Redirs...), prev, piped)
			}
		}
	}
	saved := w.inStdin
	if prev != nil {
		in := prev.out.piped()
		in.inherited = true
		w.inStdin = &in
	}
	w.stmt(s) // … | while read f: the loop reads what the stage before prints
	if prev != nil {
		w.inStdin = saved
	}
	return &cmd{w: w, rendered: "{…}", compound: true, outFiles: w.stmtOutFiles(s)}
}

// call analyses a simple command.
func (w *walker) call(x *syntax.CallExpr, redirs []*syntax.Redirect, prev *cmd, piped bool) *cmd {
	c := &cmd{w: w, piped: piped, handed: w.feeding}
	w.feeding = nil
	if w.keyword {
		x = keywordAssigns(x) // set -k (keyword.go)
	}
	if w.expandAliases(x, redirs) {
		// the aliases' text was analysed; the command as written may
		// run instead (an alias defined on the same line)
		w.cond++
		defer func() { w.cond-- }()
	}
	if len(x.Args) == 0 {
		for _, as := range x.Assigns {
			w.assign(as)
		}
	}
	if w.runTimeLines && len(x.Args) > 0 && leadsWithRunTime(x.Args[0]) {
		defer w.anyVarSet() // a sourced NAME=V line whose NAME the command wrote at run time (anyvar.go)
	}
	words := make([]word.Word, 0, len(x.Args))
	for _, a := range x.Args {
		words = append(words, w.fields(a)...)
		if w.stopped() {
			return c
		}
	}
	if !w.count(len(words)) {
		return c
	}
	c.feed(prev)
	redirFrom := len(w.a.Reads)
	if len(words) > 0 {
		c.fdUser = path.Base(words[0].Text)
		if !words[0].Known {
			c.fdUser = compoundUser // a program guard cannot name
		}
	}
	c.redirects(redirs)
	if w.stopped() {
		return c
	}
	// A file on its standard input (rev < F) is read as its operands are:
	// opaque when it reshapes what it prints (opaque.go).
	defer c.stdinOpaque(redirFrom, len(w.a.Reads))
	runReads, runWrites := len(w.a.Reads), len(w.a.Writes)
	defer w.afterRun(c, runReads, runWrites) // laundered.go
	if len(x.Args) > 0 && len(x.Assigns) > 0 {
		// FOO=bar cmd: FOO is in cmd's environment only (sh -c '… $FOO'
		// sees it), set after the words are expanded; its values are
		// the command's own (see touchEnv).
		saved, savedPath := w.env, w.cmdPath
		w.env, w.cmdPath = nil, ""
		restore := w.tempAssigns(x.Assigns)
		c.env, w.env = w.env, saved
		c.path, w.cmdPath = w.cmdPath, savedPath
		c.run(words)
		restore()
	} else {
		c.run(words)
	}
	if c.name == "exec" && len(c.args) == 0 {
		c.keepFds()    // exec 3< F
		c.keepOutFds() // exec > F (laundered.go)
		if c.ownIn {
			in := c.stdin // exec < F: the rest of the shell reads F
			in.inherited = true
			w.inStdin = &in
			w.execIns++
		}
	}
	c.settleOutput()
	c.settleReadWrite() // stdinfd.go
	c.touchEnv()
	w.ignoresMoved = w.ignoresMoved || !c.keepsIgnores && !keepsTree.Has(c.name) || c.envMayIgnore() // its writes: ignoresWritten
	return c
}

// keepsTree are programs that change no file but through a redirection
// (printers, cd, test), which the ledger records: git's ignore rules stay
// as they were unless a write says otherwise (gittexttree.go
// ignoresWritten). Any other program may have changed them.
const keepsTree word.Set = " echo printf : true false cd pwd test [ "

// settleOutput records what the files c's standard output goes to hold:
// what it prints when known, a copy of the file cat prints (cat a > f),
// else text guard does not know.
func (c *cmd) settleOutput() {
	for _, f := range c.outFiles {
		switch {
		case f.path == lostDest:
			// >&3 of a descriptor guard does not follow: no file it names.
		case c.out.known:
			c.w.Wrote(f.path, c.out.text, f.append)
		case c.out.file != "" && !f.append:
			c.w.Copied(f.path, c.out.file)
		case !f.append:
			c.w.Replaced(c.w.Where(f.path))
		default:
			c.w.Changed(c.w.Where(f.path))
		}
	}
}

// touchEnv touches the values the command puts in its program's
// environment (HISTFILE=F bash, env GIT_DIR=D git init): a program may
// write where they tell it. Not for a program that only prints, tests or
// names (echo, test, basename), which writes nothing.
func (c *cmd) touchEnv() {
	if len(c.env) == 0 || catalogue.Printers.Has(c.name) || catalogue.Testers.Has(c.name) {
		return
	}
	if p := catalogue.ProgramNamed(c.name); p != nil && p.Access == catalogue.Names && c.w.trusts(c.prog, c.name) {
		return
	}
	for _, v := range c.env {
		if !c.gitDirAsFound(v) { // gitrepowrites.go: git --git-dir=.git log
			c.w.TouchEnv(v)
		}
	}
}

// feed sets what c reads from the stage before it.
func (c *cmd) feed(prev *cmd) {
	if prev == nil {
		return
	}
	c.stdin = prev.out.piped()
	c.ownIn = true
	c.stdin.setup = word.AllKnown(prev.args) && catalogue.SetupProgram(prev.prog) && prev.w.funcs.bodies[prev.prog] == nil &&
		catalogue.SetupPrinter(prev.name, word.Texts(prev.args))
}

// piped returns what a stage reads on standard input from a stage that
// printed o.
func (o output) piped() stdin {
	return stdin{fromPipe: true, text: o.text, known: o.known, file: o.file, paths: o.paths, names: o.names, tame: o.tame,
		nulOnly: o.nulOnly, entries: o.entries, holds: o.holds}
}

// pipedHidden reports whether c reads on standard input the output of the
// stage before that guard neither knows nor can show to be setup code.
func (c *cmd) pipedHidden() bool {
	return c.stdin.fromPipe && !c.stdin.known && c.stdin.file == "" && !c.stdin.setup
}

// run resolves words (prefixes skipped) and analyses the program.
func (c *cmd) run(words []word.Word) {
	defer c.restore()
	defer c.handedOperand() // feed.go: git's editor given its file
	away := c.w.outAway
	c.w.outAway = away || c.piped || len(c.outFiles) > 0 || c.outFd("1") != "" // sh -c 'jar cM .' | funzip: its commands' too
	defer func() { c.w.outAway = away }()
	defer c.nestReads()()
	defer c.madeArchive(len(c.w.a.Reads), len(c.w.a.Writes), len(c.w.a.Touches)) // archives.go
	defer c.inheritStdin()()
	words, guessed := unsetPrograms(words)
	words, done := c.argv0Prefixes(words)
	if done {
		return
	}
	if len(words) == 0 {
		c.rendered = strings.Join(c.redirs, " ")
		return
	}
	if c.handed != nil && c.handed.repl != "" && c.hiddenFeed(&words[0], false, "a program") ||
		c.fedPositional(words[0], "a program") {
		return // xargs -I{} {}, xargs sh -c '"$1"' _: what it reads is the program
	}
	if !guessed && c.w.guessing == 0 && opaqueProgram(words[0].Text) {
		if words = c.valueProgramWords(words); words == nil {
			return // $l after read l < F, $(cat F) (inputcmds.go)
		}
	}
	if !guessed && c.w.guessing == 0 {
		words = c.globProgram(words) // /tmp/ph/bin/python[3] (progglob.go)
	}
	if !guessed && c.w.guessing == 0 {
		c.anyVarProgram(words[0]) // declare "$n=V"; ls (anyvar.go)
	}
	if !guessed && c.w.guessing == 0 && words[0].Known && !strings.ContainsRune(words[0].Text, '/') {
		words = c.hashedProgram(words) // hash -p F ls; ls (hashtable.go)
	}
	if prog := words[0].Text; guessed {
	} else if strings.ContainsRune(prog, '/') && !strings.Contains(prog, word.UnknownSubst) {
		// ./x.sh: the file's text runs (written earlier by the command,
		// or read through Options.Files).
		c.runPath(words[0].Text, words[1:])
	} else if words[0].Known {
		c.runFound(words[0].Text, words[1:]) // foo: as the shell finds it on PATH
	}
	c.name = programName(words[0].Text)
	c.prog = words[0].Text
	if !words[0].Known {
		c.name = word.Render(words[0].Text) // $SHELL, $(…)
	}
	c.name = word.OneLine(c.name)
	words = c.gitDashed(words)
	called := c.callFunc(words)
	if called {
		c.out = output{known: true} // what it prints, its body printed
	}
	if !called {
		c.notFoundHandler(words)       // command_not_found_handle (funcs.go)
		words = c.responseFiles(words) // 7z a x.7z @list (namelists.go)
	}
	c.args = words[1:]
	if c.name == "npm" {
		c.args = npmCommandWord(c.args)
	}
	if c.name == "git" && !called {
		c.gitExpandAliases() // gitalias.go: git x … as git runs it, before anything reads the subcommand
	}
	c.kinds = make([]int, len(c.args))
	if called {
		for j := range c.args {
			c.spend(j) // its body, walked with them as $1…, says what they are
		}
	}
	c.program()
	if c.rendered == "" {
		c.render()
	}
}

// nestReads marks where the reads of the command start and returns what
// marks them opaque when it ends: the reads of a command that reshapes
// what it prints, up to those of the commands it runs, which mark their
// own (opaque.go).
func (c *cmd) nestReads() (done func()) {
	from := len(c.w.a.Reads)
	if c.w.nestAt < 0 {
		c.w.nestAt = from // the enclosing command's own reads end here
	}
	saved := c.w.nestAt
	c.w.nestAt = -1
	return func() {
		to, end := len(c.w.a.Reads), len(c.w.a.Reads)
		if c.w.nestAt >= 0 {
			to = c.w.nestAt // the commands it runs mark their own
			c.nested = true
		}
		c.w.nestAt = saved
		c.markReads(from, to)
		if c.nested && c.w.nestEnd >= to && c.reshapes() {
			c.w.markOpaque(c.w.nestEnd, end) // its own reads after theirs
		}
		c.w.nestEnd = end
	}
}

// markReads marks what c prints of its reads from index from to to of
// Analysis.Reads: none (quiet), reshaped (opaque), or each line without
// its file's name (unattributed).
func (c *cmd) markReads(from, to int) {
	quiet := c.quietReads || c.unprinted() && catalogue.Quiet(c.name, c.argTexts(), c.mayPrintTo)
	switch {
	case c.reshapes():
		c.w.markOpaque(from, to)
	case !quiet:
		c.w.markUnattributed(c, from, to)
	}
	if quiet && to > from {
		c.w.quiet = append(c.w.quiet, [2]int{from, to})
	}
}

// unsetPrograms drops the leading words that are $P unquoted, where P is
// set only in a branch and not in the environment: no word, the program
// is the next (values.go); a guess (guessed), whose program is not looked
// up and read.
func unsetPrograms(words []word.Word) (rest []word.Word, guessed bool) {
	for len(words) > 1 {
		if k, _, ok := soleMark(words[0].Text); !ok || k != word.MarkUnset {
			break
		}
		words, guessed = words[1:], true
	}
	return words, guessed
}

// prefixes skips the prefix commands (sudo, env, timeout, poetry run…)
// before the program and returns its words; done when a prefix took the
// command whole.
func (c *cmd) prefixes(words []word.Word) (rest []word.Word, done bool) {
	for len(words) > 0 {
		name := programName(words[0].Text)
		p, n, ok := catalogue.PrefixCall(append([]string{name}, word.Texts(words[1:min(len(words), 3)])...))
		if !ok || !words[0].Known {
			break
		}
		args := words[n:] // poetry run CMD…, uv tool run CMD…
		if name == "npx" {
			c.npxSettings(args) // npx --node-options=…: npm's settings
		}
		if catalogue.PackageRunners.Has(name) && name != "pipx" {
			c.runsLocal(runnerSpecs(args)) // npx ./x.tgz (npmspecs.go)
			c.jsRunner = true
		}
		if tr, ok := catalogue.TaskRunnerNamed(name); ok {
			c.runTasks(tr, words[1:]) // hatch run NAME: a script of pyproject.toml
		}
		switch {
		case name == "uvx" || name == "uv" && n == 3:
			c.pipSettings()
			c.uvWith(args, true) // uvx --from ./pkg TOOL, uv tool run ./pkg (pipsources.go)
		case name == "uv":
			c.uvRun(words[1:]) // uv run: its --with packages, and a project elsewhere (pipproject.go)
		case name == "pipx":
			c.pyRunPackages(name, args) // pipx run --spec R APP (pipsources.go)
		}
		switch name {
		case "command", "builtin", "noglob", "nocorrect":
		default:
			// time too: a command word named time is never bash's
			// keyword (the parser gives that as a TimeClause), but GNU
			// time (/usr/bin/time, \time, command time, PATH=… time),
			// which execs its operand (FINDINGS58a A4).
			c.viaProgram = true
		}
		c.prefixName = name
		rest, done := c.prefix(p, args)
		if done {
			return nil, true
		}
		if len(rest) == 0 {
			// exec 3<>/dev/tcp/…, a bare sudo -v: the prefix is the command.
			break
		}
		if name == "npx" || name == "bunx" {
			c.localBin(rest) // pmruns.go: npx q runs node_modules/.bin/q first
		}
		if prog := catalogue.PackageProgramOf(rest[0].Text); catalogue.PackageRunners.Has(name) && rest[0].Known && prog != "" {
			rest = append([]word.Word{{Text: prog, Known: true}}, rest[1:]...) // pipx run python-dotenv list, npx dotenv-cli
		}
		if p.PyFile && strings.HasSuffix(rest[0].Text, ".py") {
			rest = append([]word.Word{{Text: "python3", Known: true}}, rest...) // uv run x.py
		}
		words = rest
	}
	return words, false
}

// verbFile records what a prefix's other subcommand (catalogue.Prefix
// Verbs) verb does to its file of NAME=VALUE lines, named by the
// EnvFiles options among opts or its EnvDefault: written (set, unset),
// else read and printed (list, get).
func (c *cmd) verbFile(p catalogue.Prefix, verb string, opts []word.Word) {
	files := []string{p.EnvDefault}
	for i, a := range opts {
		opt, v, eq := strings.Cut(a.Text, "=")
		switch {
		case eq && p.EnvFiles.Has(opt):
			files = append(files[:0], v)
		case p.EnvFiles.Has(a.Text) && i+1 < len(opts):
			files = append(files[:0], opts[i+1].Text)
		}
	}
	for _, f := range files {
		if verb == "set" || verb == "unset" {
			c.w.Write(f)
		} else {
			c.w.Read(f) // list, get: it prints the values
		}
	}
}

// envFileGiven reports whether words, a prefix's, name an environment
// file by one of p's EnvFiles options (alone or --opt=F).
func envFileGiven(p catalogue.Prefix, words []word.Word) bool {
	for _, a := range words {
		opt, _, _ := strings.Cut(a.Text, "=")
		if p.EnvFiles.Has(a.Text) || p.EnvFiles.Has(opt) {
			return true
		}
	}
	return false
}

// prefix skips the options and operands of a prefix command and returns the
// words of the command it runs; done means nothing more runs.
func (c *cmd) prefix(p catalogue.Prefix, words []word.Word) ([]word.Word, bool) {
	c.unitDir(p, words)             // systemd-run: its own directory (unit.go)
	words = c.prefixWords(p, words) // env -iS STRING, strace -fo F (prefixopts.go)
	shell := p.Shell
	c.prefixStart(p, words)
	var operands []word.Word // of a prefix whose operands are not a command (su USER)
	var argv0 *word.Word     // exec -a NAME
	for i := 0; i < len(words); i++ {
		words = longValue(p, words, i) // env --split-s=V: -S V
		a := words[i].Text
		c.prefixMoves(p, a) // sudo -i, su -, nsenter -m: a directory guard cannot tell
		if rest, done, ends := c.prefixEnds(p, words, i, argv0); ends {
			return rest, done
		}
		switch {
		case a == "--" && p.None:
			operands = append(operands, words[i+1:]...)
			i = len(words)
		case p.CmdWith.Has(a):
			p.None, p.Operands = false, 0 // runuser -u USER CMD…
			i++
		case p.Prog.Has(a) && i+1 < len(words):
			i++
			if !catalogue.Shells.Has(word.Base(words[i].Text)) {
				c.extra = append(c.extra, c.inner(words[i:i+1]).lines()...) // su -s ./x.sh
			}
		case p.Module.Has(a):
			// uv run -m MOD…: python3 -m MOD….
			return append([]word.Word{{Text: "python3", Known: true}, {Text: "-m", Known: true}}, words[i+1:]...), false
		case p.Exec.Has(a):
			p.Rest = false // watch -x CMD…: a command, not a script
		case p.RestOpts.Has(a):
			p.Rest = true // env-cmd --use-shell CMD…: run by sh -c
		case c.prefixEnvOption(p, words, &i):
			// env -i, -u NAME, systemd-run -E, --env-file F, chpst -e DIR
		case a == "-" && (p.None || p.Assigns): // su - USER: a login shell; env - CMD: an empty environment
		case p.Verb != "" && a == p.Verb:
			p.Verb, p.Verbs = "", "" // dotenv -f F run CMD
		case p.Verbs.Has(a):
			c.verbFile(p, a, words[:i]) // dotenv -f F set NAME VALUE: no command runs
			return nil, true
		case p.ShellOpts.Has(a):
			shell = true // sudo -s: a shell
		case p.Split.Has(a) && i+1 < len(words) && word.Opaque(words[i+1].Text):
			c.splitValue(p, words[i+1], words[i+2:]) // env -S "$(cat F)" (inputcmds.go)
			return nil, true
		case p.Split.Has(a) && i+1 < len(words):
			// env -S 'X=V CMD': the string's words are env's own, its
			// assignments included (each split shortens the text).
			split, ok := c.w.envSplit(words[i+1].Text)
			if !ok {
				return nil, true
			}
			words, i = append(split, words[i+2:]...), -1
		case p.Chdir != "" && c.prefixChdir(p, words, &i):
			// env -C DIR, sudo -D DIR: the command runs in DIR.
		case p.Dir.Props.Has(a) && i+1 < len(words):
			i++
			c.unitProperty(words[i].Text) // systemd-run -p KEY=VALUE (unit.go)
		case c.argv0Option(words, &i, &argv0): // exec -a NAME, env -a NAME, --argv0=NAME
		case strings.HasPrefix(a, "--") && strings.Contains(a, "="):
			c.prefixValue(p, a)
		case p.WithArg.Has(a) || p.WriteOpts.Has(a) || p.ReadOpts.Has(a):
			c.prefixFile(p, words, i) // time -o F, fakeroot -i F
			i++
		case strings.HasPrefix(a, "-") && len(a) > 1 && !word.IsNumberOption(a):
			c.prefixFlag(p, words, i) // an option its row does not list: its value touched
		case p.Assigns && envEntry(a) && entryNamed(a):
			c.prefixAssign(a)
		case p.Assigns && c.unknownEntry(a, p.Split.Has("-S")): // env (-S splits a string), not sudo
			// env "$(cat f.env)" CMD: an entry from a file, or hidden.
		case word.IsNumberOption(a): // nice -10
		case p.None:
			operands = append(operands, words[i])
		default:
			return c.afterPrefix(p, c.argv0(argv0, words[i:]))
		}
	}
	return c.noCommand(p, operands, shell)
}

// argv0Option takes the option at *i of exec or env that names the
// argv[0] of the program it runs (-a NAME, --argv0 NAME, --argv0=NAME)
// into argv0.
func (c *cmd) argv0Option(words []word.Word, i *int, argv0 **word.Word) bool {
	a := words[*i].Text
	switch {
	case c.prefixName != "exec" && c.prefixName != "env":
		return false
	case (a == "-a" || a == "--argv0" && c.prefixName == "env") && *i+1 < len(words):
		*i++
		*argv0 = &words[*i]
		return true
	case strings.HasPrefix(a, "--argv0=") && c.prefixName == "env":
		*argv0 = &word.Word{Text: a[len("--argv0="):], Known: words[*i].Known}
		return true
	}
	return false
}

// argv0 returns the words of the command exec -a NAME runs (rest), as the
// program takes them: git runs as the name it is started under (exec -a
// git-push git R: git push R); any other program started under another
// name than its own is cannot-tell, as a multi-call program chooses what
// it does by that name (FINDINGS53b F2).
func (c *cmd) argv0(name *word.Word, rest []word.Word) []word.Word {
	if name == nil || len(rest) == 0 {
		return rest
	}
	base, prog := word.Base(name.Text), word.Base(rest[0].Text)
	if name.Known && base == prog {
		return rest
	}
	if name.Known && rest[0].Known && prog == "git" {
		if sub, ok := strings.CutPrefix(base, "git-"); ok && gitOwnSubs.Has(sub) {
			return append([]word.Word{rest[0], {Text: sub, Known: true}}, rest[1:]...)
		}
	}
	c.w.hide("starts %s under the name %s: guard cannot tell what a program does when named otherwise", word.Quote(rest[0].Text), word.Quote(name.Text))
	return rest
}

// zshPrecommands are zsh's precommand modifiers that run the program
// after them themselves (its argv[0] is zsh's to set).
const zshPrecommands word.Set = " exec command noglob nocorrect - "

// argv0Prefixes is prefixes, with zsh's ARGV0 applied to the program zsh
// starts (zshArgv0): the first word, before the script zsh -c runs is
// walked, or the program a precommand modifier runs (ARGV0=ksh command
// zsh -c …).
func (c *cmd) argv0Prefixes(words []word.Word) ([]word.Word, bool) {
	after := c.zshArgv0(words)
	words, done := c.prefixes(words)
	if after && !done && len(words) > 0 {
		c.zshArgv0(words[:1])
	}
	return words, done
}

// zshArgv0 applies zsh's exported ARGV0 (ARGV0=NAME prog, export
// ARGV0=NAME) to the program zsh starts, words[0]: it is started under the
// name NAME, as exec -a NAME starts it (argv0: ARGV0=ksh zsh -c … runs zsh
// in ksh emulation, FINDINGS59b B12). A builtin or function is not
// started (a function's programs see ARGV0 as their own command's
// variable); a prefix program (env, nohup) is, under NAME, and starts its
// own command under its own name; neither has ARGV0 in its environment
// (zsh takes it out). After a precommand modifier (exec,
// command, noglob) it reports true: the program it runs is the one
// started, known once the prefixes are read.
func (c *cmd) zshArgv0(words []word.Word) (after bool) {
	if !c.w.zsh || len(words) == 0 {
		return false
	}
	v, set := c.envValue("ARGV0")
	prefixed := slices.ContainsFunc(c.env, func(e string) bool { return strings.HasPrefix(e, "ARGV0=") })
	if !set || !prefixed && !c.w.exported("ARGV0") {
		return false
	}
	first := words[0]
	prog := word.Base(first.Text)
	switch {
	case first.Known && zshPrecommands.Has(prog):
		return true
	case first.Known && (builtins.Has(prog) || zshBuiltins.Has(prog) || c.w.funcs.bodies[first.Text] != nil):
		return false
	}
	name := word.Word{Text: v, Known: word.IsKnown(v)}
	c.argv0(&name, words[:1])
	c.tempUnset("ARGV0") // zsh takes it out of the program's environment
	return false
}

// prefixEnds answers for the prefix's word at i that ends its options:
// -- (but not for a prefix whose operands are not a command), an option
// that only asks where a program is (command -v), or one whose value or
// rest is the command (sh -c's, xterm -e's). ends is false for any other.
// argv0 is exec -a's NAME, which counts after -- too (FINDINGS54b G8).
func (c *cmd) prefixEnds(p catalogue.Prefix, words []word.Word, i int, argv0 *word.Word) (rest []word.Word, done, ends bool) {
	a := words[i].Text
	switch {
	case a == "--" && p.None:
		return nil, false, false
	case a == "--" && p.Assigns:
		rest, done = c.afterPrefix(p, c.prefixEntries(p, words[i+1:])) // env -- "$(…)=V" CMD
	case a == "--":
		rest, done = c.afterPrefix(p, c.argv0(argv0, words[i+1:]))
	case p.NoRun.Has(a):
		c.asksWhere(words) // command -v rm: asks where rm is; nothing runs
		done = true
	case p.Edit.Has(a):
		rest = append([]word.Word{{Text: "sudoedit", Known: true}}, words[i+1:]...) // sudo -e F: sudoedit F
	case p.ScriptOption(a) && i+1 < len(words):
		c.prefixScript(p, words[i+1], words[i+2:])
		done = true
	case p.CmdAfter.Has(a) && i+2 == len(words) && strings.ContainsAny(words[i+1].Text, " \t\n;|&"):
		c.prefixScript(p, words[i+1], nil) // xterm -e 'CMD ARGS': one string, a shell command
		done = true
	case p.CmdAfter.Has(a):
		rest = words[i+1:] // xterm -e CMD…
	default:
		return nil, false, false
	}
	return rest, done, true
}

// prefixStart applies what prefix p does before its options: it moves to
// the user's home (machinectl shell) or a directory guard cannot tell
// (toolbox run), and reads the environment file it loads by default
// (dotenv run: .env, when there is one and words name none).
func (c *cmd) prefixStart(p catalogue.Prefix, words []word.Word) {
	if p.Home {
		c.changeDir("")
	}
	if p.Moved {
		c.changeDir(unknownDir)
	}
	if p.EnvDefault != "" && !envFileGiven(p, words) {
		c.envDefault(p.EnvDefault, "env")
	}
}

// envDefault: the program (prog, for the reason) loads the file of
// NAME=VALUE lines f of the working directory by default, when one is
// there (dotenv run, pipenv run, bun, node -r dotenv/config: .env): a
// read of f, whose values the command it runs may print. Its variables
// are set as env sets them; a reason that names env as a program run
// before another names the loader and f instead.
func (c *cmd) envDefault(f, prog string) {
	if _, st := c.w.FileStatus(f, true, effect.MaxScriptBytes); st != effect.FileAbsent {
		was := c.w.changer
		c.envFile(word.Word{Text: f, Known: true}, prog)
		if was == "" && c.w.changer == "env" && c.prefixName != "" {
			c.w.changer = c.prefixName + " loading " + f
		}
	}
}

// prefixEnvOption takes, at words[*i], an option of prefix p that sets
// its command's environment, moving *i past its value, and reports
// whether it was one: an empty environment (env -i: ~ is the passwd
// entry's home), a variable removed (-u NAME), NAME=VALUE (systemd-run
// -E), a file of such lines (uv run --env-file F), a directory of them
// (chpst -e DIR), or one guard does not read (env-cmd -e NAMES: hidden).
func (c *cmd) prefixEnvOption(p catalogue.Prefix, words []word.Word, i *int) bool {
	a := words[*i].Text
	if p.Clears.Has(a) || len(a) > len("--ignore-e") && strings.HasPrefix("--ignore-environment", a) && p.Clears.Has("--ignore-environment") {
		c.clearEnv() // builtins.go
		return true
	}
	if *i+1 >= len(words) {
		return false
	}
	v := words[*i+1]
	switch {
	case p.Unsets.Has(a):
		c.unsetsVar(v)
	case p.Env.Has(a):
		c.w.envAssign(v.Text)
	case p.EnvFiles.Has(a):
		c.envFile(v, "env")
	case p.EnvDirs.Has(a):
		c.envDir(v)
	case p.EnvHidden.Has(a):
		c.w.hide("runs a command whose environment %s sets from a file guard does not read", a)
	default:
		return false
	}
	*i++
	return true
}

// prefixEntries reads the NAME=VALUE entries at the start of words, after
// the -- that ends a prefix's options (env -- X=V CMD: env still takes
// entries there), and returns the words of the command.
func (c *cmd) prefixEntries(p catalogue.Prefix, words []word.Word) []word.Word {
	for len(words) > 0 {
		a := words[0].Text
		switch {
		case envEntry(a) && entryNamed(a):
			c.prefixAssign(a)
		case !c.unknownEntry(a, p.Split.Has("-S")):
			return words
		}
		words = words[1:]
	}
	return words
}

// asksWhere is a prefix given an option that makes it run nothing
// (command -v rm): its words are data, and it prints where the program is.
func (c *cmd) asksWhere(words []word.Word) {
	c.name = "command"
	c.args = words
	c.kinds = make([]int, len(words))
	c.allData()
	c.render()
	c.pathOutput()
}

// prefixValue: a prefix's --opt=VALUE sets a variable for the command
// (systemd-run --setenv=X=V) or names a file it writes (time --output=F).
func (c *cmd) prefixValue(p catalogue.Prefix, a string) {
	opt, v, _ := strings.Cut(a, "=")
	if p.Dir.Props.Has(opt) {
		c.unitProperty(v) // --property=KEY=VALUE (unit.go)
	}
	if p.Env.Has(opt) {
		c.w.envAssign(v)
	}
	if p.Unsets.Has(opt) {
		c.unsetsVar(word.Word{Text: v, Known: word.IsKnown(v)}) // env --unset=HOME
	}
	if p.WriteOpts.Has(opt) {
		c.prefixWrite(p, opt, v) // time --output=F
	}
	if p.ReadOpts.Has(opt) {
		c.w.Read(v)
	}
	if !p.Listed(opt) {
		c.touchValue(word.Word{Text: v, Known: word.IsKnown(v)}) // valgrind --log-file=F: a value guard cannot tell
	}
}

// prefixAssign: NAME=VALUE before the command a prefix runs (env X=V CMD)
// is in that command's environment.
func (c *cmd) prefixAssign(a string) {
	w := c.w
	w.Read(a)
	w.envAssign(a) // env http_proxy=HOST curl …, env PAGER=CMD git …
	k, v, _ := strings.Cut(a, "=")
	if k == "PATH" {
		w.pathSet, c.path = true, v // env PATH=… CMD
	}
	c.env = append(c.env, v)
	c.tempVar(k, v) // env X=… sh -c '… $X'
}

// prefixScript analyses script, the value of a prefix's script option (su
// -c SCRIPT), as the command it runs; rest are the words after it, where a
// prefix that writes its operands names its file (script -c CMD FILE).
func (c *cmd) prefixScript(p catalogue.Prefix, script word.Word, rest []word.Word) {
	c.w.asSh(func() { c.w.script(script.Text, c.w.depth+1) }) // watch CMD: sh -c (echodialect.go)
	if p.Writes {
		for _, x := range rest {
			if !strings.HasPrefix(x.Text, "-") {
				c.w.Write(x.Text)
			}
		}
	}
	c.name = "sh"
	c.args = []word.Word{{Text: "-c", Known: true}, script}
	c.kinds = []int{argPlain, argCode}
	c.render()
}

// noCommand ends a prefix that was given no command: operands are what a
// prefix whose operands are not a command got (su USER ARGS…, script
// FILE). Such a prefix may run a shell: with arguments (su USER -c CMD's
// ARGS go to it), or reading its commands on standard input (echo CMD |
// su, sudo -s, script FILE).
func (c *cmd) noCommand(p catalogue.Prefix, operands []word.Word, shell bool) ([]word.Word, bool) {
	if p.Writes {
		for _, x := range operands {
			c.w.Write(x.Text) // script FILE: the typescript
		}
	}
	if !shell {
		return nil, false
	}
	args := operands[min(p.Operands, len(operands)):]
	if p.Writes {
		args = nil
	}
	if len(args) > 0 {
		return append([]word.Word{{Text: "sh", Known: true}}, args...), false // su USER ARGS: the shell's arguments
	}
	c.name = "sh"
	c.args, c.kinds = nil, nil
	c.shell()
	if c.rendered == "" {
		c.render()
	}
	return nil, true
}

// afterPrefix skips a prefix's operands (timeout 5) and handles watch and
// sg, whose words are a script.
func (c *cmd) afterPrefix(p catalogue.Prefix, words []word.Word) ([]word.Word, bool) {
	if p.Operands > 0 {
		if len(words) <= p.Operands {
			return nil, false
		}
		if p.Root {
			c.changeDir(words[0].Text) // chroot DIR CMD: in DIR's root
		}
		if p.EnvDir {
			c.envDir(words[0]) // envdir DIR CMD
		}
		for _, x := range words[:p.Operands] {
			c.w.Read(x.Text) // chroot /srv, flock file
			if p.Lock {
				c.w.Touch(x.Text) // flock opens it, creating it
			}
			if p.Sources != "" {
				c.w.startupFile(strings.TrimRight(x.Text, "/") + "/" + p.Sources) // direnv exec DIR: DIR/.envrc
			}
		}
		// Options may follow the operands: flock FILE -c CMD.
		rest := words[p.Operands:]
		p.Operands = 0
		return c.prefix(p, rest)
	}
	if p.Rest && len(words) > 0 {
		// watch CMD…, sg GROUP CMD…: the words joined are a script.
		c.prefixScript(p, word.Word{Text: word.Join(words), Known: word.AllKnown(words)}, nil)
		return nil, true
	}
	return words, false
}

// redirects renders the redirections, records the files they name, and
// sets what standard input holds.
func (c *cmd) redirects(rs []*syntax.Redirect) {
	w := c.w
	for _, r := range rs {
		n := ""
		if r.N != nil {
			n = fdNumber(r.N.Value)
		}
		op := r.Op.String()
		switch r.Op {
		case syntax.Hdoc, syntax.DashHdoc:
			body, known := w.heredoc(r)
			c.docIn(n, fdOrigin{doc: true, text: body, known: known})
			c.redirs = append(c.redirs, n+op+"…")
			continue
		case syntax.WordHdoc:
			// (What is not known of it stays marked in the text.)
			t := w.text(r.Word)
			c.docIn(n, fdOrigin{doc: true, text: t.Text + "\n", known: true, sub: t.Sub})
			c.redirs = append(c.redirs, n+op+"…")
			continue
		}
		if (r.Op == syntax.DplOut || r.Op == syntax.DplIn) && r.Word.Lit() == "-" {
			w.fdClosed = true // exec 2>&-: see exits
		}
		for _, t := range w.redirTargets(r.Word) {
			c.redirect(n, op, r, t)
		}
	}
}

// redirect records what one redirection (n, op: its descriptor and
// operator) does with target t.
func (c *cmd) redirect(n, op string, r *syntax.Redirect, t word.Word) {
	w := c.w
	target := t.Text
	c.redirs = append(c.redirs, n+op+word.OneLine(target))
	if len(target) > 1 && target[0] == '-' {
		target = "./" + target // a redirection's word is a path whole, never an option (> -x/../../.bashrc)
	}
	for _, dev := range []string{"/dev/tcp/", "/dev/udp/"} {
		if h, ok := strings.CutPrefix(target, dev); ok {
			h, _, _ = strings.Cut(h, "/")
			c.url(h) // bash opens a connection to the host
		}
	}
	if r.Op != syntax.RdrIn && r.Op != syntax.DplIn {
		w.substTarget(t) // > "$(find ~ -name .bashrc)" (substnamed.go)
	}
	switch r.Op {
	case syntax.RdrIn, syntax.RdrInOut:
		// < F, 3< F, <> F (stdinfd.go): by descriptor, not operator.
		c.inputRedirect(n, target, t.Sub, r.Op == syntax.RdrInOut)
	case syntax.DplIn:
		c.dupIn(n, target) // <&3: a descriptor (inputcmds.go)
	case syntax.DplOut:
		if n == "0" {
			c.dupIn(n, target) // 0>&3 is 0<&3 (stdinfd.go)
			break
		}
		// >&2 is a descriptor; >&file writes a file.
		if target != "-" && strings.Trim(target, "0123456789") != "" {
			w.Write(target)
		}
		c.dupOut(n, target) // laundered.go
	default: // > >> &> &>> >|
		if n == "0" {
			c.stdin, c.ownIn = stdin{known: true}, true // 0> F: opened for writing, nothing to read
		}
		c.pointOut(n, r, target) // laundered.go
		if target != "-" {
			stdout := n == "" || n == "1"
			w.Redirecting = stdout // what it then holds is settled by settleOutput
			w.Write(target)
			w.Redirecting = false
			if stdout {
				c.outFiles = append(c.outFiles, outFile{target, r.Op == syntax.AppOut || r.Op == syntax.AppAll})
			}
		}
	}
}

// heredoc returns the body of a here-document: as written when its
// delimiter is quoted, else with its substitutions expanded (they run).
func (w *walker) heredoc(r *syntax.Redirect) (string, bool) {
	if r.Hdoc == nil {
		return "", true
	}
	quoted := false
	for _, p := range r.Word.Parts {
		switch p := p.(type) {
		case *syntax.SglQuoted, *syntax.DblQuoted:
			quoted = true
		case *syntax.Lit:
			quoted = quoted || strings.Contains(p.Value, `\`)
		}
	}
	if quoted {
		// bash: a quote anywhere in the delimiter leaves the whole body
		// as written; the parser may still have split it into
		// expansions (<<'E'OF), which are then printed back, never
		// dropped.
		var b strings.Builder
		for _, p := range r.Hdoc.Parts {
			if l, ok := p.(*syntax.Lit); ok {
				b.WriteString(l.Value)
				continue
			}
			t := printNode(p)
			if t == "" {
				return "", false
			}
			b.WriteString(t)
		}
		return b.String(), true
	}
	return w.document(r.Hdoc.Parts)
}

// render writes the command's line: program, arguments (data and scripts
// as "…"), what it sends, redirections, and a program it connects.
func (c *cmd) render() {
	var b strings.Builder
	n := len(c.name) + len(c.code) + 8
	for _, a := range c.args {
		n += len(a.Text) + 1
	}
	for _, r := range c.redirs {
		n += len(r) + 1
	}
	b.Grow(n)
	b.WriteString(c.name)
	for i, a := range c.args {
		b.WriteByte(' ')
		if c.kinds[i] != argPlain {
			b.WriteString("…")
			continue
		}
		b.WriteString(word.OneLine(a.Text))
	}
	if c.code != "" {
		b.WriteByte(' ')
		b.WriteString(word.OneLine(c.code))
	}
	for _, s := range c.sends {
		b.WriteString(" -d @")
		b.WriteString(word.OneLine(c.w.CanonPath(s)))
	}
	if c.fromStdin && (len(c.args) == 0 || c.args[len(c.args)-1].Text != "-") {
		b.WriteString(" -")
	}
	for _, r := range c.redirs {
		b.WriteByte(' ')
		b.WriteString(r)
	}
	if c.runs != "" {
		b.WriteString(" | ")
		b.WriteString(c.runs)
	}
	c.rendered = b.String()
}

// echoOutput is what echo prints: its words after its options, and a
// newline. Where k's echo decodes backslash escapes (-e; xpg_echo, zsh
// unless -E; XSI echo always) it decodes them as the shell's echo does
// (echoescapes.go: echo -e '\x2ebashrc' prints .bashrc, '\0056' a dot, \c
// ends the output).
func echoOutput(args []word.Word, k echoKind) (string, bool) {
	rest, escapes, newline := echoWords(args, k)
	text := word.Join(rest)
	if escapes && strings.Contains(text, "\\") {
		d := escEchoBash
		switch k {
		case echoZsh:
			d = escZsh
		case echoXSI:
			d = escBBash // dash's: \0NNN and \NNN (and bash's extra escapes: it only widens)
		}
		out, stop := echoEscapes(text, d)
		text = out // a NUL stays, as printf's: a pipe passes it (FINDINGS58a A6)
		newline = newline && !stop
	}
	if newline {
		text += "\n"
	}
	return text, true
}

// printfOutput is what printf prints: its format applied to its
// arguments, when the format is known.
func printfOutput(args []word.Word, zsh bool) (string, bool) {
	if len(args) == 0 || args[0].Text == "-v" {
		return "", false
	}
	return printfFormat(args[0].Text, word.Texts(args[1:]), zsh)
}
