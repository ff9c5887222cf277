//go:build unix

package hook

import (
	"os"
	"syscall"
)

// fileID returns the device and inode of the regular file at p (symbolic
// links followed) and its number of hard links; false when p is no regular
// file that can be looked up.
func fileID(p string) (fileKey, uint64, bool) {
	fi, err := os.Stat(p)
	if err != nil || !fi.Mode().IsRegular() {
		return fileKey{}, 0, false
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return fileKey{}, 0, false
	}
	return fileKey{uint64(st.Dev), uint64(st.Ino)}, uint64(st.Nlink), true
}
