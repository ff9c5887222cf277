package hook

import (
	"strings"

	"github.com/guardhq/guard/internal/detect"
	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/gitobj"
	"github.com/guardhq/guard/internal/home"
	"github.com/guardhq/guard/internal/shell"
)

// handedPaths returns the block of a command that sets the diff program
// or a textconv of git (diff.external, diff.*.textconv, a difftool's
// path) to a taker guard knows to take its words as data: git hands it
// the repository's paths as written, first word and all, and a path that
// starts with '-', '+' or '@' is an option (vimdiff's -S sources it), a
// command (vim's +cmd) or an option file (binutils' @o: --plugin) to it
// (FINDINGS49a S1, S2). The taker is safe only when every path the index
// and the history within guard's bounds hold (historyFiles) starts with
// none of them; a repository guard cannot read within those bounds is
// cannot-tell.
func handedPaths(a *shell.Analysis, base string) *event.Finding {
	h, _ := home.UserHome()
	for _, d := range a.HandedPaths {
		if noRepository(base, h, d) {
			continue // git diff outside a repository compares the files the command names
		}
		paths, complete := handedNames(base, h, d, a.RevReads)
		bad := ""
		for _, p := range paths {
			if p != "" && strings.ContainsRune("-+@", rune(p[0])) {
				bad = p
				break
			}
		}
		if bad == "" && complete {
			continue
		}
		f := event.Finding{Detector: event.DetectorPaths, Rule: "unresolved_path", Severity: "high"}
		if bad != "" {
			f.Reason = "git hands the program it runs for a diff or a textconv the repository's paths as written, and the repository holds '" + detect.Printable(bad) + "', which that program takes as an option or an option file, not a file: guard cannot tell what it runs"
		} else {
			f.Reason = "git hands the program it runs for a diff or a textconv the repository's paths as written, and guard could not read every path of the repository's index and history within its bounds (" + boundWhat + ") to tell that none starts with '-', '+' or '@' (an option or an option file to it)"
		}
		f.LogReason = strings.Replace(f.Reason, "'"+detect.Printable(bad)+"'", event.Redacted, 1)
		return &f
	}
	return nil
}

// handedNames returns the paths git may hand a diff program in the
// repository holding dir: the index's and HEAD's when every revision the
// command prints is the index, the work tree or HEAD (git diff, git diff
// --cached, git diff HEAD), else the whole history's within guard's
// bounds (historyFiles); complete is false for what guard could not read.
func handedNames(base, h, dir string, revs []shell.RevRead) (paths []string, complete bool) {
	simple := func(r string) bool { return r == "" || r == "HEAD" || r == shell.RevStaged || r == shell.RevDisk }
	local := true
	for _, r := range revs {
		local = local && simple(r.Rev) && simple(r.From) && !r.History
	}
	if !local {
		files, complete := historyFiles(base, h, shell.RevRead{Dir: dir})
		for _, f := range files {
			paths = append(paths, f.Path)
		}
		return paths, complete
	}
	_, repo, ok := revDir(base, h, shell.RevRead{Dir: dir})
	if !ok {
		return nil, false
	}
	idx, ok := repo.IndexFiles(func(string, string) bool { return true })
	if !ok {
		return nil, false
	}
	for _, f := range idx {
		paths = append(paths, f.Path)
	}
	blobs, ok := treeBlobs(repo, "HEAD")
	for _, b := range blobs {
		paths = append(paths, b.Path)
	}
	return paths, ok
}

// noRepository reports whether dir (relative to base, ~ for home h) is a
// directory guard can name in which gitobj finds no repository, having
// walked up to the root: a walk it gave up is none (FINDINGS50a F5).
func noRepository(base, h, dir string) bool {
	d, ok := commandDir(base, h, dir)
	if !ok {
		return false
	}
	_, found := gitobj.Discover(d)
	return found == gitobj.NoRepository
}
