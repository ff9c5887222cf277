//go:build unix

package sandbox

import (
	"io/fs"
	"syscall"
)

// nlink returns the number of names of the file fi describes.
func nlink(fi fs.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink)
	}
	return 1
}
