package effect

import (
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// Recursive reads that follow links. grep -R, rg -L, cp -rL, rsync -L, tar
// -h, zip -r and 7z a read what each symbolic link inside the directory
// they are given leads to, wherever that is: a link to the home in a
// project turns a read of the project into a read of ~/.ssh. While
// FollowLinks is set, ReadTree walks the directory for links (through
// [LinkFinder], bounded by MaxLinkWalk entries for the whole command) and
// records a recursive read of each target, which is walked in turn; the
// links the command itself made there, or may have made (an archive
// extracted there), count too. Past the bound, or where guard cannot tell
// what the directory holds, the read is hidden: guard cannot tell where it
// leads.

// followTree walks the directory word s names for links, as ReadTree's
// read of it follows them (FollowLinks), and reads what each leads to
// the same way.
func (w *Ledger) followTree(s string) {
	for _, t := range w.LinkTargets(s) {
		w.ReadTree(t) // walked in turn: a link to a directory with a link
	}
}

// FollowVisible records what a program that follows links but skips
// hidden names (rg -L, ag -f, pt --follow without --hidden) reads through
// the links in directory word s: it enters each link by the
// link's own name, not its target's, so keys -> ~/.ssh is entered as keys,
// and what each leads to is read whole, as by grep -R.
func (w *Ledger) FollowVisible(s string) { w.followTree(s) }

// LinkTargets returns where the symbolic links at or under the directory
// word s names lead, as a program that follows them reaches them (grep -R,
// find -L): the links on disk (through [LinkFinder]) and those the command
// made there. Where guard cannot tell (past MaxLinkWalk, a directory it
// cannot tell, links made there it cannot see) the command is hidden and
// what it found is returned.
func (w *Ledger) LinkTargets(s string) []string {
	if why := w.MayLinkAt(s); why != "" || w.linksUnknown != "" {
		if why == "" {
			why = w.linksUnknown
		}
		w.Hide("%s follows the links in %s, where %s earlier in the command: guard cannot tell where they lead", w.FollowLinks, word.Render(w.CanonPath(s)), why)
		return nil
	}
	made := w.madeLinksUnder(s)
	lf, ok := w.Files.(LinkFinder)
	if !ok || s == "" {
		return made // no reader: what is on disk is not guard's to see here
	}
	if word.Opaque(s) {
		w.Hide("%s follows the links in a directory guard cannot tell (a command's output or a value set at run time): guard cannot tell where they lead", w.FollowLinks)
		return made
	}
	where := w.Where(strings.TrimRight(s, "/"))
	if where == "" {
		where = "."
	}
	if !word.IsKnown(where) {
		where = word.Render(where) // $NAME: the reader fills it from the environment
	}
	if slices.Contains(w.walked, where) {
		return made
	}
	if len(w.walked) >= MaxLinkTargets {
		w.Hide("%s follows links to more than %d places", w.FollowLinks, MaxLinkTargets)
		return made
	}
	w.walked = append(w.walked, where)
	targets, seen, ok := lf.TreeLinks(where, MaxLinkWalk-w.linkWalk)
	w.linkWalk += seen
	if !ok {
		w.Hide("%s follows the links in %s, which holds more than guard looks at (%d entries, %d levels) or what it cannot read: guard cannot tell whether a link in it leads to a protected place (name a smaller directory, or read without following links: grep -r, rg without -L, tar without -h, zip -y)",
			w.FollowLinks, word.Render(w.CanonPath(s)), MaxLinkWalk, MaxLinkDepth)
	}
	return append(made, targets...)
}

// madeLinksUnder returns where each link the command made at or under
// directory word s leads, each once a command.
func (w *Ledger) madeLinksUnder(s string) []string {
	p, ok := Candidate(s)
	if !ok {
		return nil
	}
	if q, ok := w.DirVar(p); ok {
		p = q
	} else {
		p = Under(w.Dir, p)
	}
	key := w.linkKey(strings.TrimRight(p, "/"))
	var out []string
	for _, l := range w.links {
		rest, ok := strings.CutPrefix(l.path, key)
		if key == "." {
			rest, ok = "/"+l.path, !strings.HasPrefix(l.path, "/") && !strings.HasPrefix(l.path, "~")
		}
		if !ok || rest != "" && rest[0] != '/' || slices.Contains(w.followed, l.path) {
			continue
		}
		w.followed = append(w.followed, l.path)
		target := l.target
		if !strings.HasPrefix(target, "/") && !word.HomeRelative(target) {
			if i := strings.LastIndexByte(l.path, '/'); i >= 0 {
				target = l.path[:i+1] + target
			}
		}
		out = append(out, target)
	}
	return out
}

// LinkTexts returns each symbolic link below the directory word s names,
// its name relative to it and its text (see [LinkTexter]), within what is
// left of MaxLinkWalk for the command; false when guard cannot list them
// all (no reader, a word it cannot resolve, a bound passed). A word that
// names a file or nothing holds none.
func (w *Ledger) LinkTexts(s string) ([]Member, bool) {
	lt, ok := w.Files.(LinkTexter)
	if !ok || s == "" || !word.IsKnown(s) {
		return nil, false
	}
	where := w.Where(strings.TrimRight(s, "/"))
	if where == "" {
		where = "."
	}
	links, seen, ok := lt.TreeLinkTexts(where, MaxLinkWalk-w.linkWalk)
	w.linkWalk += seen
	return links, ok
}

// LinkCount returns how many links the command has made so far (at most
// MaxLinks: more hides it).
func (w *Ledger) LinkCount() int { return len(w.links) }
