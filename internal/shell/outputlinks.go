package shell

import (
	"path"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// unknownVerbLinks records, for a subcommand guard cannot tell the writes
// of (what: "npm pack"), each symbolic link (but a dot-named one that
// does not lead away: a dotfile manager's ~/.bashrc -> dotfiles/bashrc)
// in the directory it runs in, dir, the roots of its project, and each
// directory a word of args (its words after the program's name) names
// (bun build --outdir o) as a write: the name it writes may be that
// link's (npm pack's x-1.0.0.tgz, go work's go.work, bun build's
// o/a.js), and the write rules follow it to where it leads. A directory
// guard cannot list hides the command.
func (c *cmd) unknownVerbLinks(what, dir string, top []*catalogue.Output, args []string) {
	st, ok := c.w.Files.(effect.Stater)
	if !ok || !c.w.Listing() {
		return // no reader: what is on disk is not guard's to see
	}
	dirs := []string{".", dir}
	for _, o := range top {
		roots, _ := c.outputRoots(dir, o)
		dirs = append(dirs, roots...)
	}
	for _, a := range args {
		if _, v, ok := strings.Cut(a, "="); ok && strings.HasPrefix(a, "-") {
			a = v // --outdir=o
		}
		if k, _ := c.w.Lstat(a); k == effect.EntryDir {
			dirs = append(dirs, a)
		}
	}
	seen := []string{}
	for _, d := range dirs {
		if d = word.Clean(d); slices.Contains(seen, d) {
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
			if k, _ := st.Lstat(c.w.Where(p)); k == effect.EntryLink && (!strings.HasPrefix(n, ".") || c.leadsAway(d, p)) {
				c.w.Write(p) // guard cannot tell whether the subcommand writes it
			}
		}
	}
}

// maxLinkHops bounds the links leadsAway follows one after another.
const maxLinkHops = 8

// leadsAway reports whether p, a name in directory d, may be a link that
// leads out of d or to a dot-named place in it (.git/hooks, .env): its
// text, followed link by link, leads above d, to a path from the root or
// the home, through a name beginning with a dot, through a directory that
// is a link or that guard cannot tell, or past maxLinkHops. A link to a
// plain name in d (a dotfile manager's ~/.bashrc -> dotfiles/bashrc in
// the home) is not.
func (c *cmd) leadsAway(d, p string) bool {
	for range maxLinkHops {
		k, text := c.w.Lstat(p)
		switch {
		case k == effect.EntryUnknown:
			return true
		case k != effect.EntryLink:
			return false
		case text == "" || path.IsAbs(text) || strings.HasPrefix(text, "~") || !word.IsKnown(text):
			return true
		}
		p = path.Join(path.Dir(p), text)
		rel, ok := below(d, p)
		if !ok || strings.HasPrefix(rel, ".") || strings.Contains(rel, "/.") {
			return true
		}
		for q := path.Dir(p); q != word.Clean(d) && q != "."; q = path.Dir(q) {
			if k, _ := c.w.Lstat(q); k != effect.EntryDir {
				return true
			}
		}
	}
	return true
}

// below returns p, a cleaned path, relative to directory d when it is
// inside it.
func below(d, p string) (string, bool) {
	if d = word.Clean(d); d == "." {
		return p, p != ".." && !strings.HasPrefix(p, "../") && !path.IsAbs(p)
	}
	rel, ok := strings.CutPrefix(p, d+"/")
	return rel, ok
}
