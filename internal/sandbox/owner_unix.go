//go:build unix

package sandbox

import (
	"io/fs"
	"syscall"
)

// owner returns the user id that owns the file.
func owner(fi fs.FileInfo) (uint32, bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, false
	}
	return st.Uid, true
}
