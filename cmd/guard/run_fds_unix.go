//go:build unix

package main

import (
	"os"
	"strconv"

	"golang.org/x/sys/unix"
)

// cloexecListed marks close-on-exec each descriptor from 3 up that the
// directory dir (/proc/self/fd, /dev/fd) lists.
func cloexecListed(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	names, err := d.Readdirnames(-1)
	d.Close()
	if err != nil {
		return err
	}
	for _, n := range names {
		fd, err := strconv.Atoi(n)
		if err != nil || fd < 3 {
			continue
		}
		if _, err := unix.FcntlInt(uintptr(fd), unix.F_SETFD, unix.FD_CLOEXEC); err != nil && err != unix.EBADF {
			return err
		}
	}
	return nil
}
