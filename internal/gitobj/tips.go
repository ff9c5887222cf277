package gitobj

// What git's printers of any commit (git fast-export --all, git log -p
// --all) and of an object named by its id (git cat-file -p ID) start
// from: every ref's commit, HEAD's reflog, an object of any type.

import (
	"encoding/hex"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/guardhq/guard/internal/regularfile"
)

// maxTips bounds the refs and reflog entries Tips reads.
const maxTips = 256

// Named returns the object rev names (a whole or abbreviated hex id, a
// ref; no ~ or ^ steps) and its type, a tag not peeled: what git
// cat-file -p ID and git show ID print (a blob's text, a tree's names).
func (r *Repo) Named(rev string) (ID, string, bool) {
	if strings.ContainsAny(rev, "~^:") {
		return ID{}, "", false
	}
	id, ok := r.ref(rev, 0)
	if !ok {
		return ID{}, "", false
	}
	typ, _, err := r.Object(id)
	if err != nil {
		return ID{}, "", false
	}
	return id, typ, true
}

// Tips returns the commits a walk of the whole repository starts from:
// HEAD, every ref under refs/ (loose or packed, tags peeled; a ref to
// another object is left), and the commits HEAD's reflog names. False
// past maxTips or for a ref or reflog it cannot read.
func (r *Repo) Tips() ([]ID, bool) {
	var out []ID
	seen := map[ID]bool{}
	add := func(id ID) bool {
		if c, ok := r.peel(id); ok && !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
		return len(seen) <= maxTips
	}
	if id, there, ok := r.refFile("HEAD", 0); there && ok {
		add(id)
	} else if there {
		return nil, false
	}
	ok := true
	n := 0
	err := filepath.WalkDir(filepath.Join(r.common, "refs"), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			ok = false
			return fs.SkipAll
		}
		if n++; n > maxTips {
			ok = false
			return fs.SkipAll
		}
		if d.IsDir() {
			return nil
		}
		rel, _ := filepath.Rel(r.common, p)
		id, there, read := r.refFile(filepath.ToSlash(rel), 0)
		if there && read {
			ok = ok && add(id)
		} else if there {
			ok = false
		}
		return nil
	})
	if err != nil && !os.IsNotExist(err) || !ok {
		return nil, false
	}
	for _, f := range []string{filepath.Join(r.common, "packed-refs"), filepath.Join(r.gitDir, "logs", "HEAD")} {
		data, err := regularfile.ReadFile(f, maxRefBytes)
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			return nil, false
		}
		for _, line := range strings.Split(string(data), "\n") {
			var id ID
			switch {
			case strings.HasSuffix(f, "packed-refs") && len(line) > 41 && line[40] == ' ':
				if _, err := hex.Decode(id[:], []byte(line[:40])); err != nil {
					continue
				}
			case strings.HasSuffix(f, "HEAD") && len(line) > 82 && line[40] == ' ':
				if _, err := hex.Decode(id[:], []byte(line[41:81])); err != nil || id == (ID{}) {
					continue
				}
			default:
				continue
			}
			if !add(id) {
				return nil, false
			}
		}
	}
	return out, true
}

// TreeFiles returns the files (blobs and links) of the tree of id, a
// commit, a tag of one, or a tree: what git archive ID and git grep X ID
// print. False as Files.
func (r *Repo) TreeFiles(id ID) ([]File, bool) {
	typ, _, err := r.Object(id)
	if err != nil {
		return nil, false
	}
	if typ != "tree" {
		c, ok := r.peel(id)
		if !ok {
			return nil, false
		}
		return r.Files(c, func(string, string) bool { return true })
	}
	var out []File
	if !r.files(id, "", func(p, mode string) bool { return mode != "160000" }, &out) {
		return nil, false
	}
	return out, true
}
