package shell

import (
	"path"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
)

// A zip on python's module path: an entry of PYTHONPATH or
// of sys.path that is a file is a zip archive zipimport imports from
// (lib.zip, x.egg, x.whl, whatever its name). Its Python members are read
// as a zip application's are (entry.go zipPrograms: the parser-differential
// check, bounds, a .pyc member or a zip guard cannot read is hidden); an
// entry that is a file guard cannot read whole is hidden too: guard cannot
// tell what code python imports from it. A directory entry is looked in by
// the module loader as before.

// zipEntries reads each of dirs, entries of python's module path, that is
// a file as a zip archive python imports from.
func (m *moduleLoader) zipEntries(dirs []string) {
	if m == nil || m.fam != lang.Python {
		return
	}
	for _, d := range dirs {
		if d == "" || d == "." {
			continue
		}
		key := "zip:" + path.Clean(m.c.w.Where(d))
		if m.seen[key] {
			continue
		}
		m.seen[key] = true
		m.zipEntry(d)
	}
}

// zipEntry reads d, an entry of python's module path, when it is a file.
func (m *moduleLoader) zipEntry(d string) {
	w := m.c.w
	t, st := w.FileStatus(d, true, effect.MaxProgramBytes)
	switch {
	case st == effect.FileAbsent:
		return // a directory, or nothing: the loader looks in it
	case st != effect.FileWhole:
		w.hide("puts a file guard cannot read whole on python's module path: it cannot tell what code python imports")
		return
	case !zipFile(t):
		return // no zip: zipimport skips it
	}
	w.Read(d)
	texts, why := zipPrograms(t)
	if why != "" {
		w.hide("puts a zip archive on python's module path %s", why)
		return
	}
	for _, text := range texts {
		m.c.scanFile(text, false)
	}
}
