package shell

// Files a command runs: a script given to a shell, sourced or run by its
// path (or by a bare name found on PATH, search.go), a program given to an
// interpreter. What the command itself wrote
// there earlier is that text; otherwise Options.Files reads the file. A
// script is analysed as the commands it is; another program's text is
// scanned for the paths it names.

import (
	"errors"
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
	"mvdan.cc/sh/v3/syntax"
)

// hide records that the command runs text guard cannot see.
func (w *walker) hide(format string, args ...any) { w.fail(hidden(false, format, args...)) }

// hideUnsure is hide for what guard cannot tell about a program it
// otherwise read (what a program does with words a runner hands it): the
// policy lets a concrete finding of the same command speak first (see
// [Unsure]).
func (w *walker) hideUnsure(format string, args ...any) { w.fail(hidden(true, format, args...)) }

// hidden is the hiddenError of hide and hideUnsure.
func hidden(unsure bool, format string, args ...any) *hiddenError {
	logged := make([]any, len(args))
	for i, a := range args {
		switch a.(type) {
		case string, error, fmt.Stringer:
			logged[i] = redactedPart // a word, a name, a path of the command's
		default:
			logged[i] = a // a number, a bound
		}
	}
	return &hiddenError{shown: fmt.Sprintf(format, args...), logged: fmt.Sprintf(format, logged...), unsure: unsure}
}

// redactedPart stands, in the audit log's form of a hidden command's
// reason, for each part of it the command's text gave.
const redactedPart = "<redacted>"

// hiddenError is [ErrHidden] with what guard could not see: as shown to
// the agent, and as the audit log keeps it (HiddenLog), without the
// words, names and paths the command's text gave.
type hiddenError struct {
	shown, logged string
	unsure        bool // hideUnsure's
}

func (e *hiddenError) Error() string { return e.shown + ": " + ErrHidden.Error() }
func (e *hiddenError) Unwrap() error { return ErrHidden }

// Unsure reports whether err, an [Analysis.Err], is only what guard
// cannot tell a program does with words a runner hands it (git's
// diff.external given two files): a block, which a concrete finding on
// the same command (the program's own words write ~/.bashrc) says better.
func Unsure(err error) bool {
	var h *hiddenError
	return errors.As(err, &h) && h.unsure
}

// HiddenLog returns, for an [Analysis.Err] that wraps ErrHidden, the
// reason as the audit log may keep it: no text of the command's.
func HiddenLog(err error) (string, bool) {
	var h *hiddenError
	if !errors.As(err, &h) {
		return "", false
	}
	return h.logged, true
}

// runScript analyses text, a shell script the command runs from a file, as
// the commands it is: in a subshell with args as $0, $1, … (sh x.sh a b),
// or sourced into the current shell (source x.sh, . x.sh). file is the
// file the text is read from, as the command names it ("" when it is no
// file's); see userChain.
func (w *walker) runScript(text string, args []word.Word, sourced bool, file string) {
	w.inFile++
	before, outer, touches, bares, lines, source := w.err, w.chain, len(*w.TouchList), len(*w.BareList), w.runTimeLines, w.source
	w.runTimeLines = runTimeLine(text)
	w.source = file
	fileCond, noErrexit, inFunc := w.fileCond, w.noErrexit, w.inFunc
	physical, physMaybe, errexit := w.physical, w.physMaybe, w.errexit
	if !sourced {
		w.fileCond = w.cond // a shell of its own: runs whole or not at all
		w.noErrexit, w.inFunc = 0, 0
		w.physical, w.physMaybe = false, false // set -P is not inherited
		w.errexit = false                      // nor set -e (FINDINGS55b B2)
	}
	self := ""
	if file != "" && !word.Opaque(file) {
		self = w.Where(file)
	}
	w.chain = w.userChain(file)
	if readsLastArg(text) {
		w.chain = "" // $_ is the last word of the command's own statement before
	}
	if sourced {
		if w.chain == "" {
			w.ownState = true // the command's text sets the shell's state
		} else {
			w.stateFiles = append(w.stateFiles, self)
		}
	}
	defer func() {
		w.inFile--
		w.runTimeLines, w.source, w.fileCond = lines, source, fileCond
		w.noErrexit, w.inFunc = noErrexit, inFunc
		if !sourced {
			w.physical, w.physMaybe, w.errexit = physical, physMaybe, errexit
		}
		w.fileTouches(touches, bares, self)
		if sourced {
			// What the file set lasts in the shell that sourced it: the
			// rest of an enclosing file runs with it (its chain, or none).
			outer = w.chain
		}
		w.chain = outer
		// A parse error inside the file: its line is the file's, not the
		// command's, and nothing of the file was analysed.
		var pe *ParseError
		if w.err != before && errors.As(w.err, &pe) && !pe.Recovered {
			w.err = fmt.Errorf("runs a script guard cannot parse (line %d, column %d of the file): %w", pe.Line, pe.Col, ErrHidden)
		}
	}()
	if sourced {
		if len(args) > 1 {
			// . x.sh a b: $1… are a b; $0 stays the caller's.
			zero := ""
			if w.pos != nil {
				zero = w.pos.zero
			}
			w.pos = &positional{zero: zero, args: word.Texts(args[1:])}
		}
		// A return at its top level ends the file early: what the rest
		// did may not have happened (FINDINGS55b B15).
		w.leavable(nil, leaveFunc, func() { w.script(text, w.depth+1) })
		return
	}
	w.scoped(func() {
		w.setArgs(args)
		w.script(text, w.depth+1)
	})
}

// sourceStdin takes source /dev/stdin: the shell runs what it reads, in
// this shell (source /dev/stdin <<< "set +e"; FINDINGS55b B2). Known text
// is walked here; anything else as sh reading it, after which the
// shell's state is not known: set -e, its functions and where it is.
func (c *cmd) sourceStdin() {
	if c.stdin.known && !c.stdin.fromPipe {
		c.w.leavable(nil, leaveFunc, func() { c.w.script(c.stdin.text, c.w.depth+1) })
		return
	}
	c.name = "sh"
	c.args, c.kinds = nil, nil
	c.shell() // curl … | source /dev/stdin
	if !c.stdin.fromPipe {
		c.w.unknownCode()
		c.w.addDirs(word.Mark(word.MarkVar, "PWD"))
	}
}

// userChain returns the chain (see walker.chain) of file's text, which
// the command runs: the files sourced so far, the files on the way to it
// and file itself, as Where writes them. The text may then be the user's:
// the policy says whether each of them is (shell.FileTouch). "" when the
// command's own text set the shell's state first (a function, a variable,
// a cd: see harmless), when the command wrote file (its text is the
// command's), or when file's name holds a part guard could not work out.
func (w *walker) userChain(file string) string {
	if w.ownState || w.inFile > 1 && w.chain == "" || file == "" || word.Opaque(file) || strings.Contains(file, "\n") {
		return ""
	}
	q := w.Where(file)
	if _, wrote := w.WrittenEntry(word.Clean(q)); wrote {
		return ""
	}
	var list []string
	if w.chain != "" {
		list = strings.Split(w.chain, "\n")
	}
	for _, f := range append(slices.Clip(w.stateFiles), q) {
		if !slices.Contains(list, f) {
			list = append(list, f)
		}
	}
	return strings.Join(list, "\n")
}

// harmless reports whether statement s, of the command's own text, leaves
// the shell's state as it was: a source of one file (whose text is then
// walked in its turn), a program run from PATH, a test, and && and ||
// lists of them, whose words are inert (inertWords). Anything else may set
// a variable, a function, an alias, an option, the directory or the input
// that a file run later reads (default-deny: what is not listed may).
func harmless(s *syntax.Stmt) bool {
	if s.Negated || s.Background || s.Coprocess || len(s.Redirs) > 0 {
		return false
	}
	switch c := s.Cmd.(type) {
	case *syntax.BinaryCmd:
		return c.Op == syntax.AndStmt || c.Op == syntax.OrStmt
	case *syntax.TestClause:
		return inertWords(c.X)
	case *syntax.CallExpr:
		if len(c.Assigns) > 0 || len(c.Args) == 0 || !inertWords(c) {
			return false
		}
		switch name := c.Args[0].Lit(); name {
		case "":
			return false
		case "source", ".":
			return len(c.Args) == 2
		case "test", "[", "true", "false", ":", "pwd":
			return true
		default:
			return !builtins.Has(name) && !zshBuiltins.Has(name) && effect.ProgramName(name)
		}
	}
	return false
}

// knownName returns the text of a, a word naming a file, when guard knows
// it whole; "" otherwise.
func knownName(a word.Word) string {
	if !a.Known {
		return ""
	}
	return a.Text
}

// readsLastArg reports whether script text expands $_ (also ${_…}), the
// last word of the statement run before it: the command's.
func readsLastArg(text string) bool {
	for i := strings.Index(text, "$"); i >= 0 && i+1 < len(text); {
		rest := text[i+1:]
		switch {
		case strings.HasPrefix(rest, "_") && (len(rest) == 1 || !word.IsWordChar(rest[1])):
			return true
		case strings.HasPrefix(rest, "{_") && len(rest) > 2 && !word.IsWordChar(rest[2]):
			return true
		}
		j := strings.Index(rest, "$")
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return false
}

// zshBuiltins are the words zsh runs itself that bash does not (see
// builtins): each may change the shell's state (setopt, autoload,
// zmodload, functions), so none is harmless.
const zshBuiltins word.Set = " autoload bindkey bye chdir compadd compdef compdescribe compfiles compgroups compquote " +
	"comptags comptry compvalues disable emulate end fg float foreach functions getcap getln history integer " +
	"limit log nocorrect noglob print private pushln r rehash repeat sched setopt stat ttyctl unfunction unhash " +
	"unlimit unsetopt vared whence where which zcompile zformat zle zmodload zparseopts zprof zpty " +
	"zregexparse zsocket zstyle ztcp - "

// inertWords reports whether the words of node n set nothing when they
// are expanded: literals, quotes and plain $NAME / ${NAME} only (no
// ${v:=x}, no arithmetic with its assignments, no substitution, no =~ or
// arithmetic comparison of a test).
func inertWords(n syntax.Node) bool {
	inert := true
	syntax.Walk(n, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst, *syntax.ArithmExp, *syntax.ArithmCmd, *syntax.ExtGlob:
			inert = false
		case *syntax.ParamExp:
			inert = inert && x.Param != nil && x.Flags == nil && !x.Excl && !x.Length && !x.Width && !x.IsSet &&
				x.NestedParam == nil && x.Index == nil && len(x.Modifiers) == 0 && x.Slice == nil &&
				x.Repl == nil && x.Names == 0 && x.Exp == nil
		case *syntax.BinaryTest:
			switch x.Op {
			case syntax.TsReMatch, syntax.TsEql, syntax.TsNeq, syntax.TsLeq, syntax.TsGeq, syntax.TsLss, syntax.TsGtr:
				inert = false
			}
		}
		return inert
	})
	return inert
}

// fileTouches settles the touches from the n-th on (and the bare ones from
// the bares-th on), made while a file's text was walked. The file's own path, self ($0 or $BASH_SOURCE handed to
// realpath, readlink or a loaded builtin to find where the script lives),
// is dropped: a program changing that file changes only text its author
// already wrote. Within a chain (w.chain), the others move to
// Analysis.FileTouches, where the policy weighs them by who can write the
// files; a relative path stays the command's (it is relative to the
// directory the agent chose).
func (w *walker) fileTouches(n, bares int, self string) {
	if n > len(*w.TouchList) || self == "" && w.chain == "" {
		return
	}
	var bare []string // the touches of bare names only (Analysis.BareTouches)
	if bares <= len(*w.BareList) {
		bare = onlyBare((*w.TouchList)[n:], (*w.BareList)[bares:])
	}
	keep := n
	for _, p := range (*w.TouchList)[n:] {
		switch {
		case self != "" && p == self:
		case w.chain != "" && !relative(p):
			w.a.FileTouches = append(w.a.FileTouches, FileTouch{Path: p, Files: w.chain, Bare: slices.Contains(bare, p)})
		default:
			(*w.TouchList)[keep] = p
			keep++
		}
	}
	*w.TouchList = (*w.TouchList)[:keep]
}

// relative reports whether touched path p is relative to the working
// directory the command started in (as effect.Under sees it).
func relative(p string) bool { return effect.Under("d", p) != p }

// runCopy analyses a run of a compiled program the command copied from
// src (an absolute path: a system's program), with words args, as a run
// of src: a copy of git is git (its hooks, its pushes), whatever it is
// named. A project's own compiled program is not read either way.
func (c *cmd) runCopy(src string, args []word.Word) {
	c.w.runningCopy = true
	c.w.tentative(word.QuoteAll(append([]string{src}, word.Texts(args)...)))
	c.w.runningCopy = false
}

// setArgs sets $0, $1, … to args (a script run with its arguments).
func (w *walker) setArgs(args []word.Word) {
	if len(args) > 0 {
		w.pos = &positional{zero: args[0].Text, args: word.Texts(args[1:])}
	}
}

// runPath analyses ./x run by its path: a shell script (its #! line names
// a shell, or it has none: the shell runs text without one as a script) is
// analysed as commands, another interpreter's program is scanned, and a
// compiled program is not read (static checks cannot see into it).
func (c *cmd) runPath(p string, args []word.Word) {
	w := c.w
	if w.guessing > 0 {
		c.guessRun(p, args)
		return
	}
	if w.FindsIt(p, "programs") {
		return
	}
	text, ok := w.WrittenText(p)
	if _, has := w.WrittenEntry(word.Clean(w.Where(p))); has && !ok {
		// A copy (cp a x && ./x), or text guard does not know.
		if text, ok = w.FileText(p, true, effect.MaxProgramBytes, "a program"); !ok || binary([]byte(text)) {
			if ok && shebang(text) != "" {
				c.compiledRun(p, []byte(text[:min(len(text), sniffBytes)]), args) // cp app.pyz x && ./x
			}
			switch src, copied := w.CopiedFrom(p); {
			case !copied || w.runningCopy:
			case !word.IsKnown(src):
				w.hide("runs a copy of a program guard cannot tell (%s): it may be any program, git among them", word.Render(src))
			case strings.HasPrefix(src, "/"):
				c.runCopy(src, args) // cp /usr/bin/git gx && ./gx push d: git push d
			}
			return
		}
		if prog := shebang(text); (prog == "" || catalogue.Shells.Has(prog)) && len(text) > effect.MaxScriptBytes {
			w.hide("runs a script larger than %d KiB, more than guard reads", effect.MaxScriptBytes>>10)
			return
		}
	}
	if !ok {
		if w.Files == nil || w.Nread >= effect.MaxFiles {
			w.FileText(p, true, effect.MaxScriptBytes, "a script") // the limit, if any
			return
		}
		// Its first bytes tell a script from a compiled program, and a
		// shell's script from another interpreter's program.
		head, st := w.Files.ReadFile(w.Where(p), sniffBytes)
		switch {
		case st == effect.FileAbsent:
			if !w.UnknownCode(p, "a program") && strings.Contains(p, "/node_modules/") {
				// /usr/lib/node_modules/x/bin/cli.js: a package's program,
				// a system file guard does not read (entryscripts.go)
				c.unnamedScript(p, word.Texts(args))
			}
			return
		case binary(head):
			c.compiledRun(p, head, args) // entry.go
			return
		case st == effect.FileUnreadable:
			w.hide("runs a program guard cannot read (not a regular file, or not readable)")
			return
		}
		max, what := effect.MaxScriptBytes, "a script"
		if prog := shebang(string(head)); prog != "" && !catalogue.Shells.Has(prog) {
			max, what = effect.MaxProgramBytes, "a program"
		}
		if text, ok = w.FileText(p, true, max, what); !ok {
			return
		}
	}
	c.runFileText(p, text, args)
}

// maxHandedWords is how many words a runner is taken to append to a
// program file it runs (git's diff.external: seven).
const maxHandedWords = 9

// runFileText analyses text, the file at p run by its path with args;
// with, after them, the words a runner appends (git's diff.external: two
// files…), which guard cannot tell (runsGiven). A wrapper the user's own
// git configuration names is not given them: gitRunsHanded analyses it as
// written.
func (c *cmd) runFileText(p, text string, args []word.Word) {
	w := c.w
	if c.handed != nil && c.handed.operand {
		args = slices.Clip(args)
		for range maxHandedWords {
			args = append(args, word.Word{Text: word.Mark(word.MarkVar, "handed")})
		}
	}
	if argv := kernelArgv(text, p, args); argv != "" {
		w.tentative(argv) // #!/bin/sed -nf: sed -nf ./x, as typed (shebangargv.go)
	}
	switch prog := shebang(text); {
	case prog == "" && w.guessing > 0 && !w.parses(text):
		// A word only guessed to be a command (mytool './notes.md x')
		// may name a file that is no script: what parses of it is
		// analysed, its paths touched (see shellLines), nothing hidden.
		w.shellLines(text)
	case prog == "":
		w.runScript(text, append([]word.Word{{Text: p, Known: true}}, args...), false, p)
	case catalogue.Shells.Has(prog):
		restore := w.dialect(prog, shebangArgs(text)) // #!/bin/zsh: zsh's reading; #!/bin/bash -O xpg_echo
		w.runScript(text, append([]word.Word{{Text: p, Known: true}}, args...), false, p)
		restore()
	default:
		in, isInterp := catalogue.InterpreterOf(prog)
		c.scanFile(text, isInterp && in.Program)
		if m := c.newLoader(lang.FamilyOf(prog)); m != nil {
			m.program(text, p) // interp.go
		}
		if lang.FamilyOf(prog) == lang.Node {
			c.unnamedScript(p, word.Texts(args)) // /opt/x/bin/cli.js (entryscripts.go)
		}
	}
}

// guessRun analyses ./x run by its path in a text only guessed to be a
// command (a word of a program guard does not know: psql -c '\! ./x'):
// the file's text is read and analysed as runPath does, but what guard
// cannot read or see is not hidden (the text may be no command at all).
func (c *cmd) guessRun(p string, args []word.Word) {
	w := c.w
	text, ok := w.WrittenText(p)
	if _, has := w.WrittenEntry(word.Clean(w.Where(p))); has && !ok || w.depth+1 > MaxDepth {
		return
	}
	if !ok {
		if w.Files == nil || w.Nread >= effect.MaxFiles {
			return
		}
		head, st := w.Files.ReadFile(w.Where(p), sniffBytes)
		if st != effect.FileWhole && st != effect.FileTooBig || binary(head) {
			return
		}
		max := effect.MaxScriptBytes
		if prog := shebang(string(head)); prog != "" && !catalogue.Shells.Has(prog) {
			max = effect.MaxProgramBytes
		}
		if text, st = w.FileStatus(p, true, max); st != effect.FileWhole {
			return
		}
	}
	c.runFileText(p, text, args)
}

// parses reports whether text parses as the walk's shell.
func (w *walker) parses(text string) bool {
	_, err := w.theParser().Parse(strings.NewReader(text), "")
	return err == nil
}

// sniffBytes is how much of a file run by its path is read first, to tell
// a script from a compiled program.
const sniffBytes = 512

// binary reports whether the start of a file is a compiled program's (or
// other data's) rather than text: a NUL byte in it.
func binary(head []byte) bool {
	n := min(len(head), sniffBytes)
	for _, b := range head[:n] {
		if b == 0 {
			return true
		}
	}
	return false
}

// shebang returns the program a script's #! line runs, its base name in
// lower case (env's program for #!/usr/bin/env [-S] NAME), or "" when the
// text has no #! line.
func shebang(text string) string {
	rest, ok := strings.CutPrefix(text, "#!")
	if !ok {
		return ""
	}
	line, _, _ := strings.Cut(rest, "\n")
	fields := shebangFields(line)
	if len(fields) == 0 {
		return ""
	}
	prog := word.Base(fields[0])
	if prog != "env" {
		return prog
	}
	for i := 1; i < len(fields); i++ {
		f := fields[i]
		switch {
		case f == "-u" || f == "--unset" || f == "-C" || f == "--chdir":
			i++
		case strings.HasPrefix(f, "-") || word.IsAssignment(f):
		default:
			return word.Base(f)
		}
	}
	return ""
}

// shebangFields returns the words of #! line l (without the #!): the
// interpreter, then the blank-separated words of the rest, or, for
// #!/usr/bin/env -S STRING, the words env makes of STRING (env.c's
// reading, word.EnvSplit: #!/usr/bin/env -S cat\_x is cat x). A string
// env refuses leaves env alone, which runs nothing guard reads.
func shebangFields(l string) []string {
	fields := strings.Fields(l)
	if len(fields) < 2 || word.Base(fields[0]) != "env" {
		return fields
	}
	_, arg, _ := strings.Cut(strings.TrimLeft(l, " \t"), fields[0])
	arg = strings.TrimLeft(arg, " \t")
	s, ok := strings.CutPrefix(arg, "-S")
	if !ok {
		s, ok = strings.CutPrefix(arg, "--split-string=")
	}
	if !ok {
		return fields
	}
	ws, err := word.EnvSplit(strings.TrimRight(s, "\r"), func(name string) (string, bool) {
		return word.Mark(word.MarkEnv, name), true
	})
	if err != nil {
		return fields[:1]
	}
	return append(fields[:1], word.Texts(ws)...)
}

// maxProgramPaths bounds the paths taken from one program file; a file that
// names more of them than that is not checked whole.
const maxProgramPaths = 256

// scanFile scans the text of a program file the command runs (python3
// x.py, node x.js, a #! script of another interpreter): unlike a one-liner,
// not every string literal is a read (a project's program names its own
// files, .env among them), only those that may name a protected place,
// each read and written as a one-liner's (codeLiteral), since guard does
// not know what the program does with it. What it removes, opens for
// writing or hands to a shell is taken as for a one-liner.
func (c *cmd) scanFile(text string, awk bool) {
	text, ok := sourceText(text)
	if !ok {
		c.w.hide("runs a program that declares a source encoding guard does not decode: it cannot tell what the program does")
		return
	}
	restore, moved := c.w.codeDirs(text) // os.chdir('..'), cwd='..': its names are there too (codedirs.go)
	defer restore()
	if c.scanPaths(text, moved) {
		c.scanEffects(text, awk)
	}
}

// scanPaths is scanFile's look at the names a program file's text gives:
// false when it names more than guard checks (hidden). moved are the
// directories the program changes to (chdir "..", Dir.chdir, lfs.chdir;
// codeDirs): a bare dot name it gives (open(F, ">>", ".bashrc")) is not
// only the project's but may be one in each of them, read and touched
// there as a one-liner's.
func (c *cmd) scanPaths(text string, moved []string) bool { return c.scanNames(text, nil, moved) }

// compiledCode is how scanNames reads code of a compiled language (go,
// rust, cmake), whose text guard reads only for the names it gives
// (scanCompiled).
type compiledCode struct {
	// dir is the directory a path relative to the code's is below, as
	// the command names it (a Go test runs in its package's directory).
	dir string
}

// scanNames is scanPaths; cc is set for code of a compiled language:
// there a path written inside text (help text over lines, an aside in
// parentheses: prose, not a file operation), a dot entry joined to a value
// guard cannot tell (t.TempDir() + "/.state") or kept in a name
// (ext := ".s2") are reads of the home's entry, not writes; a relative
// dot path is the project's; a path above the project into a dot entry
// ("../.bashrc", from cc.dir) is written too.
func (c *cmd) scanNames(text string, cc *compiledCode, moved []string) bool {
	w := c.w
	n := programNames{w: w, compiled: cc != nil}
	count := 0 // the script literals codeLiteral took (read and touched)
	for _, l := range lang.Literals(text) {
		if cc == nil {
			// A script's literal as a one-liner's (codeLiteral):
			// #include "../.netrc", shutil.copy(x, "../.bashrc").
			if count > maxProgramPaths {
				break
			}
			count += c.codeLiteral(l, true) + c.movedDotName(l, moved)
			for _, e := range lang.Embedded(l) { // open(F, ">>$ENV{HOME}/x"), "file:///x"
				count += c.codeLiteral(e, true) + c.movedDotName(e, moved)
			}
			continue
		}
		n.add(l, false)
		for _, e := range lang.Embedded(l) {
			n.add(e, proseAt(l, e))
		}
		if strings.HasPrefix(l, "../") && len(n.up) <= maxProgramPaths && !strings.ContainsAny(l, "\n\r\x00") {
			n.up = append(n.up, l) // #include "../.netrc": read from above the project
		}
	}
	hp := lang.HomePaths(text) // Path.home() / '.ssh' / 'id_rsa'
	n.paths = append(n.paths, hp.Paths...)
	for _, p := range hp.Unknown {
		switch {
		case !strings.Contains(p[1:], "/"): // not BASE_DIR + '/.env', the project's
		case cc != nil:
			n.reads = append(n.reads, "~"+p) // d + "/.ssh/id_rsa": the home's, read
		default:
			n.paths = append(n.paths, word.Mark(word.MarkVar, "?")+p) // d + '/.ssh/id_rsa'
		}
	}
	for _, l := range hp.Joins {
		n.add(l, false)
		for _, e := range lang.Embedded(l) { // "file:" "../x"
			n.add(e, false)
		}
	}
	if cc == nil {
		up := w.codeUp(text, true) // Path("..", ".bashrc")
		if up < 0 {
			up = maxProgramPaths + 1
		}
		count += up
	}
	if count+len(n.paths)+len(n.reads)+len(hp.Touches)+len(hp.Stored)+len(hp.Held)+len(n.up) > maxProgramPaths {
		w.hide("runs a program naming more than %d paths under the home directory or above its own", maxProgramPaths)
		return false
	}
	n.record(hp.Held, hp.Touches, hp.Stored, cc)
	return true
}

// record records what a program file's names do (scanNames): read from
// above the project, read and written under the home, held or touched.
func (n *programNames) record(held, touches, stored []string, cc *compiledCode) {
	w := n.w
	for _, l := range n.up {
		l = path.Join(cc.dir, l) // only compiled code fills up
		w.Read(l)
		if strings.HasPrefix(path.Base(l), ".") && path.Base(l) != ".." {
			w.Write(l) // os.WriteFile("../.bashrc"): no call model says it only reads
		}
	}
	for _, p := range n.reads {
		w.Read(p)
	}
	for _, p := range n.paths {
		w.Read(p)
		w.Write(p)
	}
	for _, p := range held { // "%s/.bashrc" % os.getenv("HOME")
		w.Read(p)
		w.TouchBare(p)
	}
	for _, p := range touches {
		if cc != nil {
			w.Read(p) // load(".s2"): a guess, compiled code's names are
		} else {
			w.TouchBare(p) // a guess: a project opens its own '.env' too
		}
	}
	for _, p := range stored {
		if cc != nil {
			w.Read(p) // ext := ".s2"
		} else {
			w.Touch(p) // f = '.mavenrc'; os.path.join(h, f): the home's entry
		}
	}
}

// movedDotName takes l, a literal of a program file that changes its
// directory to each of dirs, when it is a bare dot name (.bashrc, .netrc):
// a name in each of them, read and touched as a one-liner's; it returns
// how many names it took.
func (c *cmd) movedDotName(l string, dirs []string) int {
	if !bareDotName(l) {
		return 0
	}
	for _, d := range dirs {
		c.codeLiteral(effect.Under(d, l), false)
	}
	return len(dirs)
}

// programNames are the names scanNames collects from a program file.
type programNames struct {
	w        *walker
	compiled bool
	// paths are read and written, reads only read; up are the paths
	// above the program's directory.
	paths, reads, up []string
}

// add adds the names literal l gives (programPaths); prose: a path
// written in text, only read.
func (n *programNames) add(l string, prose bool) {
	ps := n.w.programPaths(l)
	switch {
	case prose:
		n.reads = append(n.reads, ps...)
	case n.compiled && len(ps) == 2:
		// .docker/config.json: the project's; joined to the home,
		// HomePaths has it, joined to a value guard cannot tell, a read
		n.paths, n.reads = append(n.paths, ps[0]), append(n.reads, ps[1])
	default:
		n.paths = append(n.paths, ps...)
	}
}

// proseAt reports whether path p, found inside literal l after other text,
// is written in prose: l runs over lines (help text, a usage page) and is
// no script (#!), or p closes a parenthesis ("config file (default is
// $HOME/.app.yaml)") after no redirection ("(echo x >> ~/.bashrc)").
func proseAt(l, p string) bool {
	if strings.HasPrefix(l, "#!") {
		return false
	}
	if strings.Contains(strings.TrimRight(l, "\n"), "\n") {
		return true
	}
	i := strings.Index(l, p+")")
	return i > 0 && !strings.HasSuffix(strings.TrimRight(l[:i], " \t"), ">")
}

// scanWritten scans the text of a program file the command wrote as a
// one-liner's, read as its interpreter decodes it (sourceText).
func (c *cmd) scanWritten(t string) {
	st, ok := sourceText(t)
	if !ok {
		c.w.hide("runs a program that declares a source encoding guard does not decode: it cannot tell what the program does")
		return
	}
	c.scanCode(st)
}

// sourceText returns a program file's text as guard reads it: with a
// python coding declaration of UTF-7, its bytes then the text python
// decodes (both readings: the file may be another language's); false for
// a declared codec guard does not decode (lang.PySource).
func sourceText(text string) (string, bool) {
	src, _, ok := lang.PySource(text)
	switch {
	case !ok:
		return "", false
	case src != text:
		return text + "\n" + src, true
	}
	return text, true
}

// runProgram takes the program file a an interpreter runs (python3 x.py,
// awk -f x.awk, go run x.go): written earlier by the command, its code is
// shown in the line and read as a one-liner's; read through Options.Files,
// it is scanned (scanFile).
func (c *cmd) runProgram(a word.Word) {
	if c.codeName(a) {
		// awk -f <(…), node -r /dev/stdin: a descriptor's text
		if t, ok := c.codeFile(a, "a program"); ok {
			c.code += t
			c.oneLiner(t) // as python3 <(echo CODE) (runSub)
			c.codeCommands(t, len(c.args))
			if lang.AwkFamily(c.name) {
				c.awkDirectives(t)
			}
		}
		return
	}
	t, ok := c.w.WrittenText(a.Text)
	if ok && a.Known && c.mods.runsPyc(t, a.Text) {
		ok = false // python3 x.pyc (pycache.go)
	} else if ok && a.Known {
		// The text the command wrote goes through the code gate (codeText):
		// echo "$X" > y.js; node y.js after X=$(rev …) runs code guard
		// cannot see, as node -e "$X" does (FINDINGS58a A10).
		if t, ok = c.codeText(word.Word{Text: t}); !ok {
			return
		}
		c.code += t
		c.scanWritten(t)
	} else if t, ok = c.w.FileText(a.Text, a.Known, effect.MaxProgramBytes, "a program"); ok && c.mods.runsPyc(t, a.Text) {
		ok = false
	} else if ok {
		c.scanFile(t, lang.AwkFamily(c.name))
		c.powerShellWords(t)
	}
	if ok && c.mods != nil && a.Known {
		c.mods.program(t, a.Text) // what it imports (interp.go)
	}
	if pkg := nodePackageOf(a.Text); pkg != "" && a.Known && lang.FamilyOf(c.name) == lang.Node {
		// node node_modules/.bin/vitepress build runs the package's
		// program, which loads its configuration as npx vitepress does
		// (FINDINGS59a A12).
		c.toolConfig(pkg, true)
	}
	if ok && lang.AwkFamily(c.name) {
		c.awkDirectives(t) // @include "f" (awksources.go)
	}
}

// powerShellWords touches the path-like words of PowerShell code that pwsh
// or powershell runs (pwsh -File x.ps1, pwsh -c CODE, CODE on its standard
// input): its paths are bare words as often as string literals
// (Add-Content ~/.bashrc x), which the literal scan does not see.
func (c *cmd) powerShellWords(text string) {
	if c.name == "pwsh" || c.name == "powershell" {
		c.w.touchText(text)
	}
}

// noteSubFile notes, for the substitution of one statement just walked,
// what it prints when guard knows: a file (cat FILE, < FILE), or text
// (echo, printf, cat of a quoted here-document or a here-string). A shell
// or interpreter that runs what it prints runs that file or that text.
func (w *walker) noteSubFile(s *syntax.Stmt, printed *outBuf) {
	if printed != nil && printed.known && printed.text.Len() > 0 {
		if len(w.subTexts) < effect.MaxWritten {
			w.subTexts = append(w.subTexts, [2]string{w.lastSub, printed.text.String()})
		}
		return
	}
	var file string
	switch x := s.Cmd.(type) {
	case nil:
		if len(s.Redirs) == 1 && s.Redirs[0].Op == syntax.RdrIn {
			file = w.quietText(s.Redirs[0].Word)
		}
	case *syntax.CallExpr:
		if len(x.Args) == 2 && len(s.Redirs) == 0 && x.Args[0].Lit() == "cat" {
			file = w.quietText(x.Args[1])
		}
		if w.setupCall(x) && len(w.subSetup) < effect.MaxWritten {
			w.subSetup = append(w.subSetup, w.lastSub)
		}
	}
	if file != "" && len(w.subFiles) < effect.MaxWritten {
		w.subFiles = append(w.subFiles, [2]string{w.lastSub, file})
	}
}

// setupCall reports whether call x runs a program known to print shell
// setup code (catalogue.SetupPrinter), named by a bare word that no
// function of the command shadows, with every word known.
func (w *walker) setupCall(x *syntax.CallExpr) bool {
	if len(x.Assigns) > 0 || len(x.Args) == 0 {
		return false
	}
	var ws []string
	for _, a := range x.Args {
		t := w.quietText(a)
		if t == "" {
			return false
		}
		ws = append(ws, t)
	}
	if !catalogue.SetupProgram(ws[0]) || w.funcs.bodies[ws[0]] != nil {
		return false
	}
	return catalogue.SetupPrinter(word.Base(ws[0]), ws[1:])
}

// hiddenRun records that a shell or interpreter runs the output of a
// program guard does not know to print only setup code: what it runs is
// hidden (rev, tr, sed, xxd -r turn the agent's own text into any command).
func (c *cmd) hiddenRun() {
	c.w.hide("runs in %s the output of a program, which guard cannot see: it cannot tell what %s runs", c.name, c.name)
}

// quietText returns a word's text when it runs nothing and is known.
func (w *walker) quietText(wd *syntax.Word) string {
	runs := false
	syntax.Walk(wd, func(n syntax.Node) bool {
		switch n.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst, *syntax.ArithmExp:
			runs = true
		}
		return !runs
	})
	if runs {
		return ""
	}
	if ws := w.fields(wd); len(ws) == 1 && ws[0].Known {
		return ws[0].Text
	}
	return ""
}

// runSub analyses what a substitution prints (see noteSubFile) that a
// shell or interpreter runs: as a script, or with program as a program.
func (c *cmd) runSub(sub string, program bool) {
	// eval "$(…)" and source <(…) run the text in this shell: what it
	// sets, defines and where it cd's to lasts (FINDINGS55b B2, B3).
	here := !program && (c.name == "eval" || c.name == "source" || c.name == ".")
	for _, st := range c.w.subTexts {
		if st[0] != sub {
			continue
		}
		switch {
		case program:
			c.code += st[1]
			c.oneLiner(st[1]) // python3 <(echo CODE)
		case here:
			c.w.leavable(nil, leaveFunc, func() { c.w.script(st[1], c.w.depth+1) }) // source <(echo CMD)
		default:
			c.w.scoped(func() { c.w.script(st[1], c.w.depth+1) }) // sh <(echo CMD)
		}
		return
	}
	for _, sf := range c.w.subFiles {
		if sf[0] != sub {
			continue
		}
		if program {
			c.runProgram(word.Word{Text: sf[1], Known: true})
		} else if t, ok := c.w.FileText(sf[1], true, effect.MaxScriptBytes, "a script"); ok {
			c.w.runScript(t, nil, here, sf[1])
		}
		return
	}
	switch {
	case !slices.Contains(c.w.subSetup, sub):
		c.hiddenRun()
	case here:
		c.w.unknownCode() // eval "$(rbenv init -)": it may define cd, exit, set +e
	}
}

// runModule takes python -m MODULE: a module of the working directory
// (MODULE.py, or MODULE/__main__.py, dots as directories) runs before an
// installed one. It reports whether the module was the project's.
func (c *cmd) runModule(m word.Word) bool {
	if !strings.HasPrefix(c.name, "python") && !strings.HasPrefix(c.name, "pypy") || !m.Known || !isDotted(m.Text) {
		return false
	}
	rel := strings.ReplaceAll(m.Text, ".", "/")
	dirs := []string{""}
	if c.mods != nil {
		dirs = c.mods.dirs // the working directory, then PYTHONPATH's
	}
	for _, d := range dirs {
		if c.moduleIn(d, rel) {
			return true
		}
	}
	return false
}

// moduleIn scans module rel (a/b) of python -m in search-path directory
// d when it is there, and reports whether it was.
func (c *cmd) moduleIn(d, rel string) bool {
	found := c.mods != nil && c.mods.modulePackages(d, rel)
	p := path.Join(d, rel)
	for _, f := range []string{p + ".py", p + "/__main__.py"} {
		if t, ok := c.w.FileText(f, true, effect.MaxProgramBytes, "a program"); ok {
			c.scanFile(t, false)
			if c.mods != nil {
				c.mods.code(t, path.Dir(f), 1) // what it imports (interp.go)
				c.mods.cached(f, 1)            // __pycache__/NAME.*.pyc (pycache.go)
				c.mods.packages(d, path.Dir(rel+strings.TrimPrefix(f, p)))
			}
			return true
		}
		if c.mods != nil && c.mods.bare(f+"c", 1) {
			c.mods.packages(d, path.Dir(rel+strings.TrimPrefix(f, p))) // NAME.pyc where no NAME.py is
			return true
		}
	}
	return found
}

// modulePackages loads, for python -m a.b.c looked for in search-path
// directory d, what python's runpy imports before it runs the module:
// the top-level a from d (a/__init__.py, or a.py when
// the module is below it) and, when d holds it, each package __init__ on
// the dotted path, the module's own when it is a package (-m pkg runs
// pkg/__init__.py before it finds there is no pkg/__main__.py), whether
// or not the module itself is there. It reports whether d holds a.
func (m *moduleLoader) modulePackages(d, rel string) bool {
	top, below, _ := strings.Cut(rel, "/")
	cands := []string{path.Join(d, top, "__init__.py")}
	if below != "" {
		cands = append(cands, path.Join(d, top+".py")) // -m json.tool with a json.py here
	}
	if !m.load(cands, 1) {
		return false
	}
	m.packages(d, rel)
	return true
}

// isDotted reports whether s is a dotted module name.
func isDotted(s string) bool {
	for _, part := range strings.Split(s, ".") {
		if !word.IsName(part) {
			return false
		}
	}
	return true
}

// programPaths returns the paths a string literal of a program file names
// that may be protected places: below the home directory (~/…, $HOME/…, the
// home directory's absolute path), below a directory a variable names
// ($GUARD_HOME/…), or a relative path into a dot-directory (.ssh/id_rsa,
// .guard/rules.json), which a program may join to any directory, its home
// included: both as written and under ~. The home directory itself is not
// one (nearly every program names it).
func (w *walker) programPaths(l string) []string {
	l = strings.TrimRight(l, "/")
	if h, ok := homeInterpolated(l); ok {
		return []string{h}
	}
	if len(l) < 3 || len(l) > 4096 || strings.ContainsAny(l, "\n\r\x00") {
		return nil
	}
	switch {
	case l[0] == '~' && strings.ContainsRune(l, '/'):
		return []string{l} // ~/x, and ~NAME/x: the hook maps its own user's to ~
	case l[0] == '$':
		if ref, end := varAt(l, 1); ref.name != "" && end < len(l) && l[end] == '/' {
			return []string{l}
		}
	case w.Home != "" && w.Home != "/" && strings.HasPrefix(l, w.Home+"/"):
		return []string{l}
	case l[0] == '.' && word.IsWordChar(l[1]) && strings.ContainsRune(l, '/'):
		return []string{l, "~/" + l}
	}
	return nil
}

// homeExprs are the ways interpreter code writes the home directory inside
// a string literal it interpolates: perl's "$ENV{HOME}/x", ruby's
// "#{Dir.home}/x", a JavaScript template's `${os.homedir()}/x`.
var homeExprs = [...]string{"$ENV{HOME}", "$ENV{'HOME'}", `$ENV{"HOME"}`, "#{ENV['HOME']}", `#{ENV["HOME"]}`,
	"#{Dir.home}", "${process.env.HOME}", "${os.homedir()}", "${homedir()}", "{os.environ['HOME']}", `{os.environ["HOME"]}`,
	"{Path.home()}", "{os.path.expanduser('~')}", `{os.path.expanduser("~")}`}

// homeInterpolated returns literal l as a path under ~ when it starts with
// one of homeExprs and a slash.
func homeInterpolated(l string) (string, bool) {
	if len(l) < 3 || (l[0] != '$' && l[0] != '#' && l[0] != '{') {
		return "", false
	}
	for _, e := range homeExprs {
		if rest, ok := strings.CutPrefix(l, e); ok && strings.HasPrefix(rest, "/") && len(rest) > 1 {
			return "~" + rest, true
		}
	}
	return "", false
}

// sourceExts are the extensions of source files: a program guard does not
// know given one may run it (java W.java, tcc -run x.c, julia x.jl, swift
// x.swift), or compile it into a program the command then runs (gcc x.c -o
// x && ./x, javac W.java && java W, rustc x.rs && ./x).
const sourceExts word.Set = " .java .jl .groovy .gvy .kt .kts .swift .scala .sc .ex .exs .hs .lhs .cr .nim .zig .dart " +
	".clj .cljs .cljc .rkt .scm .ss .lisp .lsp .cl .el .ml .mli .c .h .cc .cpp .cxx .cs .fs .fsx .vb .go .rs .d .v " +
	".py .pyw .js .mjs .cjs .ts .mts .cts .jsx .tsx .rb .pl .pm .t .php .lua .r .tcl .ps1 .psm1 .erl .f90 .m .mm .sql " +
	".jsh .bb .janet .hy .coffee .raku .rakumod .p6 .gleam .mojo .odin .nims .pas .adb .cob .f95 .vala .s .S .sx "

// maxSourceOperands bounds the source operands of one program scanned.
const maxSourceOperands = 4

// sourceOperands scans, as program files, the source files a program
// guard has no handler for and does not know to only read is given (the
// program-file scan is not kept to the interpreters guard lists): it may
// run them, or compile them into what the command runs next, whose
// findings are then the command's already. Interpreters read their program
// themselves; shells, printers, formatters and linters
// (catalogue.SourceTools), and programs that copy, move or remove files
// without running them are not scanned. A source file
// the command changed with text guard cannot see is not read (it may be
// only compiled, or formatted).
func (c *cmd) sourceOperands(p *catalogue.Program) {
	if !c.scansOperands(p) { // optionscripts.go
		return
	}
	n, sniffs := 0, 0
	for j, a := range c.args {
		s := a.Text
		if j >= len(c.kinds) || c.kinds[j] != argPlain || !a.Known {
			continue
		}
		if strings.HasPrefix(s, "-") {
			_, v, ok := strings.Cut(s, "=") // --file=x.c
			if !ok {
				continue
			}
			s = v
		}
		script := c.scriptOperand(s, &sniffs)
		if !script && !sourceExts.Has(strings.ToLower(path.Ext(s))) {
			continue
		}
		if n >= maxSourceOperands || c.w.Nread >= effect.MaxFiles-2 {
			return
		}
		n++
		if script {
			c.w.guessing++ // read as ./x.sh is, nothing hidden: it may be only data
			c.runPath(s, c.args[j+1:])
			c.w.guessing--
			continue
		}
		c.sourceFile(s)
	}
	c.innerCommand()
}

// shellExts are the extensions of shell scripts.
const shellExts word.Set = " .sh .bash .zsh .ksh .mksh .dash .fish .csh .tcsh .command .bats "

// scriptOperand reports whether operand s of a program guard does not
// know is a script it may run (perf stat ./x.sh, hyperfine ./x, srun
// ./job): a shell extension, or a path without an extension whose file
// starts with #!; *sniffs counts the files whose first
// bytes are read, at most maxSourceOperands a program.
func (c *cmd) scriptOperand(s string, sniffs *int) bool {
	ext := strings.ToLower(path.Ext(s))
	if shellExts.Has(ext) {
		return true
	}
	if ext != "" || !strings.Contains(s, "/") || word.HasMark(s) || c.w.Files == nil || *sniffs >= maxSourceOperands {
		return false
	}
	*sniffs++
	if t, ok := c.w.WrittenText(s); ok {
		return strings.HasPrefix(t, "#!")
	}
	head, st := c.w.Files.ReadFile(c.w.Where(s), sniffBytes)
	return st != effect.FileAbsent && st != effect.FileUnreadable && strings.HasPrefix(string(head), "#!")
}

// innerCommand walks tentatively, as the command line it probably is, the
// rest of an unknown program's words from the first that names a shell or
// an interpreter (perf stat sh ./x.sh, mytool python3 x.py, srun bash
// job.sh): a wrapper is the commonest reason to hand a program a script.
func (c *cmd) innerCommand() {
	for j, a := range c.args {
		if j >= len(c.kinds) || c.kinds[j] != argPlain || !a.Known || strings.HasPrefix(a.Text, "-") {
			continue
		}
		name := path.Base(a.Text)
		if _, interp := catalogue.InterpreterOf(name); !interp && !catalogue.Shells.Has(name) {
			continue
		}
		if j+1 < len(c.args) { // a shell alone reads its input: the wrapper's, not known to be code
			c.w.guess(quoteAll(word.Texts(c.args[j:])))
		}
		return
	}
}

// sourceFile scans the source file s a program is given: its text as the
// command wrote it, else as on disk when guard can read it whole.
func (c *cmd) sourceFile(s string) {
	if t, ok := c.w.WrittenText(s); ok {
		c.scanCode(t)
		c.buildIncludes([]string{s}, []string{t})
		return
	}
	if t, st := c.w.FileStatus(s, true, effect.MaxProgramBytes); st == effect.FileWhole {
		c.scanFile(t, false)
		c.buildIncludes([]string{s}, []string{t}) // a compiler's #include, .incbin
	}
}

// nodePackageOf returns the package whose program file p is, as node runs
// it: node_modules/.bin/NAME's NAME, node_modules/PKG/…'s PKG (a scoped
// @scope/pkg's pkg); "" for a file of no package.
func nodePackageOf(p string) string {
	i := strings.LastIndex(p, "node_modules/")
	if i < 0 || i > 0 && p[i-1] != '/' {
		return ""
	}
	rest := p[i+len("node_modules/"):]
	if bin, ok := strings.CutPrefix(rest, ".bin/"); ok {
		return path.Base(bin)
	}
	if strings.HasPrefix(rest, "@") {
		if _, after, ok := strings.Cut(rest, "/"); ok {
			rest = after
		}
	}
	pkg, _, ok := strings.Cut(rest, "/")
	if !ok || pkg == "" || strings.HasPrefix(pkg, ".") {
		return ""
	}
	return pkg
}
