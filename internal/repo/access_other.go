//go:build !unix

package repo

import "os"

// Access is git's access(p, X_OK) where guard has no access(2): a
// directory passes, nothing there fails, anything else guard cannot tell.
func Access(p string) (ok, known bool) {
	fi, err := os.Stat(p)
	switch {
	case os.IsNotExist(err):
		return false, true
	case err == nil && fi.IsDir():
		return true, true
	}
	return false, false
}
