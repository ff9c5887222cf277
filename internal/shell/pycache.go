package shell

// Python's cached bytecode. Importing a module whose
// NAME.py guard reads, python runs __pycache__/NAME.TAG.pyc instead when
// its header matches the source (or holds a hash it does not check), and a
// bare NAME.pyc where no NAME.py is; python3 X runs X as bytecode when its
// first bytes are a .pyc's. Guard cannot tell which interpreter version
// (TAG) runs, so it reads each cached file of a module it follows: its
// constants and names (lang.Pyc) are scanned as a program file's literals,
// and the names that are modules of the project are followed as imports.
// A cached file guard cannot read or parse, or a __pycache__ it cannot
// list, hides what runs.

import (
	"path"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// Bounds of the cached bytecode looked at for one command.
const (
	maxPyDirs     = 32 // directories listed
	maxPycsModule = 8  // cached files of one module (one a python version)
)

// pyDir is a directory's listing: its entries, a directory's ending in /.
type pyDir struct {
	names map[string]bool
	ok    bool
}

// listDir returns the entries on disk of directory d (as the command
// names it), listed once for the command: none when nothing is there;
// false when guard cannot list them (no lister, past the bound, a link or
// a file, past the lister's bounds).
func (w *walker) listDir(d string) (map[string]bool, bool) {
	if d == "" {
		d = "."
	}
	l, ok := w.Files.(effect.Lister)
	if !ok || !word.IsKnown(d) || strings.ContainsAny(d, "*?[") {
		return nil, false
	}
	key := word.Clean(w.Where(d))
	if ld, ok := w.pyDirs[key]; ok {
		return ld.names, ld.ok
	}
	if len(w.pyDirs) >= maxPyDirs {
		return nil, false
	}
	if w.pyDirs == nil {
		w.pyDirs = map[string]pyDir{}
	}
	names, ok := l.Tree(w.Where(d), 1)
	if st, isSt := w.Files.(effect.Stater); !ok && isSt {
		k, _ := st.Lstat(w.Where(d))
		ok = k == effect.EntryNone
	}
	ld := pyDir{ok: ok, names: map[string]bool{}}
	for _, n := range names {
		ld.names[n] = true
	}
	w.pyDirs[key] = ld
	return ld.names, ok
}

// pycacheNames returns the entries on disk of dir's __pycache__, or false
// when there is one guard cannot list (a link to one, more entries than
// the lister's bound, past maxPyDirs). Without a lister there is nothing
// on disk guard sees.
func (w *walker) pycacheNames(dir string) ([]string, bool) {
	if _, ok := w.Files.(effect.Lister); !ok {
		return nil, true
	}
	if parent, ok := w.listDir(dir); ok && !parent["__pycache__/"] && !parent["__pycache__"] {
		return nil, true
	}
	names, ok := w.listDir(path.Join(dir, "__pycache__"))
	if !ok {
		return nil, false
	}
	out := make([]string, 0, len(names))
	for n := range names {
		out = append(out, n)
	}
	slices.Sort(out)
	return out, true
}

// cacheOf reports whether name is a cached file of module stem:
// stem.TAG.pyc (stem.cpython-311.pyc, stem.cpython-312.opt-1.pyc).
func cacheOf(name, stem string) bool {
	rest, ok := strings.CutPrefix(name, stem+".")
	return ok && strings.HasSuffix(rest, ".pyc") && len(rest) > len(".pyc") && !strings.Contains(rest, "/")
}

// cached reads the bytecode python may run in place of module file src
// (a NAME.py the loader found): each __pycache__/NAME.*.pyc beside it, on
// disk or written by the command.
func (m *moduleLoader) cached(src string, depth int) {
	w := m.c.w
	dir, stem := path.Dir(src), strings.TrimSuffix(path.Base(src), ".py")
	cdir := path.Join(dir, "__pycache__")
	disk, ok := w.pycacheNames(dir)
	key := word.Clean(w.Where(cdir))
	if _, changed := w.WrittenEntry(key + "/" + stem + ".pyc"); changed || !ok {
		w.hide("imports a module whose cached bytecode (__pycache__) guard cannot list: it cannot tell what code python runs")
		return
	}
	var files []string
	for _, n := range disk {
		if cacheOf(n, stem) {
			files = append(files, n)
		}
	}
	for _, f := range w.Written {
		if path.Dir(f.Path) == key && cacheOf(path.Base(f.Path), stem) && !slices.Contains(files, path.Base(f.Path)) {
			files = append(files, path.Base(f.Path))
		}
	}
	if len(files) > maxPycsModule {
		w.hide("imports a module with more cached bytecode files than guard reads (%d)", maxPycsModule)
		return
	}
	for _, n := range files {
		m.pyc(path.Join(cdir, n), dir, depth)
	}
	m.prefixed(dir, stem, depth)
}

// pycachePrefixVar is the variable that moves python's cached bytecode
// out of __pycache__, as -X pycache_prefix=DIR does.
const pycachePrefixVar = "PYTHONPYCACHEPREFIX"

// prefixed reads the bytecode python may run for module stem of directory
// dir under a pycache prefix: PREFIX/<absolute dir>/
// stem.TAG.pyc, for -X pycache_prefix=PREFIX and PYTHONPYCACHEPREFIX (the
// command's or the inherited one), each that is set. A prefix or a
// directory guard cannot resolve or list hides what runs.
func (m *moduleLoader) prefixed(dir, stem string, depth int) {
	w := m.c.w
	if _, ok := w.Files.(effect.Lister); !ok {
		return // nothing on disk is guard's to see
	}
	prefixes, ok := m.pycachePrefixes()
	if len(prefixes) == 0 && ok {
		return
	}
	const hidden = "imports a module with a pycache prefix (PYTHONPYCACHEPREFIX, -X pycache_prefix) guard cannot read: it cannot tell what code python runs"
	loc, isLoc := w.Files.(effect.Locator)
	if !ok || !isLoc {
		w.hide(hidden)
		return
	}
	srcs, ok := loc.Abs(dir)
	for _, f := range w.Written {
		if strings.HasSuffix(f.Path, ".pyc") {
			ok = false // a cached file the command writes, wherever
		}
	}
	var cdirs []string
	for _, p := range prefixes {
		abs, pok := loc.Abs(p)
		ok = ok && pok
		for _, a := range abs {
			for _, s := range srcs {
				cdirs = append(cdirs, path.Join(a, s))
			}
		}
	}
	if !ok {
		w.hide(hidden)
		return
	}
	for _, cd := range cdirs {
		if !m.cachedIn(cd, stem, dir, depth) {
			w.hide(hidden)
			return
		}
	}
}

// cachedIn reads each stem.TAG.pyc in directory cd, a module of dir;
// false when guard cannot list cd or it holds more than it reads.
func (m *moduleLoader) cachedIn(cd, stem, dir string, depth int) bool {
	names, ok := m.c.w.listDir(cd)
	if !ok {
		return false
	}
	var files []string
	for n := range names {
		if cacheOf(n, stem) {
			files = append(files, n)
		}
	}
	if len(files) > maxPycsModule {
		return false
	}
	slices.Sort(files)
	for _, n := range files {
		m.pyc(path.Join(cd, n), dir, depth)
	}
	return true
}

// pycachePrefixes returns the pycache prefixes the python command runs
// with: -X pycache_prefix=DIR, and PYTHONPYCACHEPREFIX as the command sets
// it or else as its shell inherits it; ok is false when one is set to a
// value guard cannot tell.
func (m *moduleLoader) pycachePrefixes() ([]string, bool) {
	var out []string
	ok := true
	add := func(v string) {
		switch {
		case v == "":
		case word.HasMark(v) || !word.IsKnown(v):
			ok = false
		default:
			out = append(out, v)
		}
	}
	for j, a := range m.c.args {
		opt := strings.TrimPrefix(a.Text, "-X")
		if a.Text == "-X" && j+1 < len(m.c.args) {
			opt = m.c.args[j+1].Text
		} else if opt == a.Text {
			continue
		}
		if v, found := strings.CutPrefix(opt, "pycache_prefix="); found {
			add(v)
		}
	}
	w := m.c.w
	if v, set := w.lookup(pycachePrefixVar); set {
		add(v)
	} else if !w.declared(pycachePrefixVar) {
		if loc, isLoc := w.Files.(effect.Locator); isLoc {
			if v, set := loc.Env(pycachePrefixVar); set {
				add(v)
			}
		}
	}
	return out, ok
}

// bare reports whether the bytecode file p (NAME.pyc, pkg/__init__.pyc),
// which python imports where no NAME.py is, is there, and reads it: written
// by the command, or in its directory's listing (without a lister, nothing
// on disk is guard's to see; past the listings' bound, looked up).
func (m *moduleLoader) bare(p string, depth int) bool {
	w := m.c.w
	key := word.Clean(w.Where(p))
	_, written := w.WrittenEntry(key)
	there := written
	if _, lister := w.Files.(effect.Lister); !there && lister {
		if names, ok := w.listDir(path.Dir(p)); ok {
			there = names[path.Base(p)]
		} else {
			there = m.isFile(p, key, depth) // past the listings' bound: one look-up
		}
	}
	if there {
		m.pyc(p, path.Dir(p), depth)
	}
	return there
}

// pyc scans the bytecode file at p, a module of directory dir, and follows
// what it imports.
func (m *moduleLoader) pyc(p, dir string, depth int) {
	w := m.c.w
	key := word.Clean(w.Where(p))
	if m.seen[key] {
		return
	}
	m.seen[key] = true
	if m.files >= maxModuleFiles || w.Nread >= effect.MaxFiles-2 {
		m.full(depth)
		return
	}
	m.files++
	w.Read(p)
	if t, ok := w.FileText(p, true, lang.MaxPycBytes, "cached python bytecode"); ok {
		m.bytecode([]byte(t), dir, depth)
	}
}

// bytecode scans the .pyc bytes b, a module of directory dir (or the
// program python runs), and follows the names it uses that are modules of
// the places the agent writes.
func (m *moduleLoader) bytecode(b []byte, dir string, depth int) {
	code, err := lang.Pyc(b)
	if err != nil {
		m.c.w.hide("runs cached python bytecode (.pyc) guard cannot read: it cannot tell what code runs")
		return
	}
	m.c.scanFile(code.Source(), false)
	var mods []string
	for _, n := range code.Names {
		if len(mods) >= maxModuleFiles || !isDotted(n) {
			continue
		}
		first, _, _ := strings.Cut(n, ".")
		if m.localModule(dir, first) {
			mods = append(mods, "."+n) // from . import n
		}
		for _, d := range m.dirs {
			if m.localModule(d, first) {
				mods = append(mods, n)
				break
			}
		}
	}
	m.follow(lang.Loads{Modules: mods}, dir, depth+1)
}

// localModule reports whether directory d may hold module name: its
// listing has NAME.py, NAME.pyc or NAME/; a directory guard cannot list
// may (the loader's look-ups are bounded), unless nothing on disk is
// guard's to see.
func (m *moduleLoader) localModule(d, name string) bool {
	names, ok := m.c.w.listDir(d)
	if !ok {
		_, lister := m.c.w.Files.(effect.Lister)
		return lister
	}
	return names[name+".py"] || names[name+".pyc"] || names[name+"/"]
}

// runsPyc reports whether python runs the program file p, text t, as
// bytecode (python3 x.pyc, or a file whose first bytes are a .pyc's),
// and then scans it as such.
func (m *moduleLoader) runsPyc(t, p string) bool {
	if m == nil || m.fam != lang.Python || !pycHeader(t) && !strings.HasSuffix(p, ".pyc") {
		return false
	}
	m.bytecode([]byte(t), path.Dir(p), 1)
	return true
}

// pycHeader reports whether b starts as a .pyc does: a magic number
// python3 X takes for bytecode (its own version's; guard takes any).
func pycHeader(b string) bool {
	return len(b) >= 4 && b[2] == '\r' && b[3] == '\n' && b[1] >= 0x0c && b[1] < 0x0f
}

// packages loads, for python -m a.b.c found in search-path directory
// root, the __init__ of each package on the way to the module's directory
// d (a, a/b, relative to root): python imports them first.
func (m *moduleLoader) packages(root, d string) {
	if d == "." || d == "" || strings.HasPrefix(d, "/") || strings.HasPrefix(d, "..") {
		return
	}
	parts := strings.Split(d, "/")
	for i := 1; i <= len(parts); i++ {
		m.load([]string{path.Join(root, path.Join(append(parts[:i:i], "__init__.py")...))}, 1)
	}
}
