//go:build unix

package main

import (
	"os"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

// TestCloseOnExecFrom3: a descriptor inherited without close-on-exec (a
// key or a directory opened by the caller) is marked, so it does not pass
// into the sandbox.
func TestCloseOnExecFrom3(t *testing.T) {
	fd, err := syscall.Open(os.DevNull, syscall.O_RDONLY, 0) // no O_CLOEXEC
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Close(fd)
	flags := func() int {
		v, err := unix.FcntlInt(uintptr(fd), unix.F_GETFD, 0)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	if flags()&unix.FD_CLOEXEC != 0 {
		t.Fatal("opened close-on-exec")
	}
	if err := closeOnExecFrom3(); err != nil {
		t.Fatal(err)
	}
	if flags()&unix.FD_CLOEXEC == 0 {
		t.Error("inherited descriptor not marked close-on-exec")
	}
}

// TestCloexecListed: the fallback for kernels without close_range marks
// the descriptors its directory lists.
func TestCloexecListed(t *testing.T) {
	dir := "/dev/fd"
	if _, err := os.Stat("/proc/self/fd"); err == nil {
		dir = "/proc/self/fd"
	}
	fd, err := syscall.Open(os.DevNull, syscall.O_RDONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Close(fd)
	if err := cloexecListed(dir); err != nil {
		t.Fatal(err)
	}
	if v, err := unix.FcntlInt(uintptr(fd), unix.F_GETFD, 0); err != nil || v&unix.FD_CLOEXEC == 0 {
		t.Errorf("fd %d: flags %d, %v", fd, v, err)
	}
}
