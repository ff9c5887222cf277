package hook

import (
	"path/filepath"
	"strings"

	"github.com/guardhq/guard/internal/agent"
	"github.com/guardhq/guard/internal/detect/path"
	"github.com/guardhq/guard/internal/detect/secret"
	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/home"
)

// A content search prints lines attributed to files (grep's `path:N:line`,
// `path-N-line`, `path:line`, a `File: path` or rg --heading heading above
// numbered lines). A line of a file the read rules protect (a project's
// .env, a key file) is that file's read whatever its value's shape
// (review 20a F3): the result scan finds only catalogued shapes, and
// `DB_PASS=hunter2xyz` is none. guard applies the read rules to every file
// a printed line is attributed to, by name (no look-up on disk), and
// withholds the result when one blocks. Names alone (grep -l) print no
// line of a file and pass.

// maxSearchNames bounds the distinct file names of a result guard checks;
// past it guard cannot tell and withholds.
const maxSearchNames = 4096

// searchReads returns the finding that withholds a content search's result
// (agent.Call.SearchScope) that prints a line of a file pol's read rules
// block.
func searchReads(call *agent.Call, pol Policy, scope []string) (event.Finding, bool, error) {
	res := call.Result
	if res == nil || scope == nil {
		return event.Finding{}, false, nil
	}
	names := map[string]bool{}
	for _, in := range call.Inputs[res.First : res.First+res.Texts] {
		lineNames(secret.Plain(in.Text), names)
	}
	if len(names) == 0 {
		return event.Finding{}, false, nil
	}
	if len(names) > maxSearchNames {
		return readLinesFinding("guard checks the files of at most 4096 names a result prints lines of"), true, nil
	}
	h, _ := home.UserHome()
	var reads []event.Input
	for n := range names {
		for _, p := range searchPaths(n, scope, h) {
			reads = append(reads, event.Input{Kind: event.KindRead, Text: p})
		}
	}
	v, err := pol.Evaluate(reads)
	if err != nil || !v.Blocked() || v.Finding.Detector != event.DetectorPaths {
		return event.Finding{}, false, err
	}
	f := readLinesFinding("it prints lines of a file the read rules protect (" + v.Finding.Entry + ")")
	f.Entry = v.Finding.Entry
	return f, true, nil
}

// resultScope returns the directories a result's relative names are under:
// a content search's (agent.Call.SearchScope), else, for a shell command's
// result (grep -rn, rg, git grep print the same lines), the call's
// directory; nil for any other result.
func resultScope(call *agent.Call, opt agent.Options) []string {
	if call.SearchScope != nil || call.Result == nil || !agent.CommandTool(call.Tool) {
		return call.SearchScope
	}
	if base := agent.BaseDir(call, opt); base != "" {
		return []string{base}
	}
	return []string{}
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
// the name before grep's line mark (`:N:`, `-N-`), else before the
// line's first colon, and a heading (`File: path`, a bare name) followed
// by a numbered line (`N:`, `N-`, agent C's `LN:`).
func lineNames(text string, names map[string]bool) {
	heading := ""
	for line := range strings.Lines(text) {
		line = strings.TrimRight(line, "\r\n")
		if h, ok := strings.CutPrefix(line, "File: "); ok {
			heading = strings.TrimSpace(h)
			continue
		}
		if heading != "" && numbered(line) {
			names[heading] = true
			continue
		}
		if n := markedName(line); n != "" {
			names[n] = true
		} else if line != "" && !strings.ContainsAny(line, ": \t") {
			heading = line // rg --heading, or a name alone (grep -l)
		}
	}
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
