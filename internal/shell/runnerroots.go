package shell

// The project root a test runner or a build tool loads code from
// (catalogue.TestRunner.Root): go test in a package compiles the packages
// it imports from the whole module, cargo builds the workspace's path
// dependencies, pytest loads the conftest.py files from its rootdir down
// to each start directory. The variables it reads as options
// (TestRunner.Env) count as its words.

import (
	"path"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// maxRootUp bounds the directories looked at above a start directory for
// its project root or a tool's project files (projectfiles.go).
const maxRootUp = 24

// runnerEnv returns runner r's words with the options its variables hold
// first (GOFLAGS=-overlay=o.json, PYTEST_ADDOPTS), and whether a variable
// makes it load modules by name (PYTEST_PLUGINS): every file of its
// language then.
func (c *cmd) runnerEnv(r *catalogue.TestRunner, args []word.Word) ([]word.Word, bool) {
	var pre []word.Word
	all := false
	for _, name := range strings.Fields(r.Env) {
		name, byName := strings.CutSuffix(name, "!")
		v, ok := c.envValue(name)
		if !ok && r.Exts == " .go " {
			v, ok = c.goEnvSetting(name) // GOENV's file
		}
		switch {
		case !ok || v == "":
		case byName:
			all = true
		default:
			pre = append(pre, lang.SplitQuoted(v)...)
		}
	}
	if len(pre) == 0 {
		return args, all
	}
	return append(pre, args...), all
}

// goEnvSetting returns the value the go settings file GOENV names gives
// variable name (its last NAME=VALUE line); goEnvFile read it whole
// where the command set GOENV, or hid the command.
func (c *cmd) goEnvSetting(name string) (string, bool) {
	f, ok := c.envValue("GOENV")
	if !ok || f == "" || f == "off" {
		return "", false
	}
	n := c.w.Nread
	t, st := c.w.FileStatus(f, true, effect.MaxScriptBytes)
	c.w.Nread = n
	if st != effect.FileWhole {
		return "", false
	}
	v, found := "", false
	for _, l := range strings.Split(t, "\n") {
		if val, ok := strings.CutPrefix(strings.TrimSpace(l), name+"="); ok {
			v, found = val, true
		}
	}
	return v, found
}

// runnerRoots returns the directories runner r loads code under, and the
// files it loads above them: for each start directory its project root
// when r names one and loads every file of its language (a compiled
// language's build), else the start directory and the rootdir's
// configuration files down to it (pytest's conftest.py).
func (c *cmd) runnerRoots(r *catalogue.TestRunner, dirs []string) ([]string, []string) {
	var out, extra []string
	for _, d := range dirs {
		root, ok := c.runnerRoot(r, d)
		switch {
		case !ok:
			out = append(out, d)
		case r.Interp == "":
			out = append(out, root)
		default:
			out = append(out, d)
			extra = append(extra, c.conftests(r, root, d)...)
		}
	}
	slices.Sort(out)
	out = slices.Compact(out)
	// A start directory below another is walked with it.
	kept := out[:0]
	for _, d := range out {
		if !slices.ContainsFunc(kept, func(k string) bool {
			return k == "." && !strings.HasPrefix(d, "/") && !strings.HasPrefix(d, "..") || strings.HasPrefix(d, k+"/")
		}) {
			kept = append(kept, d)
		}
	}
	return kept, extra
}

// runnerRoot returns the nearest directory at or above d that holds one
// of r.Root's files, the first of the list found.
func (c *cmd) runnerRoot(r *catalogue.TestRunner, d string) (string, bool) {
	dirs, _ := c.ancestors(d) // projectfiles.go
	for _, m := range strings.Fields(r.Root) {
		name, text, holds := strings.Cut(m, ":")
		for _, dir := range dirs {
			if f := path.Join(dir, name); c.w.IsFile(f) && (!holds || c.holds(f, text)) {
				return dir, true
			}
		}
	}
	return "", false
}

// atRoot reports whether dir is the file system's root, as the command
// names it (relative to the directory it starts in).
func (c *cmd) atRoot(dir string) bool {
	return word.Clean(c.absDir(dir)) == "/"
}

// holds reports whether file f may hold text: it does, or guard cannot
// read it whole. The look-up counts toward no bound of the files run.
func (c *cmd) holds(f, text string) bool {
	n := c.w.Nread
	t, st := c.w.FileStatus(f, true, effect.MaxScriptBytes)
	c.w.Nread = n
	return st != effect.FileWhole || strings.Contains(t, text)
}

// conftests returns the conftest.py files (r's Files naming one) in
// root and each directory from it down to d, d excluded (walked).
func (c *cmd) conftests(r *catalogue.TestRunner, root, d string) []string {
	if !strings.Contains(r.Files, "conftest.py") {
		return nil
	}
	var out []string
	for dir, n := word.Clean(d), 0; dir != word.Clean(root) && n < maxRootUp; n++ {
		dir = path.Join(dir, "..")
		if f := path.Join(dir, "conftest.py"); c.w.IsFile(f) {
			out = append(out, f)
		}
	}
	return out
}

// runnerSkip returns the directory names runner r does not look in under
// d: Skip's, but NAME:FILE only while d holds no FILE (go's vendor/ is
// built once vendor/modules.txt is there); wide, only those NAME:FILE.
func (c *cmd) runnerSkip(r *catalogue.TestRunner, d string, wide bool) []string {
	var out []string
	for _, s := range strings.Fields(r.Skip) {
		name, file, cond := strings.Cut(s, ":")
		if wide && !cond {
			continue
		}
		if !cond || !c.w.IsFile(path.Join(d, file)) {
			out = append(out, name)
		}
	}
	return out
}

// maxNodePackages bounds the node_modules packages scanned for one
// command.
const maxNodePackages = 32

// nodePackages scans the entry file of each node_modules package the
// texts (of files under dirs) require by name: the agent writes
// node_modules as easily as src/. Only the entry file the test requires
// directly, not what it loads in turn (a real project's dependencies are
// more than guard reads).
func (c *cmd) nodePackages(dirs, texts []string) {
	n, seen := 0, map[string]bool{}
	for _, text := range texts {
		for _, name := range lang.Imports(lang.Node, text).Modules {
			if strings.Contains(name, ":") || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "/") {
				continue // node:fs, ./x (the loader's)
			}
			for _, d := range dirs {
				pkg := path.Join(d, "node_modules", name)
				for _, f := range append(nodeFiles(pkg)[1:], path.Join(pkg, c.nodeMain(pkg))) {
					if seen[f] || !c.w.IsFile(f) {
						continue
					}
					seen[f] = true
					if n++; n > maxNodePackages {
						c.w.hide("runs %s, which loads more node_modules packages than guard reads (%d): it cannot tell what the rest do", c.name, maxNodePackages)
						return
					}
					if t, ok := c.w.FileText(f, true, effect.MaxProgramBytes, "a package's code"); ok {
						c.scanFile(t, false)
					}
				}
			}
		}
	}
}

// nodeMain returns the entry file package.json names in directory pkg,
// or index.js.
func (c *cmd) nodeMain(pkg string) string {
	n := c.w.Nread
	t, st := c.w.FileStatus(path.Join(pkg, "package.json"), true, effect.MaxScriptBytes)
	c.w.Nread = n
	if st != effect.FileWhole {
		return "index.js"
	}
	_, rest, ok := strings.Cut(t, "\"main\"")
	if !ok {
		return "index.js"
	}
	if _, v, ok := strings.Cut(rest, "\""); ok {
		if v, _, ok := strings.Cut(v, "\""); ok && !strings.Contains(v, "..") {
			return v
		}
	}
	return "index.js"
}
