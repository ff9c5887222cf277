package shell

// gdb's commands are read by an allow-list: a command guard knows to run,
// read and write nothing outside the debugged program (break, bt, print,
// info, next, continue, quit…) passes; one that runs a command, code or a
// file guard reads as what it is (shell, python, source, run, make, dump,
// set logging file, save breakpoints…); any other — one guard does not
// know — is one whose effect guard cannot tell (default-deny, never "runs
// nothing").

import (
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// What a gdb command is, by its full name (gdbKind).
const (
	gdbUnknown  = iota // a command guard does not read: cannot tell
	gdbHarmless        // runs, reads and writes nothing outside the program
	gdbShell           // shell CMD, ! CMD: a shell command
	gdbPipe            // pipe CMD | SHELL-CMD
	gdbCode            // python, guile: code
	gdbSource          // source FILE: gdb commands
	gdbCd              // cd DIR
	gdbRun             // run/start ARGS: run through sh
	gdbSet             // set SETTING VALUE
	gdbMake            // make ARGS
	gdbReads           // file F, symbol-file F, core F: reads F
	gdbDump            // dump [FORMAT] memory|value F …: writes F
	gdbSave            // save breakpoints|tracepoints|gdb-index F: writes F
	gdbCore            // generate-core-file [F]: writes F
	gdbApply           // faas/taas/tfaas CMD: runs the gdb command CMD
	gdbDefine          // define NAME ⏎ body ⏎ end: a user command
	gdbDocument        // document NAME ⏎ text ⏎ end
	gdbTarget          // target remote | CMD, target exec F
	gdbControl         // jump, return, signal, restore: moves or rewrites the program
)

// gdbHarmlessCmds are gdb's commands (full names and gdb's own aliases)
// that run, read and write nothing outside the debugged program and leave
// its own flow as it is: breakpoints, stepping, inspection and printing, a
// command list's control flow. An expression one of them evaluates is
// still read (gdbExprEffect): one that calls or assigns changes what the
// program runs. thread and frame are here for their other forms (thread 2;
// their apply form runs a command: gdbThreadApply).
const gdbHarmlessCmds word.Set = " break b br brea tbreak tb rbreak watch rwatch awatch catch tcatch delete d clear disable dis disa enable en " +
	"condition ignore commands end silent display undisplay x print p inspect output call ptype whatis list l info i inf show help h " +
	"apropos backtrace bt where frame f up down select-frame thread t next n step s stepi si nexti ni continue c cont fg finish fin " +
	"until u advance kill k detach attach quit q echo printf dprintf disassemble tui layout focus fs " +
	"refresh winheight wh if while else loop_break loop_continue handle pwd sharedlibrary nosharedlibrary inferior interrupt " +
	"reverse-step rs reverse-next rn reverse-continue rc reverse-finish reverse-stepi reverse-nexti skip search forward-search " +
	"reverse-search demangle unset "

// gdbOtherCmds are gdb's commands guard reads as something other than
// harmless (gdbKind), and those it knows do what it does not read
// (compile, jit-reader-load, edit, eval, with, alias…): with the harmless
// ones, the names an abbreviation is resolved among (gdbResolve).
const gdbOtherCmds word.Set = " shell pipe python py python-interactive pi guile gu source so cd run r start starti set make file exec-file " +
	"symbol-file core-file core add-symbol-file restore directory dir dump append save generate-core-file gcore taas faas tfaas " +
	"define document target compile jit-reader-load jit-reader-unload edit eval with alias maintenance mt load remote tstart tsave tdump " +
	"record add-inferior clone-inferior define-prefix explore macro jump return signal queue-signal "

// gdbKind returns what the gdb command called full (a full name or an
// alias of gdbHarmlessCmds or gdbOtherCmds) is.
func gdbKind(full string) int {
	switch full {
	case "shell":
		return gdbShell
	case "pipe":
		return gdbPipe
	case "python", "py", "python-interactive", "pi", "guile", "gu":
		return gdbCode
	case "source", "so":
		return gdbSource
	case "cd":
		return gdbCd
	case "run", "r", "start", "starti":
		return gdbRun
	case "set":
		return gdbSet
	case "make":
		return gdbMake
	case "file", "exec-file", "symbol-file", "core-file", "core", "add-symbol-file", "directory", "dir":
		return gdbReads
	case "dump", "append":
		return gdbDump
	case "save":
		return gdbSave
	case "generate-core-file", "gcore":
		return gdbCore
	case "taas", "faas", "tfaas":
		return gdbApply
	case "define":
		return gdbDefine
	case "document":
		return gdbDocument
	case "target":
		return gdbTarget
	case "jump", "return", "signal", "queue-signal", "restore":
		return gdbControl
	}
	if gdbHarmlessCmds.Has(full) {
		return gdbHarmless
	}
	return gdbUnknown
}

// gdbResolve returns what the gdb command called name is, as gdb finds a
// command: a full name or alias, else (three letters at least) the
// commands whose names it begins, when they are all of one kind (gdb takes
// a unique prefix; an ambiguous one is gdb's error). A name that begins
// none is gdbUnknown.
func gdbResolve(name string) int {
	if gdbHarmlessCmds.Has(name) || gdbOtherCmds.Has(name) {
		return gdbKind(name)
	}
	if len(name) < 3 {
		return gdbUnknown
	}
	kind := -1
	for _, set := range []word.Set{gdbHarmlessCmds, gdbOtherCmds} {
		for full := range set.Names() {
			if !strings.HasPrefix(full, name) {
				continue
			}
			if k := gdbKind(full); kind < 0 || kind == k {
				kind = k
				continue
			}
			return gdbUnknown // several commands of different kinds
		}
	}
	return max(kind, gdbUnknown)
}

// gdbName splits gdb command line l into its command's name (letters,
// digits, - and _: p/x, x/4x stop at the /) and the rest.
func gdbName(l string) (string, string) {
	i := 0
	for i < len(l) && gdbNameByte(l[i]) {
		i++
	}
	return l[:i], strings.TrimLeft(l[i:], " \t")
}

// gdbNameByte reports whether b may be part of a gdb command's name.
func gdbNameByte(b byte) bool {
	return b == '-' || b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

// gdbCommands analyses gdb command text line by line (gdbLine). A define
// body's lines are gdb commands, run when the user command is: they are
// read as any line, the command's name then known to guard; one that
// hands the command's arguments ($arg0, $argc) to anything but a harmless
// command (print $arg0) runs text guard cannot see. A document body is text; a python/guile block is code.
func (c *cmd) gdbCommands(text string, depth int) {
	lines := strings.Split(text, "\n")
	var defined []string
	inDefine := 0
	for i := 0; i < len(lines) && i < maxTextTokens; i++ {
		l := strings.TrimSpace(lines[i])
		if l == "" || l[0] == '#' {
			continue
		}
		name, rest := gdbName(l)
		kind := gdbResolve(name)
		if inDefine > 0 {
			if _, applies := gdbApplied(name, rest); strings.Contains(l, "$arg") && (kind != gdbHarmless || applies) {
				c.w.hide("runs a gdb user command whose lines hand its arguments ($arg0…) to a command that runs, reads or writes what they say: guard cannot tell what")
			}
			inDefine += gdbBlock(name)
		}
		switch {
		case slices.Contains(defined, name):
		case kind == gdbCode && rest == "": // python ⏎ CODE ⏎ end
			var code []string
			for i++; i < len(lines) && strings.TrimSpace(lines[i]) != "end"; i++ {
				code = append(code, lines[i])
			}
			c.scanCode(strings.Join(code, "\n"))
		case kind == gdbDocument:
			for i++; i < len(lines) && strings.TrimSpace(lines[i]) != "end"; i++ {
			}
		case kind == gdbDefine:
			if f := strings.Fields(rest); len(f) > 0 {
				defined = append(defined, f[0])
			}
			inDefine = 1
		default:
			c.gdbLine(l, name, rest, kind, depth)
		}
	}
}

// gdbBlock returns how gdb command name changes the nesting of a define
// body: if, while and commands open a block (+1), end closes one (-1).
func gdbBlock(name string) int {
	switch {
	case name == "end":
		return -1
	case name == "if" || name == "while" || len(name) >= 4 && strings.HasPrefix("commands", name):
		return 1
	}
	return 0
}

// gdbLine analyses one gdb command line l, its command's name and kind
// (gdbResolve) and the rest of the line.
func (c *cmd) gdbLine(l, name, rest string, kind, depth int) {
	switch {
	case l[0] == '!':
		c.w.tentative(l[1:])
	case l[0] == '|':
		c.gdbPipe(l[1:], depth)
	case kind == gdbShell:
		c.w.tentative(rest)
	case kind == gdbPipe:
		c.gdbPipe(rest, depth)
	case kind == gdbCode:
		c.scanCode(rest)
	case kind == gdbSource:
		c.gdbFile(gdbOperand(rest), depth)
	case kind == gdbCd:
		c.w.programCd(rest) // cd ..: the shell lines after it run there
	case kind == gdbRun:
		c.gdbRun(rest)
	case kind == gdbSet:
		c.gdbSet(rest)
	case kind == gdbMake:
		c.w.tentative("make " + rest)
	case kind == gdbReads:
		if len(name) >= 3 && (strings.HasPrefix("file", name) || strings.HasPrefix("exec-file", name)) {
			c.gdbProgram(rest) // file /bin/sh: the program run starts
		}
		for _, f := range strings.Fields(rest) {
			for _, p := range strings.Split(f, ":") { // directory D1:D2
				if p != "" && !strings.HasPrefix(p, "-") {
					c.w.Read(p)
				}
			}
		}
	case kind == gdbDump || kind == gdbSave || kind == gdbCore:
		if f := gdbWritten(kind, strings.Fields(rest)); f != "" {
			c.w.Write(f)
		}
	case kind == gdbApply:
		c.gdbNested(gdbSkipOptions(strings.Fields(rest)), depth)
	case kind == gdbTarget:
		c.gdbTarget(rest)
	case kind == gdbHarmless:
		c.gdbHarmless(l, name, rest, depth)
	case kind == gdbControl:
		if strings.HasPrefix("restore", name) {
			c.gdbReadsFirst(rest)
		}
		c.w.hide("runs the gdb command %s, which moves the debugged program elsewhere or rewrites its memory: what it then runs guard cannot tell", word.Quote(strings.Fields(l)[0]))
	case kind == gdbUnknown:
		c.w.hide("runs the gdb command %s, which guard does not read (what it runs, reads or writes guard cannot tell)", word.Quote(strings.Fields(l)[0]))
	}
}

// gdbTextCmds are the harmless gdb commands whose rest is text, not an
// expression (echo a=b prints it).
const gdbTextCmds word.Set = " echo help h apropos search forward-search reverse-search "

// gdbHarmless analyses a line l of a harmless gdb command (name, rest):
// thread apply runs a command; an expression it evaluates that calls a
// function (call system("…"), $_shell("…"): FINDINGS58e E7) or assigns to
// the program's memory or registers (print $pc = …, *(long*)$sp = …:
// FINDINGS59a A4b) changes what the program runs: cannot tell.
func (c *cmd) gdbHarmless(l, name, rest string, depth int) {
	if cmd, ok := gdbApplied(name, rest); ok {
		c.gdbNested(cmd, depth) // thread apply all bt
		return
	}
	if gdbTextCmds.Has(name) {
		return
	}
	if e := gdbExprEffect(rest); e != "" {
		c.w.hide("evaluates a gdb expression that %s (%s): what the program then runs guard cannot tell", e, word.Quote(strings.Fields(l)[0]))
	}
}

// gdbReadsFirst records the file the first of words rest names as read
// (restore F …).
func (c *cmd) gdbReadsFirst(rest string) {
	if f := strings.Fields(rest); len(f) > 0 {
		c.w.Read(f[0])
	}
}

// gdbNested analyses the gdb command a gdb command runs (thread apply all
// CMD, pipe CMD | …).
func (c *cmd) gdbNested(cmd string, depth int) {
	if depth >= maxEscapeDepth {
		c.w.hide("runs gdb commands nested deeper than guard reads")
		return
	}
	if strings.TrimSpace(cmd) != "" {
		c.gdbCommands(cmd, depth+1)
	}
}

// gdbPipe: pipe [CMD] | SHELL-CMD, or pipe -d DELIM CMD DELIM SHELL-CMD,
// runs the gdb command CMD and the shell command SHELL-CMD.
func (c *cmd) gdbPipe(body string, depth int) {
	delim := "|"
	if f := strings.Fields(body); len(f) > 1 && f[0] == "-d" {
		delim = f[1]
		body = strings.TrimLeft(strings.TrimPrefix(strings.TrimLeft(body[2:], " \t"), delim), " \t")
	}
	gdbCmd, shellCmd, ok := strings.Cut(body, delim)
	if !ok {
		return // pipe alone repeats the last pipe, which guard has read
	}
	c.gdbNested(gdbCmd, depth)
	c.w.tentative(shellCmd)
}

// gdbOperand returns the operand of a command whose options come first
// (source -v F).
func gdbOperand(rest string) string {
	f := strings.Fields(rest)
	for len(f) > 1 && strings.HasPrefix(f[0], "-") {
		rest = strings.TrimLeft(strings.TrimPrefix(rest, f[0]), " \t")
		f = f[1:]
	}
	return rest
}

// gdbWritten returns the file a dump, append, save or generate-core-file
// command's words f write: dump [FORMAT] memory|value F …, append
// [binary] memory|value F …, save breakpoints|tracepoints|gdb-index F,
// generate-core-file [F].
func gdbWritten(kind int, f []string) string {
	switch kind {
	case gdbCore:
		if len(f) > 0 {
			return f[len(f)-1]
		}
		return ""
	case gdbSave:
		f = strings.Fields(gdbSkipOptions(f[min(1, len(f)):]))
	default:
		for len(f) > 0 && strings.Contains(" binary ihex srec tekhex verilog memory value ", " "+f[0]+" ") {
			f = f[1:]
		}
	}
	if len(f) == 0 {
		return ""
	}
	return f[0]
}

// gdbSkipOptions returns the words f after their leading options (-q, -c,
// --), as one line.
func gdbSkipOptions(f []string) string {
	for len(f) > 0 && strings.HasPrefix(f[0], "-") {
		end := f[0] == "--"
		f = f[1:]
		if end {
			break
		}
	}
	return strings.Join(f, " ")
}

// gdbApplied returns the gdb command that thread apply IDS CMD or frame
// apply all|N|level L CMD (name thread or frame, rest the line after it)
// runs for each thread or frame; false for another form of thread or
// frame.
func gdbApplied(name, rest string) (string, bool) {
	if name != "t" && name != "f" && !(len(name) >= 2 && (strings.HasPrefix("thread", name) || strings.HasPrefix("frame", name))) {
		return "", false
	}
	f := strings.Fields(rest)
	if len(f) == 0 || !strings.HasPrefix("apply", f[0]) {
		return "", false
	}
	f = f[1:]
	for len(f) > 0 && (strings.HasPrefix("all", f[0]) || strings.HasPrefix("level", f[0]) || strings.Trim(f[0], "0123456789.-*$") == "") {
		f = f[1:] // thread apply 1 2.1-3 all; frame apply level 1-2
	}
	return gdbSkipOptions(f), true
}

// gdbTarget: target remote|extended-remote | CMD runs CMD (a pipe to a
// gdbserver it starts); target exec|core F reads F; a remote host:port
// is harmless; any other target is one guard does not read.
func (c *cmd) gdbTarget(rest string) {
	f := strings.Fields(rest)
	switch {
	case len(f) == 0:
	case strings.HasPrefix("remote", f[0]) || strings.HasPrefix("extended-remote", f[0]):
		if arg := strings.TrimLeft(strings.TrimPrefix(rest, f[0]), " \t"); strings.HasPrefix(arg, "|") {
			c.w.tentative(arg[1:])
		}
	case (f[0] == "exec" || f[0] == "core") && len(f) > 1:
		c.w.Read(f[1])
	default:
		c.w.hide("runs gdb's target %s, which guard does not read (what it runs, reads or writes guard cannot tell)", word.Quote(f[0]))
	}
}

// gdbHarmlessSettings are gdb's settings (set NAME VALUE) that change how
// gdb shows and steps the program, nothing it runs, reads or writes; set
// var/variable EXPR and set $NAME = EXPR change the program's memory or a
// convenience variable.
const gdbHarmlessSettings word.Set = " variable var print p pr pagination height width confirm listsize disassembly-flavor language verbose " +
	"breakpoint step-mode scheduler-locking non-stop follow-fork-mode follow-exec-mode detach-on-fork style max-value-size backtrace " +
	"filename-display disable-randomization can-use-hw-watchpoints startup-with-shell debuginfod output-radix input-radix radix charset " +
	"architecture endian osabi max-completions disassemble-next-line unwindonsignal schedule-multiple complaints demangle-style " +
	"case-sensitive multiple-symbols opaque-type-resolution prompt editing auto-solib-add stop-on-solib-events trace-commands "

// gdbOtherSettings are gdb's settings guard reads (environment,
// exec-wrapper, args, logging, auto-load) or knows to change what gdb
// runs, reads or writes in a way it does not read (history's file, cwd,
// sysroot, the extension languages…): with the harmless ones, the names a
// setting's abbreviation is resolved among.
const gdbOtherSettings word.Set = " auto-load environment exec-wrapper args logging history cwd inferior-tty sysroot solib-search-path " +
	"debug-file-directory substitute-path remote python guile extension-language script-extension data-directory directories " +
	"tdesc solib-absolute-prefix index-cache "

// gdbSet analyses set SETTING VALUE (rest is the line after set): a
// harmless setting passes; environment sets a variable of the program run
// later; exec-wrapper and args are shell text run's sh reads; logging
// names the file gdb's output goes to; the auto-load settings let gdb load
// the directory's .gdbinit and a program's -gdb.gdb/-gdb.py scripts,
// which guard does not read; any other setting is one guard cannot tell.
func (c *cmd) gdbSet(rest string) {
	f := strings.Fields(rest)
	if len(f) == 0 {
		return
	}
	if strings.HasPrefix(f[0], "$") {
		c.gdbSetExpr(rest) // set $n = 1, set $pc = …: a variable or a register
		return
	}
	val := strings.TrimSpace(strings.TrimPrefix(rest, f[0]))
	name, _ := word.Unique(f[0], func(yield func(string) bool) {
		for _, set := range []word.Set{gdbHarmlessSettings, gdbOtherSettings} {
			for n := range set.Names() {
				if !yield(n) {
					return
				}
			}
		}
	})
	switch {
	case name == "prompt" || name == "style":
	case gdbHarmlessSettings.Has(name):
		c.gdbSetExpr(val) // set var x = 1; set height N evaluates N
	case name == "auto-load":
		c.w.hide("changes gdb's auto-load settings: gdb then loads the directory's .gdbinit and the programs' scripts, which guard does not read")
	case name == "environment":
		if k, v, ok := strings.Cut(val, "="); ok {
			c.w.envAssign(strings.TrimSpace(k) + "=" + strings.TrimSpace(v))
		} else if len(f) > 2 {
			c.w.envAssign(f[1] + "=" + strings.Join(f[2:], " ")) // set env NAME VALUE
		}
	case name == "exec-wrapper":
		c.w.tentative(val)
	case name == "args":
		c.gdbArgs(val, false) // run's arguments, read with the program at run
	case name == "logging":
		c.gdbLogging(f[1:])
	default:
		c.w.hide("sets the gdb setting %s, which guard does not read (what gdb then runs, reads or writes guard cannot tell)", word.Quote(f[0]))
	}
}

// gdbSetExpr analyses the expression a set command evaluates (set var
// EXPR, set $NAME = EXPR, a number setting's value): one that assigns
// writes the program's memory or registers, a variable the lines after
// may hand it, or calls a function (FINDINGS59a A4): cannot tell.
func (c *cmd) gdbSetExpr(expr string) {
	if e := gdbExprEffect(expr); e != "" {
		c.w.hide("evaluates a gdb expression that %s ('set'): what the program then runs guard cannot tell", e)
	}
}

// gdbLogging analyses set logging's words f: file F names the file gdb's
// output is logged to, written once logging is on (counted written when
// named); on [F] and enabled on write it (gdb.txt by default); off,
// overwrite, redirect and debugredirect change how.
func (c *cmd) gdbLogging(f []string) {
	if len(f) == 0 {
		return
	}
	sub, _ := word.Unique(f[0], word.Set(" file on off enabled overwrite redirect debugredirect ").Names())
	switch {
	case sub == "file" && len(f) > 1:
		c.w.Write(strings.Join(f[1:], " "))
	case sub == "on" && len(f) > 1:
		c.w.Write(f[1]) // gdb 11's set logging on FILE
	case sub == "on" || sub == "enabled" && len(f) > 1 && f[1] != "off" && f[1] != "0" && f[1] != "no":
		c.w.Write("gdb.txt")
	case sub == "file" || sub == "off" || sub == "enabled" || sub == "overwrite" || sub == "redirect" || sub == "debugredirect":
	default:
		c.w.hide("sets gdb's logging setting %s, which guard does not read", word.Quote(f[0]))
	}
}

// gdbNotCalls are the names a ( after which groups, not calls: C's and
// C++'s keyword operators, and the if of a breakpoint's condition.
const gdbNotCalls word.Set = " sizeof alignof _Alignof alignas decltype typeof __typeof__ __typeof __alignof__ if while "

// gdbExprEffect returns what gdb expression text s does besides reading
// the program: "calls a function" for a ( after a name (but gdbNotCalls),
// a ) or a ] — system("…"), (*&system)("…"), fp[0](…); a cast before a
// parenthesis, (int)(x), reads the same and counts too — and "assigns" for
// an assignment (=, op=, ++, --; not ==, !=, <=, >=); "" for neither.
// String and character literals are skipped; print's options up to --
// are not the expression.
func gdbExprEffect(s string) string {
	if f := strings.Fields(s); len(f) > 0 && strings.HasPrefix(f[0], "-") {
		if _, after, ok := strings.Cut(s, " -- "); ok {
			s = after // print -pretty -- EXPR
		}
	}
	prev, ident := byte(0), ""
	for i := 0; i < len(s); i++ {
		b := s[i]
		switch {
		case b == '"' || b == '\'':
			i = gdbLiteralEnd(s, i)
			prev = 'n'
		case b != '-' && gdbNameByte(b) || b == '$':
			j := i
			for i+1 < len(s) && (gdbNameByte(s[i+1]) && s[i+1] != '-' || s[i+1] == '$') {
				i++
			}
			prev, ident = 'n', s[j:i+1]
		case b == ' ' || b == '\t':
		case b == '(' && (prev == ')' || prev == 'n' && !gdbNotCalls.Has(ident)):
			return "calls a function"
		case b == ')' || b == ']':
			prev = ')'
		case gdbAssigns(s, i, prev):
			return "assigns to the program's memory, a register or a variable"
		default:
			prev = 'o'
		}
	}
	return ""
}

// gdbAssigns reports whether the operator at s[i] (after an operand when
// prev is 'n' or ')') is an assignment: = but ==, !=, <= and >= (<<= and
// >>= are), or ++ / -- next to an operand.
func gdbAssigns(s string, i int, prev byte) bool {
	b := s[i]
	switch {
	case b == '=':
		if i+1 < len(s) && s[i+1] == '=' || i > 0 && s[i-1] == '=' {
			return false // ==
		}
		if i > 0 && (s[i-1] == '!' || (s[i-1] == '<' || s[i-1] == '>') && !(i > 1 && s[i-2] == s[i-1])) {
			return false // !=, <=, >=
		}
		return true
	case (b == '+' || b == '-') && i+1 < len(s) && s[i+1] == b:
		next := i+2 < len(s) && (gdbNameByte(s[i+2]) || s[i+2] == '$' || s[i+2] == '(' || s[i+2] == '*')
		return next || prev == 'n' && gdbNameByte(s[i-1]) || prev == ')' && (s[i-1] == ')' || s[i-1] == ']')
	}
	return false
}

// gdbLiteralEnd returns the index of the quote that ends the string or
// character literal starting at s[i] (len(s)-1 when none does).
func gdbLiteralEnd(s string, i int) int {
	q := s[i]
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case q:
			return j
		}
	}
	return len(s) - 1
}
