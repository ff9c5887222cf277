package shell

// from P import * imports, of a package P, each submodule P's __all__
// names: the package's __init__.py is read for its
// __all__ (lang.PythonAll) and each name followed as P.NAME; an __all__
// guard cannot read is "cannot tell".

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/lang"
)

// stars follows the submodules the star-imported packages pkgs (imported
// from code in dir) name in their __all__.
func (m *moduleLoader) stars(pkgs []string, dir string, depth int) {
	if m.fam != lang.Python {
		return
	}
	for _, p := range pkgs {
		init, ok := m.packageInit(p, dir, depth)
		if !ok {
			continue // a module, or not the project's
		}
		t, ok := m.c.w.WrittenText(init)
		if !ok {
			if t, ok = m.c.w.FileText(init, true, maxModuleBytes, "a module"); !ok {
				continue // FileText says what it could not read
			}
		}
		names, ok := lang.PythonAll(t)
		if !ok {
			m.c.w.hide("star-imports package %s, whose __all__ guard cannot read: it cannot tell what code python imports", p)
			return
		}
		sep := "."
		if strings.HasSuffix(p, ".") {
			sep = "" // from . import *
		}
		var subs []string
		for _, n := range names {
			if isDotted(n) && !strings.Contains(n, ".") {
				subs = append(subs, p+sep+n)
			}
		}
		m.follow(lang.Loads{Modules: subs}, dir, depth)
	}
}

// packageInit returns the __init__.py of package p as the loader finds it
// from dir, and whether p is a package of the agent's places (the first
// directory that holds p as a module or a package decides).
func (m *moduleLoader) packageInit(p, dir string, depth int) (string, bool) {
	for _, in := range m.candidates(p, dir) {
		if len(in) == 0 {
			continue
		}
		last := in[len(in)-1] // [p.py, p/__init__.py]
		for _, f := range last {
			if f == "" || !m.isFile(f, path.Clean(m.c.w.Where(f)), depth) {
				continue
			}
			return f, strings.HasSuffix(f, "/__init__.py") || f == "__init__.py"
		}
	}
	return "", false
}
