package shell

// python -m MODULE where MODULE is not the project's: a
// standard-library or installed module that runs or imports its operands
// (cProfile, trace, runpy, pdb, unittest, doctest, pydoc, timeit's -s) runs
// them unread unless guard reads them as the program. Default-deny: a
// module guard does not know to take only data is a runner
// (catalogue.PyRunners, catalogue.PyDataModules).

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// maxRunnerOperands bounds the operands of one runner module read as
// programs; past it what runs is hidden.
const maxRunnerOperands = 16

// unknownRunner is how a module guard does not know reads its words: each
// operand may be a program, -c/-s/--setup/--command values may be code,
// -m's value a module.
var unknownRunner = catalogue.PyRunner{Operands: catalogue.PyEach, Code: " -c -s --setup --command ", Modules: " -m "}

// moduleRunner reads python -m MOD ARGS for a module MOD that is not the
// project's: its program operands, module names and code.
func (c *cmd) moduleRunner(mod word.Word, args []word.Word) {
	if !mod.Known || catalogue.PyDataModules.Has(mod.Text) || catalogue.SourceTools.Has(mod.Text) {
		if mod.Known {
			c.cgiScripts(mod, args) // http.server --cgi (pycgi.go)
		}
		return
	}
	r, known := catalogue.PyRunnerOf(mod.Text)
	if !known {
		r = unknownRunner
	}
	if r.Sub != "" {
		i := 0
		for i < len(args) && strings.HasPrefix(args[i].Text, "-") {
			i++
		}
		if i >= len(args) || args[i].Text != r.Sub {
			return // coverage report: data
		}
		args = args[i+1:]
	}
	c.runnerWords(r, known, args)
}

// runnerWords reads a runner module's options and operands (see
// moduleRunner); known says whether guard knows the module.
func (c *cmd) runnerWords(r catalogue.PyRunner, known bool, args []word.Word) {
	n := 0
	for j := 0; j < len(args); j++ {
		a := args[j]
		s := a.Text
		opt, v, eq := strings.Cut(s, "=")
		value := func() (word.Word, bool) {
			if eq {
				return word.Word{Text: v, Known: a.Known}, true
			}
			if j+1 < len(args) {
				j++
				return args[j], true
			}
			return word.Word{}, false
		}
		if !eq {
			opt = s
		}
		if strings.HasPrefix(s, "-") && len(s) > 2 && s[1] != '-' && (r.Code.Has(s[:2]) || r.Modules.Has(s[:2]) || r.Files.Has(s[:2])) {
			opt, v, eq = s[:2], s[2:], true // timeit -s'import m', cProfile -mzz
		}
		switch {
		case s == "--" || s == "-":
		case r.Code.Has(opt):
			if w, ok := value(); ok {
				c.oneLiner(w.Text) // timeit -s 'import zz.zm'
			}
		case r.Modules.Has(opt) || r.Files.Has(opt):
			if w, ok := value(); ok {
				c.runnerOperand(w, true)
				if r.Operands == catalogue.PyProgram && r.Modules.Has(opt) {
					return // cProfile -m MOD ARGS: the module's arguments
				}
			}
		case r.Values.Has(opt):
			if !eq {
				j++
			}
		case strings.HasPrefix(s, "-"):
			// a flag, or an option whose value guard does not know: the
			// value is then read as an operand below
		case r.Operands == catalogue.PyCode:
			c.oneLiner(s) // timeit 'import zz.zm'
		case r.Operands == catalogue.PyData:
		case r.Operands == catalogue.PyProgram:
			c.runnerOperand(a, true)
			return // the program's own arguments follow
		case n >= maxRunnerOperands:
			c.w.hide("gives python -m more operands than guard reads as programs (%d): it cannot tell what runs", maxRunnerOperands)
			return
		default:
			n++
			c.runnerOperand(a, known)
		}
	}
}

// runnerOperand reads a, an operand a runner module may run: a file is a
// program (any file when the runner is known to run it, a python source
// otherwise), a dotted name a module it imports or runs (each package on
// the way: runpy evil.py imports evil).
func (c *cmd) runnerOperand(a word.Word, any bool) {
	s := a.Text
	if word.IsStdin(s) || s == "" {
		return
	}
	if !a.Known {
		if any {
			c.runProgram(a) // a word guard cannot resolve: FileText says so
		}
		return
	}
	if isDotted(s) {
		c.runModule(a)
		if c.mods != nil {
			parts := strings.Split(s, ".")
			names := make([]string, 0, len(parts))
			for i := range parts {
				names = append(names, strings.Join(parts[:i+1], "."))
			}
			c.mods.follow(lang.Loads{Modules: names}, "", 0)
		}
	}
	if any || pySource(s) || c.present(path.Join(s, "__main__.py")) {
		c.w.Read(s)
		c.runOperand(a)
	}
}

// pySource reports whether s names a python program file by its suffix.
func pySource(s string) bool {
	switch path.Ext(s) {
	case ".py", ".pyw", ".pyc", ".pyz":
		return true
	}
	return false
}

// moduleOutputs records the files a module's command line names as its
// output (catalogue.PyOutputs: json.tool IN OUT, zipfile -c OUT, cProfile
// -o OUT) as written: a write in the ledger is also a change of the
// file's text (FINDINGS58b B18), so a script the same command then runs
// is not analysed with what the disk held. python -m gzip writes each
// operand's .gz beside it.
func (c *cmd) moduleOutputs(mod string, args []word.Word) {
	if mod == "gzip" {
		c.gzipModuleOutputs(args)
		return
	}
	o, ok := catalogue.PyOutputOf(mod)
	if !ok {
		return
	}
	n := 0
	for j := 0; j < len(args); j++ {
		s := args[j].Text
		if v, opt := outputOption(o, s); opt {
			if v == "" && j+1 < len(args) {
				j++
				v = args[j].Text
			}
			c.moduleOutput(v)
			continue
		}
		if strings.HasPrefix(s, "-") && s != "-" {
			continue // a flag, or one guard does not know: taken to take no value
		}
		if n++; o.Operand > 0 && n >= o.Operand {
			c.moduleOutput(s)
		}
	}
}

// outputOption reports whether word s is one of o's output options, and
// its joined value ("" when the value is the next word): -oOUT, --outfile=OUT,
// and a long option's prefix (--out), which argparse and optparse take.
func outputOption(o catalogue.PyOutput, s string) (string, bool) {
	if !strings.HasPrefix(s, "-") || s == "-" || s == "--" {
		return "", false
	}
	if !strings.HasPrefix(s, "--") {
		if o.Options.Has(s[:2]) {
			return s[2:], true
		}
		return "", false
	}
	name, v, _ := strings.Cut(s, "=")
	for _, f := range strings.Fields(string(o.Options)) {
		if strings.HasPrefix(f, "--") && strings.HasPrefix(f, name) && len(name) > 2 {
			return v, true
		}
	}
	return "", false
}

// moduleOutput records s, a module's output file, as written.
func (c *cmd) moduleOutput(s string) {
	if s != "" && s != "-" {
		c.w.Write(s)
	}
}

// gzipModuleOutputs: python -m gzip F writes F.gz (-d, F less .gz:
// pythonModuleDecode); - is standard input.
func (c *cmd) gzipModuleOutputs(args []word.Word) {
	for _, a := range args {
		if a.Text == "-d" || a.Text == "--decompress" {
			return
		}
	}
	for _, a := range args {
		if !strings.HasPrefix(a.Text, "-") && a.Text != "" {
			c.w.Write(a.Text + ".gz")
		}
	}
}
