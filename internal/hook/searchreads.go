package hook

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/agent"
	"github.com/guardhq/guard/internal/detect/path"
	"github.com/guardhq/guard/internal/detect/secret"
	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/home"
	"github.com/guardhq/guard/internal/policy"
	"github.com/guardhq/guard/internal/shell"
	"github.com/guardhq/guard/internal/shell/catalogue"
)

// A content search prints lines attributed to files (grep's `path:N:line`,
// `path-N-line`, `path:line`, a `File: path` or rg --heading heading above
// numbered lines). A line of a file the read rules protect (a project's
// .env, a key file) is that file's read whatever its value's shape:
// the result scan finds only catalogued shapes, and
// `DB_PASS=hunter2xyz` is none. guard applies the read rules to every file
// a printed line is attributed to, by name (no look-up on disk), and
// withholds the result when one blocks. Names alone (grep -l) and counts
// (grep -c, rg --count, Grep's count mode: every search of the command
// counting) print no line of a file and pass.

// maxSearchNames bounds the distinct file names of a result guard checks;
// past it guard cannot tell and withholds.
const maxSearchNames = 4096

// searchReads returns the finding that withholds a content search's result
// (agent.Call.SearchScope) that prints a line of a file pol's read rules
// block, or, for a shell search over trees (DIR, read whole), lines guard
// cannot attribute to files on disk when a tree holds a file pol's read
// rules block (grep -h, -Z, rg --json, a custom separator, cut or tr).
// counts: the search prints a count per file (grep -c, Grep's count
// mode), so a `NAME:N` line prints no line of NAME.
func searchReads(call *agent.Call, pol Policy, scope []string, trees []event.Input, counts bool) (event.Finding, bool, error) {
	res := call.Result
	if res == nil || scope == nil {
		return event.Finding{}, false, nil
	}
	names, loose := map[string]bool{}, map[string]bool{}
	for _, in := range call.Inputs[res.First : res.First+res.Texts] {
		text := secret.Plain(in.Text)
		if counts {
			text = uncountedLines(text)
		}
		lineNames(text, names, loose)
	}
	if len(names)+len(loose) > maxSearchNames {
		return readLinesFinding("guard checks the files of at most 4096 names a result prints lines of"), true, nil
	}
	h, _ := home.UserHome()
	var reads []event.Input
	for n := range names {
		for _, p := range searchPaths(n, scope, h) {
			reads = append(reads, event.Input{Kind: event.KindRead, Text: p})
		}
	}
	if len(reads) > 0 {
		v, err := pol.Evaluate(reads)
		if err != nil {
			return event.Finding{}, false, err
		}
		if v.Blocked() && v.Finding.Detector == event.DetectorPaths {
			f := readLinesFinding("it prints lines of a file the read rules protect (" + v.Finding.Entry + ")")
			f.Entry = v.Finding.Entry
			return f, true, nil
		}
	}
	if len(trees) == 0 || attributed(names, loose, scope, h) {
		return event.Finding{}, false, nil
	}
	entry, err := treeProtected(pol, trees)
	if err != nil || entry == "" {
		return event.Finding{}, false, err
	}
	f := readLinesFinding("guard cannot tell which file each line it prints came from, and the tree it searches holds a file the read rules protect (" + entry + ")")
	f.Entry = entry
	return f, true, nil
}

// uncountedLines returns text without its count lines (`NAME:N`, a
// count a search prints per file).
func uncountedLines(text string) string {
	var b strings.Builder
	for line := range strings.Lines(text) {
		t := strings.TrimRight(line, "\r\n")
		if i := strings.LastIndexByte(t, ':'); i > 0 && i+1 < len(t) && strings.Trim(t[i+1:], "0123456789") == "" {
			continue
		}
		b.WriteString(line)
	}
	return b.String()
}

// counting reports whether every search program of a command's analysis
// a prints counts, not lines (grep -c, rg --count).
func counting(a *shell.Analysis) bool {
	n := 0
	for _, c := range a.Commands {
		if !catalogue.GrepFamily.Has(c.Name) {
			continue
		}
		n++
		if !slices.ContainsFunc(c.Args, func(w shell.Arg) bool {
			t := w.Text
			return t == "--count" || t == "--count-matches" || len(t) > 1 && t[0] == '-' && t[1] != '-' && strings.ContainsRune(t, 'c') && !strings.ContainsAny(t, "ABCefgm")
		}) {
			return false
		}
	}
	return n > 0
}

// searches reports whether a command's analysis a runs a search program,
// whose result lines are attributed to files.
func searches(a *shell.Analysis) bool {
	for _, c := range a.Commands {
		if catalogue.GrepFamily.Has(c.Name) || c.Name == "git" && slices.ContainsFunc(c.Args, func(w shell.Arg) bool { return w.Text == "grep" }) {
			return true
		}
	}
	return false
}

// attributed reports whether every line of a result is attributed to a
// file on disk: each name exists under the scope, and each line printed
// alone is a name that exists (grep -l), not a line of a file.
func attributed(names, loose map[string]bool, scope []string, h string) bool {
	for _, m := range []map[string]bool{names, loose} {
		for n := range m {
			if !slices.ContainsFunc(searchPaths(n, scope, h), exists) {
				return false
			}
		}
	}
	return true
}

// exists reports whether path p names an entry on disk.
func exists(p string) bool {
	_, err := os.Lstat(p)
	return err == nil
}

// maxTreeEntries bounds the entries guard walks of a tree a search reads
// without its hidden names; past it guard cannot tell what it holds. It
// is the policy's bound (the tree secret scan and the protected-name walk
// share one).
const maxTreeEntries = policy.MaxTreeEntries

// unattributedWhy is why guard looks whether a searched tree holds a
// protected file.
const unattributedWhy = "guard cannot tell which file each line of the search's result came from"

// treeProtected returns the entry of pol's read rules that blocks a file
// that exists in trees, the reads of the trees a search reads (opaque:
// the policy looks what each holds, git's index for git grep), or, for
// one ending in visibleOnly, in its names not hidden (walked within
// maxTreeEntries, links not followed); "" for none.
func treeProtected(pol Policy, trees []event.Input) (string, error) {
	var reads []event.Input
	n := 0
	for _, in := range trees {
		t, visible := strings.CutSuffix(in.Text, "/"+visibleOnly)
		if !visible {
			reads = append(reads, in)
			continue
		}
		_ = filepath.WalkDir(filepath.FromSlash(t), func(q string, d fs.DirEntry, err error) error {
			if n++; n > maxTreeEntries {
				return fs.SkipAll
			}
			if strings.HasPrefix(d.Name(), ".") && n > 1 {
				if d.IsDir() {
					return fs.SkipDir
				}
				return nil
			}
			if err == nil && !d.IsDir() {
				reads = append(reads, event.Input{Kind: event.KindRead, Text: filepath.ToSlash(q)})
			}
			return nil
		})
	}
	if n > maxTreeEntries {
		return "more than 20000 entries, which guard does not walk", nil
	}
	for len(reads) > 0 {
		k := min(len(reads), 512)
		v, err := pol.Evaluate(reads[:k])
		if err != nil {
			return "", err
		}
		if v.Blocked() && v.Finding.Detector == event.DetectorPaths {
			return v.Finding.Entry, nil
		}
		reads = reads[k:]
	}
	return "", nil
}

// resultScope returns the directories a result's relative names are under:
// a content search's (agent.Call.SearchScope), else, for a shell search's
// result (grep -rn, rg, git grep print names before lines), the call's
// directory; nil for any other result (file F prints `F: type`, no line
// of F). trees are the directories a shell search reads whole (DIR/**);
// counts says the search prints counts per file, not lines.
func resultScope(call *agent.Call, parsed agent.Payload, opt agent.Options) (scope []string, trees []event.Input, counts bool) {
	if call.SearchScope != nil || call.Result == nil || !agent.CommandTool(call.Tool) {
		return call.SearchScope, nil, call.SearchCounts
	}
	cmd := shellCommand(parsed)
	if cmd == "" {
		return nil, nil, false
	}
	f := filesFor(call, opt)
	a := shell.Analyze(cmd, shell.Options{Home: f.home, Files: f})
	if !searches(a) {
		return nil, nil, false
	}
	counts = counting(a)
	base := agent.BaseDir(call, opt)
	for _, p := range a.Reads {
		d, ok := strings.CutSuffix(p, "/**")
		if !ok || slices.Contains(a.UnprintedReads, p) || strings.ContainsAny(d, "*?[$\x00") {
			continue
		}
		d = filepath.FromSlash(path.ExpandHome(d, f.home))
		if !filepath.IsAbs(d) && base != "" {
			d = filepath.Join(base, d)
		}
		if filepath.IsAbs(d) {
			trees = append(trees, event.Input{Kind: event.KindRead, Text: filepath.ToSlash(d) + "/**", Opaque: unattributedWhy, Tracked: slices.Contains(a.TrackedReads, p),
				Unignored: slices.Contains(a.UnignoredReads, p)})
		}
	}
	if base == "" {
		return []string{}, trees, counts
	}
	if len(trees) == 0 && skipsHidden(a) {
		trees = []event.Input{{Kind: event.KindRead, Text: filepath.ToSlash(base) + "/" + visibleOnly}} // rg PATTERN: the tree's names not hidden
	}
	return []string{base}, trees, counts
}

// visibleOnly ends a tree guard walks without its hidden names.
const visibleOnly = "\x00visible"

// skipsHidden reports whether a's search program searches its directory's
// tree without its hidden names (rg, ag), which the analysis does not
// list as a read.
func skipsHidden(a *shell.Analysis) bool {
	for _, c := range a.Commands {
		if p := catalogue.ProgramNamed(c.Name); p != nil && catalogue.GrepFamily.Has(c.Name) && p.Recurse.SkipsHidden() {
			return true
		}
	}
	return false
}

// shellCommand returns the command text of a shell tool's result payload
// (tool_input's command, or agent B's command), "" when none.
func shellCommand(parsed agent.Payload) string {
	var v struct {
		Command string `json:"command"`
	}
	if raw, ok := agent.Member(parsed, "tool_input"); ok && json.Unmarshal(raw, &v) == nil && v.Command != "" {
		return v.Command
	}
	if raw, ok := agent.Member(parsed, "command"); ok && json.Unmarshal(raw, &v.Command) == nil {
		return v.Command
	}
	return ""
}

// readLinesWhy is why guard applies the read rules to a result's lines.
const readLinesWhy = "a line a search prints of a file is that file's read, and the result scan finds only the values of known shapes in it"

// readLinesFinding is the finding that withholds a result printing lines
// of a protected file: what says what guard found or could not tell.
func readLinesFinding(what string) event.Finding {
	f := secretFinding(readLinesWhy, what, "protected_lines", "high")
	f.Reason = strings.Replace(f.Reason, "\x00", "this result", 1)
	f.LogReason = "guard withheld a result: " + readLinesWhy
	return f
}

// searchPaths returns the paths a name printed in a result may stand for:
// itself when absolute, under the home for ~/, else under each directory
// searched.
func searchPaths(n string, scope []string, h string) []string {
	switch {
	case strings.HasPrefix(n, "~/") && h != "":
		return []string{path.ExpandHome(n, h)}
	case filepath.IsAbs(n):
		return []string{filepath.Clean(n)}
	}
	out := make([]string, 0, len(scope))
	for _, d := range scope {
		out = append(out, filepath.Join(d, n))
	}
	return out
}

// lineNames adds to names the file names text's lines are attributed to:
// the name before a NUL (grep -Z), a JSON line's path (rg --json), the
// name before grep's line mark (`:N:`, `-N-`), else before the line's
// first colon, and a heading (`File: path`, a bare name) followed by a
// numbered line (`N:`, `N-`, agent C's `LN:`), a `--- PATH ---` line
// (agent C's read_many_files: the file's text below it); and to loose the lines
// printed alone, which are names (grep -l) or lines of no name, but for
// a count (wc -l). A searcher's own message (`grep: NAME: …`) is read
// after its program name.
func lineNames(text string, names, loose map[string]bool) {
	heading, bare := "", ""
	for line := range strings.Lines(text) {
		line = strings.TrimRight(line, "\r\n")
		if h, ok := strings.CutPrefix(line, "File: "); ok {
			heading = strings.TrimSpace(h)
			continue
		}
		if h, ok := strings.CutPrefix(line, "--- "); ok && strings.HasSuffix(h, " ---") {
			// read_many_files: the file's text follows its name.
			if n := strings.TrimSpace(strings.TrimSuffix(h, " ---")); n != "" && n != "End of content" {
				names[n] = true
			}
			continue
		}
		if heading != "" && numbered(line) {
			names[heading] = true
			if heading == bare {
				delete(loose, bare)
			}
			continue
		}
		if p, rest, ok := strings.Cut(line, ": "); ok && catalogue.GrepFamily.Has(p) {
			line = rest // grep: NAME: binary file matches
		}
		if n, ok := specialName(line); ok {
			if n != "" {
				names[n] = true
			}
		} else if n := markedName(line); n != "" {
			names[n] = true
		} else if t := strings.TrimSpace(line); t != "" && strings.Trim(t, "0123456789") != "" {
			loose[uncounted(t)] = true
			if !strings.ContainsAny(line, ": \t") {
				heading, bare = line, line // rg --heading, or a name alone (grep -l)
			}
		}
	}
}

// specialName returns the name of a line of grep -Z (before its NUL) or
// rg --json (its path's text, "" for a line of no file), and whether line
// is one; a JSON line with a path guard cannot read names the
// unreadable "\x00".
func specialName(line string) (string, bool) {
	if i := strings.IndexByte(line, 0); i >= 0 {
		return line[:i], true
	}
	if !strings.HasPrefix(line, `{"type":`) {
		return "", false
	}
	var m struct {
		Data struct {
			Path *struct {
				Text *string `json:"text"`
			} `json:"path"`
		} `json:"data"`
	}
	if json.Unmarshal([]byte(line), &m) != nil {
		return "", false
	}
	switch {
	case m.Data.Path == nil:
		return "", true // begin of no file, summary
	case m.Data.Path.Text == nil:
		return "\x00", true // path.bytes: a name guard does not decode
	}
	return *m.Data.Path.Text, true
}

// uncounted returns line without the count uniq -c puts before it.
func uncounted(line string) string {
	k := 0
	for k < len(line) && line[k] >= '0' && line[k] <= '9' {
		k++
	}
	if k > 0 && k < len(line) && (line[k] == ' ' || line[k] == '\t') {
		return strings.TrimLeft(line[k:], " \t")
	}
	return line
}

// numbered reports whether line starts with a line number as a heading's
// lines do (`12:`, `12-`, `L12:`).
func numbered(line string) bool {
	line = strings.TrimPrefix(line, "L")
	k := 0
	for k < len(line) && line[k] >= '0' && line[k] <= '9' {
		k++
	}
	return k > 0 && k < len(line) && (line[k] == ':' || line[k] == '-')
}

// markedName returns the name before the first grep line mark of line
// (`path:N:`, `path-N-`), else before its first colon when text follows
// it (ls -R's `./.ssh:` heading prints no line of a file); "" for none.
func markedName(line string) string {
	for i := 1; i < len(line) && i < 4096; i++ {
		if (line[i] == ':' || line[i] == '-') && lineMark(line[i:]) > 0 {
			return line[:i]
		}
	}
	if i := strings.IndexByte(line, ':'); i > 0 && strings.TrimSpace(line[i+1:]) != "" && !strings.ContainsAny(line[:i], " \t") {
		return line[:i]
	}
	return ""
}
