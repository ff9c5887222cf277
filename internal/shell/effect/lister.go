package effect

import (
	"path"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// What an extraction or a recursive copy writes into its destination D
// is D/NAME for each NAME it brings: an archive's members, the names under
// a copied directory. Guard lists them through the reader ([Lister]) when
// it can: the archive or the directory is on disk as the command names it,
// a known word, not one the command itself wrote or extracted earlier
// (what is on disk then is not what the command reads), within the bounds.

// MaxListings bounds the archives and trees one command lists.
const MaxListings = 8

// UnknownName is the word of a name guard cannot tell in a directory an
// extraction or a copy writes: DIR/UnknownName is checked as an unresolved
// path.
var UnknownName = word.Mark(word.MarkName, "")

// listable returns the reader and the path of word s for a listing, or
// false when guard cannot list what is there.
func (w *Ledger) listable(s string) (Lister, string, bool) {
	l, ok := w.Files.(Lister)
	if !ok || s == "" || s == "-" || !word.IsKnown(s) || strings.ContainsAny(s, "*?[") || w.nlist >= MaxListings {
		return nil, "", false
	}
	w.nlist++
	p := w.Where(strings.TrimRight(s, "/"))
	if p == "" {
		p = "."
	}
	return l, p, true
}

// Stale reports whether what is at word s, or under it, is the command's
// own: it wrote, extracted or linked there earlier, so what is on disk now
// is not what a later stage reads.
func (w *Ledger) Stale(s string) bool {
	p := w.Where(strings.TrimRight(s, "/"))
	if p == "" {
		p = "."
	}
	p = word.Clean(p)
	if _, written := w.WrittenEntry(p); written || w.MayLinkAt(s) != "" {
		return true
	}
	for _, f := range w.Written {
		if _, below := cutDir(f.Path, p); below || p == "." && !strings.HasPrefix(f.Path, "/") {
			return true
		}
	}
	return false
}

// StaleIn reports whether Stale holds for one of the entries names
// (plain names) of the directory word d names: what Stale(d/name) would
// say of one of them, with one pass over the writes instead of one a name.
// Only a write at, above or below the directory, or a link a stage may have
// made at an entry, can make an entry stale.
func (w *Ledger) StaleIn(d string, names []string) bool {
	if w.nearWrite(d, names) {
		for _, n := range names {
			if w.Stale(path.Join(d, n)) {
				return true
			}
		}
		return false
	}
	if len(w.mayLink) == 0 {
		return false
	}
	for _, n := range names {
		if w.MayLinkAt(path.Join(d, n)) != "" {
			return true
		}
	}
	return false
}

// nearWrite reports whether a recorded write may be at one of the entries
// names of the directory word d names, above it or below it (as Stale
// names paths), or cannot be placed.
func (w *Ledger) nearWrite(d string, names []string) bool {
	if w.writtenFull || len(w.fullDirs) > 0 {
		return true
	}
	p := "/"
	if t := strings.TrimRight(d, "/"); t != "" || d == "" {
		if p = w.Where(t); p == "" {
			p = "."
		}
		p = word.Clean(p)
	}
	for _, f := range w.Written {
		if f.Path == p || f.Path == "." || f.Path == "/" {
			return true
		}
		rest, ok := cutDir(f.Path, p)
		switch p {
		case ".":
			rest, ok = f.Path, !strings.HasPrefix(f.Path, "/")
		case "/":
			rest, ok = strings.CutPrefix(f.Path, "/")
		}
		if ok {
			first, _, _ := strings.Cut(rest, "/")
			if slices.Contains(names, first) {
				return true
			}
			continue
		}
		if _, ok := cutDir(p, f.Path); ok {
			return true
		}
	}
	return false
}

// Members returns the members of the archive file word s names, or false
// when guard cannot list them.
func (w *Ledger) Members(s string) ([]Member, bool) {
	l, p, ok := w.listable(s)
	if !ok {
		return nil, false
	}
	return l.Members(p)
}

// Tree returns the names below the directory word s names, depth levels
// down (see [Lister.Tree]), or false when guard cannot list them.
func (w *Ledger) Tree(s string, depth int) ([]string, bool) {
	l, p, ok := w.listable(s)
	if !ok {
		return nil, false
	}
	return l.Tree(p, depth)
}

// Listing reports whether the analysis has a reader that lists archives
// and trees: without one, what is on disk is not guard's to see.
func (w *Ledger) Listing() bool {
	_, ok := w.Files.(Lister)
	return ok
}

// WriteUnknownIn records that the command writes names guard cannot tell
// into directory word d: d/UnknownName, checked for what it could name,
// and each name d holds now, which a name written may be (a repository's
// .git in the directory an archive of unknown members is extracted into).
func (w *Ledger) WriteUnknownIn(d string) {
	dir := strings.TrimRight(d, "/")
	w.Write(dir + "/" + UnknownName)
	names, _ := w.Tree(d, 1)
	for _, n := range names {
		w.Write(dir + "/" + n)
	}
}
