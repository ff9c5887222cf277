package policy

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"syscall"

	pathdetect "github.com/guardhq/guard/internal/detect/path"
	"github.com/guardhq/guard/internal/gitobj"
	"github.com/guardhq/guard/internal/regularfile"
)

// A tree staged by git add without -f (git add -A, git add ., commit -a)
// and then printed or sent (git push) holds the files git's index holds
// and the untracked ones its ignore rules do not ignore: a project whose
// .env is ignored and untracked pushes. unignoredBlocked tells what git
// ignores only where it is sure: with no negation (`!`) in the ignore
// files it reads (the work tree's .gitignore files and .git/info/exclude;
// the user's excludes file only adds ignores, and loses to these), a
// pattern that matches ignores. A pattern guard does not model (an
// escape, a bracket, `**`) ignores nothing here; a negation, an ignore
// file it cannot read, or the bounds make it walk the tree as on disk.

// maxIgnoreFile bounds the bytes of one ignore file read.
const maxIgnoreFile = 64 << 10

// ignorePattern is one pattern of an ignore file in directory base
// (relative to the work tree's top, "" for the top).
type ignorePattern struct {
	base, glob      string
	dirOnly, anchor bool
}

// unignoredBlocked reports, for tree dir (the work tree's top), a
// protected file git's index holds or an untracked one on disk its ignore
// rules do not surely ignore; sure false where guard cannot tell.
func unignoredBlocked(d *pathdetect.Detector, dir string) (found string, sure bool) {
	if file, sure := trackedBlocked(d, dir, nil); file != "" || !sure {
		return file, sure
	}
	r, ok := gitobj.Find(filepath.FromSlash(dir))
	if !ok || filepath.Clean(r.Top) != filepath.Clean(filepath.FromSlash(dir)) {
		return "", false
	}
	var pats []ignorePattern
	dotgit := filepath.Join(r.Top, ".git")
	if fi, err := os.Lstat(dotgit); err == nil && fi.IsDir() {
		if pats, ok = readIgnore(filepath.Join(dotgit, "info", "exclude"), "", pats); !ok {
			return "", false
		}
	}
	type entry struct {
		rel  string
		pats []ignorePattern
	}
	queue := []entry{{"", pats}}
	seen := 0
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		full := filepath.Join(r.Top, filepath.FromSlash(cur.rel))
		pats, ok := readIgnore(filepath.Join(full, ".gitignore"), cur.rel, cur.pats)
		if !ok {
			return "", false
		}
		entries, err := os.ReadDir(full)
		if err != nil {
			return "", false
		}
		for _, e := range entries {
			if seen++; seen > MaxTreeEntries {
				return "", false
			}
			rel := path.Join(cur.rel, e.Name())
			if e.Name() == ".git" || ignored(pats, rel, e.IsDir()) {
				continue // git stages no file of its own directory, nor an ignored one
			}
			p := filepath.Join(full, e.Name())
			if e.IsDir() {
				queue = append(queue, entry{rel, pats[:len(pats):len(pats)]})
				continue
			}
			if _, hit := d.Check(filepath.ToSlash(p)); hit {
				return p, true // a link too: git stages it, and guard does not tell its text
			}
		}
	}
	return "", true
}

// readIgnore appends the patterns of ignore file p (in directory base) to
// pats; false when guard cannot rely on them (a negation, a file it cannot
// read whole). A missing file, or one that is not a regular file (git
// does not follow a linked .gitignore), adds none.
func readIgnore(p, base string, pats []ignorePattern) ([]ignorePattern, bool) {
	fi, err := os.Lstat(p)
	switch {
	case errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR):
		return pats, true
	case err != nil:
		return nil, false
	case !fi.Mode().IsRegular():
		return pats, true
	}
	data, err := regularfile.ReadFile(p, maxIgnoreFile+1)
	if err != nil || len(data) > maxIgnoreFile {
		return nil, false
	}
	for _, b := range bytes.Split(data, []byte("\n")) {
		// As git's add_patterns_from_buffer: lines end at \n only, one \r
		// before it dropped, then trailing blanks (a tab stays).
		line := strings.TrimRight(strings.TrimSuffix(string(b), "\r"), " ")
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
			continue
		case strings.HasPrefix(line, "!"):
			return nil, false // a negation may re-include what an earlier pattern ignores
		case strings.ContainsAny(line, `\[`) || strings.Contains(line, "**") || !plainPatternBytes(line):
			continue // not modelled: ignores nothing here
		}
		pat := ignorePattern{base: base}
		pat.glob, pat.dirOnly = strings.CutSuffix(line, "/")
		pat.anchor = strings.Contains(pat.glob, "/")
		pat.glob = strings.TrimPrefix(pat.glob, "/")
		if _, err := path.Match(pat.glob, ""); err != nil || pat.glob == "" {
			continue
		}
		pats = append(pats, pat)
	}
	return pats, true
}

// plainPatternBytes reports whether ignore pattern line holds only bytes
// Go's path.Match reads as git's wildmatch does: printable ASCII and tabs.
// A control character (a second \r, a NUL, at which git's C string
// ends) or a byte of a multi-byte character (git's ? is one byte, Go's one
// character) is not modelled: the pattern ignores nothing.
func plainPatternBytes(line string) bool {
	for i := 0; i < len(line); i++ {
		if c := line[i]; c >= 0x7f || c < 0x20 && c != '\t' {
			return false
		}
	}
	return true
}

// ignored reports whether a pattern of pats matches rel (relative to the
// top; dir: a directory): a base name for a pattern without a slash, the
// path below its file's directory for one with a slash.
func ignored(pats []ignorePattern, rel string, dir bool) bool {
	for _, p := range pats {
		r := rel
		if p.base != "" {
			var ok bool
			if r, ok = strings.CutPrefix(rel, p.base+"/"); !ok {
				continue
			}
		}
		if p.dirOnly && !dir {
			continue
		}
		if !p.anchor {
			r = path.Base(r)
		}
		if strings.Contains(p.glob, "?") && !plainPatternBytes(r) {
			continue // git's ? is one byte of a multi-byte name, Go's one character: not modelled
		}
		if m, _ := path.Match(p.glob, r); m {
			return true
		}
	}
	return false
}
