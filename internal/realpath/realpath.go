// Package realpath finds where a file path really leads, so that path rules
// cannot be sidestepped with a symbolic link or a `..` after one: a read of
// ./notes.txt that is a link to ~/.ssh/id_ed25519 is a read of the key, and
// so is /proc/self/cwd/../.ssh/id_ed25519 run from a project in the home
// directory.
//
// Resolution reads the file system (lstat and readlink, never open), so it
// lives here, outside the pure path detector; the hook path checks both the
// path the agent named, as written, and every path Targets returns.
//
// # How a path is walked
//
// As the kernel does: one component at a time from the root, following each
// symbolic link as it is met (relative targets from the link's directory,
// at most 40 links), and applying a `..` to the directory actually reached,
// so l/.. is the parent of l's target, not the directory holding l. Text
// cleaning (path.Clean) would get that wrong.
//
// # What cannot be known
//
// Some components cannot be resolved when guard looks:
//
//   - a component that does not exist (or cannot be read): the command may
//     create it, as a directory or as a link to anywhere (mkdir -p a/b/c &&
//     ln -s a/b/c l && cat l/../../../../.ssh/id_rsa);
//   - a symbolic link under /proc (/proc/self/cwd, /proc/<pid>/root,
//     /proc/self/fd/3, reached from /dev/fd/3 too): the kernel decides its
//     target from the process that opens it, which is not guard.
//
// After such a component the walk goes on as if it were a plain directory
// (and, for a /proc link, also through the target guard itself sees). When
// the rest of the path holds a `..` that can climb out of the unknown
// component, the part after the last `..` is also checked under every
// directory that could be reached: each directory above the unknown
// component, above the link's target and above the home directory, so
// ~/.ssh/id_rsa and /etc/passwd are among the candidates. Behind a /proc
// name every suffix of the rest is a candidate, `..` or not, since any of
// its elements may be the link. A component created by the same command
// and then used without `..` is out of reach: the file system does not
// show it yet.
//
// On Windows, where the system resolves `..` in the text before the file
// system sees the path, the cleaned path's links are followed as before.
package realpath

import (
	"io/fs"
	"os"
	gopath "path"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/guardhq/guard/internal/detect/path"
)

// Limits of one resolution.
const (
	// maxLinks is how many symbolic links one walk follows, as Linux's
	// MAXSYMLINKS; past it the rest of the path is unknown (the kernel
	// would refuse the path with ELOOP).
	maxLinks = 40
	// maxComponents bounds the components one walk visits, link targets
	// included.
	maxComponents = 4096
	// maxUnknown bounds the unknown components whose candidates are
	// listed; maxTargets bounds the result.
	maxUnknown = 8
	maxTargets = 64
)

// Target returns the first of Targets(p, home) and whether there is one.
func Target(p, home string) (string, bool) {
	t := Targets(p, home)
	if len(t) == 0 {
		return "", false
	}
	return t[0], true
}

// Targets returns the paths other than p itself that a read or write of p
// may reach (see the package documentation): first where the kernel would
// lead it today, then, after a component guard cannot resolve, the
// candidates that component leaves open. p must be absolute or start at the
// home directory (~, $HOME, ${HOME}, expanded to home as the path rules
// do); for any other p, or when p leads nowhere else, Targets returns nil
// and the path as named is still checked. Every path returned is absolute
// and clean.
func Targets(p, home string) []string {
	return NewResolver(home).Targets(p)
}

// A Resolver answers Targets for many paths of one call, looking up each
// file system entry once: paths named by one command share their
// directories. It is not safe for concurrent use.
type Resolver struct {
	home  string
	cache map[string]entry
}

// entry is what the file system said of one path: whether it exists, and
// where it leads when it is a symbolic link.
type entry struct {
	exists, link bool
	target       string
	linkErr      error
}

// NewResolver returns a Resolver for paths under the given home directory.
func NewResolver(home string) *Resolver {
	return &Resolver{home: home}
}

// lookup returns the entry at p, asking the file system the first time.
func (r *Resolver) lookup(p string) entry {
	if e, ok := r.cache[p]; ok {
		return e
	}
	var e entry
	if fi, err := os.Lstat(p); err == nil {
		e.exists = true
		if fi.Mode()&fs.ModeSymlink != 0 {
			e.link = true
			e.target, e.linkErr = os.Readlink(p)
		}
	}
	if r.cache == nil {
		r.cache = make(map[string]entry)
	}
	if len(r.cache) < maxCached {
		r.cache[p] = e
	}
	return e
}

// Exists reports whether there is a file at p (absolute, or starting at the
// home directory), links not followed, as far as r can tell with the
// lookups it already made: a path under a directory found missing is
// missing without another lookup.
func (r *Resolver) Exists(p string) bool {
	p = path.ExpandHome(p, r.home)
	if !strings.HasPrefix(p, "/") || runtime.GOOS == "windows" {
		_, err := os.Lstat(p)
		return err == nil
	}
	p = gopath.Clean(p)
	for i := 1; i < len(p); i++ {
		if p[i] != '/' {
			continue
		}
		if e, ok := r.cache[p[:i]]; ok && !e.exists {
			return false
		}
	}
	return r.lookup(p).exists
}

// maxCached bounds the entries a Resolver keeps.
const maxCached = 4096

// Current returns where the kernel leads p today, when that differs from p
// as written: Targets without the candidates of components guard cannot
// resolve (a name that does not exist yet and a .. after it). For a path
// whose use is itself a guess (a touch: a program guard does not know may
// write it), so that one guess is not stacked on another: cd build &&
// cmake .. with no build yet is the project, not every directory above it.
func (r *Resolver) Current(p string) []string {
	if p == "" || runtime.GOOS == "windows" {
		return nil
	}
	p = path.ExpandHome(p, r.home)
	if !strings.HasPrefix(p, "/") {
		return nil
	}
	w := &walker{home: r.home, r: r}
	w.walk(p, false)
	if w.result == gopath.Clean(p) {
		return nil
	}
	return []string{w.result}
}

// Targets is the package's Targets for p, with r's home directory.
func (r *Resolver) Targets(p string) []string {
	home := r.home
	if p == "" {
		return nil
	}
	if runtime.GOOS == "windows" {
		return windowsTargets(p, home)
	}
	p = path.ExpandHome(p, home)
	if !strings.HasPrefix(p, "/") {
		return nil
	}
	if standardStream(gopath.Clean(p)) {
		return nil // the stream itself, as named
	}
	w := &walker{home: home, r: r}
	w.walk(p, true)
	lexical := gopath.Clean(p)
	out := make([]string, 0, 1+len(w.candidates))
	seen := map[string]bool{lexical: true}
	add := func(t string) {
		if !seen[t] && len(out) < maxTargets {
			seen[t] = true
			out = append(out, t)
		}
	}
	add(w.result)
	for _, c := range w.candidates {
		add(c)
		// A candidate may itself run through a link that exists now.
		sub := &walker{home: home, r: r}
		sub.walk(c, false)
		add(sub.result)
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// walker is the state of one walk.
type walker struct {
	r          *Resolver
	home       string
	result     string   // where the walk ends
	candidates []string // where it may end instead
	unknown    int      // unknown components recorded
}

// walk resolves p (absolute) component by component and sets w.result;
// with guess, it also records the candidates of unknown components.
func (w *walker) walk(p string, guess bool) {
	comps := split(p)
	var cur []string // components of the directory reached
	real := 0        // how many leading components of cur exist as resolved
	links, visited := 0, 0
	for len(comps) > 0 {
		c := comps[0]
		comps = comps[1:]
		if visited++; visited > maxComponents {
			// Beyond the bound the rest is taken as written.
			cur = append(cur, comps...)
			break
		}
		switch c {
		case ".":
			continue
		case "..":
			if len(cur) > 0 {
				cur = cur[:len(cur)-1]
			}
			real = min(real, len(cur))
			continue
		}
		if real < len(cur) {
			// Below a component that does not exist nothing does.
			cur = append(cur, c)
			continue
		}
		dir := join(cur)
		next := join(append(cur, c))
		// Under /proc what a name is depends on the process that looks
		// (its pid, its open descriptors, its working directory).
		magic := dir == "/proc" || strings.HasPrefix(dir, "/proc/")
		e := w.r.lookup(next)
		if magic {
			// /proc answers differently from one moment to the next.
			delete(w.r.cache, next)
		}
		if !e.exists {
			if guess {
				w.unknownAt(dir, "", comps, magic)
			}
			cur = append(cur, c)
			continue
		}
		if !e.link {
			cur = append(cur, c)
			real = len(cur)
			continue
		}
		target, err := e.target, e.linkErr
		if guess && (magic || err != nil || links >= maxLinks) {
			t := ""
			if err == nil && strings.HasPrefix(target, "/") {
				t = gopath.Clean(target)
			}
			w.unknownAt(dir, t, comps, magic)
		}
		if err != nil || links >= maxLinks || (magic && !strings.HasPrefix(target, "/") && !plainName(target)) {
			// Unreadable, a loop, or not a path (pipe:[123]): treat as a
			// directory named c.
			cur = append(cur, c)
			continue
		}
		links++
		if strings.HasPrefix(target, "/") {
			cur = cur[:0]
		}
		real = len(cur)
		comps = append(split(target), comps...)
	}
	w.result = join(cur)
}

// standardStream reports whether p names a standard stream of the process
// that opens it (/dev/stderr, /dev/fd/1, /proc/self/fd/0): the command's
// own stdin, stdout or stderr, where the shell's redirections send them
// (each checked as the write or read it is), not a file. Followed as links
// they lead through /proc/self to guard's own descriptors (a pipe to the
// client), which name nothing: every directory above them would be a
// candidate, and `echo x > /dev/stderr` a write to /.
func standardStream(p string) bool {
	switch p {
	case "/dev/stdin", "/dev/stdout", "/dev/stderr":
		return true
	}
	for _, dir := range [...]string{"/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/"} {
		if fd, ok := strings.CutPrefix(p, dir); ok {
			return fd == "0" || fd == "1" || fd == "2"
		}
	}
	return false
}

// plainName reports whether a /proc link target names a path element
// (/proc/self leads to "1234"), not an object ("pipe:[5]", "anon_inode:…").
func plainName(t string) bool {
	return t != "" && !strings.ContainsAny(t, ":[]")
}

// unknownAt records a component below directory dir that guard cannot
// resolve: rest are the components after it, target where a /proc link
// leads for guard ("" if unknown). magic says the component is a /proc
// link, whose rest is always uncertain; for another component only a `..`
// in rest can climb out of it.
func (w *walker) unknownAt(dir, target string, rest []string, magic bool) {
	if w.unknown >= maxUnknown {
		return
	}
	last := -1
	for i, c := range rest {
		if c == ".." {
			last = i
		}
	}
	if last < 0 && !magic {
		return
	}
	w.unknown++
	tail := make([]string, 0, len(rest)-last-1)
	for _, c := range rest[last+1:] {
		if c != "." {
			tail = append(tail, c)
		}
	}
	var bases []string
	bases = ancestors(bases, dir)
	if target != "" {
		bases = ancestors(bases, target)
	}
	if strings.HasPrefix(w.home, "/") {
		bases = ancestors(bases, gopath.Clean(w.home))
	}
	// Behind a /proc name any later element may be the one that leads
	// elsewhere (/proc/$$/cwd/…, /proc/1/task/1/root/…): every suffix.
	tails := [][]string{tail}
	for i := 1; magic && i < len(tail); i++ {
		tails = append(tails, tail[i:])
	}
	for _, t := range tails {
		for _, b := range bases {
			if len(w.candidates) >= maxTargets {
				return
			}
			w.candidates = append(w.candidates, join(append(split(b), t...)))
		}
	}
}

// ancestors appends d and every directory above it to list, skipping those
// already in it.
func ancestors(list []string, d string) []string {
	for {
		dup := false
		for _, x := range list {
			dup = dup || x == d
		}
		if !dup {
			list = append(list, d)
		}
		if d == "/" {
			return list
		}
		d = gopath.Dir(d)
	}
}

// split returns the components of a slash-separated path; empty ones (from
// // or a leading /) are dropped.
func split(p string) []string {
	parts := strings.Split(p, "/")
	out := parts[:0]
	for _, c := range parts {
		if c != "" {
			out = append(out, c)
		}
	}
	return out
}

func join(comps []string) string { return "/" + strings.Join(comps, "/") }

// windowsTargets follows the links of the cleaned path: Windows resolves
// `..` in the text before the file system sees it.
func windowsTargets(p, home string) []string {
	p = filepath.FromSlash(path.Normalize(p, home))
	if !filepath.IsAbs(p) {
		return nil
	}
	clean := filepath.Clean(p)
	real, err := filepath.EvalSymlinks(clean)
	if err != nil {
		dir, derr := filepath.EvalSymlinks(filepath.Dir(clean))
		if derr != nil {
			return nil
		}
		real = filepath.Join(dir, filepath.Base(clean))
	}
	if real == clean {
		return nil
	}
	return []string{real}
}
