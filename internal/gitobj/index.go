package gitobj

import (
	"bytes"
	"crypto/sha1"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"sort"

	"github.com/guardhq/guard/internal/regularfile"
)

// MaxIndexBytes bounds the index file read.
const MaxIndexBytes = 32 << 20

// IndexFiles returns the files the repository's index holds (every stage)
// that keep accepts by path and mode: what git checkout -- PATH and git restore PATH
// write into the working tree. It answers false when the index cannot be
// read within its bounds, is not one this reader understands (a version
// other than 2 to 4, a sparse index's directory entries), or past
// MaxChanges files kept. No index (a new repository) holds no file.
func (r *Repo) IndexFiles(keep func(p, mode string) bool) ([]File, bool) {
	return r.index(func(f File) bool { return keep(f.Path, f.Mode) })
}

// index returns the entries of the repository's index that keep accepts:
// none when there is no index, false when it cannot be read whole.
func (r *Repo) index(keep func(File) bool) ([]File, bool) {
	p := filepath.Join(r.gitDir, "index")
	if _, err := os.Lstat(p); errors.Is(err, fs.ErrNotExist) {
		return nil, true
	}
	data, err := regularfile.ReadFile(p, MaxIndexBytes)
	if err != nil {
		return nil, false
	}
	return parseIndex(data, keep)
}

// ParseIndex reads the entries of an index file (versions 2, 3 and 4),
// keeping those whose path keep accepts; the extensions after the
// entries are not read.
func ParseIndex(data []byte, keep func(string) bool) ([]File, bool) {
	return parseIndex(data, func(f File) bool { return keep(f.Path) })
}

// parseIndex is ParseIndex keeping the entries keep accepts by path, mode
// and blob.
func parseIndex(data []byte, keep func(File) bool) ([]File, bool) {
	return walkIndex(data, func(f File, _ []byte) bool { return keep(f) }, MaxChanges)
}

// walkIndex reads the entries of an index file, keeping those keep
// accepts (given each entry's fixed part: its 40 bytes of cached stat
// data, ctime, mtime, device, inode, mode, owner, group, size, then the
// object id, the flags and, in version 3 and 4, the extended flags), at
// most max of them.
func walkIndex(data []byte, keep func(File, []byte) bool, max int) ([]File, bool) {
	if len(data) < 12 || !bytes.Equal(data[:4], []byte("DIRC")) {
		return nil, false
	}
	version, n := binary.BigEndian.Uint32(data[4:8]), binary.BigEndian.Uint32(data[8:12])
	if version < 2 || version > 4 || uint64(n) > uint64(len(data))/40 {
		return nil, false
	}
	var out []File
	rest, prev := data[12:], []byte(nil)
	for range n {
		if len(rest) < 62 {
			return nil, false
		}
		mode, flags := binary.BigEndian.Uint32(rest[24:28]), binary.BigEndian.Uint16(rest[60:62])
		var id ID
		copy(id[:], rest[40:60])
		head := 62
		if flags&0x4000 != 0 {
			if version < 3 {
				return nil, false
			}
			head += 2
		}
		name, used, ok := indexName(rest, head, version, prev)
		if !ok {
			return nil, false
		}
		m, ok := indexMode(mode)
		if !ok {
			return nil, false // a sparse index's directory, a mode git does not write
		}
		if f := (File{string(name), m, id}); m != "160000" && keep(f, rest[:head]) {
			if out = append(out, f); len(out) > max {
				return nil, false
			}
		}
		prev, rest = name, rest[used:]
	}
	return out, true
}

// IndexAssumes reports whether an entry of the index is marked
// assume-unchanged or skip-worktree (git update-index
// --assume-unchanged, a sparse checkout): git then takes the index's copy
// for the working tree's, whatever the disk holds. True too when the
// index cannot be read whole.
func (r *Repo) IndexAssumes() bool {
	data, err := regularfile.ReadFile(filepath.Join(r.gitDir, "index"), MaxIndexBytes)
	if errors.Is(err, fs.ErrNotExist) {
		return false
	}
	if err != nil {
		return true
	}
	assumes := false
	_, ok := walkIndex(data, func(_ File, fixed []byte) bool {
		flags := binary.BigEndian.Uint16(fixed[60:62])
		assumes = assumes || flags&0x8000 != 0 || flags&0x4000 != 0 && len(fixed) >= 64 && binary.BigEndian.Uint16(fixed[62:64])&0x4000 != 0
		return false
	}, math.MaxInt)
	return !ok || assumes
}

// maxIndexStats bounds the entries IndexChanged compares with the disk.
const maxIndexStats = 1 << 16

// IndexChanged returns the files of the index (stage 0 and others, not
// submodules) that keep accepts by path and mode and whose copy in the
// working tree under r.Top git could find changed: every entry whose
// cached stat data no longer matches the file (size, modification and
// change times, inode, type and executable bit), or matches it but was
// written no earlier than the index itself (git's "racily clean" entry,
// whose content git compares). An entry whose stat data matches is one
// git diff prints nothing of, as git trusts the same data; the change
// time cannot be set back without the system clock. False past
// maxIndexStats entries kept, past MaxChanges that may differ, or when the
// index cannot be read; where the platform's stat data is not compared
// (statMatches), every kept entry may differ.
func (r *Repo) IndexChanged(keep func(p, mode string) bool) ([]File, bool) {
	p := filepath.Join(r.gitDir, "index")
	fi, err := os.Lstat(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, true
	}
	if err != nil {
		return nil, false
	}
	data, err := regularfile.ReadFile(p, MaxIndexBytes)
	if err != nil {
		return nil, false
	}
	stated := 0
	return walkIndex(data, func(f File, st []byte) bool {
		if !keep(f.Path, f.Mode) {
			return false
		}
		if stated++; stated > maxIndexStats {
			return true // past the bound: kept, and counted against MaxChanges
		}
		disk, err := os.Lstat(filepath.Join(r.Top, filepath.FromSlash(f.Path)))
		return err != nil || !statMatches(st, f.Mode, disk, fi)
	}, MaxChanges)
}

// indexName returns the path of the entry at the start of rest (its
// fixed part head bytes long) and the bytes the entry takes: in version 4
// the path is prev less a number of trailing bytes plus a suffix, in 2
// and 3 it is whole, padded with NULs to a multiple of 8.
func indexName(rest []byte, head int, version uint32, prev []byte) ([]byte, int, bool) {
	if head > len(rest) {
		return nil, 0, false
	}
	if version == 4 {
		strip, k, ok := indexVarint(rest[head:])
		if !ok || strip > uint64(len(prev)) {
			return nil, 0, false
		}
		end := bytes.IndexByte(rest[head+k:], 0)
		if end < 0 {
			return nil, 0, false
		}
		name := append(append([]byte{}, prev[:len(prev)-int(strip)]...), rest[head+k:head+k+end]...)
		return name, head + k + end + 1, validIndexPath(name)
	}
	end := bytes.IndexByte(rest[head:], 0)
	if end < 0 {
		return nil, 0, false
	}
	used := (head + end + 8) &^ 7
	if used > len(rest) {
		return nil, 0, false
	}
	name := rest[head : head+end]
	return name, used, validIndexPath(name)
}

// indexVarint reads git's offset varint (each continuation adds one
// before shifting), returning the value and the bytes read.
func indexVarint(b []byte) (uint64, int, bool) {
	if len(b) == 0 {
		return 0, 0, false
	}
	v, i := uint64(b[0]&127), 1
	for b[i-1]&128 != 0 {
		if i >= len(b) || i > 8 {
			return 0, 0, false
		}
		v = (v+1)<<7 | uint64(b[i]&127)
		i++
	}
	return v, i, true
}

// validIndexPath reports whether name is a path git writes in an index: not
// empty, relative, no . or .. element, no empty element.
func validIndexPath(name []byte) bool {
	if len(name) == 0 || name[0] == '/' || name[len(name)-1] == '/' {
		return false
	}
	for _, e := range bytes.Split(name, []byte("/")) {
		if len(e) == 0 || string(e) == "." || string(e) == ".." {
			return false
		}
	}
	return true
}

// indexMode returns the tree mode of an index entry's mode word: a file
// (644 or 755), a link, a gitlink.
func indexMode(mode uint32) (string, bool) {
	switch mode {
	case 0o100644, 0o100664:
		return "100644", true
	case 0o100755:
		return "100755", true
	case 0o120000:
		return "120000", true
	case 0o160000:
		return "160000", true
	}
	return "", false
}

// BlobID returns the id git gives a blob holding data (SHA-1, the object
// format this reader knows): a file on disk whose BlobID is its index
// entry's holds the text git reads from either.
func BlobID(data []byte) ID {
	h := sha1.New()
	fmt.Fprintf(h, "blob %d\x00", len(data))
	h.Write(data)
	var id ID
	copy(id[:], h.Sum(nil))
	return id
}

// IndexDiff returns the files keep accepts (by path and mode, submodules
// aside) where the index differs from commit id's tree by object id or
// mode, the tree's side and the index's (a file on one side only: that
// side's; a conflicted path: every stage): what git diff --cached prints
// the text of. Every tree and the whole index are read (within the
// object bound and MaxIndexBytes), and only the files that differ count
// against MaxChanges, so a large tree with a few staged files is within
// it. False past the bounds or when an object cannot be read.
func (r *Repo) IndexDiff(id ID, keep func(p, mode string) bool) (tree, index []File, ok bool) {
	staged := map[string][]File{}
	if _, ok := r.index(func(f File) bool {
		if keep(f.Path, f.Mode) {
			staged[f.Path] = append(staged[f.Path], f)
		}
		return false // none is listed: the map holds them
	}); !ok {
		return nil, nil, false
	}
	top, _, ok := r.Commit(id)
	if !ok {
		return nil, nil, false
	}
	seen := map[string]bool{}
	ok = r.walkFiles(top, "", func(f File) bool {
		if f.Mode == "160000" || !keep(f.Path, f.Mode) {
			return true
		}
		seen[f.Path] = true
		if s := staged[f.Path]; len(s) != 1 || s[0].ID != f.ID || s[0].Mode != f.Mode {
			tree, index = append(tree, f), append(index, s...)
		}
		return len(tree)+len(index) <= MaxChanges
	})
	if !ok {
		return nil, nil, false
	}
	for p, s := range staged {
		if !seen[p] {
			index = append(index, s...)
		}
	}
	sort.Slice(index, func(i, j int) bool { return index[i].Path < index[j].Path })
	return tree, index, len(tree)+len(index) <= MaxChanges
}
