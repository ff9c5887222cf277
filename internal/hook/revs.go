package hook

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/guardhq/guard/internal/gitobj"
	"github.com/guardhq/guard/internal/shell"
)

// RevChanges implements shell.RevReader: the repository holding directory
// dir is read (package gitobj: loose and packed objects, bounded, no git
// run), and the paths where revision to's tree differs from from's are
// returned relative to dir. A to that does not resolve but names a path on
// disk is a pathspec (git checkout FILE): RevNone.
func (f runFiles) RevChanges(dir, from, to string) ([]string, shell.RevStatus) {
	full, ok := f.resolve(dir)
	if !ok {
		return nil, shell.RevUnknown
	}
	r, ok := gitobj.Find(full)
	if !ok {
		return nil, shell.RevNone
	}
	if r.Replaced() {
		return nil, shell.RevUnknown // replace refs, grafts, alternates: not the objects read
	}
	b, ok := r.Resolve(to)
	if !ok && to == "refs/stash" && !r.HasRef(to) {
		return nil, shell.RevNone // no stash: git stash pop fails, writing nothing
	}
	if !ok {
		if _, err := os.Lstat(filepath.Join(full, filepath.FromSlash(to))); err == nil || !errors.Is(err, fs.ErrNotExist) {
			return nil, shell.RevNone
		}
		return nil, shell.RevUnknown
	}
	a, ok := r.Resolve(from)
	if !ok {
		return nil, shell.RevUnknown
	}
	changed, ok := r.Changes(a, b)
	if !ok {
		return nil, shell.RevUnknown
	}
	up, err := filepath.Rel(filepath.Clean(full), r.Top)
	if err != nil || !(up == "." || up == ".." || strings.HasPrefix(up, ".."+string(filepath.Separator))) {
		return nil, shell.RevUnknown
	}
	out := make([]string, len(changed))
	for i, c := range changed {
		out[i] = path.Join(filepath.ToSlash(up), c)
	}
	return out, shell.RevKnown
}
