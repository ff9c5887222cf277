//go:build unix

package regularfile

import (
	"errors"
	"os"
	"syscall"
)

// openFile opens path for reading without waiting (O_NONBLOCK: a FIFO's
// open returns at once instead of waiting for a writer) and without the
// runtime's poller: os.OpenFile offers every file it opens to the poller,
// which a regular file refuses, four system calls wasted per file on the
// hook path. The descriptor is put back in blocking mode once fstat shows
// a regular file (a regular file reads the same either way), so that
// os.NewFile does not offer it either.
func openFile(path string) (*os.File, error) {
	for {
		fd, err := syscall.Open(path, syscall.O_RDONLY|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0)
		if errors.Is(err, syscall.EINTR) {
			continue
		}
		if err != nil {
			return nil, &os.PathError{Op: "open", Path: path, Err: err}
		}
		var st syscall.Stat_t
		if err := syscall.Fstat(fd, &st); err != nil {
			syscall.Close(fd)
			return nil, &os.PathError{Op: "stat", Path: path, Err: err}
		}
		if st.Mode&syscall.S_IFMT != syscall.S_IFREG {
			syscall.Close(fd)
			return nil, errNotRegular(path)
		}
		if err := syscall.SetNonblock(fd, false); err != nil {
			syscall.Close(fd)
			return nil, &os.PathError{Op: "fcntl", Path: path, Err: err}
		}
		return os.NewFile(uintptr(fd), path), nil
	}
}
