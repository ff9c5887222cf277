package shell

import (
	"maps"
	"path"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// Python's start-up code beyond PYTHONPATH (review 12 F3). Before its
// program python imports site.py and the standard library from its
// prefix, then runs each *.pth line that starts with import in every site
// directory, then imports sitecustomize and usercustomize from anywhere on
// its path. A command moves those places with PYTHONHOME (the whole
// prefix: site.py, the standard library, with -X frozen_modules=off even
// the modules python keeps frozen), PYTHONPLATLIBDIR, PYTHONEXECUTABLE
// (macOS: the prefix is found from it), PYTHONUSERBASE (the user site
// directory), and python code with site.addsitedir(DIR). A prefix is a
// whole standard library guard does not read: one set by the command is
// "cannot tell what code python runs at start" unless it is under /usr,
// which the policy keeps from writes. A site directory is listed
// (bounded) and its start-up files read as modules; one guard cannot list
// is hidden.

// maxPthFiles bounds the *.pth files read in one site directory.
const maxPthFiles = 16

// pythonStart follows what the variables the command sets make python
// run at start.
func (m *moduleLoader) pythonStart() {
	w := m.c.w
	for _, name := range []string{"PYTHONHOME", "PYTHONPLATLIBDIR", "PYTHONEXECUTABLE"} {
		v, ok := w.lookup(name)
		if !ok || name == "PYTHONHOME" && systemPrefix(v) || name == "PYTHONPLATLIBDIR" && (v == "lib" || v == "lib64") {
			continue
		}
		w.hide("sets %s for %s: guard cannot tell what code python runs at start", name, m.c.name)
		return
	}
	if v, ok := w.lookup("PYTHONUSERBASE"); ok {
		m.userBase(v)
	}
}

// systemPrefix reports whether python prefix p (PYTHONHOME's value,
// prefix[:exec_prefix]) is under /usr, where the policy refuses writes.
func systemPrefix(p string) bool {
	for _, d := range strings.Split(p, ":") {
		if word.HasMark(d) || !strings.HasPrefix(path.Clean(d)+"/", "/usr/") {
			return false
		}
	}
	return p != ""
}

// userBase reads the user site directories of PYTHONUSERBASE=b:
// b/lib/pythonX.Y/site-packages.
func (m *moduleLoader) userBase(b string) {
	w := m.c.w
	lib := path.Join(b, "lib")
	names, ok := w.listDir(lib)
	if word.HasMark(b) || !ok {
		w.hide("sets PYTHONUSERBASE to a directory guard cannot list: it cannot tell what code python runs at start")
		return
	}
	for _, n := range slices.Sorted(maps.Keys(names)) {
		if strings.HasPrefix(n, "python") && strings.HasSuffix(n, "/") {
			m.siteDir(path.Join(lib, n, "site-packages"))
		}
	}
}

// siteDirs reads the site directories code hands site.addsitedir,
// relative to dir (the code's own directory: "" for the command's).
func (m *moduleLoader) siteDirs(dirs []string, dir string) {
	for _, d := range dirs {
		if !strings.HasPrefix(d, "/") && !strings.HasPrefix(d, "~") {
			d = path.Join(dir, d)
		}
		m.siteDir(d)
	}
}

// siteDir reads the start-up files of site directory d: its *.pth (an
// import line runs; another line is a directory put on the path, where
// sitecustomize and usercustomize are looked for), its sitecustomize.py
// and usercustomize.py.
func (m *moduleLoader) siteDir(d string) {
	w := m.c.w
	names, ok := w.listDir(d)
	if word.HasMark(d) || !ok {
		w.hide("makes %s a site directory guard cannot list: it cannot tell what code python runs at start", m.c.name)
		return
	}
	dirs := []string{d}
	pths := 0
	for _, n := range w.withWritten(d, names) {
		if !strings.HasSuffix(strings.ToLower(n), ".pth") {
			continue
		}
		if pths++; pths > maxPthFiles {
			w.hide("a site directory of %s holds more than %d .pth files: guard cannot tell what code python runs at start", m.c.name, maxPthFiles)
			return
		}
		p := path.Join(d, n)
		m.load([]string{p}, 1) // its import lines are python
		if t, ok := w.FileText(p, true, maxModuleBytes, "a start-up file"); ok {
			dirs = append(dirs, pthDirs(t, d)...)
		}
	}
	for _, pd := range dirs[:min(len(dirs), maxModuleDirs)] {
		m.load([]string{path.Join(pd, "sitecustomize.py")}, 1)
		m.load([]string{path.Join(pd, "usercustomize.py")}, 1)
	}
}

// withWritten returns the sorted names of directory d's listing and of
// the files the command itself wrote directly in it (echo … > d/x.pth
// before site.addsitedir("d")).
func (w *walker) withWritten(d string, names map[string]bool) []string {
	all := maps.Clone(names)
	if all == nil {
		all = map[string]bool{}
	}
	key := path.Clean(w.Where(d))
	for _, f := range w.Written {
		if path.Dir(f.Path) == key {
			all[path.Base(f.Path)] = true
		}
	}
	return slices.Sorted(maps.Keys(all))
}

// pthDirs returns the directories a .pth file's text t, in site directory
// d, puts on python's path: each line that is no comment and no import.
func pthDirs(t, d string) []string {
	var out []string
	for _, line := range strings.Split(t, "\n") {
		line = strings.TrimRight(line, "\r \t")
		if line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, "import ") || strings.HasPrefix(line, "import\t") {
			continue
		}
		if !strings.HasPrefix(line, "/") {
			line = path.Join(d, line)
		}
		if len(out) < maxModuleDirs {
			out = append(out, line)
		}
	}
	return out
}
