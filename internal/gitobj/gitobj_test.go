package gitobj

import (
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

// gitRepo makes a repository with a main branch and a branch evil that
// adds an agent hook file and changes one file deep in a tree.
func gitRepo(t *testing.T, pack bool) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	run := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "HOME="+dir, "GIT_CONFIG_NOSYSTEM=1", "GIT_AUTHOR_NAME=a", "GIT_AUTHOR_EMAIL=a@b", "GIT_COMMITTER_NAME=a", "GIT_COMMITTER_EMAIL=a@b")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	write := func(p, s string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, p), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run("init", "-q", "-b", "main")
	for i := range 20 {
		write(filepath.Join("src", "a", "f"+string(rune('a'+i))+".go"), "package a // a long enough line to make git delta it against its sibling\n")
	}
	write("README", "hi\n")
	run("add", "-A")
	run("commit", "-qm", "one")
	run("checkout", "-qb", "evil")
	write(".agent_a/settings.json", `{"hooks":{}}`)
	write("src/a/fa.go", "package a // a long enough line to make git delta it against its sibling, changed\n")
	run("add", "-A")
	run("commit", "-qm", "two")
	run("tag", "-a", "-m", "t", "v1")
	run("checkout", "-q", "main")
	if pack {
		run("gc", "-q", "--aggressive")
	}
	return dir
}

func TestChanges(t *testing.T) {
	for _, pack := range []bool{false, true} {
		dir := gitRepo(t, pack)
		r, ok := Find(filepath.Join(dir, "src"))
		if !ok || r.Top != dir {
			t.Fatalf("Find: %v %v", ok, r)
		}
		head, ok := r.Resolve("HEAD")
		if !ok {
			t.Fatalf("pack=%v: HEAD does not resolve", pack)
		}
		for _, rev := range []string{"evil", "refs/heads/evil", "v1", "evil~0", "v1^{commit}", "evil^{}", "evil@{0}", "evil@{0}^{commit}", "@{-1}", "@{-1}~0"} {
			evil, ok := r.Resolve(rev)
			if !ok {
				t.Fatalf("pack=%v: %s does not resolve", pack, rev)
			}
			got, ok := r.Changes(head, evil)
			want := []string{".agent_a/settings.json", "src/a/fa.go"}
			if !ok || !slices.Equal(got, want) {
				t.Errorf("pack=%v: Changes(HEAD, %s) = %v, %v; want %v", pack, rev, got, ok, want)
			}
		}
		for _, rev := range []string{"evil~1", "evil@{1}", "evil^{commit}^1", "HEAD@{0}", "@{-2}"} {
			if id, ok := r.Resolve(rev); !ok || id != head {
				t.Errorf("pack=%v: %s = %x, %v; want HEAD", pack, rev, id, ok)
			}
		}
		if !r.NoParent("evil@{2}") {
			t.Errorf("pack=%v: evil@{2} (past the reflog) is not missing", pack)
		}
		for _, rev := range []string{"nope", "evil@{u}", "ev", "HEAD^2", "a:b", "evil@{2}", "evil^{tree}", "evil@{-1}", "@{1}", "@{-3}", "@{-0}", "@{-}", "@{--1}"} {
			if _, ok := r.Resolve(rev); ok {
				t.Errorf("pack=%v: %q resolves", pack, rev)
			}
		}
	}
}

// TestFiles: the files of a revision's tree that a filter keeps, at any
// depth, with their blob names (a checkout of evil writes
// .agent_a/settings.json whatever HEAD says); past MaxChanges kept, no
// answer.
func TestFiles(t *testing.T) {
	for _, pack := range []bool{false, true} {
		dir := gitRepo(t, pack)
		r, _ := Find(dir)
		evil, ok := r.Resolve("evil")
		if !ok {
			t.Fatal("evil does not resolve")
		}
		hidden := func(p, _ string) bool { return p[0] == '.' }
		got, ok := r.Files(evil, hidden)
		if !ok || len(got) != 1 || got[0].Path != ".agent_a/settings.json" || got[0].Mode != "100644" {
			t.Fatalf("pack=%v: Files(evil, hidden) = %v, %v", pack, got, ok)
		}
		if typ, data, err := r.Object(got[0].ID); err != nil || typ != "blob" || string(data) != `{"hooks":{}}` {
			t.Errorf("pack=%v: blob %q %q %v", pack, typ, data, err)
		}
		all, ok := r.Files(evil, func(string, string) bool { return true })
		if !ok || len(all) != 22 || !slices.ContainsFunc(all, func(f File) bool { return f.Path == "src/a/fa.go" }) {
			t.Errorf("pack=%v: Files(evil, all) = %d files, %v", pack, len(all), ok)
		}
		head, _ := r.Resolve("HEAD")
		if got, ok := r.Files(head, hidden); !ok || len(got) != 0 {
			t.Errorf("pack=%v: Files(HEAD, hidden) = %v, %v; want none", pack, got, ok)
		}
	}
}

func TestApplyDeltaBounds(t *testing.T) {
	for _, d := range [][]byte{nil, {5}, {0, 1, 0x80}, {0, 0x10, 0x91, 0, 0x10}, {3, 3, 0x90, 9}} {
		if _, err := ApplyDelta([]byte("abc"), d); err == nil {
			t.Errorf("ApplyDelta(%v) accepted", d)
		}
	}
	if out, err := ApplyDelta([]byte("abc"), []byte{3, 4, 0x90, 3, 1, 'd'}); err != nil || string(out) != "abcd" {
		t.Errorf("ApplyDelta = %q, %v", out, err)
	}
}

// tree spells a tree object from "MODE NAME" entries.
func tree(entries ...string) []byte {
	var b []byte
	for _, e := range entries {
		b = append(b, e...)
		b = append(b, 0)
		b = append(b, "aaaaaaaaaaaaaaaaaaaa"...)
	}
	return b
}

// TestParseTreeRefuses: what git reads differently from a list of names
// is refused: a zero-padded tree mode, a mode not
// spelt canonically, a name twice, entries out of git's order.
func TestParseTreeRefuses(t *testing.T) {
	for _, tc := range []struct {
		data []byte
		ok   bool
	}{
		{tree("100644 a", "100755 b", "120000 c", "160000 d", "40000 e"), true},
		{tree("100644 a-b", "40000 a"), true}, // a tree sorts as "a/": after "a-b"
		{tree("100644 a", "100644 a-b"), true},
		{tree("100664 old"), true},
		{tree("040000 tools"), false},
		{tree("0100644 a"), false},
		{tree("100640 a"), false},
		{tree("4000 a"), false},
		{tree("40000 tools", "40000 tools"), false},
		{tree("100644 a", "40000 a"), false},
		{tree("40000 a", "100644 a-b"), false}, // out of order
		{tree("100644 b", "100644 a"), false},
		{tree("100644 a", "100644 a-b", "40000 a"), false}, // ordered, a name twice
	} {
		_, err := ParseTree(tc.data)
		if (err == nil) != tc.ok {
			t.Errorf("ParseTree(%q): err %v, want ok %v", tc.data, err, tc.ok)
		}
	}
}

func FuzzParseTree(f *testing.F) {
	f.Add([]byte("100644 a\x00aaaaaaaaaaaaaaaaaaaa40000 d\x00bbbbbbbbbbbbbbbbbbbb"))
	f.Add(tree("040000 tools"))
	f.Add(tree("40000 tools", "40000 tools"))
	f.Add(tree("100644 a-b", "40000 a"))
	f.Add(tree("40000 a", "100644 a-b"))
	f.Fuzz(func(t *testing.T, b []byte) {
		es, err := ParseTree(b)
		if err != nil {
			return
		}
		seen := map[string]bool{}
		for i, e := range es {
			if e.Name == "" || e.Name == ".." || filepath.Base(e.Name) != e.Name {
				t.Fatalf("bad entry %q", e.Name)
			}
			if !canonicalMode(e.Mode) || seen[e.Name] || i > 0 && sortName(es[i-1]) >= sortName(e) {
				t.Fatalf("entry %q %q accepted", e.Mode, e.Name)
			}
			seen[e.Name] = true
		}
	})
}

func FuzzApplyDelta(f *testing.F) {
	f.Add([]byte("abc"), []byte{3, 4, 0x90, 3, 1, 'd'})
	f.Fuzz(func(t *testing.T, base, delta []byte) {
		out, err := ApplyDelta(base, delta)
		if err == nil && len(out) > MaxObjectBytes {
			t.Fatal("past the bound")
		}
	})
}

// TestResolveAmbiguous: a name two refs hold on different commits is not
// read: git checkout takes the branch, rev-parse the tag.
func TestResolveAmbiguous(t *testing.T) {
	dir := gitRepo(t, false)
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "HOME="+dir, "GIT_CONFIG_NOSYSTEM=1", "GIT_COMMITTER_NAME=a", "GIT_COMMITTER_EMAIL=a@b")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("tag", "evil", "main")          // a tag evil at main, the branch evil a commit later
	git("tag", "-a", "-m", "t", "main") // an annotated tag main at the branch main: one commit
	r, ok := Find(dir)
	if !ok {
		t.Fatal("Find")
	}
	main, _ := r.Resolve("refs/heads/main")
	for _, tc := range []struct {
		rev string
		ok  bool
	}{
		{"evil", false},
		{"evil~1", false},
		{"heads/evil", true},
		{"tags/evil", true},
		{"refs/heads/evil", true},
		{"main", true},
	} {
		if _, ok := r.Resolve(tc.rev); ok != tc.ok {
			t.Errorf("Resolve(%q) ok = %v, want %v", tc.rev, ok, tc.ok)
		}
	}
	if id, _ := r.Resolve("main"); id != main {
		t.Errorf("main = %x, want the branch's %x", id, main)
	}
	// A branch named as the hex id of another commit.
	evil, _ := r.Resolve("heads/evil")
	git("branch", hex.EncodeToString(main[:]), "heads/evil")
	if _, ok := r.Resolve(hex.EncodeToString(main[:])); ok {
		t.Errorf("a hex id that is also a branch at %x resolves", evil)
	}
}

// TestIndexFiles: the index's files, in versions 2, 3 (an extended entry)
// and 4 (prefix-compressed paths), kept by a filter; a broken index is not
// read.
func TestIndexFiles(t *testing.T) {
	for _, version := range []string{"2", "3", "4"} {
		dir := gitRepo(t, false)
		cmd := exec.Command("git", "update-index", "--index-version", version)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%v: %s", err, out)
		}
		if version == "3" {
			cmd = exec.Command("git", "update-index", "--skip-worktree", "README")
			cmd.Dir = dir
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("%v: %s", err, out)
			}
		}
		r, _ := Find(dir)
		all, ok := r.IndexFiles(func(string, string) bool { return true })
		if !ok || len(all) != 21 || all[0].Path != "README" || all[20].Path != "src/a/ft.go" {
			t.Fatalf("v%s: IndexFiles = %v, %v", version, all, ok)
		}
		head, _ := r.Resolve("HEAD")
		tree, _ := r.Files(head, func(string, string) bool { return true })
		if !slices.Equal(all, tree) {
			t.Errorf("v%s: the index is not HEAD's tree:\n%v\n%v", version, all, tree)
		}
		data, err := os.ReadFile(filepath.Join(dir, ".git", "index"))
		if err != nil {
			t.Fatal(err)
		}
		for _, cut := range []int{11, 40, 70, len(data) / 2} {
			if _, ok := ParseIndex(data[:cut], func(string) bool { return true }); ok {
				t.Errorf("v%s: an index cut at %d is read", version, cut)
			}
		}
	}
}

func FuzzParseIndex(f *testing.F) {
	f.Add([]byte("DIRC\x00\x00\x00\x02\x00\x00\x00\x00"))
	f.Add([]byte("DIRC\x00\x00\x00\x04\x00\x00\x00\x01" + string(make([]byte, 62)) + "\x00a\x00"))
	f.Fuzz(func(t *testing.T, data []byte) {
		files, ok := ParseIndex(data, func(string) bool { return true })
		if !ok && files != nil {
			t.Fatal("files without an answer")
		}
		for _, fl := range files {
			if !validIndexPath([]byte(fl.Path)) {
				t.Fatalf("path %q", fl.Path)
			}
		}
	})
}

// TestFileAt: the text of a file as a revision or the index holds it (git
// show REV:PATH), a directory or a missing file holding none, a revision
// guard cannot resolve telling nothing.
func TestFileAt(t *testing.T) {
	for _, pack := range []bool{false, true} {
		r, _ := Find(gitRepo(t, pack))
		for _, tt := range []struct {
			rev, p, want string
			found, ok    bool
		}{
			{"evil", ".agent_a/settings.json", `{"hooks":{}}`, true, true},
			{"HEAD", "README", "hi\n", true, true},
			{"", "README", "hi\n", true, true},
			{":0", "README", "hi\n", true, true},
			{"HEAD", ".agent_a/settings.json", "", false, true},
			{"HEAD", "src/a", "", false, true},
			{"HEAD", "src", "", false, true},
			{"nosuchrev", "README", "", false, false},
			{"HEAD@{1}", "README", "hi\n", true, true}, // the reflog: evil's commit
			{"HEAD@{9}", "README", "", false, false},
		} {
			data, found, ok := r.FileAt(tt.rev, tt.p)
			if string(data) != tt.want || found != tt.found || ok != tt.ok {
				t.Errorf("pack=%v: FileAt(%q, %q) = %q, %v, %v; want %q, %v, %v", pack, tt.rev, tt.p, data, found, ok, tt.want, tt.found, tt.ok)
			}
		}
	}
}

// TestIndexChanged: the entries git could find changed are those whose
// stat data no longer matches the disk (a rewrite, a touch, a removal, a
// mode change) or that are racily clean; a clean tree, once the index is
// written after its files, has none.
func TestIndexChanged(t *testing.T) {
	if runtime.GOOS != "linux" && runtime.GOOS != "darwin" {
		t.Skip("stat data is compared on Linux and macOS")
	}
	dir := gitRepo(t, false)
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	// Files older than the index: not racily clean.
	old := time.Now().Add(-time.Hour)
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && !strings.Contains(p, string(filepath.Separator)+".git"+string(filepath.Separator)) {
			os.Chtimes(p, old, old)
		}
		return nil
	})
	git("update-index", "--refresh")
	changed := func() []string {
		t.Helper()
		r, found := Find(dir)
		if !found {
			t.Fatal("no repository")
		}
		files, ok := r.IndexChanged(func(string, string) bool { return true })
		if !ok {
			t.Fatal("IndexChanged: cannot tell")
		}
		var out []string
		for _, f := range files {
			out = append(out, f.Path)
		}
		return out
	}
	if got := changed(); len(got) != 0 {
		t.Fatalf("clean tree: %v", got)
	}
	os.WriteFile(filepath.Join(dir, "src/a/fb.go"), []byte("package a // changed\n"), 0o644)
	os.Chtimes(filepath.Join(dir, "src/a/fc.go"), old.Add(time.Minute), old.Add(time.Minute)) // same content, new times
	os.Remove(filepath.Join(dir, "src/a/fd.go"))
	os.Chmod(filepath.Join(dir, "src/a/fe.go"), 0o755)
	// Rewritten with the same size and modification time: the change time
	// still moves.
	fg := filepath.Join(dir, "src/a/fg.go")
	data, _ := os.ReadFile(fg)
	data[0] = 'P'
	os.WriteFile(fg, data, 0o644)
	os.Chtimes(fg, old, old)
	want := []string{"src/a/fb.go", "src/a/fc.go", "src/a/fd.go", "src/a/fe.go", "src/a/fg.go"}
	if got := changed(); !slices.Equal(got, want) {
		t.Fatalf("changed = %v, want %v", got, want)
	}
	// Racily clean: a file whose modification time is not before the
	// index's is compared by content.
	git("checkout", "--", ".")
	git("update-index", "--refresh")
	os.Chtimes(filepath.Join(dir, ".git", "index"), old.Add(-time.Hour), old.Add(-time.Hour))
	if got := changed(); len(got) != 21 {
		t.Fatalf("an index older than its files: %d entries to compare, want 21 (%v)", len(got), got)
	}
}

// TestResolveLooseRemoteRef: a remote-tracking branch written loose by a
// fetch (refs/remotes/origin/main a file) resolves: git's candidate
// refs/remotes/origin/main/HEAD below it is absent (ENOTDIR), not a ref
// guard cannot read.
func TestResolveLooseRemoteRef(t *testing.T) {
	dir := gitRepo(t, false)
	main, err := os.ReadFile(filepath.Join(dir, ".git", "refs", "heads", "main"))
	if err != nil {
		t.Fatal(err)
	}
	ref := filepath.Join(dir, ".git", "refs", "remotes", "origin", "main")
	if err := os.MkdirAll(filepath.Dir(ref), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(ref, main, 0o644); err != nil {
		t.Fatal(err)
	}
	r, ok := Find(dir)
	if !ok {
		t.Fatal("Find")
	}
	want, _ := r.Resolve("refs/heads/main")
	if id, ok := r.Resolve("origin/main"); !ok || id != want {
		t.Errorf("Resolve(origin/main) = %x, %v; want %x", id, ok, want)
	}
	// A packed ref below a loose one is not git's: git reads packed-refs
	// only where the loose file is absent (ENOENT), so the name is a path
	// to git (review 55c C7).
	packed := fmt.Sprintf("# pack-refs with: peeled fully-peeled sorted\n%x refs/heads/secrets/prod.env\n", want)
	if err := os.WriteFile(filepath.Join(dir, ".git", "packed-refs"), []byte(packed), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ".git", "refs", "heads", "secrets"), main, 0o644); err != nil {
		t.Fatal(err)
	}
	r, _ = Find(dir)
	if id, ok := r.Resolve("secrets/prod.env"); ok {
		t.Errorf("Resolve(secrets/prod.env) = %x, want no ref", id)
	}
}
