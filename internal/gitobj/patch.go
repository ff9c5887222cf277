package gitobj

// What git prints of committed text beyond one file: the
// files a commit's patch shows (git show REV), a diff of two commits (git
// diff A B), a history's patches (git log -p): the objects of both sides
// of every changed file, for the caller to read within its own bounds.

// Blob is an object a patch shows and the path (from the top,
// slash-separated) of the file it is a side of: what git prints under
// that file's name.
type Blob struct {
	ID   ID
	Path string
}

// DiffBlobs returns the objects (blobs and links) of both sides of the
// files where commit b's tree differs from commit a's (a zero a: the
// empty tree, a root commit's patch), each with its file's path. False
// past MaxChanges paths or when an object cannot be read.
func (r *Repo) DiffBlobs(a, b ID) ([]Blob, bool) {
	var ta ID
	if a != (ID{}) {
		var ok bool
		if ta, _, ok = r.Commit(a); !ok {
			return nil, false
		}
	}
	tb, _, ok := r.Commit(b)
	if !ok {
		return nil, false
	}
	var paths []string
	var blobs []Blob
	if !r.diff(ta, tb, "", &paths, &blobs) {
		return nil, false
	}
	return blobs, true
}

// PatchBlobs returns the objects of both sides of the files commit id
// changes against each of its parents (the empty tree for a root
// commit), each with its file's path: a superset of what git show ID
// prints of file text, a merge's combined diff too.
func (r *Repo) PatchBlobs(id ID) ([]Blob, bool) {
	_, parents, ok := r.Commit(id)
	if !ok {
		return nil, false
	}
	if len(parents) == 0 {
		parents = []ID{{}}
	}
	var out []Blob
	for _, p := range parents {
		blobs, ok := r.DiffBlobs(p, id)
		if !ok || len(out)+len(blobs) > MaxChanges {
			return nil, false
		}
		out = append(out, blobs...)
	}
	return out, true
}

// History returns the commits reachable from id (id first, breadth-first
// over every parent), at most n; more is true when there are others.
func (r *Repo) History(id ID, n int) (ids []ID, more, ok bool) {
	seen := map[ID]bool{id: true}
	queue := []ID{id}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if len(ids) == n {
			return ids, true, true
		}
		ids = append(ids, c)
		_, parents, ok := r.Commit(c)
		if !ok {
			return nil, false, false
		}
		for _, p := range parents {
			if !seen[p] {
				seen[p] = true
				queue = append(queue, p)
			}
		}
	}
	return ids, false, true
}

// Limit makes the later DiffBlobs and PatchBlobs of r return the objects
// of the files whose path (from the top) keep accepts only: a pathspec
// (git log -p -- README prints README's diffs only). A
// nil keep accepts every file.
func (r *Repo) Limit(keep func(path string) bool) {
	r.keep = keep
}
