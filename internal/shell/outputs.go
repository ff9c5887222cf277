package shell

import (
	"encoding/json"
	"path"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
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
// A program a run form runs (npm exec -- CMD) is a command of its own.
// corepack runs the tool it names with the rest.
func (c *cmd) outputs() {
	if !c.w.mayRun(c.prog, c.name) {
		return // a function or an alias of the name
	}
	name, ws := c.name, c.args
	if name == "corepack" && len(ws) > 0 {
		name, ws = strings.ToLower(ws[0].Text), ws[1:] // corepack yarn install
	}
	args := word.Texts(ws)
	uses, unread := catalogue.OutputsOf(name, args, c.envValue)
	dir := topDir(name, args, c.envValue)
	scripts := c.scriptNames(dir)
	verb, top := catalogue.UnknownVerb(name, args, scripts)
	c.packageRuns(name, ws, scripts)
	if len(uses) == 0 && len(top) == 0 {
		return
	}
	if unread != "" {
		c.w.hide("runs %s with %s, which may name the directory it writes its files in: guard cannot tell which", name, unread)
		return
	}
	meta := c.w.MetaOnly
	c.w.MetaOnly = true
	defer func() { c.w.MetaOnly = meta }()
	for _, u := range uses {
		roots, manifests := c.outputRoots(orDot(u.Dir), u.Output)
		for _, f := range manifests {
			if k, _ := c.w.Lstat(f); k == effect.EntryLink {
				c.w.Write(f) // the save lands where the link leads
			}
		}
		for _, r := range roots {
			for _, f := range strings.Fields(u.Files) {
				c.w.Write(path.Join(r, f))
			}
		}
	}
	if len(top) > 0 {
		c.unknownVerbLinks(name+" "+verb, dir, top, args)
	}
}

// topDir returns the directory the options of program name's top-level
// entries (catalogue.Output.Dir) name, "." for none.
func topDir(name string, args []string, env func(string) (string, bool)) string {
	for i := range catalogue.Outputs {
		if o := &catalogue.Outputs[i]; o.Name == name && o.Sub == "" && !o.NamedOnly {
			if d, _, _ := o.Dir(args, env); d != "" {
				return d
			}
		}
	}
	return "."
}

// orDot returns dir, "." for "".
func orDot(dir string) string {
	if dir == "" {
		return "."
	}
	return dir
}

// outputRoots returns the roots of o's project for a tool running in dir
// (catalogue.Output), and the root files there: those found, else each
// of Root's names in dir (npm install without a package.json writes one).
// A link in dir standing as a root file is one, dangling or not: the tool
// finds or creates its root file there (go mod init writes ./go.mod
// through it).
func (c *cmd) outputRoots(dir string, o *catalogue.Output) (roots, manifests []string) {
	manifests = c.projectFiles(dir, strings.Fields(o.Root), o.Look)
	for _, n := range strings.Fields(o.Root) {
		f := path.Join(dir, n)
		if k, _ := c.w.Lstat(f); k == effect.EntryLink && !slices.Contains(manifests, f) {
			manifests = append([]string{f}, manifests...)
		}
	}
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

// scriptNames returns what reports whether a word is one of the scripts
// of the package.json nearest dir; none when guard cannot read one. It
// reads the file at its first question.
func (c *cmd) scriptNames(dir string) func(string) bool {
	var scripts map[string]json.RawMessage
	read := false
	return func(s string) bool {
		if !read {
			read = true
			for _, f := range c.projectFiles(dir, []string{"package.json"}, catalogue.Nearest) {
				if t, st := c.w.FileStatus(f, true, effect.MaxScriptBytes); st == effect.FileWhole {
					if obj, err := lang.JSONObject([]byte(t)); err == nil {
						_ = lang.JSONMember(obj, "scripts", &scripts) // exact key, as npm's
					}
				}
			}
		}
		_, ok := scripts[s]
		return ok
	}
}
