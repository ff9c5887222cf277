package hook

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/shell/word"
)

// An unknown element in a directory that holds links out (review 13a F11):
// a bare unknown name in the project is the project's (path.Unknown), but
// a name taken from a listing (ls | while read d; do cat "$d"/*; done,
// d=$(find . -type l)) may be the project's link to ~/.ssh. When a path
// with a part guard cannot work out has a whole unknown element directly in
// a directory (the working directory when it leads), each symbolic link of
// that directory that leads out of it is a candidate for the element: the
// path with the link's target in its place is checked as well.

// Bounds of the candidates.
const (
	maxUnknownDirEntries = 256 // entries of one directory looked at
	maxUnknownLinkInputs = 64  // candidates added for one call
)

// unknownLinkInputs returns, for each read or write in inputs with a whole
// unknown element directly in a directory, the same path through each
// link of that directory that leads out of it; base is the directory a
// leading unknown element is in.
func unknownLinkInputs(inputs []event.Input, base string) []event.Input {
	var out []event.Input
	lists := map[string][]string{} // a directory's links' targets, listed once
	for _, in := range inputs {
		if in.Kind != event.KindRead && in.Kind != event.KindWrite || !strings.Contains(in.Text, word.Unknown) {
			continue
		}
		dir, rest, ok := unknownElement(in.Text, base)
		if !ok {
			continue
		}
		targets, seen := lists[dir]
		if !seen {
			targets = linksOut(dir)
			lists[dir] = targets
		}
		for _, t := range targets {
			if len(out) >= maxUnknownLinkInputs {
				return out
			}
			more := in
			more.Text = t + rest
			out = append(out, more)
		}
	}
	return out
}

// unknownElement returns the directory an unresolved path's first unknown
// part stands in, as a whole element, and what follows the element (empty
// or from a /); false when the part is inside an element or the directory
// is not absolute.
func unknownElement(p, base string) (dir, rest string, ok bool) {
	i := strings.Index(p, word.Unknown)
	j := i
	for j < len(p) && p[j] == word.Unknown[0] {
		j++
	}
	rest = p[j:]
	if rest != "" && rest[0] != '/' {
		return "", "", false
	}
	switch head := p[:i]; {
	case head == "":
		dir = base
	case strings.HasSuffix(head, "/"):
		dir = strings.TrimRight(head, "/")
		if dir == "" {
			dir = "/"
		}
	default:
		return "", "", false
	}
	if dir == "" || !filepath.IsAbs(dir) || systemFile(dir+string(filepath.Separator)) {
		return "", "", false
	}
	return filepath.Clean(dir), rest, true
}

// linksOut returns where the symbolic links directly in dir lead, those
// that lead out of it and not into the system's directories (at most
// maxUnknownDirEntries entries looked at).
func linksOut(dir string) []string {
	f, err := os.Open(dir)
	if err != nil {
		return nil
	}
	defer f.Close()
	entries, _ := f.ReadDir(maxUnknownDirEntries)
	var out []string
	for _, e := range entries {
		if e.Type()&os.ModeSymlink == 0 {
			continue
		}
		t, err := filepath.EvalSymlinks(filepath.Join(dir, e.Name()))
		if err != nil || !filepath.IsAbs(t) || t == dir || strings.HasPrefix(t, dir+string(filepath.Separator)) || systemFile(t+string(filepath.Separator)) {
			// Inside it, or into the system's directories (a venv's
			// python3 -> /usr/bin/python3): what is there is the system's.
			continue
		}
		out = append(out, filepath.ToSlash(t))
	}
	return out
}
