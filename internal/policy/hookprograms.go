package policy

// The programs the agents' clients run later: guard's
// own executable and every file a hook entry or an MCP server entry of an
// installed hook file names. The hook files are write-protected because
// whoever edits them can switch guard off; the program an entry runs is the
// same lever one step further (replace ~/go/bin/guard with `exit 0`, append
// to "$AGENT_A_PROJECT_DIR"/.agent_a/hooks/fmt.sh). They are added to the
// write rules as block globs, built when the first write is checked: the
// user's hook files (and agent A's user state file) and those of the
// directories from the call's working directory (UseCwd) up to the home
// are read, bounded; a path written elsewhere reads its own projects'
// (hookprojects.go). Every command-valued setting is an entry, and the
// package an entry's runner loads is protected (hookrunners.go).

import (
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"

	"github.com/guardhq/guard/internal/detect/path"
	"github.com/guardhq/guard/internal/regularfile"
	"github.com/guardhq/guard/internal/shell"
	"github.com/guardhq/guard/internal/shell/word"
	"github.com/tailscale/hujson"
)

const (
	// maxHookFileBytes bounds each hook file read for its programs.
	maxHookFileBytes = 512 << 10
	// maxHookPrograms bounds the paths taken from all hook files.
	maxHookPrograms = 256
	// maxHookDepth bounds the JSON nesting walked.
	maxHookDepth = 32
	// maxHookLines bounds the entries analysed as commands (entryRuns).
	maxHookLines = 32
)

// hookFileNames are the hook and settings files of the agents' clients,
// relative to the home directory or a project: the files whose entries
// name programs the clients run.
var hookFileNames = [...]string{
	".agent_a/settings.json", ".agent_a/settings.local.json",
	".agent_b/hooks.json", ".agent_b/mcp.json", ".mcp.json",
	".agent_c/settings.json",
}

// UseCwd tells p the working directory of the call it checks: the hook
// files of the project holding it are read for the programs they run
// (hookPrograms). Call it before the first check.
func (p *Policy) UseCwd(dir string) {
	p.cache.mu.Lock()
	defer p.cache.mu.Unlock()
	p.cwd = dir
}

// programs returns the programs the clients run later as block globs:
// guard's executable (and where it really is) and the files the installed
// hook entries name and run, a literal name's glob characters escaped
// (literalGlob), and the patterns of what they run. Built once per
// policy; the caller holds p.cache.mu.
func (p *Policy) programs() []string {
	c := &p.cache
	if c.progsRead {
		return c.progs
	}
	var globs []string
	add := func(g string) {
		if g != "" && !slices.Contains(globs, g) {
			globs = append(globs, g)
		}
	}
	if exe, err := os.Executable(); err == nil {
		add(literalGlob(exe))
		// Linux's /proc/self/exe names the file itself; elsewhere the
		// path may be a link (Homebrew's bin/guard).
		if runtime.GOOS != "linux" {
			if real, err := filepath.EvalSymlinks(exe); err == nil && real != exe {
				add(literalGlob(real))
			}
		}
	}
	// The entries' analysis reads files only (entryFiles): it cannot ask
	// for the programs again (WriteProtectedPaths) under the lock.
	entries, patterns := p.hookPrograms()
	for _, g := range append(entries, patterns...) {
		add(g)
	}
	// Kept only once whole: a panic half way leaves nothing half read.
	c.progs, c.progsRead = globs, true
	return globs
}

// literalGlob returns the glob that matches path s alone: its glob
// characters (*, ? and [; the glob table reads { } ] and , as literals)
// each put in a class of its own, in forward slashes.
func literalGlob(s string) string {
	s = filepath.ToSlash(s)
	if !strings.ContainsAny(s, "*?[") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '*', '?', '[':
			b.WriteByte('[')
			b.WriteByte(c)
			b.WriteByte(']')
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// globLiteral returns the path glob g matches alone (literalGlob undone),
// and false when g holds a wildcard.
func globLiteral(g string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(g); i++ {
		switch c := g[i]; c {
		case '*', '?':
			return "", false
		case '[':
			if i+2 >= len(g) || g[i+2] != ']' || !strings.ContainsRune("*?[", rune(g[i+1])) {
				return "", false
			}
			b.WriteByte(g[i+1])
			i += 2
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), true
}

// WriteProtectedPaths returns the files the write rules protect by a path
// without a wildcard: the programs hook entries run (programs, "**/rest"
// kept for an entry of the user's) and the block_write globs that name one
// file (a "**/NAME" one as such). The hook compares those of them a git
// tree holds with the disk when git makes the tree match a revision.
// The entries' analysis reads files only (entryFiles), so
// it never asks for these again under the cache's lock.
func (p *Policy) WriteProtectedPaths() []string {
	p.cache.mu.Lock()
	progs := p.programs()
	p.cache.mu.Unlock()
	var out []string
	for _, g := range progs {
		if f, ok := globLiteral(g); ok {
			out = append(out, f)
		}
	}
	for _, g := range p.FilePaths.BlockWrite {
		n := path.Normalize(g, p.Home)
		if !strings.ContainsAny(strings.TrimPrefix(n, "**/"), "*?[]{}\\") {
			out = append(out, n)
		}
	}
	return out
}

// hookPrograms reads the user's hook files (and the MCP servers of agent
// A's user state file, userStateFile) and those of the project (the
// working directory and every directory above it up to the home directory
// or the root, at most maxProjectLevels: past the top of its repository
// too, where a parent project's entries may run a file of a nested one)
// and returns the files their entries name, and as globs those named by a
// pattern (a program's project code anywhere below where it runs:
// entryRuns, the package a runner loads: runnerGlobs). The directories
// read are kept in the cache (progDirs): a write elsewhere reads its own
// (hookprojects.go). The caller holds p.cache.mu.
func (p *Policy) hookPrograms() (out, globs []string) {
	home := filepath.Clean(p.Home)
	var dirs []string
	if filepath.IsAbs(home) {
		out, globs = p.hookDir(home, false, p.cwd)
		o, g := p.userState(home)
		out, globs = append(out, o...), append(globs, g...)
		dirs = append(dirs, home)
	}
	top := ""
	if p.cwd != "" && filepath.IsAbs(p.cwd) {
		d := filepath.Clean(p.cwd)
		top = d
		for range maxProjectLevels {
			if d == home {
				break // read above as the user's
			}
			o, g := p.hookDir(d, true, d)
			out, globs = append(out, o...), append(globs, g...)
			dirs = append(dirs, d)
			if top == filepath.Clean(p.cwd) {
				if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
					top = d // the top of the project's repository
				}
			}
			up := filepath.Dir(d)
			if up == d {
				break
			}
			d = up
		}
	}
	o, g := p.pluginPrograms(true) // hookplugins.go
	out, globs = append(out, o...), append(globs, g...)
	p.cache.progDirs, p.cache.projectTop = dirs, top
	return capList(out), capList(globs)
}

// capList cuts l to maxHookPrograms entries.
func capList(l []string) []string {
	if len(l) > maxHookPrograms {
		return l[:maxHookPrograms]
	}
	return l
}

// hookDir reads the hook files of directory dir (a project's when project,
// else the user's, whose entries run in runDir) and returns the files
// their entries name and the globs of what they run (hookPrograms). A
// hook file that is there but guard cannot read or decode (too large, not
// a regular file, not JSON even with comments) may run any program: dir's
// tree is protected whole instead (unreadHook).
func (p *Policy) hookDir(dir string, project bool, runDir string) (out, globs []string) {
	var absent []string // the agents' directories dir lacks: one look-up each
	for _, name := range hookFileNames {
		if len(out) >= maxHookPrograms {
			break
		}
		if top, _, ok := strings.Cut(name, "/"); ok {
			if slices.Contains(absent, top) {
				continue
			}
			if _, err := os.Lstat(filepath.Join(dir, top)); err != nil {
				absent = append(absent, top)
				continue
			}
		}
		f := filepath.Join(dir, filepath.FromSlash(name))
		data, err := regularfile.ReadFile(f, maxHookFileBytes)
		if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
			if _, lerr := os.Lstat(f); lerr != nil {
				continue // absent, or dir is no directory (cp F /dev/null); a link to nothing is a file guard cannot read
			}
		}
		v, derr := decodeHookFile(data)
		if err != nil || derr != nil {
			globs = append(globs, p.unreadHook(dir))
			continue
		}
		o, g := p.hookValue(v, dir, project, runDir)
		out, globs = append(out, o...), append(globs, g...)
	}
	return out, globs
}

// decodeHookFile decodes a hook file as its client reads it: JSON, with
// the // and /* */ comments and trailing commas agent C's settings allow
// (standardised by hujson, as the installer reads them). A leading UTF-8
// byte order mark is dropped: a client that accepts one
// runs the entries, and one that rejects the file runs none, so reading
// them protects a superset of what runs, where failing closed made the
// whole project read-only (docs/DECISIONS.md).
func decodeHookFile(data []byte) (any, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	var v any
	if json.Unmarshal(data, &v) == nil {
		return v, nil
	}
	if hujson.Extra(data).IsValid() {
		return map[string]any{}, nil // blanks and comments only: no entries
	}
	std, err := hujson.Standardize(bytes.Clone(data))
	if err != nil {
		return nil, err
	}
	v = nil
	if err := json.Unmarshal(std, &v); err != nil {
		return nil, err
	}
	return v, nil
}

// unreadHook returns the glob that protects directory dir whole, a hook
// file of which guard cannot read, and notes it for the reason (why.go).
// The caller holds p.cache.mu.
func (p *Policy) unreadHook(dir string) string {
	g := literalGlob(filepath.Clean(dir)) + "/**"
	if !slices.Contains(p.cache.unreadHooks, g) {
		p.cache.unreadHooks = append(p.cache.unreadHooks, g)
	}
	return g
}

// hookValue returns the files the entries of decoded hook file v name and
// the globs of what they run, the file being dir's (hookDir).
func (p *Policy) hookValue(v any, dir string, project bool, runDir string) (out, globs []string) {
	home := filepath.Clean(p.Home)
	p.cache.markets = append(p.cache.markets, localMarketplaces(v, dir, home)...) // hookplugins.go
	for _, cmd := range commandStrings(v, "", 0, nil) {
		out = append(out, entryPaths(cmd, home, dir, project)...)
	}
	o, g := serverDirs(v, home, runDir, 0)
	out, globs = append(out, o...), append(globs, g...)
	// the places the settings' env values name (hookenv.go)
	eg, known := envGlobs(v, "", 0, home, dir, project)
	globs = append(globs, eg...)
	if !known && project {
		globs = append(globs, p.unreadHook(dir))
	}
	budget := maxHookLines
	for _, line := range entryLines(v, 0, nil) {
		o, g := p.lineRuns(line, home, runDir, 0, &budget)
		out, globs = append(out, o...), append(globs, g...)
	}
	return out, globs
}

// userStateFile is agent A's user state file in the home directory, where
// its client keeps the user- and local-scope MCP servers ("mcpServers" at
// the top and under "projects"."DIR"), each started with every session.
// It holds much else (a history of every project), so it
// is read with a larger bound and only its "mcpServers" values decoded.
const userStateFile = ".agent_a.json"

// maxStateBytes bounds the user state file read.
const maxStateBytes = 8 << 20

// userState returns the files the MCP servers of the user state file run,
// as the user's entries (a relative word anywhere, **/rest; run in the
// call's working directory), and the globs of what they run.
func (p *Policy) userState(home string) (out, globs []string) {
	data, err := regularfile.ReadFile(filepath.Join(home, userStateFile), maxStateBytes)
	if err != nil {
		return nil, nil
	}
	key := []byte(`"mcpServers"`)
	for n := 0; n < maxHookLines && len(data) > 0; n++ {
		i := bytes.Index(data, key)
		if i < 0 {
			break
		}
		data = bytes.TrimLeft(data[i+len(key):], " \t\r\n")
		if len(data) == 0 || data[0] != ':' {
			continue
		}
		var v map[string]any
		if json.NewDecoder(bytes.NewReader(data[1:])).Decode(&v) != nil {
			continue
		}
		o, g := p.hookValue(map[string]any{"mcpServers": v}, home, false, p.cwd)
		out, globs = append(out, o...), append(globs, g...)
	}
	return out, globs
}

// commandStrings returns the strings of v that name programs: under a
// key "command" (a hook entry's or an MCP server's program) or another
// command-valued setting (commandKey), in an "args" list (an MCP server's
// script), and, default-deny, any other string shaped as a command
// (commandShaped) outside the settings known to hold data (dataKey);
// walked to maxHookDepth.
func commandStrings(v any, key string, depth int, out []string) []string {
	if depth > maxHookDepth || dataKey(key) {
		return out
	}
	switch t := v.(type) {
	case string:
		if commandKey(key) || key == "args" || commandShaped(t) {
			out = append(out, t)
		}
	case []any:
		for _, e := range t {
			out = commandStrings(e, key, depth+1, out)
		}
	case map[string]any:
		for k, e := range t {
			if sv, ok := e.(string); ok && key == "env" {
				if line := envEntry(k, sv); line != "" {
					out = append(out, line)
					continue
				}
			}
			out = commandStrings(e, k, depth+1, out)
		}
	}
	return out
}

// envEntry returns the entry line a settings "env" value stands for, ""
// when it names no file. The value is read by what the
// variable means, not by its spelling: a file-valued variable's value
// (BASH_ENV, ENV, PYTHONSTARTUP: a file the shell or interpreter reads;
// ZDOTDIR: the directory of zsh's startup files) is a path relative to the
// directory the client runs in even when bare (`tools/benv.sh`, `benv.sh`);
// a command-valued one (*_COMMAND, GIT_SSH, editors, pagers, askpass
// helpers) is an entry line whatever its first word; and, default-deny, a
// value of a variable guard does not know whose first word holds a slash
// (`tools/x.sh`) is read as a path too.
func envEntry(name, v string) string {
	v = strings.TrimSpace(v)
	if v == "" || len(v) > maxShapedBytes || strings.Contains(v, "://") {
		return ""
	}
	rel := func(w string) string {
		if strings.HasPrefix(w, "/") || strings.HasPrefix(w, "~") || strings.HasPrefix(w, "$") ||
			strings.HasPrefix(w, "./") || strings.HasPrefix(w, "../") {
			return w
		}
		return "./" + w
	}
	switch name {
	case "BASH_ENV", "ENV", "PYTHONSTARTUP":
		return rel(v)
	case "ZDOTDIR":
		d := strings.TrimRight(rel(v), "/")
		return d + "/.zshenv " + d + "/.zprofile " + d + "/.zshrc " + d + "/.zlogin " + d + "/.zlogout"
	case "GIT_SSH", "GIT_SSH_COMMAND", "GIT_EDITOR", "GIT_SEQUENCE_EDITOR", "GIT_PAGER", "GIT_ASKPASS", "SSH_ASKPASS",
		"EDITOR", "VISUAL", "PAGER", "MANPAGER", "PROMPT_COMMAND", "SVN_SSH", "SVN_EDITOR", "SVN_MERGE", "CVS_RSH",
		"HGEDITOR", "JJ_EDITOR", "SUDO_ASKPASS", "LESSOPEN", "LESSCLOSE":
		return v
	}
	if strings.HasSuffix(name, "_COMMAND") || strings.HasSuffix(name, "_EDITOR") {
		return v
	}
	ws := hookWords(v)
	if len(ws) > 0 && strings.Contains(ws[0].text, "/") && !strings.ContainsAny(ws[0].text, "*?[]{}:") {
		if rest, ok := strings.CutPrefix(v, ws[0].text); ok {
			return rel(ws[0].text) + rest
		}
		return v
	}
	return ""
}

// commandKey reports whether a setting called key holds a command line
// the client runs: a hook entry's or MCP server's
// "command", and agent A's credential and telemetry helpers (run with the
// user's shell at start and on each refresh) and agent C's tool discovery
// and call commands and its global MCP server command (mcp.serverCommand).
func commandKey(key string) bool {
	switch key {
	case "command", "apiKeyHelper", "otelHeadersHelper", "awsAuthRefresh", "awsCredentialExport",
		"discoveryCommand", "callCommand", "serverCommand":
		return true
	}
	return false
}

// dataKey reports whether a setting called key holds data whatever its
// strings look like: permission rules (`Bash(./scripts/x.sh:*)`, `Edit(src/**)`)
// and a schema's URL.
func dataKey(key string) bool {
	return key == "permissions" || key == "$schema"
}

// maxShapedBytes bounds a string commandShaped looks at.
const maxShapedBytes = 4096

// commandShaped reports whether s, a setting under a key guard does not
// know, reads as a command line naming a program or a file by path: its
// first word is a path (/…, ~/…, ./…, ../…, $VAR/…) or a bare name
// followed by a path word (`bash tools/x.sh`). Words with a glob
// character or a URL (`dist/**`, `https://…`) are not paths here, so
// ignore lists and links stay data.
func commandShaped(s string) bool {
	if len(s) > maxShapedBytes || strings.Contains(s, "://") {
		return false
	}
	ws := hookWords(s)
	if len(ws) == 0 || strings.ContainsAny(ws[0].text, "*?[]{}") {
		return false
	}
	w := filepath.ToSlash(ws[0].text)
	if strings.HasPrefix(w, "/") || strings.HasPrefix(w, "~/") || strings.HasPrefix(w, "./") ||
		strings.HasPrefix(w, "../") || strings.HasPrefix(w, "$") && strings.Contains(w, "/") {
		return true
	}
	if strings.ContainsAny(w, "/\\$=") {
		return false
	}
	for _, x := range ws[1:] {
		if strings.Contains(x.text, "/") && !strings.ContainsAny(x.text, "*?[]{}") {
			return true
		}
	}
	return false
}

// entryPaths returns the files command line cmd of a hook entry names:
// each word that is a path (after ~, $HOME and a $…PROJECT_DIR variable:
// the project dir for a project's hook file, any directory, **/, for the
// user's), and the program of each simple command looked up on PATH when
// it is a bare name. A word whose variable guard does not know stands for
// its rest anywhere (**/rest).
func entryPaths(cmd, home, dir string, project bool) []string {
	var out []string
	for i, w := range hookWords(cmd) {
		if w.text == "" {
			continue
		}
		if !strings.ContainsAny(w.text, "/\\$~") {
			if w.first && i < 64 {
				if found, err := exec.LookPath(w.text); err == nil && filepath.IsAbs(found) {
					out = append(out, literalGlob(found))
				}
			}
			continue
		}
		if q, ok := hookWordPath(w.text, home, dir, project); ok {
			out = append(out, q)
			// Unquoted, the word is a pattern the shell expands: both.
			if raw, ok := wordPath(w.text, home, dir, project); ok && w.pattern && raw != q && path.Validate(raw) == nil {
				out = append(out, raw)
			}
		}
	}
	return out
}

// hookWordPath resolves one word of a hook command to the glob of the
// path it names: the path itself (its glob characters escaped) or, for a
// relative word of the user's, **/rest.
func hookWordPath(w, home, dir string, project bool) (string, bool) {
	q, ok := wordPath(w, home, dir, project)
	if !ok {
		return "", false
	}
	if rest, isAny := strings.CutPrefix(q, "**/"); isAny {
		return "**/" + literalGlob(rest), true
	}
	return literalGlob(q), true
}

// wordPath resolves one word of a hook command to a path, or **/rest.
func wordPath(w, home, dir string, project bool) (string, bool) {
	w = filepath.ToSlash(w)
	if strings.HasPrefix(w, "-") {
		if _, v, ok := strings.Cut(w, "="); ok {
			w = v // --config=/path
		} else {
			return "", false
		}
	}
	switch {
	case w == "~" || strings.HasPrefix(w, "~/"):
		return home + w[1:], filepath.IsAbs(home)
	case strings.HasPrefix(w, "$"):
		name, rest := w[1:], ""
		if strings.HasPrefix(name, "{") {
			end := strings.IndexByte(name, '}')
			if end < 0 {
				return "", false
			}
			name, rest = name[1:end], name[end+1:]
		} else {
			end := strings.IndexFunc(name, func(r rune) bool {
				return !(r == '_' || r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9')
			})
			if end < 0 {
				end = len(name)
			}
			name, rest = name[:end], name[end:]
		}
		rest = strings.TrimLeft(rest, "/")
		switch {
		case rest == "" || strings.Contains(rest, "$"):
			return "", false
		case name == "HOME":
			return home + "/" + rest, filepath.IsAbs(home)
		case project && dirVar(name):
			return filepath.ToSlash(filepath.Join(dir, rest)), true
		}
		return "**/" + strings.TrimPrefix(filepath.ToSlash(filepath.Clean(rest)), "./"), true
	case strings.Contains(w, "$"):
		return "", false
	case strings.HasPrefix(w, "/") || filepath.IsAbs(filepath.FromSlash(w)): // C:/… on Windows
		return filepath.ToSlash(filepath.Clean(filepath.FromSlash(w))), true
	case !strings.Contains(w, "/") || strings.HasPrefix(w, "../"):
		return "", false
	case project:
		return filepath.ToSlash(filepath.Join(dir, w)), true
	}
	return "**/" + strings.TrimPrefix(filepath.ToSlash(filepath.Clean(w)), "./"), true
}

// hookWord is one word of a hook command, quotes removed; first marks the
// first word of a simple command.
type hookWord struct {
	text  string
	first bool
	// pattern marks a word with an unquoted glob character, which the
	// shell expands.
	pattern bool
}

// hookWords splits a hook command line into words the way a shell does
// for the plain forms hook entries use: quotes removed, operators (; & |
// && ||) ending a simple command. Bounded by the command's length.
func hookWords(cmd string) []hookWord {
	var out []hookWord
	var b strings.Builder
	var quote byte
	first, in, pattern := true, false, false
	flush := func() {
		if in {
			w := b.String()
			out = append(out, hookWord{text: w, first: first, pattern: pattern})
			// An assignment before the program keeps the next word first.
			first = first && strings.Contains(w, "=") && !strings.ContainsAny(w[:strings.IndexByte(w, '=')], "/$~")
		}
		b.Reset()
		in, pattern = false, false
	}
	for i := 0; i < len(cmd); i++ {
		ch := cmd[i]
		switch {
		case quote != 0 && ch == quote:
			quote = 0
		case quote != 0:
			b.WriteByte(ch)
		case ch == '"' || ch == '\'':
			quote, in = ch, true
		case ch == ' ' || ch == '\t' || ch == '\n':
			flush()
		case ch == ';' || ch == '&' || ch == '|' || ch == '(' || ch == ')':
			flush()
			first = true
		case ch == '<' || ch == '>':
			flush()
		default:
			b.WriteByte(ch)
			in = true
			pattern = pattern || ch == '*' || ch == '?' || ch == '['
		}
	}
	flush()
	return out
}

// entryLines returns the command lines of the hook entries and MCP server
// entries in v: a hook entry's "command" as written, as
// is each other command-valued setting (commandStrings); a server's
// "command" with its "args" quoted and its "env" values assigned before it
// (NODE_OPTIONS=--require ./preload.js). Walked to maxHookDepth, at most
// maxHookLines.
func entryLines(v any, depth int, out []string) []string {
	if depth > maxHookDepth || len(out) >= maxHookLines {
		return out
	}
	switch t := v.(type) {
	case []any:
		for _, e := range t {
			out = entryLines(e, depth+1, out)
		}
	case map[string]any:
		if cmd, ok := t["command"].(string); ok && cmd != "" {
			return append(out, serverLine(t, cmd))
		}
		for k, e := range t {
			if dataKey(k) {
				continue
			}
			if s, ok := e.(string); ok && s != "" && (commandKey(k) || commandShaped(s)) && len(out) < maxHookLines {
				out = append(out, s) // apiKeyHelper, a command under a key guard does not know
				continue
			}
			out = entryLines(e, depth+1, out)
		}
	}
	return out
}

// serverLine is the command line of entry m whose command is cmd: cmd
// itself for a hook entry (no "args"), else the server's program and
// arguments quoted, after its environment's assignments; an entry's
// directory field (entryDir) becomes a cd before it.
func serverLine(m map[string]any, cmd string) string {
	args, isServer := m["args"].([]any)
	env, _ := m["env"].(map[string]any)
	cd := ""
	if d := entryDir(m); d != "" {
		cd = "cd " + dirWord(d) + " && "
	}
	if !isServer && env == nil {
		return cd + cmd
	}
	var b strings.Builder
	b.WriteString(cd)
	for k, v := range env {
		if s, ok := v.(string); ok && shellName(k) {
			b.WriteString("export " + k + "=" + word.Quote(s) + "; ")
		}
	}
	if isServer {
		b.WriteString(word.Quote(cmd))
	} else {
		b.WriteString(cmd)
	}
	for _, a := range args {
		if s, ok := a.(string); ok {
			b.WriteString(" " + word.Quote(s))
		}
	}
	return b.String()
}

// entryDir returns the directory an entry object's program runs in (its
// "cwd", or the same under another name the clients use), "" for none.
func entryDir(m map[string]any) string {
	for _, k := range [...]string{"cwd", "workingDirectory", "working_directory", "workdir"} {
		if d, ok := m[k].(string); ok && strings.TrimSpace(d) != "" {
			return d
		}
	}
	return ""
}

// clientDirVars are the variables the clients expand in an entry's
// directory, as the shell analysis reads them: the
// project's directory as a $…PROJECT_DIR variable (projectVars binds it).
var clientDirVars = [...][2]string{
	{"${workspaceFolder}", "${GUARD_PROJECT_DIR}"}, {"${workspaceRoot}", "${GUARD_PROJECT_DIR}"},
	{"${userHome}", "${HOME}"}, {"${env:", "${"},
}

// dirWord returns entry directory d as a shell word: quoted whole when it
// holds no variable, else double-quoted with its variables live, the
// clients' own spellings of the project and the home made the shell's.
func dirWord(d string) string {
	if d == "~" || strings.HasPrefix(d, "~/") {
		d = "$HOME" + d[1:]
	}
	for _, v := range clientDirVars {
		d = strings.ReplaceAll(d, v[0], v[1])
	}
	tilde := ""
	for _, h := range [...]string{"${HOME}", "$HOME"} {
		if rest, ok := strings.CutPrefix(d, h); ok && (rest == "" || rest[0] == '/') {
			tilde, d = "~/", strings.TrimPrefix(rest, "/") // the analysis binds ~, not $HOME
			break
		}
	}
	if !strings.Contains(d, "$") {
		return tilde + word.Quote(d)
	}
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "`", "\\`", "$(", `\$(`)
	return tilde + `"` + r.Replace(d) + `"`
}

// entryDirPath returns the directory entry directory d names for a hook
// file whose entries run in dir, "" when guard cannot tell (a variable
// it does not know).
func entryDirPath(d, home, dir string) string {
	w := dirWord(d)
	if ws := hookWords(w); len(ws) == 1 {
		w = ws[0].text
	}
	return cdDir(w, home, dir)
}

// serverDirs returns, for the entry objects of v whose directory guard
// cannot tell (entryDirPath), the globs of their relative words anywhere
// under dir ("cannot tell" where the server runs), and the environment
// files (envFile) the objects name, in their directory.
func serverDirs(v any, home, dir string, depth int) (out, globs []string) {
	if depth > maxHookDepth || dir == "" || !filepath.IsAbs(dir) {
		return nil, nil
	}
	switch t := v.(type) {
	case []any:
		for _, e := range t {
			o, g := serverDirs(e, home, dir, depth+1)
			out, globs = append(out, o...), append(globs, g...)
		}
	case map[string]any:
		if cmd, ok := t["command"].(string); ok && cmd != "" {
			return serverDirFiles(t, cmd, home, dir)
		}
		for _, e := range t {
			o, g := serverDirs(e, home, dir, depth+1)
			out, globs = append(out, o...), append(globs, g...)
		}
	}
	return out, globs
}

// serverDirFiles is serverDirs for entry object m whose command is cmd.
func serverDirFiles(m map[string]any, cmd, home, dir string) (out, globs []string) {
	run := dir
	if d := entryDir(m); d != "" {
		run = entryDirPath(d, home, dir)
	}
	if f, ok := m["envFile"].(string); ok && f != "" && !strings.Contains(f, "$") {
		base := run
		if base == "" {
			base = dir
		}
		if !filepath.IsAbs(f) {
			f = filepath.Join(base, f)
		}
		out = append(out, literalGlob(filepath.Clean(f)))
	}
	if run != "" {
		return out, globs
	}
	var words []string
	if strings.Contains(cmd, "/") {
		words = append(words, cmd) // a bare name is looked up on PATH
	}
	if args, ok := m["args"].([]any); ok {
		for _, a := range args {
			if s, ok := a.(string); ok {
				words = append(words, s)
			}
		}
	}
	for _, w := range words {
		if !strings.ContainsAny(w, "/.") || strings.HasPrefix(w, "-") || strings.ContainsAny(w, "$~") || filepath.IsAbs(w) || len(globs) >= maxHookLines {
			continue
		}
		globs = append(globs, literalGlob(filepath.Clean(dir))+"/**/"+literalGlob(strings.TrimPrefix(filepath.ToSlash(filepath.Clean(w)), "./")))
	}
	return out, globs
}

// entryRuns returns the files hook entry line runs as code when the client
// runs it in dir: what the shell analysis reads through the
// call's file reader (Analysis.Files: a script, make's Makefile, npm's
// package.json, python -m's module, a bash -c script, a preload) and the
// files its programs load by name from where they run, existing or not
// (Analysis.Loads: GNUmakefile, conftest.py, .npmrc), with each
// $…PROJECT_DIR bound to dir; a load named by a pattern
// (DIR/**/conftest.py) as a glob. A line guard cannot analyse adds
// nothing (its path words were taken by entryPaths).
func (p *Policy) entryRuns(line, home, dir string) (out, globs []string) {
	if dir == "" || !filepath.IsAbs(dir) {
		return nil, nil
	}
	var b strings.Builder
	for _, name := range projectVars(line) {
		b.WriteString("export " + name + "=" + word.Quote(dir) + "; ")
	}
	b.WriteString("cd " + word.Quote(dir) + " && " + line)
	var files shell.Files
	asked := new([]string)
	if p.files != nil {
		files = entryFiles{p.files, asked}
	}
	a := shell.Analyze(b.String(), shell.Options{Home: home, Files: files, Self: p.Self})
	for _, f := range slices.Concat(a.Files, a.Loads, askedPrograms(*asked, a)) {
		if rest, ok := strings.CutPrefix(f, "~/"); ok && filepath.IsAbs(home) {
			f = filepath.Join(home, rest) // as written: a cd ~/… (dirWord)
		}
		if !filepath.IsAbs(filepath.FromSlash(f)) || strings.Contains(f, shell.Unknown) {
			continue
		}
		if dir, rest, ok := strings.Cut(filepath.ToSlash(f), "/**/"); ok {
			globs = append(globs, literalGlob(dir)+"/**/"+rest) // rest is a pattern
			continue
		}
		out = append(out, literalGlob(filepath.Clean(filepath.FromSlash(f))))
	}
	return out, globs
}

// askedPrograms returns the files analysis a asked its reader for that
// are programs the line runs, there or not: resolved where the shell runs
// them, after its cd, pushd, env -C, make -C, escapes, braces and ~+.
// A path a program is handed (a.Touches: make's goal,
// ruff's .; peeked at for its kind) and a directory are not.
func askedPrograms(asked []string, a *shell.Analysis) []string {
	var out []string
	for _, f := range asked {
		if slices.Contains(a.Touches, f) || slices.Contains(a.Files, f) {
			continue
		}
		if fi, err := os.Stat(f); err == nil && fi.IsDir() {
			continue
		}
		out = append(out, f)
	}
	return out
}

// entryFiles reads the files a hook entry runs through the call's reader,
// and only that: no program is looked up on PATH, no path stated, no
// revision read (the entry's path words were looked up by entryPaths), so
// that the entries cost a few file reads a call.
// Every path asked for is noted in asked (a pointer: Options stay
// comparable), whether the file is there or not.
type entryFiles struct {
	f     shell.Files
	asked *[]string
}

// ReadFile implements shell.Files.
func (e entryFiles) ReadFile(path string, max int) ([]byte, shell.FileStatus) {
	if len(*e.asked) < maxHookPrograms && !slices.Contains(*e.asked, path) {
		*e.asked = append(*e.asked, path)
	}
	return e.f.ReadFile(path, max)
}

// projectVars returns the names of the variables line expands whose names
// end in PROJECT_DIR ($AGENT_A_PROJECT_DIR, ${AGENT_B_PROJECT_DIR}).
func projectVars(line string) []string {
	var out []string
	for i := 0; i < len(line); i++ {
		if line[i] != '$' {
			continue
		}
		j := i + 1
		if j < len(line) && line[j] == '{' {
			j++
		}
		k := j
		for k < len(line) && (line[k] == '_' || line[k] >= 'A' && line[k] <= 'Z' || line[k] >= 'a' && line[k] <= 'z' || line[k] >= '0' && line[k] <= '9') {
			k++
		}
		if name := line[j:k]; dirVar(name) && shellName(name) && !slices.Contains(out, name) {
			out = append(out, name)
		}
		i = k - 1
	}
	return out
}

// dirVar reports whether variable name stands for the directory of the
// hook file its entry comes from: a project's ($AGENT_A_PROJECT_DIR), a
// plugin's ($AGENT_A_PLUGIN_ROOT) or an extension's (${extensionPath}:
// hookplugins.go).
func dirVar(name string) bool {
	return strings.HasSuffix(name, "PROJECT_DIR") || strings.HasSuffix(name, "PLUGIN_ROOT") || name == "extensionPath"
}

// shellName reports whether s is a shell variable name.
func shellName(s string) bool {
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// touchPrograms splits the hook programs off the touch rules base: a
// program guard does not know, handed a directory above a hook program
// (prettier --write ., black ., pip download -d .), is not taken to write
// it, as it is not taken to write the hook files below such a directory
// (**/.agent_a/** is not above the project); handed the program itself
// (gzip scripts/check.sh) it is. It returns base without the programs that
// no other rule lists and a detector of those programs that a path meets
// only by naming one (Trees off). The caller holds the lock.
func (p *Policy) touchPrograms(base *path.Detector) (*path.Detector, *path.Detector, error) {
	progs := p.programs()
	var own []string
	for _, g := range progs {
		if !slices.Contains(p.FilePaths.BlockWrite, g) {
			own = append(own, g)
		}
	}
	if len(own) == 0 {
		return base, nil, nil
	}
	base = base.Without(func(g string) bool { return slices.Contains(own, g) })
	variants := p.linkVariants(own, p.FilePaths.AllowWrite)
	named, err := path.Compile(path.Rules{Block: own, Allow: p.FilePaths.AllowWrite, Home: p.Home, Variants: variants, Named: true})
	return base, named, err
}
