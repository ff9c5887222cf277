//go:build unix

package repo

import (
	"errors"
	"syscall"
)

// Access is access(p, X_OK) as git calls it: ok; known false for an
// error other than absence or denial.
func Access(p string) (ok, known bool) {
	err := syscall.Access(p, 1)
	switch {
	case err == nil:
		return true, true
	case errors.Is(err, syscall.ENOENT) || errors.Is(err, syscall.ENOTDIR) || errors.Is(err, syscall.EACCES):
		return false, true
	}
	return false, false
}
