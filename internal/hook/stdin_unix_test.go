//go:build unix

package hook

import (
	"os"
	"syscall"
	"testing"
	"time"
)

// blockingFile returns f's descriptor as a file in blocking mode, as a
// process's standard input usually is: it takes no read deadline.
func blockingFile(t *testing.T, f *os.File) *os.File {
	t.Helper()
	fd, err := syscall.Dup(int(f.Fd()))
	if err != nil {
		t.Fatal(err)
	}
	if err := syscall.SetNonblock(fd, false); err != nil {
		t.Fatal(err)
	}
	b := os.NewFile(uintptr(fd), "stdin")
	t.Cleanup(func() { b.Close() })
	if err := b.SetReadDeadline(time.Now()); err == nil {
		t.Fatal("a blocking descriptor took a read deadline")
	}
	return b
}
