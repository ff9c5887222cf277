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
			c.dataModuleOutput(mod.Text, args)
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

// dataModuleOutput records the file a data module writes by operand:
// json.tool IN OUT writes OUT with text guard does not know (the
// ledger's content change, not only the path's: FINDINGS58b B18). Every
// word after the first operand counts, --indent's value included: one
// that is no output costs a write check of a project name.
func (c *cmd) dataModuleOutput(mod string, args []word.Word) {
	if mod != "json.tool" {
		return
	}
	if ops := word.Operands(args); len(ops) >= 2 {
		for _, o := range ops[1:] {
			if o != "-" {
				c.w.Write(o)
			}
		}
	}
}
