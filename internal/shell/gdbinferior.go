package shell

// The program gdb runs (its inferior): gdb's program operand, --args PROG
// ARGS, -e F, or a file/exec-file command; run ARGS and set args give its
// arguments, which run hands to /bin/sh -c "exec PROG ARGS" with gdb's
// standard input. run starts that command, so it is analysed as one
// (FINDINGS59a A15): gdb -ex 'run x.sh' /bin/sh runs the script x.sh.

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// gdbInferior is the program a gdb command runs and its arguments.
type gdbInferior struct {
	prog word.Word // the program, as named ("" for none yet)
	args string    // its arguments, shell text
	// walked: prog with args is analysed already (--args PROG ARGS).
	walked bool
}

// gdbStart takes the program of gdb's words, before its commands are
// read: the first operand (PROG [CORE|PID]), or the value of -e/--exec.
// --args PROG ARGS is taken where it is read (gdb).
func (c *cmd) gdbStart() {
	for j := 0; j < len(c.args); j++ {
		a := c.args[j]
		word0, val, eq := strings.Cut(a.Text, "=")
		opt := gdbOptionName(word0)
		switch {
		case opt == "args" && j+1 < len(c.args):
			quoted := make([]string, 0, len(c.args)-j-2)
			for _, a := range c.args[j+2:] {
				quoted = append(quoted, shellQuote(a.Text))
			}
			c.gdbInf = gdbInferior{prog: c.args[j+1], args: strings.Join(quoted, " "), walked: true}
			return
		case (opt == "exec" || opt == "se") && eq:
			c.gdbInf.prog = word.Word{Text: val, Known: a.Known}
		case (opt == "exec" || opt == "se") && j+1 < len(c.args):
			c.gdbInf.prog = c.args[j+1]
		case a.Text == "--":
		case opt == "" && c.gdbInf.prog.Text == "":
			c.gdbInf.prog = a
		}
		if (gdbWithArg.Has(opt) || gdbCmdOptions.Has(opt)) && !eq {
			j++
		}
	}
}

// gdbProgram takes the program a file or exec-file command names (rest is
// the line after the command's name).
func (c *cmd) gdbProgram(rest string) {
	if f := strings.Fields(rest); len(f) > 0 {
		c.gdbInf = gdbInferior{prog: word.Word{Text: f[0], Known: true}, args: c.gdbInf.args}
	}
}

// gdbArgs takes the program's arguments args (set args, run ARGS, --args:
// walked when analysed there already).
func (c *cmd) gdbArgs(args string, walked bool) {
	c.gdbInf.args, c.gdbInf.walked = args, walked
}

// gdbRun: run, start or starti [ARGS] runs gdb's program with ARGS (or
// the arguments set before), as /bin/sh -c "exec PROG ARGS" does: its
// words, expansions and redirections (r < x.sh feeds sh the script), and
// gdb's own standard input unless they redirect it (gdb -ex run /bin/sh <
// x.sh). Arguments for a program guard does not know are cannot-tell.
func (c *cmd) gdbRun(rest string) {
	if rest != "" {
		c.gdbArgs(rest, false)
	}
	inf := c.gdbInf
	switch {
	case inf.walked || inf.prog.Text == "" && inf.args == "":
		return // analysed already; no program: gdb's error
	case inf.prog.Text == "" || !inf.prog.Known || !word.IsKnown(inf.prog.Text):
		c.w.hide("runs under gdb a program guard cannot tell, with the arguments %s", word.Quote(inf.args))
		return
	}
	c.w.tentative(shellQuote(inf.prog.Text) + " " + inf.args)
	if !redirectsStdin(inf.args) && (c.stdinReplaced() || c.stdin.fromPipe) {
		c.extra = append(c.extra, c.inner([]word.Word{inf.prog}).lines()...)
	}
}

// redirectsStdin reports whether shell text s holds a < outside quotes
// (an input redirection, a here-document or here-string).
func redirectsStdin(s string) bool {
	var quote byte
	for i := 0; i < len(s); i++ {
		b := s[i]
		switch {
		case b == '\\' && quote != '\'':
			i++
		case quote != 0:
			if b == quote {
				quote = 0
			}
		case b == '\'' || b == '"':
			quote = b
		case b == '<':
			return true
		}
	}
	return false
}
