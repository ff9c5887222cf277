package policy

import (
	"os"
	"path/filepath"
	"testing"
)

// TestIgnored: the ignore patterns guard models match as git's do: a
// pattern without a slash a base name at any depth below its file, one
// with a slash the path below its file, a trailing slash directories
// only; those it does not model (escapes, brackets, **) ignore nothing,
// and a negation makes the file one guard cannot rely on.
func TestIgnored(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	pats, ok := readIgnore(write("top", "# c\n.env*  \n/build\nsecrets/*.pem\nlogs/\n[ab].key\n**/x.key\n\\#k\nt.key\t\n"), "", nil)
	if !ok {
		t.Fatal("not read")
	}
	pats, ok = readIgnore(write("app", "local.json\n"), "app", pats)
	if !ok {
		t.Fatal("not read")
	}
	for _, tc := range []struct {
		rel      string
		dir, ign bool
	}{
		{".env", false, true}, {"a/b/.env.local", false, true}, {"build", true, true}, {"a/build", true, false},
		{"secrets/k.pem", false, true}, {"a/secrets/k.pem", false, false}, {"logs", true, true}, {"logs", false, false},
		{"a.key", false, false}, {"x.key", false, false}, {"#k", false, false}, {"t.key", false, false},
		{"app/local.json", false, true}, {"app/sub/local.json", false, true}, {"local.json", false, false},
	} {
		if got := ignored(pats, tc.rel, tc.dir); got != tc.ign {
			t.Errorf("ignored(%q, dir %v) = %v, want %v", tc.rel, tc.dir, got, tc.ign)
		}
	}
	// git drops one \r before \n (FINDINGS46a A1): ".env\r" is the pattern,
	// which ignores no .env; "?" is one byte to git (A3): "?.pem" does not
	// ignore "é.pem"; a control byte is not modelled.
	pats, ok = readIgnore(write("cr", ".env\r\r\nlog\r\n?.pem\nz\x00.key\n"), "", nil)
	if !ok {
		t.Fatal("not read")
	}
	for _, tc := range []struct {
		rel string
		ign bool
	}{{".env", false}, {"log", true}, {"é.pem", false}, {"a.pem", true}, {"z.key", false}} {
		if got := ignored(pats, tc.rel, false); got != tc.ign {
			t.Errorf("ignored(%q) = %v, want %v", tc.rel, got, tc.ign)
		}
	}
	if _, ok := readIgnore(write("neg", ".env\n!.env.example\n"), "", nil); ok {
		t.Error("a negation read as sure")
	}
	if pats, ok := readIgnore(filepath.Join(dir, "none"), "", nil); !ok || len(pats) != 0 {
		t.Error("a missing ignore file is not an empty one")
	}
}
