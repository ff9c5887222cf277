package effect

import (
	"slices"

	"github.com/guardhq/guard/internal/shell/word"
)

// An archive the command makes (tar c -f A, zip A, 7z a A, python's
// shutil.make_archive) holds the files it read to make it; the archive
// does not exist yet when guard looks at the disk, so a later read of it
// in the same command (tar xOf A, unzip -p A, a tarfile opened in code)
// is recorded as a read of what it holds: the trees and files the
// archiver read, as recorded then. An archive whose sources guard cannot
// tell holds a name guard cannot tell (word.UnknownSubst). A copy, move
// or hard link of an archive holds what it held (archiveAt).

// maxArchives bounds the archives remembered, as MaxWritten bounds files.
const maxArchives = 16

// archive is an archive the command makes: its path as recorded, and the
// reads it holds.
type archive struct {
	path  string
	holds []string
	// stdout: a program's standard output guard does not model (someprog
	// . > o.bin): what a reader prints of it as it is, the program could
	// have printed itself; only a reader that decodes it reads the holds
	// again (StdoutHolds).
	stdout bool
	// gen is the ledger's archive count once it was recorded
	// (Ledger.archiveGen, from 1).
	gen int
}

// Archived records that the file word a names is an archive the command
// makes of holds, reads as the ledger records them (Analysis.Reads); a
// read of a itself or under it is not held.
func (w *Ledger) Archived(a string, holds []string) {
	w.archived(a, holds, false)
}

// ArchivedStdout records that the file word a names holds the standard
// output of a program guard does not model that read holds (see
// archive.stdout).
func (w *Ledger) ArchivedStdout(a string, holds []string) {
	w.archived(a, holds, true)
}

func (w *Ledger) archived(a string, holds []string, stdout bool) {
	p, ok := w.recordedAs(a)
	if !ok {
		return
	}
	var kept []string // each once: an archive made again of what it held would double them at every round
	tree := treeOf(p)
	for _, h := range holds {
		if c := word.Clean(h); c != p && c != tree && len(kept) < MaxLinks && !slices.Contains(kept, h) {
			kept = append(kept, h)
		}
	}
	if len(kept) == 0 {
		return
	}
	w.archiveGen++
	for i := range w.archives {
		if w.archives[i].path == p {
			w.archives[i] = archive{p, kept, stdout, w.archiveGen}
			return
		}
	}
	if len(w.archives) < maxArchives {
		w.archives = append(w.archives, archive{p, kept, stdout, w.archiveGen})
	}
}

// Archives returns the count of archives recorded so far, for
// HeldBefore.
func (w *Ledger) Archives() int { return w.archiveGen }

// HeldBefore runs f with the archives recorded after the first n left
// out of what a read holds (held): a build-file line's word scan reads a
// statement's words as they are before the line runs; the typed analysis
// of the line, run first, judged what its archives hold where the line
// reads them (go build -o bin/app . touches bin/app, which then holds
// the project: its own word is no read of that).
func (w *Ledger) HeldBefore(n int, f func()) {
	defer func(b int) { w.heldBefore = b }(w.heldBefore)
	if w.heldBefore == 0 || n+1 < w.heldBefore {
		w.heldBefore = n + 1
	}
	f()
}

// ArchivedTree records that the file word a names is an archive the
// command makes of the directory word dir names, whole (make_archive's
// root_dir); "" for a directory guard cannot tell.
func (w *Ledger) ArchivedTree(a, dir string) {
	if dir == "" {
		w.Archived(a, []string{word.Mark(word.MarkSubst, "")})
		return
	}
	if d, ok := w.recordedAs(dir); ok {
		w.Archived(a, []string{d, treeOf(d)})
	}
}

// recordedAs returns the path word s names as the ledger records it (see
// pathOf), cleaned.
func (w *Ledger) recordedAs(s string) (string, bool) {
	p, ok := Candidate(s)
	if !ok || !word.IsKnown(p) {
		return "", false
	}
	if q, ok := w.DirVar(p); ok {
		return word.Clean(q), true
	}
	return word.Clean(Under(w.Dir, p)), true
}

// held records, for a read of recorded path p that is an archive the
// command made, the reads it holds: what the reader prints of them is
// judged as its own reads are (opaque, unattributed, quiet).
func (w *Ledger) held(p string) {
	if a := w.archiveAt(word.Clean(p)); a != nil && !a.stdout && (w.heldBefore == 0 || a.gen < w.heldBefore) {
		*w.ReadList = append(*w.ReadList, a.holds...)
	}
}

// StdoutHolds returns, for recorded path p, the reads an unknown
// program's standard output written there holds (ArchivedStdout): a
// reader that decodes it (tar xOf, zcat, unzip -p) reads them again.
func (w *Ledger) StdoutHolds(p string) []string {
	if a := w.archiveAt(word.Clean(p)); a != nil && a.stdout {
		return a.holds
	}
	return nil
}

// archiveAt returns the archive the command made that the file at the
// cleaned path p holds: made there, or copied, moved or hard-linked there
// from where it was made (cp o.tar p.tar, mv, ln: a copy holds its
// source's text, as WrittenEntry follows it), a few copies deep.
func (w *Ledger) archiveAt(p string) *archive {
	for range 4 {
		for i := range w.archives {
			if w.archives[i].path == p {
				return &w.archives[i]
			}
		}
		e, ok := w.WrittenEntry(p)
		if !ok || e.from == "" {
			return nil
		}
		p = e.from
	}
	return nil
}

// MadeArchive reports whether the file word s names is an archive the
// command made earlier (Archived), or a copy of one.
func (w *Ledger) MadeArchive(s string) bool {
	p, ok := w.recordedAs(s)
	return ok && w.archiveAt(p) != nil
}
