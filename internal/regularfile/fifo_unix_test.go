//go:build unix

package regularfile

import (
	"errors"
	"path/filepath"
	"syscall"
	"testing"
)

// TestFIFONeverWaits opens a FIFO nobody writes to: it must be refused at
// once (the test would hang otherwise).
func TestFIFONeverWaits(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("mkfifo:", err)
	}
	if _, err := ReadFile(fifo, 10); !errors.Is(err, ErrNotRegular) {
		t.Fatalf("FIFO: %v", err)
	}
}
