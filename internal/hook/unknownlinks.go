package hook

import (
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/realpath"
	"github.com/guardhq/guard/internal/shell/word"
)

// An unknown element in a directory that holds links out:
// a bare unknown name in the project is the project's (path.Unknown), but
// a name taken from a listing (ls | while read d; do cat "$d"/*; done,
// d=$(find . -type l)) may be the project's link to ~/.ssh. When a path
// with a part guard cannot work out has a whole unknown element directly in
// a directory (the working directory when it leads), each symbolic link of
// that directory that leads out of it is a candidate for the element: the
// path with the link's target in its place is checked as well.

// One rule for every name produced at run time: a variable read from a
// listing, the replace string of xargs -I{} and parallel and find -exec
// (the shell writes it {}, find's as DIR/{} inside a longer word: -exec
// cat {}/id_rsa), and an unknown inside an element ("$d"*/x: every link
// whose name fits the element's known parts). A directory guard cannot
// list whole (more entries than the bound) cannot tell: the element of a
// read is then checked as a name in the home (a write's is not: mktemp's
// fresh name in a crowded /tmp).

// Bounds of the candidates.
const (
	maxUnknownDirEntries = 1024 // entries of one directory looked at
	maxUnknownLinkInputs = 64   // candidates added for one call
)

// fedName is how the shell writes a name a runner (xargs -I, parallel,
// find -exec) produces at run time.
const fedName = "{}"

// unknownLinkInputs returns, for each read or write in inputs with an
// element produced at run time directly in a directory, the same path
// through each link of that directory that leads out of it and whose name
// fits the element; base is the directory a leading element is in.
func unknownLinkInputs(inputs []event.Input, base string) []event.Input {
	var out []event.Input
	lists := linkLists{}
	for _, in := range inputs {
		if in.Kind != event.KindRead && in.Kind != event.KindWrite || runTimeName(in.Text) < 0 {
			continue
		}
		dir, elem, rest, ok := unknownElement(in.Text, base)
		if !ok {
			continue
		}
		links := lists.of(dir)
		if links.partial && in.Kind == event.KindRead && rest != "" && !tempDir(dir) {
			// (A whole name read there, wc -l {}, is left to the links guard did see.)
			if home, ok := lookupEnv("HOME"); ok && filepath.IsAbs(home) {
				more := in
				more.Text = strings.TrimRight(filepath.ToSlash(home), "/") + "/" + word.Unknown + rest
				out = append(out, more) // cannot tell: any name, as in the home
			}
		}
		for i, t := range links.targets {
			if len(out) >= maxUnknownLinkInputs {
				return out
			}
			if !fits(elem, links.names[i]) {
				continue
			}
			more := in
			more.Text = t + rest
			out = append(out, more)
		}
	}
	return out
}

// runTimeUnknowns returns, for each read or write in inputs that holds a
// runner's run-time name ({}: xargs -I, find -exec, parallel, xargs's
// appended names), the same path with the name written path.Unknown, as
// a variable read from a listing is (ls -A ~ | xargs -I{} rm
// -r ~/{} removes ~/.guard): the path rules then ask what it could name
// (a whole unknown element directly in the home, which holds guard's own
// directory, blocks; one in a project, whose .env globs hold in every
// directory, does not). The candidates through links are
// unknownLinkInputs'.
func runTimeUnknowns(inputs []event.Input) []event.Input {
	var out []event.Input
	for _, in := range inputs {
		if in.Kind != event.KindRead && in.Kind != event.KindWrite || !strings.Contains(in.Text, fedName) {
			continue
		}
		more := in
		t := in.Text
		if rest, ok := strings.CutPrefix(t, fedName); ok {
			t = word.Unknown + word.Unknown + rest // may be an absolute path, as "$f" (see path.Unknown)
		}
		more.Text = strings.ReplaceAll(t, fedName, word.Unknown)
		out = append(out, more)
	}
	return out
}

// fits reports whether a link's name may be what the element elem (parts
// not known written Unknown, a runner's name {}) stands for at run time.
func fits(elem, name string) bool {
	pat := strings.NewReplacer(fedName, "*", "**", "*", "…", "*").Replace(elem)
	for strings.Contains(pat, word.Unknown+word.Unknown) {
		pat = strings.ReplaceAll(pat, word.Unknown+word.Unknown, word.Unknown)
	}
	pat = strings.ReplaceAll(pat, word.Unknown, "*")
	if pat == "*" {
		return true // a whole run-time element: any path, slashes and all
	}
	return realpath.MatchElem(pat, path.Base(name)) // bash's [!…], [[:punct:]]; unreadable: any
}

// unknownElement returns the directory an unresolved path's first element
// produced at run time is in, that element, and what follows it (empty or
// from a /); false when the directory is not absolute or is the system's.
func unknownElement(p, base string) (dir, elem, rest string, ok bool) {
	i := runTimeName(p)
	if i < 0 {
		return "", "", "", false
	}
	start := strings.LastIndexByte(p[:i], '/') + 1
	end := len(p)
	if j := strings.IndexByte(p[i:], '/'); j >= 0 {
		end = i + j
	}
	elem, rest = p[start:end], p[end:]
	switch head := p[:start]; {
	case head == "":
		dir = base
	default:
		dir = strings.TrimRight(head, "/")
		if dir == "" {
			dir = "/"
		}
	}
	if dir == "" || !filepath.IsAbs(dir) || systemFile(dir+string(filepath.Separator)) {
		return "", "", "", false
	}
	return filepath.Clean(dir), elem, rest, true
}

// runTimeName returns where the first part of p produced at run time
// begins, or -1: a part not known, a runner's {}, or the … (or **) of
// DIR/…/NAME (what find found under DIR: -exec sh -c 'cat $1/id_rsa' _ {},
// find | xargs -I{} cat {}/id_rsa).
func runTimeName(p string) int {
	i := strings.Index(p, word.Unknown)
	if k := strings.Index(p, fedName); k >= 0 && (i < 0 || k < i) {
		i = k
	}
	for _, m := range []string{"/…/", "/**/"} {
		if k := strings.Index(p, m); k >= 0 && (i < 0 || k+1 < i) {
			i = k + 1
		}
	}
	return i
}

// tempDir reports whether dir is a shared temporary directory, crowded
// and where mktemp's fresh names are made.
func tempDir(dir string) bool {
	return dir == "/tmp" || dir == "/var/tmp" || dir == filepath.Clean(os.TempDir())
}

// dirLinks are the symbolic links under a directory that lead out of it:
// their names (paths relative to it: keys, a/b/keys) and where they lead;
// partial when the directory itself has more entries than guard looks at.
type dirLinks struct {
	names, targets []string
	partial        bool
}

// linkLists are the directories' links one call lists, each once.
type linkLists map[string]dirLinks

// of returns dir's links (linksOut), listing them the first time.
func (m linkLists) of(dir string) dirLinks {
	links, seen := m[dir]
	if !seen {
		links = linksOut(dir)
		m[dir] = links
	}
	return links
}

// Bounds of the walk below a directory's own entries (what find found under
// DIR, or a name holding slashes, may be a link at any depth). Past them
// the links deeper down are not seen (docs/DECISIONS.md).
const (
	maxLinkWalkEntries = 4096 // entries below the directory's own
	maxLinkWalkDepth   = 8
)

// linksOut returns the symbolic links under dir that lead out of it and
// not into the system's directories: those directly in it (at most
// maxUnknownDirEntries entries looked at; past them, partial), then,
// breadth first, those in its subdirectories within the walk's bounds.
func linksOut(dir string) dirLinks {
	var out dirLinks
	entries, more := readDirBounded(dir, maxUnknownDirEntries)
	out.partial = more
	var queue []string
	budget := maxLinkWalkEntries
	visit := func(rel string, es []os.DirEntry) {
		for _, e := range es {
			name := e.Name()
			if rel != "" {
				name = rel + "/" + name
			}
			switch {
			case e.Type()&os.ModeSymlink != 0:
				if t, ok := linkOut(dir, name); ok {
					out.names = append(out.names, name)
					out.targets = append(out.targets, t)
				}
			case e.IsDir() && strings.Count(name, "/") < maxLinkWalkDepth-1:
				queue = append(queue, name)
			}
		}
	}
	visit("", entries)
	for len(queue) > 0 && budget > 0 && len(out.names) < maxUnknownLinkInputs {
		rel := queue[0]
		queue = queue[1:]
		es, _ := readDirBounded(filepath.Join(dir, filepath.FromSlash(rel)), budget)
		budget -= len(es)
		visit(rel, es)
	}
	return out
}

// readDirBounded reads at most max entries of dir; more says it holds
// others.
func readDirBounded(dir string, max int) (entries []os.DirEntry, more bool) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, false
	}
	defer f.Close()
	entries, _ = f.ReadDir(max)
	if len(entries) == max {
		if rest, _ := f.ReadDir(1); len(rest) > 0 {
			more = true
		}
	}
	return entries, more
}

// linkOut returns where the link rel (relative to dir) leads when that is
// out of dir and not into the system's directories (a venv's python3 ->
// /usr/bin/python3: what is there is the system's).
func linkOut(dir, rel string) (string, bool) {
	t, err := filepath.EvalSymlinks(filepath.Join(dir, filepath.FromSlash(rel)))
	if err != nil || !filepath.IsAbs(t) || t == dir || strings.HasPrefix(t, dir+string(filepath.Separator)) || systemFile(t+string(filepath.Separator)) {
		return "", false
	}
	return filepath.ToSlash(t), true
}
