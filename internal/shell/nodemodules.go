package shell

// Where node finds a bare module name (require("lodash"), node -r
// lodash): D/node_modules/lodash for D the importing file's directory
// and each directory above it, up to the root, the first found. The
// project's own node_modules are its installed packages, not read; one
// above the project (~/node_modules, a parent's) is no package of the
// project's: any program under it resolves there, so guard cannot tell
// what it loads. A package the command itself writes is code it changed.

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
)

// nodeModule looks for bare module name, imported from directory dir, in
// the node_modules directories node searches, and hides the command when
// it resolves to one guard cannot tell: one the command writes into,
// or one above the project. It reports whether it hid the command.
func (m *moduleLoader) nodeModule(name, dir string) bool {
	w := m.c.w
	d := m.c.absPath(dir)
	if !path.IsAbs(d) {
		return false
	}
	if first, _, _ := strings.Cut(name, "/"); catalogue.NodeBuiltins.Has(first) {
		return false // node's own module
	}
	pkg := name
	if parts := strings.SplitN(name, "/", 3); strings.HasPrefix(name, "@") && len(parts) > 1 {
		pkg = parts[0] + "/" + parts[1]
	} else {
		pkg = parts[0]
	}
	top := m.c.nodeProject(d)
	home := strings.TrimRight(w.Home, "/")
	for range maxRootUp {
		nm := path.Join(d, "node_modules")
		if m.nodeModulesWritten(nm) {
			w.hide("runs node code that loads %q, and the command writes into %s, where node looks for it: guard cannot tell what it loads", name, nm)
			return true
		}
		p := path.Join(nm, pkg)
		if w.IsFile(path.Join(p, "package.json")) || w.IsFile(p+".js") || w.IsFile(path.Join(p, "index.js")) {
			if d == home || !strings.HasPrefix(d+"/", top+"/") {
				w.hide("runs node code that loads %q, which node finds in %s, outside the project: guard does not read it, so it cannot tell what it loads", name, nm)
				return true
			}
			return false // the project's installed package
		}
		if d == "/" {
			break
		}
		d = path.Dir(d)
	}
	return false
}

// nodeModulesWritten reports whether the command wrote or touched a file
// below node_modules directory nm before this point.
func (m *moduleLoader) nodeModulesWritten(nm string) bool { return m.c.wroteBelow(nm) }

// wroteBelow reports whether the command wrote or touched a file below
// absolute directory nm before this point.
func (c *cmd) wroteBelow(nm string) bool {
	w := c.w
	for _, f := range w.Written {
		if strings.HasPrefix(c.absRecorded(f.Path)+"/", nm+"/") {
			return true
		}
	}
	if w.TouchList == nil {
		return false
	}
	for _, t := range *w.TouchList {
		if strings.HasPrefix(c.absRecorded(t)+"/", nm+"/") {
			return true
		}
	}
	return false
}

// absPath returns path p as the command names it, absolute when guard
// knows the directory the command starts in.
func (c *cmd) absPath(p string) string {
	return c.absRecorded(c.w.Where(p))
}

// absRecorded returns path p as recorded (Where's), absolute when guard
// knows the directory the command starts in.
func (c *cmd) absRecorded(p string) string {
	q := path.Clean(p)
	if wd, ok := c.w.Files.(effect.WorkDirer); ok && !path.IsAbs(q) {
		q = path.Join(wd.WorkDir(), q)
	}
	return q
}

// nodeProject returns the project absolute directory d belongs to: the
// outermost directory at or above it, below the home (or the root),
// holding a package.json (a workspace's root above its packages), or
// the directory the command starts in when that is above d (and not the
// home); d itself when neither is.
func (c *cmd) nodeProject(d string) string {
	home := strings.TrimRight(c.w.Home, "/")
	top := d
	if wd, ok := c.w.Files.(effect.WorkDirer); ok && wd.WorkDir() != home && wd.WorkDir() != "/" && strings.HasPrefix(d+"/", strings.TrimRight(wd.WorkDir(), "/")+"/") {
		top = wd.WorkDir() // the directory the command starts in, above the file
	}
	for p := d; p != "/" && p != home && p != "."; p = path.Dir(p) {
		if len(p) < len(top) && c.w.IsFile(path.Join(p, "package.json")) {
			top = p
		}
	}
	return top
}
