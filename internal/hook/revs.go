package hook

import (
	"bytes"
	"crypto/sha1"
	"encoding/hex"
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/guardhq/guard/internal/gitobj"
	"github.com/guardhq/guard/internal/regularfile"
	"github.com/guardhq/guard/internal/shell"
	"github.com/guardhq/guard/internal/shell/catalogue"
)

// RevChanges implements shell.RevReader: the repository holding directory
// dir is read (package gitobj: loose and packed objects, bounded, no git
// run), and the paths where revision to's tree differs from from's are
// returned relative to dir. A to that does not resolve but names a path on
// disk is a pathspec (git checkout FILE): RevNone.
func (f runFiles) RevChanges(dir, from, to string) ([]string, shell.RevStatus) {
	r, full, st := f.repoAt(dir)
	if st != shell.RevKnown {
		return nil, st
	}
	b, ok := r.Resolve(to)
	if !ok && to == "refs/stash" && !r.HasRef(to) {
		return nil, shell.RevNone // no stash: git stash pop fails, writing nothing
	}
	if !ok {
		if _, err := os.Lstat(filepath.Join(full, filepath.FromSlash(to))); err == nil || !errors.Is(err, fs.ErrNotExist) || r.NoParent(to) {
			return nil, shell.RevNone
		}
		return nil, shell.RevUnknown
	}
	a, ok := r.Resolve(from)
	if !ok && r.NoParent(from) {
		return nil, shell.RevNone // git cherry-pick -m 3 of a commit with two parents fails
	}
	if !ok {
		return nil, shell.RevUnknown
	}
	changed, ok := r.Changes(a, b)
	if !ok {
		return nil, shell.RevUnknown
	}
	return relativeTo(full, r.Top, changed)
}

// RevOnDisk implements shell.RevReader: the files of revision rev's tree
// (of the index for shell.RevIndex) that the write rules may protect
// (protected.filter) and that the working tree does not hold as rev does,
// relative to dir: what git writes making the tree rev's whatever HEAD
// says (HEAD may have moved without a tree write, in this call or an
// earlier one).
func (f runFiles) RevOnDisk(dir, rev string) ([]string, shell.RevStatus) {
	r, full, st := f.repoAt(dir)
	if st != shell.RevKnown {
		return nil, st
	}
	ok := false
	var files []gitobj.File
	keep := f.prot.filter(r.Top)
	if rev == shell.RevIndex {
		files, ok = r.IndexFiles(keep)
	} else if id, resolved := r.Resolve(rev); resolved {
		files, ok = r.Files(id, keep)
	} else if r.NoParent(rev) {
		return nil, shell.RevNone // stash^3 of a stash that saved no untracked file
	}
	if !ok {
		return nil, shell.RevUnknown
	}
	return relativeTo(full, r.Top, onDiskDiffers(files, r.Top))
}

// RevFiles implements shell.RevReader: the files of revision rev's tree
// that the write rules may protect (protected.filter) that the working tree holding
// dir does not hold as rev does, relative to the tree's top: what git
// worktree add writes in a new tree that the project does not hold
// already (a husky project's own .husky/pre-commit is not new). A full
// ref name that is not there (refs/heads/NAME) is RevNone.
func (f runFiles) RevFiles(dir, rev string) ([]string, shell.RevStatus) {
	r, _, st := f.repoAt(dir)
	if st != shell.RevKnown {
		return nil, st
	}
	id, ok := r.Resolve(rev)
	if !ok && strings.HasPrefix(rev, "refs/") && !r.HasRef(rev) {
		return nil, shell.RevNone // no such branch
	}
	if !ok {
		return nil, shell.RevUnknown
	}
	files, ok := r.Files(id, f.prot.filter(r.Top))
	if !ok {
		return nil, shell.RevUnknown
	}
	return onDiskDiffers(files, r.Top), shell.RevKnown
}

// RevBisect implements shell.BisectReader: the commits git bisect start
// bad goods... may check out (gitobj.Repo.Bisect), each named in full.
func (f runFiles) RevBisect(dir, bad string, goods []string) ([]string, shell.RevStatus) {
	r, _, st := f.repoAt(dir)
	if st != shell.RevKnown {
		return nil, st
	}
	b, ok := r.Resolve(bad)
	if !ok {
		return nil, shell.RevUnknown
	}
	ids := make([]gitobj.ID, 0, len(goods))
	for _, g := range goods {
		id, ok := r.Resolve(g)
		if !ok {
			return nil, shell.RevUnknown
		}
		ids = append(ids, id)
	}
	commits, ok := r.Bisect(b, ids)
	if !ok {
		return nil, shell.RevUnknown
	}
	out := make([]string, len(commits))
	for i, c := range commits {
		out[i] = hex.EncodeToString(c[:])
	}
	return out, shell.RevKnown
}

// repoAt returns the repository whose working tree holds dir, and dir in
// full: RevNone when there is none, RevUnknown when guard cannot read it.
func (f runFiles) repoAt(dir string) (*gitobj.Repo, string, shell.RevStatus) {
	full, ok := f.resolve(dir)
	if !ok {
		return nil, "", shell.RevUnknown
	}
	r, found := gitobj.Discover(full)
	switch found {
	case gitobj.NoRepository:
		return nil, "", shell.RevNone
	case gitobj.GaveUp:
		return nil, "", shell.RevUnknown // past guard's walk: not "no repository" (FINDINGS50a F5)
	}
	if r.Replaced() {
		return nil, "", shell.RevUnknown // replace refs, grafts, alternates: not the objects read
	}
	return r, full, shell.RevKnown
}

// relativeTo returns paths from the top made relative to dir (above or at
// the top).
func relativeTo(full, top string, paths []string) ([]string, shell.RevStatus) {
	up, err := filepath.Rel(filepath.Clean(full), top)
	if err != nil || !(up == "." || up == ".." || strings.HasPrefix(up, ".."+string(filepath.Separator))) {
		return nil, shell.RevUnknown
	}
	out := make([]string, len(paths))
	for i, c := range paths {
		out[i] = path.Join(filepath.ToSlash(up), c)
	}
	return out, shell.RevKnown
}

// hookName reports whether a path of a tree may name a file guard's write
// rules protect in a project: one with a hidden element (.agent_a/,
// .vscode/, .husky/, .devcontainer/, .mcp.json, .git…) or an editor
// workspace (*.code-workspace). It is the filter when the policy cannot
// tell its write rules (protected.filter): broader than they are.
func hookName(p string) bool {
	return strings.HasPrefix(p, ".") || strings.Contains(p, "/.") || strings.HasSuffix(p, ".code-workspace")
}

// writeRules is what a policy tells of its write rules: the files it
// protects by a path without a wildcard (policy.WriteProtectedPaths: the
// programs hook entries run, a block_write glob naming one file) and a
// check of a tree's path against its globs (policy.TreeWriteRule).
type writeRules interface {
	WriteProtectedPaths() []string
	TreeWriteRule() func(abs string, link bool) bool
}

// protected are the files of a tree the policy's write rules may protect,
// looked up on first need in a call.
type protected struct {
	src writeRules
	// stats is the call's stat memory, shared by every runFiles made
	// with these rules (filesWith): the hook's analysis of a command and
	// the policy's then read the disk alike, and the analysis is made once
	// (shell.Analyze remembers it by its options).
	stats *statMemo
	once  sync.Once       // reads src into the fields below, on first use
	abs   map[string]bool // full paths, slash-separated
	tails []string        // "**/NAME": NAME under any directory
	rule  func(abs string, link bool) bool
}

// newProtected returns the write rules of pol; nil when pol cannot tell
// them.
func newProtected(pol any) *protected {
	if s, ok := pol.(writeRules); ok {
		return &protected{src: s, stats: &statMemo{}}
	}
	return nil
}

// filter returns which paths of the tree at top are compared with the disk:
// those a write rule may protect (a block_write
// glob: .agent_a/settings.json, .husky/pre-commit, a venv's
// site-packages/*.pth; guard's directory; core.hooksPath) and every file
// the policy protects by path (a project hook's scripts/check.sh), and the
// agents' context files (contextRel). Other
// files are not read: a committed virtual environment's thousand hidden
// files do not pass gitobj.MaxChanges. A policy that cannot
// tell its rules keeps every hidden name too (hookName).
func (p *protected) filter(top string) func(rel, mode string) bool {
	if p == nil {
		return func(rel, _ string) bool { return hookName(rel) || contextRel(rel) }
	}
	p.once.Do(func() {
		for _, g := range p.src.WriteProtectedPaths() {
			if t, ok := strings.CutPrefix(g, "**/"); ok {
				p.tails = append(p.tails, t)
			} else {
				if p.abs == nil {
					p.abs = map[string]bool{}
				}
				p.abs[g] = true
			}
		}
		p.rule = p.src.TreeWriteRule()
	})
	base := strings.TrimSuffix(filepath.ToSlash(top), "/") + "/"
	return func(rel, mode string) bool {
		switch {
		case p.abs[base+rel], contextRel(rel):
			return true
		case p.rule == nil: // the globs cannot be compiled: every hidden name
			if hookName(rel) {
				return true
			}
		case p.rule(base+rel, mode == "120000"):
			return true
		}
		for _, t := range p.tails {
			if rel == t || strings.HasSuffix(rel, "/"+t) {
				return true
			}
		}
		return false
	}
}

// contextRel reports whether a tree's path names an agent's context file,
// whose text git writes from the history (git reset --hard, checkout):
// compared with the disk too, a write of one is checked as one of text
// guard does not know.
func contextRel(rel string) bool {
	return catalogue.ContextFile(path.Base(rel))
}

// onDiskDiffers returns the files that the working tree at top does not
// hold as they are (absent, another kind, another text, another
// executable bit): git writes them when it makes the tree match.
func onDiskDiffers(files []gitobj.File, top string) []string {
	var out []string
	for _, fl := range files {
		if !sameOnDisk(filepath.Join(top, filepath.FromSlash(fl.Path)), fl) {
			out = append(out, fl.Path)
		}
	}
	return out
}

// sameOnDisk reports whether the file at p is what fl holds: a link with
// its text, or a regular file of its executable bit whose git blob name is
// fl's (read bounded; past the bound it is not the same).
func sameOnDisk(p string, fl gitobj.File) bool {
	fi, err := os.Lstat(p)
	if err != nil {
		return false
	}
	var data []byte
	switch {
	case fl.Mode == "120000":
		if fi.Mode()&fs.ModeSymlink == 0 {
			return false
		}
		t, err := os.Readlink(p)
		if err != nil {
			return false
		}
		data = []byte(t)
	case !fi.Mode().IsRegular() || (fi.Mode()&0o100 != 0) != (fl.Mode == "100755"):
		return false
	default:
		if data, err = regularfile.ReadFile(p, gitobj.MaxObjectBytes); err != nil {
			return false
		}
	}
	h := sha1.New()
	h.Write([]byte("blob " + strconv.Itoa(len(data)) + "\x00"))
	h.Write(data)
	return bytes.Equal(h.Sum(nil), fl.ID[:])
}
