package audit

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/guardhq/guard/internal/lockfile"
)

// TestMissedAppendIsReported: an append that gives up on a held lock
// leaves no record, so the chain, the checkpoint and the anchor still
// hold; the loss witness beside the anchor makes VerifyWith report the
// miss, until ResetAnchor clears it.
func TestMissedAppendIsReported(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "g", "audit.log")
	anchor := AnchorFile(filepath.Join(dir, "state"), path)
	opt := AppendOptions{AnchorFile: anchor}
	first := testRecord(0)
	if err := AppendWith(path, &first, opt); err != nil {
		t.Fatal(err)
	}
	if _, err := VerifyWith(path, VerifyOptions{AnchorFile: anchor}); err != nil {
		t.Fatalf("Verify before any miss = %v", err)
	}
	release, err := lockfile.LockPath(path + LockSuffix)
	if err != nil {
		t.Fatal(err)
	}
	rec := testRecord(1)
	if err := appendWithin(path, &rec, opt, 20*time.Millisecond); !errors.Is(err, ErrLockTimeout) {
		t.Fatalf("Append with the lock held = %v, want ErrLockTimeout", err)
	}
	if err := release(); err != nil {
		t.Fatal(err)
	}
	rep, err := VerifyWith(path, VerifyOptions{AnchorFile: anchor})
	var ae *AnchorError
	if !errors.As(err, &ae) || ae.Kind != ErrMissed || ae.KindName() != "missed" || !strings.Contains(err.Error(), "1 append(s) failed") {
		t.Fatalf("Verify after a missed append = %v, want ErrMissed", err)
	}
	if rep.Entries != 1 {
		t.Fatalf("Verify entries = %d, want 1", rep.Entries)
	}
	if err := ResetAnchor(path, anchor, rep.End, rep.Entries, rep.Head); err != nil {
		t.Fatal(err)
	}
	if _, err := VerifyWith(path, VerifyOptions{AnchorFile: anchor}); err != nil {
		t.Fatalf("Verify after the reset = %v", err)
	}
}
