package shell

// Python finds its prefix from its own location: a
// venv's pyvenv.cfg beside the executable or one level up names the base
// interpreter (home = DIR), and otherwise the first directory from the
// executable's up that holds lib/python3.X/os.py is the prefix whose
// standard library (encodings, site, os…) runs at start. A python whose
// prefix lies where the agent writes (the project, the temporary
// directories, what the command itself wrote, the home outside the
// install locations guard knows) or that guard cannot resolve brings a
// standard library guard does not read: "cannot tell what code python
// runs at start". A prefix elsewhere (Homebrew on Linux, /srv/pyenv, a
// devcontainer's pyenv) is an install the user made.

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// maxPrefixLevels bounds the directories looked in for the landmark.
const maxPrefixLevels = 8

// knownPyRoots are the install locations of pythons guard knows, absolute;
// knownPyHomes are those under the home directory.
var (
	knownPyRoots = [...]string{"/usr/", "/bin/", "/opt/", "/Library/", "/System/", "/Applications/", "/nix/", "/snap/"}
	knownPyHomes = [...]string{".pyenv/versions/", ".local/share/uv/python/", ".asdf/installs/python/", "miniconda3/",
		"anaconda3/", "miniforge3/", "mambaforge/", ".conda/", ".rye/py/", ".local/share/mise/installs/python/",
		"opt/anaconda3/", "opt/miniconda3/", ".pixi/envs/", "micromamba/", ".local/share/mamba/",
		".local/share/hatch/", ".local/share/pdm/python/", ".linuxbrew/"}
	// agentDirs are where an agent writes files all day outside the
	// project and the home.
	agentDirs = [...]string{"/tmp/", "/var/tmp/", "/private/tmp/", "/dev/shm/"}
)

// pythonPrefix hides the run of a python whose prefix guard cannot tell.
func (m *moduleLoader) pythonPrefix() {
	c := m.c
	exe := c.prog
	if !strings.Contains(exe, "/") {
		if exe = m.pathPython(exe); exe == "" {
			return
		}
	}
	if word.HasMark(exe) {
		return
	}
	bin := path.Dir(word.Clean(c.w.Where(exe)))
	if m.installedPy(bin) {
		return
	}
	for _, d := range []string{bin, path.Dir(bin)} {
		t, st := c.w.FileStatus(path.Join(d, "pyvenv.cfg"), true, maxPipConfigBytes)
		if st == effect.FileAbsent {
			continue
		}
		if home := venvHome(t); st != effect.FileWhole || home == "" || !m.knownPy(home) {
			c.w.hide("runs a python whose venv names a base interpreter guard does not know: it cannot tell what code python runs at start")
		}
		return
	}
	for d, n := bin, 0; n < maxPrefixLevels; d, n = path.Dir(d), n+1 {
		if m.holdsStdlib(d) {
			if !m.knownPy(d) {
				c.w.hide("runs a python with its own standard library (%s): guard cannot tell what code python runs at start", word.Quote(d))
			}
			return
		}
		if d == "/" {
			return
		}
	}
}

// holdsStdlib reports whether directory d holds lib/python3.X/os.py (or
// os.pyc), python's landmark of its prefix.
func (m *moduleLoader) holdsStdlib(d string) bool {
	lib := word.Clean(m.c.w.Where(path.Join(d, "lib"))) + "/python3"
	for _, f := range m.c.w.Written { // written by the command: cp -r, echo >
		if strings.HasPrefix(f.Path, lib) && (path.Base(f.Path) == "os.py" || path.Base(f.Path) == "os.pyc") {
			return true
		}
	}
	names, ok := m.c.w.listDir(path.Join(d, "lib"))
	if !ok {
		return false
	}
	for n := range names {
		if strings.HasPrefix(n, "python3") && strings.HasSuffix(n, "/") {
			lib := path.Join(d, "lib", n)
			if m.c.present(path.Join(lib, "os.py")) || m.c.present(path.Join(lib, "os.pyc")) {
				return true
			}
		}
	}
	return false
}

// knownPy reports whether directory d (as Where gives it) is a place
// whose python guard takes for an install: one of the install locations
// it knows, the root, or any place the agent does not write. The project
// (a relative path, or under the directory the command starts in), the
// temporary directories, the home outside the known installs, a
// directory the command itself wrote and a name guard cannot resolve are
// not.
func (m *moduleLoader) knownPy(d string) bool {
	if word.HasMark(d) || !strings.HasPrefix(d, "/") && !word.HomeRelative(d) {
		return false
	}
	return m.installedPy(d) || !m.agentWrites(word.Clean(d))
}

// installedPy reports whether directory d (absolute or in the home's
// form) is in an install location of pythons guard knows, or the root.
func (m *moduleLoader) installedPy(d string) bool {
	d = word.Clean(d)
	if d == "/" {
		return true
	}
	if rest, ok := m.inHome(d); ok {
		for _, r := range knownPyHomes {
			if strings.HasPrefix(rest+"/", r) {
				return true
			}
		}
		return false
	}
	for _, r := range knownPyRoots {
		if strings.HasPrefix(d+"/", r) {
			return true
		}
	}
	return false
}

// inHome returns the part of d (cleaned) below the home directory, and
// whether d is there: ~/x, $HOME/x or the home's absolute name.
func (m *moduleLoader) inHome(d string) (string, bool) {
	for _, pre := range [...]string{"~", "$HOME", "${HOME}"} {
		if d == pre {
			return "", true
		}
		if rest, ok := strings.CutPrefix(d, pre+"/"); ok {
			return rest, true
		}
	}
	if h := strings.TrimRight(m.c.w.Home, "/"); h != "" {
		if d == h {
			return "", true
		}
		return strings.CutPrefix(d, h+"/")
	}
	return "", false
}

// agentWrites reports whether directory d (cleaned) lies where the agent
// writes: a temporary directory, the directory the command starts in, the
// home (the project is usually there), or below what the command itself
// wrote.
func (m *moduleLoader) agentWrites(d string) bool {
	for _, r := range agentDirs {
		if strings.HasPrefix(d+"/", r) {
			return true
		}
	}
	if _, ok := m.inHome(d); ok || m.c.w.Home == "" {
		return true
	}
	if wd := m.c.w.workDir(); wd != "" && wd != "/" && strings.HasPrefix(d+"/", wd+"/") {
		return true // a project outside the home: /workspace/ph/bin/python3
	}
	for _, f := range m.c.w.Written {
		if strings.HasPrefix(f.Path+"/", d+"/") || strings.HasPrefix(d+"/", f.Path+"/") {
			return true
		}
	}
	return false
}

// venvHome returns the home = DIR value of a pyvenv.cfg's text.
func venvHome(t string) string {
	for _, line := range strings.Split(t, "\n") {
		if k, v, ok := strings.Cut(line, "="); ok && strings.TrimSpace(k) == "home" {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// pathPython returns the python the command's own PATH finds first (the
// first directory that holds it, or outside the install locations guard
// knows, whose parent holds a standard library), or "" when the search
// reaches the inherited PATH: a directory without it is passed over, as
// the shell passes it over.
func (m *moduleLoader) pathPython(name string) string {
	v, ok := m.c.w.lookup("PATH")
	if !ok {
		return ""
	}
	for _, d := range strings.Split(v, ":") {
		if d == "" || word.HasMark(d) {
			return "" // the inherited PATH: the agent's own
		}
		p := path.Join(d, name)
		if m.c.present(p) {
			return p // the first that holds it, known or not
		}
		if !m.knownPy(m.c.w.Where(d)) && m.holdsStdlib(path.Dir(d)) {
			return p // a copy guard did not see beside a standard library
		}
	}
	return ""
}
