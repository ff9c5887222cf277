package policy

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/guardhq/guard/internal/detect/path"
	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/gitobj"
	"github.com/guardhq/guard/internal/regularfile"
)

// MaxTreeEntries bounds the directory entries (or index entries) guard
// walks of a tree a call reads: checkOpaque's look for a protected name
// and the hook's tree secret scan share it, so a tree either walk can
// tell of the other can too.
const MaxTreeEntries = 20000

// checkOpaque checks a read of a directory whole whose output guard cannot
// redact (event.Input.Opaque). Where it meets a block glob only because its
// output is opaque (**/.env under a project), guard looks whether the
// directory holds such a file: the read blocks when one is there, or when
// guard cannot tell (more than MaxTreeEntries entries, a directory it
// cannot read, a symbolic link, a relative directory). A directory that
// does not exist holds nothing.
func (p *Policy) checkOpaque(d *path.Detector, in event.Input) (event.Finding, bool) {
	if in.History {
		return p.checkHistory(d, in)
	}
	f, hit := d.CheckOpaque(in.Text)
	if !hit || f.Reach != event.ReachOpaque {
		return f, hit
	}
	why := " (" + in.Opaque + ")"
	dir := path.Normalize(strings.TrimSuffix(in.Text, "/**"), p.Home)
	file, sure := "", false
	switch {
	case in.Tracked:
		file, sure = trackedBlocked(d, dir, in.Prints) // git grep: the index's files
	case in.Unignored:
		file, sure = unignoredBlocked(d, dir) // git add -A, then a printer or a push (gitignored.go)
	}
	if !sure {
		prints := in.Prints
		if in.Tracked {
			prints = nil // git may read an index entry's text, not the disk's (skip-worktree)
		}
		file, sure = holdsBlocked(d, dir, prints, in.Visible)
	}
	found := file != ""
	f = ownGlob(d, f, file)
	switch {
	case found:
		why += "; the directory holds such a file"
	case !sure:
		why += "; guard could not tell whether the directory holds such a file"
	default:
		return event.Finding{}, false
	}
	f.Reason += why
	f.LogReason += why
	return f, true
}

// ownGlob returns finding f of a tree read, named by the glob of file,
// the protected file the walk found in the tree, when that is another
// glob than the one the tree met (a tree holding only a *.pem met **/.env
// first): the reason names what guard saw.
func ownGlob(d *path.Detector, f event.Finding, file string) event.Finding {
	if file == "" {
		return f
	}
	g, hit := d.Check(filepath.ToSlash(file))
	if !hit || g.Entry == "" || g.Entry == f.Entry {
		return f
	}
	old, now := "glob '"+f.Entry+"'", "glob '"+g.Entry+"'"
	f.Reason = strings.Replace(f.Reason, old, now, 1)
	f.LogReason = strings.Replace(f.LogReason, old, now, 1)
	f.Entry = g.Entry
	return f
}

// holdsBlocked walks directory dir, at most MaxTreeEntries entries,
// and reports whether a file in it is one d blocks, and whether it could
// tell (false: the bound, an error, a symbolic link or a relative dir);
// found is the path of the file, "" for none.
// A regular file holds nothing below it. A regular file prints says the
// read prints no line of (non-nil, false) does not count, nor a link
// when prints reads none (grep -r). visible: the read skips hidden names
// (rg), so does the walk.
func holdsBlocked(d *path.Detector, dir string, prints event.LinePrinter, visible bool) (found string, sure bool) {
	if !filepath.IsAbs(filepath.FromSlash(dir)) {
		return "", false
	}
	if fi, err := os.Lstat(filepath.FromSlash(dir)); err == nil && fi.Mode().IsRegular() {
		// A file's FILE/** is no file (agent B's Grep of one file): the
		// file itself is its own read's.
		return "", true
	}
	queue := []string{filepath.FromSlash(dir)}
	seen := 0
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		entries, err := os.ReadDir(cur)
		if (errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR)) && cur == filepath.FromSlash(dir) {
			return "", true // nothing there to read, or a file: the read of it is checked as one
		}
		if err != nil {
			return "", false
		}
		for _, e := range entries {
			if seen++; seen > MaxTreeEntries {
				return "", false
			}
			full := filepath.Join(cur, e.Name())
			switch {
			case visible && strings.HasPrefix(e.Name(), "."):
				// rg skips it, a directory with all it holds
			case e.Type()&os.ModeSymlink != 0:
				if _, hit := d.Check(filepath.ToSlash(full)); hit && (prints == nil || prints.FollowsLinks()) {
					return full, true
				}
				if prints == nil || prints.FollowsLinks() {
					return "", false
				}
			case e.IsDir():
				queue = append(queue, full)
			default:
				if _, hit := d.Check(filepath.ToSlash(full)); hit && (prints == nil || !e.Type().IsRegular() || prints.PrintsLine(full)) {
					return full, true
				}
			}
		}
	}
	return "", true
}

// trackedBlocked returns a file git's index holds under dir (a regular
// file: git grep reads no other) that d blocks ("" for none), and whether it
// could tell: not when dir is in no repository guard finds as git does,
// git's inherited environment moves the repository or its index
// (GIT_DIR, GIT_WORK_TREE, GIT_INDEX_FILE), the index cannot be read
// whole, it holds more than MaxTreeEntries files under dir, or one of
// them is on disk anything but a regular file (a link put in its place
// is followed by git's open). git grep reads the index's blob of an entry
// marked skip-worktree or assume-unchanged: a protected file absent from
// disk counts, and one prints says the read prints no line of (git grep
// TODO beside a tracked *.pem) is left only when the disk holds the
// index's text (indexText).
func trackedBlocked(d *path.Detector, dir string, prints event.LinePrinter) (found string, sure bool) {
	dir = filepath.FromSlash(dir)
	if !filepath.IsAbs(dir) || os.Getenv("GIT_INDEX_FILE") != "" {
		return "", false
	}
	r, ok := gitobj.Find(dir)
	if !ok || r.Replaced() || movedTree(r) {
		return "", false
	}
	rel, err := filepath.Rel(r.Top, dir)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	prefix := ""
	if rel != "." {
		prefix = filepath.ToSlash(rel) + "/"
	}
	seen, sure := 0, true
	hits, ok := r.IndexFiles(func(p, mode string) bool {
		if !sure || mode == "120000" || !strings.HasPrefix(p, prefix) {
			return false
		}
		if seen++; seen > MaxTreeEntries {
			sure = false
			return false
		}
		full := filepath.Join(r.Top, filepath.FromSlash(p))
		if fi, err := os.Lstat(full); err != nil && !errors.Is(err, fs.ErrNotExist) || err == nil && !fi.Mode().IsRegular() {
			sure = false
			return false
		}
		// A tracked file gone from disk: git grep reads the index's blob
		// of one marked skip-worktree or assume-unchanged.
		_, hit := d.Check(filepath.ToSlash(full))
		return hit
	})
	if !ok {
		return "", false
	}
	for _, h := range hits {
		full := filepath.Join(r.Top, filepath.FromSlash(h.Path))
		if prints == nil || prints.PrintsLine(full) || !indexText(full, h.ID) {
			return full, true
		}
	}
	return "", sure
}

// indexText reports whether the regular file at p holds the text of the
// index's blob id (within maxIndexText bytes).
func indexText(p string, id gitobj.ID) bool {
	data, err := regularfile.ReadFile(p, maxIndexText+1)
	return err == nil && len(data) <= maxIndexText && gitobj.BlobID(data) == id
}

// maxIndexText bounds the file indexText hashes.
const maxIndexText = 1 << 20

// maxTreeConfig bounds a repository configuration file movedTree reads.
const maxTreeConfig = 64 << 10

// movedTree reports whether the repository's own configuration may put
// its work tree elsewhere than its top (core.worktree) or include a file
// that may, or guard cannot read it whole: the index's paths are then
// not the ones under the top.
func movedTree(r *gitobj.Repo) bool {
	for _, f := range r.ConfigFiles() {
		data, err := regularfile.ReadFile(f, maxTreeConfig+1)
		switch {
		case errors.Is(err, fs.ErrNotExist):
		case err != nil || len(data) > maxTreeConfig:
			return true
		default:
			low := strings.ToLower(string(data))
			if strings.Contains(low, "worktree") || strings.Contains(low, "include") {
				return true
			}
		}
	}
	return false
}

// maxHistoryCommits bounds the commits whose trees checkHistory reads.
const maxHistoryCommits = 64

// checkHistory checks a read of a git directory's object store by a
// program other than git (event.Input.History): it blocks
// when a file the repository's index or history (HEAD's commits, at most
// maxHistoryCommits) holds is one d blocks, or when guard cannot tell
// (no repository, replaced objects, past the bounds); the finding is the
// one a read of the repository's whole tree meets.
func (p *Policy) checkHistory(d *path.Detector, in event.Input) (event.Finding, bool) {
	gitDir := path.Normalize(strings.TrimSuffix(in.Text, "/**"), p.Home)
	r, ok := gitobj.Find(filepath.FromSlash(gitDir))
	top := gitDir
	if ok {
		top = filepath.ToSlash(r.Top)
	}
	if ok && !r.Replaced() {
		names, sure := historyNames(r)
		for _, n := range names {
			if f, hit := d.Check(top + "/" + n); hit {
				why := " (" + in.Opaque + "); the repository's history holds it"
				f.Reason += why
				f.LogReason += why
				return f, true
			}
		}
		if sure {
			return event.Finding{}, false
		}
	}
	f, hit := d.CheckOpaque(top + "/**")
	if !hit {
		return f, false
	}
	why := " (" + in.Opaque + "); guard could not tell whether the repository's history holds such a file"
	f.Reason += why
	f.LogReason += why
	return f, true
}

// historyNames returns the paths of the files r's index and HEAD's
// history hold, and whether they are all of them within the bounds.
func historyNames(r *gitobj.Repo) ([]string, bool) {
	var names []string
	seen := map[string]bool{}
	keep := func(p, _ string) bool {
		if !seen[p] {
			seen[p] = true
			names = append(names, p)
		}
		return false
	}
	if _, ok := r.IndexFiles(keep); !ok {
		return names, false
	}
	head, ok := r.Resolve("HEAD")
	if !ok {
		return names, r.Absent("HEAD") // a repository with no commit yet
	}
	ids, more, ok := r.History(head, maxHistoryCommits)
	if !ok || more {
		return names, false
	}
	for _, id := range ids {
		if _, ok := r.Files(id, keep); !ok {
			return names, false
		}
	}
	return names, true
}
