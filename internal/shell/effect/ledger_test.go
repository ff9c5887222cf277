package effect

import (
	"slices"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/shell/word"
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

// TestAttached checks which option words name the path attached to them.
func TestAttached(t *testing.T) {
	for _, tc := range []struct {
		word, want string
		ok         bool
	}{
		{"-o/x", "/x", true},
		{"-include/h/.netrc", "/h/.netrc", true},
		{"-cf~/x", "~/x", true},
		{"-I~", "~", true},
		{"-o./out", "./out", true},
		{"-L../lib", "../lib", true},
		{"-o.git/hooks/pre-commit", ".git/hooks/pre-commit", true},
		{"-o$HOME/.bashrc", "$HOME/.bashrc", true},
		{"-o" + word.Mark(word.MarkEnv, "HOME") + "/.bashrc", word.Mark(word.MarkEnv, "HOME") + "/.bashrc", true},
		{"-i.bak", "", false},
		{"-O2", "", false},
		{"-Iinclude", "", false},
		{"-Dx=/y", "", false}, // Candidate takes it after =
		{"--output/x", "", false},
		{"-", "", false},
		{"-/x", "", false},
		{"-Wl,-rpath,/x", "", false},
		{"-abcdefghijklmnopq/x", "", false}, // more letters than an option has
	} {
		got, ok := Attached(tc.word)
		if got != tc.want || ok != tc.ok {
			t.Errorf("Attached(%q) = %q, %v; want %q, %v", tc.word, got, ok, tc.want, tc.ok)
		}
	}
	if p, ok := Candidate("-o/h/.a=b"); !ok || p != "/h/.a=b" {
		t.Errorf("Candidate(-o/h/.a=b) = %q, %v; want the whole attached path", p, ok)
	}
}

// FuzzAttached checks that an attached value is a suffix of the word.
func FuzzAttached(f *testing.F) {
	for _, s := range []string{"-o/x", "-include$HOME/.netrc", "-i.bak", "-", "-cf~/x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if p, ok := Attached(s); ok && (!strings.HasSuffix(s, p) || p == "" || len(p) >= len(s)-1) {
			t.Errorf("Attached(%q) = %q", s, p)
		}
	})
}
