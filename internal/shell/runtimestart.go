package shell

// A program that runs on an interpreter (catalogue.Runtimes: pylint and
// pip on python, rubocop on ruby, prettier on node, prove on perl)
// starts as the interpreter does: the interpreter's variables the
// command sets reach it. They are read as for the interpreter itself
// (PYTHONPATH's sitecustomize.py, PYTHONUSERBASE's *.pth files, RUBYOPT's
// -r, NODE_OPTIONS' --require, PERL5OPT's -M), and, as the program
// imports modules guard does not know by name (its own, its
// dependencies), every module at the top of a search-path directory the
// command names is read as code it may import in their place
// (PYTHONPATH=sub pylint with sub/astroid/__init__.py).
//
// Default-deny on the variable, not the program: a program guard cannot
// show runs on none of them (catalogue.Native: ls, cat, rg, git) may be a
// console script under a name it does not know (pip3.11, flask,
// lsb_release), and is read as running on each interpreter whose
// variables the command sets. What is read there is code the program
// loads, not text it prints (walker.loaded).

import (
	"path"
	"strings"
	"time"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// maxSearchModules bounds the modules of the search-path directories read
// for one program; past it the program hides.
const maxSearchModules = 512

// runtimeStart reads the start of a program that runs on an interpreter
// (see the file's comment).
func (c *cmd) runtimeStart() {
	from := len(c.w.a.Reads)
	for _, rt := range c.runtimes() {
		if !c.startOn(rt) {
			break
		}
	}
	if to := len(c.w.a.Reads); to > from {
		c.w.loaded = append(c.w.loaded, [2]int{from, to})
	}
}

// runtimes returns the interpreters c's program starts as: the one the
// catalogue says it runs on; none for an interpreter (interp.go reads its
// own variables; another's reach only the programs its code runs) or a
// program known to run on none (catalogue.Native, a shell builtin);
// otherwise each one
// whose variables the command sets.
func (c *cmd) runtimes() []*catalogue.Runtime {
	name := path.Base(c.name)
	if rt := catalogue.RuntimeOf(name); rt != nil {
		return []*catalogue.Runtime{rt}
	}
	if _, ok := catalogue.InterpreterOf(name); ok || c.name == "" || (catalogue.Native(name) || builtins.Has(name)) && c.w.trusts(c.prog, name) {
		return nil
	}
	var out []*catalogue.Runtime
	for i := range catalogue.Runtimes {
		rt := &catalogue.Runtimes[i]
		if c.setsAny(rt.Vars) || c.setsAny(rt.Hides) {
			out = append(out, rt)
		}
	}
	return out
}

// setsAny reports whether one of the variables of set is set where c
// runs (walked without splitting set: this runs for every command).
func (c *cmd) setsAny(set word.Set) bool {
	for rest := strings.TrimSpace(string(set)); rest != ""; {
		var v string
		v, rest, _ = strings.Cut(rest, " ")
		if _, ok := c.w.lookup(v); ok && v != "" {
			return true
		}
		rest = strings.TrimLeft(rest, " ")
	}
	return false
}

// startOn reads the start of c's program on interpreter rt; false when
// it hid.
func (c *cmd) startOn(rt *catalogue.Runtime) bool {
	m, ok := c.interpStart(rt)
	if m != nil {
		m.searchModules()
	}
	return ok
}

// scriptStart reads the start of a script of interpreter prog (a #! line's)
// that c's program runs with the command's variables (git's hooks): what
// the interpreter loads from them before the script (PYTHONPATH's
// sitecustomize.py, RUBYOPT's -r), read as the code the script runs.
func (c *cmd) scriptStart(prog string) {
	fam := lang.FamilyOf(prog)
	from := len(c.w.a.Reads)
	for i := range catalogue.Runtimes {
		if rt := &catalogue.Runtimes[i]; fam != lang.NoFamily && lang.FamilyOf(rt.Lang) == fam {
			c.interpStart(rt)
		}
	}
	if to := len(c.w.a.Reads); to > from {
		c.w.loaded = append(c.w.loaded, [2]int{from, to})
	}
}

// interpStart reads what interpreter rt loads at its start from the
// variables the command sets; it returns the loader (nil when none is
// set) and false when it hid.
func (c *cmd) interpStart(rt *catalogue.Runtime) (*moduleLoader, bool) {
	for _, name := range strings.Fields(string(rt.Hides)) {
		if _, ok := c.w.lookup(name); ok {
			c.w.hide("runs %s, a %s program, with $%s set: guard cannot tell what code %s loads", c.name, rt.Lang, name, rt.Lang)
			return nil, false
		}
	}
	set := false
	for _, name := range strings.Fields(string(rt.Vars)) {
		_, ok := c.w.lookup(name)
		set = set || ok
	}
	if !set {
		return nil, true
	}
	fam := lang.FamilyOf(rt.Lang)
	m := c.newLoader(fam)
	m.args = m.args[:len(m.args)-len(c.args)] // the variable's options: the program's own words are not the interpreter's
	m.dirs = m.runtimeDirs()
	if fam == lang.Python {
		m.pythonPath(m.dirs)
	} else {
		m.optionModules()
	}
	return m, true
}

// runtimeDirs returns the module search path the interpreter's
// variables and options (m.args) give a program that runs on it; the
// working directory is not on it.
func (m *moduleLoader) runtimeDirs() []string {
	var dirs []string
	switch m.fam {
	case lang.Python:
		dirs = m.envDirs("PYTHONPATH")
	case lang.Node:
		dirs = m.envDirs("NODE_PATH")
	case lang.Perl:
		dirs = append(append(m.optionDirs("-I"), m.envDirs("PERL5LIB")...), m.envDirs("PERLLIB")...)
	case lang.Ruby:
		dirs = append(m.optionDirs("-I"), m.envDirs("RUBYLIB")...)
	}
	return dirs[:min(len(dirs), maxModuleDirs)]
}

// searchModules reads as code every module at the top of m's search-path
// directories, and of each directory in them (a package; python's with
// an __init__.py), for a program that may import any of them. Each is
// read as a program file with its own file bound (effect.MaxFiles, as a
// test runner's are), all within maxSearchModules files and
// maxRunnerTime: a project's sources on the path are read whole, past
// the bounds the program hides.
func (m *moduleLoader) searchModules() {
	var files []string
	for _, d := range m.dirs {
		files = m.searchDirModules(d, files)
	}
	if len(files) > maxSearchModules {
		m.c.w.hide("puts more modules on the module path of %s than guard reads (%d): it cannot tell what code it imports", m.c.name, maxSearchModules)
		return
	}
	keys := make([]string, len(files))
	for i, p := range files {
		keys[i] = word.Clean(m.c.w.Where(p))
		m.seen[keys[i]] = true // read in its own turn, not again as another's import
	}
	nread, until := m.c.w.Nread, time.Now().Add(maxRunnerTime)
	for i, p := range files {
		if time.Now().After(until) {
			m.c.w.hide("puts more modules on the module path of %s than guard reads in %s: it cannot tell what code it imports", m.c.name, maxRunnerTime)
			return
		}
		m.c.w.Nread, m.files = nread, 0
		delete(m.seen, keys[i])
		m.moduleFile(p)
		m.seen[keys[i]] = true
	}
	m.c.w.Nread = max(m.c.w.Nread, nread)
}

// searchDirModules adds to files the modules at the top of search-path
// directory d and of each package in it; a directory it cannot list is
// one it cannot tell.
func (m *moduleLoader) searchDirModules(d string, files []string) []string {
	w := m.c.w
	names, ok := w.listDir(d)
	if !ok {
		if m.unlisted(d) {
			w.hide("puts a directory guard cannot list on the module path of %s: it cannot tell what code it imports", m.c.name)
		}
		return files
	}
	for _, n := range w.withWrittenBelow(d, names) {
		p := path.Join(d, n)
		switch ext := path.Ext(n); {
		case strings.HasSuffix(n, "/"):
			sub, ok := w.listDir(p)
			if !ok || m.fam == lang.Python && !sub["__init__.py"] {
				continue // a namespace package: an installed one is imported first
			}
			for _, s := range w.withWritten(p, sub) {
				files = append(files, path.Join(p, s))
			}
		case ext != "":
			files = append(files, p)
		}
		if len(files) > maxSearchModules {
			break
		}
	}
	return files
}

// moduleFile reads file p of a search-path directory as a module where
// its extension is one of the interpreter's; a compiled one hides.
func (m *moduleLoader) moduleFile(p string) {
	code := map[lang.Family]string{lang.Python: " .py .pyc ", lang.Ruby: " .rb ", lang.Node: " .js .cjs .mjs .json ", lang.Perl: " .pm .pl "}[m.fam]
	switch ext := path.Ext(p); {
	case strings.Contains(" .so .pyd .bundle .node .dylib ", " "+ext+" "):
		m.c.w.hide("puts a compiled module (%s) on the module path of %s: guard cannot read it", p, m.c.name)
	case ext == ".pyc":
		m.load([]string{strings.TrimSuffix(p, "c")}, 1) // NAME.pyc where no NAME.py is
	case strings.Contains(code, " "+ext+" "):
		m.load([]string{p}, 1)
	}
}
