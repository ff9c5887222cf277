package audit

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/event"
)

// appendN appends records first..first+n-1 to the log at path.
func appendN(t *testing.T, path string, first, n int) {
	t.Helper()
	for i := first; i < first+n; i++ {
		rec := testRecord(i)
		if err := Append(path, &rec); err != nil {
			t.Fatalf("append %d: %v", i, err)
		}
	}
}

// keepLines rewrites the log with only its first n lines, as `head -n`
// and a rename would.
func keepLines(t *testing.T, path string, n int) {
	t.Helper()
	lines := readLines(t, path)
	if err := os.WriteFile(path+".tmp", []byte(strings.Join(lines[:n], "")), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(path+".tmp", path); err != nil {
		t.Fatal(err)
	}
}

func TestCheckpoint(t *testing.T) {
	tests := []struct {
		name    string
		change  func(t *testing.T, path string)
		kind    error // the AnchorError's kind; nil when Verify passes
		entries int   // records up to the checkpoint, on success
	}{
		{name: "intact", change: func(t *testing.T, path string) {}, entries: 6},
		{name: "appended since", change: func(t *testing.T, path string) { appendN(t, path, 6, 3) }, entries: 9},
		{name: "last records cut off", change: func(t *testing.T, path string) { keepLines(t, path, 4) }, kind: ErrTruncated},
		{name: "emptied", change: func(t *testing.T, path string) { os.Truncate(path, 0) }, kind: ErrTruncated},
		{name: "deleted", change: func(t *testing.T, path string) { os.Remove(path) }, kind: ErrLogMissing},
		{name: "last record changed", change: func(t *testing.T, path string) {
			// The chain cannot see this: no record follows the last one.
			lines := readLines(t, path)
			lines[5] = strings.Replace(lines[5], `"user":"ada"`, `"user":"eve"`, 1)
			os.WriteFile(path, []byte(strings.Join(lines, "")), 0o600)
		}, kind: ErrRewritten},
		{name: "cut, then a hook call", change: func(t *testing.T, path string) {
			keepLines(t, path, 3)
			appendN(t, path, 10, 2) // the chain is intact again
		}, kind: ErrCut},
		{name: "deleted, then a hook call", change: func(t *testing.T, path string) {
			os.Remove(path)
			appendN(t, path, 10, 1)
		}, kind: ErrCut},
		{name: "cut twice: the first cut is kept", change: func(t *testing.T, path string) {
			keepLines(t, path, 5)
			appendN(t, path, 10, 1)
			keepLines(t, path, 2)
			appendN(t, path, 20, 1)
		}, kind: ErrCut},
		{name: "torn line after the checkpoint", change: func(t *testing.T, path string) {
			appendRaw(t, path, `{"ts":"2026`)
		}, entries: 6},
		{name: "torn line, then a hook call", change: func(t *testing.T, path string) {
			appendRaw(t, path, `{"ts":"2026`)
			appendN(t, path, 6, 1)
		}, entries: 7},
		{name: "crash before the checkpoint was written", change: func(t *testing.T, path string) {
			// A record written whose checkpoint update was lost: the log
			// holds more than the checkpoint says, which is no cut.
			cp, _, _ := ReadCheckpoint(path)
			appendN(t, path, 6, 1)
			ResetCheckpoint(path, cp.Size, cp.Head)
			appendN(t, path, 7, 1)
		}, entries: 8},
		{name: "checkpoint damaged", change: func(t *testing.T, path string) {
			os.WriteFile(path+LockSuffix, []byte("hello"), 0o600)
		}, kind: ErrCheckpointDamaged},
		{name: "checkpoint damaged, then a hook call", change: func(t *testing.T, path string) {
			os.WriteFile(path+LockSuffix, []byte("hello"), 0o600)
			appendN(t, path, 6, 1)
		}, kind: ErrCut},
		{name: "lock file from before checkpoints", change: func(t *testing.T, path string) {
			os.WriteFile(path+LockSuffix, nil, 0o600)
			appendN(t, path, 6, 1)
		}, entries: 7},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeLog(t, 6)
			tt.change(t, path)
			rep, err := Verify(path)
			if tt.kind == nil {
				if err != nil {
					t.Fatalf("Verify: %v", err)
				}
				if rep.Checkpoint == nil || rep.Checkpoint.Entries != tt.entries {
					t.Fatalf("checkpoint %+v, want one at record %d", rep.Checkpoint, tt.entries)
				}
				return
			}
			var ae *AnchorError
			if !errors.As(err, &ae) || !errors.Is(err, tt.kind) || ae.Source != "checkpoint" {
				t.Fatalf("Verify = %v, want a checkpoint AnchorError of kind %v", err, tt.kind)
			}
			for _, forbidden := range []string{"dangerous_rm", "1.0.0", "PreToolUse"} {
				if strings.Contains(err.Error(), forbidden) {
					t.Errorf("error quotes record content: %v", err)
				}
			}
		})
	}
}

// TestResetCheckpoint: after a cut that the person at the keyboard made
// (a rotation), verifying the new log and resetting makes it the reference.
func TestResetCheckpoint(t *testing.T) {
	path := writeLog(t, 4)
	os.Rename(path, path+".1")
	appendN(t, path, 10, 2)
	if _, err := Verify(path); !errors.Is(err, ErrCut) {
		t.Fatalf("after rotation: %v, want ErrCut", err)
	}
	// The chain itself is intact: a report comes with the error.
	rep, err := VerifyWith(path, VerifyOptions{IgnoreCheckpoint: true})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Entries != 2 {
		t.Fatalf("report %+v", rep)
	}
	if err := ResetCheckpoint(path, rep.End, rep.Head); err != nil {
		t.Fatal(err)
	}
	appendN(t, path, 20, 1)
	rep, err = Verify(path)
	if err != nil || rep.Entries != 3 || rep.Checkpoint.Entries != 3 {
		t.Fatalf("after reset: %+v, %v", rep, err)
	}
	for _, bad := range []struct {
		size int64
		head string
	}{{-1, event.ZeroHash}, {0, rep.Head}, {10, event.ZeroHash}, {10, "xyz"}} {
		if err := ResetCheckpoint(path, bad.size, bad.head); err == nil {
			t.Errorf("ResetCheckpoint(%d, %q) accepted", bad.size, bad.head)
		}
	}
}

func TestVerifyAnchor(t *testing.T) {
	path := writeLog(t, 5)
	rep, err := Verify(path)
	if err != nil {
		t.Fatal(err)
	}
	heads := map[int]string{0: event.ZeroHash}
	for i, l := range readLines(t, path)[:5] {
		heads[i+1] = hexSum(strings.TrimSuffix(l, "\n"))
	}
	if heads[5] != rep.Head {
		t.Fatalf("head %s, want the last line's hash", rep.Head)
	}
	tests := []struct {
		name   string
		anchor Anchor
		kind   error
	}{
		{"the current head", Anchor{heads[5], 5}, nil},
		{"an earlier head", Anchor{heads[2], 2}, nil},
		{"any position", Anchor{heads[3], -1}, nil},
		{"the empty log", Anchor{event.ZeroHash, 0}, nil},
		{"the empty log, any position", Anchor{event.ZeroHash, -1}, nil},
		{"a head from the future", Anchor{heads[5], 6}, ErrTruncated},
		{"wrong position", Anchor{heads[2], 3}, ErrRewritten},
		{"unknown head", Anchor{hexSum("x"), -1}, ErrRewritten},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := VerifyWith(path, VerifyOptions{Anchor: &tt.anchor})
			if tt.kind == nil {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			var ae *AnchorError
			if !errors.As(err, &ae) || !errors.Is(err, tt.kind) || ae.Source != "head" {
				t.Fatalf("VerifyWith = %v, want a head AnchorError of kind %v", err, tt.kind)
			}
		})
	}
	for _, bad := range []Anchor{{"abc", 1}, {event.ZeroHash, 1}, {heads[1], 0}, {heads[1], -2}} {
		if _, err := VerifyWith(path, VerifyOptions{Anchor: &bad}); err == nil || errors.As(err, new(*AnchorError)) {
			t.Errorf("anchor %+v: %v, want a usage error", bad, err)
		}
	}
	// The log cut to 3 records, its checkpoint reset (the attacker's
	// move): only the head recorded elsewhere still catches it.
	keepLines(t, path, 3)
	r3, _ := VerifyWith(path, VerifyOptions{IgnoreCheckpoint: true})
	if err := ResetCheckpoint(path, r3.End, r3.Head); err != nil {
		t.Fatal(err)
	}
	if _, err := Verify(path); err != nil {
		t.Fatalf("reset checkpoint: %v", err)
	}
	if _, err := VerifyWith(path, VerifyOptions{Anchor: &Anchor{heads[5], 5}}); !errors.Is(err, ErrTruncated) {
		t.Fatalf("head of 5 records on a log of 3: %v", err)
	}
	os.Remove(path)
	os.Remove(path + LockSuffix)
	if _, err := VerifyWith(path, VerifyOptions{Anchor: &Anchor{heads[5], 5}}); !errors.Is(err, ErrLogMissing) {
		t.Fatalf("head on a deleted log: %v", err)
	}
}

func TestLockFileMustBeRegular(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links need privileges on Windows")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "audit.log")
	victim := filepath.Join(dir, "bashrc")
	os.WriteFile(victim, []byte("export PATH\n"), 0o600)
	if err := os.Symlink(victim, path+LockSuffix); err != nil {
		t.Skip(err)
	}
	rec := testRecord(0)
	if err := Append(path, &rec); err == nil {
		t.Fatal("Append wrote through a symbolic link in the lock file's place")
	}
	if b, _ := os.ReadFile(victim); string(b) != "export PATH\n" {
		t.Fatalf("the link's target was written: %q", b)
	}
}

func TestCheckpointEncoding(t *testing.T) {
	for _, cp := range []Checkpoint{
		{Size: 0, Head: event.ZeroHash},
		{Size: 123456789, Head: hexSum("a")},
		{Size: 5, Head: hexSum("b"), Cut: &Cut{TS: "2026-01-02T03:04:05.678Z", Size: 9, Head: hexSum("c"), Found: 0, Count: -1}},
		{Size: 5, Head: hexSum("b"), Cut: &Cut{TS: "2026-01-02T03:04:05.678Z", Size: -1, Found: 77, Count: -1}},
	} {
		b := encodeCheckpoint(cp)
		if len(b) != checkpointLen {
			t.Errorf("%d bytes, want %d", len(b), checkpointLen)
		}
		got, ok, err := decodeCheckpoint(b)
		if err != nil || !ok || got.Size != cp.Size || got.Head != cp.Head || (got.Cut == nil) != (cp.Cut == nil) ||
			got.Cut != nil && *got.Cut != *cp.Cut {
			t.Errorf("round trip of %+v: %+v %v %v", cp, got, ok, err)
		}
	}
	for _, bad := range []string{"x", "guard audit checkpoint 1\nsize 1\n", "guard audit checkpoint 1\nsize -1\nhead " + event.ZeroHash,
		"guard audit checkpoint 2\nsize 1\nhead " + event.ZeroHash, "guard audit checkpoint 1\nsize 1\nhead " + event.ZeroHash + "\ncut x\n"} {
		if _, _, err := decodeCheckpoint([]byte(bad)); err == nil {
			t.Errorf("decoded %q", bad)
		}
	}
	if _, ok, err := decodeCheckpoint([]byte("  \n")); ok || err != nil {
		t.Errorf("a blank lock file: %v %v", ok, err)
	}
}

// TestLockFileFIFO: a FIFO in the lock file's place makes Append fail at
// once (the hook blocks), never wait or swallow the checkpoint.
func TestLockFileFIFO(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no FIFOs")
	}
	path := filepath.Join(t.TempDir(), "audit.log")
	if err := mkfifo(path + LockSuffix); err != nil {
		t.Skip(err)
	}
	rec := testRecord(0)
	if err := Append(path, &rec); err == nil {
		t.Fatal("Append with a FIFO as its lock file succeeded")
	}
}

// TestVerifyReadOnlyCopy: a log and its lock file that the reader cannot
// write (a copy handed to a reviewer) still verify, checkpoint included.
func TestVerifyReadOnlyCopy(t *testing.T) {
	if runtime.GOOS == "windows" || os.Geteuid() == 0 {
		t.Skip("needs Unix permissions enforced (not root)")
	}
	path := writeLog(t, 4)
	for _, p := range []string{path, path + LockSuffix} {
		if err := os.Chmod(p, 0o400); err != nil {
			t.Fatal(err)
		}
	}
	dir := filepath.Dir(path)
	os.Chmod(dir, 0o500)
	defer os.Chmod(dir, 0o700)
	rep, err := Verify(path)
	if err != nil || rep.Checkpoint == nil || rep.Checkpoint.Entries != 4 {
		t.Fatalf("read-only copy: %+v, %v", rep, err)
	}
}
