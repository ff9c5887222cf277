package agent

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/lang"
	"mvdan.cc/sh/v3/syntax"
)

// What a field of a tool guard does not know carries: a
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

// readingName reports whether a tool is known to only read: a word of its
// own name (its server's name, before the last __ of mcp__server__tool or
// the first word after mcp_ and MCP:, left out) is a read verb (read, get,
// list, search…), and every other word is a read verb or a noun guard
// knows (file, text, directory, contents, issue…). A word guard does not
// know (prepend, upsert, normalize, cache, log…) may be a verb that
// writes: the tool may write, as one whose name says it
// writes (writingName).
func readingName(name string) bool {
	if writingName(name) {
		return false
	}
	reads := false
	for _, w := range nameWords(ownToolName(name)) {
		switch {
		case readVerb(w):
			reads = true
		case !readNoun(w):
			return false
		}
	}
	return reads
}

// ownToolName returns the part of a tool's name its server chose: after
// mcp__SERVER__, mcp_SERVER_ (one word: a server name of several words
// leaves words guard does not know, so the tool may write) or MCP:.
func ownToolName(name string) string {
	if !isMCPTool(name) {
		return name
	}
	if i := strings.LastIndex(name, "__"); i > 3 {
		return name[i+2:]
	}
	rest := name[4:]
	if name[3] == ':' {
		return rest
	}
	if _, t, ok := strings.Cut(rest, "_"); ok {
		return t
	}
	return ""
}

// readVerb reports whether a word of a tool's name is a verb that only
// reads.
func readVerb(w string) bool {
	switch w {
	case "read", "get", "list", "ls", "search", "find", "grep", "glob", "view", "show", "stat", "describe",
		"query", "lookup", "count", "inspect", "cat", "head", "tail", "tree", "info", "exists", "check", "diff",
		"compare", "preview", "browse", "explain", "resolve":
		return true
	}
	return false
}

// readNoun reports whether a word of a tool's name is one guard knows to
// name what a read tool reads, or to join such words (file, contents, by,
// with…): no verb.
func readNoun(w string) bool {
	switch w {
	case "file", "files", "text", "content", "contents", "dir", "dirs", "directory", "directories", "folder", "folders",
		"path", "paths", "resource", "resources", "metadata", "meta", "details", "entry", "entries",
		"item", "items", "multiple", "many", "allowed", "with", "sizes", "size", "by", "of", "for", "all", "in", "from",
		"code", "symbol", "symbols", "definition", "definitions", "reference", "references", "issue", "issues",
		"pull", "pulls", "request", "requests", "pr", "prs", "comments", "commits", "branch",
		"branches", "tags", "repo", "repos", "repository", "repositories", "document", "documents", "doc", "docs",
		"page", "pages", "library", "libraries", "id", "ids", "user", "users", "me", "team", "teams", "project", "projects",
		"table", "tables", "schema", "schemas", "database", "databases", "records", "row", "rows", "column",
		"columns", "status", "state", "notification", "notifications", "message", "messages", "channel", "channels",
		"thread", "threads", "workspace", "workspaces", "org", "orgs", "organization", "organizations", "member",
		"members", "workflow", "workflows", "release", "releases", "labels", "milestone", "milestones",
		"node", "nodes", "graph", "entity", "entities", "relation", "relations", "memory", "memories", "notes",
		"event", "events", "email", "emails", "contact", "contacts", "url", "urls", "web", "site", "sites",
		"keyword", "keywords", "context", "summary", "stats", "usage", "version", "versions", "key", "keys", "value",
		"values", "object", "objects", "bucket", "buckets", "blob", "blobs", "chunk", "chunks", "line", "lines", "range",
		"diagnostics", "hover", "type", "types", "class", "classes", "function", "functions", "method", "methods",
		"package", "packages", "dependency", "dependencies", "module", "modules", "result", "results", "current",
		"latest", "recent", "raw", "json", "markdown", "html", "pdf", "csv", "image", "images", "media", "one",
		"name", "names", "word", "words", "pattern", "patterns", "match", "matches",
		"referencing", "overview", "snapshot", "screenshot", "cell", "cells",
		"notebook", "tool", "tools", "history", "errors", "problems", "output", "yaml", "md", "txt", "job", "jobs",
		"artifact", "artifacts", "the", "a", "my", "on", "mcp", "config", "configuration", "variables",
		"environment", "env", "changes":
		return true
	}
	return false
}

// toolValues is what byFields takes from the values of one tool's input by
// what they carry: the paths they name, and the values that may be
// commands.
type toolValues struct {
	writes, readOnly bool // the tool's name says it writes files, or only reads
	// runs: the tool may run a value (any tool but one named as one that
	// only reads or writes files, unless its name also says it runs).
	runs bool
	// term: the tool types into a terminal, a session, a process's
	// standard input (terminalTool): every text value is a command.
	term bool
	// noPath: the input has no path field, so a value under a content key
	// (typedKey) writes no file: it is checked as a command.
	noPath bool
	// stream: the tool's name says it writes bytes (streamWriter).
	stream bool
	// sqlTool: the tool's name says it runs SQL (sqlName); mysql: MySQL's.
	sqlTool, mysql bool
	// lang: the interpreter a code cell is checked with (codeLanguage).
	lang string
	// problem: what guard could not tell of a typed value (termEdit)
	// or of an encoded command (encodedCommands); the call blocks.
	problem string
	paths   []event.Input
	carried []string // values that may be commands
	nPaths  int      // paths taken from values' words
	nLoose  int      // values taken as paths by what they name (loose)
	// jsonDepth: how deep jsonValue is in JSON inside strings.
	jsonDepth int
	// repoPaths: the tool only reads, and its input names a remote
	// repository (remoteRepo): its path fields are paths in that
	// repository (repoPath). remoteServer: the tool's server is one known
	// to read remote repositories (repoServer); any other's may read the
	// local disk whatever fields it is given, so its paths are also local.
	repoPaths, remoteServer bool
	// serverRels: the relative paths path fields name, which the tool's
	// server may resolve against another root (joinServerRoots).
	serverRels []relPath
	// excludes: the tool is one known to take exclusion patterns
	// (excludeTool); any other's exclude fields are paths as any field is.
	excludes bool
	// dirs and rels are the absolute and the relative paths fields name,
	// joined by joinRoots.
	dirs []string
	rels []relPath
}

// newToolValues returns the values' state for the tool called name whose
// input has the top-level keys of in: a tool whose name reads but whose
// input carries content to write (writesContent) may write; a tool that
// types into a terminal or a process (terminalTool) runs what it is given.
func newToolValues(name string, in fields) *toolValues {
	t := &toolValues{writes: writingName(name) || writeMode(in), term: terminalTool(name, in), noPath: !hasPathField(in),
		stream: streamWriter(name), sqlTool: sqlName(name), mysql: mysqlName(name)}
	t.lang = codeLanguage(name, in)
	nameReads := readingName(name) && !writesContent(in) && !t.term
	t.readOnly = nameReads && readOptionsOnly(in)
	t.repoPaths = nameReads && remoteRepo(in)
	t.remoteServer = repoServer(name)
	t.excludes = excludeTool(name)
	t.runs = !t.writes && !nameReads || runningName(name) || t.term
	return t
}

// remoteRepo reports whether a tool's input names a remote repository by
// its owner and its name (GitHub's and GitLab's servers: {"owner":"o",
// "repo":"r","path":"src"}).
func remoteRepo(in fields) bool {
	owner, ok1, _ := in.str("owner")
	repo, ok2, _ := in.str("repo")
	return ok1 && ok2 && owner != "" && repo != ""
}

// repoServers are the words of an MCP server's name that say it reads
// remote repositories by owner and name: GitHub's, GitLab's and Gitea's
// servers. The server's name is the user's configuration, not the
// model's choice.
var repoServers = []string{"github", "gitlab", "gitea"}

// repoServer reports whether tool name belongs to an MCP server known to
// read remote repositories (repoServers): a word of its server's name
// (mcp__SERVER__tool, mcp_SERVER_tool) is one of them.
func repoServer(name string) bool {
	if !isMCPTool(name) || name[3] == ':' {
		return false
	}
	server := strings.TrimPrefix(strings.TrimSuffix(name, ownToolName(name)), name[:4])
	for _, w := range nameWords(server) {
		if slices.Contains(repoServers, w) {
			return true
		}
	}
	return false
}

// repoPath returns, for a reading tool of a remote repository
// (repoPaths), an absolute path field's value p as that repository reads
// it: from its root, so a leading / is the repository's root, not the
// machine's ("/" and "/src" are "." and "src"), checked against the call's
// directory as a relative path is (the repository is often the one
// checked out there). ok is false for any other value or tool.
func (t *toolValues) repoPath(p string) (rel string, ok bool) {
	if !t.repoPaths || !strings.HasPrefix(p, "/") {
		return p, false
	}
	if rel = strings.TrimLeft(p, "/"); rel == "" {
		return ".", true
	}
	return rel, true
}

// readOptionsOnly reports whether every top-level field of a tool's
// input is a path field (isPathKey) or an option known to only shape a
// read (readOption), whatever its value: a read verb in the tool's name
// holds for its paths only then. Any other field may be a second source
// (a URL, a bucket and key, SQL, a message's numeric id, a ref) whose
// content the tool writes into its local paths: a read verb in the name
// (get_object, get_message, query) tells what it does to the source, not
// to the path, so the path is read and touched (pathInputs).
func readOptionsOnly(in fields) bool {
	for k, v := range in.m {
		if k := normKey(k); !isPathKey(k) && !readOption(k, v) {
			return false
		}
	}
	return true
}

// readOption reports whether a normalised key, with its raw JSON value,
// names an option that only shapes what a read returns: its encoding,
// format, range, order or search pattern. A mode or flags field is one
// only when its value is a read mode (readMode).
func readOption(k string, v []byte) bool {
	switch k {
	case "mode", "flags", "flag", "openmode":
		return readMode(v)
	case "encoding", "charset", "format", "offset", "limit", "head", "tail", "start", "end", "line", "startline",
		"endline", "fromline", "toline", "linestart", "lineend", "range", "maxlines", "maxbytes", "maxsize", "page",
		"pagesize", "perpage", "sort", "order", "orderby", "sortby", "depth", "maxdepth", "recursive", "pattern",
		"patterns", "glob", "regex", "excludepatterns", "includepatterns", "maxresults",
		"casesensitive", "ignorecase", "hidden", "showhidden", "contextlines", "view", "detail", "verbose":
		return true
	}
	return false
}

// readMode reports whether a mode or flags value opens for reading only:
// r, rb, rt, read, readonly, ro, O_RDONLY. Any other (w, a, r+, x,
// append, a number guard does not decode) may write.
func readMode(v []byte) bool {
	var s string
	if json.Unmarshal(v, &s) != nil {
		return false
	}
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "r", "rb", "rt", "br", "tr", "read", "readonly", "read_only", "ro", "o_rdonly":
		return true
	}
	return false
}

// writeMode reports whether a mode or flags field of a tool's input asks
// to open for writing (any value readMode does not know, as text).
func writeMode(in fields) bool {
	for k, v := range in.m {
		switch normKey(k) {
		case "mode", "flags", "flag", "openmode":
			if v = bytes.TrimSpace(v); len(v) > 0 && v[0] == '"' && !readMode(v) {
				return true
			}
		}
	}
	return false
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
//
// A server reads a value its own way: it may trim it
// ("  ~/.bashrc") or decode percent escapes (%7E/.bashrc, ..%2F.bashrc,
// %2E%2E) before it opens it. Each reading (fieldReadings) is taken: the
// strictest verdict wins.
func (t *toolValues) field(p string, write bool) { t.readings(p, write, false) }

// keyedField is field for the value of a path key (path, destination,
// paths…): its relative readings are also joined to the other roots the
// tool's server may resolve them against (joinServerRoots). So is a value
// whose scheme says it is a path (a file: URI, under any key), a map key
// under a path key ({"files":{".bashrc":"x"}}) and a path key's value in a
// JSON text value ({"arguments":"{\"path\":\".bashrc\"}"}): which key
// names the path, and how the input nests it, is the model's and the
// server's choice (FINDINGS59a A10, 59b B8). A value under a key guard
// does not know is joined to the working directory only: a CSS selector
// or a file extension (.btn, .ts) is no file of the home.
func (t *toolValues) keyedField(p string, write bool) { t.readings(p, write, true) }

// readings takes each reading of p (fieldReadings) as field says, and,
// keyed, notes a relative one for joinServerRoots.
func (t *toolValues) readings(p string, write, keyed bool) {
	for _, r := range fieldReadings(p) {
		t.path(r, write)
		t.notePath(r, write)
		if !strings.ContainsAny(r, "*?[") {
			t.paths = append(t.paths, event.Input{Kind: event.KindRead, Text: treeDir(r, "/") + "/**"})
		}
		if keyed && namedRelative(r) && !slices.Contains(t.serverRels, relPath{r, write}) {
			t.serverRels = append(t.serverRels, relPath{r, write})
		}
	}
}

// maxDecodes bounds the rounds of percent decoding fieldReadings takes.
const maxDecodes = 4

// fieldReadings returns the readings of a path field's value a server may
// open: as written; trimmed as JavaScript's trim() does (blanks, control
// characters, U+FEFF); percent decoded to a fixed point (at most
// maxDecodes rounds), and form decoded (+ a blank: Python's unquote_plus),
// each trimmed too; a home of another user (~name/…, which expanduser
// reads as that user's) read as the user's own home too. Each reading
// once, the value as written first.
func fieldReadings(p string) []string {
	out := []string{p}
	add := func(r string) {
		if r == "" || slices.Contains(out, r) {
			return
		}
		out = append(out, r)
		if h, ok := otherHome(r); ok && !slices.Contains(out, h) {
			out = append(out, h)
		}
	}
	trim := func(r string) string {
		return strings.TrimFunc(r, func(c rune) bool { return unicode.IsSpace(c) || unicode.IsControl(c) || c == '\ufeff' })
	}
	starts := []string{p, trim(p)}
	if strings.Contains(p, "+") {
		starts = append(starts, strings.ReplaceAll(p, "+", " "))
	}
	for _, r := range starts {
		add(r)
		add(trim(r))
		for range maxDecodes {
			d := percentDecoded(r)
			if d == "" || d == r {
				break
			}
			add(d)
			add(trim(d))
			r = d
		}
	}
	if h, ok := otherHome(p); ok {
		add(h)
	}
	return out
}

// otherHome returns ~name/rest (a home of another user, whose place guard
// does not know) read as ~/rest, the user's own home: it may be the same
// user's, under its name.
func otherHome(r string) (string, bool) {
	if len(r) < 2 || r[0] != '~' || r[1] == '/' {
		return "", false
	}
	name, rest, _ := strings.Cut(r[1:], "/")
	if name == "" || strings.ContainsAny(name, " \t") {
		return "", false
	}
	return "~/" + rest, true
}

// other takes the value of a field guard does not know by what it
// carries: a patch writes the files it names; a one-token path is a path
// (written under an output key; see pathValue); a value that may be a
// command line or code is a command, and its absolute and home words are
// paths.
//
// A value under an exclude key (excludePatterns, exclude_globs) of a tool
// known to take exclusion patterns (patternKey) names what the tool leaves
// out, as grep's --exclude value does: a pattern, no path it reads; the
// rest of the checks still apply.
func (t *toolValues) other(key, v string) {
	t.paths = append(t.paths, patchInputs(v)...)
	// A one-token value may be a path and code at once
	// (open("/h/x").read()): it is checked as both.
	if !t.patternKey(key) {
		t.valuePaths(key, v)
	}
	asCommand := t.asCommand(key)
	if !asCommand && t.sql(key, v) {
		return
	}
	// A value checked as a command has its words read by the shell's
	// rules; any other of a tool that may run something has its
	// path-shaped words taken.
	t.embedded(v, t.runs && !asCommand && !carriesCommand(v))
	if !asCommand && t.runs && codeKey(key) {
		t.code(v)
		return
	}
	if asCommand && !isURLKey(key) {
		t.typedKeys(v)
		return
	}
	if isURLKey(key) || !t.runs {
		return
	}
	t.shellEscapes(v)
	if !carriesCommand(v) {
		return
	}
	// Whatever its size: past the shell's bounds a command blocks (a
	// padded command line is no way around the check).
	t.carried = append(t.carried, v)
	t.carriedPaths(v, t.writes)
}

// key takes an object key k of a tool's input, under the key parent its
// object sits under, by what it carries: a tool that takes a map of path to
// content or options ({"files":{"../.bashrc":"x"}}) acts on the paths its
// keys name. A key shaped as a path (pathValue, or what it names whole:
// loose) is one as a value is: written where a value would be (the tool's
// name, or a destination parent), else read and touched unless the tool
// is known to only read. A key of another shape is a field's name
// ({"target":{"url":…}}), whatever its parent. The bounds are a value's:
// its size (maxPathLen), and loose's count.
func (t *toolValues) key(parent, k string) {
	if parent = normKey(parent); !excludeKey(parent) {
		t.valuePaths(parent, k)
		t.keyedValue(parent, k)
	}
}

// keyedValue takes v, found under path key k in a map's key or in a JSON
// text value, as a path key's value is taken (keyedField): a one-token
// path, written when the tool writes or k names a destination.
func (t *toolValues) keyedValue(k, v string) {
	if !isPathKey(k) || t.patternKey(k) || strings.HasPrefix(k, "include") {
		return
	}
	if p, ok := pathValue(v); ok {
		t.keyedField(p, t.writes || isDestKey(k))
	}
}

// excludeKey reports whether a normalised key names what a tool leaves
// out (exclude, excludePatterns, excludeDirs).
func excludeKey(k string) bool { return strings.HasPrefix(k, "exclude") }

// excludeTool reports whether a tool's own name is that of one known to
// take exclusion patterns: the MCP filesystem server's search_files and
// directory_tree (excludePatterns), agent C's read_many_files (exclude).
func excludeTool(name string) bool {
	switch ownToolName(name) {
	case "search_files", "directory_tree", "read_many_files":
		return true
	}
	return false
}

// patternKey reports whether the value under normalised key k is an
// exclusion pattern, no path the tool reads: an exclude key of a tool
// known to take exclusion patterns (excludeTool), not one naming a file
// of patterns (excludeFrom, exclude_file: the tool reads that file). Of
// any other tool an exclude field may name anything (rsync's excludeFrom,
// an exclude_destination): it is checked as any field is.
func (t *toolValues) patternKey(k string) bool {
	return t.excludes && excludeKey(k) && !strings.HasSuffix(k, "from") && !strings.HasSuffix(k, "file")
}

// valuePaths takes the paths a value of a field guard does not know
// names: a one-token path (written under an output key; see pathValue),
// else what it names taken whole (loose).
// A value with percent escapes (..%2F.ssh%2Fid_rsa) is taken decoded as
// well: a server that builds a URL or a resource URI from
// it decodes them.
func (t *toolValues) valuePaths(key, v string) {
	write := t.writes || isDestKey(key) || key == "out" || key == "output"
	for i, s := range []string{v, percentDecoded(v)} {
		if i > 0 && (s == "" || s == v) {
			break
		}
		if p, ok := pathValue(s); ok {
			t.field(p, write)
		} else {
			t.loose(s, write)
		}
	}
}

// percentDecoded returns v with its percent escapes decoded, or "" when
// it holds none or one that does not decode.
func percentDecoded(v string) string {
	if !strings.Contains(v, "%") {
		return ""
	}
	d, err := url.PathUnescape(v)
	if err != nil {
		return ""
	}
	return d
}

// embedded takes the paths inside a longer text value, whatever its key:
// a server may hand an SQL statement, a code cell, an option string or a
// config text to something that opens the files it names (VACUUM INTO
// '~/.bashrc', read_text('/h/.ssh/id_rsa'), --out=/h/.bashrc, "-o
// /h/.bashrc", "file: /h/.aws/credentials"). Each quoted literal, each
// word after a KEY= or --opt= prefix or an @, and, when bare (a value of
// a tool that may run something, runs: any but one whose name says it
// only reads, or writes files or records, whose text is data; and no
// value checked as a command already), each word shaped as a path
// (starting /, ~/, ../ or ./, alone or after a KEY: prefix) that may name
// a protected target (mayNamePath) is read and written: guard cannot tell
// which the server does. A value that parses as JSON is scanned as JSON
// too (jsonValue). Other prose words are not taken (an issue's body that
// mentions ~/.bashrc opens nothing). Past the loose bound the call blocks
// (tooMany).
func (t *toolValues) embedded(v string, bare bool) {
	if len(v) > maxEmbeddedText {
		return
	}
	t.jsonValue(v)
	var quoted []string
	if strings.ContainsAny(v, "'\"") {
		for _, line := range strings.Split(v, "\n") {
			quoted = append(quoted, stringLiterals(line)...)
		}
	}
	if strings.ContainsAny(v, "'$") {
		for _, s := range lang.SQLStrings(v) { // '…'||'…', E'…', U&'…', $$…$$
			if s.Pieces > 1 || s.Decoded { // a lone plain literal is one of stringLiterals'
				quoted = append(quoted, s.Value)
			}
		}
	}
	words := strings.Fields(v)
	seen := map[string]bool{v: true, strings.TrimSpace(v): true}
	take := func(p string) bool {
		if seen[p] {
			return true
		}
		seen[p] = true
		if t.nLoose++; t.nLoose > maxLooseValues {
			return false
		}
		t.paths = append(t.paths, event.Input{Kind: event.KindRead, Text: p}, event.Input{Kind: event.KindWrite, Text: p})
		return true
	}
	for i, c := range append(quoted, words...) {
		if p, ok := embeddedPath(c, i < len(quoted), false); ok && !take(p) {
			return
		}
		if !bare {
			continue
		}
		for _, run := range pathRuns(c) {
			if p, ok := namedPath(run); ok && !take(p) {
				return
			}
		}
	}
}

// pathRuns returns every path-shaped run of a word of a text value:
// a run starts with /, ~/, ~, ./, ../, .. or a drive
// letter (C:\, C:/) at the word's start, after a character no path
// word holds before a slash (a separator: , ; : = & | quotes, brackets),
// or after a glued short option (-o/h/.bashrc, -cf~/x); it ends at the
// next separator. What a program splits its option text on is its own
// choice: every place a path may begin is taken, not a list of
// prefixes. A URL's //host is no run.
func pathRuns(w string) []string {
	var out []string
	for i := 0; i < len(w); i++ {
		if !runStart(w, i) {
			continue
		}
		j := i
		for j < len(w) && !runSeparator(w[j]) {
			j++
		}
		if run := w[i:j]; pathShaped(run) || driveShaped(run) {
			out = append(out, run)
			i = j
		}
	}
	return out
}

// runStart reports whether a path-shaped run of w may start at i
// (pathRuns): at the word's start, after a separator, : = or @ (not
// scheme://host), or after a glued short option.
func runStart(w string, i int) bool {
	if i == 0 {
		return true
	}
	if prev := w[i-1]; runSeparator(prev) || prev == ':' || prev == '=' || prev == '@' {
		return prev != ':' || !strings.HasPrefix(w[i:], "//")
	}
	return w[0] == '-' && i > 1 && allLetters(w[1:i])
}

// driveShaped reports whether w starts with a drive letter (C:\, C:/).
func driveShaped(w string) bool {
	return len(w) > 2 && isASCIILetter(w[0]) && w[1] == ':' && (w[2] == '\\' || w[2] == '/')
}

// runSeparator reports whether c ends a path-shaped run (pathRuns).
func runSeparator(c byte) bool {
	return strings.IndexByte(",;&|'\"()[]{}<> \t\r\n", c) >= 0
}

// allLetters reports whether s is ASCII letters only.
func allLetters(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isASCIILetter(s[i]) {
			return false
		}
	}
	return s != ""
}

// isASCIILetter reports whether c is an ASCII letter.
func isASCIILetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// namedPath returns the path a path-shaped run names, when it may name a
// protected target (mayNamePath).
func namedPath(w string) (string, bool) {
	if w == "" || len(w) > maxPathLen {
		return "", false
	}
	if p, ok := pathValue(w); ok {
		w = p
	}
	return w, mayNamePath(w)
}

// maxJSONValueDepth bounds how deep JSON inside a string inside JSON is
// followed (jsonValue).
const maxJSONValueDepth = 4

// jsonValue scans a string value that parses as a JSON object or array
// (an MCP proxy's "arguments":"{\"path\":…}") as a tool input of its
// own: each string in it is a value guard does not know (other). Past
// maxJSONValueDepth strings in strings, the call blocks.
func (t *toolValues) jsonValue(v string) {
	v = strings.TrimSpace(v)
	if len(v) < 2 || v[0] != '{' && v[0] != '[' || !json.Valid([]byte(v)) {
		return
	}
	if t.jsonDepth >= maxJSONValueDepth {
		if t.problem == "" {
			t.problem = "nests JSON in strings deeper than guard follows"
		}
		return
	}
	t.jsonDepth++
	defer func() { t.jsonDepth-- }()
	_ = keyedLeaves(json.RawMessage(v), "", func(l leaf) {
		if l.isKey {
			t.key(l.key, l.value)
		} else if l.isString && l.value != "" {
			t.other(normKey(l.key), l.value)
			t.keyedValue(normKey(l.key), l.value)
		}
	})
}

// shellEscapes takes each line of a value that a notebook or a REPL hands
// to the shell (IPython's !CMD: {"code":"!cat ../.ssh/id_rsa"}) as a
// command, when the word after the ! is one a command line starts with
// (commandWord): a Markdown image (![x](y)) is no command.
func (t *toolValues) shellEscapes(v string) {
	if !strings.Contains(v, "!") {
		return
	}
	lines := strings.SplitN(v, "\n", maxValueLines+1)
	for _, line := range lines[:min(len(lines), maxValueLines)] {
		l := strings.TrimSpace(line)
		if !strings.HasPrefix(l, "!") {
			continue
		}
		if f := strings.Fields(l[1:]); len(f) > 0 && commandWord(f[0]) {
			t.carried = append(t.carried, l[1:])
			t.carriedPaths(l[1:], t.writes)
		}
	}
}

// maxEmbeddedText bounds the text value embedded scans.
const maxEmbeddedText = 1 << 16

// embeddedPath returns the path a quoted literal or a word of a text
// value names: a literal whole, a word after a KEY= or --opt= prefix or a
// leading @, and, when bare (the tool may run something), after a KEY:
// prefix or a word shaped as a path (pathShaped); a
// file: URI's or REV:PATH's path (pathValue), when it may name a
// protected target.
func embeddedPath(w string, quoted, bare bool) (string, bool) {
	w = strings.TrimSpace(w)
	if p, ok := fileURIPath(w); ok && quoted {
		w = p // 'file:///h/.bash_login' names /h/.bash_login
	}
	if strings.Contains(w, "://") {
		return "", false
	}
	switch i := strings.IndexAny(w, "=:"); {
	case i > 0 && !strings.ContainsAny(w[:i], "/ ") && (w[i] == '=' || bare && pathShaped(w[i+1:])):
		w = strings.Trim(w[i+1:], `'"`)
	case strings.HasPrefix(w, "@"):
		w = w[1:]
	case quoted:
	case bare && pathShaped(strings.Trim(w, `'"`)):
		w = strings.TrimRight(strings.Trim(w, `'"`), ",;)")
	default:
		return "", false
	}
	if w == "" || len(w) > maxPathLen || strings.Contains(w, "://") {
		return "", false
	}
	if p, ok := pathValue(w); ok {
		w = p
	}
	if !mayNamePath(w) {
		return "", false
	}
	return w, true
}

// pathShaped reports whether a word of prose is shaped as a path: it
// starts with /, ~/, ../ or ./, or is ~ or .. (a word "src/main.go" is
// left as prose).
func pathShaped(w string) bool {
	return strings.HasPrefix(w, "/") || strings.HasPrefix(w, "~/") || strings.HasPrefix(w, "../") ||
		strings.HasPrefix(w, "./") || w == "~" || w == ".."
}

// asCommand reports whether a text value under key is checked as a
// command whatever it looks like: every value of a tool
// that types into a terminal or a process, a value under a content key
// (typedKey) of a tool whose input names no file to write it to, and every
// value of a tool whose name says it writes bytes (streamWriter) but whose
// input names no file (`write {"id":"1","line":"…"}` writes into something
// guard cannot see): what a tool writes that is known to be no file's
// content may be a process's input, which runs it.
func (t *toolValues) asCommand(key string) bool {
	return t.term || t.noPath && (typedKey(key) || t.stream)
}

// streamWriter reports whether a word of a tool's own name (ownToolName)
// says it writes bytes to something (write, append, overwrite), not that
// it makes or changes a record (create_issue, set_value, update_row).
func streamWriter(name string) bool {
	for _, w := range nameWords(ownToolName(name)) {
		switch w {
		case "write", "writes", "writeln", "append", "overwrite":
			return true
		}
	}
	return false
}

// typedKeys takes a value typed as keys (see asCommand): as it is, and,
// when it holds line-editing keys, as the line editor leaves it (`cat
// .eX<DEL>nv` runs `cat .env`). A key guard does not model (termEdit)
// makes the call one guard cannot check (t.problem).
func (t *toolValues) typedKeys(v string) {
	edited, problem := termEdit(v, t.term)
	if problem != "" && t.problem == "" {
		t.problem = problem
	}
	t.typed(v)
	if edited != v {
		t.typed(edited)
	}
}

// termEdit returns typed text as a terminal's line editor (readline, a
// tty in canonical mode) leaves it, the cursor always at the line's end:
// DEL and backspace delete the character before it, ^U and ^C the line so
// far, ^W the word before it (blanks, then what is not blank); a carriage
// return ends a line as a newline does; ^D at a line's start ends the
// input (a line end). Any other control (ESC and the sequences it starts:
// arrows, meta keys; ^A, ^R, ^V, ^Y, ^T…; a C1 control), ^D within a
// line, and, when term (a terminal's readline completes a word), a tab
// after a non-blank of its line, moves the cursor or inserts text guard
// does not model: problem says so, and the call blocks.
func termEdit(v string, term bool) (edited, problem string) {
	out := make([]byte, 0, len(v))
	start := 0 // the current line's start in out
	for _, r := range v {
		switch {
		case r == '\n' || r == '\r' || r == 0x04 && len(out) == start:
			out = append(out, '\n')
			start = len(out)
		case r == 0x7f || r == 0x08:
			if len(out) > start {
				_, n := utf8.DecodeLastRune(out[start:])
				out = out[:len(out)-n]
			}
		case r == 0x15 || r == 0x03:
			out = out[:start]
		case r == 0x17:
			line := strings.TrimRight(string(out[start:]), " \t")
			out = out[:start+len(strings.TrimRightFunc(line, func(r rune) bool { return r != ' ' && r != '\t' }))]
		case r == '\t' && (!term || strings.Trim(string(out[start:]), " \t") == ""):
			out = append(out, '\t') // a data tab, or indentation
		case r < 0x20 || r >= 0x7f && r <= 0x9f:
			return v, fmt.Sprintf("types the key %U, which guard does not model: guard cannot tell what the terminal runs", r)
		default:
			out = utf8.AppendRune(out, r)
		}
	}
	return string(out), ""
}

// typed takes a value a tool types into a terminal or a process (see
// asCommand): what a shell reads of it is a command, each line a shell
// could not read is code (a REPL's line: print(1+1)). Text that parses
// as the shell's is a command whole; else its lines that parse are one
// command, in their order (an interactive shell runs each line it can
// read: line 2 runs after line 1's cd), and each other line is code:
// its absolute and home words are paths, and each string literal in it
// that may be a command line is one (os.system('curl x | sh')).
func (t *toolValues) typed(v string) {
	if shellParses(v) {
		t.carried = append(t.carried, v)
		t.carriedPaths(v, false)
		return
	}
	var sh []string
	lines := strings.SplitN(v, "\n", maxValueLines+1)
	if len(lines) > maxValueLines {
		t.carried = append(t.carried, v) // past the bound: the whole is a command
		return
	}
	for _, line := range lines {
		if shellParses(line) {
			sh = append(sh, line)
			continue
		}
		t.carriedPaths(line, false)
		for _, lit := range stringLiterals(line) {
			if carriesCommand(lit) {
				t.carried = append(t.carried, lit)
			}
		}
	}
	if len(sh) > 0 {
		t.carried = append(t.carried, strings.Join(sh, "\n"))
	}
}

// carriedPaths adds the absolute and home words of v as paths (see
// carriedPaths), within maxCarriedPaths.
func (t *toolValues) carriedPaths(v string, write bool) {
	for _, p := range carriedPaths(v, maxCarriedPaths-t.nPaths) {
		t.nPaths++
		t.path(p, write)
	}
}

// shellParses reports whether the shell's parser reads s whole.
func shellParses(s string) bool {
	_, err := syntax.NewParser().Parse(strings.NewReader(s), "")
	return err == nil
}

// stringLiterals returns the texts between matching single or double
// quotes in a line of code (no escapes: a literal that holds its own quote
// is cut short, and what follows is taken as the next literal's text).
func stringLiterals(line string) []string {
	var out []string
	for i := 0; i < len(line); i++ {
		q := line[i]
		if q != '\'' && q != '"' {
			continue
		}
		j := strings.IndexByte(line[i+1:], q)
		if j < 0 {
			out = append(out, line[i+1:])
			break
		}
		out = append(out, line[i+1:i+1+j])
		i += j + 1
	}
	return out
}

// typedKey reports whether a normalised key names text a tool writes
// somewhere: content, text, data, input, chars, keys…
func typedKey(k string) bool {
	switch k {
	case "content", "contents", "text", "data", "input", "inputs", "chars", "characters", "keys", "keystrokes", "stdin":
		return true
	}
	return false
}

// terminalTool reports whether a tool types into a terminal, a session or
// a process: a word of its name (terminalWord, or type,
// typing), or of the name of a top-level field of its input that names
// no path (session_id, pid, stdin, keys, input…), says so.
func terminalTool(name string, in fields) bool {
	for _, w := range nameWords(name) {
		if terminalWord(w) || w == "type" || w == "typing" {
			return true
		}
	}
	for k := range in.m {
		if isPathKey(normKey(k)) {
			continue
		}
		for _, w := range nameWords(k) {
			if terminalWord(w) || w == "pid" {
				return true
			}
		}
	}
	return false
}

// terminalWord reports whether a word of a tool's name or of a field's
// name speaks of a terminal, a session, a process, its input or its keys
// ("term" does not: search_term is a query).
func terminalWord(w string) bool {
	switch w {
	case "terminal", "terminals", "tty", "pty", "session", "sessions", "process", "processes", "stdin",
		"shell", "sh", "bash", "zsh", "console", "repl", "tmux", "pane", "keys", "keystroke", "keystrokes",
		"input", "inputs", "interact", "interactive":
		return true
	}
	return false
}

// hasPathField reports whether a tool's input has a top-level field that
// names a path (isPathKey): a tool with none cannot be writing a file.
func hasPathField(in fields) bool {
	for k := range in.m {
		if k := normKey(k); isPathKey(k) && !strings.HasPrefix(k, "exclude") {
			return true
		}
	}
	return false
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
// and +++ lines), a/ and b/ dropped, /dev/null skipped; nil
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

// maxLooseValues bounds the values of one tool input that loose takes as
// paths; past it the call is refused (toolValues.tooMany).
const maxLooseValues = 256

// loose takes a value that is no one-token path (pathValue) as the path it
// would name all the same, trimmed and as it is: a path's segments may
// hold blanks, and `..` makes a segment irrelevant ("a b/../../.bashrc",
// "~/.ssh/id_rsa\t", " /h/.ssh/id_rsa"), and a server that cleans the
// value lexically, or trims it, before it opens it opens that path. Prose
// is kept out by what it names, not by its look: a sentence taken whole
// names a file nobody has, which meets no protected glob. A URI of a
// scheme guard does not know to be network-only adds the paths it may name
// (schemePaths). Values longer than a path the kernel opens (maxPathLen)
// are no path.
func (t *toolValues) loose(v string, write bool) {
	if len(v) > maxPathLen {
		return
	}
	cands := schemePaths(v)
	if tv := strings.TrimSpace(v); mayNamePath(tv) {
		cands = append(cands, tv)
		if tv != v {
			cands = append(cands, v)
		}
	}
	if len(cands) == 0 {
		return
	}
	if t.nLoose++; t.nLoose > maxLooseValues {
		return
	}
	for _, p := range cands {
		t.field(p, write)
	}
}

// mayNamePath reports whether a value, taken whole as a path, may name a
// protected target however blank its segments: it is absolute or under
// ~, or a segment is `..` or a hidden name (.env, .ssh). Any other value
// names a file in the call's directory whose name holds no dot at its
// start, which no protected glob meets there (a protected working
// directory's bare names are left as pathValue leaves them).
func mayNamePath(v string) bool {
	if v == "" {
		return false
	}
	if v[0] == '/' || v[0] == '~' || v[0] == '\\' {
		return true
	}
	for _, seg := range strings.FieldsFunc(v, func(r rune) bool { return r == '/' || r == '\\' }) {
		if seg[0] == '.' {
			return true
		}
	}
	return false
}

// tooMany reports whether an input held more values than loose checks.
func (t *toolValues) tooMany() bool { return t.nLoose > maxLooseValues }

// schemePaths returns the paths a URI may name when its scheme is not one
// guard knows to reach only the network (http, ws, ftp, ssh…: those stay
// URLs for the URL rules) nor file: (fileURIPath): a server's own scheme
// (fs:///h/.ssh/id_rsa, resource://tmp/x) may open a file, and guard cannot
// tell what the server opens. The part after "://",
// query and fragment cut and %XX escapes decoded, is taken as an absolute
// path (host and path: resource://tmp/x is /tmp/x), as the path after the
// host (/x), and, when relative, as relative to the call's directory.
func schemePaths(v string) []string {
	i := strings.Index(v, "://")
	if i <= 0 || i > 32 || !schemeLike(v[:i]) || networkScheme(v[:i]) || isFileURI(v) {
		return nil
	}
	rest := v[i+3:]
	if j := strings.IndexAny(rest, "?#"); j >= 0 {
		rest = rest[:j]
	}
	rest = percentDecode(rest)
	if rest == "" {
		return nil
	}
	if rest[0] == '/' || rest[0] == '~' {
		return []string{rest}
	}
	out := []string{"/" + rest, rest}
	if _, p, ok := strings.Cut(rest, "/"); ok && p != "" {
		out = append(out, "/"+p)
	}
	return out
}

// networkScheme reports whether a URI scheme names a protocol that reaches
// only the network: a value of such a scheme is a URL, not a path.
func networkScheme(s string) bool {
	switch strings.ToLower(s) {
	case "http", "https", "ws", "wss", "ftp", "ftps", "sftp", "ssh", "git", "gopher", "dict", "tftp", "ldap", "ldaps",
		"smb", "rsync", "telnet", "irc", "ircs", "s3", "gs", "postgres", "postgresql", "mysql", "redis", "rediss",
		"mongodb", "mongodb+srv", "amqp", "amqps", "mqtt", "mqtts", "nats", "grpc", "grpcs", "git+ssh", "git+https", "svn", "svn+ssh":
		return true
	}
	return false
}

// writesContent reports whether a tool's input has a field only a writer
// takes: the content to write (content, text, data, body, edits, patch,
// new_*…).
func writesContent(in fields) bool {
	for k := range in.m {
		switch k := normKey(k); {
		case strings.HasPrefix(k, "new"):
			return true
		default:
			switch k {
			case "content", "contents", "text", "data", "body", "edits", "edit", "patch", "diff", "replacement",
				"replace", "insert", "append", "prepend", "payload", "lines", "bytes", "base64":
				return true
			}
		}
	}
	return false
}
