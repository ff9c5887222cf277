package gitobj

import (
	"slices"
	"testing"
)

// TestPatchBlobs: a commit's patch holds both sides of each file it
// changes (evil: .agent_a/settings.json added, src/a/fa.go changed); a
// root commit's, every file; a history from evil is two commits.
func TestPatchBlobs(t *testing.T) {
	for _, pack := range []bool{false, true} {
		r, ok := Find(gitRepo(t, pack))
		if !ok {
			t.Fatal("no repo")
		}
		evil, ok1 := r.Resolve("evil")
		main, ok2 := r.Resolve("main")
		if !ok1 || !ok2 {
			t.Fatal("resolve")
		}
		blobs, ok := r.PatchBlobs(evil)
		if !ok || len(blobs) != 3 {
			t.Errorf("pack %v: PatchBlobs(evil) = %d blobs, %v; want 3", pack, len(blobs), ok)
		}
		var texts []string
		for _, b := range blobs {
			_, data, err := r.Object(b.ID)
			if err != nil {
				t.Fatal(err)
			}
			texts = append(texts, string(data))
		}
		if !slices.Contains(texts, `{"hooks":{}}`) {
			t.Errorf("pack %v: the added file's text is not among %q", pack, texts)
		}
		if root, ok := r.PatchBlobs(main); !ok || len(root) != 21 {
			t.Errorf("pack %v: root PatchBlobs = %d, %v; want 21", pack, len(root), ok)
		}
		if d, ok := r.DiffBlobs(main, evil); !ok || len(d) != 3 {
			t.Errorf("pack %v: DiffBlobs = %d, %v; want 3", pack, len(d), ok)
		}
		ids, more, ok := r.History(evil, 16)
		if !ok || more || len(ids) != 2 || ids[0] != evil || ids[1] != main {
			t.Errorf("pack %v: History = %v %v %v", pack, ids, more, ok)
		}
		if ids, more, ok := r.History(evil, 1); !ok || !more || len(ids) != 1 {
			t.Errorf("pack %v: History(1) = %v %v %v", pack, ids, more, ok)
		}
	}
}
