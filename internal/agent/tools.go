package agent

import (
	"encoding/json"
	"net"
	"net/netip"
	"path/filepath"
	"slices"
	"strings"
	"unicode"

	"github.com/bmatcuk/doublestar/v4"
	"github.com/guardhq/guard/internal/event"
)

// tool puts one tool call up for checking. in is tool_input (empty when the
// payload has none: a handler that needs a field reports it missing).
type tool func(c *Call, in fields) error

// toolAB returns the handler of a tool of agents A and B (B's names are
// Read, Write, Edit, StrReplace, Shell, Delete, Grep, Glob, LS, WebFetch,
// WebSearch, Task), and false for a tool guard does not know.
func toolAB(name string) (tool, bool) {
	switch name {
	case "Bash", "Shell", "Monitor":
		return commandTool, true
	case "PowerShell":
		return powerShellTool, true
	case "Edit", "MultiEdit", "StrReplace":
		return editTool(pathTool(event.KindWrite, "file_path", "path")), true
	case "Write", "Delete":
		return pathTool(event.KindWrite, "file_path", "path"), true
	case "NotebookEdit":
		return pathTool(event.KindWrite, "notebook_path", "file_path"), true
	case "Read":
		return pathTool(event.KindRead, "file_path", "path"), true
	case "NotebookRead":
		return pathTool(event.KindRead, "notebook_path", "file_path"), true
	case "Grep":
		return grepTool, true
	case "Glob":
		return searchTool([]string{"path", "target_directory"}, nil, []string{"pattern", "glob_pattern"}, false), true
	case "LS":
		return searchTool([]string{"path", "target_directory"}, nil, nil, false), true
	case "WebFetch":
		return urlTool, true
	case "WebSearch":
		return queryTool("query", "search_term"), true
	case "Task", "Agent":
		return func(c *Call, _ fields) error { c.Tag = TagSubagentSpawn; return nil }, true
	case "TodoWrite", "TodoRead", "BashOutput", "KillShell", "KillBash", "ExitPlanMode", "EnterPlanMode", "AskUserQuestion":
		// Known, and nothing in them reaches the machine or the model's
		// context from outside.
		return func(*Call, fields) error { return nil }, true
	}
	return nil, false
}

// toolC returns the handler of a tool of agent C (older releases' field
// names included: directory for dir_path, absolute_path for file_path;
// agent B's editor names its read_file and write tools' path target_file,
// and its calls of a name guard knows only here come here).
func toolC(name string) (tool, bool) {
	switch name {
	case "run_shell_command":
		return shellC, true
	case "read_file":
		return pathTool(event.KindRead, "file_path", "absolute_path", "path", "target_file"), true
	case "replace":
		return editTool(pathTool(event.KindWrite, "file_path", "absolute_path", "path", "target_file")), true
	case "write_file":
		return pathTool(event.KindWrite, "file_path", "absolute_path", "path", "target_file"), true
	case "list_directory":
		return searchTool([]string{"dir_path", "path"}, nil, nil, false), true
	case "glob":
		return searchTool([]string{"dir_path", "path"}, nil, []string{"pattern"}, false), true
	case "search_file_content", "grep_search":
		return searchTool([]string{"dir_path", "path"}, []string{"include", "include_pattern"}, nil, true), true
	case "read_many_files":
		return manyFiles, true
	case "web_fetch":
		return webFetchC, true
	case "google_web_search":
		return queryTool("query"), true
	case "save_memory":
		// What is saved is read back into every later session: secrets and
		// injection.
		return func(c *Call, in fields) error {
			s, err := in.reqStr("fact")
			if err == nil && s != "" {
				c.Inputs = append(c.Inputs, event.Input{Kind: event.KindToolInput, Text: s})
			}
			return err
		}, true
	case "write_todos":
		return func(*Call, fields) error { return nil }, true
	}
	return nil, false
}

// toolCall reads tool_name and tool_input from f and checks the call with
// the handler that lookup (then the other family's table) knows, else by the
// fields tool_input carries.
func toolCall(c *Call, f fields, lookup func(string) (tool, bool)) error {
	name, err := f.reqStr("tool_name")
	if err != nil {
		return err
	}
	c.Tool = name
	in, text, _, err := f.input("tool_input")
	if err != nil {
		return err
	}
	if in.m == nil {
		in = fields{m: nil, prefix: "tool_input"}
	}
	if text != "" {
		// A tool_input string that holds no object: checked as text,
		// except a command tool's, which can only be its command.
		if commandToolName(name) {
			c.Inputs = append(c.Inputs, event.Input{Kind: event.KindCommand, Text: text})
			return nil
		}
		if err := byText(c, name, text); err != nil {
			return err
		}
		fileNameRead(c, leaf{value: text, isString: true})
		opaqueReads(c, UnknownReader) // a bare string: no field says how the tool returns what it reads
		return nil
	}
	t, known := lookup(name)
	if !known {
		t, known = toolAB(name)
	}
	if !known {
		t, known = toolC(name)
	}
	if !known || isMCPTool(name) || !ownBuiltin(c.Agent, name) {
		if err := byFields(c, name, in); err != nil {
			return err
		}
		partialRead(c, in) // an MCP read tool's head, tail, start_line…
		lineSlice(c, in, true)
		verbatimRead(c, in)
		searchArgs(c, in)
		return nil
	}
	if commandToolName(name) {
		if err := commandDir(c, in); err != nil {
			return err
		}
	}
	if err := t(c, in); err != nil {
		return err
	}
	switch name {
	case "Read", "NotebookRead", "read_file":
		partialRead(c, in)
		lineSlice(c, in, false)
	}
	contentSearch(c, name, in)
	return extraFields(c, name, in)
}

// shellC checks agent C's run_shell_command, run in dir_path (directory in
// older releases) under the call's cwd: toolCall's commandDir read them.
func shellC(c *Call, in fields) error { return commandTool(c, in) }

// sameDirText returns a directory as the tool would join it with the
// call's cwd, "." for the cwd itself, so that "", "." and "./" compare
// equal; other spellings of one directory (a link, an absolute path to the
// cwd) compare different and are refused.
func sameDirText(d string) string {
	if d == "" {
		return "."
	}
	return filepath.Clean(strings.ReplaceAll(d, `\`, "/"))
}

// commandToolName reports whether name is a tool of agents A, B or C that
// runs tool_input.command as a shell command (third attack L2).
// CommandTool reports whether name is a tool that runs a shell command.
func CommandTool(name string) bool { return commandToolName(name) }

func commandToolName(name string) bool {
	switch name {
	case "Bash", "Shell", "Monitor", "PowerShell", "run_shell_command":
		return true
	}
	return false
}

// commandTool checks tool_input.command with the command rules.
func commandTool(c *Call, in fields) error {
	s, err := in.reqStr("command")
	if err != nil {
		return err
	}
	c.Inputs = append(c.Inputs, event.Input{Kind: event.KindCommand, Text: s})
	return nil
}

// powerShellTool checks tool_input.command as a PowerShell command: not
// read as bash (see internal/pwsh).
func powerShellTool(c *Call, in fields) error {
	if err := commandTool(c, in); err != nil {
		return err
	}
	c.Inputs[len(c.Inputs)-1].Shell = event.ShellPowerShell
	return nil
}

// pathTool checks the first of names as a path of kind k, and every other
// spelling present that differs from it: guard cannot know which one the
// tool obeys when the model sends more than one.
func pathTool(k event.Kind, names ...string) tool {
	return func(c *Call, in fields) error {
		text, err := in.reqFirstStr(names...)
		if err != nil {
			return err
		}
		if err := checkPath(k, text, in.path(names[0])); err != nil {
			return err
		}
		c.Inputs = append(c.Inputs, event.Input{Kind: k, Text: text})
		return otherPaths(c, in, k, text, names)
	}
}

// searchTool checks a tool that works under a directory: the first of
// dirNames present as a read (and every other spelling), and each file-name
// glob under globNames as the read of what it names under that directory —
// a content search reads the files its glob filter names. A tool that only
// lists names (Glob, LS) passes no globNames: listing is a read of the
// directory, not of the files. A tool that lists the names a glob
// matches (Glob) passes the glob's fields as listNames: the literal
// directory part of each glob (listedDirs) is listed, as its directory
// field is.
//
// A content search (content true) reads every file under its directory
// (the call's cwd when no directory is given): a read of DIR/** as the
// shell's grep -r, narrowed to DIR/**/NAME for each brace alternative of a
// glob filter (an unknown or whole-tree filter leaves DIR/**).
func searchTool(dirNames, globNames, listNames []string, content bool) tool {
	return func(c *Call, in fields) error {
		dirs, err := searchDirs(in, dirNames)
		if err != nil {
			return err
		}
		for _, n := range listNames {
			gs, err := strs(in, n)
			if err != nil {
				return err
			}
			for _, g := range gs {
				c.Inputs = append(c.Inputs, listedDirs(dirs, g)...)
			}
		}
		var globs []string
		for _, n := range globNames {
			gs, err := strs(in, n)
			if err != nil {
				return err
			}
			for _, g := range gs {
				globs = append(globs, globList(g)...)
			}
		}
		for _, dir := range dirs {
			if dir != "" {
				c.Inputs = append(c.Inputs, event.Input{Kind: event.KindRead, Text: dir})
			}
			for _, g := range globs {
				if p := globPath(dir, g); p != "" {
					c.Inputs = append(c.Inputs, event.Input{Kind: event.KindRead, Text: p})
				}
			}
			if content {
				c.Inputs = append(c.Inputs, treeReads(treeDir(dir, c.Cwd), globs)...)
			}
		}
		return nil
	}
}

// listedDirs returns the reads of the directories a glob g lists from each
// of dirs ("" for the call's directory): for each brace alternative, its
// literal elements before the first a client treats specially
// (magicBase; a glob without one lists the directory of its last
// element), resolved against the directory. A tool that lists the names
// a glob matches reads the names in that directory, as ls does: a read
// of the directory, not of the files under it. A base that is the
// directory itself adds nothing (the directory field's read). A glob
// with a wildcard in its directory part (magicDirs) is also read as the
// pattern it is. A backslash is read both as an escape and as a
// separator.
func listedDirs(dirs []string, g string) []event.Input {
	alts, ok := braces(g, maxTreeGlobs)
	if !ok {
		alts = []string{g}
	}
	var out []event.Input
	for _, a := range alts {
		// A backslash escapes the next character (..\/.ssh/* is
		// ../.ssh/*) or separates elements on Windows: both are read.
		for _, r := range []string{unescapeGlob(a), strings.ReplaceAll(a, `\`, "/")} {
			base := magicBase(r)
			for _, dir := range dirs {
				if base != "." {
					out = append(out, event.Input{Kind: event.KindRead, Text: joinDir(dir, base)})
				}
				if in := (event.Input{Kind: event.KindRead, Text: joinDir(dir, r)}); magicDirs(r) && !slices.Contains(out, in) {
					out = append(out, in)
				}
			}
		}
	}
	return out
}

// magicDirs reports whether a glob's directory part (its elements before
// the last) holds a character a client treats specially: the directories
// it lists are then not one literal directory, so the glob itself is read
// as the pattern it is, as a shell's glob word is (../.s*/* may list
// ~/.ssh; ../**/id_rsa, every file of that name under ..).
func magicDirs(g string) bool {
	i := strings.LastIndexByte(g, '/')
	return i > 0 && strings.ContainsAny(g[:i], "*?[]{}()!@+\\")
}

// unescapeGlob drops the backslashes of a glob's escapes (\x is x).
func unescapeGlob(g string) string {
	if !strings.Contains(g, `\`) {
		return g
	}
	var b strings.Builder
	for i := 0; i < len(g); i++ {
		if g[i] == '\\' && i+1 < len(g) {
			i++
		}
		b.WriteByte(g[i])
	}
	return b.String()
}

// globList splits a glob filter into the globs it lists: the client
// passes each piece between blanks, and between commas outside braces, as a
// glob of its own ("x,.ssh/*" searched ~/.ssh), so each is read (a union),
// a negated one the whole tree.
func globList(g string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i <= len(g); i++ {
		c := byte(' ')
		if i < len(g) {
			c = g[i]
		}
		switch {
		case c == '{':
			depth++
		case c == '}' && depth > 0:
			depth--
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',' && depth == 0:
			if i > start {
				out = append(out, g[start:i])
			}
			start, depth = i+1, 0 // blanks split inside braces too
		}
	}
	return out
}

// searchDirs returns the directories a search tool may work under: each
// distinct value among names ("" for the call's directory, once), since
// guard cannot know which spelling the tool obeys when the model sends
// more than one ({"dir_path":"","path":"~/.ssh"}: fifth attack M4's class).
func searchDirs(in fields, names []string) ([]string, error) {
	var dirs []string
	for _, n := range names {
		s, ok, err := in.str(n)
		if err != nil {
			return nil, err
		}
		if ok && !slices.Contains(dirs, s) {
			dirs = append(dirs, s)
		}
	}
	if len(dirs) == 0 {
		dirs = []string{""}
	}
	return dirs, nil
}

// treeDir is the directory a content search walks: dir, or the call's
// working directory ("." when neither is known).
func treeDir(dir, cwd string) string {
	switch {
	case dir != "":
		return strings.TrimRight(dir, `/\`)
	case cwd != "":
		return strings.TrimRight(cwd, `/\`)
	}
	return "."
}

// maxTreeGlobs bounds the brace alternatives a filter expands to.
const maxTreeGlobs = 64

// treeReads returns the recursive reads of a content search of dir with
// the file-name filters globs: DIR/**/NAME for the last element NAME of
// each brace alternative of a relative filter (every file of that name
// under DIR, what find -name finds), DIR/** when there is no filter, one
// names every file, or the alternatives pass the bound.
//
// The directories a filter's alternative names before its last element are
// dropped, not matched: the search tools' matchers (ripgrep's globset, a
// client's glob with dot: true) let a wildcard stand for a hidden name's
// leading dot (**/*aws/* matches .aws/credentials, **/?ssh/id_* .ssh's
// keys) and cross hidden directories, and guard's glob matcher reads
// neither so (the shell's rule): a read of every file of that name under
// DIR holds what the filter selects whatever the rule (FINDINGS59b B10).
// For the same reason a name that starts with a wildcard is read with
// that wildcard as a dot too (*npmrc: .npmrc; dotVariants).
func treeReads(dir string, globs []string) []event.Input {
	whole := []event.Input{{Kind: event.KindRead, Text: dir + "/**"}}
	var out []event.Input
	for _, g := range globs {
		if !exactGlob(g) {
			// A negated filter (!*.md) searches every other file; one
			// guard's matcher does not read as the tool does narrows
			// nothing it can tell.
			return whole
		}
		if strings.HasPrefix(g, "/") || homeRelative(g) {
			continue // stands alone: globPath read it
		}
		alts, ok := braces(g, maxTreeGlobs)
		if !ok {
			return whole
		}
		for _, a := range alts {
			a = a[strings.LastIndexByte(a, '/')+1:]
			if a == "" || a == "*" || a == "**" {
				return whole
			}
			for _, d := range dotVariants(a) {
				in := event.Input{Kind: event.KindRead, Text: dir + "/**/" + d}
				if slices.Contains(out, in) {
					continue
				}
				if len(out) >= maxTreeGlobs {
					return whole
				}
				out = append(out, in)
			}
		}
	}
	if len(out) == 0 {
		return whole
	}
	return out
}

// dotVariants returns a file-name glob as guard's matcher reads it and,
// when it starts with a wildcard, with that wildcard standing for a
// leading dot as the search tools' matchers let it: *aws as .*aws too,
// ?ssh as .ssh, [.]aws as .aws.
func dotVariants(name string) []string {
	switch {
	case name[0] == '*':
		return []string{name, "." + name}
	case name[0] == '?':
		return []string{name, "." + name[1:]}
	case name[0] == '[':
		if k := strings.IndexByte(name, ']'); k > 1 && k+1 < len(name) {
			return []string{name, "." + name[k+1:]}
		}
	}
	return []string{name}
}

// braces expands the {a,b} alternatives of a glob (nested ones too), or
// reports false when they pass max or do not balance.
func braces(g string, max int) ([]string, bool) {
	open := strings.IndexByte(g, '{')
	if open < 0 {
		if strings.IndexByte(g, '}') >= 0 {
			return nil, false
		}
		return []string{g}, true
	}
	depth, end := 0, -1
	var cuts []int
	for i := open; i < len(g) && end < 0; i++ {
		switch g[i] {
		case '{':
			depth++
		case '}':
			if depth--; depth == 0 {
				end = i
			}
		case ',':
			if depth == 1 {
				cuts = append(cuts, i)
			}
		}
	}
	if end < 0 {
		return nil, false
	}
	var out []string
	start := open + 1
	for _, cut := range append(cuts, end) {
		rest, ok := braces(g[:open]+g[start:cut]+g[end+1:], max)
		if !ok || len(out)+len(rest) > max {
			return nil, false
		}
		out = append(out, rest...)
		start = cut + 1
	}
	return out, true
}

// manyFiles checks agent C's read_many_files: every path and include
// pattern (the tool globs each from the call's directory). A path without
// a wildcard is read, and, as it may name a directory, so is its tree
// narrowed by the include filters (treeReads); a glob is the read of its
// base directory's tree (globReads).
func manyFiles(c *Call, in fields) error {
	incl, err := strs(in, "include")
	if err != nil {
		return err
	}
	for _, n := range []string{"paths", "include"} {
		globs, err := strs(in, n)
		if err != nil {
			return err
		}
		for _, g := range globs {
			switch {
			case g == "":
			case clientMagic(g):
				c.Inputs = append(c.Inputs, globReads(c.Cwd, g)...)
			default:
				c.Inputs = append(c.Inputs, event.Input{Kind: event.KindRead, Text: g})
				if n == "paths" {
					c.Inputs = append(c.Inputs, treeReads(treeDir(joinDir(c.Cwd, g), ""), incl)...)
				}
			}
		}
	}
	return nil
}

// globReads returns the reads of a glob a tool expands from directory
// cwd: for each brace alternative, the tree of its base
// directory (its elements before the first with a wildcard) narrowed to
// the files named as its last element, DIR/**/NAME (any depth: the
// elements between are not narrowed), as a content search's filter
// (treeReads). A glob guard cannot narrow (a last element of wildcards
// only, braces it cannot expand) is the read of its base's whole tree,
// never nothing: **, *, **/*, ../**; so is one in syntax guard's matcher
// does not read as the client does (exactGlob), from the base before its
// first special character (magicBase: .ss\h/id_rsa reads ./**).
func globReads(cwd, g string) []event.Input {
	alts, ok := braces(g, maxTreeGlobs)
	if !ok || !exactGlob(g) {
		return []event.Input{{Kind: event.KindRead, Text: globBase(cwd, magicBase(g)) + "/**"}}
	}
	var out []event.Input
	for _, a := range alts {
		if !strings.ContainsAny(a, "*?[") {
			out = append(out, event.Input{Kind: event.KindRead, Text: a})
			out = append(out, treeReads(treeDir(joinDir(cwd, a), ""), nil)...)
			continue
		}
		base, pat := doublestar.SplitPattern(a)
		last := strings.LastIndexByte(pat, '/')
		if dirs := pat[:max(last, 0)]; strings.ContainsAny(strings.ReplaceAll(dirs, "**", ""), "*?[") {
			// A one-level wildcard before the last element enters a
			// linked directory (*/id_rsa through sd -> ~/.ssh): the
			// glob itself (expanded on disk, through its links) and the
			// base's whole tree.
			out = append(out, event.Input{Kind: event.KindRead, Text: joinDir(cwd, a)},
				event.Input{Kind: event.KindRead, Text: globBase(cwd, base) + "/**"})
			continue
		}
		if !strings.Contains(pat, "**") {
			// One level deep (*.txt, ssh*, sub/*.md): the glob itself too,
			// expanded on disk as the client does, each match a file read
			// (a hard link among them compared with the protected files:
			// FINDINGS57b R1), as the shell's cat *.txt is.
			out = append(out, event.Input{Kind: event.KindRead, Text: joinDir(cwd, a)})
		}
		out = append(out, treeReads(globBase(cwd, base), []string{pat[last+1:]})...)
	}
	return out
}

// clientMagic reports whether a client's glob (node-glob, minimatch,
// ripgrep's globs) treats g as a pattern rather than a name: it holds a
// wildcard, a class, braces, an extglob's parentheses, a backslash escape,
// or starts with a negating !.
func clientMagic(g string) bool {
	return strings.ContainsAny(g, "*?[]{}()\\") || strings.HasPrefix(g, "!")
}

// exactGlob reports whether guard's matcher (doublestar) reads a client's
// glob g exactly as the client does: no extglob
// (@(…) +(…) !(…) ?(…) *(…)), no backslash escape, no negation, no class
// but plain [abc], [a-z] and [^a], no brace range ({a..c}). What it does
// not is read as the tree of its base (magicBase), never as a name.
func exactGlob(g string) bool {
	if strings.HasPrefix(g, "!") || strings.ContainsAny(g, "()\\") ||
		strings.Contains(g, "{") && strings.Contains(g, "..") {
		return false
	}
	for i := 0; i < len(g); i++ {
		if g[i] != '[' {
			continue
		}
		j := i + 1
		if j < len(g) && g[j] == '^' {
			j++
		}
		k := j
		for k < len(g) && g[k] != ']' && (isAlnum(g[k]) || g[k] == '-' || g[k] == '_' || g[k] == '.') {
			k++
		}
		if k == j || k >= len(g) || g[k] != ']' {
			return false
		}
		i = k
	}
	return true
}

// isAlnum reports whether b is an ASCII letter or digit.
func isAlnum(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

// magicBase returns the directory a client's glob starts its walk in: the
// elements before the one holding its first character a client treats
// specially (clientMagic's, a backslash included), "." when that is the
// first.
func magicBase(g string) string {
	i := strings.IndexAny(g, "*?[]{}()!@+\\")
	if i < 0 {
		i = len(g)
	}
	j := strings.LastIndexByte(g[:i], '/')
	switch {
	case j < 0:
		return "."
	case j == 0:
		return "/"
	}
	return g[:j]
}

// globBase is the directory a glob's base (doublestar.SplitPattern's)
// names from cwd.
func globBase(cwd, base string) string {
	if base == "." || base == "" {
		return treeDir("", cwd)
	}
	if base == "/" {
		return ""
	}
	return treeDir(joinDir(cwd, base), "")
}

// urlTool checks tool_input.url with the URL rules.
func urlTool(c *Call, in fields) error {
	u, err := in.reqStr("url")
	if err != nil {
		return err
	}
	c.Inputs = append(c.Inputs, fetchInputs(u)...)
	return nil
}

// fetchInputs checks a URL a fetch tool opens: a file:// URL is also a read
// of the path it names.
func fetchInputs(u string) []event.Input {
	out := []event.Input{{Kind: event.KindURL, Text: u}}
	if isFileURI(u) {
		if p, ok := pathValue(u); ok {
			out = append(out, event.Input{Kind: event.KindRead, Text: p})
		}
	}
	return out
}

// queryTool checks the first of names as a web search query.
func queryTool(names ...string) tool {
	return func(c *Call, in fields) error {
		q, err := in.reqFirstStr(names...)
		if err != nil {
			return err
		}
		c.Inputs = append(c.Inputs, event.Input{Kind: event.KindQuery, Text: q})
		return nil
	}
}

// webFetchC checks agent C's web_fetch: its url field and every URL in its
// prompt (the tool takes a prompt that names the pages to fetch, and the
// client may ignore a url field the model adds), each as fetchInputs (a
// file: URL is a read of its path); the prompt's text is checked for
// injection too.
func webFetchC(c *Call, in fields) error {
	u, hasURL, err := in.str("url")
	if err != nil {
		return err
	}
	p, hasPrompt, err := in.str("prompt")
	if err != nil {
		return err
	}
	if !hasURL && !hasPrompt {
		return &Error{Field: "tool_input.url|prompt", Problem: "missing"}
	}
	if hasURL {
		c.Inputs = append(c.Inputs, fetchInputs(u)...)
	}
	for _, w := range urlsIn(p) {
		c.Inputs = append(c.Inputs, fetchInputs(w.Text)...)
	}
	return nil
}

// urlsIn returns, as URL inputs, every word of text with a URL scheme that
// fetches (http, https, ftp, gopher, dict, file…: anything before ://), and
// every www. word.
func urlsIn(text string) []event.Input {
	var out []event.Input
	for _, w := range strings.FieldsFunc(text, func(r rune) bool {
		return unicode.IsSpace(r) || strings.ContainsRune("<>\"'`()[]{}|", r)
	}) {
		w = strings.TrimRight(w, ",;.!?:")
		if hasWebScheme(w) || strings.Contains(w, "://") && schemeLike(w[:strings.Index(w, "://")]) ||
			len(w) > 4 && strings.EqualFold(w[:4], "www.") || bareHost(w) {
			out = append(out, event.Input{Kind: event.KindURL, Text: w})
		}
	}
	return out
}

// bareHost reports whether word w is a URL written without its scheme, as a
// fetch tool reads it: an IP address (169.254.169.254/latest), localhost,
// or a dotted host name followed by a path (metadata.google.internal/x).
func bareHost(w string) bool {
	host, path, _ := strings.Cut(w, "/")
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	if _, err := netip.ParseAddr(strings.Trim(host, "[]")); err == nil {
		return true
	}
	if strings.EqualFold(host, "localhost") {
		return true
	}
	return path != "" && strings.Contains(strings.Trim(host, "."), ".") && !strings.ContainsAny(host, "@~$")
}

// schemeLike reports whether s is a URL scheme: a letter, then letters,
// digits, + - or .
func schemeLike(s string) bool {
	if s == "" || !('a' <= s[0]|0x20 && s[0]|0x20 <= 'z') {
		return false
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		if !('a' <= c|0x20 && c|0x20 <= 'z' || '0' <= c && c <= '9' || c == '+' || c == '-' || c == '.') {
			return false
		}
	}
	return true
}

// otherPaths adds, after the first path field (text), every other non-empty
// string among names that differs from it, as an input of kind k.
func otherPaths(c *Call, in fields, k event.Kind, text string, names []string) error {
	for _, n := range names {
		s, ok, err := in.str(n)
		if err != nil {
			return err
		}
		if ok && s != "" && s != text {
			c.Inputs = append(c.Inputs, event.Input{Kind: k, Text: s})
		}
	}
	return nil
}

// globPath returns the path a file-search glob g names under dir ("" for
// the call's directory), with its `**/` segments dropped, or "" when g
// names every file. An absolute g stands alone: {"path": "~", "glob":
// ".ssh/*"} reads ~/.ssh/*, and "*.pem" reads files that **/*.pem blocks.
// Brace alternatives are not expanded.
func globPath(dir, g string) string {
	g = strings.ReplaceAll(g, `\`, "/")
	abs := strings.HasPrefix(g, "/")
	for strings.Contains(g, "**/") {
		g = strings.ReplaceAll(g, "**/", "")
	}
	if abs && !strings.HasPrefix(g, "/") {
		g = "/" + g
	}
	if g == "" || g == "**" || g == "*" || g == "/" {
		return ""
	}
	if abs || dir == "" || homeRelative(g) {
		return g
	}
	return strings.TrimRight(dir, `/\`) + "/" + g
}

// joinDir returns dir as seen from base: dir itself when absolute or at
// home, else base/dir (dir alone when base is "").
func joinDir(base, dir string) string {
	if base == "" || strings.HasPrefix(dir, "/") || strings.HasPrefix(dir, `\`) || homeRelative(dir) || len(dir) > 1 && dir[1] == ':' {
		return dir
	}
	return strings.TrimRight(base, `/\`) + "/" + dir
}

// isMCPTool reports whether name is an MCP tool's name as the agents spell
// it (mcp__server__tool, mcp_server_tool, MCP:tool).
func isMCPTool(name string) bool {
	return len(name) > 4 && strings.EqualFold(name[:3], "mcp") && (name[3] == '_' || name[3] == ':')
}

// checkPath refuses an empty path: there is nothing to check it against.
func checkPath(k event.Kind, text, field string) error {
	if (k == event.KindRead || k == event.KindWrite) && text == "" {
		return &Error{Field: field, Problem: "is empty, want a file path"}
	}
	return nil
}

// editTool is handler h of an edit tool that also records its
// replacements (Call.Edits): old_string (old_str) and new_string
// (new_str), or each of its edits', in order. A value that is not a
// string is h's to report, or left.
func editTool(h tool) tool {
	return func(c *Call, in fields) error {
		if err := h(c, in); err != nil {
			return err
		}
		old, okOld, errOld := in.firstStr("old_string", "old_str")
		nw, okNew, errNew := in.firstStr("new_string", "new_str")
		if errOld == nil && errNew == nil && (okOld || okNew) {
			all, _ := in.flag("replace_all")
			var n float64
			if r, ok := in.raw("expected_replacements"); ok && json.Unmarshal(r, &n) == nil && n > 1 {
				all = true
			}
			c.Edits = append(c.Edits, Edit{Old: old, New: nw, All: all})
		}
		r, ok := in.raw("edits")
		if !ok {
			return nil
		}
		var edits []struct {
			Old string `json:"old_string"`
			New string `json:"new_string"`
			All bool   `json:"replace_all"`
		}
		if json.Unmarshal(r, &edits) != nil {
			return nil
		}
		for _, e := range edits {
			c.Edits = append(c.Edits, Edit{Old: e.Old, New: e.New, All: e.All})
		}
		return nil
	}
}
