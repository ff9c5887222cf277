package hook

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/guardhq/guard/internal/archive"
	"github.com/guardhq/guard/internal/realpath"
	"github.com/guardhq/guard/internal/regularfile"
	"github.com/guardhq/guard/internal/shell/effect"
)

// Members implements effect.Lister: the members of the archive file at p,
// read with package archive's bounds.
func (f runFiles) Members(p string) ([]effect.Member, bool) {
	full, ok := f.resolve(p)
	if !ok || strings.HasPrefix(full, "/dev/") || strings.HasPrefix(full, "/proc/") {
		return nil, false
	}
	file, err := regularfile.Open(full)
	if err != nil {
		return nil, false
	}
	defer file.Close()
	fi, err := file.Stat()
	if err != nil {
		return nil, false
	}
	ms, err := archive.List(file, fi.Size())
	if err != nil || len(ms) > effect.MaxMembers {
		return nil, false
	}
	out := make([]effect.Member, len(ms))
	for i, m := range ms {
		out[i] = effect.Member{Name: m.Name, Link: m.Link, Kind: effect.MemberKind(m.Kind)} // the same order of kinds
	}
	return out, true
}

// Tree implements effect.Lister: the names below directory p, depth
// levels down, links not followed, within effect.MaxMembers and
// effect.MaxTreeDepth.
func (f runFiles) Tree(p string, depth int) ([]string, bool) {
	full, ok := f.resolve(p)
	if !ok {
		return nil, false
	}
	full = filepath.Clean(full) // x/. walks as x
	if fi, err := os.Lstat(full); err != nil || !fi.IsDir() {
		return nil, false
	}
	var out []string
	err := filepath.WalkDir(full, func(q string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if q == full {
			return nil
		}
		rel := strings.TrimPrefix(q, full+string(filepath.Separator))
		level := strings.Count(rel, string(filepath.Separator)) + 1
		if len(out) >= effect.MaxMembers || level > effect.MaxTreeDepth {
			return fs.ErrInvalid
		}
		if !d.IsDir() {
			out = append(out, filepath.ToSlash(rel))
			return nil
		}
		out = append(out, filepath.ToSlash(rel)+"/")
		if level >= depth {
			return fs.SkipDir
		}
		return nil
	})
	return out, err == nil
}

// TreeLinks implements effect.LinkFinder: where each symbolic link at or
// below directory p (each directory a pattern matches) leads, looking at
// no more than budget entries and effect.MaxLinkDepth levels. A link that
// leads inside the directory walked is left out (what it leads to is
// walked already, and any way out of it is a link found there), and so is
// one into the operating system's directories (systemFile: what is there
// is the system's, and an unprivileged agent makes no link there). Directories
// are read unsorted (one getdents each, no stat: the entry's type says
// link); one guard may not read is skipped, since the program, run as the
// same user, cannot read it either.
func (f runFiles) TreeLinks(p string, budget int) ([]string, int, bool) {
	full, ok := f.resolve(p)
	if !ok {
		return nil, 0, false
	}
	roots := []string{full}
	if realpath.HasGlob(full) {
		roots = realpath.NewResolver(f.home).Glob(full)
	}
	var targets []string
	seen := 0
	w := linkWalk{budget: budget, until: time.Now().Add(maxLinkWalkTime)}
	for _, r := range roots {
		r = filepath.Clean(r)
		if t, ok := globRootLink(full, r); ok && !slices.Contains(targets, t) {
			targets = append(targets, t) // Compress-Archive -Path ./*: keys -> ~/.ssh is one of them
		}
		fi, err := os.Stat(r) // the links on the way to it are followed
		if err != nil || !fi.IsDir() || systemFile(r+string(filepath.Separator)) {
			continue // absent, or a file: no links below it
		}
		w.found = w.found[:0]
		ok := w.walk(r, 0)
		seen = w.seen
		if !ok {
			return targets, seen, false
		}
		for _, t := range w.found {
			inside := t == r || strings.HasPrefix(t, r+string(filepath.Separator))
			if !inside && !systemFile(t+string(filepath.Separator)) && !slices.Contains(targets, t) {
				targets = append(targets, t)
			}
		}
	}
	return targets, seen, true
}

// TreeLinkTexts implements effect.LinkTexter: each symbolic link below
// directory p (not followed), its name relative to p and its text, looking
// at no more than budget entries and effect.MaxLinkDepth levels; false
// when it could not look at them all (see TreeLinks).
func (f runFiles) TreeLinkTexts(p string, budget int) ([]effect.Member, int, bool) {
	full, ok := f.resolve(p)
	if !ok || realpath.HasGlob(full) {
		return nil, 0, false
	}
	full = filepath.Clean(full) // x/. walks as x
	if fi, err := os.Lstat(full); err != nil || !fi.IsDir() {
		return nil, 0, err == nil || errors.Is(err, fs.ErrNotExist) // a file or nothing: no links below
	}
	w := linkWalk{budget: budget, until: time.Now().Add(maxLinkWalkTime), root: full}
	ok = w.walk(full, 0)
	return w.texts, w.seen, ok
}

// globRootLink returns where root r leads when it is a symbolic link that
// pattern p (a glob) matched outside the system's directories and outside
// the directory the glob lists: the link is one of the
// entries the program reads, and it follows it as the walk's own links.
func globRootLink(p, r string) (string, bool) {
	if !realpath.HasGlob(p) {
		return "", false
	}
	if li, err := os.Lstat(r); err != nil || li.Mode()&fs.ModeSymlink == 0 {
		return "", false
	}
	t, err := filepath.EvalSymlinks(r)
	if err != nil || systemFile(t+string(filepath.Separator)) || strings.HasPrefix(t, filepath.Dir(r)+string(filepath.Separator)) {
		return "", false
	}
	return filepath.ToSlash(t), true
}

// maxLinkWalkTime bounds the time one TreeLinks call walks (a slow or
// network disk): past it, guard cannot tell what the tree holds.
const maxLinkWalkTime = 2 * time.Second

// linkWalk is one TreeLinks walk: its bounds, the entries seen, where the
// links found lead.
type linkWalk struct {
	budget, seen int
	until        time.Time
	found        []string
	// root, when set, makes the walk keep each link's own name (below
	// root) and text in texts instead of where it leads (TreeLinkTexts).
	root  string
	texts []effect.Member
}

// walk appends to w.found where each link below dir leads; false when a
// bound is passed or a directory cannot be listed for another reason than
// permission.
func (w *linkWalk) walk(dir string, depth int) bool {
	if depth >= effect.MaxLinkDepth || time.Now().After(w.until) {
		return false
	}
	d, err := os.Open(dir)
	if errors.Is(err, fs.ErrPermission) {
		return true
	}
	if err != nil {
		return false
	}
	entries, err := d.ReadDir(-1)
	d.Close()
	if err != nil {
		return errors.Is(err, fs.ErrPermission)
	}
	w.seen += len(entries)
	if w.seen > w.budget {
		return false
	}
	for _, e := range entries {
		q := dir + string(filepath.Separator) + e.Name()
		switch {
		case e.Type()&fs.ModeSymlink != 0:
			t, err := os.Readlink(q)
			if err != nil {
				return false
			}
			if w.root != "" {
				rel := strings.TrimPrefix(q, w.root+string(filepath.Separator))
				w.texts = append(w.texts, effect.Member{Name: filepath.ToSlash(rel), Link: t, Kind: effect.MemberSymlink})
				continue
			}
			if !filepath.IsAbs(t) {
				t = filepath.Join(dir, t)
			}
			w.found = append(w.found, filepath.ToSlash(filepath.Clean(t)))
		case e.IsDir():
			if !w.walk(q, depth+1) {
				return false
			}
		}
	}
	return true
}

// Sources implements effect.SourceLister: the files below directory p a
// test runner or a build tool may load (keep), within max files,
// effect.MaxSourceEntries entries, effect.MaxTreeDepth levels and
// effect.MaxSourceTime; a link is followed (p itself too), one out of p
// or one guard cannot follow is an error.
func (f runFiles) Sources(p string, skip []string, keep func(string) bool, max int) ([]string, error) {
	full, ok := f.resolve(p)
	if !ok {
		return nil, errors.New("a directory guard cannot tell")
	}
	full = filepath.Clean(full)
	if fi, err := os.Stat(full); err != nil || !fi.IsDir() {
		return nil, nil
	}
	root := full
	if r, err := filepath.EvalSymlinks(full); err == nil {
		root = r
	}
	s := &sourceWalk{root: root, skip: skip, keep: keep, max: max, until: time.Now().Add(effect.MaxSourceTime)}
	err := s.walk(root, "")
	if errors.Is(err, fs.ErrPermission) {
		err = nil
	}
	return s.out, err
}

// sourceWalk is one Sources walk.
type sourceWalk struct {
	root      string
	skip      []string
	keep      func(string) bool
	max, seen int
	until     time.Time
	out       []string
	// walked are the directories a link led the walk into (below a
	// hidden or skipped one), each walked once.
	walked []string
}

// walk walks directory dir, whose files are named below prefix (rel to
// the directory Sources lists: a link's own name when a link led there).
func (s *sourceWalk) walk(dir, prefix string) error {
	return filepath.WalkDir(dir, func(q string, d fs.DirEntry, err error) error {
		switch {
		case errors.Is(err, fs.ErrPermission):
			return nil // the runner, run as the same user, cannot read it either
		case err != nil:
			return err
		case q == dir:
			return nil
		}
		rel := filepath.ToSlash(strings.TrimPrefix(q, dir+string(filepath.Separator)))
		if prefix != "" {
			rel = prefix + "/" + rel
		}
		return s.visit(q, rel, d)
	})
}

// visit looks at entry q (rel below the walk) of a Sources walk.
func (s *sourceWalk) visit(q, rel string, d fs.DirEntry) error {
	if s.seen++; s.seen > effect.MaxSourceEntries {
		return fmt.Errorf("more than %d entries", effect.MaxSourceEntries)
	}
	if s.seen%1024 == 0 && time.Now().After(s.until) {
		return fmt.Errorf("more than %s to list", effect.MaxSourceTime)
	}
	switch {
	case d.Type()&fs.ModeSymlink != 0:
		return s.link(q, rel)
	case !d.IsDir():
		if d.Type().IsRegular() && s.keep(rel) {
			return s.add(rel)
		}
		return nil
	case s.skipped(d.Name()):
		return fs.SkipDir
	case strings.Count(rel, "/") >= effect.MaxTreeDepth:
		return fmt.Errorf("deeper than %d levels", effect.MaxTreeDepth)
	}
	if _, err := os.Lstat(filepath.Join(q, "pyvenv.cfg")); err == nil {
		return fs.SkipDir // a virtual environment's packages
	}
	return nil
}

// skipped reports whether the walk does not look into a directory named
// name: a hidden one, or one of skip (any, when skip holds "/").
func (s *sourceWalk) skipped(name string) bool {
	return strings.HasPrefix(name, ".") || slices.Contains(s.skip, name) || slices.Contains(s.skip, "/")
}

// add keeps file rel, within the bound.
func (s *sourceWalk) add(rel string) error {
	s.out = append(s.out, rel)
	if len(s.out) > s.max {
		return fmt.Errorf("more than %d files of its language", s.max)
	}
	return nil
}

// link follows the link at q (rel below the walk): a file the runner
// loads is kept when it leads inside the walked directory; a link out of
// it, to such a file or to a directory (pytest and mocha follow those), is
// code guard does not list, and so is a link guard cannot follow (one
// with no target yet: the command may make it before the runner runs). A
// link to a directory inside it that the walk does not look into (a hidden
// or skipped one: lib -> .hid) is walked under the link's name: the loader
// reaches it by that name.
func (s *sourceWalk) link(q, rel string) error {
	t, err := filepath.EvalSymlinks(q)
	if err != nil {
		return fmt.Errorf("a link guard cannot follow (%s): the command may make what it leads to before the runner loads it", rel)
	}
	fi, err := os.Stat(t)
	if err != nil {
		return fmt.Errorf("a link guard cannot follow (%s, to %s)", rel, t)
	}
	inside := t == s.root || strings.HasPrefix(t, s.root+string(filepath.Separator))
	switch {
	case fi.IsDir() && !inside:
		if s.skipped(filepath.Base(q)) {
			return nil
		}
		return fmt.Errorf("a link out of it (%s, to %s)", rel, t)
	case fi.IsDir():
		if !s.unwalked(t) || s.skipped(filepath.Base(q)) {
			return nil // inside: walked there
		}
		s.walked = append(s.walked, t)
		return s.walk(t, rel)
	case !s.keep(rel):
		return nil
	case !inside:
		return fmt.Errorf("a link out of it (%s, to %s)", rel, t)
	}
	return s.add(rel)
}

// unwalked reports whether directory t, inside the root, lies in a
// directory the walk does not look into and no link led it there yet.
func (s *sourceWalk) unwalked(t string) bool {
	if slices.Contains(s.walked, t) {
		return false
	}
	rest := strings.TrimPrefix(t, s.root)
	for _, e := range strings.Split(filepath.ToSlash(rest), "/") {
		if e != "" && s.skipped(e) {
			return true
		}
	}
	return false
}
