package shell

// Where a tool finds its project's files (catalogue.Lookup): in the
// directory it runs in, in the nearest directory at or above it that holds
// one (npm's package.json, just's justfile), or in every directory from
// there up to the file system's root (cargo merges each
// .cargo/config.toml, npm each .npmrc). guard looks where the tool looks,
// with the walker that finds a test runner's project root.

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// ancestors returns dir and each directory above it as the command names
// them (dir, dir/.., dir/../..), up to the file system's root; false when
// the root is more than maxRootUp above: those past the bound are not
// looked in. Where guard cannot tell the root (no working directory),
// maxRootUp of them, true.
func (c *cmd) ancestors(dir string) ([]string, bool) {
	dirs := []string{dir}
	for range maxRootUp {
		if c.atRoot(dir) {
			return dirs, true
		}
		at := c.absDir(dir)
		dir = path.Join(dir, "..")
		if c.absDir(dir) == at {
			return dirs, true // a container's root seen at a host path (docker exec C npm test)
		}
		dirs = append(dirs, dir)
	}
	return dirs, c.atRoot(dir) || !path.IsAbs(c.absDir(dir))
}

// absDir returns dir as a path from the file system's root when guard can
// tell it, else as the command names it.
func (c *cmd) absDir(dir string) string {
	abs := c.w.Where(dir)
	if wd, ok := c.w.Files.(effect.WorkDirer); ok && !path.IsAbs(abs) && wd.WorkDir() != "" {
		abs = path.Join(wd.WorkDir(), abs)
	}
	return abs
}

// projectFiles returns the files named names that a tool running in dir
// reads by look, as the command names them: those in dir (Here), those in
// the nearest directory at or above it holding one (Nearest), those in
// each directory up to the root, nearest first (All), those in the nearest
// and the package.json of each workspace root above it (Workspace). A file there guard
// cannot read is returned too (reading it hides the command); directories
// above beyond the bound hide it: guard cannot tell what they hold.
func (c *cmd) projectFiles(dir string, names []string, look catalogue.Lookup) []string {
	if c.w.UnknownCode(path.Join(dir, names[0]), "its project's "+names[0]) {
		return nil // cd "$NOPE" && npm test, npm --prefix "$NOPE" test (FINDINGS52a P5)
	}
	dirs := []string{dir}
	if look != catalogue.Here && c.w.Files != nil && word.IsKnown(c.w.Where(dir)) {
		var whole bool
		if dirs, whole = c.ancestors(dir); !whole {
			c.w.hide("looks for its project's %s in the directories above, more than %d of them: guard cannot tell what they hold", names[0], maxRootUp)
		}
	}
	var out []string
	for i, d := range dirs {
		sure := false
		for _, n := range names {
			f := path.Join(d, n)
			switch found, maybe := c.entryAt(f, strings.HasSuffix(n, "/")); {
			case found:
				out, sure = append(out, f), true
			case maybe:
				out = append(out, f) // a candidate: look on
			}
		}
		if !sure {
			continue
		}
		if look == catalogue.Workspace {
			return append(out, c.workspaceRoots(dirs[i+1:])...)
		}
		if look == catalogue.Nearest {
			break
		}
	}
	return out
}

// workspaceRoots returns the package.json of each of dirs that may be a
// workspace's root (catalogue.Workspace): one with a "workspaces" key,
// and one guard cannot read or parse, or that the command changed in a
// way it cannot tell.
func (c *cmd) workspaceRoots(dirs []string) []string {
	var out []string
	for _, d := range dirs {
		f := path.Join(d, "package.json")
		if !c.w.wrote(f) && !c.somethingAt(f) {
			continue
		}
		t, st := c.w.FileStatus(f, true, effect.MaxScriptBytes)
		pkg, err := lang.JSONObject([]byte(t))
		if st != effect.FileWhole || err != nil || pkg["workspaces"] != nil {
			out = append(out, f)
		}
	}
	return out
}

// entryAt reports whether something is at p, with dir a directory too
// (npm's root is the nearest directory holding package.json or
// node_modules), or whether guard cannot tell (maybe).
func (c *cmd) entryAt(p string, dir bool) (found, maybe bool) {
	if c.w.wrote(p) || c.somethingAt(p) {
		return true, false
	}
	if !dir {
		return false, false
	}
	switch k, _ := c.w.Lstat(p); k {
	case effect.EntryDir, effect.EntryLink, effect.EntryFile:
		return true, false
	case effect.EntryUnknown:
		return false, c.w.Listing()
	}
	return false, false
}

// somethingAt reports whether there is something at p on disk: a file, or an
// entry guard cannot read. The look counts toward no bound of the files
// run (the reader remembers the paths it found nothing at).
func (c *cmd) somethingAt(p string) bool {
	if c.w.Files == nil {
		return false
	}
	_, st := c.w.Files.ReadFile(c.w.Where(p), 0)
	return st != effect.FileAbsent
}

// settingsFiles returns the files named name a tool running in dir reads
// (catalogue.LookupOf).
func (c *cmd) settingsFiles(dir, name string) []string {
	return c.projectFiles(dir, []string{name}, catalogue.LookupOf(name))
}

// inFileDir runs f with the walker in the directory of file p (a tool runs
// a file's commands, or resolves its paths, there), and returns to the
// command's own.
func (c *cmd) inFileDir(p string, f func()) {
	if d := path.Dir(p); d != "." {
		c.inDir(effect.Under(c.w.Dir, d), f)
		return
	}
	f()
}
