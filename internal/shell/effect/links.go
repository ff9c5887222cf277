package effect

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// Links a command makes before it writes through them. A link made in the
// command does not exist when guard looks, so the ledger notes each one
// (ln -s, ln, cp -s, cp -l, link: Link) and records a later path through it
// where it leads too. Where guard cannot tell what a link leads to (its
// target is a command's output) or whether a stage made one at all (an
// archive extracted into its directory, interpreter code that makes
// links), a later write of that name is hidden: it may be a write of a
// protected file.

// MaxLinks bounds the links one command is followed through.
const MaxLinks = 64

// Link notes that the command makes a link at dst to target.
func (w *Ledger) Link(target, dst string) {
	if t, ok := w.DirVar(target); ok {
		target = t // ln -s $PWD h
	}
	if len(w.links) >= MaxLinks {
		w.Hide("makes more than %d links", MaxLinks)
		return
	}
	w.links = append(w.links, symlink{w.linkKey(Under(w.Dir, strings.TrimRight(dst, "/"))), target})
}

// CarryLinks notes that the command copies or moves src to dst: each link
// it made at src, or under it, is a link at dst too (mv q r, mv d e with a
// link in d).
func (w *Ledger) CarryLinks(src, dst string) {
	key := w.linkKey(Under(w.Dir, strings.TrimRight(src, "/")))
	to := w.linkKey(Under(w.Dir, strings.TrimRight(dst, "/")))
	for _, l := range w.links {
		rest, ok := strings.CutPrefix(l.path, key)
		if !ok || rest != "" && rest[0] != '/' {
			continue
		}
		if len(w.links) >= MaxLinks {
			w.Hide("makes more than %d links", MaxLinks)
			return
		}
		w.links = append(w.links, symlink{to + rest, l.target})
	}
}

// MayLink notes that a stage may have made links guard cannot tell at any
// name under directory word s: an archive extracted there (tar x, unzip,
// cpio -i), a link whose name guard cannot tell made there. why says
// which, for the reason of a later write there.
func (w *Ledger) MayLink(s, why string) {
	p, ok := Candidate(s)
	if !ok || len(w.mayLink) >= MaxLinks {
		return
	}
	if q, ok := w.DirVar(p); ok {
		p = q
	} else {
		p = Under(w.Dir, p)
	}
	w.mayLink = append(w.mayLink, mayLink{w.linkKey(p), why})
}

// mayLink is a directory where a stage may have made links guard cannot
// tell, and why.
type mayLink struct{ dir, why string }

// LinksUnknown notes that a stage makes links guard cannot see (why: what
// makes them): any name the command writes later may be one.
func (w *Ledger) LinksUnknown(why string) {
	if w.linksUnknown == "" {
		w.linksUnknown = why
	}
}

// MadeLinks reports whether the command made a link, or may have made
// one guard cannot follow, before this point.
func (w *Ledger) MadeLinks() bool {
	return len(w.links) > 0 || w.linksUnknown != "" || len(w.mayLink) > 0
}

// linkKey is path p as links are compared: home spelt ~, cleaned of . and
// // (ln -s ~/.bashrc . names ./.bashrc, written later as .bashrc).
func (w *Ledger) linkKey(p string) string {
	p = w.CanonPath(p)
	if p != "" && !word.HasMark(p) && !strings.HasPrefix(p, "/") && !strings.HasPrefix(p, "~") {
		p = word.Clean(p)
	}
	return p
}

// throughLinks records path p (recorded as kind k) where each link the
// command made leads, and hides a write of a name that may be a link
// guard cannot follow.
func (w *Ledger) throughLinks(p string, k pathKind) {
	key := w.linkKey(p)
	// A write that changes text, not the making of the link itself.
	writes := k == writePath && !w.MetaOnly && !w.Linking
	for _, l := range w.links {
		link, target := l.path, l.target
		rest, ok := strings.CutPrefix(key, link)
		if !ok {
			rest, ok = strings.CutPrefix(p, link)
		}
		if !ok || rest != "" && rest[0] != '/' {
			continue
		}
		if writes && word.Opaque(target) {
			w.Hide("writes %s through a link it made to a target guard cannot work out (a command's output or a value set at run time)", word.Render(w.CanonPath(p)))
			return
		}
		if !strings.HasPrefix(target, "/") && !word.HomeRelative(target) {
			// A relative target is relative to the link's directory.
			if i := strings.LastIndexByte(link, '/'); i >= 0 {
				target = link[:i+1] + target
			}
		}
		w.record(target+rest, k)
	}
	if k == readPath {
		w.readsUnderMayLink(key)
	}
	if !writes {
		return
	}
	if w.linksUnknown != "" {
		w.Hide("writes %s after %s, which may have made it a link guard cannot follow", word.Render(w.CanonPath(p)), w.linksUnknown)
		return
	}
	for _, m := range w.mayLink {
		rest, ok := strings.CutPrefix(key, m.dir)
		if m.dir == "." {
			// The working directory: every relative name.
			rest, ok = "/"+key, !strings.HasPrefix(key, "/") && !strings.HasPrefix(key, "~") && !word.HasMark(key)
		}
		if ok && (rest == "" || rest[0] == '/') {
			name := word.Render(w.CanonPath(p))
			w.Hide("writes %s in a directory where %s earlier in the command: guard cannot tell whether %s is a link there to a protected file", name, m.why, name)
			return
		}
	}
}

// Lstat returns what is on disk at word p as the command names it at this
// point (after its cd), its last link not followed, and a link's text:
// EntryUnknown without a reader that tells ([Stater]), for a word guard
// cannot resolve (a pattern, a value set at run time) and past MaxLinks
// lookups; EntryFile for a name the command wrote earlier (a link it made
// there is noted, see CarryLinks).
func (w *Ledger) Lstat(p string) (EntryKind, string) {
	st, ok := w.Files.(Stater)
	if !ok || p == "" || !word.IsKnown(p) || strings.ContainsAny(p, "*?[") || w.nstat >= MaxLinks {
		return EntryUnknown, ""
	}
	if _, written := w.WrittenEntry(word.Clean(w.Where(p))); written {
		return EntryFile, ""
	}
	w.nstat++
	return st.Lstat(w.Where(strings.TrimRight(p, "/")))
}

// MayLinkAt reports why a name under word s (or s itself) may be a link
// guard cannot follow: a stage of the command extracted an archive, wrote
// a tree from a repository or copied links there (MayLink); "" when none
// did.
func (w *Ledger) MayLinkAt(s string) string {
	if len(w.mayLink) == 0 {
		return "" // no stage may have made links: nothing to work out
	}
	p, ok := Candidate(s)
	if !ok {
		return ""
	}
	if q, ok := w.DirVar(p); ok {
		p = q
	} else {
		p = Under(w.Dir, p)
	}
	key := w.linkKey(p)
	for _, m := range w.mayLink {
		rest, ok := strings.CutPrefix(key, m.dir)
		if m.dir == "." {
			rest, ok = "/"+key, !strings.HasPrefix(key, "/") && !strings.HasPrefix(key, "~") && !word.HasMark(key)
		}
		if ok && (rest == "" || rest[0] == '/') {
			return m.why
		}
	}
	return ""
}

// maxLinkDepth bounds the names below a directory that may hold links
// (MayLink) a read is taken apart at.
const maxLinkDepth = 16

// readsUnderMayLink records, for a read of key under a directory where a
// stage may have made links guard cannot tell (git clone or worktree add
// from a revision guard cannot read, an archive extracted), where the
// read leads if a name on its way is a link to the home (git clone -b
// lnk . sub && cat sub/h/.ssh/id_rsa, h -> the home): each tail below
// the directory, after one or more names, under ~. The read rules then
// decide (~/.ssh/id_rsa blocks, ~/src/main.go does not). A recursive
// read of a directory there is not taken as one of the whole home (grep
// -r x sub/src passes: accepted, see DECISIONS).
func (w *Ledger) readsUnderMayLink(key string) {
	for _, m := range w.mayLink {
		rest, ok := strings.CutPrefix(key, m.dir)
		if m.dir == "." {
			rest, ok = "/"+key, !strings.HasPrefix(key, "/") && !strings.HasPrefix(key, "~") && !word.HasMark(key)
		}
		if !ok || rest == "" || rest[0] != '/' {
			continue
		}
		parts := strings.Split(strings.Trim(rest, "/"), "/")
		for i := 1; i < len(parts) && i <= maxLinkDepth; i++ {
			if tail := strings.Join(parts[i:], "/"); tail != "**" {
				w.record("~/"+tail, readPath) // not the whole home: grep -r sub/src, a link at src left
			}
		}
		return
	}
}
