package shell

// A program that runs before a test runner in the same command and may
// change the code it loads with text guard cannot see:
// a write guard models (cp, sed -i, open(…, "w")) is one the runner's
// scan reads (runnerFiles, FileText), but a program guard does not know,
// interpreter code (shutil.copy, copyFileSync, File.write: names it only
// touches), go generate and a task runner's recipes write what they
// compute. After one, what the runner loads is not what guard read.

import (
	"github.com/guardhq/guard/internal/shell/lang"
	"path"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// noteChanger records c's program as one that may change files with text
// guard cannot see (walker.changer), when it is: a program guard does
// not know, an interpreter running code, go generate, make or a task
// runner; a package manager that only runs scripts of package.json is one
// when they hold one (scriptChangers). p is c's catalogue entry. A
// build-file line's program is noted for the task runner that runs it
// (walker.lineChangers), not for a runner of the line's.
func (c *cmd) noteChanger(p *catalogue.Program) {
	if c.name == "" || c.w.laterRuns > 0 || c.w.guessing > 0 || builtins.Has(c.name) || zshBuiltins.Has(c.name) || outputOnly.Has(c.name) ||
		c.reformats() || c.typeChecksOnly() {
		return // a variable's program, an alias's text: run later; a guess: maybe no command
	}
	if c.w.funcs.bodies[c.prog] != nil && c.w.depth+1 <= MaxDepth {
		return // a function the command defined: its body's programs were noted (callFunc)
	}
	name := c.name
	_, interp := catalogue.InterpreterOf(c.name)
	_, task := catalogue.TaskRunnerNamed(c.name)
	switch {
	case interp && c.runsCode() && !(lang.AwkFamily(c.name) && c.awkPrintsOnly()):
	case c.runsScriptsOnly():
		if name = c.scriptChangers(); name == "" {
			return // npm run typecheck: tsc --noEmit, walked
		}
	case task, c.name == "make" || c.name == "gmake" || c.name == "bmake":
	case c.name == "go" && len(c.args) > 0 && c.args[0].Text == "generate":
	case p == nil && c.unknownProgram():
	default:
		return
	}
	if r, _ := runnerOf(c.name, c.args); r != nil {
		return // a runner itself: its own scan read what it loads
	}
	if r, _ := cargoBuilder(c.name, c.args); r != nil {
		return // cargo build: its scan read the build scripts and proc macros it runs
	}
	if c.w.recipeLine {
		c.w.lineChangers = append(c.w.lineChangers, name)
		return
	}
	if c.w.changer == "" {
		c.w.changer = name
	}
	c.w.changers++
	c.w.lastChanger = name
}

// runsScriptsOnly reports whether c is a package manager (npm, yarn,
// pnpm, bun) whose subcommand does nothing but run the package.json
// scripts it names, and their pre and post scripts: run X (run-script),
// test. It installs, links and builds nothing itself.
func (c *cmd) runsScriptsOnly() bool {
	switch c.name {
	case "npm", "yarn", "pnpm", "bun":
	default:
		return false
	}
	ws := c.packageWords()
	if len(ws) < 2 && (len(ws) == 0 || ws[0] != "test") {
		return false
	}
	switch ws[0] {
	case "run", "run-script", "rum", "urn", "test":
	default:
		return false
	}
	names := c.scriptsRun()
	return len(names) > 0 && !slices.Contains(names, "*")
}

// scriptChangers returns what of the lines c ran may change code with
// text guard cannot see: the first program noted in them
// (walker.lineChangers since c began), c's own name when one of its
// lines was not analysed whole as typed (linesUnwalked), "" when none.
func (c *cmd) scriptChangers() string {
	switch {
	case c.w.linesUnwalked > c.unwalkedAt:
		return c.name
	case len(c.w.lineChangers) > c.linesAt:
		return c.w.lineChangers[c.linesAt]
	}
	return ""
}

// reformats reports whether c is gofmt (the system's) with no flag but
// -l, -d, -e, -s and -w, parsed as Go's flag package parses them (goFlags:
// --r is -r): it prints names, diffs or the source reformatted, or
// rewrites the files it is given (-w) keeping every literal and import,
// so what the runner's scan read still holds. The files it writes are
// touches, weighed by runnerChanged. Any other flag (-r 'a -> b', a
// rewrite guard does not compute, -cpuprofile F) makes it a changer.
func (c *cmd) reformats() bool {
	if c.name != "gofmt" || !c.w.trusts(c.prog, c.name) {
		return false
	}
	plain := true
	goFlags(c.args, gofmtFlags, func(name string, _ word.Word) {
		plain = plain && (name == "" || gofmtFlags.Has(name))
	})
	return plain
}

// typeChecksOnly reports whether c is tsc (the TypeScript compiler) with
// --noEmit: it reads the project's sources and tsconfig and writes no
// file a runner loads (at most --incremental's .tsbuildinfo), nor runs
// the project's code (tsconfig's plugins are the editor's). Options are
// case-insensitive to tsc; --noEmit false turns it off.
func (c *cmd) typeChecksOnly() bool {
	if c.name != "tsc" || !word.AllKnown(c.args) {
		return false
	}
	on := false
	for j, a := range c.args {
		switch strings.ToLower(a.Text) {
		case "--noemit", "-noemit":
			on = j+1 >= len(c.args) || c.args[j+1].Text != "false"
		case "--noemit=false", "--build", "-b":
			return false // build mode emits what its references say
		}
	}
	return on
}

// goFlagWord reports whether argument j of gofmt (reformats: every flag
// one of its own) is a flag: Go's flag package takes every word beginning
// with '-' before the first operand or "--" as one, never as a file.
func (c *cmd) goFlagWord(j int) bool {
	if c.name != "gofmt" || !strings.HasPrefix(c.args[j].Text, "-") || !c.reformats() {
		return false
	}
	for _, a := range c.args[:j] {
		if a.Text == "--" || !strings.HasPrefix(a.Text, "-") {
			return false
		}
	}
	return true
}

// gofmtWrites reports whether gofmt's flags hold -w: it rewrites the files
// it is given.
func (c *cmd) gofmtWrites() bool {
	w := false
	goFlags(c.args, gofmtFlags, func(name string, _ word.Word) { w = w || name == "w" })
	return w
}

// gofmtNames reports whether gofmt (reformats) prints the names of the
// files it reads and no text of theirs: -l (true) without -d, which
// prints diffs. Its errors (a file that does not parse) quote a token as
// the file holds it, as go vet's do.
func (c *cmd) gofmtNames() bool {
	if !c.reformats() {
		return false
	}
	l, d := false, false
	goFlags(c.args, gofmtFlags, func(name string, v word.Word) {
		switch name {
		case "l":
			l = v.Text == "" || v.Text == "true"
		case "d":
			d = true // -d=false too: guard does not weigh a flag's value
		}
	})
	return l && !d
}

// gofmtReads records what gofmt reads of its operands: a directory's Go
// files, all the way down (gofmt -l . is DIR/**/*.go, as find's names are).
// gofmt -l prints their names only: its reads are quiet, as grep -l's
// print no line (gofmtNames).
func (c *cmd) gofmtReads() {
	c.quietReads = c.quietReads || c.gofmtNames()
	for j, a := range c.args {
		if c.kinds[j] == argPlain && a.Known && !strings.HasPrefix(a.Text, "-") && !strings.HasSuffix(a.Text, ".go") {
			c.w.Read(strings.TrimSuffix(a.Text, "/") + "/**/*.go")
		}
	}
}

// gofmtFlags are gofmt's flags that leave what it writes gofmt's
// reformatting: all bools.
const gofmtFlags word.Set = " l d e s w "

// outputOnly are programs guard models by their output that write no
// file it does not see (builtins.go's pathOutput).
const outputOnly word.Set = " pwd dirname basename realpath readlink type which mktemp "

// runsCode reports whether an interpreter's words run code: any but
// --version and --help, and python's byte compilers (-m compileall,
// py_compile: the bytecode of the code the runner scans as source).
func (c *cmd) runsCode() bool {
	if len(c.args) > 1 && c.args[0].Text == "-m" && (c.args[1].Text == "compileall" || c.args[1].Text == "py_compile") {
		return false
	}
	for _, a := range c.args {
		switch a.Text {
		case "--version", "-V", "-v", "--help", "-h":
		default:
			return true
		}
	}
	return false
}

// runnerChanged hides the command when something before runner r may
// have changed what it loads under dirs with text guard cannot see: a
// program noteChanger noted, or a touch of a file of r's language (or a
// name guard cannot tell) below one of dirs.
func (c *cmd) runnerChanged(r *catalogue.TestRunner, dirs []string) bool {
	abs := make([]string, len(dirs))
	for i, d := range dirs {
		abs[i] = word.Clean(c.w.Where(d))
	}
	by := c.changer
	at := min(c.touchAt, len(*c.w.TouchList))
	if by == "" {
		by = touchedBy(r, abs, (*c.w.TouchList)[:at], true)
	}
	if by == "" {
		by = touchedBy(r, abs, (*c.w.TouchList)[at:], false) // its own words: the names of its language only
	}
	if by == "" && c.w.WriteList != nil {
		by = c.goHomeWritten(r, append(slices.Clone((*c.w.TouchList)[:at]), *c.w.WriteList...))
	}
	if by != "" {
		c.w.hide("runs %s, a program whose code the command itself may change with text guard cannot see (%s runs before it)", c.name, by)
		return true
	}
	if c.w.InJob() || c.w.stages > 0 {
		c.w.racing = append(c.w.racing, racer{name: c.name, r: r, dirs: abs, touches: len(*c.w.TouchList), writes: len(*c.w.WriteList), changers: c.w.changers})
	}
	return false
}

// racer is a runner that runs beside other commands (in the background,
// a coprocess, a pipeline's stage, a process substitution): what they do
// while it loads its code counts as done before it.
type racer struct {
	name     string
	r        *catalogue.TestRunner
	dirs     []string // where it loads from, as Where gave them, cleaned
	touches  int      // the touches recorded when it ran
	writes   int      // the writes recorded when it ran
	changers int      // the changers noted when it ran
}

// raced hides the command when a program that may change a racing
// runner's code was walked after it, or a file it may load was written or
// touched: in the walk's order it comes later, but it may run while the
// runner loads, which guard's scan did not read.
func (w *walker) raced() {
	for _, rc := range w.racing {
		by := ""
		if w.changers > rc.changers {
			by = w.lastChanger
		}
		for _, l := range []struct {
			list []string
			from int
		}{{*w.TouchList, rc.touches}, {*w.WriteList, rc.writes}} {
			if by == "" {
				by = touchedBy(rc.r, rc.dirs, l.list[min(l.from, len(l.list)):], true)
			}
		}
		if by != "" {
			w.hide("runs %s beside other commands, and %s may change its code while it loads it with text guard cannot see", rc.name, by)
			return
		}
	}
}

// touchedBy returns what may have changed code runner r loads from
// directories dirs (cleaned) among touches: "a program that may write
// T", or "". every: any file r may use (runnerUses), not only those of
// its language.
func touchedBy(r *catalogue.TestRunner, dirs, touches []string, every bool) string {
	for _, t := range touches {
		if strings.ContainsAny(t, " \t\n") {
			continue // a command line handed to a program (hyperfine 'go test'), not a file it writes
		}
		for _, d := range dirs {
			if runnerTouched(r, d, word.Clean(t), every) {
				return "a program that may write " + t
			}
		}
	}
	return ""
}

// runnerTouched reports whether touched path t (as recorded) may be code
// runner r loads from directory d: a file of its language (every: one it
// may use), or a name guard cannot tell, below d.
func runnerTouched(r *catalogue.TestRunner, d, t string, every bool) bool {
	rel, below := strings.CutPrefix(t, d+"/")
	if d == "." && !path.IsAbs(t) && !strings.HasPrefix(t, "../") && !strings.HasPrefix(t, "~") {
		rel, below = t, true
	}
	return below && (r.Loads(rel, true) || every && runnerUses(r, rel, true) || strings.Contains(rel, effect.UnknownName))
}

// runnerUses reports whether runner r may load file rel (below a start
// directory): a file it loads (r.Loads), and for a go runner any file of
// a package directory it may compile or link (goMayUse: cgo's .c,
// .syso).
func runnerUses(r *catalogue.TestRunner, rel string, all bool) bool {
	return r.Loads(rel, all) || r.Exts == " .go " && goMayUse(path.Base(rel))
}
