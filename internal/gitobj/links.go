package gitobj

// Symbolic links in a tree. A tree entry of mode 120000 is
// a symbolic link whose blob is its target's text: git checkout, merge,
// cherry-pick and restore write it into the working tree as ln -s does.

// MaxLinkTarget bounds a link's target text (the kernel's PATH_MAX).
const MaxLinkTarget = 4096

// Links returns the symbolic links (mode 120000) of commit id's tree,
// walking every subtree; false past MaxChanges links, past the object
// bound, or when an object cannot be read.
func (r *Repo) Links(id ID) ([]File, bool) {
	tree, _, ok := r.Commit(id)
	if !ok {
		return nil, false
	}
	var out []File
	if !r.files(tree, "", func(_, mode string) bool { return mode == "120000" }, &out) {
		return nil, false
	}
	return out, true
}

// IndexLinks returns the symbolic links the repository's index holds, as
// IndexFiles does its files.
func (r *Repo) IndexLinks() ([]File, bool) {
	return r.index(func(f File) bool { return f.Mode == "120000" })
}

// LinkTarget returns the target text of link blob id; false when it
// cannot be read, is not a blob, is longer than MaxLinkTarget or holds a
// NUL (git refuses to check such a link out; guard cannot tell it).
func (r *Repo) LinkTarget(id ID) (string, bool) {
	kind, data, err := r.Object(id)
	if err != nil || kind != "blob" || len(data) == 0 || len(data) > MaxLinkTarget {
		return "", false
	}
	for _, b := range data {
		if b == 0 {
			return "", false
		}
	}
	return string(data), true
}
