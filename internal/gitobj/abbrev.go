package gitobj

// Abbreviated object ids: git log --oneline prints the
// first hex digits of each commit's id, and git show 5d34ddf names the
// commit by them. git takes a name that is no ref and 4 to 39 hex digits
// as the prefix of an object id: the one object of the repository whose id
// starts with it, an error when several do.

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/guardhq/guard/internal/regularfile"
)

// maxLooseNames bounds the names read from one loose object directory.
const maxLooseNames = 1 << 14

// isAbbrev reports whether name is 4 to 39 hex digits.
func isAbbrev(name string) bool {
	if len(name) < 4 || len(name) >= 40 {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return true
}

// abbrev resolves hex prefix name to the one object id starting with it,
// among the loose objects and the pack indexes; false when none does,
// several do, or a directory or index cannot be read within bounds.
func (r *Repo) abbrev(name string) (ID, bool) {
	if !isAbbrev(name) {
		return ID{}, false
	}
	prefix := strings.ToLower(name)
	var found []ID
	add := func(id ID) {
		for _, f := range found {
			if f == id {
				return
			}
		}
		found = append(found, id)
	}
	ids, ok := looseWith(filepath.Join(r.common, "objects", prefix[:2]), prefix)
	if !ok {
		return ID{}, false
	}
	for _, id := range ids {
		add(id)
	}
	if !r.listed {
		r.listed = true
		r.packs, _ = filepath.Glob(filepath.Join(r.common, "objects", "pack", "*.idx"))
		if len(r.packs) > maxPacks {
			r.packs = nil
			return ID{}, false
		}
	}
	for _, idx := range r.packs {
		ids, ok := indexWith(idx, prefix)
		if !ok {
			return ID{}, false
		}
		for _, id := range ids {
			add(id)
		}
	}
	if len(found) != 1 {
		return ID{}, false
	}
	return found[0], true
}

// looseWith returns the ids of the loose objects in directory dir (the
// objects/XX of the prefix's first two digits) that start with prefix, at
// most two; false past maxLooseNames names or on an error other than a
// missing directory.
func looseWith(dir, prefix string) ([]ID, bool) {
	f, err := os.Open(dir)
	if os.IsNotExist(err) {
		return nil, true
	}
	if err != nil {
		return nil, false
	}
	defer f.Close()
	names, err := f.Readdirnames(maxLooseNames + 1)
	if len(names) > maxLooseNames || err != nil && len(names) == 0 && !isEOF(err) {
		return nil, false
	}
	var out []ID
	for _, n := range names {
		full := prefix[:2] + n
		if len(full) != 40 || !strings.HasPrefix(full, prefix) {
			continue
		}
		b, err := hex.DecodeString(full)
		if err != nil {
			continue
		}
		var id ID
		copy(id[:], b)
		if out = append(out, id); len(out) > 1 {
			break
		}
	}
	return out, true
}

// isEOF reports whether err is the end of a directory listing.
func isEOF(err error) bool {
	return errors.Is(err, io.EOF)
}

// indexWith returns the ids in pack index idx (version 2) that start with
// hex prefix, at most two, by binary search within the prefix's first
// byte; false when the index cannot be read.
func indexWith(idx, prefix string) ([]ID, bool) {
	f, err := regularfile.Open(idx)
	if err != nil {
		return nil, false
	}
	defer f.Close()
	var hdr [8 + 256*4]byte
	if _, err := f.ReadAt(hdr[:], 0); err != nil || !bytes.Equal(hdr[:4], []byte{0xff, 't', 'O', 'c'}) || binary.BigEndian.Uint32(hdr[4:8]) != 2 {
		return nil, false
	}
	first, err := hex.DecodeString(prefix[:2])
	if err != nil {
		return nil, false
	}
	fan := func(i int) int64 { return int64(binary.BigEndian.Uint32(hdr[8+4*i:])) }
	lo, hi := int64(0), fan(int(first[0]))
	if first[0] > 0 {
		lo = fan(int(first[0]) - 1)
	}
	if lo > hi || hi > fan(255) {
		return nil, false
	}
	const names = 8 + 256*4
	var name [20]byte
	read := func(i int64) (string, bool) {
		if _, err := f.ReadAt(name[:], names+i*20); err != nil {
			return "", false
		}
		return hex.EncodeToString(name[:]), true
	}
	end := hi
	for lo < hi { // the first entry not below prefix
		mid := lo + (hi-lo)/2
		h, ok := read(mid)
		if !ok {
			return nil, false
		}
		if h < prefix {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	var out []ID
	for i := lo; i < end && len(out) < 2; i++ {
		h, ok := read(i)
		if !ok {
			return nil, false
		}
		if !strings.HasPrefix(h, prefix) {
			break
		}
		var id ID
		copy(id[:], name[:])
		out = append(out, id)
	}
	return out, true
}
