package effect

import (
	"math/rand/v2"
	"path"
	"testing"

	"github.com/guardhq/guard/internal/shell/word"
)

// TestStaleInIsStaleOfEach checks StaleIn's one pass against Stale on each
// entry, over ledgers of writes at, above, below and beside the directory.
func TestStaleInIsStaleOfEach(t *testing.T) {
	names := []string{"HEAD", "config", "objects", "refs"}
	paths := []string{".", "/", "HEAD", "config", "objects/ab/cd", "refs/heads/main", "HEADX", "build.log",
		"src/x.go", "..", "../HEAD", "../x", "../config/y", "/t", "/t/p", "/t/p/HEAD", "/t/p/refs",
		"/t/p/x", "/t/HEAD", "/t/p/.git", "/t/p/.git/config", "/t/p/.git/objects/x", "/HEAD", "/refs/x", ".git",
		".git/HEAD", ".git/hooks/x", ".git/x/config"}
	dirs := []string{".", "..", "../..", "/", "/t", "/t/p", "/t/p/.git", ".git", "./.git/", "$PWD", "$PWD/.git", "x/../.git"}
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 20000 {
		w := &Ledger{}
		if i%2 == 1 {
			w.Dir = "/t/p"
		}
		for range r.IntN(5) {
			f := WrittenFile{Path: paths[r.IntN(len(paths))]}
			switch r.IntN(3) {
			case 1:
				f.unknown = true
			case 2:
				f.from = "/src"
			}
			w.Written = append(w.Written, f)
		}
		if r.IntN(20) == 0 {
			w.fullDirs = []string{"/t/p/.git"}
		}
		d := dirs[r.IntN(len(dirs))]
		want := false
		for _, n := range names {
			want = want || w.Stale(path.Join(d, n))
		}
		if got := w.StaleIn(d, names); got != want {
			t.Fatalf("dir %q, cd %q, writes %+v: StaleIn %v, Stale of each %v", d, w.Dir, w.Written, got, want)
		}
	}
}

func TestIsProcMark(t *testing.T) {
	for _, c := range []struct {
		s    string
		want bool
	}{
		{word.Mark(word.MarkProcIn, ""), true},
		{word.Mark(word.MarkProcOut, ""), true},
		{word.Mark(word.MarkProcIn, "x"), false},
		{word.Mark(word.MarkSubst, ""), false},
		{word.MarkStart, false},
		{"<", false},
		{"", false},
	} {
		if got := isProcMark(c.s); got != c.want {
			t.Errorf("isProcMark(%q) = %v, want %v", c.s, got, c.want)
		}
	}
}
