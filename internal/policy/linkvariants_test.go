package policy

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/guardhq/guard/internal/event"
)

// TestLinkVariantsAbsentEntries: skipping the globs of entries the home
// directory's listing lacks gives the variants looking each glob up gives,
// with the home's entries directories, files, links to either, dangling
// links and absent, and with the home itself reached through a link.
func TestLinkVariantsAbsentEntries(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	real := filepath.Join(root, "real", "home")
	elsewhere := filepath.Join(root, "elsewhere")
	for _, d := range []string{filepath.Join(real, ".aws"), filepath.Join(real, ".config", "gcloud"), filepath.Join(elsewhere, "keys"), filepath.Join(elsewhere, "cfg", "fish")} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(real, ".bashrc"), nil, 0o600)
	os.WriteFile(filepath.Join(elsewhere, "netrc"), nil, 0o600)
	for link, target := range map[string]string{
		filepath.Join(real, ".ssh"):            filepath.Join(elsewhere, "keys"),
		filepath.Join(real, ".netrc"):          filepath.Join(elsewhere, "netrc"),
		filepath.Join(real, ".gnupg"):          filepath.Join(elsewhere, "gone"),
		filepath.Join(real, ".config", "fish"): filepath.Join(elsewhere, "cfg", "fish"),
		filepath.Join(root, "home"):            real,
	} {
		if err := os.Symlink(target, link); err != nil {
			t.Skip("no symbolic links:", err)
		}
	}
	extra := []string{"~/.ssh/id_*", "~/.bashrc", "~/.not-there/**", "~/.netrc", "~/.config/fish/**", "~/.Aws/credentials", "~/**/.env", "~/.x?/y"}
	for _, home := range []string{real, filepath.Join(root, "home")} {
		variants := func(skip bool) map[string][]string {
			skipAbsent = skip
			defer func() { skipAbsent = true }()
			p, err := Parse([]byte(`{}`), "test")
			if err != nil {
				t.Fatal(err)
			}
			p.Home = home
			p.cache.mu.Lock()
			defer p.cache.mu.Unlock()
			return p.linkVariants(p.FilePaths.BlockRead, p.FilePaths.BlockWrite, extra)
		}
		got, want := variants(true), variants(false)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("home %s: variants\n%v\nwant\n%v", home, got, want)
		}
		if len(want) == 0 {
			t.Errorf("home %s: no variants at all", home)
		}
	}
}

// TestLinkedProtectedFile: a protected file that is itself a symbolic
// link (a dotfile manager's ~/.profile -> ~/dotfiles/profile) is protected
// where it leads too, for writes and reads.
func TestLinkedProtectedFile(t *testing.T) {
	home, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	dots := filepath.Join(home, "dotfiles")
	os.MkdirAll(dots, 0o700)
	for name, target := range map[string]string{".profile": "profile", ".pgpass": "pgpass"} {
		os.WriteFile(filepath.Join(dots, target), []byte("x"), 0o600)
		if err := os.Symlink(filepath.Join(dots, target), filepath.Join(home, name)); err != nil {
			t.Skip("no symbolic links:", err)
		}
	}
	p, err := Parse([]byte(`{}`), "test")
	if err != nil {
		t.Fatal(err)
	}
	p.Home = home
	for _, tc := range []struct {
		in    event.Input
		block bool
	}{
		{event.Input{Kind: event.KindWrite, Text: filepath.Join(dots, "profile")}, true},
		{event.Input{Kind: event.KindRead, Text: filepath.Join(dots, "pgpass")}, true},
		{event.Input{Kind: event.KindWrite, Text: filepath.Join(dots, "other")}, false},
	} {
		v, err := p.Evaluate([]event.Input{tc.in})
		if err != nil {
			t.Fatal(err)
		}
		if v.Blocked() != tc.block {
			t.Errorf("%s %s: blocked %v, want %v", tc.in.Kind, tc.in.Text, v.Blocked(), tc.block)
		}
	}
}
