package main

import "golang.org/x/sys/unix"

// closeOnExecFrom3 marks every descriptor from 3 up close-on-exec, so that
// none inherited from the caller passes into the sandbox: with
// close_range(2), or, on kernels before 5.11, one by one from /proc/self/fd.
func closeOnExecFrom3() error {
	if err := unix.CloseRange(3, ^uint(0), unix.CLOSE_RANGE_CLOEXEC); err == nil {
		return nil
	}
	return cloexecListed("/proc/self/fd")
}
