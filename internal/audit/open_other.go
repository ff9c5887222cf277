//go:build !unix

package audit

import "os"

// openFile is os.OpenFile.
func openFile(path string, flag int, perm os.FileMode) (*os.File, error) {
	return os.OpenFile(path, flag, perm)
}
