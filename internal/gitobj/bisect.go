package gitobj

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// MaxBisect bounds the commits Bisect returns: a range with more is one
// guard does not walk.
const MaxBisect = 64

// Bisect returns the commits git bisect start BAD GOOD... may check out:
// the ancestors of bad (itself included) reached from it without passing
// a good one. Every commit git bisects between (reachable from bad, from
// no good) is one of them, since a path from bad to it through a good
// would make it a good's ancestor. With no good one, none (git waits for
// one). False when a bisection is already under
// way (git bisect start first checks out the revision it started from,
// kept in BISECT_START), when a good is not reached (git then tests merge
// bases), past MaxBisect commits, or when a commit cannot be read.
func (r *Repo) Bisect(bad ID, goods []ID) ([]ID, bool) {
	if _, err := os.Lstat(filepath.Join(r.gitDir, "BISECT_START")); !errors.Is(err, fs.ErrNotExist) {
		return nil, false
	}
	if len(goods) == 0 {
		return nil, true // waiting for a good one: nothing checked out
	}
	good := map[ID]bool{}
	for _, g := range goods {
		good[g] = true
	}
	reached := map[ID]bool{}
	seen := map[ID]bool{bad: true}
	var out []ID
	for queue := []ID{bad}; len(queue) > 0; queue = queue[1:] {
		c := queue[0]
		if good[c] {
			reached[c] = true
			continue
		}
		if out = append(out, c); len(out) > MaxBisect {
			return nil, false
		}
		_, parents, ok := r.Commit(c)
		if !ok {
			return nil, false
		}
		for _, p := range parents {
			if !seen[p] {
				seen[p] = true
				queue = append(queue, p)
			}
		}
	}
	return out, len(reached) == len(good)
}
