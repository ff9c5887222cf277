package audit

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/guardhq/guard/internal/lockfile"
)

// TestAppendGivesUpOnAHeldLock: a process that keeps audit.log.lock (a
// `flock` left running) makes Append fail after its bound instead of hanging
// the hook call; once the lock is free, appends work again, so the attempt
// that gave up did not keep the lock either.
func TestAppendGivesUpOnAHeldLock(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.log")
	first := testRecord(0)
	if err := Append(path, &first); err != nil {
		t.Fatal(err)
	}
	// flock and LockFileEx locks belong to the open file, so a second open
	// in this process waits like another process would.
	release, err := lockfile.LockPath(path + LockSuffix)
	if err != nil {
		t.Fatal(err)
	}
	rec := testRecord(1)
	err = appendWithin(path, &rec, AppendOptions{}, 20*time.Millisecond)
	if !errors.Is(err, ErrLockTimeout) {
		t.Fatalf("Append with the lock held = %v, want ErrLockTimeout", err)
	}
	if data, _ := os.ReadFile(path); bytes.Count(data, []byte{'\n'}) != 1 {
		t.Fatalf("a record was written without the lock: %q", data)
	}
	if err := release(); err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= 3; i++ {
		rec := testRecord(i)
		if err := Append(path, &rec); err != nil {
			t.Fatalf("Append after the lock was freed: %v", err)
		}
	}
	rep, err := Verify(path)
	if err != nil || rep.Entries != 4 {
		t.Fatalf("Verify = %+v, %v; want 4 entries", rep, err)
	}
}
