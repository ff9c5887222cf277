package shell

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// A searcher that skips hidden names (rg, ag, pt without --hidden) searches
// one an ignore rule whitelists: a `!.env` line in an
// ignore file it reads, an --ignore-file, a glob option matching a hidden
// name. Its skip counts only when guard read every ignore file it would
// read (effect.HiddenSkipper): each whitelist there, and each glob given,
// is a read of DIR/**/PATTERN, which the path rules weigh as find -name's
// (`!.env` reads DIR/**/.env, `!.gitkeep` nothing protected). Otherwise it
// reads the whole tree, hidden names included, as with --hidden.

// maxSkipDirs bounds the directories whose ignore files one command's
// searcher has read.
const maxSkipDirs = 8

// ignoreFileNames are the ignore files a searcher reads (a command that
// writes one changes what the searcher then skips).
const ignoreFileNames word.Set = " .ignore .rgignore .gitignore .agignore .ptignore .fdignore exclude ignore .gitconfig "

// hiddenSearched reports whether c, a searcher that skips hidden names and
// was not told to search them, may search them in files (its operands; none:
// the working directory). A glob it is given whitelists the names it
// matches, hidden ones too: each is a read of DIR/**/GLOB, which the path
// rules weigh as find -name's (rg -g '*.go' is not a read of .env).
func (c *cmd) hiddenSearched(files []string) bool {
	p := catalogue.ProgramNamed(c.name)
	if c.recursive || p == nil || !p.Recurse.SkipsHidden() {
		return false
	}
	globs, tree := c.whitelists()
	if tree || c.w.wroteIgnoreFile() || c.configInherited() {
		return true
	}
	s, ok := c.w.Files.(effect.HiddenSkipper)
	if !ok || len(files) > maxSkipDirs {
		return true
	}
	if len(files) == 0 {
		files = []string{"."}
	}
	for _, f := range files {
		if !word.IsKnown(f) {
			return true
		}
		allows, ok := s.HiddenWhitelist(c.w.Where(strings.TrimRight(f, "/")))
		if !ok {
			return true
		}
		for _, g := range append(allows, globs...) {
			c.w.Read(strings.TrimRight(f, "/") + "/**/" + strings.TrimLeft(g, "/"))
		}
	}
	return false
}

// configInherited reports whether c is rg reading a config file the
// agent's environment names (RIPGREP_CONFIG_PATH, without --no-config):
// its options (--hidden, -uu) are not the command's words.
func (c *cmd) configInherited() bool {
	if c.name != "rg" || hasAny(c.args, "--no-config") {
		return false
	}
	if _, set := c.envValue("RIPGREP_CONFIG_PATH"); set {
		return true
	}
	e, ok := c.w.Files.(effect.Inheritor)
	return ok && e.Inherits("RIPGREP_CONFIG_PATH")
}

// skipsHidden reports whether c is a searcher that skips hidden names
// (hiddenSearched) and reads trees, not told to search them.
func (c *cmd) skipsHidden() bool {
	p := catalogue.ProgramNamed(c.name)
	return !c.recursive && p != nil && p.Recurse.SkipsHidden()
}

// maxVisibleTop bounds the entries visibleTree reads one by one.
const maxVisibleTop = 256

// visibleTree reads the tree f as a searcher that skips hidden names does:
// every file but those under a hidden name (Analysis.VisibleReads). At the
// home directory or above it, the tree's top entries are read one by one
// (at most maxVisibleTop, listed by the reader), so that the hidden ones
// (~/.ssh, ~/.guard) are left out where the path rules weigh a tree; a
// home directory that is not there holds nothing.
func (c *cmd) visibleTree(f string) {
	if l, ok := c.w.Files.(effect.Lister); ok && word.IsKnown(f) && c.atOrAboveHome(f) {
		names, ok := l.Tree(c.w.Where(f), 1)
		if st, isStater := c.w.Files.(effect.Stater); !ok && isStater {
			if k, _ := st.Lstat(c.w.Where(f)); k == effect.EntryNone {
				return // no home there: nothing to read
			}
		}
		if ok && len(names) <= maxVisibleTop {
			for _, n := range names {
				if strings.HasPrefix(n, ".") {
					continue
				}
				p := strings.TrimSuffix(f, "/") + "/" + strings.TrimSuffix(n, "/")
				if strings.HasSuffix(n, "/") {
					c.w.ReadTree(p)
				} else {
					c.w.Read(p)
				}
			}
			return
		}
	}
	c.w.ReadTree(f)
}

// atOrAboveHome reports whether f, a directory the command names, is the
// home directory or one above it (aboveHome), or guard cannot tell where a
// relative one lies.
func (c *cmd) atOrAboveHome(f string) bool {
	h := strings.TrimRight(c.w.Home, "/")
	if h == "" {
		return false
	}
	p := c.w.Where(f)
	switch {
	case p == "~" || strings.HasPrefix(p, "~/"):
		p = h + p[1:]
	case !strings.HasPrefix(p, "/"):
		wd, ok := c.w.Files.(effect.WorkDirer)
		if !ok || wd.WorkDir() == "" {
			return true
		}
		p = path.Join(wd.WorkDir(), p)
	}
	p = word.Clean(p)
	return p == h || p == "/" || c.aboveHome(p)
}

// whitelists returns the globs c's options whitelist (rg -g '*.go', --iglob
// X): the names they match are searched, hidden ones too; tree: an
// option may make it search any hidden name (an ignore file of its own:
// rg --ignore-file, ag -p; a glob guard does not read: braces, escapes;
// a type guard does not know; an option not known to keep the skip).
func (c *cmd) whitelists() (globs []string, tree bool) {
	add := func(g string) {
		switch {
		case strings.HasPrefix(g, "!"): // an exclusion
		case strings.ContainsAny(g, `{\`) || !word.IsKnown(g):
			tree = true
		default:
			globs = append(globs, g)
		}
	}
	if !catalogue.KeepsHiddenSkip(c.name, c.args) {
		return nil, true // an option that may widen it (rg --type-add)
	}
	for j := 0; j < len(c.args) && !tree; j++ {
		s := c.args[j].Text
		if s == "--" {
			break
		}
		opt, v, eq := strings.Cut(s, "=")
		switch {
		case opt == "--ignore-file" || opt == "--path-to-ignore" || c.name == "ag" && s == "-p":
			return nil, true
		case c.name != "rg":
		case opt == "--iglob" && eq:
			add(v)
		case s == "--iglob" && j+1 < len(c.args):
			add(c.args[j+1].Text)
			j++
		default:
			if v, k, ok := word.OptionValue(c.args, j, 'g', "ABCdeEfjmMrtT", "--glob"); ok {
				add(v)
				j = k
			} else if v, k, ok := word.OptionValue(c.args, j, 't', "ABCdeEfgjmMrT", "--type"); ok {
				tree = !catalogue.SafeTypes.Has(v) && !c.typeAdded(v) // a type's globs whitelist as -g's do
				j = k
			}
		case opt == "--type-add":
			v, k := v, j
			if !eq && j+1 < len(c.args) {
				v, k = c.args[j+1].Text, j+1
			}
			name, g, _ := strings.Cut(v, ":")
			if rest, incl := strings.CutPrefix(g, "include:"); incl || name == "" {
				tree = tree || rest != "" || name == "" // another type's globs: guard does not follow
				g = ""
			}
			if g != "" {
				add(g)
			}
			j = k
		}
	}
	return globs, tree
}

// typeAdded reports whether rg's --type-add names type t (its globs are
// whitelists, read by whitelists).
func (c *cmd) typeAdded(t string) bool {
	for j, a := range c.args {
		v, eq := strings.CutPrefix(a.Text, "--type-add=")
		if !eq && a.Text == "--type-add" && j+1 < len(c.args) {
			v, eq = c.args[j+1].Text, true
		}
		if name, _, _ := strings.Cut(v, ":"); eq && name == t {
			return true
		}
	}
	return false
}

// wroteIgnoreFile reports whether the command wrote, before this point, a
// file whose name is an ignore file's: what is on disk is not what the
// searcher reads.
func (w *walker) wroteIgnoreFile() bool {
	if w.WriteList == nil {
		return false
	}
	for _, p := range *w.WriteList {
		if ignoreFileNames.Has(path.Base(p)) {
			return true
		}
	}
	return false
}
