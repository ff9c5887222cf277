//go:build unix

package realpath

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// tree is a throwaway file system: root (links resolved), home, a key in
// home/.ssh and a project in home/proj.
type tree struct {
	root, home, ssh, key, proj string
}

func newTree(t *testing.T) tree {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	tr := tree{root: root, home: filepath.Join(root, "home")}
	tr.ssh = filepath.Join(tr.home, ".ssh")
	tr.key = filepath.Join(tr.ssh, "id_ed25519")
	tr.proj = filepath.Join(tr.home, "proj")
	for _, d := range []string{tr.ssh, filepath.Join(tr.proj, "a", "b", "c")} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(tr.key, []byte("k"), 0o600); err != nil {
		t.Fatal(err)
	}
	return tr
}

func (tr tree) link(t *testing.T, target, at string) {
	t.Helper()
	if err := os.Symlink(target, filepath.Join(tr.root, at)); err != nil {
		t.Fatal(err)
	}
}

func TestTarget(t *testing.T) {
	tr := newTree(t)
	tr.link(t, tr.key, "home/proj/notes.txt") // file link
	tr.link(t, tr.ssh, "home/proj/keys")      // directory link
	os.WriteFile(filepath.Join(tr.proj, "plain.txt"), nil, 0o644)

	tests := []struct {
		path, want string
		moved      bool
	}{
		{filepath.Join(tr.proj, "notes.txt"), tr.key, true},
		{filepath.Join(tr.proj, "keys", "id_ed25519"), tr.key, true},
		{filepath.Join(tr.proj, "keys", "new_key"), filepath.Join(tr.ssh, "new_key"), true}, // not there yet: its directory is followed
		{filepath.Join(tr.proj, "plain.txt"), "", false},
		{filepath.Join(tr.proj, "missing", "deeper"), "", false},
		{"~/.ssh/id_ed25519", "", false},       // ~ expands to home, which holds no link
		{"$HOME/proj/notes.txt", tr.key, true}, // $HOME expands as in the path rules
		{"relative/path", "", false},
	}
	for _, tt := range tests {
		got, moved := Target(tt.path, tr.home)
		if got != tt.want || moved != tt.moved {
			t.Errorf("Target(%q) = %q, %v; want %q, %v", tt.path, got, moved, tt.want, tt.moved)
		}
	}
}

// TestDotDotAfterLink covers issue 11 item 1: `..` applies to where a link
// leads, as the kernel does it, not to the text.
func TestDotDotAfterLink(t *testing.T) {
	tr := newTree(t)
	tr.link(t, "a/b/c", "home/proj/l")            // relative link three levels down
	tr.link(t, tr.proj, "home/proj/a/up")         // absolute link
	tr.link(t, "../../..", "home/proj/a/b/c/top") // relative link that climbs
	tests := []struct {
		path string
		want string // must be among Targets
	}{
		// l is a/b/c: l/../../../.. is the home directory, not the root.
		{tr.proj + "/l/../../../../.ssh/id_ed25519", tr.key},
		{tr.proj + "/a/up/../.ssh/id_ed25519", tr.key},
		{tr.proj + "/a/b/c/top/../.ssh/id_ed25519", tr.key},
		{"~/proj/l/../../../../.ssh/id_ed25519", tr.key},
	}
	for _, tt := range tests {
		got := Targets(tt.path, tr.home)
		if !slices.Contains(got, tt.want) {
			t.Errorf("Targets(%q) = %q; want it to hold %q", tt.path, got, tt.want)
		}
		if got[0] != tt.want {
			t.Errorf("Targets(%q)[0] = %q; want where the kernel goes, %q", tt.path, got[0], tt.want)
		}
	}
}

// TestUnknownComponent covers the hard case of item 1: the link does not
// exist when guard looks (the same command creates it), so the rest after
// its `..` is checked under every directory it could land in.
func TestUnknownComponent(t *testing.T) {
	tr := newTree(t)
	// mkdir -p a/b/c && ln -sfn a/b/c l && cat l/../../../../.ssh/id_ed25519
	// from the project: l does not exist yet.
	got := Targets(tr.proj+"/l/../../../../.ssh/id_ed25519", tr.home)
	if !slices.Contains(got, tr.key) {
		t.Errorf("Targets = %q; want the key %q among them", got, tr.key)
	}
	// The same from a directory outside the home directory: the home
	// directory's own ancestors are candidates too.
	elsewhere := filepath.Join(tr.root, "work")
	os.MkdirAll(elsewhere, 0o755)
	got = Targets(elsewhere+"/new/../.ssh/id_ed25519", tr.home)
	if !slices.Contains(got, tr.key) {
		t.Errorf("Targets from outside home = %q; want %q", got, tr.key)
	}
	// A missing directory without `..` after it opens nothing: a new file
	// in a new directory is just that.
	if got := Targets(tr.proj+"/build/out/.bashrc", tr.home); len(got) != 0 {
		t.Errorf("new directory without ..: Targets = %q, want none", got)
	}
	// After popping back to an existing directory, links are followed again.
	tr.link(t, tr.key, "home/proj/k")
	if got := Targets(tr.proj+"/new/../k", tr.home); len(got) == 0 || got[0] != tr.key {
		t.Errorf("Targets(new/../k) = %q; want %q first", got, tr.key)
	}
}

// TestProcMagicLinks: /proc/self/cwd and friends lead where the process
// that opens them decides; guard checks its own view and the candidates.
func TestProcMagicLinks(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("/proc is Linux's")
	}
	tr := newTree(t)
	t.Chdir(tr.proj)
	tests := []struct{ path, want string }{
		{"/proc/self/cwd/../.ssh/id_ed25519", tr.key},                               // guard's cwd is the project
		{"/proc/thread-self/cwd/../.ssh/id_ed25519", tr.key},                        // the same through the thread
		{"/proc/$$/cwd/../.ssh/id_ed25519", tr.key},                                 // a pid guard cannot know
		{"/proc/$$/cwd/.ssh/id_ed25519", filepath.Join(tr.home, ".ssh/id_ed25519")}, // shell's cwd may be home
		{"/proc/self/root" + tr.key, tr.key},                                        // root is /
		{"/dev/fd/9/.ssh/id_ed25519", tr.key},                                       // a descriptor open on the home directory
		{"/proc/self/fd/9/../.ssh/id_ed25519", tr.key},
	}
	for _, tt := range tests {
		if got := Targets(tt.path, tr.home); !slices.Contains(got, tt.want) {
			t.Errorf("Targets(%q) = %q; want it to hold %q", tt.path, got, tt.want)
		}
	}
	// Ordinary /proc reads lead nowhere protected.
	for _, p := range []string{"/proc/cpuinfo", "/proc/self/status"} {
		for _, got := range Targets(p, tr.home) {
			if strings.HasPrefix(got, tr.ssh) {
				t.Errorf("Targets(%q) holds %q", p, got)
			}
		}
	}
}

// TestBounds: a link loop and a long path end in bounded work and a bounded
// answer.
func TestBounds(t *testing.T) {
	tr := newTree(t)
	tr.link(t, "loop2", "home/proj/loop1")
	tr.link(t, "loop1", "home/proj/loop2")
	got := Targets(tr.proj+"/loop1/../.ssh/id_ed25519", tr.home)
	if !slices.Contains(got, tr.key) {
		t.Errorf("loop: Targets = %q; want %q among them", got, tr.key)
	}
	long := tr.proj + strings.Repeat("/x/..", 5000) + "/" + strings.Repeat("../", 50) + ".ssh/id_ed25519"
	if got := Targets(long, tr.home); len(got) > maxTargets {
		t.Errorf("long path: %d targets", len(got))
	}
}

func FuzzTargets(f *testing.F) {
	for _, s := range []string{"/proc/self/cwd/../x", "~/a/../../b", "/a/b/../../../c", "/", "//", "/..", "/dev/fd/0", "\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, p string) {
		got := Targets(p, "/home/u")
		if len(got) > maxTargets {
			t.Fatalf("%d targets", len(got))
		}
		for _, g := range got {
			if !strings.HasPrefix(g, "/") || filepath.Clean(g) != g {
				t.Fatalf("Targets(%q) holds %q, not absolute and clean", p, g)
			}
		}
	})
}

// TestResolverEqualsTargets: one Resolver answering many paths (its lookups
// shared) gives each the same targets as a fresh walk, in any order,
// through links, loops, .. and missing components.
func TestResolverEqualsTargets(t *testing.T) {
	tr := newTree(t)
	for _, l := range [][2]string{
		{"a/b/c", filepath.Join(tr.proj, "l")},
		{tr.home, filepath.Join(tr.proj, "h")},
		{"loop", filepath.Join(tr.proj, "loop")},
		{"missing/x", filepath.Join(tr.proj, "dangling")},
	} {
		if err := os.Symlink(l[0], l[1]); err != nil {
			t.Fatal(err)
		}
	}
	paths := []string{
		tr.proj + "/l/../../../../.ssh/id_ed25519",
		tr.proj + "/h/.ssh/id_ed25519",
		tr.proj + "/loop/x",
		tr.proj + "/dangling/y",
		tr.proj + "/l/x",
		tr.proj + "/nope/../h/.ssh",
		"~/proj/h/.ssh/id_ed25519",
		"/proc/self/cwd/../x",
		tr.proj + "/l/../../../../.ssh/id_ed25519",
	}
	for _, order := range [][]string{paths, reversed(paths)} {
		r := NewResolver(tr.home)
		for _, p := range order {
			if got, want := r.Targets(p), Targets(p, tr.home); !slices.Equal(got, want) {
				t.Errorf("Resolver.Targets(%q) = %q, Targets = %q", p, got, want)
			}
		}
	}
}

func reversed(s []string) []string {
	out := slices.Clone(s)
	slices.Reverse(out)
	return out
}

// TestGlob: a pattern names what bash expands it to, hidden names only for
// a pattern element that starts with a dot.
func TestGlob(t *testing.T) {
	home := t.TempDir()
	for _, d := range []string{".ssh", "proj", "proj/sub"} {
		if err := os.MkdirAll(filepath.Join(home, d), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{".ssh/id_rsa", "proj/a.md", "proj/.env", "proj/sub/b.md", "notes.txt"} {
		if err := os.WriteFile(filepath.Join(home, f), nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	r := NewResolver(home)
	tests := []struct {
		pattern string
		want    []string
	}{
		{"~/.ss?/id_rsa", []string{home + "/.ssh/id_rsa"}},
		{"~/.s*/id_*", []string{home + "/.ssh/id_rsa"}},
		{"$HOME/.[s]sh/id_rsa", []string{home + "/.ssh/id_rsa"}},
		{home + "/proj/.e[!x]v", []string{home + "/proj/.env"}},
		{"~/*", []string{home + "/notes.txt", home + "/proj"}}, // no hidden names
		{"~/proj/*/*.md", []string{home + "/proj/sub/b.md"}},
		{"~/proj/.en?", []string{home + "/proj/.env"}},
		{"~/.ss[[:alpha:]]/id_rsa", []string{home + "/.ssh/id_rsa"}},
		{"~/.ss[]h]/id_rsa", []string{home + "/.ssh/id_rsa"}},
		{"~/.s[^x]h/id_rsa", []string{home + "/.ssh/id_rsa"}},
		{"~/nothing*", nil},
		{"relative/*", nil},
		{"~/.ssh/id_rsa", nil}, // no pattern
	}
	for _, tt := range tests {
		got := r.Glob(tt.pattern)
		if !slices.Equal(got, tt.want) {
			t.Errorf("Glob(%q) = %q, want %q", tt.pattern, got, tt.want)
		}
	}
}

// TestExists: what exists, as far as the lookups tell; a path under a
// directory found missing is missing.
func TestExists(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "f"), nil, 0o600)
	os.Symlink(filepath.Join(dir, "nowhere"), filepath.Join(dir, "dangling"))
	r := NewResolver(dir)
	r.Targets(filepath.Join(dir, "gone", "x"))
	for p, want := range map[string]bool{
		filepath.Join(dir, "f"): true, "~/f": true, filepath.Join(dir, "dangling"): true,
		filepath.Join(dir, "gone", "x"): false, filepath.Join(dir, "gone", "y", "z"): false, "~/missing": false,
	} {
		if got := r.Exists(p); got != want {
			t.Errorf("Exists(%s) = %v, want %v", p, got, want)
		}
	}
}
