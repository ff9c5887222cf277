package hook

import (
	"bufio"
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// A searcher that skips hidden names (rg, ag, pt without --hidden) still
// searches one an ignore rule whitelists: a `!.env` line in an ignore file
// it reads overrides the skip. HiddenWhitelist reads
// those files as the searcher would, within bounds.

// ignoreNames are the ignore files rg, ag, pt and fd read in each directory
// they enter, and in each parent of the one they start in.
var ignoreNames = []string{".ignore", ".rgignore", ".gitignore", ".agignore", ".ptignore", ".fdignore", ".git/info/exclude"}

// Bounds of the walk for ignore files: the directories entered, the bytes
// of one ignore file, the whitelist lines, the time spent.
const (
	maxIgnoreDirs   = 2048
	maxIgnoreBytes  = 64 << 10
	maxIgnoreAllows = 64
	maxIgnoreTime   = 300 * time.Millisecond
)

// HiddenWhitelist implements effect.HiddenSkipper: the patterns of the
// whitelist lines (`!PATTERN`) of the ignore files a searcher starting at
// p reads: in p's parents, in git's global excludes and in every
// directory below p it enters (not a hidden one; not one a plain name in
// an ignore file above it ignores, unless a whitelist may match it).
// False when guard cannot tell: a file it cannot read, an escaped
// pattern, past the bounds.
func (f runFiles) HiddenWhitelist(p string) ([]string, bool) {
	full, ok := f.resolve(p)
	if !ok || !filepath.IsAbs(full) {
		return nil, false
	}
	full = filepath.Clean(full)
	fi, err := os.Stat(full)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, true // nothing there: nothing searched
	case err != nil:
		return nil, false
	case !fi.IsDir():
		return nil, true // a file named: searched as named, hidden or not
	}
	w := ignoreWalk{until: time.Now().Add(maxIgnoreTime), repo: inRepo(full)}
	var skip []string
	for q := filepath.Dir(full); ; q = filepath.Dir(q) {
		names, ok := w.rules(q)
		if !ok {
			return nil, false
		}
		skip = append(skip, names...)
		if q == filepath.Dir(q) {
			break
		}
	}
	for _, g := range f.globalIgnores() {
		if _, ok := w.read(g); !ok {
			return nil, false
		}
	}
	if !w.walk(full, skip) {
		return nil, false
	}
	return w.allows, true
}

// ignoreWalk is one walk for ignore files. repo: the walk starts inside a
// git work tree, where .gitignore's rules hold (outside one the searcher
// does not apply them, and enters the directories they name). allows are
// the whitelist patterns read.
type ignoreWalk struct {
	dirs   int
	until  time.Time
	repo   bool
	allows []string
}

// inRepo reports whether dir or a parent holds a .git.
func inRepo(dir string) bool {
	for q := dir; ; q = filepath.Dir(q) {
		if _, err := os.Lstat(filepath.Join(q, ".git")); err == nil {
			return true
		}
		if q == filepath.Dir(q) {
			return false
		}
	}
}

// walk reads the ignore files of dir and of each directory below it the
// searcher enters; skip are the plain names ignored there.
func (w *ignoreWalk) walk(dir string, skip []string) bool {
	if w.dirs++; w.dirs > maxIgnoreDirs || time.Now().After(w.until) {
		return false
	}
	names, ok := w.rules(dir)
	if !ok {
		return false
	}
	skip = append(skip[:len(skip):len(skip)], names...)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return errors.Is(err, fs.ErrPermission) // the searcher cannot read it either
	}
	for _, e := range entries {
		n := e.Name()
		if !e.IsDir() || strings.HasPrefix(n, ".") || slices.Contains(skip, n) && !w.allowed(n) {
			continue
		}
		if !w.walk(filepath.Join(dir, n), skip) {
			return false
		}
	}
	return true
}

// allowed reports whether a whitelist read so far may match directory
// name n (it then is entered although ignored).
func (w *ignoreWalk) allowed(n string) bool {
	for _, a := range w.allows {
		if m, err := path.Match(path.Base(a), n); err != nil || m || strings.Contains(a, "**") {
			return true
		}
	}
	return false
}

// rules reads the ignore files in dir: false if one cannot be read; else
// the plain names (no slash but a trailing one, no wildcard) they ignore
// in every directory below.
func (w *ignoreWalk) rules(dir string) ([]string, bool) {
	var out []string
	for _, n := range ignoreNames {
		names, ok := w.read(filepath.Join(dir, n))
		if !ok {
			return nil, false
		}
		if w.repo || !strings.Contains(n, "git") {
			out = append(out, names...)
		}
	}
	return out, true
}

// read reads the ignore file at p (absent: no rules) as rules reads one,
// adding its whitelist lines to w.allows.
func (w *ignoreWalk) read(p string) ([]string, bool) {
	fi, err := os.Stat(p)
	switch {
	case errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission):
		return nil, true // not there, or not readable by the searcher either
	case err != nil || fi.IsDir() || fi.Size() > maxIgnoreBytes:
		return nil, err == nil && fi.IsDir()
	}
	b, err := os.ReadFile(p)
	if err != nil {
		return nil, false
	}
	var out []string
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if a, ok := strings.CutPrefix(line, "!"); ok {
			a = strings.Trim(a, "/")
			if a == "" || strings.Contains(a, `\`) || len(w.allows) >= maxIgnoreAllows {
				return nil, false
			}
			w.allows = append(w.allows, a)
			continue
		}
		n := strings.TrimSuffix(line, "/")
		if n != "" && !strings.HasPrefix(n, "#") && !strings.ContainsAny(n, `/*?[\`) {
			out = append(out, n)
		}
	}
	return out, sc.Err() == nil
}

// globalIgnores returns the ignore files read wherever a searcher starts:
// git's global excludes file (its default place, and core.excludesFile of
// ~/.gitconfig), ~/.agignore and ~/.ptignore; one guard cannot place
// makes it "" (read as unreadable).
func (f runFiles) globalIgnores() []string {
	if f.home == "" {
		return []string{""}
	}
	files := []string{
		filepath.Join(f.home, ".config/git/ignore"),
		filepath.Join(f.home, ".agignore"),
		filepath.Join(f.home, ".ptignore"),
	}
	if x, ok := lookupEnv("XDG_CONFIG_HOME"); ok && filepath.IsAbs(x) {
		files = append(files, filepath.Join(x, "git/ignore"))
	}
	b, err := os.ReadFile(filepath.Join(f.home, ".gitconfig"))
	if err != nil || len(b) > maxIgnoreBytes {
		return files
	}
	for _, line := range strings.Split(string(b), "\n") {
		k, v, ok := strings.Cut(strings.TrimSpace(line), "=")
		if !ok || !strings.EqualFold(strings.TrimSpace(k), "excludesfile") {
			continue
		}
		v = strings.Trim(strings.TrimSpace(v), `"`)
		if rest, ok := strings.CutPrefix(v, "~/"); ok {
			v = filepath.Join(f.home, rest)
		}
		if !filepath.IsAbs(v) {
			v = ""
		}
		files = append(files, v)
	}
	return files
}
