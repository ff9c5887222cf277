package hook

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/detect/path"
	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/realpath"
	"github.com/guardhq/guard/internal/regularfile"
	"github.com/guardhq/guard/internal/shell"
	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/word"
)

// What a client loads is the state of the files on disk, not a write of a
// context file's name: a file an existing context file imports is context
// too (writing `@notes.md` first, `notes.md` later), and a command may put
// a context file in place under a name guard never sees written (cp
// tmpl/* docs/, git mv, git checkout -- AGENTS.md, an interpreter's copy).
// guard checks a write of a file the context files that load beside it
// import as a write of context, a copy into a directory or to a name guard
// cannot read by the context files among its sources, and a command that
// may write a context file by a program guard does not know (a touch of
// one) blocks: guard cannot tell what it will import.

// maxContextEntries bounds the entries guard walks of a tree a command
// copies, looking for context files.
const maxContextEntries = 20000

// contextDirs returns the directories whose context files load with the
// files of dirs: each and its ancestors, the home and the agents' own
// directories.
func contextDirs(h string, dirs ...string) []string {
	seen := map[string]bool{}
	var out []string
	add := func(d string) {
		if d != "" && !seen[d] {
			seen[d] = true
			out = append(out, d)
		}
	}
	for _, d := range dirs {
		for d != "" && filepath.IsAbs(d) {
			add(d)
			p := filepath.Dir(d)
			if p == d {
				break
			}
			d = p
		}
	}
	if h != "" {
		add(h)
		for _, a := range []string{".agent_a", ".agent_b", ".agent_c"} {
			add(filepath.Join(h, a))
		}
	}
	return out
}

// contexts are the context files that load with the files a call
// writes (contextDirs), those of the project tree (projectContexts), and
// the files they import.
type contexts struct {
	// imported maps each file the context files import, to
	// maxImportDepth, to the context file it is reached from; an import
	// that does not exist yet too (a file a later write fills).
	imported map[string]string
	// files are the context files found.
	files []string
	// cut is a context file whose imports guard could not walk whole
	// (maxImportFiles passed, a file past maxImportScan or one guard
	// cannot read): any file may be one it imports.
	cut string
	// unlisted is the project directory guard could not list whole for
	// its context files (past maxContextEntries): any file may be one of
	// theirs imports.
	unlisted string
	// keys are files' and imported's device and inode, on first need.
	keys map[fileKey]bool
	// targets are where symbolic links lead files and imported today
	// (AGENT_A.md -> README.md), on first need.
	targets map[string]bool
	h       string
}

// loadContexts returns the contexts of dirs and of the project tree
// under root: a look-up of each name in dirs, no listing (a home may hold
// many entries), and a bounded walk of root. The names are looked up as
// the clients write them: a case-insensitive file system finds agents.md
// under AGENTS.md, and a case-sensitive one loads only AGENTS.md.
func loadContexts(dirs []string, root, h string) *contexts {
	c := &contexts{imported: map[string]string{}, h: h}
	seen := map[string]bool{}
	var cands []string
	for _, d := range dirs {
		for _, name := range catalogue.ContextFiles {
			cands = append(cands, filepath.Join(d, name))
		}
	}
	if root != "" {
		found, ok := projectContexts(root)
		if !ok {
			c.unlisted = root
		}
		cands = append(cands, found...)
	}
	for _, cf := range cands {
		if seen[cf] {
			continue
		}
		seen[cf] = true
		c.add(cf, h)
	}
	return c
}

// add reads context file cf (one that does not exist is none) and what it
// imports.
func (c *contexts) add(cf, h string) {
	text, ok := importText(cf)
	if !ok && c.cut == "" {
		c.cut = cf
	}
	if text == "" {
		return
	}
	c.files = append(c.files, cf)
	ins, ok := importReads(cf, text, h, importWhy)
	if !ok && c.cut == "" {
		c.cut = cf
	}
	for _, in := range ins {
		c.imported[filepath.FromSlash(in.Text)] = cf
	}
}

// maxHeavyEntries bounds the entries guard lists of a project's
// node_modules and .git for context files: at most about 12 ms on a
// writing call (idle; the project walk costs the same per entry).
const maxHeavyEntries = 10000

// projectContexts returns the context files under root, where the clients
// find those of sub-directories (agent A when it works there, agent C at
// start, a package's own AGENT_A.md under node_modules): a walk of at most
// maxContextEntries entries; false past the bound. node_modules and .git
// hold many entries that are seldom context files: they are walked after
// the rest, breadth first (a package's top directory before its files'),
// within a bound of their own (heavyContexts).
func projectContexts(root string) ([]string, bool) {
	var out, heavy []string
	n := 0
	err := filepath.WalkDir(root, func(q string, d fs.DirEntry, err error) error {
		if n++; n > maxContextEntries {
			return fs.SkipAll
		}
		switch {
		case err != nil:
			return nil
		case d.IsDir() && q != root && (d.Name() == ".git" || d.Name() == "node_modules"):
			heavy = append(heavy, q)
			return fs.SkipDir
		case !d.IsDir() && catalogue.ContextFile(d.Name()):
			out = append(out, q)
		}
		return nil
	})
	if n > maxContextEntries || err != nil && !os.IsNotExist(err) {
		return out, false
	}
	found, ok := heavyContexts(heavy, maxHeavyEntries)
	return append(out, found...), ok
}

// heavyContexts returns the context files under dirs (node_modules, .git),
// listed breadth first to limit entries. Past the bound a
// directory left unlisted is cannot tell (false) once the walk found a
// context file there (packages that ship them); where it found none, the
// rest is taken to hold none (docs/DECISIONS.md: the walk's cost on every
// writing call).
func heavyContexts(dirs []string, limit int) ([]string, bool) {
	var out []string
	n := 0
	for len(dirs) > 0 {
		d := dirs[0]
		dirs = dirs[1:]
		es, _ := os.ReadDir(d) // as the main walk: what guard cannot list, the client cannot
		for _, e := range es {
			if n++; n > limit {
				return out, len(out) == 0
			}
			q := filepath.Join(d, e.Name())
			switch {
			case e.IsDir():
				dirs = append(dirs, q)
			case catalogue.ContextFile(e.Name()):
				out = append(out, q)
			}
		}
	}
	return out, true
}

// projectRoot returns the directory whose tree holds the context files
// that load with base: the top of its git work tree, else base.
func projectRoot(base, h string) string {
	if base == "" || !filepath.IsAbs(base) {
		return ""
	}
	for d := base; ; {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		p := filepath.Dir(d)
		if p == d || d == h {
			return base
		}
		d = p
	}
}

// is reports whether the file of names (linkNames) is context: by any of
// its names a context file's name or a file a context file imports (one
// that does not exist yet too), where a context file's or an imported
// file's symbolic link leads, another hard link of one of
// those, or, for a name guard cannot tell (an
// extraction's member), any of those in its directory, and for a glob
// any of those its pattern may match (globUnder). It does not count c.cut.
func (c *contexts) is(names []string) bool {
	for _, n := range names {
		if catalogue.ContextFile(filepath.Base(n)) || c.imported[n] != "" || c.target(n) {
			return true
		}
		if b := filepath.Base(n); word.Opaque(b) && c.under(filepath.Dir(n)) || !word.Opaque(b) && c.globUnder(filepath.Dir(n), b) {
			return true
		}
	}
	key, links, ok := fileID(names[len(names)-1])
	if !ok || links < 2 {
		return false
	}
	if c.keys == nil {
		c.keys = map[fileKey]bool{}
		for _, f := range c.closure() {
			if k, _, ok := fileID(f); ok {
				c.keys[k] = true
			}
		}
	}
	return c.keys[key]
}

// closure returns the context files and the files they import.
func (c *contexts) closure() []string {
	out := slices.Clone(c.files)
	for f := range c.imported {
		out = append(out, f)
	}
	return out
}

// under reports whether a context file or an imported file is below dir.
func (c *contexts) under(dir string) bool {
	if !strings.HasSuffix(dir, string(filepath.Separator)) {
		dir += string(filepath.Separator)
	}
	for _, f := range c.closure() {
		if strings.HasPrefix(f, dir) {
			return true
		}
	}
	return false
}

// target reports whether a symbolic link of a context file or of an
// imported file leads to p today.
func (c *contexts) target(p string) bool {
	if c.targets == nil {
		c.targets = map[string]bool{}
		for _, f := range c.closure() {
			if ns := linkNames(f, c.h); len(ns) > 1 {
				c.targets[ns[1]] = true
			}
		}
	}
	return c.targets[p]
}

// linkNames returns file and, when symbolic links (of the file or of a
// directory above it) lead it elsewhere, where the kernel leads it today:
// a write of notes.md -> AGENT_A.md writes the context file.
func linkNames(file, h string) []string {
	if cur := realpath.NewResolver(h).Current(filepath.ToSlash(file)); len(cur) > 0 {
		return []string{file, filepath.FromSlash(cur[0])}
	}
	return []string{file}
}

// unknownClosure is the block of a write when guard cannot tell what
// context file cf imports: a file past the bounds guard reads, or one it
// cannot read as a regular file.
func unknownClosure(cf string) event.Finding {
	msg := "guard cannot tell what '%s' imports: it imports more than %d files, a file over %d KiB or one guard cannot read as a regular file, " +
		"so the file written may be one it imports, and " + importWhy + "; split or shorten the imports, or write the file with the file tools"
	return importFinding(msg, cf, maxImportFiles, maxImportBytes>>10)
}

// unlistedContexts is the block of a write with text guard does not know
// when guard could not list the context files of the project tree root.
func unlistedContexts(root string) event.Finding {
	msg := "guard cannot tell whether a context file imports the file written: the project '%s' holds more entries than guard lists for its context files " +
		"(%d, or %d in its node_modules and .git once a context file was found there), " +
		"the command writes with text guard does not know, and " + importWhy + "; write the file with the file tools or with echo or printf of literal text"
	return importFinding(msg, root, maxContextEntries, maxHeavyEntries)
}

// copiedContexts returns the reads of the imports of the context files a
// command copies into a directory or to a name guard cannot read (cp
// tmpl/* docs/, mv tmpl/* docs/): the context files among its sources
// (globs expanded, trees walked), each resolved where it lands; and the
// finding that blocks one guard cannot read.
func copiedContexts(a *shell.Analysis, base, h string) ([]event.Input, *event.Finding) {
	var dests []string
	for _, w := range a.Writes {
		d := absUnder(w, base, h)
		if fi, err := os.Stat(d); err == nil && fi.IsDir() || strings.HasSuffix(w, "/") {
			dests = append(dests, d)
		} else if b := filepath.Base(w); strings.ContainsAny(b, "*?[") || word.Opaque(w) {
			dests = append(dests, filepath.Dir(d))
		}
	}
	if len(dests) == 0 {
		return nil, nil
	}
	var out []event.Input
	for _, r := range a.Reads {
		files, ok := contextSources(absUnder(r, base, h))
		if !ok {
			f := unknownImports(filepath.Join(dests[0], "AGENTS.md"))
			return nil, &f
		}
		for _, rel := range files {
			data, err := regularfile.ReadFile(rel[0], maxImportBytes)
			if err != nil {
				f := unknownImports(filepath.Join(dests[0], rel[1]))
				return nil, &f
			}
			for _, d := range dests {
				ins, ok := importReads(filepath.Join(d, rel[1]), string(data), h, importWhy)
				if !ok {
					f := unknownClosure(filepath.Join(d, rel[1]))
					return nil, &f
				}
				out = append(out, ins...)
			}
		}
	}
	return out, nil
}

// contextSources returns the context files source (a file, a glob, a
// tree DIR/**) names, each as its path and its path where a copy lands,
// relative to the destination; false when guard cannot tell (a tree past
// maxContextEntries).
func contextSources(source string) ([][2]string, bool) {
	var out [][2]string
	if dir, ok := strings.CutSuffix(source, string(filepath.Separator)+"**"); ok {
		n := 0
		err := filepath.WalkDir(dir, func(q string, d fs.DirEntry, err error) error {
			if n++; n > maxContextEntries {
				return fs.SkipAll
			}
			if err == nil && !d.IsDir() && catalogue.ContextFile(d.Name()) {
				rel, _ := filepath.Rel(dir, q)
				out = append(out, [2]string{q, rel})
			}
			return nil
		})
		return out, n <= maxContextEntries && (err == nil || os.IsNotExist(err))
	}
	matches := []string{source}
	if strings.ContainsAny(source, "*?[") {
		matches, _ = filepath.Glob(source)
	}
	for _, m := range matches {
		if catalogue.ContextFile(filepath.Base(m)) {
			if fi, err := os.Stat(m); err == nil && fi.Mode().IsRegular() {
				out = append(out, [2]string{m, filepath.Base(m)})
			}
		}
	}
	return out, true
}

// absUnder returns p, as a command names it, absolute: ~ is the home h, a
// relative path is under base.
func absUnder(p, base, h string) string {
	q := filepath.FromSlash(path.ExpandHome(p, h))
	if !filepath.IsAbs(q) && base != "" {
		q = filepath.Join(base, q)
	}
	return q
}

// gitKeepsTree are git's subcommands that write no file of the work tree
// (the index, the history, nothing): a context file they name is not
// written.
const gitKeepsTree word.Set = " add commit rm log diff show blame annotate status ls-files check-ignore check-attr shortlog "

// keptTouches returns the words of a's git commands that write no file of
// the work tree (gitKeepsTree), and their base names, that no other
// command names: touches of them are not writes of a context file.
func keptTouches(a *shell.Analysis) map[string]bool {
	out, other := map[string]bool{}, map[string]bool{}
	for _, c := range a.Commands {
		args, keeps := gitArgs(c)
		for _, w := range args {
			for _, k := range []string{w, filepath.Base(w)} {
				if keeps {
					out[k] = true
				} else {
					other[k] = true
				}
			}
		}
	}
	for k := range other {
		delete(out, k)
	}
	return out
}

// gitArgs returns c's words, and whether c is a git command that writes
// no file of the work tree: its words after its subcommand.
func gitArgs(c shell.Command) ([]string, bool) {
	var all []string
	for _, w := range c.Args {
		all = append(all, w.Text)
	}
	if c.Name != "git" {
		return all, false
	}
	for i := 0; i < len(all); i++ {
		switch {
		case all[i] == "-C" || all[i] == "-c":
			i++
		case !strings.HasPrefix(all[i], "-"):
			return all[i+1:], gitKeepsTree.Has(all[i])
		}
	}
	return all, false
}
