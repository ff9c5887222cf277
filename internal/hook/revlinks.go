package hook

import (
	"path/filepath"

	"github.com/guardhq/guard/internal/gitobj"
	"github.com/guardhq/guard/internal/shell"
	"github.com/guardhq/guard/internal/shell/effect"
)

// RevLinks implements effect.RevLinker: the symbolic links (mode 120000)
// of revision rev's tree, or of the index for shell.RevIndex, that the
// working tree does not hold with the same target, with their targets'
// text, relative to dir. A link whose target guard cannot
// read makes the answer RevUnknown.
func (f runFiles) RevLinks(dir, rev string) ([]effect.RevLink, shell.RevStatus) {
	return f.revLinks(dir, rev, false)
}

// TreeRevLinks implements effect.NewTreeLinker: every symbolic link of
// revision rev's tree, relative to the tree's top, as a new working tree
// (git clone of a local repository, git worktree add) gets them.
func (f runFiles) TreeRevLinks(dir, rev string) ([]effect.RevLink, shell.RevStatus) {
	r, _, st := f.repoAt(dir)
	if st != shell.RevKnown {
		return nil, st
	}
	return f.revLinks(r.Top, rev, true)
}

// revLinks returns rev's links relative to dir; all: those the working
// tree holds already too.
func (f runFiles) revLinks(dir, rev string, all bool) ([]effect.RevLink, shell.RevStatus) {
	r, full, st := f.repoAt(dir)
	if st != shell.RevKnown {
		return nil, st
	}
	ok := false
	var files []gitobj.File
	if rev == shell.RevIndex {
		files, ok = r.IndexLinks()
	} else if id, resolved := r.Resolve(rev); resolved {
		files, ok = r.Links(id)
	}
	if !ok {
		return nil, shell.RevUnknown
	}
	var paths, targets []string
	for _, fl := range files {
		if !all && sameOnDisk(filepath.Join(r.Top, filepath.FromSlash(fl.Path)), fl) {
			continue // there already: git writes nothing new
		}
		t, ok := r.LinkTarget(fl.ID)
		if !ok {
			return nil, shell.RevUnknown
		}
		paths, targets = append(paths, fl.Path), append(targets, t)
	}
	rel, st := relativeTo(full, r.Top, paths)
	if st != shell.RevKnown {
		return nil, st
	}
	out := make([]effect.RevLink, len(rel))
	for i := range rel {
		out[i] = effect.RevLink{Path: rel[i], Target: targets[i]}
	}
	return out, shell.RevKnown
}
