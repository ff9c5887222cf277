package gitobj

import (
	"path"
	"sort"
)

// Changes returns the paths of the working tree (relative to its top,
// slash-separated) where commit to's tree differs from commit from's: the
// files a checkout of to over from writes or deletes. Identical subtrees
// are skipped by name, so the cost is the trees on the changed paths. It
// answers false past MaxChanges paths or when an object cannot be read.
func (r *Repo) Changes(from, to ID) ([]string, bool) {
	ta, _, ok := r.Commit(from)
	if !ok {
		return nil, false
	}
	tb, _, ok := r.Commit(to)
	if !ok {
		return nil, false
	}
	var out []string
	if !r.diff(ta, tb, "", &out, nil) {
		return nil, false
	}
	sort.Strings(out)
	return out, true
}

// diff appends to out the paths under prefix where trees a and b differ
// (a zero ID is an absent tree), and to blobs (when not nil) the objects
// of both sides of those files (blobs and links, not submodules), each
// with its path.
func (r *Repo) diff(a, b ID, prefix string, out *[]string, blobs *[]Blob) bool {
	if a == b {
		return true
	}
	ea, eb := map[string]Entry{}, map[string]Entry{}
	for _, side := range []struct {
		id ID
		m  map[string]Entry
	}{{a, ea}, {b, eb}} {
		if side.id == (ID{}) {
			continue
		}
		es, err := r.Tree(side.id)
		if err != nil {
			return false
		}
		for _, e := range es {
			side.m[e.Name] = e
		}
	}
	visit := func(name string) bool {
		x, inA := ea[name]
		y, inB := eb[name]
		if inA && inB && x.ID == y.ID && x.Mode == y.Mode {
			return true
		}
		p := path.Join(prefix, name)
		var sa, sb ID
		if inA && x.IsTree() {
			sa = x.ID
		}
		if inB && y.IsTree() {
			sb = y.ID
		}
		if ((inA && !x.IsTree()) || (inB && !y.IsTree())) && (blobs == nil || r.keep == nil || r.keep(p)) {
			*out = append(*out, p) // a file written, deleted, or replacing a tree (a patch's: one the pathspec keeps)
		}
		if blobs != nil && (r.keep == nil || r.keep(p)) {
			if inA && !x.IsTree() && x.Mode != "160000" {
				*blobs = append(*blobs, Blob{ID: x.ID, Path: p})
			}
			if inB && !y.IsTree() && y.Mode != "160000" {
				*blobs = append(*blobs, Blob{ID: y.ID, Path: p})
			}
		}
		if sa != (ID{}) || sb != (ID{}) {
			if !r.diff(sa, sb, p, out, blobs) {
				return false
			}
		}
		return len(*out) <= MaxChanges
	}
	for name := range ea {
		if !visit(name) {
			return false
		}
	}
	for name := range eb {
		if _, seen := ea[name]; !seen && !visit(name) {
			return false
		}
	}
	return true
}

// File is one file of a tree, by its path from the tree's top.
type File struct {
	Path string
	Mode string
	ID   ID
}

// Files returns the files (blobs and links, not submodules) of commit
// id's tree that keep accepts by path and mode, walking every subtree (a name git
// writes may be at any depth: .husky/pre-commit, sub/.vscode/tasks.json).
// It answers false past MaxChanges files kept, past the object bound, or
// when an object cannot be read.
func (r *Repo) Files(id ID, keep func(p, mode string) bool) ([]File, bool) {
	tree, _, ok := r.Commit(id)
	if !ok {
		return nil, false
	}
	var out []File
	if !r.files(tree, "", func(p, mode string) bool { return mode != "160000" && keep(p, mode) }, &out) {
		return nil, false
	}
	return out, true
}

// files appends to out the entries of tree id under prefix, at any depth,
// that keep accepts by path and mode (subtrees are walked, not kept).
func (r *Repo) files(id ID, prefix string, keep func(p, mode string) bool, out *[]File) bool {
	return r.walkFiles(id, prefix, func(f File) bool {
		if keep(f.Path, f.Mode) {
			*out = append(*out, f)
		}
		return len(*out) <= MaxChanges
	})
}

// walkFiles calls fn for each file (blob, link or submodule) of tree id
// under prefix, at any depth, until it returns false.
func (r *Repo) walkFiles(id ID, prefix string, fn func(File) bool) bool {
	es, err := r.Tree(id)
	if err != nil {
		return false
	}
	for _, e := range es {
		p := path.Join(prefix, e.Name)
		if e.IsTree() {
			if !r.walkFiles(e.ID, p, fn) {
				return false
			}
		} else if !fn(File{p, e.Mode, e.ID}) {
			return false
		}
	}
	return true
}
