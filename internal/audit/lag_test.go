package audit

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLag(t *testing.T) {
	head := strings.Repeat("a", 64)
	cp := func(size int64) Checkpoint { return Checkpoint{Size: size, Head: head} }
	an := func(size int64) AnchorState { return AnchorState{Checkpoint: cp(size), Count: 3} }
	for _, tc := range []struct {
		name string
		cp   Checkpoint
		a    AnchorState
		aok  bool
		want string
	}{
		{"in step", cp(5000), an(4200), true, ""},
		{"the same", cp(5000), an(5000), true, ""},
		{"small log, no anchor yet", cp(anchorEvery - 1), AnchorState{}, false, ""},
		{"anchor missing", cp(anchorEvery + 10), AnchorState{}, false, "anchor is missing"},
		{"anchor behind", cp(2*anchorEvery + 10), an(anchorEvery + 300), true, "anchor (3 records (4396 bytes)"},
		{"checkpoint behind", cp(4200), an(5000), true, "checkpoint (4200 bytes) is behind its anchor (5000 bytes)"},
		{"a cut the anchor recorded", cp(9000), AnchorState{Checkpoint: Checkpoint{Size: 10, Head: head, Cut: &Cut{}}}, true, ""},
	} {
		got := lag(tc.cp, tc.a, tc.aok)
		if (tc.want == "") != (got == "") || !strings.Contains(got, tc.want) {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestAnchorLag: an anchor put back from an older copy, a deleted anchor
// and a lock file put back from an older copy are each reported, though
// Verify passes on all three.
func TestAnchorLag(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "audit.log")
	anchor := filepath.Join(dir, "state", "audit.anchor")
	appendN := func(from, n int) {
		for i := from; i < from+n; i++ {
			rec := testRecord(i)
			if err := AppendWith(path, &rec, AppendOptions{AnchorFile: anchor}); err != nil {
				t.Fatal(err)
			}
		}
	}
	check := func(want string) {
		t.Helper()
		got, err := AnchorLag(path, anchor)
		if err != nil || (want == "") != (got == "") || !strings.Contains(got, want) {
			t.Errorf("AnchorLag = %q, %v; want %q", got, err, want)
		}
		if _, err := VerifyWith(path, VerifyOptions{AnchorFile: anchor}); err != nil {
			t.Errorf("verify: %v", err)
		}
	}
	if got, err := AnchorLag(path, anchor); got != "" || err != nil {
		t.Errorf("no log: %q, %v", got, err)
	}
	appendN(0, 5)
	check("")
	oldAnchor, _ := os.ReadFile(anchor)
	oldLock, _ := os.ReadFile(path + LockSuffix)
	for i := 5; ; i++ { // cross into the next stretch at least twice
		appendN(i, 1)
		if fi, _ := os.Stat(path); fi.Size() > 2*anchorEvery+100 {
			break
		}
	}
	check("")
	newAnchor, _ := os.ReadFile(anchor)

	os.WriteFile(anchor, oldAnchor, 0o600)
	check("is behind the log's last append")
	os.Remove(anchor)
	check("anchor is missing")
	os.WriteFile(anchor, newAnchor, 0o600)
	os.WriteFile(path+LockSuffix, oldLock, 0o600)
	check("checkpoint (")
}
