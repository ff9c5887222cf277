package shell

// Code that hands the shell a command it reads at run time
// (os.system(open(F).read()), execSync(readFileSync(F)), perl's
// system(<F>)): what the command feeds it is read as shell commands,
// as evalfeed.go reads what it feeds an evaluator as
// code.

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// shellFeed: interpreter code (text, at depth: 0 the command's own) hands
// the shell a command that is not a literal (lang.RunsShellText). What
// the command feeds it on standard input and the files its operands, its
// literals and its shell strings name are read as shell commands run
// here; a program's output on standard input is hidden, and the command's
// own code that hands the shell what none of these gives runs what guard
// cannot tell.
func (c *cmd) shellFeed(text string, depth int) {
	// what the command feeds counts only for code that reads it: echo ls |
	// python3 -c 'os.system(bytes.fromhex(…).decode())' runs what guard
	// cannot tell
	found := c.shellFedStdin() && c.readsInput(text)
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
		found = found || c.readsInput(text) || codeReads(text, p) // an operand counts only when the code reads it
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

// computedNames: the command's own interpreter code writes, deletes,
// renames, links or changes the mode of a file whose name guard cannot tell
// (lang.ComputedNames: open('crhsab./~'[::-1], 'a'), os.remove(bytes.
// fromhex(…).decode()), perl's open F, '>>', scalar reverse q(…)), or reads
// one and encodes what it reads, or reads one (computedRead), or starts a child
// program from an argument vector with a computed element
// (subprocess.run(["truncate", "-s0", x]): lang.ComputedArgv), or makes a
// value from its literal data and calls what guard does not know to be
// harmless (lang.ComputedValueCall). A program file or module
// (depth > 0) is read the same way when it makes such a value
// (lang.ComputedData); names it builds from its variables
// stay with the documented limit (docs/HOOKS.md), except a name that joins
// the home directory with a part guard cannot tell, whatever made the part
// (lang.ComputedHomeNames).
func (m *moduleLoader) computedNames(text string, depth int) {
	argv := true
	for _, a := range m.c.args {
		argv = argv && a.Known && !word.HasMark(a.Text)
	}
	if depth > 0 && !lang.ComputedData(m.fam, text) {
		if write, _ := lang.ComputedHomeNames(m.fam, text, argv); write {
			m.c.w.hide("runs in %s code that writes, deletes or renames a file in the home directory whose name it computes: guard cannot tell the name the code writes", m.c.name)
		}
		return
	}
	u := lang.ComputedUse(m.fam, text, argv)
	m.c.codeEnv(text, m.fam, true) // codeenv.go
	switch {
	case u.Write:
		m.c.w.hide("runs in %s code that writes, deletes or renames a file whose name it computes: guard cannot tell the name the code writes", m.c.name)
	case !m.shelled && !m.evaluated && lang.ComputedArgv(m.fam, text): // a shell or interpreter child is read as its feed
		m.c.w.hide("runs in %s code that starts a program with arguments it computes: guard cannot tell what the program is handed", m.c.name)
	case lang.ComputedValueCall(m.fam, text):
		m.c.w.hide("runs in %s code that makes a value from its data at run time (a reversal, a decoding) and calls what guard does not know to be harmless: it cannot tell what the call is handed", m.c.name)
	case u.Encoded:
		m.c.w.hide("runs in %s code that reads a file whose name it computes and encodes what it reads: guard cannot tell the name the code reads, and the result scan would not see its text", m.c.name)
	case u.Read && depth == 0:
		m.c.computedRead()
	}
}

// computedRead: the command's own code opens, reads, includes or prints
// a file whose name it computes (lang.ComputedUse: a name from a listing
// by any API or child program, a line it reads, a decoding), not a
// literal, a join of known parts or an argument guard knows. Whatever
// produced the name, it may be any file the code can reach: a read of a
// name guard cannot tell, which the path rules then weigh (it blocks
// where a protected file may be named), printed as the code likes
// (opaque).
func (c *cmd) computedRead() {
	from := len(c.w.a.Reads)
	c.w.Read(word.Mark(word.MarkSubst, ""))
	c.w.markOpaque(from, len(c.w.a.Reads))
}

// readsInput reports whether the interpreter's code (text) reads its
// standard input: the code says so (lang.ReadsStdin), or an option makes it
// (perl's and ruby's -n, -p; an interactive or debugging switch: -i, -d,
// php's -a).
func (c *cmd) readsInput(text string) bool {
	if lang.ReadsStdin(text) {
		return true
	}
	for _, a := range c.args {
		t := a.Text
		if a.Text == text || !strings.HasPrefix(t, "-") || strings.HasPrefix(t, "--") {
			continue
		}
		if e := strings.IndexAny(t, "ceE"); e > 0 {
			t = t[:e]
		}
		if strings.ContainsAny(t[1:], "npida") {
			return true
		}
	}
	return false
}

// argvReads are the spellings by which code reads its command line.
var argvReads = [...]string{"argv", "ARGV", "fileinput", "<>", "ARGF", "$*", "args"}

// codeReads reports whether code may read file p, one the command names:
// the code spells it, or reads its command line (argvReads). A file
// operand the code does not read is not what it hands the shell or an
// evaluator.
func codeReads(code, p string) bool {
	if strings.Contains(code, p) {
		return true
	}
	for _, a := range argvReads {
		if strings.Contains(code, a) {
			return true
		}
	}
	return false
}
