package shell

import (
	"maps"
	"path"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// Python's start-up code beyond PYTHONPATH. Before its
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
// run at start. Python ignores an empty value (one the environment
// gives an inherited variable's part).
func (m *moduleLoader) pythonStart() {
	w := m.c.w
	for _, name := range []string{"PYTHONHOME", "PYTHONPLATLIBDIR", "PYTHONEXECUTABLE"} {
		v, ok := w.lookup(name)
		empty := false
		if t, known := w.inheritedText(v); ok && !word.IsKnown(v) && known {
			v, empty = t, t == "" // PYTHONHOME="${_OLD_VIRTUAL_PYTHONHOME:-}": the environment's (venv's deactivate)
		}
		if !ok || empty || name == "PYTHONHOME" && systemPrefix(v) || name == "PYTHONPLATLIBDIR" && (v == "lib" || v == "lib64") {
			continue
		}
		w.hide("sets %s for %s: guard cannot tell what code python runs at start", name, m.c.name)
		return
	}
	if v, ok := w.lookup("PYTHONUSERBASE"); ok {
		m.userBase(v)
	}
	m.pythonPrefix() // a copied interpreter beside its own standard library (pyprefix.go)
	m.settingModules()
}

// settingModules follows the modules python imports because a setting
// names them: the category of a warning filter
// (-W action:message:category:module:lineno, PYTHONWARNINGS, comma
// separated) is imported from the module before its last dot, at start;
// PYTHONBREAKPOINT=mod.func imports mod at the first breakpoint(). A name
// guard cannot read is hidden.
func (m *moduleLoader) settingModules() {
	w := m.c.w
	filters := warnOptions(m.c.args)
	if v, ok := w.lookup("PYTHONWARNINGS"); ok {
		filters = append(filters, strings.Split(v, ",")...)
	}
	var names []string
	for _, f := range filters {
		fields := strings.SplitN(f, ":", 5)
		if len(fields) < 3 {
			continue
		}
		if mod, ok := settingModule(strings.TrimSpace(fields[2])); ok {
			names = append(names, mod)
		}
	}
	if v, ok := w.lookup("PYTHONBREAKPOINT"); ok {
		if mod, ok := settingModule(strings.TrimSpace(v)); ok {
			names = append(names, mod)
		}
	}
	for _, n := range names {
		if word.HasMark(n) || !isDotted(n) {
			w.hide("names a module in a setting of %s guard cannot read: it cannot tell what code python imports", m.c.name)
			return
		}
	}
	if len(names) > 0 {
		m.follow(lang.Loads{Modules: names}, "", 0)
	}
}

// settingModule returns the module a dotted setting value (a warning
// category, a breakpoint hook) names: the part before its last dot; a
// value without one is a builtin.
func settingModule(v string) (string, bool) {
	i := strings.LastIndexByte(v, '.')
	if i <= 0 {
		return "", false
	}
	return v[:i], true
}

// warnOptions returns the values of python's -W options among its own
// options (-W F, -WF, a cluster ending in W: -bW F), up to the program,
// -c or -m.
func warnOptions(args []word.Word) []string {
	var out []string
	for j := 0; j < len(args); j++ {
		s := args[j].Text
		if s == "--" || !strings.HasPrefix(s, "-") || len(s) < 2 {
			return out
		}
		if strings.HasPrefix(s, "--") {
			continue
		}
	cluster:
		for k := 1; k < len(s); k++ {
			switch s[k] {
			case 'W':
				if k+1 < len(s) {
					out = append(out, s[k+1:])
				} else if j+1 < len(args) {
					j++
					out = append(out, args[j].Text)
				}
				break cluster
			case 'X':
				if k+1 == len(s) {
					j++ // -X opt
				}
				break cluster
			case 'c', 'm':
				return out
			}
		}
	}
	return out
}

// systemPrefix reports whether python prefix p (PYTHONHOME's value,
// prefix[:exec_prefix]) is under /usr, where the policy refuses writes.
func systemPrefix(p string) bool {
	for _, d := range strings.Split(p, ":") {
		if word.HasMark(d) || !strings.HasPrefix(word.Clean(d)+"/", "/usr/") {
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
	key := word.Clean(w.Where(d))
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

// stdlibShadows reads, in directory d that python searches before its
// own standard library (a PYTHONPATH entry, the script's directory, the
// working directory of -c and -m), each module or package named like a
// standard-library module: python imports it in place
// of the standard one, at start-up (encodings, and with frozen modules
// off os, site, codecs…) or when any library imports it, so it is code
// the command runs. A directory guard cannot list is "cannot tell".
func (m *moduleLoader) stdlibShadows(d string) {
	w := m.c.w
	if m.shadowed[d] {
		return
	}
	if m.shadowed == nil {
		m.shadowed = map[string]bool{}
	}
	m.shadowed[d] = true
	names, ok := w.listDir(d)
	if !ok {
		if m.unlisted(d) {
			w.hide("puts a directory guard cannot list before python's standard library: it cannot tell what code %s imports", m.c.name)
		}
		return
	}
	for _, n := range w.withWrittenBelow(d, names) {
		stem := strings.TrimSuffix(n, "/")
		if s, ok := strings.CutSuffix(stem, ".pyc"); ok {
			stem = s
		} else {
			stem = strings.TrimSuffix(stem, ".py")
		}
		if stem == n || !catalogue.PyStdlib(stem) {
			continue
		}
		m.load([]string{path.Join(d, stem, "__init__.py"), path.Join(d, stem+".py")}, 1)
	}
}

// unlisted reports whether d, an entry of python's module path guard
// could not list, may be a directory python imports from: not a file (a
// zip: pyzip.go) and not absent; without a reader that tells what is
// there, nothing on disk is guard's to see.
func (m *moduleLoader) unlisted(d string) bool {
	if word.HasMark(d) {
		return true
	}
	st, ok := m.c.w.Files.(effect.Stater)
	if !ok {
		return false
	}
	k, _ := st.Lstat(m.c.w.Where(d))
	return k != effect.EntryFile && k != effect.EntryNone
}

// withWrittenBelow is withWritten with, for each file the command wrote
// deeper below d, the directory of d it is in (pp/encodings/ for
// pp/encodings/__init__.py).
func (w *walker) withWrittenBelow(d string, names map[string]bool) []string {
	all := w.withWritten(d, names)
	key := word.Clean(w.Where(d)) + "/"
	for _, f := range w.Written {
		if rest, ok := strings.CutPrefix(f.Path, key); ok {
			if top, _, deeper := strings.Cut(rest, "/"); deeper && !slices.Contains(all, top+"/") {
				all = append(all, top+"/")
			}
		}
	}
	return all
}
