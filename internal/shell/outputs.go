package shell

import (
	"path"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// outputs records the files the program writes in its project without
// naming them (catalogue.Outputs: npm ci's node_modules, cargo's
// Cargo.lock) as writes in its project's root, so that a link standing
// there is followed to where the tool's write lands; the manifest the tool
// found its root by, which the write verbs save (npm install's
// package.json), is one where it is a link (the tool's edit of its own
// manifest is the tool's, as the packages in node_modules are). What it then holds is the tool's own output, as guard read
// it before (MetaOnly): only the place is asked about. A subcommand guard
// knows neither as a write nor as harmless (catalogue.UnknownVerb: npm
// pack, cargo init's plugins) may write any name there: each link in the
// directory it runs in and in its root is then a write (default-deny).
// corepack runs the tool it names with the rest.
func (c *cmd) outputs() {
	if !c.w.trusts(c.prog, c.name) {
		return
	}
	name, args := c.name, word.Texts(c.args)
	if name == "corepack" && len(args) > 0 {
		name, args = strings.ToLower(args[0]), args[1:] // corepack yarn install
	}
	outs, dir, file, unread := catalogue.OutputsOf(name, args)
	verb, top := catalogue.UnknownVerb(name, args)
	if len(outs) == 0 && len(top) == 0 {
		return
	}
	if unread != "" {
		c.w.hide("runs %s with %s, which may name the directory it writes its files in: guard cannot tell which", name, unread)
		return
	}
	if file != "" {
		dir = path.Dir(file)
	}
	if dir == "" {
		dir = "."
	}
	meta := c.w.MetaOnly
	c.w.MetaOnly = true
	defer func() { c.w.MetaOnly = meta }()
	for _, o := range outs {
		roots, manifests := c.outputRoots(dir, o)
		for _, f := range manifests {
			if k, _ := c.w.Lstat(f); k == effect.EntryLink {
				c.w.Write(f) // the save lands where the link leads
			}
		}
		for _, r := range roots {
			for _, f := range strings.Fields(o.Files) {
				c.w.Write(path.Join(r, f))
			}
		}
	}
	if len(top) > 0 {
		c.unknownVerbLinks(name+" "+verb, dir, top)
	}
}

// outputRoots returns the roots of o's project for a tool running in dir
// (catalogue.Output), and the root files there: those found, else each
// of Root's names in dir (npm install without a package.json writes one).
func (c *cmd) outputRoots(dir string, o *catalogue.Output) (roots, manifests []string) {
	manifests = c.projectFiles(dir, strings.Fields(o.Root), o.Look)
	for _, f := range manifests {
		if d := path.Dir(f); !slices.Contains(roots, d) {
			roots = append(roots, d)
		}
	}
	if len(roots) == 0 {
		roots = []string{dir}
		for _, n := range strings.Fields(o.Root) {
			manifests = append(manifests, path.Join(dir, n))
		}
	}
	return roots, manifests
}

// unknownVerbLinks records, for a subcommand guard cannot tell the writes
// of (what: "npm pack"), each symbolic link in the directory it runs in,
// dir and the roots of its project as a write: the name it writes may be
// that link's (npm pack's x-1.0.0.tgz, go work's go.work, cargo init's
// .gitignore), and the write rules follow it to where it leads. A directory
// guard cannot list hides the command.
func (c *cmd) unknownVerbLinks(what, dir string, top []*catalogue.Output) {
	st, ok := c.w.Files.(effect.Stater)
	if !ok || !c.w.Listing() {
		return // no reader: what is on disk is not guard's to see
	}
	dirs := []string{".", dir}
	for _, o := range top {
		roots, _ := c.outputRoots(dir, o)
		dirs = append(dirs, roots...)
	}
	seen := []string{}
	for _, d := range dirs {
		if d = path.Clean(d); slices.Contains(seen, d) {
			continue
		}
		seen = append(seen, d)
		names, ok := c.w.Tree(d, 1)
		if !ok {
			if k, _ := c.w.Lstat(d); k == effect.EntryDir {
				c.w.hide("runs %s, a subcommand guard cannot tell the writes of, in %s, which guard cannot list: it cannot tell whether a name there it may write is a link to a protected place", what, d)
			}
			continue
		}
		for _, n := range names {
			p := path.Join(d, n)
			if strings.HasSuffix(n, "/") {
				continue
			}
			if k, _ := st.Lstat(c.w.Where(p)); k == effect.EntryLink {
				c.w.Write(p) // guard cannot tell whether the subcommand writes it
			}
		}
	}
}
