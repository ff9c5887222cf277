package effect

import (
	"slices"
	"testing"
)

// newTest returns a ledger appending to its own lists, with the home
// directory /home/u and no file reader.
func newTest() (*Ledger, *[]string, *[]string, *[]string) {
	var reads, writes, touches, files []string
	l := &Ledger{Home: "/home/u", ReadList: &reads, WriteList: &writes, TouchList: &touches, FileList: &files,
		Fail: func(error) {}, Hide: func(string, ...any) {}, Lookup: func(string) (string, bool) { return "", false }}
	return l, &reads, &writes, &touches
}

// TestLedgerRecords: each kind of use lands in its own list, in order.
func TestLedgerRecords(t *testing.T) {
	l, reads, writes, touches := newTest()
	l.Read("/etc/hosts")
	l.Write("/tmp/out")
	l.Touch("/tmp/t")
	l.Read("/etc/passwd")
	if !slices.Equal(*reads, []string{"/etc/hosts", "/etc/passwd"}) {
		t.Errorf("reads = %q", *reads)
	}
	if !slices.Equal(*writes, []string{"/tmp/out"}) || !slices.Equal(*touches, []string{"/tmp/t"}) {
		t.Errorf("writes = %q, touches = %q", *writes, *touches)
	}
}

// TestLedgerWritten: what the command wrote to a file is known until
// something it cannot follow changes the file; appending adds to it.
func TestLedgerWritten(t *testing.T) {
	l, _, _, _ := newTest()
	l.Wrote("/tmp/s.sh", "echo a\n", false)
	l.Wrote("/tmp/s.sh", "echo b\n", true)
	if got, ok := l.WrittenText("/tmp/s.sh"); !ok || got != "echo a\necho b\n" {
		t.Errorf("written text = %q, %v", got, ok)
	}
	if _, ok := l.WrittenText("/tmp/other"); ok {
		t.Error("a file the command did not write has written text")
	}
	l.Changed("/tmp/s.sh")
	if got, ok := l.WrittenText("/tmp/s.sh"); ok {
		t.Errorf("after a change guard cannot follow, written text = %q", got)
	}
}
