package audit

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/event"
)

// anchoredLog is a log in one temporary directory and its anchor file in
// another (the state directory, outside guard's).
type anchoredLog struct {
	path, anchor string
}

func newAnchoredLog(t *testing.T) anchoredLog {
	t.Helper()
	path := filepath.Join(t.TempDir(), "guard", "audit.log")
	return anchoredLog{path: path, anchor: AnchorFile(filepath.Join(t.TempDir(), "state", "guard"), path)}
}

// append appends records first..first+n-1 through AppendWith, keeping the
// anchor, as the hook does.
func (l anchoredLog) append(t *testing.T, first, n int) {
	t.Helper()
	for i := first; i < first+n; i++ {
		rec := testRecord(i)
		if err := AppendWith(l.path, &rec, AppendOptions{AnchorFile: l.anchor}); err != nil {
			t.Fatalf("append %d: %v", i, err)
		}
	}
}

func (l anchoredLog) verify() (Report, error) {
	return VerifyWith(l.path, VerifyOptions{AnchorFile: l.anchor})
}

// removeAll deletes the log and its lock file (and with it the
// checkpoint), as `rm ~/.guard/audit.log*` does.
func (l anchoredLog) removeAll(t *testing.T) {
	t.Helper()
	for _, p := range []string{l.path, l.path + LockSuffix} {
		if err := os.Remove(p); err != nil {
			t.Fatal(err)
		}
	}
}

func (l anchoredLog) read(t *testing.T) AnchorState {
	t.Helper()
	a, ok, err := ReadAnchor(l.path, l.anchor)
	if err != nil || !ok {
		t.Fatalf("ReadAnchor = %+v, %v, %v", a, ok, err)
	}
	return a
}

// TestAnchorFollowsTheLog: the anchor is written at the first record and
// then every anchorEvery bytes; its count is the number of records up to
// it, as Verify counts them, and it is never further behind than
// anchorEvery bytes and one record.
func TestAnchorFollowsTheLog(t *testing.T) {
	l := newAnchoredLog(t)
	l.append(t, 0, 1)
	if a := l.read(t); a.Count != 1 || a.Cut != nil {
		t.Fatalf("after the first record: %+v, want count 1", a)
	}
	writes := 0
	last := l.read(t)
	for i := 1; i < 60; i++ {
		l.append(t, i, 1)
		a := l.read(t)
		if a != last {
			writes++
			last = a
		}
		fi, err := os.Stat(l.path)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Size()-a.Size > anchorEvery+MaxLineBytes {
			t.Fatalf("record %d: anchor at %d, log %d bytes", i, a.Size, fi.Size())
		}
		rep, err := l.verify()
		if err != nil {
			t.Fatalf("record %d: Verify: %v", i, err)
		}
		if rep.Anchor == nil || int64(rep.Anchor.Entries) != a.Count || a.Count <= 0 {
			t.Fatalf("record %d: anchor %+v, verify %+v", i, a, rep.Anchor)
		}
	}
	// 59 records of about 370 bytes cross 4 KiB about 5 times: the anchor
	// is not rewritten on every append.
	if writes == 0 || writes > 59/4 {
		t.Errorf("the anchor changed %d times in 59 appends", writes)
	}
}

// TestAnchorNoticesLoss covers issue 20 item 8: a log deleted or emptied
// together with its lock file (and checkpoint) does not verify as an empty
// log while the anchor says it held records; nor does a log cut below the
// anchor whose checkpoint was rewritten to match.
func TestAnchorNoticesLoss(t *testing.T) {
	tests := []struct {
		name   string
		change func(t *testing.T, l anchoredLog)
		kind   error
		detail string
	}{
		{name: "log and lock deleted", change: func(t *testing.T, l anchoredLog) {
			l.removeAll(t)
		}, kind: ErrLogMissing, detail: "guard's anchor says it held "},
		{name: "log and lock deleted, then a hook call", change: func(t *testing.T, l anchoredLog) {
			l.removeAll(t)
			l.append(t, 100, 3)
		}, kind: ErrCut, detail: "guard found it 0 bytes long, but its anchor says it had held "},
		{name: "log emptied, lock deleted", change: func(t *testing.T, l anchoredLog) {
			os.Truncate(l.path, 0)
			os.Remove(l.path + LockSuffix)
		}, kind: ErrTruncated, detail: "it is 0 bytes long, holding 0 records, but guard's anchor says it held "},
		{name: "cut below the anchor, checkpoint rewritten to match", change: func(t *testing.T, l anchoredLog) {
			keepLines(t, l.path, 5)
			rep, err := VerifyWith(l.path, VerifyOptions{IgnoreCheckpoint: true})
			if err != nil {
				t.Fatal(err)
			}
			ResetCheckpoint(l.path, rep.End, rep.Head)
		}, kind: ErrTruncated, detail: "holding 5 records, but guard's anchor says it held "},
		{name: "cut below the anchor, lock deleted, then a hook call", change: func(t *testing.T, l anchoredLog) {
			keepLines(t, l.path, 5)
			os.Remove(l.path + LockSuffix)
			l.append(t, 100, 1)
		}, kind: ErrCut},
		{name: "replaced by another log", change: func(t *testing.T, l anchoredLog) {
			other := filepath.Join(t.TempDir(), "other.log")
			appendN(t, other, 500, 40)
			b, _ := os.ReadFile(other)
			os.WriteFile(l.path, b, 0o600)
			os.Remove(l.path + LockSuffix)
		}, kind: ErrRewritten, detail: "but guard's anchor says it held "},
		{name: "anchor damaged", change: func(t *testing.T, l anchoredLog) {
			os.WriteFile(l.anchor, []byte("hello\n"), 0o600)
		}, kind: ErrAnchorDamaged},
		{name: "anchor damaged, then a hook call", change: func(t *testing.T, l anchoredLog) {
			os.WriteFile(l.anchor, []byte("hello\n"), 0o600)
			l.append(t, 100, 20) // crosses anchorEvery: the update finds it
		}, kind: ErrCut, detail: "and its anchor unreadable"},
		{name: "anchor grown past its length, then a hook call", change: func(t *testing.T, l anchoredLog) {
			f, _ := os.OpenFile(l.anchor, os.O_WRONLY|os.O_APPEND, 0)
			f.WriteString(strings.Repeat("x", 100))
			f.Close()
			l.append(t, 100, 20)
		}, kind: ErrCut, detail: "and its anchor unreadable"},
		{name: "anchor's count forged", change: func(t *testing.T, l anchoredLog) {
			a := l.read(t)
			a.Count += 3
			writeAnchor(l.anchor, a)
		}, kind: ErrRewritten, detail: "which guard's anchor says was record "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := newAnchoredLog(t)
			l.append(t, 0, 30)
			if _, err := l.verify(); err != nil {
				t.Fatalf("before: %v", err)
			}
			tt.change(t, l)
			_, err := l.verify()
			var ae *AnchorError
			if !errors.As(err, &ae) || !errors.Is(err, tt.kind) || ae.Source != SourceAnchor {
				t.Fatalf("Verify = %v, want an anchor AnchorError of kind %v", err, tt.kind)
			}
			if !strings.Contains(ae.Detail, tt.detail) {
				t.Errorf("detail %q, want it to hold %q", ae.Detail, tt.detail)
			}
			if strings.Contains(err.Error(), l.anchor) || strings.Contains(err.Error(), "dangerous_rm") {
				t.Errorf("error names a path or quotes a record: %v", err)
			}
		})
	}
}

// TestCheckpointLost: records cut off after the anchor's last update,
// with the lock file (the checkpoint) deleted, are no fresh log: verify
// reports the lost checkpoint, and a hook call after it records a cut in
// the anchor instead of moving the anchor over the loss (FINDINGS57b R2).
func TestCheckpointLost(t *testing.T) {
	l := newAnchoredLog(t)
	l.append(t, 0, 30)
	a := l.read(t)
	if int64(len(readLines(t, l.path))) == a.Count {
		l.append(t, 30, 1)
	}
	keepLines(t, l.path, int(a.Count)) // the anchor's record stays
	os.Remove(l.path + LockSuffix)
	_, err := l.verify()
	var ae *AnchorError
	if !errors.As(err, &ae) || !errors.Is(err, ErrCheckpointMissing) || ae.Source != SourceCheckpoint || ae.KindName() != "checkpoint_missing" {
		t.Fatalf("Verify = %v, want a lost checkpoint", err)
	}
	l.append(t, 100, 1)
	if _, err := l.verify(); !errors.As(err, &ae) || !errors.Is(err, ErrCut) || ae.Source != SourceAnchor {
		t.Fatalf("after a hook call: Verify = %v, want the cut the anchor recorded", err)
	}
	// A reset accepts the log as it is.
	rep, err := VerifyWith(l.path, VerifyOptions{IgnoreCheckpoint: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := ResetCheckpoint(l.path, rep.End, rep.Head); err != nil {
		t.Fatal(err)
	}
}

// TestCheckpointAndAnchorLost: records cut off with the lock file deleted
// and the anchor emptied or deleted too are no fresh log: guard writes
// both at a log's first append, so a log holding records with neither is
// reported (checkpoint_missing), and a hook call after it records a cut in
// the new anchor that later calls keep (FINDINGS58c C2). A log with
// neither and no records (emptied as well) is a fresh start.
func TestCheckpointAndAnchorLost(t *testing.T) {
	for _, tt := range []struct {
		name string
		lose func(path string) error
	}{
		{"anchor emptied", func(p string) error { return os.Truncate(p, 0) }},
		{"anchor deleted", os.Remove},
	} {
		t.Run(tt.name, func(t *testing.T) {
			l := newAnchoredLog(t)
			l.append(t, 0, 30)
			keepLines(t, l.path, 25)
			if err := os.Remove(l.path + LockSuffix); err != nil {
				t.Fatal(err)
			}
			if err := tt.lose(l.anchor); err != nil {
				t.Fatal(err)
			}
			_, err := l.verify()
			var ae *AnchorError
			if !errors.As(err, &ae) || !errors.Is(err, ErrCheckpointMissing) || ae.KindName() != "checkpoint_missing" || !strings.Contains(ae.Detail, "it holds 25 records") {
				t.Fatalf("Verify = %v, want a lost checkpoint and anchor", err)
			}
			l.append(t, 100, 2)
			_, err = l.verify()
			if !errors.As(err, &ae) || !errors.Is(err, ErrCut) || ae.Source != SourceAnchor || !strings.Contains(ae.Detail, "neither its checkpoint nor its anchor") {
				t.Fatalf("after hook calls: Verify = %v, want the cut the anchor recorded", err)
			}
			// A reset accepts the log as it is.
			rep, err := VerifyWith(l.path, VerifyOptions{IgnoreCheckpoint: true})
			if err != nil {
				t.Fatal(err)
			}
			if err := ResetCheckpoint(l.path, rep.End, rep.Head); err != nil {
				t.Fatal(err)
			}
			if err := ResetAnchor(l.path, l.anchor, rep.End, rep.Entries, rep.Head); err != nil {
				t.Fatal(err)
			}
			if _, err := l.verify(); err != nil {
				t.Fatalf("after a reset: %v", err)
			}
		})
	}
	t.Run("emptied too", func(t *testing.T) {
		l := newAnchoredLog(t)
		l.append(t, 0, 3)
		keepLines(t, l.path, 0)
		os.Remove(l.path + LockSuffix)
		os.Remove(l.anchor)
		if _, err := l.verify(); err != nil {
			t.Fatalf("an empty log with neither: %v, want none", err)
		}
	})
}

// TestAnchorWindow pins down what the anchor cannot see: records cut off
// after its last update, when the checkpoint was rewritten to match. The
// checkpoint alone catches such a cut when it was not rewritten.
func TestAnchorWindow(t *testing.T) {
	l := newAnchoredLog(t)
	l.append(t, 0, 30)
	a := l.read(t)
	lines := readLines(t, l.path)
	if int64(len(lines)) == a.Count {
		l.append(t, 30, 1)
		lines = readLines(t, l.path)
	}
	keepLines(t, l.path, int(a.Count))
	if _, err := l.verify(); !errors.Is(err, ErrTruncated) {
		t.Fatalf("cut after the anchor, checkpoint as it was: %v, want the checkpoint's ErrTruncated", err)
	}
	rep, err := VerifyWith(l.path, VerifyOptions{IgnoreCheckpoint: true})
	if err != nil {
		t.Fatal(err)
	}
	ResetCheckpoint(l.path, rep.End, rep.Head)
	if _, err := l.verify(); err != nil {
		t.Fatalf("cut after the anchor, checkpoint rewritten: %v, want no error (the window docs/AUDIT.md states)", err)
	}
}

// TestAnchorCounts: the count goes on over records appended without the
// anchor (another program, an older guard) and over torn lines, which are
// not records; once it cannot be counted, it stays unknown until a reset.
func TestAnchorCounts(t *testing.T) {
	l := newAnchoredLog(t)
	l.append(t, 0, 12)
	appendN(t, l.path, 12, 5) // no anchor kept
	appendRaw(t, l.path, `{"ts":"2026`)
	l.append(t, 17, 15)
	rep, err := l.verify()
	if err != nil {
		t.Fatal(err)
	}
	if a := l.read(t); a.Count != int64(rep.Anchor.Entries) {
		t.Fatalf("anchor counts %d, verify %d", a.Count, rep.Anchor.Entries)
	}

	// A stretch too long to count: the count is not known.
	for i := 0; i < maxCountStretch/300+10; i++ {
		rec := testRecord(i)
		if err := Append(l.path, &rec); err != nil {
			t.Fatal(err)
		}
	}
	l.append(t, 40, 12)
	a := l.read(t)
	if a.Count != -1 {
		t.Fatalf("count %d after a stretch guard did not count, want -1", a.Count)
	}
	rep, err = l.verify()
	if err != nil || rep.Anchor == nil || rep.Anchor.Entries == 0 {
		t.Fatalf("Verify = %+v, %v", rep.Anchor, err)
	}
	if err := ResetAnchor(l.path, l.anchor, rep.End, rep.Entries, rep.Head); err != nil {
		t.Fatal(err)
	}
	l.append(t, 60, 12)
	if rep, err := l.verify(); err != nil || l.read(t).Count != int64(rep.Anchor.Entries) {
		t.Fatalf("after the reset: anchor %+v, verify %+v, %v", l.read(t), rep.Anchor, err)
	}
}

// TestAnchorReset: after a loss the person at the keyboard made, resetting
// makes the present log the anchor's reference.
func TestAnchorReset(t *testing.T) {
	l := newAnchoredLog(t)
	l.append(t, 0, 20)
	l.removeAll(t)
	l.append(t, 100, 2)
	if _, err := l.verify(); !errors.Is(err, ErrCut) {
		t.Fatalf("Verify = %v, want ErrCut", err)
	}
	rep, err := VerifyWith(l.path, VerifyOptions{IgnoreCheckpoint: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := ResetAnchor(l.path, l.anchor, rep.End, rep.Entries, rep.Head); err != nil {
		t.Fatal(err)
	}
	if rep, err := l.verify(); err != nil || rep.Anchor == nil || rep.Anchor.Entries != 2 || rep.Anchor.Cut != nil {
		t.Fatalf("after the reset: %+v, %v", rep.Anchor, err)
	}
	// A damaged anchor, longer than an anchor is: the reset makes it one.
	if err := os.WriteFile(l.anchor, bytes.Repeat([]byte("x"), 2*anchorLen), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := l.verify(); !errors.Is(err, ErrAnchorDamaged) {
		t.Fatalf("Verify = %v, want ErrAnchorDamaged", err)
	}
	if err := ResetAnchor(l.path, l.anchor, rep.End, rep.Entries, rep.Head); err != nil {
		t.Fatal(err)
	}
	if _, err := l.verify(); err != nil {
		t.Fatalf("after the second reset: %v", err)
	}
	for _, bad := range []struct {
		size  int64
		count int
		head  string
	}{{-1, 0, event.ZeroHash}, {10, 0, hexSum("a")}, {0, 1, event.ZeroHash}, {10, 1, "xyz"}, {10, -1, hexSum("a")}} {
		if err := ResetAnchor(l.path, l.anchor, bad.size, bad.count, bad.head); err == nil {
			t.Errorf("ResetAnchor(%d, %d, %q) accepted", bad.size, bad.count, bad.head)
		}
	}
}

// TestAnchorNotWritable: an anchor guard cannot write (a directory or a
// symbolic link in its place) does not fail the append, and a link is not
// followed.
func TestAnchorNotWritable(t *testing.T) {
	t.Run("directory", func(t *testing.T) {
		l := newAnchoredLog(t)
		if err := os.MkdirAll(l.anchor, 0o700); err != nil {
			t.Fatal(err)
		}
		l.append(t, 0, 3)
		if _, err := l.verify(); !errors.Is(err, ErrAnchorDamaged) {
			t.Fatalf("Verify = %v, want ErrAnchorDamaged", err)
		}
	})
	t.Run("symbolic link", func(t *testing.T) {
		if runtime.GOOS == "windows" {
			t.Skip("symbolic links need privileges")
		}
		l := newAnchoredLog(t)
		target := filepath.Join(t.TempDir(), "target")
		if err := os.WriteFile(target, []byte("mine\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		os.MkdirAll(filepath.Dir(l.anchor), 0o700)
		if err := os.Symlink(target, l.anchor); err != nil {
			t.Fatal(err)
		}
		l.append(t, 0, 3)
		if b, _ := os.ReadFile(target); string(b) != "mine\n" {
			t.Fatalf("guard wrote through the link: %q", b)
		}
	})
}

// TestAnchorFilePerLog: every log has its own anchor file in the state
// directory, named from its absolute path.
func TestAnchorFilePerLog(t *testing.T) {
	a := AnchorFile("/state", "/home/ada/.guard/audit.log")
	b := AnchorFile("/state", "/srv/guard/audit.log")
	if a == b || filepath.Dir(a) != filepath.Clean("/state") || !strings.HasSuffix(a, AnchorExt) {
		t.Fatalf("AnchorFile: %q, %q", a, b)
	}
	if c := AnchorFile("/state", "/home/ada/.guard/../.guard/audit.log"); c != a {
		t.Errorf("the same log, spelled otherwise: %q, %q", c, a)
	}
}

func TestAnchorDue(t *testing.T) {
	tests := []struct {
		size, n        int64
		cpFresh, isCut bool
		want           bool
	}{
		{0, 400, false, false, true},                                // a new or emptied log
		{400, 400, false, false, false},                             // within a stretch
		{anchorEvery - 100, 400, false, false, true},                // crosses a multiple
		{anchorEvery, 400, false, false, false},                     // just past one
		{2*anchorEvery - 1, 1, false, false, true},                  // ends on one
		{5000, 400, true, false, true},                              // the checkpoint was missing or damaged
		{5000, 400, false, true, true},                              // the checkpoint just found a cut
		{3 * anchorEvery, anchorEvery - 1, false, false, false},     // one short of the next
		{3*anchorEvery + 1, anchorEvery - 1, false, false, true},    // reaches the next
		{3*anchorEvery + 1, 2 * anchorEvery, false, false, true},    // a long record
		{3*anchorEvery + 10, anchorEvery - 20, false, false, false}, // still short
	}
	for _, tt := range tests {
		if got := anchorDue(tt.size, tt.n, tt.cpFresh, tt.isCut); got != tt.want {
			t.Errorf("anchorDue(%d, %d, %v, %v) = %v, want %v", tt.size, tt.n, tt.cpFresh, tt.isCut, got, tt.want)
		}
	}
}

func TestAnchorEncoding(t *testing.T) {
	for _, a := range []AnchorState{
		{Checkpoint: Checkpoint{Size: 0, Head: event.ZeroHash}, Count: 0},
		{Checkpoint: Checkpoint{Size: 48213, Head: hexSum("a")}, Count: 120},
		{Checkpoint: Checkpoint{Size: 48213, Head: hexSum("a")}, Count: -1},
		{Checkpoint: Checkpoint{Size: 5, Head: hexSum("b"), Cut: &Cut{TS: "2026-01-02T03:04:05.678Z", Size: 9, Head: hexSum("c"), Found: 0, Count: 40}}, Count: 1},
		{Checkpoint: Checkpoint{Size: 5, Head: hexSum("b"), Cut: &Cut{TS: "", Size: -1, Found: 77, Count: -1}}, Count: -1},
		{Checkpoint: Checkpoint{Size: 5, Head: hexSum("b"), Cut: &Cut{TS: "2026-01-02T03:04:05.678Z", Size: -1, Found: 77, Count: -1, Missing: true}}, Count: -1},
	} {
		b := encodeAnchor(a)
		if len(b) != anchorLen {
			t.Errorf("%+v encodes to %d bytes, want %d", a, len(b), anchorLen)
		}
		got, ok, err := decodeAnchor(b)
		if err != nil || !ok || !reflect.DeepEqual(got, a) {
			t.Errorf("round trip of %+v: %+v %v %v", a, got, ok, err)
		}
	}
	long := AnchorState{Checkpoint: Checkpoint{Size: 5, Head: hexSum("b"), Cut: &Cut{TS: strings.Repeat("9", 300), Size: 1 << 62, Head: hexSum("c"), Found: 1 << 62, Count: 1 << 62}}, Count: 1 << 62}
	if b := encodeAnchor(long); len(b) != anchorLen {
		t.Errorf("a cut with a long ts encodes to %d bytes", len(b))
	}
	for _, bad := range []string{
		"hello\n",
		anchorMagic + "\nsize 5\nhead " + hexSum("a") + "\n",                        // no count
		anchorMagic + "\nsize 5\ncount 1\nhead xyz\n",                               // bad head
		anchorMagic + "\nsize -5\ncount 1\nhead " + hexSum("a") + "\n",              // negative size
		anchorMagic + "\nsize 5\ncount -3\nhead " + hexSum("a") + "\n",              // negative count
		anchorMagic + "\nsize 0\ncount 0\nhead " + hexSum("a") + "\n",               // empty log, not its head
		anchorMagic + "\nsize 0\ncount 2\nhead " + event.ZeroHash + "\n",            // empty log with records
		anchorMagic + "\nsize 5\ncount 1\nhead " + hexSum("a") + "\ncut x 1 2 3\n",  // short cut
		anchorMagic + "\nsize 5\ncount 1\nhead " + hexSum("a") + "\nnot a cut line", // not a cut
		checkpointMagic + "\nsize 5\nhead " + hexSum("a") + "\n",                    // a checkpoint
	} {
		if _, _, err := decodeAnchor([]byte(bad)); err == nil {
			t.Errorf("decodeAnchor(%q) accepted", bad)
		}
	}
	if _, ok, err := decodeAnchor(bytes.Repeat([]byte(" "), 40)); ok || err != nil {
		t.Errorf("a blank anchor: %v %v, want none", ok, err)
	}
}

// FuzzDecodeAnchor: any content decodes or is refused without panicking,
// and what decodes encodes back to the same state.
func FuzzDecodeAnchor(f *testing.F) {
	f.Add(encodeAnchor(AnchorState{Checkpoint: Checkpoint{Size: 48213, Head: hexSum("a")}, Count: 120}))
	f.Add(encodeAnchor(AnchorState{Checkpoint: Checkpoint{Size: 5, Head: hexSum("b"), Cut: &Cut{TS: "2026-01-02T03:04:05.678Z", Size: 9, Head: hexSum("c"), Count: 4}}, Count: -1}))
	f.Add([]byte(anchorMagic + "\nsize 1\ncount -\nhead " + hexSum("a") + "\ncut - - - 0 -\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		a, ok, err := decodeAnchor(b)
		if err != nil || !ok {
			return
		}
		again, ok2, err := decodeAnchor(encodeAnchor(a))
		if err != nil || !ok2 || !reflect.DeepEqual(again, a) {
			t.Fatalf("%q decodes to %+v, which re-encodes to %+v, %v", b, a, again, err)
		}
	})
}
