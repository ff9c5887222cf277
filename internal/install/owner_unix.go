//go:build unix

package install

import (
	"io/fs"
	"os"
	"syscall"
)

// ownerOther returns the owner's uid of fi when it is not the running user.
func ownerOther(fi fs.FileInfo) (uid int, other bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, false
	}
	return int(st.Uid), int(st.Uid) != os.Geteuid()
}
