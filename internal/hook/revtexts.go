package hook

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/gitobj"
	"github.com/guardhq/guard/internal/regularfile"
	"github.com/guardhq/guard/internal/shell"
)

// maxHistory bounds the commits of a history (git log -p) guard reads.
const maxHistory = 16

// revTexts returns the texts a git command prints of revision r (r.Path
// ""), read from the object store within the budget b
// (maxSecretFiles objects, maxSecretBytes): a commit's patch (both sides
// of every file it changes against each parent: git show REV, cat-file
// -p REV, stash show -p), a diff of two commits (git diff A B), of a
// commit and the working tree (git diff REV: the disk's side too), or a
// history of at most r.Count commits (git log -p; a history longer than
// maxHistory without a bound guard cannot tell), and the paths of the
// files those texts are printed under. False: guard
// cannot tell.
func revTexts(base, h string, r shell.RevRead, b *scanBudget) ([][]byte, []string, bool) {
	dir, repo, ok := revDir(base, h, r)
	if !ok {
		return nil, nil, false
	}
	keep := pathspecs(repo.Top, dir, r.Paths)
	if keep != nil && !narrowQuiet(repo, h) {
		keep = nil
	}
	repo.Limit(keep)
	if r.Rev == shell.RevStaged {
		blobs, disk, ok := indexDiskBlobs(repo, keep)
		if !ok {
			return nil, nil, false
		}
		texts, ok := readBlobs(repo, blobs, disk, b)
		return texts, blobPaths(repo.Top, blobs), ok
	}
	if r.Tree {
		blobs, ok := treeBlobs(repo, r.Rev)
		if !ok {
			return nil, nil, false
		}
		texts, ok := readBlobs(repo, blobs, nil, b)
		return texts, blobPaths(repo.Top, blobs), ok
	}
	id, ok := repo.Resolve(r.Rev)
	if !ok && r.Rev == "refs/stash" && !repo.HasRef(r.Rev) {
		return nil, nil, true // no stash: git stash show prints an error
	}
	if !ok && repo.NoParent(r.Rev) {
		return nil, nil, true // stash^3 of a stash without untracked files: git prints an error
	}
	if !ok && r.From == shell.RevStaged {
		return nil, nil, false // an unborn HEAD: git prints every staged file
	}
	// A name guard does not resolve is what it cannot tell, never "no
	// text": git may take it otherwise (a word guard took for the
	// revision, an abbreviated id, a ref the command made first:
	// FINDINGS49a S7).
	if !ok {
		return nil, nil, false
	}
	var blobs []gitobj.Blob
	var disk []string
	switch {
	case r.Blob: // git show -s REV: a commit's or tree's names, a blob's text
		typ, _, err := repo.Object(id)
		if err != nil {
			return nil, nil, false
		}
		if typ == "blob" {
			blobs = []gitobj.Blob{{ID: id}} // its path is the word's (REV:PATH), checked as a read
		}
	case r.History:
		blobs, ok = historyBlobs(repo, id, r.Count, keep != nil)
	case r.From == shell.RevDisk:
		blobs, disk, ok = diskBlobs(repo, id, keep)
	case r.From == shell.RevStaged:
		blobs, ok = indexBlobs(repo, id, keep)
	case r.From != "":
		var from gitobj.ID
		if from, ok = repo.Resolve(r.From); ok {
			blobs, ok = repo.DiffBlobs(from, id)
		}
	default:
		blobs, ok = repo.PatchBlobs(id)
	}
	if !ok {
		return nil, nil, false
	}
	texts, ok := readBlobs(repo, blobs, disk, b)
	return texts, blobPaths(repo.Top, blobs), ok
}

// treeBlobs returns the files of the tree rev names (a commit, a tag of
// one, a tree named by its id): what git grep X REV and git archive REV
// print.
func treeBlobs(repo *gitobj.Repo, rev string) ([]gitobj.Blob, bool) {
	id, ok := repo.Resolve(rev)
	if !ok {
		if id, _, ok = repo.Named(rev); !ok {
			return nil, false
		}
	}
	files, ok := repo.TreeFiles(id)
	if !ok {
		return nil, false
	}
	blobs := make([]gitobj.Blob, 0, len(files))
	for _, f := range files {
		blobs = append(blobs, gitobj.Blob{ID: f.ID, Path: f.Path})
	}
	return blobs, true
}

// blobPaths returns the paths (under top) of the files blobs are sides of,
// each once.
func blobPaths(top string, blobs []gitobj.Blob) []string {
	var out []string
	for _, bl := range blobs {
		if bl.Path == "" {
			continue
		}
		p := filepath.Join(top, filepath.FromSlash(bl.Path))
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

// historyBlobs returns the objects of the patches of the first n commits
// from id (n 0: all of them, at most maxHistory). Limited by a pathspec
// (git log -p -N -- F: the first N commits that change F), a commit whose
// limited patch is empty does not count, and the walk stops early only
// while the history is a line (git orders a merged history by date,
// which the walk does not follow).
func historyBlobs(repo *gitobj.Repo, id gitobj.ID, n int, limited bool) ([]gitobj.Blob, bool) {
	if n == 0 || n > maxHistory {
		n = maxHistory
	}
	walk := n
	if limited {
		walk = maxHistory
	}
	ids, more, ok := repo.History(id, walk)
	if !ok {
		return nil, false
	}
	var out []gitobj.Blob
	shown, line := 0, true
	for _, c := range ids {
		blobs, ok := repo.PatchBlobs(c)
		if !ok {
			return nil, false
		}
		out = append(out, blobs...)
		if len(blobs) > 0 || !limited {
			shown++
		}
		if _, parents, ok := repo.Commit(c); !ok || len(parents) > 1 {
			line = false
		}
		if shown == n && line && limited {
			return out, true
		}
	}
	if more && (limited || n == maxHistory) {
		return nil, false
	}
	return out, true
}

// pathspecs returns what keeps the files of pathspecs paths (RevRead.Paths,
// relative to dir) among a repository's paths from its top: the file, or
// the files under the directory, each names; nil (every file) for none or
// for one outside the tree.
func pathspecs(top, dir, paths string) func(string) bool {
	if paths == "" {
		return nil
	}
	var specs []string
	for _, p := range strings.Split(paths, "\n") {
		rel, err := filepath.Rel(top, filepath.Join(dir, filepath.FromSlash(p)))
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return nil
		}
		if rel == "." {
			return nil // the whole tree
		}
		specs = append(specs, filepath.ToSlash(rel))
	}
	return func(p string) bool {
		for _, s := range specs {
			if p == s || strings.HasPrefix(p, s+"/") {
				return true
			}
		}
		return false
	}
}

// narrowQuiet reports whether nothing of git's environment and
// configuration may widen the files a pathspec keeps: no
// GIT_*_PATHSPECS or GIT_CONFIG* variable in the environment git inherits,
// and every configuration file git reads (the repository's, the global,
// the XDG and the system one) absent or read, with no "follow" (log.follow
// in any case) and no "include" (a file guard would have to follow) in it.
func narrowQuiet(repo *gitobj.Repo, h string) bool {
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(name, "GIT_") && (strings.HasSuffix(name, "_PATHSPECS") || strings.HasPrefix(name, "GIT_CONFIG") && name != "GIT_CONFIG_NOSYSTEM") {
			return false
		}
	}
	files := append(repo.ConfigFiles(), filepath.Join(h, ".gitconfig"), "/etc/gitconfig")
	if x := os.Getenv("XDG_CONFIG_HOME"); x != "" {
		files = append(files, filepath.Join(x, "git", "config"))
	} else {
		files = append(files, filepath.Join(h, ".config", "git", "config"))
	}
	for _, f := range files {
		data, err := regularfile.ReadFile(f, maxSecretRead)
		switch {
		case errors.Is(err, fs.ErrNotExist):
		case err != nil:
			return false
		default:
			low := strings.ToLower(string(data))
			if strings.Contains(low, "follow") || strings.Contains(low, "include") {
				return false
			}
		}
	}
	return true
}

// diskBlobs returns, for git diff REV, the objects of REV's files the
// working tree does not hold as REV does, and those files on disk (paths
// from the top). REV's tree past MaxChanges files is compared through the
// index (diskThroughIndex).
func diskBlobs(repo *gitobj.Repo, id gitobj.ID, keep func(string) bool) ([]gitobj.Blob, []string, bool) {
	if repo.IndexAssumes() {
		return nil, nil, false // git prints the index's copy of an assumed entry, not the disk's (review 55c C8)
	}
	files, ok := repo.Files(id, func(p, _ string) bool { return keep == nil || keep(p) })
	if !ok {
		return diskThroughIndex(repo, id, keep)
	}
	indexed, ok := repo.IndexFiles(func(p, _ string) bool { return keep == nil || keep(p) })
	if !ok {
		return nil, nil, false
	}
	held := make(map[string]bool, len(indexed))
	for _, fl := range indexed {
		held[fl.Path] = true
	}
	var gone []gitobj.Blob
	inRev := make(map[string]bool, len(files))
	files = slices.DeleteFunc(files, func(fl gitobj.File) bool {
		inRev[fl.Path] = true
		if !held[fl.Path] {
			// Not in the index: git diff REV prints REV's file as deleted,
			// whatever the disk holds (a .env untracked since).
			gone = append(gone, gitobj.Blob{ID: fl.ID, Path: fl.Path})
			return true
		}
		return false
	})
	blobs, disk := unlikeDisk(repo, files)
	for _, fl := range indexed {
		if !inRev[fl.Path] && fl.Mode != "160000" && !slices.Contains(disk, fl.Path) {
			disk = append(disk, fl.Path) // tracked since REV: git prints the disk's file whole
		}
	}
	return append(blobs, gone...), disk, true
}

// diskThroughIndex is diskBlobs by object ids first: a file the index
// holds as REV does (IndexDiff) and whose stat data git finds unchanged
// (IndexChanged) is on disk as REV holds it, so only the others are
// compared with the disk; a file the index holds and REV does not is
// printed from the disk.
func diskThroughIndex(repo *gitobj.Repo, id gitobj.ID, keep func(string) bool) ([]gitobj.Blob, []string, bool) {
	kept := func(p, mode string) bool { return mode != "160000" && (keep == nil || keep(p)) }
	tree, index, ok := repo.IndexDiff(id, kept)
	if !ok {
		return nil, nil, false
	}
	changed, ok := repo.IndexChanged(kept)
	if !ok {
		return nil, nil, false
	}
	staged := map[string]bool{}
	for _, fl := range index {
		staged[fl.Path] = true
	}
	inTree := map[string]bool{}
	for _, fl := range tree {
		inTree[fl.Path] = true
	}
	var gone []gitobj.Blob
	tree = slices.DeleteFunc(tree, func(fl gitobj.File) bool {
		if !staged[fl.Path] {
			gone = append(gone, gitobj.Blob{ID: fl.ID, Path: fl.Path}) // not in the index: printed as deleted
			return true
		}
		return false
	})
	for _, fl := range changed {
		if !staged[fl.Path] {
			tree = append(tree, fl) // the index's id is REV's
		}
	}
	blobs, disk := unlikeDisk(repo, tree)
	for _, fl := range index {
		if !inTree[fl.Path] && !slices.Contains(disk, fl.Path) {
			disk = append(disk, fl.Path) // not in REV: git prints the disk's file whole
		}
	}
	return append(blobs, gone...), disk, true
}

// indexDiskBlobs returns, for git diff [PATH…], the objects of the
// index's files the working tree does not hold as the index does, and
// those files on disk (paths from the top): the files whose stat data
// git would find changed (IndexChanged), compared by content.
func indexDiskBlobs(repo *gitobj.Repo, keep func(string) bool) ([]gitobj.Blob, []string, bool) {
	if repo.IndexAssumes() {
		return nil, nil, false // git prints the index's copy of an assumed entry, not the disk's (review 55c C8)
	}
	files, ok := repo.IndexChanged(func(p, mode string) bool { return mode != "160000" && (keep == nil || keep(p)) })
	if !ok {
		return nil, nil, false
	}
	blobs, disk := unlikeDisk(repo, files)
	return blobs, disk, true
}

// unlikeDisk returns the objects of files the working tree at repo.Top
// does not hold as they are, and those files' paths (from the top).
func unlikeDisk(repo *gitobj.Repo, files []gitobj.File) ([]gitobj.Blob, []string) {
	var blobs []gitobj.Blob
	var disk []string
	for _, fl := range files {
		if !sameOnDisk(filepath.Join(repo.Top, filepath.FromSlash(fl.Path)), fl) {
			blobs = append(blobs, gitobj.Blob{ID: fl.ID, Path: fl.Path})
			disk = append(disk, fl.Path)
		}
	}
	return blobs, disk
}

// indexBlobs returns, for git diff --cached REV, the objects of both
// sides of the files where the index differs from REV's tree (a file on
// one side only: that side's), compared by object id first
// (gitobj.IndexDiff): only the files that differ count against a bound.
func indexBlobs(repo *gitobj.Repo, id gitobj.ID, keep func(string) bool) ([]gitobj.Blob, bool) {
	kept := func(p, mode string) bool { return mode != "160000" && (keep == nil || keep(p)) }
	tree, index, ok := repo.IndexDiff(id, kept)
	if !ok {
		return nil, false
	}
	var blobs []gitobj.Blob
	for _, fl := range append(tree, index...) {
		blobs = append(blobs, gitobj.Blob{ID: fl.ID, Path: fl.Path})
	}
	return blobs, true
}

// readBlobs reads the objects blobs (duplicates once) and the files disk
// of the working tree at repo.Top, within budget b.
func readBlobs(repo *gitobj.Repo, blobs []gitobj.Blob, disk []string, b *scanBudget) ([][]byte, bool) {
	var out [][]byte
	seen := map[gitobj.ID]bool{}
	for _, bl := range blobs {
		id := bl.ID
		if seen[id] {
			continue
		}
		seen[id] = true
		_, data, err := repo.Object(id)
		if err != nil || !b.take(len(data)) {
			return nil, false
		}
		out = append(out, data)
	}
	for _, p := range disk {
		data, err := regularfile.ReadFile(filepath.Join(repo.Top, filepath.FromSlash(p)), maxSecretRead)
		switch {
		case errors.Is(err, fs.ErrNotExist), errors.Is(err, regularfile.ErrNotRegular):
			continue // deleted, or a link or directory: git prints no text of it
		case err != nil || !b.take(len(data)):
			return nil, false
		}
		out = append(out, data)
	}
	return out, true
}

// take counts a file of n bytes against the budget; false past it.
func (b *scanBudget) take(n int) bool {
	b.files++
	b.bytes += int64(n)
	limit := maxSecretFiles
	if b.maxFiles > 0 {
		limit = b.maxFiles
	}
	return b.files <= limit && !b.bytesOver()
}
