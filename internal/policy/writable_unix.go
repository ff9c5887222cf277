//go:build unix

package policy

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// userWritable reports whether the user guard runs as can write in
// directory d, or make it: access(2) with W_OK on d, or on the nearest
// directory above it that exists (a few system calls).
func userWritable(d string) bool {
	for range 16 {
		err := syscall.Access(d, 2)
		if err == nil {
			return true
		}
		if _, serr := os.Stat(d); !errors.Is(serr, fs.ErrNotExist) {
			return false
		}
		parent := filepath.Dir(d)
		if parent == d {
			return false
		}
		d = parent
	}
	return false
}
