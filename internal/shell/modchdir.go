package shell

import (
	"path"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/lang"
)

// What interpreter code loads after it changes its working directory
// (os.chdir("sub"), Dir.chdir, perl's chdir, lfs.chdir): a file it runs by
// a relative name (runpy.run_path("x.py"), load "x.rb", do "x.pl") and a
// module found through a search-path entry relative to the working
// directory (python -c's sys.path[0] '', sys.path.insert(0, "lib")) are
// those of the directory it moved to, not the command's (FINDINGS59c C2).
// exec(open(F).read()) is evalFiles' (evalfeed.go).

// movedLoads follows what code loads by a name relative to its working
// directory in each directory the code changes to, besides the command's
// (follow): the code may load before or after the change. A change guard
// cannot place, with such a load after it, hides the command: the file it
// loads may be any the agent wrote.
func (m *moduleLoader) movedLoads(text string, l lang.Loads, depth int) {
	cd := lang.Chdirs(text)
	if len(cd.Dirs) == 0 && !cd.Unknown {
		return
	}
	if cd.Unknown {
		after := lang.Imports(m.fam, text[min(cd.At, len(text)):])
		if slices.ContainsFunc(after.Files, cwdRelative) || m.searchesCwd() && len(after.Modules) > 0 {
			m.c.w.hide("runs %s code that loads a file or module by a name relative to its working directory after changing to a directory guard cannot tell: it cannot tell what code runs", m.c.name)
		}
		return
	}
	var dirs []string
	for _, d := range cd.Dirs {
		if d = movedDir(d); !slices.Contains(dirs, d) {
			dirs = append(dirs, d)
		}
	}
	for _, d := range dirs {
		for _, f := range l.Files {
			if cwdRelative(f) {
				m.load(m.fileCandidates(path.Join(d, f)), depth)
			}
		}
		m.guess = true // a "x.py" literal: skipped when the command changes it unseen
		for _, f := range l.Named {
			if cwdRelative(f) {
				m.load(m.fileCandidates(path.Join(d, f)), depth)
			}
		}
		m.guess = false
	}
	if m.searchesCwd() {
		m.movedModules(l.Modules, dirs, depth)
	}
}

// movedModules loads each module of names from each search-path entry
// relative to the working directory, in each directory of dirs (as the
// command names them): every one found, as the code may import it after
// any of its changes.
func (m *moduleLoader) movedModules(names, dirs []string, depth int) {
	var search []string
	for _, d := range dirs {
		for _, e := range m.cwdDirs {
			if j := path.Join(d, e); !slices.Contains(search, j) && len(search) < maxModuleDirs {
				search = append(search, j)
			}
		}
	}
	saved := m.dirs
	defer func() { m.dirs = saved }()
	m.dirs = search
	for _, name := range names {
		if strings.HasPrefix(name, ".") {
			continue // from . import x: the package's, not the working directory's
		}
		for _, in := range m.candidates(name, "") {
			for _, cands := range in {
				if m.fam == lang.Lua { // lua's ./?.lua: the working directory's, not a dirs entry
					cands = prefixed(cands, search)
				}
				m.load(cands, depth)
			}
		}
	}
}

// searchesCwd reports whether the loader looks for modules in a place
// relative to the working directory when the module is imported: node
// resolves its relative names from the module's own file.
func (m *moduleLoader) searchesCwd() bool {
	return m.fam != lang.Node && len(m.cwdDirs) > 0
}

// relativeDirs returns the entries of dirs that are relative to the
// working directory ("" is the working directory itself).
func (m *moduleLoader) relativeDirs(dirs []string) []string {
	var out []string
	for _, d := range dirs {
		if cwdRelative(d) || d == "" {
			out = append(out, d)
		}
	}
	return out
}

// cwdRelative reports whether f, a name interpreter code gives, is
// relative to its working directory.
func cwdRelative(f string) bool {
	return f != "" && !strings.HasPrefix(f, "/") && !strings.HasPrefix(f, "~")
}

// movedDir returns directory d that code changes to (lang.Chdirs) as the
// command names it: "" is the home (perl's chdir with no argument); the
// languages expand no ~ in a name.
func movedDir(d string) string {
	switch {
	case d == "":
		return "~"
	case strings.HasPrefix(d, "~"):
		return "./" + d
	}
	return d
}

// prefixed returns each of cands joined to each of dirs.
func prefixed(cands, dirs []string) []string {
	var out []string
	for _, d := range dirs {
		for _, c := range cands {
			out = append(out, path.Join(d, c))
		}
	}
	return out
}
