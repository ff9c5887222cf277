package shell

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/word"
)

// packageRuns analyses the command a package manager's run forms run as a
// command of its own, as npx's is (a Prefix): npm exec -- CMD, npm x CMD,
// pnpm exec CMD, yarn exec CMD, yarn run CMD, bun x CMD
// (catalogue.PackageExecOf), and the bare forms of the managers that run
// what is neither their own subcommand nor a script of the project's
// (pnpm CMD, yarn CMD, bun CMD, bun run CMD). A script (script reports
// the project's) is not a command: its text is the script runners'.
func (c *cmd) packageRuns(name string, args []word.Word, script func(string) bool) {
	rest, ok := packageExec(name, args)
	if !ok {
		if sh := bunShellFile(name, args); sh != nil {
			c.innerFed(sh, nil) // bun ./x.sh: its shell runs the file
			return
		}
		rest = bareRun(name, args, script)
	}
	if len(rest) == 0 {
		return
	}
	if i := len(args) - len(rest); script(rest[0].Text) && (i == 0 || !catalogue.ExecSubs.Has(args[i-1].Text)) {
		return // yarn run build, pnpm build: the project's script
	}
	dirs, ok := c.execDirs(name, args[:len(args)-len(rest)])
	if !ok {
		return
	}
	saved := c.w.Dir
	defer func() { c.w.Dir = saved }()
	for _, d := range dirs {
		c.w.Dir = saved
		if d != "." {
			c.w.Dir = c.w.dest(d) // pnpm -C D exec X, a workspace member's
		}
		c.localBin(rest)
		in := &cmd{w: c.w, piped: c.piped, redirs: c.redirs, viaProgram: true, jsRunner: true}
		in.run(rest) // as innerFed, a JavaScript tool (toolconfig.go jsTool)
	}
}

// localBin scans the file a package runner (npx, bunx, npm exec, pnpm
// exec, yarn run…) runs for the program rest names, where it is a bare
// name: the project's node_modules/.bin/NAME, from the directory up, which
// the runner puts before the PATH (npmBins, as a package script's
// programs are).
func (c *cmd) localBin(rest []word.Word) {
	if len(rest) > 0 && rest[0].Known {
		c.npmBins(c.w.Dir, []string{rest[0].Text})
	}
}

// bareRun returns, for a package manager that runs a first operand that
// is none of its subcommands (catalogue.Output Own: pnpm npm pack), the
// words of the command it runs: from that operand on (bun run CMD: after
// run; bun FILE and bun run FILE, an operand that names a file, bun runs
// as a program of its own, the file its source: a #! line in it is a
// comment, not the kernel's);
// nil for another.
func bareRun(name string, args []word.Word, script func(string) bool) []word.Word {
	var own word.Set
	var dirs word.Set
	for i := range catalogue.Outputs {
		if o := &catalogue.Outputs[i]; o.Name == name && o.Own != "" {
			own, dirs = o.Own, o.DirOpts
		}
	}
	if own == "" {
		return nil
	}
	i := pmOperand(args, 0, dirs)
	if i >= 0 && name == "bun" && args[i].Text == "run" {
		i = pmOperand(args, i+1, dirs)
	} else if i >= 0 && own.Has(args[i].Text) {
		return nil
	}
	if i >= 0 && name == "bun" && strings.ContainsAny(args[i].Text, "./") {
		return nil // bun ./x.ts, bun run x.ts: bun's own program, not one run by its path
	}
	if i < 0 || script(args[i].Text) {
		return nil
	}
	return args[i:]
}

// bunShellFile returns, for bun FILE or bun run FILE where FILE is a .sh
// file, the command line that runs it as bun does: with its own shell (Bun
// Shell, read as sh reads a script: sh FILE ARGS); nil for another.
func bunShellFile(name string, args []word.Word) []word.Word {
	if name != "bun" {
		return nil
	}
	var dirs word.Set
	for i := range catalogue.Outputs {
		if o := &catalogue.Outputs[i]; o.Name == name && o.Own != "" {
			dirs = o.DirOpts
		}
	}
	i := pmOperand(args, 0, dirs)
	if i >= 0 && args[i].Text == "run" {
		i = pmOperand(args, i+1, dirs)
	}
	if i < 0 || !strings.EqualFold(path.Ext(args[i].Text), ".sh") {
		return nil
	}
	for _, a := range args[:i] {
		if k, _, _ := strings.Cut(a.Text, "="); dirs.Has(k) {
			// bun --cwd D x.sh: D's x.sh; guard walks it where the
			// command is: a name that may be another file.
			return append([]word.Word{{Text: "sh", Known: true}, {Text: word.Mark(word.MarkSubst, ""), Known: false}}, args[i+1:]...)
		}
	}
	return append([]word.Word{{Text: "sh", Known: true}}, args[i:]...)
}

// pmOperand returns the index of the first word of args from from on
// that is no option and no value of one of dirs (-C D), -1 for none. A
// -- ends the options: the word after it is the operand (bun -- x.sh,
// bun run -- x.sh run x.sh: FINDINGS58a A12).
func pmOperand(args []word.Word, from int, dirs word.Set) int {
	for i := from; i < len(args); i++ {
		a := args[i].Text
		switch {
		case a == "--" && i+1 < len(args):
			return i + 1
		case a == "--":
			return -1
		case dirs.Has(a):
			i++
		case !strings.HasPrefix(a, "-") || a == "-":
			return i
		}
	}
	return -1
}
