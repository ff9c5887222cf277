//go:build linux || darwin

package hook

import (
	"errors"
	"os"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// pollWaiter returns a function that waits until f has data to read (or
// its end), or fails with errStdinTimeout at the deadline. ok is false when
// f's descriptor cannot be had.
func pollWaiter(f *os.File) (wait func(deadline time.Time) error, ok bool) {
	rc, err := f.SyscallConn()
	if err != nil {
		return nil, false
	}
	fd := -1
	// Control, unlike Fd, leaves the descriptor's mode alone.
	if rc.Control(func(d uintptr) { fd = int(d) }) != nil || fd < 0 {
		return nil, false
	}
	fds := []unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}}
	return func(deadline time.Time) error {
		for {
			left := time.Until(deadline)
			if left <= 0 {
				return errStdinTimeout
			}
			// Round up: a wait of 0 ms would not wait at all.
			ms := int((left + time.Millisecond - 1) / time.Millisecond)
			fds[0].Revents = 0
			n, err := unix.Poll(fds, ms)
			if errors.Is(err, syscall.EINTR) {
				continue
			}
			if err != nil {
				return err
			}
			if n > 0 {
				// Data, the end (POLLHUP) or an error: the read tells.
				return nil
			}
		}
	}, true
}
