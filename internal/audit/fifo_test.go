//go:build unix

package audit

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestNonRegularLog: a FIFO in the log's place is refused. Append must not
// write the record into it (the pipe would swallow it and the hook would
// answer as if it were recorded), and readers must not block opening it.
func TestNonRegularLog(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.log")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	rec := testRecord(0)
	if err := Append(path, &rec); !errors.Is(err, ErrNotRegular) {
		t.Fatalf("Append to a FIFO = %v, want ErrNotRegular", err)
	}
	// Without the check, OpenLog (and Verify) wait for a writer forever.
	if _, err := Verify(path); !errors.Is(err, ErrNotRegular) {
		t.Fatalf("Verify of a FIFO = %v, want ErrNotRegular", err)
	}
	if f, err := OpenLog(path); !errors.Is(err, ErrNotRegular) {
		if f != nil {
			f.Close()
		}
		t.Fatalf("OpenLog of a FIFO = %v, want ErrNotRegular", err)
	}
	dir := filepath.Join(t.TempDir(), "dir.log")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if _, err := Verify(dir); !errors.Is(err, ErrNotRegular) {
		t.Fatalf("Verify of a directory = %v, want ErrNotRegular", err)
	}
}
