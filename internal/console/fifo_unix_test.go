//go:build unix

package console

import (
	"errors"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/guardhq/guard/internal/regularfile"
)

// TestIndexRefusesAFIFO: a FIFO in the log's place is an error at once, not
// a console that hangs waiting for a writer.
func TestIndexRefusesAFIFO(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.log")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skip("mkfifo:", err)
	}
	if _, err := build(path); !errors.Is(err, regularfile.ErrNotRegular) {
		t.Fatalf("build on a FIFO: %v", err)
	}
}
