package gitobj

import (
	"encoding/binary"
	"io/fs"
	"time"
)

// statMatches reports whether an index entry's cached stat data st (its
// first 40 bytes) still describes disk, the file's lstat, and the entry
// was written before index (the index file's lstat) was: git's own test
// that a file is unchanged without reading it. The inode and change time
// come from the platform (statTimes); where it gives none, no match.
func statMatches(st []byte, mode string, disk, index fs.FileInfo) bool {
	ctime, ino, ok := statTimes(disk)
	if !ok {
		return false
	}
	u32 := func(i int) uint32 { return binary.BigEndian.Uint32(st[i : i+4]) }
	same := func(at int, t time.Time) bool {
		return u32(at) == uint32(t.Unix()) && u32(at+4) == uint32(t.Nanosecond())
	}
	mtime := disk.ModTime()
	switch {
	case !same(0, ctime), !same(8, mtime), u32(20) != uint32(ino), u32(36) != uint32(disk.Size()):
		return false
	case mode == "120000":
		if disk.Mode()&fs.ModeSymlink == 0 {
			return false
		}
	case !disk.Mode().IsRegular() || (disk.Mode()&0o100 != 0) != (mode == "100755"):
		return false
	}
	// Racily clean: a file changed in the same instant the index was
	// written may keep its stat data; git compares its content.
	return mtime.Before(index.ModTime())
}
