package shell

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// Links a git tree write makes. A tree entry of mode
// 120000 is a symbolic link: git checkout, switch, merge, cherry-pick,
// restore and checkout -- PATH write it into the working tree as ln -s
// TARGET NAME does, so a branch holding h -> /home/u makes a link to the
// home that rg -L or grep -R later follows. Each link the write brings
// (one the disk does not hold with the same target) goes through ln -s's
// rule: its target, resolved against the link's directory, is written by
// the link's making (a target that is or holds a protected place, or the
// home, blocks; one into the OS's own directories, py -> /usr/bin/python3,
// does not: the OS refuses the agent there, and a tree checked out with
// one is everyday), and the link is noted for what follows it later in the
// command. A link whose target guard cannot read hides the command.

// revLinks records the symbolic links git's subcommand sub writes from
// revision rev (effect.RevIndex for the index) into the tree at dir, those
// under specs only when filter is set (git checkout -- PATH).
func (c *cmd) revLinks(sub, dir, rev string, specs []string, filter bool) {
	rl, ok := c.w.Files.(effect.RevLinker)
	if !ok {
		return
	}
	links, st := rl.RevLinks(c.w.Where(dir), rev)
	switch st {
	case effect.RevNone:
		return
	case effect.RevUnknown:
		c.w.hide("git %s writes symbolic links from a revision whose targets guard cannot read: guard cannot tell where they lead", sub)
		return
	}
	c.madeLinks(dir, links, func(p string) bool { return !filter || specsName(specs, p) })
}

// newTreeLinks records the symbolic links of revision rev of the
// repository at repo that git writes into the new working tree at into
// (git clone of a local repository, git worktree add) as revLinks does, so
// that a later read through one in the command reads where it leads.
// Where guard cannot read them, the tree stays a place
// that may hold links (MayLink, effect.readsUnderMayLink).
func (c *cmd) newTreeLinks(repo, into, rev string) {
	nl, ok := c.w.Files.(effect.NewTreeLinker)
	if !ok || c.w.guessing > 0 || !word.IsKnown(repo) || !word.IsKnown(into) || !word.IsKnown(rev) {
		return
	}
	if links, st := nl.TreeRevLinks(c.w.Where(repo), rev); st == effect.RevKnown {
		c.madeLinks(into, links, func(string) bool { return true })
	}
}

// madeLinks records each of links that keep takes, made under dir, as ln
// -s's link: its target is written by its making (but in the OS's own
// directories) and the link is noted for what follows it later.
func (c *cmd) madeLinks(dir string, links []effect.RevLink, keep func(string) bool) {
	linking := c.w.Linking
	c.w.Linking = true // the link's own making, not a write through links
	defer func() { c.w.Linking = linking }()
	for _, l := range links {
		if !keep(l.Path) {
			continue
		}
		name := path.Join(dir, l.Path)
		c.w.Link(l.Target, name)
		if t := linkTargetPath(name, l.Target); !systemDir(t) {
			c.w.Write(t) // a link into the OS's directories (py -> /usr/bin/python3) writes nothing the agent may
		}
	}
}

// linkTargetPath returns where a link named name with target text t
// leads, as a word: t when absolute, else t joined to name's directory
// (a leading ~ or $ in t is a plain name: the kernel expands nothing),
// cleaned.
func linkTargetPath(name, t string) string {
	if strings.HasPrefix(t, "/") {
		return word.Clean(t) // /usr/../home/u is the home
	}
	p := path.Join(path.Dir(name), t)
	if !strings.HasPrefix(p, "/") && !strings.HasPrefix(p, "../") && p != ".." {
		p = "./" + p
	}
	return p
}
