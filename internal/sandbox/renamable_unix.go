//go:build unix

package sandbox

import (
	"os"
	"path/filepath"
	"syscall"
)

// renamable reports whether the user can rename the existing directory
// dir: its parent is writable.
func renamable(dir string) bool {
	fi, err := os.Stat(dir)
	if err != nil || !fi.IsDir() {
		return false
	}
	return syscall.Access(filepath.Dir(dir), 2 /* W_OK */) == nil
}

// permitted reports whether the user may write (or read) the file at p as
// far as its permissions go: false only when they refuse (EACCES), not when
// this path's mount is read-only, which another name's may not be.
func permitted(p string, write bool) bool {
	mode := uint32(4) // R_OK
	if write {
		mode = 2 // W_OK
	}
	return syscall.Access(p, mode) != syscall.EACCES
}
