package hook

import (
	"fmt"
	"path"
	"path/filepath"
	"strings"

	"github.com/guardhq/guard/internal/agent"
	pathdetect "github.com/guardhq/guard/internal/detect/path"
	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/gitobj"
	"github.com/guardhq/guard/internal/home"
	"github.com/guardhq/guard/internal/shell"
)

// unredactedWhy says why guard cannot redact what call prints: the agent's
// client does not let it replace a result (agent B), or the output
// reaches the model outside the result hook (agent A's Monitor, a
// background command). "" when the result scan redacts it.
func unredactedWhy(call *agent.Call) string {
	if !agent.ResultsReplaced(call.Agent) {
		return agent.NoResultRedaction
	}
	return call.Unredacted
}

// revReads checks the files of a revision the command reads (git show
// HEAD:settings.py: shell.Analysis.RevReads) when guard cannot redact what
// the call prints: the file's text as the revision (or the
// index) holds it, read from the repository's object store without
// running git (internal/gitobj, bounded), is returned as file content, to
// be checked as beforeReadFile's content is. A file guard cannot read
// that way (a revision it cannot resolve, no repository it can find,
// past the bounds) returns the finding that blocks it: guard cannot tell.
// Where the result scan redacts (why ""), only the names a revision's
// patch prints are returned (revPaths). base is the directory the command
// runs in.
func revReads(why, base string, revs []shell.RevRead) ([]event.Input, *event.Finding) {
	if len(revs) == 0 {
		return nil, nil
	}
	h, _ := home.UserHome()
	if why == "" {
		return revPaths(base, h, revs)
	}
	var out []event.Input
	var b scanBudget
	for _, r := range revs {
		shown := r.Rev + ":" + r.Path
		switch {
		case r.Rev == "…":
			f := secretFinding(why, "it reads more files of a revision than guard reads (16) to tell whether they hold a secret", "", "")
			return out, withFile(f, "the files of a revision")
		case r.Rev == shell.RevCannotTell:
			f := secretFinding(why, "guard cannot tell what this git command prints of the repository's committed files (a search or an archive of a revision, objects named on its input, a history guard does not bound); name the files (git show REV:PATH) or run it where guard redacts the result", "", "")
			return out, withFile(f, "the repository's history")
		case r.Path == "":
			texts, paths, ok := revTexts(base, h, r, &b)
			if !ok {
				f := secretFinding(why, "guard could not read what this revision prints from the repository within its bounds ("+boundWhat+") to tell whether it holds a secret", "", "")
				return out, withFile(f, r.Rev)
			}
			for _, t := range texts {
				out = append(out, event.Input{Kind: event.KindFileContent, Text: string(t)})
			}
			for _, p := range paths {
				// Printed under its name: held to the read rules as a
				// file of a tree read whole is.
				out = append(out, event.Input{Kind: event.KindRead, Text: p, Via: "git's patch of revision " + r.Rev})
			}
			continue
		}
		data, found, ok := revFile(base, h, r)
		if !ok {
			f := secretFinding(why, "guard could not read the file from the repository (a revision or a repository it cannot find or read within its bounds, or one whose replace refs, grafts or alternates make git print other objects) to tell whether it holds a secret", "", "")
			return out, withFile(f, shown)
		}
		if found {
			out = append(out, event.Input{Kind: event.KindFileContent, Text: string(data)})
		}
	}
	return out, nil
}

// revPaths returns, where the result scan redacts what the call prints,
// the files a revision's patch prints under their names (git show
// stash^3, git show ORIG_HEAD after a reset, git log -p of a file the
// index no longer holds), each a read held to the read rules as a file of
// a tree read whole is: the content scan is the result's, the names are
// the rules'. A revision guard cannot resolve, or a printer of history it
// does not bound (shell.RevCannotTell: git log -p --all, git diff-tree -p
// REV), may print any commit, the stash's untracked part among them: its
// files are read so (stashReads). A resolved revision past guard's bounds
// is left to the result scan and to the index's tree read
// (gittexttree.go).
func revPaths(base, h string, revs []shell.RevRead) ([]event.Input, *event.Finding) {
	var out []event.Input
	var b scanBudget
	stashed := false
	for _, r := range revs {
		if f := replacedRead(base, h, r); f != nil {
			return out, f
		}
		if r.Path != "" {
			continue
		}
		if r.Rev != "…" && r.Rev != shell.RevCannotTell {
			if reads, f, named := objectReads(base, h, r); named {
				if f != nil {
					return out, f
				}
				out = append(out, reads...)
				continue
			}
			_, paths, ok := revTexts(base, h, r, &b)
			if ok {
				out = append(out, patchReads(paths, "git's patch of revision "+r.Rev)...)
				continue
			}
			if revResolves(base, h, r) {
				continue
			}
		}
		if !stashed {
			stashed = true
			reads, f := stashReads(base, h, r, &b)
			if f != nil {
				return out, f
			}
			out = append(out, reads...)
			out = append(out, historyReads(base, h, r)...)
		}
	}
	return out, nil
}

// maxNamedHistory bounds the commits historyFiles walks: names only, no
// text is read.
const maxNamedHistory = 256

// historyFiles returns the files (blob and path) the patches of the
// whole repository holding r's directory show: every commit reachable
// from HEAD, a ref or HEAD's reflog (gitobj.Tips), at most
// maxNamedHistory of them, and the index's; complete is false past the
// bounds or for what guard could not read.
func historyFiles(base, h string, r shell.RevRead) (files []gitobj.Blob, complete bool) {
	_, repo, ok := revDir(base, h, r)
	if !ok {
		return nil, false
	}
	complete = true
	if idx, ok := repo.IndexFiles(func(string, string) bool { return true }); ok {
		for _, f := range idx {
			files = append(files, gitobj.Blob{ID: f.ID, Path: f.Path})
		}
	} else {
		complete = false
	}
	tips, ok := repo.Tips()
	if !ok {
		return files, false
	}
	seen := map[gitobj.ID]bool{}
	queue := tips
	for _, t := range tips {
		seen[t] = true
	}
	for n := 0; len(queue) > 0; n++ {
		if n == maxNamedHistory {
			return files, false
		}
		c := queue[0]
		queue = queue[1:]
		blobs, ok := repo.PatchBlobs(c)
		_, parents, pok := repo.Commit(c)
		if !ok || !pok {
			return files, false
		}
		files = append(files, blobs...)
		for _, p := range parents {
			if !seen[p] {
				seen[p] = true
				queue = append(queue, p)
			}
		}
	}
	return files, complete
}

// historyReads returns, for a git command that may print any commit of
// the repository (git fast-export --all, git log -p --all, git grep X
// REV of a revision guard does not resolve), the files the history
// holds as reads of git's patch: a .env committed once and untracked
// since is printed under its name. Past guard's bounds (maxNamedHistory
// commits) what it read is returned, the rest left to the result scan, as
// git log -p's history past its bounds is.
func historyReads(base, h string, r shell.RevRead) []event.Input {
	files, _ := historyFiles(base, h, r)
	_, repo, ok := revDir(base, h, r)
	if !ok {
		return nil
	}
	return patchReads(blobPaths(repo.Top, files), "git's patch of any commit of the repository's history")
}

// objectReads reads an object r.Rev names by its id that is no commit
// (git cat-file -p ID, git show ID, git archive TREE-ID): a tree's files
// when r reads the tree whole, none when git prints its names; a blob's
// text under the names the history holds it by (historyFiles), or, when
// guard finds none within its bounds, a finding: guard cannot tell which
// file it is. named is false when r.Rev names no such object.
func objectReads(base, h string, r shell.RevRead) (reads []event.Input, f *event.Finding, named bool) {
	_, repo, ok := revDir(base, h, r)
	if !ok {
		return nil, nil, false
	}
	id, typ, ok := repo.Named(r.Rev)
	if !ok {
		return nil, nil, false
	}
	switch {
	case typ == "tree" && r.Tree:
		return nil, nil, false // its files: revTexts
	case typ == "tree":
		return nil, nil, true // git prints its names
	case typ == "blob":
		files, _ := historyFiles(base, h, r)
		var paths []string
		for _, fl := range files {
			if fl.ID == id {
				paths = append(paths, filepath.Join(repo.Top, filepath.FromSlash(fl.Path)))
			}
		}
		if len(paths) > 0 {
			return patchReads(paths, "git's print of object "+r.Rev), nil, true
		}
		fd := event.Finding{Detector: event.DetectorSecrets, Rule: "unredactable_read", Severity: "high"}
		fd.Reason = "guard cannot tell which file the object " + quoted(r.Rev) + " is: no file of the index or of the history guard reads (" + fmt.Sprint(maxNamedHistory) + " commits) holds it, so it may be a protected file's text; name the file (git show REV:PATH)"
		fd.LogReason = fd.Reason
		return nil, &fd, true
	}
	return nil, nil, false
}

// patchReads are the reads of the files a patch (via) prints. Unprinted:
// the text printed is the revision's, which the result scan redacts, not
// the file's on disk.
func patchReads(paths []string, via string) []event.Input {
	var out []event.Input
	for _, p := range paths {
		out = append(out, event.Input{Kind: event.KindRead, Text: p, Via: via, Unprinted: true})
	}
	return out
}

// revResolves reports whether guard resolves r's revisions (and the
// other side of its diff) to commits: it prints their history, not any.
func revResolves(base, h string, r shell.RevRead) bool {
	_, repo, ok := revDir(base, h, r)
	if !ok {
		return false
	}
	if r.Rev == shell.RevStaged {
		return true // the index against the disk: no commit's history
	}
	_, ok = repo.Resolve(r.Rev)
	if ok && r.From != "" && r.From != shell.RevDisk && r.From != shell.RevStaged {
		_, ok = repo.Resolve(r.From)
	}
	return ok
}

// maxStashes bounds the stash entries stashReads reads.
const maxStashes = 16

// stashReads returns, for a git command that may print any commit of the
// repository holding r's directory, the files of the stash's untracked
// parts (stash@{N}^3: git stash -u of a .env the work tree and index no
// longer show) as reads of git's patch: the commits no other rule sees. A
// stash guard cannot read within its bounds: a finding, guard cannot tell.
func stashReads(base, h string, r shell.RevRead, b *scanBudget) ([]event.Input, *event.Finding) {
	_, repo, ok := revDir(base, h, r)
	if !ok || !repo.HasRef("refs/stash") {
		return nil, nil
	}
	var out []event.Input
	for n := 0; ; n++ {
		rev := "refs/stash^3"
		if n > 0 {
			if repo.NoParent(fmt.Sprintf("stash@{%d}", n)) {
				return out, nil // the reflog's end
			}
			rev = fmt.Sprintf("stash@{%d}^3", n)
		}
		_, paths, ok := revTexts(base, h, shell.RevRead{Dir: r.Dir, Rev: rev}, b)
		if !ok || n >= maxStashes {
			f := event.Finding{Detector: event.DetectorSecrets, Rule: "unredactable_read", Severity: "high"}
			f.Reason = "guard cannot tell which files this git command prints: it may print any commit of the repository (a revision guard cannot resolve, or a history it does not bound), and guard could not read the stash's untracked files (" + rev + ") within its bounds (" + boundWhat + "); name a revision guard resolves (git show HEAD, git log -p -3)"
			f.LogReason = f.Reason
			return out, &f
		}
		out = append(out, patchReads(paths, "git's patch of any commit, the stash's untracked files ("+rev+") among them")...)
	}
}

// replacedRead returns, for a read of committed text r in a repository
// whose replace refs or grafts substitute objects (gitobj.ReplacesObjects),
// the finding that blocks it: git prints the replacement's text under the
// name guard judges (git replace A.TXT-BLOB ENV-BLOB, then git show
// HEAD:a.txt prints the .env; FINDINGS48a R4). nil otherwise.
func replacedRead(base, h string, r shell.RevRead) *event.Finding {
	_, repo, ok := revRepo(base, h, r)
	if !ok || !repo.ReplacesObjects() {
		return nil
	}
	f := event.Finding{Detector: event.DetectorSecrets, Rule: "unredactable_read", Severity: "high"}
	f.Reason = "guard cannot tell which file's text this git command prints: the repository has replace refs (refs/replace/) or grafts, so a name such as " + quoted(strings.TrimSuffix(r.Rev+":"+r.Path, ":")) + " may print another object (a protected file's text) that guard does not read; remove them (git replace -d) or ask the user"
	f.LogReason = f.Reason
	return &f
}

// revDir returns the directory r runs in (r.Dir relative to base, ~ for
// home h) and the repository holding it; false when guard cannot tell
// them, or the repository substitutes objects (replace refs, grafts,
// alternates: git prints another object than the one guard reads by
// name).
func revDir(base, h string, r shell.RevRead) (string, *gitobj.Repo, bool) {
	dir, repo, ok := revRepo(base, h, r)
	if !ok || repo.Replaced() {
		return "", nil, false
	}
	return dir, repo, true
}

// revRepo is revDir whatever the repository substitutes.
func revRepo(base, h string, r shell.RevRead) (string, *gitobj.Repo, bool) {
	dir, ok := commandDir(base, h, r.Dir)
	if !ok {
		return "", nil, false
	}
	repo, ok := gitobj.Find(dir)
	if !ok {
		return "", nil, false
	}
	return dir, repo, true
}

// commandDir returns directory d as a command names it (relative to base,
// ~ for home h; "" is base), false for a name guard cannot resolve.
func commandDir(base, h, d string) (string, bool) {
	if d == "" {
		return base, true
	}
	d = pathdetect.ExpandHome(d, h)
	if strings.ContainsAny(d, "$`") || strings.Contains(d, pathdetect.Unknown) {
		return "", false
	}
	if filepath.IsAbs(d) {
		return d, true
	}
	return filepath.Join(base, d), true
}

// revFile reads file r.Path of revision r.Rev in the repository holding
// r.Dir (relative to base, ~ for home h).
func revFile(base, h string, r shell.RevRead) (data []byte, found, ok bool) {
	dir, repo, ok := revDir(base, h, r)
	if !ok {
		return nil, false, false
	}
	p := r.Path
	if strings.HasPrefix(p, "./") || strings.HasPrefix(p, "../") {
		rel, err := filepath.Rel(repo.Top, filepath.Join(dir, p))
		if err != nil {
			return nil, false, false
		}
		p = filepath.ToSlash(rel)
	}
	p = path.Clean(p)
	if p == "." {
		return nil, false, true // the top tree: git prints its names
	}
	if p == ".." || strings.HasPrefix(p, "../") || strings.HasPrefix(p, "/") {
		return nil, false, false
	}
	return repo.FileAt(r.Rev, p)
}

// withFile fills the file a secretFinding names.
func withFile(f event.Finding, name string) *event.Finding {
	f.Reason = strings.Replace(f.Reason, "\x00", quoted(name), 1)
	f.LogReason = strings.Replace(f.LogReason, "\x00", "the file", 1)
	return &f
}
