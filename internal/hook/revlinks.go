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
// text, relative to dir (review 10 F13). A link whose target guard cannot
// read makes the answer RevUnknown.
func (f runFiles) RevLinks(dir, rev string) ([]effect.RevLink, shell.RevStatus) {
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
		if sameOnDisk(filepath.Join(r.Top, filepath.FromSlash(fl.Path)), fl) {
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
