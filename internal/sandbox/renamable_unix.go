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
