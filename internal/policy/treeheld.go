package policy

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/guardhq/guard/internal/detect/path"
	"github.com/guardhq/guard/internal/event"
)

// maxHeldEntries bounds the directory entries checkWrittenTree looks at.
const maxHeldEntries = 4096

// checkWrittenTree checks a write (or touch) of a directory's every file,
// DIR/** (rm -r DIR, find DIR -delete, find DIR | xargs sed -i, fd -x):
// the rules first, then, where they meet nothing, what DIR holds on disk:
// each entry, a directory among them (.git, .agent_a, whose name a block
// glob's literal part matches: checked as a written directory), and the
// target of each symbolic link (a writer that follows it writes there),
// breadth first up to maxHeldEntries. The project's own hook file, .git/config and .git/hooks are found at
// the top of the tree before any bound (rm -rf ., find . -delete).
func checkWrittenTree(d checker, text, home string) (event.Finding, bool) {
	if f, hit := d.Check(text); hit {
		return f, hit
	}
	dir := filepath.FromSlash(path.Normalize(strings.TrimSuffix(text, "/**"), home))
	if !filepath.IsAbs(dir) {
		return event.Finding{}, false
	}
	queue, seen := []string{dir}, 0
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		entries, err := os.ReadDir(cur)
		if err != nil {
			continue // nothing there, a file (checked as itself), or unreadable: the writer cannot either
		}
		for _, e := range entries {
			if seen++; seen > maxHeldEntries {
				return event.Finding{}, false
			}
			full := filepath.Join(cur, e.Name())
			f, hit := d.Check(filepath.ToSlash(full))
			if !hit && e.Type()&os.ModeSymlink != 0 {
				if t, err := filepath.EvalSymlinks(full); err == nil {
					f, hit = d.Check(filepath.ToSlash(t))
				}
			}
			if hit {
				f.Reason += "; " + text + " is written whole, and the directory holds it"
				f.LogReason += "; the written directory holds it"
				return f, true
			}
			if e.IsDir() {
				queue = append(queue, full)
			}
		}
	}
	return event.Finding{}, false
}
