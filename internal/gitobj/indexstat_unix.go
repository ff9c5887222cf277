//go:build linux || darwin || freebsd

package gitobj

import (
	"io/fs"
	"syscall"
	"time"
)

// statTimes returns the change time and inode of fi, a file's lstat.
func statTimes(fi fs.FileInfo) (time.Time, uint64, bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return time.Time{}, 0, false
	}
	sec, nsec := ctimeOf(st)
	return time.Unix(sec, nsec), uint64(st.Ino), true
}
