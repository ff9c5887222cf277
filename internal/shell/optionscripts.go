package shell

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/word"
)

// outputOptions name a file a program writes (or appends to): the file
// after them is its output, never a program it runs.
const outputOptions word.Set = " -o --output -O --output-document --output-file --outfile --out --log-file -a --append-output " +
	"--logfile --log --pidfile --pid-file -w --write-out --dump-header -D --trace --trace-ascii "

// handledBuiltins are the shell's own commands with a handler: their
// options name what the shell does (hash -p FILE NAME), no program run.
const handledBuiltins word.Set = " . source alias autoload cd dirs pushd popd enable eval fc hash history print trap "

// optionScripts is the backstop of the option runners' table
// (catalogue.OptionRunners) for a program with a handler: the value of
// an option the table does not name (--opt=V, or the word after -x or
// --opt) that is a script (a shell extension, or a file starting with #!:
// scriptOperand) is read as what the command runs, tentatively (a script
// only read as data passes unless it does what guard blocks). An option
// the table names is analysed by commandOptions; an output option's value
// (outputOptions) and a pattern (--exclude) are data. Programs that only
// read, and the copiers and writers whose operands are data (cp ./x.sh
// d), are left out as in sourceOperands. scp -S, wget --use-askpass ran a
// script guard never read.
func (c *cmd) optionScripts(p *catalogue.Program) {
	if !c.scansOperands(p) || handledBuiltins.Has(c.name) {
		return
	}
	r, _ := catalogue.OptionRunnerNamed(c.name)
	n, sniffs := 0, 0
	for j := 0; j < len(c.args); j++ {
		a := c.args[j]
		s := a.Text
		if j >= len(c.kinds) || c.kinds[j] != argPlain || !a.Known || len(s) < 2 || s[0] != '-' {
			continue
		}
		if s == "--" {
			return
		}
		if r != nil {
			if _, _, k, ok := r.Match(c.args, j); ok {
				j = k
				continue
			}
		}
		opt, v, eq := strings.Cut(s, "=")
		next := j + 1
		if !eq {
			if next >= len(c.args) || next >= len(c.kinds) || c.kinds[next] != argPlain || !c.args[next].Known {
				continue
			}
			v = c.args[next].Text
		}
		if v == "" || v[0] == '-' || outputOptions.Has(opt) || c.patternValue(j) || !c.scriptOperand(v, &sniffs) {
			continue
		}
		if n >= maxSourceOperands {
			return
		}
		n++
		c.w.guessing++ // read as ./x.sh is, nothing hidden: it may be only data
		c.runPath(v, nil)
		c.w.guessing--
	}
}

// scansOperands reports whether the files c's program is given may be
// programs it runs: not for a program the catalogue knows to only read
// or name them, an interpreter, a shell, a printer, a source tool or a
// writer whose operands are data (cp, mv, tee).
func (c *cmd) scansOperands(p *catalogue.Program) bool {
	if p != nil && p.Access != catalogue.MayWrite || c.w.guessing > 0 || c.mods != nil {
		return false
	}
	_, interp := catalogue.InterpreterOf(c.name)
	return !interp && !catalogue.Shells.Has(c.name) && !catalogue.Printers.Has(c.name) && !catalogue.SourceTools.Has(c.name) &&
		!catalogue.WritesAll.Has(c.name) && !catalogue.WritesLast.Has(c.name) && !catalogue.MetaWriters.Has(c.name)
}
