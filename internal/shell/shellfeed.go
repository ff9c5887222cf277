package shell

// Code that hands the shell a command it reads at run time
// (os.system(open(F).read()), execSync(readFileSync(F)), perl's
// system(<F>)): what the command feeds it is read as shell commands
// (review 14a F18), as evalfeed.go reads what it feeds an evaluator as
// code.

import (
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
)

// shellFeed: interpreter code (text, at depth: 0 the command's own) hands
// the shell a command that is not a literal (lang.RunsShellText). What
// the command feeds it on standard input and the files its operands, its
// literals and its shell strings name are read as shell commands run
// here; a program's output on standard input is hidden, and the command's
// own code that hands the shell what none of these gives runs what guard
// cannot tell.
func (c *cmd) shellFeed(text string, depth int) {
	found := c.shellFedStdin()
	if c.w.err != nil {
		return
	}
	n := 0
	for _, p := range c.evalFiles(text) {
		if n >= maxEvalFiles {
			c.w.hide("hands the shell, in %s, text from more files than guard reads (%d): it cannot tell what command runs", c.name, maxEvalFiles)
			return
		}
		n++
		c.w.Read(p)
		if t, ok := c.w.FileText(p, true, effect.MaxScriptBytes, "a script"); ok {
			c.w.maybeShell(t)
		}
		found = true
	}
	if !found && depth == 0 {
		c.w.hide("runs in %s code that hands the shell a command guard cannot see: it cannot tell what command runs", c.name)
	}
}

// shellFedStdin reads, for code that hands the shell what it reads, the
// command's standard input as shell commands, unless that is the
// interpreter's program already; it reports whether there was something
// to read.
func (c *cmd) shellFedStdin() bool {
	if c.fromStdin {
		return false // python3 < x.py: the program
	}
	switch {
	case c.stdin.sub != "":
		c.runSub(c.stdin.sub, false) // its output, run as a script
	case c.stdin.known && c.stdin.text != "":
		c.w.maybeShell(c.stdin.text)
	case c.stdin.file != "":
		c.w.Read(c.stdin.file)
		if t, ok := c.w.FileText(c.stdin.file, true, effect.MaxScriptBytes, "a script"); ok {
			c.w.maybeShell(t)
		}
	case c.pipedHidden():
		c.w.hide("hands the shell, in %s, what a program prints to it, which guard cannot see: it cannot tell what command runs", c.name)
	default:
		return false
	}
	return true
}

// childFeed: interpreter code starts a shell or an interpreter with a
// program that is not a plain literal (lang.RunsChildText): subprocess.run(
// ["bash", "-c", x]), stdin=open(F), perl's open(P, "|sh"). What the
// command feeds and the files the code names are read as that child's
// program, as for a shell-running call or evaluated text; with nothing to
// read, the command's own code runs what guard cannot tell.
func (m *moduleLoader) childFeed(text string, depth int) {
	runs, sh := lang.RunsChildText(text)
	switch {
	case !runs:
	case sh && !m.shelled:
		m.shelled = true
		m.c.shellFeed(text, depth)
	case !sh && !m.evaluated:
		m.evaluated = true
		m.c.evaluatedFeed(text, depth)
	}
}

// computedFeed: interpreter code calls a function by a route guard does
// not resolve (lang.ComputedCall): getattr(os, n), attrgetter("system"),
// a ctypes library's function, node's process.binding or an alias of
// process. The call may hand the shell what the command feeds it, which is
// read as shell commands; the command's own code calls what guard cannot
// tell. Code read already as evaluating or shell-running text (getattr(
// builtins, "exec")(sys.stdin.read())) has had what the command feeds read.
func (m *moduleLoader) computedFeed(text string, depth int) {
	if m.computed || m.evaluated || m.shelled || !lang.ComputedCall(m.fam, text) {
		return
	}
	m.computed = true
	if depth == 0 {
		m.c.w.hide("runs in %s code that calls a function by a name guard cannot resolve (a computed name, a reflective lookup or an alias): it cannot tell what it calls", m.c.name)
		return
	}
	m.shelled = true
	m.c.shellFeed(text, depth)
}
