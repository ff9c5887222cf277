// Package gitobj reads a git repository's object store, bounded, without
// running git: enough to tell which paths of the working tree a checkout,
// a merge or a stash pop of a revision writes (the paths where the
// revision's tree differs from HEAD's). It reads loose objects and packed
// ones (with their deltas), local refs and packed-refs; it answers false
// for anything it cannot read whole within its bounds (an abbreviated
// name, @{u}, an alternate object store, a pack beyond the bounds), and
// the caller then treats the revision as one guard cannot read.
package gitobj

import (
	"bytes"
	"compress/zlib"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"github.com/guardhq/guard/internal/regularfile"
	"github.com/guardhq/guard/internal/repo"
)

// Bounds of one Repo's reads.
const (
	// MaxObjectBytes bounds an object (a commit, a tree, a delta's base)
	// once inflated.
	MaxObjectBytes = 4 << 20
	// maxDeltaDepth bounds a chain of deltas.
	maxDeltaDepth = 64
	// maxObjects bounds the objects one Repo reads.
	maxObjects = 4096
	// maxPacks bounds the pack index files looked at.
	maxPacks = 64
	// MaxChanges bounds the paths Diff returns.
	MaxChanges = 1024
	// maxRefBytes bounds a ref file, packed-refs, FETCH_HEAD.
	maxRefBytes = 1 << 20
	// maxLevels bounds the directories walked up to a .git; past it,
	// Discover gives up (GaveUp), which callers take as cannot-tell.
	maxLevels = 256
	// maxParents bounds the ~N steps of a revision.
	maxParents = 256
)

// gitSpace are the bytes git's isspace takes (ctype.c: not \v, \f) for
// blanks in a ref file.
const gitSpace = " \t\n\r"

// errBound is the answer to anything past the bounds or not understood.
var errBound = errors.New("gitobj: cannot read within bounds")

// Repo is one repository's object store and refs.
type Repo struct {
	Top     string // the working tree's top directory
	gitDir  string // HEAD, FETCH_HEAD… (a worktree's own)
	common  string // refs, objects, packed-refs
	objects int
	keep    func(string) bool // patch.go: Limit
	packs   []string          // *.idx, found once
	listed  bool
}

// Discovery says what Discover's walk up to a repository found.
type Discovery int

// What Discover found.
const (
	// Found: a repository holds the directory.
	Found Discovery = iota
	// NoRepository: the walk reached the root and found none.
	NoRepository
	// GaveUp: the walk stopped before the root (past maxLevels, an
	// entry it could not look at), so guard cannot tell whether git finds
	// a repository (FINDINGS50a F5).
	GaveUp
)

// Find returns the repository whose working tree holds dir, or false
// (none, or guard gave up: see Discover).
func Find(dir string) (*Repo, bool) {
	r, d := Discover(dir)
	return r, d == Found
}

// Discover returns the repository whose working tree holds dir as git
// discovers it: git walks up from getcwd(), the directory as the kernel
// resolves it, links followed, not the text of a path through a link
// (FINDINGS50a F5). Where the text's walk finds the same git directory,
// its names are kept (a project reached through a link); where the two
// disagree, the resolved walk's answer is git's.
func Discover(dir string) (*Repo, Discovery) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, GaveUp
	}
	r, d := discover(abs)
	phys, err := filepath.EvalSymlinks(abs)
	if err != nil || phys == abs {
		return r, d // a directory not there yet: walked by its text, as its parent would be
	}
	p, pd := discover(phys)
	if d == Found && pd == Found && sameEntry(r.gitDir, p.gitDir) {
		return r, d
	}
	return p, pd
}

// sameEntry reports whether a and b name the same file on disk.
func sameEntry(a, b string) bool {
	fa, err := os.Stat(a)
	if err != nil {
		return false
	}
	fb, err := os.Stat(b)
	return err == nil && os.SameFile(fa, fb)
}

// discover walks up from dir, absolute, by its text, at most maxLevels
// directories.
func discover(dir string) (*Repo, Discovery) {
	for range maxLevels {
		dotgit := filepath.Join(dir, ".git")
		// git's setup_git_directory_gently_1: a .git file names the git
		// directory (one that is none stops git: no repository); a .git
		// directory counts only when it is a git directory (a valid HEAD,
		// objects/, refs/), else discovery goes on up (FINDINGS46a A7).
		fi, err := os.Stat(dotgit)
		switch {
		case err == nil && !fi.IsDir():
			r := &Repo{Top: dir, gitDir: dotgit, common: dotgit}
			if !r.followGitFile(dotgit) || !repo.IsGitDir(r.gitDir) {
				return nil, NoRepository
			}
			return r, Found
		case err == nil && repo.IsGitDir(dotgit):
			return &Repo{Top: dir, gitDir: dotgit, common: dotgit}, Found
		case err != nil && !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR):
			return nil, GaveUp // unreadable: guard cannot tell what git finds
		}
		if repo.IsGitDir(dir) {
			// git's discovery: a directory that is a git directory (a bare
			// repository, a .git entered) is the repository before any
			// .git above it.
			top := dir
			if filepath.Base(dir) == ".git" {
				top = filepath.Dir(dir)
			}
			r := &Repo{Top: top, gitDir: dir}
			r.commonDir(dir)
			return r, Found
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return nil, NoRepository
		}
		dir = parent
	}
	return nil, GaveUp
}

// followGitFile reads a .git file ("gitdir: PATH") and its commondir.
func (r *Repo) followGitFile(dotgit string) bool {
	data, err := regularfile.ReadFile(dotgit, maxRefBytes)
	if err != nil {
		return false
	}
	g, ok := repo.GitFileDir(string(data))
	if !ok {
		return false
	}
	if !filepath.IsAbs(g) {
		g = filepath.Join(filepath.Dir(dotgit), g)
	}
	r.gitDir = g
	r.commonDir(g)
	return true
}

// commonDir sets r.common for git directory g: its commondir file's
// directory (a worktree's), else g.
func (r *Repo) commonDir(g string) {
	r.common = g
	if c, err := regularfile.ReadFile(filepath.Join(g, "commondir"), maxRefBytes); err == nil {
		if cs, ok := repo.CommonDirName(string(c)); ok {
			if !filepath.IsAbs(cs) {
				cs = filepath.Join(g, cs)
			}
			r.common = cs
		}
	}
}

// ID is an object's name.
type ID [20]byte

// Resolve returns the commit revision rev names: a full hex name, HEAD,
// FETCH_HEAD, ORIG_HEAD, MERGE_HEAD, CHERRY_PICK_HEAD, a ref name as git
// looks it up (refs/NAME, refs/tags/NAME, refs/heads/NAME,
// refs/remotes/NAME, refs/remotes/NAME/HEAD), followed by ~N, ^ and ^1
// steps; a tag is peeled to its commit.
func (r *Repo) Resolve(rev string) (ID, bool) {
	id, _, ok := r.resolve(rev)
	return id, ok
}

// NoParent reports whether rev names a commit's parent the commit does
// not have (stash^3 of a stash made without -u, M^2 of a commit with one
// parent): git finds no such revision and writes nothing from it.
func (r *Repo) NoParent(rev string) bool {
	_, missing, ok := r.resolve(rev)
	return !ok && missing
}

// resolve resolves rev, and reports whether it failed only because a
// step asked for a parent its commit does not have.
func (r *Repo) resolve(rev string) (id ID, missing, ok bool) {
	base, steps, ok := splitSteps(rev)
	if !ok {
		return ID{}, false, false
	}
	switch strings.TrimPrefix(base, "HEAD") {
	case "@{u}", "@{upstream}":
		if base, ok = r.upstream(); !ok {
			return ID{}, false, false
		}
	}
	if n, prior := priorSelector(base); prior {
		if base, ok = r.priorCheckout(n); !ok {
			return ID{}, false, false
		}
	}
	if name, n, sel := reflogSelector(base); sel {
		if id, missing, ok = r.reflogEntry(name, n); missing {
			return ID{}, true, false
		}
	} else {
		id, ok = r.ref(base, 0)
	}
	if ok {
		id, ok = r.peel(id)
	}
	for _, n := range steps {
		if !ok || n == 0 {
			continue // ^0: the commit itself
		}
		var ps []ID
		if _, ps, ok = r.Commit(id); !ok {
			return ID{}, false, false
		}
		if len(ps) < n {
			return ID{}, true, false
		}
		id = ps[n-1]
	}
	return id, false, ok
}

// upstream returns the ref the current branch tracks (branch.NAME.remote
// and .merge in the repository's config: refs/remotes/REMOTE/BRANCH, or a
// local branch for remote "."), what git merge and rebase take without a
// revision.
func (r *Repo) upstream() (string, bool) {
	head, err := regularfile.ReadFile(filepath.Join(r.gitDir, "HEAD"), maxRefBytes)
	if err != nil {
		return "", false
	}
	sym, ok := strings.CutPrefix(strings.TrimRight(string(head), gitSpace), "ref:") // as refFile reads it
	branch, isBranch := strings.CutPrefix(strings.TrimLeft(sym, gitSpace), "refs/heads/")
	if !ok || !isBranch || strings.ContainsAny(branch, gitSpace) {
		return "", false // a detached HEAD tracks nothing
	}
	config, err := regularfile.ReadFile(filepath.Join(r.common, "config"), maxRefBytes)
	if err != nil {
		return "", false
	}
	remote, ok1 := repo.SubSetting(config, "branch", branch, "remote")
	merge, ok2 := repo.SubSetting(config, "branch", branch, "merge")
	name, isBranch := strings.CutPrefix(merge, "refs/heads/")
	if !ok1 || !ok2 || !isBranch || strings.Contains(remote, "..") || strings.Contains(name, "..") || remote == "" {
		return "", false
	}
	if remote == "." {
		return merge, true
	}
	return "refs/remotes/" + remote + "/" + name, true
}

// splitSteps splits rev into its name and its parent steps, each the
// number of the parent taken (~N: N steps to the first parent; ^N: the
// Nth parent; ^0 the commit itself).
func splitSteps(rev string) (string, []int, bool) {
	i := strings.IndexAny(rev, "~^")
	if i < 0 {
		return rev, nil, rev != ""
	}
	base, rest := rev[:i], rev[i:]
	var steps []int
	for rest != "" {
		if peeled, ok := cutPeel(rest); ok {
			rest = peeled
			steps = append(steps, 0) // ^{commit}, ^{}: the commit itself
			continue
		}
		op := rest[0]
		rest = rest[1:]
		j := 0
		for j < len(rest) && rest[j] >= '0' && rest[j] <= '9' {
			j++
		}
		n := 1
		if j > 0 {
			v, err := strconv.Atoi(rest[:j])
			if err != nil || v > maxParents {
				return "", nil, false
			}
			n = v
		}
		if op != '~' && op != '^' {
			return "", nil, false // ^{tree}, ^!
		}
		rest = rest[j:]
		if op == '^' {
			steps = append(steps, n)
			n = 0
		}
		for ; n > 0; n-- {
			steps = append(steps, 1)
		}
		if len(steps) > maxParents {
			return "", nil, false
		}
	}
	return base, steps, base != ""
}

// cutPeel cuts a peel to a commit (^{commit}, ^{}: a tag's commit, a
// commit itself) off the start of rest.
func cutPeel(rest string) (string, bool) {
	for _, p := range []string{"^{commit}", "^{}"} {
		if after, ok := strings.CutPrefix(rest, p); ok {
			return after, true
		}
	}
	return rest, false
}

// priorSelector reads @{-N} (N at least 1): the Nth branch or commit
// checked out before the current one (git checkout -, @{-1}).
func priorSelector(base string) (int, bool) {
	num, ok := strings.CutPrefix(base, "@{-")
	num, closed := strings.CutSuffix(num, "}")
	if !ok || !closed || num == "" || strings.Trim(num, "0123456789") != "" || len(num) > 6 {
		return 0, false
	}
	n, err := strconv.Atoi(num)
	return n, err == nil && n > 0
}

// priorCheckout returns what @{-n} names as git reads it: in HEAD's
// reflog, newest first, the nth entry whose message is "checkout: moving
// from A to B" gives A (a branch name, or a commit's id).
func (r *Repo) priorCheckout(n int) (string, bool) {
	data, err := regularfile.ReadFile(filepath.Join(r.gitDir, "logs", "HEAD"), maxRefBytes)
	if err != nil {
		return "", false
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		_, msg, ok := strings.Cut(lines[i], "\t")
		rest, moving := strings.CutPrefix(msg, "checkout: moving from ")
		if !ok || !moving {
			continue
		}
		from, _, ok := strings.Cut(rest, " to ")
		if !ok || from == "" {
			return "", false
		}
		if n--; n == 0 {
			return from, true
		}
	}
	return "", false
}

// reflogSelector splits NAME@{N} (stash@{0}, main@{2}) into the name and
// N; false for any other spelling (@{-1}, @{yesterday}, @{u}).
func reflogSelector(base string) (string, int, bool) {
	name, sel, ok := strings.Cut(base, "@{")
	num, closed := strings.CutSuffix(sel, "}")
	if !ok || !closed || name == "" || num == "" || strings.Trim(num, "0123456789") != "" || len(num) > 6 {
		return "", 0, false
	}
	n, err := strconv.Atoi(num)
	return name, n, err == nil
}

// reflogEntry returns the Nth newest value of ref name in its reflog
// (logs/REF, the first of name's candidates that has one): what
// NAME@{N} names; missing when the reflog is there with N entries or fewer
// (git finds no such revision).
func (r *Repo) reflogEntry(name string, n int) (id ID, missing, ok bool) {
	if strings.Contains(name, "..") {
		return ID{}, false, false
	}
	for _, c := range refCandidates(name) {
		d := r.common
		if !strings.HasPrefix(c, "refs/") {
			d = r.gitDir
		}
		data, err := regularfile.ReadFile(filepath.Join(d, "logs", filepath.FromSlash(c)), maxRefBytes)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return ID{}, false, false
		}
		lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
		if n >= len(lines) || lines[0] == "" {
			return ID{}, true, false
		}
		fields := strings.Fields(lines[len(lines)-1-n])
		if len(fields) < 2 || len(fields[1]) != 40 {
			return ID{}, false, false
		}
		if _, err := hex.Decode(id[:], []byte(fields[1])); err != nil {
			return ID{}, false, false
		}
		return id, false, true
	}
	return ID{}, false, false
}

// ref resolves a name to an object, following symbolic refs. A name
// that more than one candidate holds (a tag and a branch evil, a branch
// named as a full hex id) with different commits is ambiguous: git
// checkout and switch take the branch, rev-parse the tag,
// so no one reading is the one git writes from: false.
func (r *Repo) ref(name string, depth int) (ID, bool) {
	if depth > 5 || name == "" || strings.Contains(name, "..") || strings.ContainsAny(name, "@:*?[\\ ") {
		return ID{}, false
	}
	var found []ID
	if len(name) == 40 {
		if b, err := hex.DecodeString(name); err == nil {
			var id ID
			copy(id[:], b)
			found = append(found, id)
		}
	}
	for _, c := range refCandidates(name) {
		id, there, ok := r.refFile(c, depth)
		if there && !ok {
			return ID{}, false
		}
		if there {
			found = append(found, id)
		}
	}
	if len(found) == 0 {
		return r.abbrev(name) // abbrev.go: no ref, a hex prefix
	}
	for _, id := range found[1:] {
		if id != found[0] && !r.samePeeled(id, found[0]) {
			return ID{}, false
		}
	}
	return found[0], true
}

// refCandidates returns the full ref names git tries for name, in its
// order: name itself when it is one (refs/…) or all capitals (HEAD,
// FETCH_HEAD…), then refs/NAME, refs/tags/NAME, refs/heads/NAME,
// refs/remotes/NAME and refs/remotes/NAME/HEAD.
func refCandidates(name string) []string {
	var cands []string
	if strings.HasPrefix(name, "refs/") {
		cands = append(cands, name)
	}
	if !strings.Contains(name, "/") && strings.ToUpper(name) == name {
		cands = append(cands, name)
	}
	return append(cands, "refs/"+name, "refs/tags/"+name, "refs/heads/"+name, "refs/remotes/"+name, "refs/remotes/"+name+"/HEAD")
}

// refFile reads one full ref name c, loose (in the git directory for
// HEAD-like names) or packed: there says whether c exists, ok whether it
// was read.
func (r *Repo) refFile(c string, depth int) (id ID, there, ok bool) {
	d := r.common
	if !strings.HasPrefix(c, "refs/") {
		d = r.gitDir
	}
	file := filepath.Join(d, filepath.FromSlash(c))
	data, err := regularfile.ReadFile(file, maxRefBytes)
	if err != nil {
		fi, lerr := os.Lstat(file)
		// A component that is a file (refs/remotes/origin/main/HEAD beside
		// a loose refs/remotes/origin/main) is no ref, as git's files
		// backend reads ENOTDIR, and git does not look in packed-refs then
		// (only for ENOENT): absent.
		if errors.Is(lerr, syscall.ENOTDIR) {
			return ID{}, false, false
		}
		if lerr == nil && !fi.IsDir() || lerr != nil && !errors.Is(lerr, fs.ErrNotExist) {
			return ID{}, true, false // there, not readable: not what git reads
		}
		// absent, or a directory of refs (refs/heads/feature/…): packed?
		if strings.HasPrefix(c, "refs/") {
			if id, ok := r.packedRef(c); ok {
				return id, true, true
			}
		}
		return ID{}, false, false
	}
	line := strings.TrimRight(string(data), gitSpace) // files-backend: strbuf_rtrim, then the whole text
	if t, isSym := strings.CutPrefix(line, "ref:"); isSym {
		t = strings.TrimLeft(t, gitSpace)
		if strings.ContainsAny(t, gitSpace) {
			return ID{}, true, false // no ref name git takes
		}
		id, ok := r.ref(t, depth+1)
		return id, true, ok
	}
	if len(line) >= 40 && (len(line) == 40 || strings.IndexByte(gitSpace, line[40]) >= 0) { // FETCH_HEAD: more after a blank
		if _, err := hex.Decode(id[:], []byte(line[:40])); err == nil {
			return id, true, true
		}
	}
	return ID{}, true, false
}

// samePeeled reports whether a and b are one commit once tags are
// peeled (an annotated tag at the branch's commit is no ambiguity).
func (r *Repo) samePeeled(a, b ID) bool {
	pa, ok1 := r.peel(a)
	pb, ok2 := r.peel(b)
	return ok1 && ok2 && pa == pb
}

// Replaced reports whether the repository substitutes objects (refs/replace,
// info/grafts, alternates): what git checks out is then not the object
// read by name.
func (r *Repo) Replaced() bool {
	if replaceEnv() {
		return true
	}
	for _, p := range []string{"info/grafts", "objects/info/alternates"} {
		if _, err := os.Lstat(filepath.Join(r.common, p)); err == nil {
			return true
		}
	}
	if anyFile(filepath.Join(r.common, "refs", "replace"), 0) {
		return true
	}
	data, _ := regularfile.ReadFile(filepath.Join(r.common, "packed-refs"), maxRefBytes)
	return strings.Contains(string(data), " refs/replace/")
}

// ReplacesObjects reports whether git may print another object than the
// one a name maps to in this store (object-file.c lookup_replace_object):
// a replace ref (refs/replace/, loose or packed), a GIT_REPLACE_REF_BASE
// other than refs/replace/ (refs guard does not list), or a graft file.
// Unlike Replaced, alternates are not: an object's id names the same text
// in any store. git's --no-replace-objects, GIT_NO_REPLACE_OBJECTS and
// core.useReplaceRefs=false are not looked at (a repository with replace
// refs is what guard cannot tell either way).
func (r *Repo) ReplacesObjects() bool {
	if v, ok := os.LookupEnv("GIT_REPLACE_REF_BASE"); ok && v != "refs/replace/" {
		return true
	}
	if _, err := os.Lstat(filepath.Join(r.common, "info", "grafts")); err == nil {
		return true
	}
	if anyFile(filepath.Join(r.common, "refs", "replace"), 0) {
		return true
	}
	data, err := regularfile.ReadFile(filepath.Join(r.common, "packed-refs"), maxRefBytes)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return true // there, not read whole: it may hold one
	}
	return strings.Contains(string(data), " refs/replace/")
}

// ConfigFiles returns the repository's own configuration files (config,
// and a worktree's config.worktree).
func (r *Repo) ConfigFiles() []string {
	return []string{filepath.Join(r.common, "config"), filepath.Join(r.gitDir, "config.worktree")}
}

// Bounds of a refs/replace directory looked at: its entries, its depth.
const (
	maxReplaceEntries = 256
	maxReplaceDepth   = 12
)

// anyFile reports whether directory d holds (at any depth up to
// maxReplaceDepth) anything but directories: a loose replace ref, or what
// guard cannot tell (an unreadable or too large directory). An empty
// refs/replace, left after its refs were deleted, is none.
func anyFile(d string, depth int) bool {
	f, err := os.Open(d)
	if errors.Is(err, fs.ErrNotExist) {
		return false
	}
	if err != nil || depth > maxReplaceDepth {
		return true
	}
	defer f.Close()
	ents, err := f.ReadDir(maxReplaceEntries + 1)
	if err != nil && !errors.Is(err, io.EOF) || len(ents) > maxReplaceEntries {
		return true
	}
	for _, e := range ents {
		if !e.IsDir() || anyFile(filepath.Join(d, e.Name()), depth+1) {
			return true
		}
	}
	return false
}

// HasRef reports whether full ref name (refs/stash) is there, loose or
// packed: when it is not, a git command that needs it fails, writing
// nothing.
func (r *Repo) HasRef(name string) bool {
	if _, err := os.Lstat(filepath.Join(r.common, filepath.FromSlash(name))); err == nil {
		return true
	}
	data, err := regularfile.ReadFile(filepath.Join(r.common, "packed-refs"), maxRefBytes)
	return err == nil && strings.Contains(string(data), " "+name+"\n")
}

// Absent reports whether rev names nothing git would find: a plain name
// (no ~ ^ @ : steps, not all capitals like HEAD, not hex that may abbreviate
// an object) none of whose ref candidates exists, loose or packed, with
// packed-refs absent or read whole. git then prints an error and nothing of
// the repository (git diff origin/main in a clone without that remote).
func (r *Repo) Absent(rev string) bool {
	if rev == "" || strings.ContainsAny(rev, "~^@:*?[\\ {}") || strings.Contains(rev, "..") ||
		strings.ToUpper(rev) == rev || strings.Trim(rev, "0123456789abcdefABCDEF") == "" {
		return false
	}
	if _, err := regularfile.ReadFile(filepath.Join(r.common, "packed-refs"), maxRefBytes); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return false
	}
	for _, c := range refCandidates(rev) {
		if _, there, _ := r.refFile(c, 0); there {
			return false
		}
	}
	return true
}

// packedRef looks name up in packed-refs.
func (r *Repo) packedRef(name string) (ID, bool) {
	data, err := regularfile.ReadFile(filepath.Join(r.common, "packed-refs"), maxRefBytes)
	if err != nil {
		return ID{}, false
	}
	for _, line := range strings.Split(string(data), "\n") {
		if len(line) > 41 && line[40] == ' ' && strings.TrimSpace(line[41:]) == name {
			if b, err := hex.DecodeString(line[:40]); err == nil {
				var id ID
				copy(id[:], b)
				return id, true
			}
		}
	}
	return ID{}, false
}

// peel follows annotated tags to the object they tag.
func (r *Repo) peel(id ID) (ID, bool) {
	for range 8 {
		typ, data, err := r.Object(id)
		if err != nil {
			return ID{}, false
		}
		if typ != "tag" {
			return id, typ == "commit"
		}
		line, _, _ := bytes.Cut(data, []byte("\n"))
		h, ok := bytes.CutPrefix(line, []byte("object "))
		if !ok || len(h) < 40 {
			return ID{}, false
		}
		if _, err := hex.Decode(id[:], h[:40]); err != nil {
			return ID{}, false
		}
	}
	return ID{}, false
}

// Commit returns the tree and the parents of commit id.
func (r *Repo) Commit(id ID) (tree ID, parents []ID, ok bool) {
	typ, data, err := r.Object(id)
	if err != nil || typ != "commit" {
		return ID{}, nil, false
	}
	for _, line := range bytes.Split(data, []byte("\n")) {
		if len(line) == 0 {
			break
		}
		var dst *ID
		switch {
		case bytes.HasPrefix(line, []byte("tree ")):
			dst = &tree
		case bytes.HasPrefix(line, []byte("parent ")):
			parents = append(parents, ID{})
			dst = &parents[len(parents)-1]
		default:
			continue
		}
		_, h, _ := bytes.Cut(line, []byte(" "))
		if len(h) < 40 {
			return ID{}, nil, false
		}
		if _, err := hex.Decode(dst[:], h[:40]); err != nil {
			return ID{}, nil, false
		}
	}
	return tree, parents, tree != ID{}
}

// Entry is one entry of a tree.
type Entry struct {
	Name string
	Mode string // "40000" for a tree; only git's canonical spellings are read
	ID   ID
}

// IsTree reports whether e is a subtree.
func (e Entry) IsTree() bool { return e.Mode == "40000" }

// canonicalMode reports whether mode is spelt as git writes it: a tree,
// a file (100644, 100755, and 100664, which old git wrote), a link, a
// gitlink. git reads a mode as an octal number, so another spelling
// (040000, a zero-padded tree) may be a directory to git and a file to a
// reader that compares text: such a tree is not read.
func canonicalMode(mode string) bool {
	switch mode {
	case "40000", "100644", "100755", "100664", "120000", "160000":
		return true
	}
	return false
}

// ParseTree reads a tree object's entries. It refuses (errBound) what
// git's fsck calls an error and checkout would still read differently
// from a map of names: a mode not spelt canonically, a name twice (a
// file and a tree of one name too), entries out of git's order (names
// compared with a trailing / for a tree).
func ParseTree(data []byte) ([]Entry, error) {
	var out []Entry
	seen := map[string]bool{}
	for len(data) > 0 {
		sp := bytes.IndexByte(data, ' ')
		if sp <= 0 {
			return nil, errBound
		}
		nul := bytes.IndexByte(data[sp:], 0)
		if nul <= 1 || sp+nul+21 > len(data) {
			return nil, errBound
		}
		e := Entry{Mode: string(data[:sp]), Name: string(data[sp+1 : sp+nul])}
		copy(e.ID[:], data[sp+nul+1:sp+nul+21])
		if strings.Contains(e.Name, "/") || e.Name == "." || e.Name == ".." || !canonicalMode(e.Mode) || seen[e.Name] {
			return nil, errBound
		}
		if n := len(out); n > 0 && sortName(out[n-1]) >= sortName(e) {
			return nil, errBound
		}
		seen[e.Name] = true
		out = append(out, e)
		data = data[sp+nul+21:]
	}
	return out, nil
}

// sortName is the key git orders a tree's entries by: the name, with a
// trailing / for a tree.
func sortName(e Entry) string {
	if e.IsTree() {
		return e.Name + "/"
	}
	return e.Name
}

// Tree returns the entries of tree id.
func (r *Repo) Tree(id ID) ([]Entry, error) {
	typ, data, err := r.Object(id)
	if err != nil {
		return nil, err
	}
	if typ != "tree" {
		return nil, errBound
	}
	return ParseTree(data)
}

// Object returns the type and the content of object id.
func (r *Repo) Object(id ID) (string, []byte, error) {
	return r.object(id, 0)
}

func (r *Repo) object(id ID, depth int) (string, []byte, error) {
	if r.objects++; r.objects > maxObjects || depth > maxDeltaDepth {
		return "", nil, errBound
	}
	h := hex.EncodeToString(id[:])
	if f, err := regularfile.Open(filepath.Join(r.common, "objects", h[:2], h[2:])); err == nil {
		defer f.Close()
		return loose(f)
	}
	if !r.listed {
		r.listed = true
		r.packs, _ = filepath.Glob(filepath.Join(r.common, "objects", "pack", "*.idx"))
		if len(r.packs) > maxPacks {
			r.packs = nil
			return "", nil, errBound
		}
	}
	for _, idx := range r.packs {
		off, found, err := lookupIndex(idx, id)
		if err != nil {
			return "", nil, err
		}
		if found {
			return r.packed(strings.TrimSuffix(idx, ".idx")+".pack", off, depth)
		}
	}
	return "", nil, fmt.Errorf("gitobj: object %s not found", h[:12])
}

// loose reads a loose object: zlib of "TYPE SIZE\0DATA".
func loose(f io.Reader) (string, []byte, error) {
	z, err := zlib.NewReader(f)
	if err != nil {
		return "", nil, errBound
	}
	defer z.Close()
	data, err := io.ReadAll(io.LimitReader(z, MaxObjectBytes+64))
	if err != nil || len(data) > MaxObjectBytes+32 {
		return "", nil, errBound
	}
	hdr, body, ok := bytes.Cut(data, []byte{0})
	if !ok {
		return "", nil, errBound
	}
	typ, size, _ := strings.Cut(string(hdr), " ")
	if n, err := strconv.Atoi(size); err != nil || n != len(body) {
		return "", nil, errBound
	}
	return typ, body, nil
}

// replaceEnv reports whether this process's environment, which git run by
// the same client inherits, moves where git looks for replacements,
// grafts or objects: GIT_REPLACE_REF_BASE other than
// refs/replace/, GIT_GRAFT_FILE, GIT_ALTERNATE_OBJECT_DIRECTORIES,
// GIT_OBJECT_DIRECTORY, GIT_NAMESPACE, configuration from the environment
// (GIT_CONFIG_COUNT, GIT_CONFIG_PARAMETERS), or the repository itself
// (GIT_DIR, GIT_COMMON_DIR, GIT_WORK_TREE: git does not discover it as
// Find does).
func replaceEnv() bool {
	if v, ok := os.LookupEnv("GIT_REPLACE_REF_BASE"); ok && v != "refs/replace/" {
		return true
	}
	for _, name := range []string{"GIT_GRAFT_FILE", "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_OBJECT_DIRECTORY", "GIT_NAMESPACE", "GIT_CONFIG_COUNT", "GIT_CONFIG_PARAMETERS",
		"GIT_DIR", "GIT_COMMON_DIR", "GIT_WORK_TREE"} {
		if os.Getenv(name) != "" {
			return true
		}
	}
	return false
}
