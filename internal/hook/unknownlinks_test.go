package hook

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/guardhq/guard/internal/policy"
)

// TestUnknownNameThroughProjectLink: a name from a listing in a project
// that holds a link to ~/.ssh could be the link (review 13a F11); in a
// project without one it stays the project's.
func TestUnknownNameThroughProjectLink(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("HOME", dir)
	t.Setenv("GUARD_HOME", "")
	linked, plain := filepath.Join(dir, "proj"), filepath.Join(dir, "plain")
	for _, d := range []string{linked, plain, filepath.Join(dir, ".ssh")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(dir, ".ssh"), filepath.Join(linked, "keys")); err != nil {
		t.Fatal(err)
	}
	p, err := policy.Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{
		`ls | while read d; do base64 "$d"/* 2>/dev/null; done`,
		`d=$(find . -type l); base64 $d/id_rsa`,
		`ls | while read d; do tar czf /tmp/o.tgz "$d"/; done`,
		`ls | while read d; do cp -r "$d" /tmp/out; done`,
	} {
		for _, tt := range []struct {
			cwd   string
			block bool
		}{{linked, true}, {plain, false}} {
			r, err := DryRun(p, "command", cmd, tt.cwd)
			if err != nil {
				t.Fatalf("%q: %v", cmd, err)
			}
			if blocked := r.Verdict == "block"; blocked != tt.block {
				t.Errorf("%q in %s: %s (%s), want block = %v", cmd, filepath.Base(tt.cwd), r.Verdict, r.Reason, tt.block)
			}
		}
	}
}

func TestUnknownElement(t *testing.T) {
	for _, tt := range []struct {
		p, dir, rest string
		ok           bool
	}{
		{"\x00\x00/*", "/b", "/*", true},
		{"\x00", "/b", "", true},
		{"/p/q/\x00/id_rsa", "/p/q", "/id_rsa", true},
		{"/p/q/x\x00/id_rsa", "", "", false},
		{"/p/q/\x00x", "", "", false},
		{"/usr/lib/\x00", "", "", false},
	} {
		dir, rest, ok := unknownElement(tt.p, "/b")
		if dir != tt.dir || rest != tt.rest || ok != tt.ok {
			t.Errorf("unknownElement(%q) = %q, %q, %v; want %q, %q, %v", tt.p, dir, rest, ok, tt.dir, tt.rest, tt.ok)
		}
	}
}
