package agent

import (
	"strings"

	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/word"
)

// What a field of a tool guard does not know carries (review 7 F17): a
// path is written unless the tool is known to only read, a value that may
// be a command line or code is checked as a command, and a patch writes
// each file it names, whatever the field is called.

// Bounds of what is taken from the values of one tool call.
const (
	// maxCommandValues bounds the values checked as commands one by one;
	// the rest are checked as one, a line each.
	maxCommandValues = 32
	// maxCarriedPaths bounds the paths taken from the words of values.
	maxCarriedPaths = 256
)

// readingName reports whether a tool is known to only read: one word of
// its name is a read verb (read, get, list, search…), and every other word
// is one too or a noun that names what it reads (readNouns); a word guard
// does not know (view_prepend, find_rewrite, query_upsert: review 12b F9),
// one that changes files (writingName) or writes under another name
// (download, store, extract, sync…) or joins two actions (and, to) makes
// it a tool that may write. The server's segment of an MCP tool's name is
// not read (mcpToolPart).
func readingName(name string) bool {
	if writingName(name) {
		return false
	}
	name = mcpToolPart(name)
	reads := false
	for _, w := range nameWords(name) {
		switch {
		case readVerbs.Has(w):
			reads = true
		case readNouns.Has(w):
		default:
			return false
		}
	}
	return reads
}

// mcpToolPart returns the tool's own name of an MCP tool's full name:
// after mcp__SERVER__, or after mcp_SERVER_ (a server whose name holds _
// leaves a word of it, which fails closed); any other name whole.
func mcpToolPart(name string) string {
	if rest, ok := strings.CutPrefix(name, "mcp__"); ok {
		if _, tool, ok := strings.Cut(rest, "__"); ok {
			return tool
		}
		return rest
	}
	if rest, ok := strings.CutPrefix(name, "mcp_"); ok {
		if _, tool, ok := strings.Cut(rest, "_"); ok {
			return tool
		}
	}
	return name
}

// readVerbs are the words of a tool's name that say it reads; readNouns
// those that say what it reads, or join the words (of, by), which a name
// that only reads may hold besides.
const (
	readVerbs word.Set = " read get list ls search find grep glob view show stat describe query lookup count inspect cat head " +
		"tail tree info exists check diff compare preview browse explain "
	readNouns word.Set = " mcp file files text media multiple directory directories dir dirs path paths content contents " +
		"metadata allowed with sizes size of for by in on the a all my me code symbol symbols overview referencing references " +
		"reference definition definitions pattern patterns memory memories issue issues request requests repository " +
		"repositories repo repos project projects table tables schema schemas database databases db record records row rows " +
		"document documents doc docs page pages url urls web image images log logs config configuration current status user " +
		"users commit commits branch branches tag tags changes workspace folder folders entries entry item items resource " +
		"resources node nodes element elements snapshot screenshot console network message messages channel channels thread " +
		"threads comment comments notebook cell cells line lines range stats tool tools env variables environment version " +
		"history graph dependencies package packages module modules function functions class classes type types hover " +
		"diagnostics errors problems test tests result results output json yaml csv pdf markdown md txt raw recent latest " +
		"details summary workflow workflows job jobs artifact artifacts release releases label labels "
)

// contentKeys are fields that carry content to write: a tool given one
// may write its paths, whatever its name says (review 12b F9).
const contentKeys word.Set = " content contents data body text newtext newstring newcontent newcontents edits edit patch " +
	"append insert replacement newsource "

// mayWrite notes that a tool named as one that only reads was given
// content to write (contentKeys): each path it named only as a read is
// also a touch.
func (t *toolValues) mayWrite() {
	if !t.readOnly {
		return
	}
	t.readOnly = false
	for _, in := range t.paths {
		if in.Kind == event.KindRead && !strings.HasSuffix(in.Text, "/**") {
			t.paths = append(t.paths, event.Input{Kind: event.KindTouch, Text: in.Text})
		}
	}
}

// toolValues is what byFields takes from the values of one tool's input by
// what they carry: the paths they name, and the values that may be
// commands.
type toolValues struct {
	writes, readOnly bool // the tool's name says it writes files, or only reads
	// runs: the tool may run a value (any tool but one named as one that
	// only reads or writes files, unless its name also says it runs).
	runs    bool
	paths   []event.Input
	carried []string // values that may be commands
	nPaths  int      // paths taken from values' words
	// dirs and rels are the absolute and the relative paths fields name,
	// joined by joinRoots.
	dirs []string
	rels []relPath
}

// newToolValues returns the values' state for the tool called name.
func newToolValues(name string) *toolValues {
	t := &toolValues{writes: writingName(name), readOnly: readingName(name)}
	t.runs = !t.writes && !t.readOnly || runningName(name)
	return t
}

// path adds a path a field names (see pathInputs).
func (t *toolValues) path(p string, write bool) {
	t.paths = append(t.paths, pathInputs(p, write, t.readOnly)...)
}

// field adds a path a field's whole value names (see path), and the read
// of every file under it: guard cannot tell whether a tool it does not
// know lists, searches or copies a directory it is given ({"dirs":[".."]}
// in a project searches the home directory and ~/.ssh in it), so a
// directory is taken as read whole, as a content search's (treeReads). A
// glob value stands for what it names already.
func (t *toolValues) field(p string, write bool) {
	t.path(p, write)
	t.notePath(p, write)
	if !strings.ContainsAny(p, "*?[") {
		t.paths = append(t.paths, event.Input{Kind: event.KindRead, Text: treeDir(p, "/") + "/**"})
	}
}

// other takes the value of a field guard does not know by what it
// carries: a patch writes the files it names; a one-token path is a path
// (written under an output key; see pathValue); a value that may be a
// command line or code is a command, and its absolute and home words are
// paths.
func (t *toolValues) other(key, v string) {
	t.paths = append(t.paths, patchInputs(v)...)
	if p, ok := pathValue(v); ok {
		// A one-token value may be a path and code at once
		// (open("/h/x").read()): it is checked as both.
		t.field(p, t.writes || isDestKey(key) || key == "out" || key == "output")
	}
	if !t.runs || isURLKey(key) || !carriesCommand(v) {
		return
	}
	// Whatever its size: past the shell's bounds a command blocks (a
	// padded command line is no way around the check).
	t.carried = append(t.carried, v)
	for _, p := range carriedPaths(v, maxCarriedPaths-t.nPaths) {
		t.nPaths++
		t.path(p, t.writes)
	}
}

// runningName reports whether a word of a tool's name says it runs
// something (run, exec, shell, eval…): its values may be commands whatever
// else its name says.
func runningName(name string) bool {
	for _, w := range nameWords(name) {
		switch w {
		case "run", "runs", "exec", "execute", "eval", "evaluate", "shell", "sh", "bash", "cmd", "command", "commands",
			"script", "scripts", "spawn", "launch", "start", "invoke", "call", "terminal", "repl", "code", "python", "node",
			"process", "task", "job":
			return true
		}
	}
	return false
}

// pathInputs returns the inputs of a path a tool's field names: a write
// when write is set, a read when the tool only reads, else a read and a
// touch (the tool may write it: block_write applies, as to an unknown
// program's word).
func pathInputs(p string, write, readOnly bool) []event.Input {
	switch {
	case write:
		return []event.Input{{Kind: event.KindWrite, Text: p}}
	case readOnly:
		return []event.Input{{Kind: event.KindRead, Text: p}}
	}
	return []event.Input{{Kind: event.KindRead, Text: p}, {Kind: event.KindTouch, Text: p}}
}

// carriesCommand reports whether a string value of a field guard does not
// know may be a command line or code: it holds a redirection or a
// substitution (> < $( `), or a call with a string literal (open('…'),
// require("…")), or a line or a segment of one (between ; | && ||) whose
// first word is a path, an assignment or a program guard's catalogue
// knows (cat, cp, python3, sudo…). Such a value is checked as a command
// (the command rules, and what the hook reads of it as bash; a parse error
// is read as PowerShell too). Prose ("see ~/.bashrc line 3" in an issue's
// body) and markup (a Markdown table's | lines, YAML's key: lines) start
// their lines with words that are none of these.
func carriesCommand(v string) bool {
	if !strings.ContainsAny(v, " \t\n;|&<>()`'\"$") {
		return false
	}
	for _, op := range []string{">", "<", "$(", "`", "('", "(\""} {
		if strings.Contains(v, op) {
			return true
		}
	}
	lines := strings.SplitN(v, "\n", maxValueLines+1)
	for _, line := range lines[:min(len(lines), maxValueLines)] {
		if strings.HasPrefix(strings.TrimSpace(line), "|") {
			continue // a Markdown table's row
		}
		for _, seg := range strings.FieldsFunc(line, func(r rune) bool { return r == ';' || r == '|' || r == '&' }) {
			if f := strings.Fields(seg); len(f) > 0 && commandWord(f[0]) {
				return true
			}
		}
	}
	return false
}

// maxValueLines bounds the lines of a value carriesCommand looks at.
const maxValueLines = 256

// commandWord reports whether a word may begin a command: a path (./x,
// /usr/bin/x, ~/bin/x), an assignment (X=1) or a program the catalogue
// knows.
func commandWord(w string) bool {
	if strings.HasSuffix(w, ":") || strings.ContainsAny(w[:1], "#*-") {
		return false // markup: a YAML key, a heading, a list item
	}
	runsPath := pathLikeWord(w) && (!strings.HasPrefix(w, ".") || strings.HasPrefix(w, "./") || strings.HasPrefix(w, "../"))
	return runsPath || strings.Contains(w, "=") && !strings.HasPrefix(w, "=") || knownProgram(w)
}

// knownProgram reports whether guard's catalogue knows a program by this
// name: its programs, shells, interpreters, printers, writers, the
// programs that run others (sudo, env, nohup) and the network clients.
func knownProgram(name string) bool {
	if catalogue.ProgramNamed(name) != nil {
		return true
	}
	if _, ok := catalogue.InterpreterOf(name); ok {
		return true
	}
	if _, ok := catalogue.PrefixOf(name); ok {
		return true
	}
	if _, ok := catalogue.NetClientNamed(name); ok {
		return true
	}
	for _, set := range []interface{ Has(string) bool }{catalogue.Shells, catalogue.ForeignShells, catalogue.Printers,
		catalogue.WritesAll, catalogue.WritesLast, catalogue.MessageTools, catalogue.GrepFamily, catalogue.KeyUsers, catalogue.Encoders} {
		if set.Has(name) {
			return true
		}
	}
	return false
}

// valueWords splits a value at blanks, quotes, brackets and the shell's
// operators.
func valueWords(v string) []string {
	return strings.FieldsFunc(v, func(r rune) bool {
		return r == ' ' || r == '\t' || r == '\n' || r == '\r' || strings.ContainsRune("\"'`()[]{}<>|&;,=", r)
	})
}

// pathLikeWord reports whether a word of a value looks like a path: it
// starts with / or ~, or holds a / with a name on each side, or is a
// hidden name with an extension or a directory (.env, .agent_a/x).
func pathLikeWord(w string) bool {
	w = strings.TrimRight(w, ".:")
	if w == "" || strings.Contains(w, "://") {
		return false
	}
	if w[0] == '/' || w[0] == '~' {
		return len(w) > 1
	}
	if i := strings.IndexByte(w, '/'); i > 0 && i < len(w)-1 {
		return true
	}
	return w[0] == '.' && len(w) > 1 && w[1] != '.' && w[1] != '/'
}

// carriedPaths returns the absolute and home paths among the words of a
// value (code guard cannot parse as a command names its files so:
// open('/home/u/.ssh/id_rsa')), at most max.
func carriedPaths(v string, max int) []string {
	var out []string
	for _, w := range valueWords(v) {
		if len(out) >= max {
			break
		}
		w = strings.TrimRight(w, ".:")
		if len(w) > 1 && (w[0] == '/' || w[0] == '~') && !strings.Contains(w, "://") {
			out = append(out, w)
		}
	}
	return out
}

// patchFiles returns the files a patch in a value writes: the names of an
// apply_patch envelope (*** Add File:, *** Update File:, *** Delete File:,
// *** Move to:), of a unified diff's +++ and --- lines, and of a git
// diff's headers (diff --git a/X b/Y, and its extended headers rename
// from/to, copy to: a rename or a copy, or a new empty file, has no ---
// and +++ lines; review 8 F19), a/ and b/ dropped, /dev/null skipped; nil
// when the value holds no patch.
func patchFiles(v string) []string {
	if !strings.Contains(v, "*** ") && !strings.Contains(v, "+++ ") && !strings.Contains(v, "diff --git ") &&
		!strings.Contains(v, "rename to ") && !strings.Contains(v, "copy to ") {
		return nil
	}
	var out []string
	for _, line := range strings.Split(v, "\n") {
		names, whole := patchLineFiles(strings.TrimRight(line, "\r"))
		for _, p := range names {
			p = strings.TrimSpace(strings.Trim(strings.TrimSpace(p), `"`))
			if i := strings.IndexByte(p, '\t'); i >= 0 {
				p = p[:i] // --- a/x\t2024-01-01 …
			}
			if !whole && (strings.HasPrefix(p, "a/") || strings.HasPrefix(p, "b/")) {
				p = p[2:]
			}
			if p != "" && p != "/dev/null" && len(p) <= maxPathLen && len(out) < maxCarriedPaths {
				out = append(out, p)
			}
		}
	}
	return out
}

// patchLineFiles returns the names a line of a patch says are written, as
// the line spells them; whole says they carry no a/ or b/ prefix.
func patchLineFiles(line string) (names []string, whole bool) {
	switch {
	case strings.HasPrefix(line, "*** Add File: "), strings.HasPrefix(line, "*** Update File: "),
		strings.HasPrefix(line, "*** Delete File: "), strings.HasPrefix(line, "*** Move to: "):
		_, p, _ := strings.Cut(line, ": ")
		return []string{p}, false
	case strings.HasPrefix(line, "+++ "), strings.HasPrefix(line, "--- "):
		return []string{line[4:]}, false
	case strings.HasPrefix(line, "diff --git "):
		return strings.Fields(line[len("diff --git "):]), false
	case strings.HasPrefix(line, "rename to "), strings.HasPrefix(line, "rename from "), strings.HasPrefix(line, "copy to "):
		// A rename removes its source: both are written. The name is
		// whole (no a/ or b/), as git writes it.
		_, p, _ := strings.Cut(line[len("rename "):], " ")
		if strings.HasPrefix(line, "copy") {
			p = line[len("copy to "):]
		}
		return []string{p}, true
	}
	return nil, false
}

// patchInputs returns the writes of the files a patch in v names.
func patchInputs(v string) []event.Input {
	var out []event.Input
	for _, p := range patchFiles(v) {
		out = append(out, event.Input{Kind: event.KindWrite, Text: p})
	}
	return out
}

// valueCommands returns the command inputs of the values that carry one:
// each alone up to maxCommandValues, the rest as one, a line each.
func valueCommands(values []string) []event.Input {
	var out []event.Input
	for i, v := range values {
		if i == maxCommandValues {
			out = append(out, event.Input{Kind: event.KindCommand, Text: strings.Join(values[i:], "\n")})
			break
		}
		out = append(out, event.Input{Kind: event.KindCommand, Text: v})
	}
	return out
}
