package hook

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/guardhq/guard/internal/agent"
	"github.com/guardhq/guard/internal/detect/path"
	"github.com/guardhq/guard/internal/detect/secret"
	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/home"
	"github.com/guardhq/guard/internal/regularfile"
)

// A content search over a directory (Grep with a directory or no path, agent
// C's search_file_content with dir_path, an MCP search tool) prints lines of
// files guard never read before the call: a few body lines of a private key
// are no value the result scan finds. Walking the directory
// first would block every search of a big project, so guard checks the
// result instead, where the client lets it withhold: each file the result's
// lines come from (named before the line as grep prints it, `path:N:line`,
// `path-N-line`, under a `File: path` heading, or the tool's own file) whose
// lines hold a key-like run (keyRun) is read, within the call's budget, and
// the result is withheld when a printed run is part of a secret the
// detector finds in that file.

const (
	// minSearchRun is the shortest base64 run of a printed line that makes
	// guard read the line's file: a key's body lines are 64 (PEM) or 70
	// (OpenSSH) characters; 24 is a third of one, and less than the shortest
	// full line of any armoured secret.
	minSearchRun = 24
	// minLoneRun is the shortest key-like line a line guard finds no file
	// for must hold to withhold the result ("cannot tell"): most of a key
	// line (loneKeyLine).
	minLoneRun = 40
	// maxSearchPaths bounds the texts guard looks up as files of a result.
	maxSearchPaths = 1024
	// searchWhy is why guard checks a content search's lines.
	searchWhy = "a content search prints lines of the files it searches: a slice of a private key (a few of its body lines) is not a value the result scan can find"
)

// searchLines returns the finding that withholds the result of a content
// search (agent.Call.SearchScope) whose printed lines are pieces of a secret
// a file they come from holds, or that guard cannot tell of.
func searchLines(call *agent.Call) (event.Finding, bool) {
	res := call.Result
	if res == nil || call.SearchScope == nil {
		return event.Finding{}, false
	}
	h, _ := home.UserHome()
	s := &searchSeen{scope: call.SearchScope, home: h, files: map[string]string{}, runs: map[string][]string{}}
	texts := call.Inputs[res.First : res.First+res.Texts]
	for _, in := range texts {
		s.text(in.Text, texts)
	}
	if s.unbounded {
		return searchFinding(boundWhat, ""), true
	}
	if s.lone {
		return searchFinding("guard cannot tell which file a printed line comes from to tell whether it is part of a secret", ""), true
	}
	var d *secret.Detector
	var b scanBudget
	for _, p := range s.order {
		text, err := searchFile(p, &b)
		switch {
		case err == nil:
		case errors.Is(err, fs.ErrNotExist), errors.Is(err, regularfile.ErrNotRegular), errors.Is(err, fs.ErrPermission):
			continue
		case errors.Is(err, errBudget):
			return searchFinding(boundWhat, ""), true
		default:
			return searchFinding("guard could not read a file the lines come from to tell whether they are part of a secret", ""), true
		}
		if d == nil {
			d = secret.New()
		}
		if rule, hit := piecesOf(d, text, s.runs[p]); hit {
			return searchFinding("lines it prints of "+quoted(p)+" are part of a secret the file holds ("+rule+")", rule), true
		}
	}
	return event.Finding{}, false
}

// searchFinding is the finding that withholds a content search's result.
func searchFinding(what, rule string) event.Finding {
	f := secretFinding(searchWhy, what, rule, "")
	if rule == keyRule {
		f.Severity = "critical"
	}
	f.Reason = strings.Replace(f.Reason, "\x00", "this content search", 1)
	f.LogReason = "guard withheld a content search's result: " + searchWhy
	return f
}

// piecesOf reports whether a run of runs lies inside a secret the detector
// finds in text, and the secret's rule.
func piecesOf(d *secret.Detector, text string, runs []string) (string, bool) {
	for _, m := range d.FindAll(text) {
		span := text[m.Start:m.End]
		for _, r := range runs {
			if strings.Contains(span, r) {
				return m.Rule, true
			}
		}
	}
	return "", false
}

// searchFile reads the regular file at p whole, within the budget b: a
// binary file as its printable runs.
func searchFile(p string, b *scanBudget) (string, error) {
	fh, err := regularfile.Open(p)
	if err != nil {
		return "", err
	}
	defer fh.Close()
	if b.files++; b.files > maxSecretFiles {
		return "", errBudget
	}
	data, err := io.ReadAll(io.LimitReader(fh, maxSecretBytes-b.bytes+1))
	if b.bytes += int64(len(data)); b.bytes > maxSecretBytes {
		return "", errBudget
	}
	if err != nil {
		return "", err
	}
	text := string(data)
	if strings.IndexByte(text, 0) >= 0 {
		text = printableRuns(text)
	}
	return text, nil
}

// searchSeen is what guard found of a content search's result: the files
// its key-like lines come from, in order, and the runs printed of each.
type searchSeen struct {
	scope     []string            // the paths searched, the call's directory last
	home      string              // the user's home, for ~/ paths
	files     map[string]string   // a text looked up → the regular file it names, or ""
	runs      map[string][]string // a file → the key-like runs printed of it
	order     []string            // the files of runs, first seen first
	own       []string            // the files a line with no name of its own may come from
	ownDone   bool                // own is set
	heading   string              // the file named by the last heading line
	lone      bool                // a key-like line comes from no file guard found
	unbounded bool                // more texts to look up than maxSearchPaths
}

// text reads the lines of one text of the result (all of them in texts).
func (s *searchSeen) text(t string, texts []event.Input) {
	s.heading = ""
	for line := range strings.Lines(t) {
		line = strings.TrimRight(line, "\r\n")
		runs := keyRuns(line)
		if len(runs) == 0 {
			if h, ok := strings.CutPrefix(line, "File: "); ok {
				s.heading = s.file(strings.TrimSpace(h)) // agent C's search_file_content
			} else if line != "" && !strings.ContainsAny(line, ": \t") {
				s.heading = s.file(line) // rg --heading
			}
			continue
		}
		named, whole := s.prefixes(line)
		if !whole {
			s.lone = s.lone || loneKeyLine(line, runs[len(runs)-1])
		}
		if s.heading != "" {
			named = append(named, namedFile{s.heading, -1})
		}
		if len(named) == 0 {
			for _, f := range s.ownFiles(texts) {
				named = append(named, namedFile{f, -1})
			}
		}
		if len(named) == 0 {
			s.lone = s.lone || loneKeyLine(line, runs[len(runs)-1])
			continue
		}
		for _, n := range named {
			s.add(n.file, line, after(runs, n.at))
		}
	}
}

// maxPrefixTries bounds the separators of a line's name part tried as
// the end of a file name.
const maxPrefixTries = 64

// namedFile is a file a line's prefix names and where the name ends.
type namedFile struct {
	file string
	at   int
}

// prefixes returns every file a line names before its text as grep prints
// it (`path:line`, `path:N:line`, `path-N-line`), each `:`/`-` of it
// tried as the end of the name (beside an empty certs/server, the lines
// of certs/server-prod.txt are that file's too), and false when more
// separators than maxPrefixTries leave the name undecided.
//
// A file found followed by grep's line number (`:N:`, `-N-`) ends the
// name: the rest is the line's text, unless it holds another such mark
// (a name may hold one: certs/a:1:b.txt beside certs/a), which leaves the
// name undecided. Without a line number every separator is tried.
func (s *searchSeen) prefixes(line string) ([]namedFile, bool) {
	var out []namedFile
	tries := 0
	for i := 1; i < len(line); i++ {
		if line[i] != ':' && line[i] != '-' {
			continue
		}
		if tries++; tries > maxPrefixTries {
			return out, false
		}
		f := s.file(line[:i])
		if f == "" {
			continue
		}
		out = append(out, namedFile{f, i})
		if n := lineMark(line[i:]); n > 0 {
			for j := i + n; j < len(line); j++ {
				if lineMark(line[j:]) > 0 {
					return out, false
				}
			}
			return out, true
		}
	}
	return out, true
}

// lineMark returns the length of grep's line-number mark that t starts
// with (`:12:`, `-12-`), or 0.
func lineMark(t string) int {
	if len(t) < 3 || t[0] != ':' && t[0] != '-' {
		return 0
	}
	k := 1
	for k < len(t) && t[k] >= '0' && t[k] <= '9' {
		k++
	}
	if k == 1 || k >= len(t) || t[k] != t[0] {
		return 0
	}
	return k + 1
}

// add notes the runs of line printed of file f.
func (s *searchSeen) add(f, line string, runs [][2]int) {
	if _, seen := s.runs[f]; !seen {
		s.order = append(s.order, f)
	}
	for _, r := range runs {
		s.runs[f] = append(s.runs[f], line[r[0]:r[1]])
	}
}

// loneKeyLine reports whether a line guard finds no file for prints a
// line of a key's body: its last key-like run r, of minLoneRun or more,
// ends the line (blanks and quotes aside) and starts it, after blanks or a
// grep name's `:`/`-` (`x:3:RUN`, `  RUN`). A value after a name
// (`KEY=value`) is the result scan's.
func loneKeyLine(line string, r [2]int) bool {
	if r[1]-r[0] < minLoneRun || r[1] != len(strings.TrimRight(line, " \t\"',")) {
		return false
	}
	return r[0] == 0 || strings.IndexByte(" \t:-\"'", line[r[0]-1]) >= 0
}

// after returns the runs that start after at.
func after(runs [][2]int, at int) [][2]int {
	var out [][2]int
	for _, r := range runs {
		if r[0] > at {
			out = append(out, r)
		}
	}
	return out
}

// ownFiles returns the files a printed line with no name of its own may
// come from: the tool's own paths that are files, and the result's texts
// that name a file (an MCP tool's {"path":…,"line":…}).
func (s *searchSeen) ownFiles(texts []event.Input) []string {
	if s.ownDone {
		return s.own
	}
	s.ownDone = true
	for _, p := range s.scope {
		if f := s.file(p); f != "" {
			s.own = append(s.own, f)
		}
	}
	for _, in := range texts {
		if t := strings.TrimSpace(in.Text); t != "" && len(t) < 4096 && !strings.ContainsAny(t, "\n") {
			if f := s.file(t); f != "" {
				s.own = append(s.own, f)
			}
		}
	}
	return s.own
}

// file returns the regular file a path of the result names, resolved
// against the paths searched, or "".
func (s *searchSeen) file(p string) string {
	if f, ok := s.files[p]; ok {
		return f
	}
	if len(s.files) >= maxSearchPaths {
		s.unbounded = true
		return ""
	}
	found := ""
	var cands []string
	switch {
	case strings.HasPrefix(p, "~/") && s.home != "":
		cands = []string{path.ExpandHome(p, s.home)}
	case filepath.IsAbs(p):
		cands = []string{p}
	default:
		for _, d := range s.scope {
			cands = append(cands, filepath.Join(d, p))
		}
	}
	for _, c := range cands {
		if fi, err := os.Stat(c); err == nil && fi.Mode().IsRegular() {
			found = filepath.Clean(c)
			break
		}
	}
	s.files[p] = found
	return found
}

// keyRuns returns where line holds a key-like run: at least minSearchRun
// characters of the base64 alphabet (and its = padding at the end only:
// `NAME=value` is two runs) with an upper-case letter, a lower-case letter
// and a digit, as random bytes encoded hold (a 64-character line lacks one
// of them once in ten thousand), and identifiers and paths (camelCase,
// src/components/Name) mostly do not.
func keyRuns(line string) [][2]int {
	var out [][2]int
	for i := 0; i < len(line); {
		if !base64Char(line[i]) {
			i++
			continue
		}
		start := i
		for i < len(line) && base64Char(line[i]) {
			i++
		}
		for n := 0; n < 2 && i < len(line) && line[i] == '='; n++ {
			i++
		}
		if i-start >= minSearchRun && mixedClasses(line[start:i]) {
			out = append(out, [2]int{start, i})
		}
	}
	return out
}

// base64Char reports whether c is of the base64 alphabet.
func base64Char(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '+' || c == '/'
}

// mixedClasses reports whether r holds an upper-case letter, a lower-case
// letter and a digit.
func mixedClasses(r string) bool {
	var up, low, dig bool
	for i := 0; i < len(r); i++ {
		c := r[i]
		up = up || 'A' <= c && c <= 'Z'
		low = low || 'a' <= c && c <= 'z'
		dig = dig || '0' <= c && c <= '9'
	}
	return up && low && dig
}
