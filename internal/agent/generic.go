package agent

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/shell/word"
	"mvdan.cc/sh/v3/syntax"
)

// byFields checks a tool guard has no handler for (an MCP tool, a tool a
// newer client added) by what its input carries, in the order of agent B's
// beforeMCPExecution: URL fields, command fields, path fields, then the
// whole input (secrets and injection).
//
//   - URL fields: string values under a key named url, uri, endpoint or href
//     or ending in url or uri, and any value with a fetching scheme (http://,
//     ftp://…), and the URLs inside any other text ("see http://…");
//   - command fields: values under a key named command, cmd or script (an
//     array of strings is joined with spaces), and args, argv or arguments
//     arrays (joined to the command before them: {"command":"cat",
//     "args":["f"]} is cat f); a value under a key that says it is an
//     encoded command (encodedCommand, command_base64) is the command it
//     decodes to, and one guard cannot decode to text blocks
//     (encodedCommands);
//   - path fields: values under a key such as path, file_path, paths,
//     source, destination, dir_path, include, database, or ending in path, file,
//     dir(s), directory/directories, folder(s) or roots: writes when the
//     tool's name says it writes, edits, moves, creates or deletes, and a
//     destination always; reads when the tool is known to only read
//     (readingName); else reads and touches (the tool may write them:
//     download, store, extract…); include values are globs;
//   - what other values carry: a one-token value that is a path
//     (pathValue: absolute, ~, file:, REV:PATH, or relative: a / or a
//     leading dot) is a path as above, whatever its key, and so is any
//     other value that may name a protected target taken whole, trimmed
//     and as it is, or through a URI scheme guard does not know
//     (toolValues.loose); each path value
//     is also a read of the tree under it (toolValues.field); a value
//     that may be a command line or code
//     (carriesCommand) is a command, whatever its key is called, and its
//     absolute and home words are paths as above, unless the tool's name
//     says it only reads or writes files and runs nothing (a file's content
//     is data); a patch writes each file it names (patchFiles);
//   - object keys: a key is a value its object carries ({"files":
//     {"../.bashrc":"x"}}, a batch write's map of path to content): a key
//     shaped as a path is a path as a value is (toolValues.key);
//   - the whole input: one "key: value" line per value, so that JSON escapes
//     cannot hide text and "api_key: …" pairs meet the secrets catalogue.
func byFields(c *Call, toolName string, in fields) error {
	if in.doc == nil {
		return nil
	}
	tv := newToolValues(toolName, in)
	fc := fieldCollector{tv: tv, gin: gitInput{strs: map[string]string{}, lits: map[string]string{}, cwd: c.Cwd}}
	if err := keyedLeaves(in.doc, in.prefix, fc.leaf); err != nil {
		return err
	}
	if tv.tooMany() {
		return &Error{Field: in.prefix, Limit: true, Problem: fmt.Sprintf("holds more than %d values that may name a path: "+
			"guard blocks an input it cannot check whole", maxLooseValues)}
	}
	if tv.problem != "" {
		return &Error{Field: in.prefix, Limit: true, Problem: tv.problem}
	}
	var commands []event.Input
	env := fc.env.prefix()
	if fc.env.problem != "" && len(fc.cmd) > 0 {
		return &Error{Field: in.prefix, Limit: true, Problem: fc.env.problem}
	}
	for _, g := range joinPrograms(fc.cmd) {
		argv := g.text()
		commands = append(commands, event.Input{Kind: event.KindCommand, Text: env + argv})
		if joined := strings.Join(g.parts, " "); joined != argv && shellMayRun(joined) {
			// A server may hand the parts to a shell joined by blanks
			// (node's spawn with shell: true): that reading too.
			commands = append(commands, event.Input{Kind: event.KindCommand, Text: env + joined})
		}
	}
	commands = append(commands, fc.encoded...)
	commands = append(commands, valueCommands(tv.carried)...)
	commands = append(commands, gitToolInputs(toolName, fc.gin)...)
	if err := fc.roots.apply(c, len(commands) > 0, in.prefix); err != nil {
		return err
	}
	tv.joinRoots()
	// agent C names an MCP tool by its bare name (server__tool when two
	// servers share it): any tool of its guard has no handler for may be one
	mcp := isMCPTool(toolName) || c.Event == "beforeMCPExecution" || c.Agent == C
	if err := tv.joinServerRoots(toolName, c.Cwd, mcp); err != nil {
		return &Error{Field: in.prefix, Limit: true, Problem: err.Error()}
	}
	c.Inputs = append(c.Inputs, fc.urls...)
	c.Inputs = append(c.Inputs, commands...)
	c.Inputs = append(c.Inputs, tv.paths...)
	if fc.sb.Len() > 0 {
		c.Inputs = append(c.Inputs, event.Input{Kind: event.KindToolInput, Text: fc.sb.String()})
	}
	return nil
}

// fieldCollector gathers what byFields reads from a tool input's leaves:
// the URLs, the command parts, the directories a command may run in
// (roots), the git fields (gin, for mcpGitCommand), the commands of
// encoded command fields (encoded) and the leaves as "key: value" lines
// (sb).
type fieldCollector struct {
	tv      *toolValues
	urls    []event.Input
	sb      strings.Builder
	cmd     []cmdGroup
	roots   commandRoots
	gin     gitInput
	encoded []event.Input
	env     toolEnv // the environment the commands run with
}

// leaf reads one leaf of the tool input.
func (fc *fieldCollector) leaf(l leaf) {
	fc.env.add(l)
	if l.isKey {
		fc.tv.key(l.key, l.value)
		return
	}
	fc.gin.add(l)
	fc.sb.WriteString(l.key)
	fc.sb.WriteString(": ")
	fc.sb.WriteString(l.value)
	fc.sb.WriteByte('\n')
	if !l.isString || l.value == "" {
		return
	}
	key := normKey(l.key)
	if !isArgsKey(key) && !isProgramKey(key) && key != "command" && key != "cmd" && key != "script" {
		fc.roots.add(key, l.value)
	}
	if isURLKey(key) || hasWebScheme(l.value) || fetchScheme(l.value) {
		fc.urls = append(fc.urls, event.Input{Kind: event.KindURL, Text: l.value})
	} else if strings.Contains(l.value, "://") {
		fc.urls = append(fc.urls, urlsIn(l.value)...) // "see http://…" in a note
	}
	if encodedCommandKey(key) {
		ins, problem := encodedCommands(l.key, l.value)
		fc.encoded = append(fc.encoded, ins...)
		if problem != "" && fc.tv.problem == "" {
			fc.tv.problem = problem
		}
	}
	fc.value(key, l)
}

// value reads a string leaf by its key: a command part, a file URI, a
// path, or a field guard does not know, checked by what it carries.
func (fc *fieldCollector) value(key string, l leaf) {
	tv := fc.tv
	switch {
	case key == "command" || key == "cmd" || key == "script" || isArgsKey(key) || isProgramKey(key) && l.array == 0:
		fc.cmd = addCommandLeaf(fc.cmd, key, l)
		if isArgsKey(key) || isProgramKey(key) {
			// An argument or a program is also a value by what it
			// carries: {"arguments":[".env"]} with no program.
			tv.valuePaths(key, l.value)
		}
		if key != "command" && key != "cmd" {
			tv.embedded(l.value, false) // {"arguments":"{\"path\":…}"}, {"options":"-o /h/.bashrc"}
		}
	case isFileURI(l.value) && len(l.value) <= maxPathLen && !tv.patternKey(key):
		// A file: URI is a path by its scheme, whatever its key (uri,
		// resource): a path key's value (FINDINGS59a A10).
		if p, ok := fileURIPath(l.value); ok {
			tv.keyedField(p, tv.writes || isDestKey(key))
		}
		if !isPathKey(key) {
			tv.other(key, l.value)
		}
	case !isPathKey(key) || strings.Contains(l.value, "://"):
		tv.other(key, l.value) // a field guard does not know is checked by what it carries
	case len(l.value) <= maxPathLen:
		p := l.value
		if tv.patternKey(key) {
			return
		}
		if rel, ok := tv.repoPath(p); ok {
			if tv.remoteServer {
				// The machine's file of that name is read too (a
				// server may open it), but not the tree under it: a
				// remote repository's root is no recursive read of
				// the disk.
				tv.paths = append(tv.paths, event.Input{Kind: event.KindRead, Text: p})
				p = rel
			} else {
				// A server guard does not know to read remote
				// repositories may read the disk whatever fields it
				// is given: both readings are checked.
				tv.keyedField(rel, tv.writes || isDestKey(key))
			}
		}
		if strings.HasPrefix(key, "include") {
			if p = globPath("", p); p == "" {
				return
			}
		}
		tv.keyedField(p, tv.writes || isDestKey(key))
		tv.embedded(l.value, false) // {"source":"print(open('.env').read())"}
	}
}

// maxPathLen bounds a value taken for a path by its key alone.
const maxPathLen = 4096

// byText checks a tool input that is free text (a tool_input string that
// holds no JSON object): the URLs in it, the files a patch in it writes,
// then the text (secrets, injection).
func byText(c *Call, toolName, text string) error {
	// The string is the tool's one value (Read's "../.ssh/id_rsa"):
	// checked by what it carries too, as a field guard does not know (a
	// path, a command, the paths inside it); its URLs and its text are
	// checked as they are, below.
	v, err := json.Marshal(text)
	if err != nil {
		return &Error{Field: "tool_input", Problem: "cannot be re-encoded"}
	}
	doc := append(append([]byte(`{"value":`), v...), '}')
	n := len(c.Inputs)
	if err := byFields(c, toolName, fields{m: map[string]json.RawMessage{"value": v}, prefix: "tool_input", doc: doc}); err != nil {
		return err
	}
	kept := c.Inputs[:n]
	for _, in := range c.Inputs[n:] {
		if in.Kind != event.KindToolInput && in.Kind != event.KindURL {
			kept = append(kept, in)
		}
	}
	c.Inputs = append(kept, urlsIn(text)...)
	c.Inputs = append(c.Inputs, patchInputs(text)...) // apply_patch's envelope as the whole input
	c.Inputs = append(c.Inputs, event.Input{Kind: event.KindToolInput, Text: text})
	return nil
}

// payloadMeta are the fields every payload of an agent carries about the
// session, not about what the agent does: a generic check skips them.
func payloadMeta(key string) bool {
	switch key {
	case "session_id", "transcript_path", "agent_transcript_path", "cwd", "hook_event_name", "hookEventName",
		"permission_mode", "timestamp", "conversation_id", "generation_id", "workspace_roots", "model",
		"agent_b_version", "user_email", "tool_use_id", "prompt_id", "effort", "scratchpad_dir", "agent_id",
		"agent_type", "source", "reason", "trigger", "stop_hook_active":
		return true
	}
	return false
}

// byPayload checks an event guard has no table for by what its payload
// carries beyond the session fields, as byFields checks a tool's input.
func byPayload(c *Call, f fields) error {
	if name, ok, _ := f.str("tool_name"); ok {
		c.Tool = name
	}
	rest := map[string]json.RawMessage{}
	for k, v := range f.m {
		if !payloadMeta(k) {
			rest[k] = v
		}
	}
	if len(rest) == 0 {
		return nil
	}
	raw, err := json.Marshal(rest)
	if err != nil {
		return &Error{Problem: "cannot be re-encoded"}
	}
	return byFields(c, c.Tool, fields{m: rest, prefix: "", doc: raw})
}

// normKey lowers a field name and drops _ and -: file_path, filePath and
// file-path are all "filepath".
func normKey(k string) string {
	var b strings.Builder
	for _, r := range k {
		if r == '_' || r == '-' {
			continue
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// isPathKey reports whether a normalised key names a file or directory.
func isPathKey(k string) bool {
	switch k {
	case "path", "paths", "file", "files", "filename", "filenames", "source", "sources", "src",
		"destination", "dest", "target", "directory", "dir", "folder", "root", "include", "includes",
		"includepattern", "exclude", "notebook", "database", "db":
		return true
	}
	for _, suf := range []string{"path", "paths", "file", "files", "dir", "dirs", "directory", "directories", "folder", "folders",
		"filename", "roots"} {
		if strings.HasSuffix(k, suf) {
			return true
		}
	}
	return false
}

// isDestKey reports whether a normalised path key names what a tool writes.
func isDestKey(k string) bool {
	switch k {
	case "destination", "dest", "destinationpath", "destpath", "targetpath", "newpath", "outputpath", "outputfile", "outfile", "outputdir":
		return true
	}
	return false
}

// writingName reports whether a tool's name says it changes files: one of
// its words (split at _ - . : / and lower-to-upper case changes) is a verb
// such as write, edit, move, create or delete.
func writingName(name string) bool {
	for _, w := range nameWords(name) {
		switch w {
		case "write", "writes", "edit", "edits", "move", "rename", "create", "delete", "remove", "replace",
			"patch", "mkdir", "append", "save", "put", "insert", "update", "truncate", "unlink", "rm", "mv",
			"touch", "chmod", "chown", "upload", "overwrite", "modify", "set", "copy", "cp", "apply", "strreplace":
			return true
		}
	}
	return false
}

// nameWords splits a tool name into lower-case words.
func nameWords(name string) []string {
	var words []string
	var cur []rune
	prevLower := false
	flush := func() {
		if len(cur) > 0 {
			words = append(words, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	for _, r := range name {
		switch {
		case !unicode.IsLetter(r) && !unicode.IsDigit(r):
			flush()
			prevLower = false
			continue
		case unicode.IsUpper(r) && prevLower:
			flush()
		}
		cur = append(cur, r)
		prevLower = unicode.IsLower(r) || unicode.IsDigit(r)
	}
	flush()
	return words
}

// cmdGroup is one command byFields assembles from command, program and
// args fields.
type cmdGroup struct {
	array int
	parts []string
	args  bool // holds an args array
	prog  bool // led by a program field (program, executable, binary…)
	bare  bool // led by an args array
	// line: led by a command string ({"command":"ls -la | head"}), a
	// shell line as written; every other part is one argv word.
	line bool
}

// shellMayRun reports whether a shell handed line may run any of it: not
// when it is one line the shell refuses whole (a syntax error: a shell
// reads a line before it runs it), such as ["python3","-c","print(1)"]
// joined by blanks. A line of several lines may run those before the
// error: it is checked (and blocks as a parse error).
func shellMayRun(line string) bool {
	if strings.ContainsAny(line, "\n\r") {
		return true
	}
	_, err := syntax.NewParser().Parse(strings.NewReader(line), "")
	return err == nil
}

// text returns the command line g stands for. An array's elements and a
// program's arguments are argv words, each one shell word, quoted where
// the shell would read it otherwise: a server execs them, and
// ["sh","-c","cd; cat x"] is sh run with one script, not `sh -c cd`
// then `cat x`. A leading command string is a line as written.
func (g cmdGroup) text() string {
	var b strings.Builder
	for i, p := range g.parts {
		if i > 0 {
			b.WriteByte(' ')
		}
		if i == 0 && g.line {
			b.WriteString(p)
			continue
		}
		q, err := syntax.Quote(p, syntax.LangBash)
		if err != nil {
			q = word.Quote(p) // a NUL byte: no shell word holds it
		}
		b.WriteString(q)
	}
	return b.String()
}

// addCommandLeaf adds value l under command, program or args key to the
// commands cmd assembles: an array's elements to their array's command,
// an args array to the command or program before it
// ({"command":"cat","args":["~/.ssh/id_rsa"]}: one command).
func addCommandLeaf(cmd []cmdGroup, key string, l leaf) []cmdGroup {
	switch n := len(cmd); {
	case n > 0 && l.array != 0 && cmd[n-1].array == l.array:
		cmd[n-1].parts = append(cmd[n-1].parts, l.value)
	case n > 0 && l.array != 0 && cmd[n-1].array == 0 && isArgsKey(key) && !cmd[n-1].args:
		cmd[n-1].array, cmd[n-1].args = l.array, true
		cmd[n-1].parts = append(cmd[n-1].parts, l.value)
	default:
		args := isArgsKey(key)
		cmd = append(cmd, cmdGroup{array: l.array, parts: []string{l.value}, args: args, bare: args,
			prog: isProgramKey(key), line: l.array == 0 && !args && !isProgramKey(key)})
	}
	return cmd
}

// joinPrograms joins an args array that no command or program led to a
// program field that took no args, whatever their order in the input
// ({"arguments":["f"],"program":"cat"} is cat f).
func joinPrograms(cmd []cmdGroup) []cmdGroup {
	out := make([]cmdGroup, 0, len(cmd))
	used := make([]bool, len(cmd))
	for i, g := range cmd {
		if !g.bare {
			continue
		}
		for j, p := range cmd {
			if p.prog && !p.args && !used[j] {
				used[i], used[j] = true, true
				out = append(out, cmdGroup{parts: append(slices.Clone(p.parts), g.parts...), args: true})
				break
			}
		}
	}
	for i, g := range cmd {
		if !used[i] {
			out = append(out, g)
		}
	}
	return out
}

// isProgramKey reports whether a normalised key names the program a
// tool runs with an args array beside it.
func isProgramKey(k string) bool {
	switch k {
	case "program", "executable", "binary", "bin", "exe":
		return true
	}
	return false
}

// isArgsKey reports whether a normalised key names a command's arguments.
func isArgsKey(k string) bool { return k == "args" || k == "argv" || k == "arguments" }

// isURLKey reports whether a normalised key names a URL.
func isURLKey(k string) bool {
	switch k {
	case "url", "uri", "endpoint", "href", "link", "serverurl":
		return true
	}
	return strings.HasSuffix(k, "url") || strings.HasSuffix(k, "uri") || strings.HasSuffix(k, "urls")
}

// hasWebScheme reports whether s starts with http:// or https://.
func hasWebScheme(s string) bool {
	if len(s) < 8 {
		return false
	}
	l := strings.ToLower(s[:8])
	return strings.HasPrefix(l, "http://") || l == "https://"
}

// fetchScheme reports whether s starts with another scheme a client fetches
// (ftp, gopher, dict, file, ws…).
func fetchScheme(s string) bool {
	i := strings.Index(s, "://")
	if i <= 0 || i > 10 {
		return false
	}
	switch strings.ToLower(s[:i]) {
	case "ftp", "ftps", "sftp", "gopher", "dict", "file", "ws", "wss", "tftp", "ldap", "smb":
		return true
	}
	return false
}

// pathValue reports whether a string value of a field guard does not know
// holds a path, and which: a single token (no blank, no line break: a
// sentence that mentions a path is prose, its URLs are still checked) that
// is absolute, starts with ~, is a file: URI (the path it names, decoded:
// see fileURIPath), is a REV:PATH object name such as HEAD:.ssh/id_rsa (the
// PATH, relative), or looks like a relative path: it holds a / or a \, or
// starts with a dot (../.bashrc, .agent_a/settings.json, .env, ..). The
// name of a tool's parameter is its server's choice (location, to, f,
// target_directories…), and the server resolves a relative value against
// its own root: guard takes it against the call's directory, as a value
// under a path key. owner/repo, text/plain or a branch
// feature/x read as paths too, inside the project: harmless unless they
// meet a protected glob.
func pathValue(v string) (string, bool) {
	if v == "" || len(v) > maxPathLen || strings.ContainsAny(v, " \t\r\n") {
		return "", false
	}
	if isFileURI(v) {
		return fileURIPath(v)
	}
	if strings.Contains(v, "://") {
		return "", false
	}
	if v[0] == '/' || v[0] == '~' {
		return v, true
	}
	if i := strings.IndexByte(v, ':'); i >= 0 && i+1 < len(v) && !strings.ContainsAny(v[:i], "/\\") {
		return v[i+1:], true
	}
	if v[0] == '.' || strings.ContainsAny(v, "/\\") {
		return v, true
	}
	return "", false
}
