//go:build !unix

package regularfile

import "os"

// openFile opens path for reading; where the file system has no FIFOs
// nothing can make the open wait. The caller checks the file's kind.
func openFile(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDONLY, 0)
	if err != nil {
		return nil, err
	}
	if fi, err := f.Stat(); err != nil {
		f.Close()
		return nil, err
	} else if !fi.Mode().IsRegular() {
		f.Close()
		return nil, errNotRegular(path)
	}
	return f, nil
}
