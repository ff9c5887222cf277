//go:build unix

package audit

import (
	"errors"
	"os"
	"syscall"
)

// openFile is os.OpenFile for the log and its lock file, without the
// runtime's poller: os.OpenFile offers every file it opens to the poller,
// which a regular file refuses, four system calls wasted per open on the
// hook path. A descriptor opened in blocking mode and wrapped by os.NewFile
// is not offered.
func openFile(path string, flag int, perm os.FileMode) (*os.File, error) {
	for {
		fd, err := syscall.Open(path, flag|syscall.O_CLOEXEC, uint32(perm.Perm()))
		if errors.Is(err, syscall.EINTR) {
			continue
		}
		if err != nil {
			return nil, &os.PathError{Op: "open", Path: path, Err: err}
		}
		return os.NewFile(uintptr(fd), path), nil
	}
}
