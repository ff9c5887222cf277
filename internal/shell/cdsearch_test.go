package shell

import (
	"slices"
	"testing"
)

// searchDisk is a made-up disk: /w and /h are directories guard's user may
// search, /h/nope one it may not (mode 000, another owner's).
type searchDisk struct{ homeDisk }

func (searchDisk) Lstat(p string) (EntryKind, string) {
	switch p {
	case "/w", "/h", "/h/nope":
		return EntryDir, ""
	}
	return EntryNone, ""
}

func (searchDisk) Access(p string) (ok, known bool) { return p != "/h/nope", true }

// TestCdUnsearchable: a cd into a directory that exists but that the user
// may not search fails (EACCES), so the shell may still be where it was
// (FINDINGS55b B16).
func TestCdUnsearchable(t *testing.T) {
	tests := []struct {
		cmd, read string
	}{
		{cmd: "cd /w; cd /h/nope; cat secret", read: "/w/secret"},
		{cmd: "cd /w; cd /h; cat secret", read: "/h/secret"},
	}
	for _, tt := range tests {
		a := analyze(tt.cmd, Options{Home: "/h", Files: searchDisk{}})
		if !slices.Contains(a.Reads, tt.read) {
			t.Errorf("%q: reads %q, want %q", tt.cmd, a.Reads, tt.read)
		}
	}
	if a := analyze("cd /w; cd /h; cat secret", Options{Home: "/h", Files: searchDisk{}}); slices.Contains(a.Reads, "/w/secret") {
		t.Errorf("a cd into a searchable directory is sure: reads %q", a.Reads)
	}
}
