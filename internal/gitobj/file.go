package gitobj

import "strings"

// FileAt returns the text of file p (a path from the working tree's top,
// slash-separated, without . or .. parts) as revision rev holds it, what
// git show REV:PATH prints: rev "" or ":0" to ":3" is the index (git show
// :PATH). found is false, with ok, when rev holds no file p: p is a
// directory (git prints its names, no file text) or nothing (git prints
// an error). ok is false when the revision or the file cannot be read
// within the bounds (see package documentation): guard cannot tell.
func (r *Repo) FileAt(rev, p string) (data []byte, found, ok bool) {
	keep := func(q, _ string) bool { return q == p || strings.HasPrefix(q, p+"/") }
	var files []File
	switch rev {
	case "", ":0", ":1", ":2", ":3":
		files, ok = r.IndexFiles(keep)
	default:
		var id ID
		if id, ok = r.Resolve(rev); ok {
			files, ok = r.Files(id, keep)
		}
	}
	if !ok {
		return nil, false, false
	}
	for _, f := range files {
		if f.Path != p {
			continue
		}
		typ, data, err := r.Object(f.ID)
		if err != nil || typ != "blob" {
			return nil, false, false
		}
		return data, true, true
	}
	return nil, false, true
}
