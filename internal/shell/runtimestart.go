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

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/lang"
)

// runtimeStart reads the start of a program that runs on an interpreter
// (see the file's comment).
func (c *cmd) runtimeStart() {
	rt := catalogue.RuntimeOf(path.Base(c.name))
	if rt == nil {
		return
	}
	for _, name := range strings.Fields(string(rt.Hides)) {
		if _, ok := c.w.lookup(name); ok {
			c.w.hide("runs %s, a %s program, with $%s set: guard cannot tell what code %s loads", c.name, rt.Lang, name, rt.Lang)
			return
		}
	}
	set := false
	for _, name := range strings.Fields(string(rt.Vars)) {
		_, ok := c.w.lookup(name)
		set = set || ok
	}
	if !set {
		return
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
	for _, d := range m.dirs {
		m.searchDirModules(d)
	}
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

// searchDirModules reads as code every module at the top of search-path
// directory d, and of each directory in it (a package; python's with an
// __init__.py), for a program that may import any of them; a compiled module (.so) is one guard
// cannot read, a directory it cannot list one it cannot tell.
func (m *moduleLoader) searchDirModules(d string) {
	w := m.c.w
	names, ok := w.listDir(d)
	if !ok {
		if m.unlisted(d) {
			w.hide("puts a directory guard cannot list on the module path of %s: it cannot tell what code it imports", m.c.name)
		}
		return
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
				m.moduleFile(path.Join(p, s))
			}
		case ext != "":
			m.moduleFile(p)
		}
	}
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
