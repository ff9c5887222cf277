package gitobj

import (
	"encoding/hex"
	"os"
	"path/filepath"
	"testing"
)

// TestAbbrev: a hex prefix of 4 to 39 digits that is no ref names the one
// object starting with it, loose or packed; a prefix shorter than 4
// digits, one that several objects share, or none does, resolves nothing.
func TestAbbrev(t *testing.T) {
	for _, pack := range []bool{false, true} {
		r, ok := Find(gitRepo(t, pack))
		if !ok {
			t.Fatal("no repository")
		}
		head, ok := r.Resolve("HEAD")
		if !ok {
			t.Fatal("HEAD")
		}
		h := hex.EncodeToString(head[:])
		for _, n := range []int{4, 7, 12, 39} {
			if id, ok := r.Resolve(h[:n]); !ok || id != head {
				t.Errorf("pack %v: %s resolves to %x %v, want HEAD", pack, h[:n], id, ok)
			}
			if id, ok := r.Resolve(h[:n] + "~0"); !ok || id != head {
				t.Errorf("pack %v: %s~0 resolves to %x %v, want HEAD", pack, h[:n], id, ok)
			}
		}
		if _, ok := r.Resolve(h[:3]); ok {
			t.Errorf("pack %v: 3 digits resolve", pack)
		}
		// Every object of the first byte's 16 first digits: a one-digit
		// longer prefix is shared by the objects under it or by none.
		miss := "0000000000000000000000000000000000000"
		if _, ok := r.Resolve(miss); ok {
			t.Errorf("pack %v: a prefix of no object resolves", pack)
		}
	}
}

// TestAbbrevAmbiguous: a prefix that two objects share is no object; a
// longer one that only one has names it.
func TestAbbrevAmbiguous(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"cd00000000000000000000000000000000000000"[:38], "cd11111111111111111111111111111111111111"[:38]} {
		if err := os.MkdirAll(filepath.Join(dir, "objects", "ab"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "objects", "ab", n), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r := &Repo{common: dir}
	if _, ok := r.abbrev("abcd"); ok {
		t.Error("abcd, shared by two objects, resolves")
	}
	if id, ok := r.abbrev("abcd1"); !ok || hex.EncodeToString(id[:])[:5] != "abcd1" {
		t.Errorf("abcd1 resolves to %x %v", id, ok)
	}
	if _, ok := r.abbrev("abce"); ok {
		t.Error("abce, no object's, resolves")
	}
}

// FuzzAbbrev: any name resolves without a panic, and a resolved prefix
// is the start of the id it names.
func FuzzAbbrev(f *testing.F) {
	f.Add("abcd")
	f.Add("0123456789abcdef0123456789abcdef012345")
	f.Add("ABCDEF")
	f.Add("zz12")
	r := &Repo{common: f.TempDir()}
	f.Fuzz(func(t *testing.T, name string) {
		if id, ok := r.abbrev(name); ok {
			t.Errorf("%q resolves to %x in an empty repository", name, id)
		}
		_ = isAbbrev(name)
	})
}
