package policy

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/detect/path"
	"github.com/guardhq/guard/internal/event"
)

func TestHoldsBlocked(t *testing.T) {
	d, err := path.New([]string{"**/.env", "**/*.pem"}, []string{"**/.env.example"}, "/nohome")
	if err != nil {
		t.Fatal(err)
	}
	mk := func(files ...string) string {
		dir := t.TempDir()
		for _, f := range files {
			full := filepath.Join(dir, f)
			if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(full, nil, 0o600); err != nil {
				t.Fatal(err)
			}
		}
		return filepath.ToSlash(dir)
	}
	many := make([]string, MaxTreeEntries+1)
	for i := range many {
		many[i] = "f" + strconv.Itoa(i)
	}
	linked := mk("a.go")
	if err := os.Symlink("/", filepath.Join(linked, "root")); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name        string
		dir         string
		found, sure bool
	}{
		{"clean", mk("src/main.go", "README.md"), false, true},
		{"env deep", mk("src/a/b/.env"), true, true},
		{"pem", mk("certs/x.pem"), true, true},
		{"allowed example", mk(".env.example"), false, true},
		{"past the bound", mk(many...), false, false},
		{"a link", linked, false, false},
		{"missing", "/nonexistent/dir", false, true},
		{"relative", "proj", false, false},
	} {
		file, sure := holdsBlocked(d, tt.dir, nil, false)
		found := file != ""
		if found != tt.found || sure != tt.sure {
			t.Errorf("%s: found %v sure %v, want %v %v", tt.name, found, sure, tt.found, tt.sure)
		}
	}
}

// TestOwnGlob: a tree read's finding names the glob of the protected file
// the walk found, not the first glob the tree met.
func TestOwnGlob(t *testing.T) {
	d, err := path.New([]string{"**/.env", "**/*.pem"}, nil, "/nohome")
	if err != nil {
		t.Fatal(err)
	}
	f := event.Finding{Entry: "**/.env", Reason: "path '/p/./**' matches glob '**/.env'; it stands for every file"}
	g := ownGlob(d, f, "/p/certs/dev.pem")
	if g.Entry != "**/*.pem" || !strings.Contains(g.Reason, "glob '**/*.pem'") || strings.Contains(g.Reason, ".env") {
		t.Errorf("ownGlob = %+v, want the *.pem glob", g)
	}
	if h := ownGlob(d, f, "/p/.env"); h.Entry != "**/.env" || h.Reason != f.Reason {
		t.Errorf("ownGlob of a .env = %+v, want f unchanged", h)
	}
}
