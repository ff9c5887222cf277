package shell

// Task's Taskfile read as the YAML it is (FINDINGS52b F4): its scalars
// decoded by lang.YAMLTokens (flow mappings, quotes, block scalars), a
// command's value scanned whole (a | block is one script, its cd carries
// to the next line), an env: or vars: entry NAME: VALUE as the assignment
// NAME=VALUE, a dynamic one (NAME: {sh: CMD}) as NAME=$(CMD). The tokens
// carry no depth, so what Task reads by place is read everywhere: every
// command is scanned in the Taskfile's directory and in every directory a
// dir: names (a task's or an include's), every value naming a Taskfile (a
// file or a directory holding one: includes:) is read as more of it, and
// every dotenv: file is loaded. A Taskfile guard cannot decode, a dir: or
// included Taskfile guard cannot tell, is cannot-tell.

import (
	"cmp"
	"path"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// maxTaskDirs bounds the directories a Taskfile's dir: keys name.
const maxTaskDirs = 8

// taskfile is what scanTaskfile reads of a Taskfile: the command lines,
// the directories its dir: keys name, the values that may name included
// Taskfiles, its dotenv: files, and a dir: or taskfile: value guard
// cannot tell (a template, a variable).
type taskfile struct {
	lines, dirs, refs, dotenv []string
	data                      []string // the values of keys Task reads as data (taskDataKeys)
	cmds                      []string // the values of cmd:, cmds: and sh: keys
	dynamic                   []string // the commands of dynamic variables (NAME: {sh: CMD})
	unknownDir, unknownRef    string
	// pasted, pastedDyn: a variable whose value guard cannot tell is
	// pasted into a command's text (taskpaste.go): of a task, of a
	// dynamic variable
	pasted, pastedDyn string

	env []word.Word // NAME=VALUE of the env: entries, every command's environment
}

// taskDirVars returns the values Task gives the directory variables of
// Taskfile f (text t) (FINDINGS56b G12): TASKFILE_DIR its own directory,
// ROOT_DIR and ROOT_TASKFILE_DIR the root Taskfile's (the first read),
// USER_WORKING_DIR where task was started; TASK_DIR, where a task runs,
// the root's for a root Taskfile without a dir: key, else unknown. Each
// is the absolute path Task substitutes (where guard knows the directory
// the command starts in), never a name relative to the walk: a task's
// dir: or a cd in its command moves what a relative name means, not
// what Task wrote (FINDINGS57c A5).
func (c *cmd) taskDirVars(f, t string) map[string]string {
	dir := c.absDir(path.Dir(f))
	if c.taskRoot == "" {
		c.taskRoot = dir
	}
	task := unknownMakeVar("TASK_DIR")
	if dir == c.taskRoot && !strings.Contains(t, "dir:") {
		task = dir
	}
	uwd := c.taskUserDir
	return map[string]string{"TASKFILE_DIR": dir, "ROOT_DIR": c.taskRoot, "ROOT_TASKFILE_DIR": c.taskRoot,
		"USER_WORKING_DIR": uwd, "TASK_DIR": task}
}

// readTaskfile reads Taskfile tokens toks into a taskfile; dirs are the
// values of Task's directory variables (taskDirVars); cli the
// NAME=VALUE words and the CLI_ARGS of the command line, args its words. The templates
// of a command's value are filled from the values the Taskfile gives
// their names (taskVars).
func readTaskfile(toks []lang.YAMLToken, dirs map[string]string, cli map[string][]string, args []string) taskfile {
	var tf taskfile
	vars := taskVars(toks, cli)
	for n, d := range dirs {
		vars[n] = []string{d}
	}
	vars = taskFillVars(vars)
	fill := func(v string) []string { return taskFill(v, vars) }
	key, envKey := "", ""
	for _, tok := range toks {
		if tok.Doc {
			continue
		}
		if tok.Key {
			if tok.Text == "sh" && envKey != "" && key == envKey {
				key = "sh=" + envKey // NAME: {sh: CMD}: a dynamic variable
				continue
			}
			key, envKey = tok.Text, ""
			if envName(tok.Text) {
				envKey = tok.Text
			}
			continue
		}
		v := tok.Text
		switch {
		case strings.HasPrefix(key, "sh="):
			for _, l := range fill(taskScript(v)) {
				tf.lines = append(tf.lines, strings.TrimPrefix(key, "sh=")+"=$("+l+")", l)
				tf.dynamic = append(tf.dynamic, l)
				if n, ok := taskPastedName(l); ok {
					tf.pastedDyn = n
				}
			}
		case envName(key):
			for _, l := range fill(v) {
				tf.lines = append(tf.lines, key+"="+l)
				l = strings.ReplaceAll(l, "$PATH", "${PATH}")
				tf.env = append(tf.env, word.Word{Text: key + "=" + l, Known: !strings.Contains(strings.ReplaceAll(l, "${PATH}", ""), "$")})
			}
		case key == "dir":
			for _, d := range fill(taskHome(taskDirRefs(v, dirs))) {
				tf.addDir(taskHome(d)) // a var's value filled in: {{.HOME}} again
			}
		case key == "dotenv":
			tf.dotenv = append(tf.dotenv, v)
		case taskDataKeys.Has(key) && !taskCalled(toks, args, key):
			tf.data = append(tf.data, fill(v)...)
		case key == "taskfile" && (taskTemplate(v) || strings.Contains(v, "://")):
			tf.unknownRef = v
		default:
			ls := fill(taskScript(v))
			tf.lines = append(tf.lines, ls...)
			tf.refs = append(tf.refs, v)
			if key == "cmd" || key == "cmds" || key == "sh" {
				tf.cmds = append(tf.cmds, ls...)
			}
			for _, l := range ls {
				if n, ok := taskPastedName(l); ok && taskCommandKeys.Has(key) {
					tf.pasted = n
				}
			}
		}
	}
	return tf
}

// taskDirRefs returns dir: value v with Task's directory variables
// their values dirs (taskDirVars), {{.TASK_DIR}} the Taskfile's own
// directory there (the task's directory is the one dir: gives), before
// the Taskfile's variables fill it.
func taskDirRefs(v string, dirs map[string]string) string {
	v = strings.ReplaceAll(v, "{{.TASK_DIR}}", dirs["TASKFILE_DIR"])
	for n, d := range dirs {
		v = strings.ReplaceAll(v, "{{."+n+"}}", d)
	}
	return v
}

// addDir notes dir: value v: "" and . are the Taskfile's own directory;
// another template is unknownDir.
func (tf *taskfile) addDir(v string) {
	switch {
	case taskTemplate(v):
		tf.unknownDir = v
	case word.Clean(v) != "." && v != "":
		tf.dirs = append(tf.dirs, v)
	}
}

// taskHome returns dir: value v with a leading spelling of the home
// (~, $HOME, ${HOME}, {{.HOME}}, {{env "HOME"}}) as ~, the walker's name
// of it: Task expands each to the home (FINDINGS54a T2).
func taskHome(v string) string {
	for _, h := range []string{"~", "$HOME", "${HOME}"} {
		if rest, ok := strings.CutPrefix(v, h); ok && (rest == "" || rest[0] == '/') {
			return "~" + rest
		}
	}
	end := strings.Index(v, "}}")
	if !strings.HasPrefix(v, "{{") || end < 0 {
		return v
	}
	in := strings.Join(strings.Fields(strings.Trim(strings.TrimSpace(v[2:end]), "-")), " ")
	if rest := v[end+2:]; (in == ".HOME" || in == `env "HOME"` || in == "env `HOME`") && (rest == "" || rest[0] == '/') {
		return "~" + rest
	}
	return v
}

// taskDataKeys are the keys of a task whose values Task reads as data,
// never as a command: descriptions, messages, file globs, options. Their
// words are still scanned (a task named like one, desc: cat .env, is a
// command), but no command of them is analysed as typed (a sources:
// glob is no program named by a pattern).
const taskDataKeys word.Set = " desc summary label prompt msg sources generates method aliases platforms run prefix output "

// taskCalled reports whether a task named name may run: a value of the
// Taskfile (task: NAME, deps: [NAME], NS:NAME) or a word of the command
// line names it. A task named like a data key (desc: cat .env) is then a
// command, not data.
func taskCalled(toks []lang.YAMLToken, args []string, name string) bool {
	key := ""
	for _, t := range toks {
		if t.Key {
			key = t.Text
		}
		if !t.Key && key != "for" && (t.Text == name || strings.HasSuffix(t.Text, ":"+name)) {
			return true // for: sources names the key's values, no task
		}
	}
	for _, a := range args {
		if a == name || strings.HasSuffix(a, ":"+name) {
			return true
		}
	}
	return false
}

// taskTemplate reports whether Taskfile value v holds a template or a
// variable guard does not resolve.
func taskTemplate(v string) bool {
	return strings.Contains(v, "{{") || strings.ContainsAny(v, "$`")
}

// taskScript returns a command's value as one line of shell: a block
// scalar's lines are one script, joined by ; (by a blank after an
// operator, as a > block folds them); a line ending in an odd number of
// backslashes continues on the next with the backslash and the line
// break taken off, as the shell reads a | block (FINDINGS53a B10).
func taskScript(v string) string {
	if !strings.Contains(v, "\n") {
		return v
	}
	var b strings.Builder
	for i, l := range strings.Split(v, "\n") {
		if i > 0 {
			prev := b.String()
			if continued(prev) { // projectrecipes.go
				b.Reset()
				b.WriteString(prev[:len(prev)-1])
				b.WriteString(l)
				continue
			}
			prev = strings.TrimRight(prev, " \t")
			if strings.HasSuffix(prev, "&&") || strings.HasSuffix(prev, "||") || strings.HasSuffix(prev, "|") || prev == "" {
				b.WriteString(" ")
			} else {
				b.WriteString(" ; ")
			}
		}
		b.WriteString(l)
	}
	return b.String()
}

// scanTaskfile scans Taskfile f (text t) of Task (tr) as readTaskfile
// reads it, then the Taskfiles it may include (seen: those read).
func (c *cmd) scanTaskfile(tr *catalogue.TaskRunner, f, t string, seen map[string]bool) {
	toks, ok := lang.YAMLTokens(t)
	if !ok {
		c.w.hide("runs %s, whose Taskfile %s holds YAML guard does not decode (an escape, a tag or an indicator): it cannot tell what runs", c.name, f)
		return
	}
	tf := readTaskfile(toks, c.taskDirVars(f, t), taskCLIVars(c.args), word.Texts(c.args))
	if taskListing(c.args) {
		// task --list runs no task: only its dynamic variables' commands
		// may run while it reads the Taskfile (FINDINGS53a FP3)
		tf.lines, tf.data, tf.cmds, tf.dirs, tf.unknownDir, tf.pasted = tf.dynamic, nil, nil, nil, "", ""
	}
	if n := cmp.Or(tf.pastedDyn, tf.pasted); n != "" {
		c.w.hide("runs %s, whose Taskfile %s pastes {{%s}} into a command's text before the shell reads it: a value guard cannot tell (a sh: command's output, a template it does not evaluate) may hold $( ), ; or a backtick, so guard cannot tell what the command runs", c.name, f, n)
	}
	base := path.Dir(f)
	// Task puts env: in every command's environment (FINDINGS54a T3): as
	// a makefile's exports, for the commands analysed as typed
	defer func(env []word.Word) { c.w.recipeEnv = env }(c.w.recipeEnv)
	c.w.recipeEnv = append(slices.Clip(c.w.recipeEnv), tf.env...)
	for _, e := range tf.dotenv {
		if taskTemplate(e) {
			c.w.hide("runs %s, whose Taskfile %s loads a dotenv file guard cannot tell (%s)", c.name, f, e)
			continue
		}
		tf.lines = append(tf.lines, c.taskDotenv(path.Join(base, e))...)
	}
	scan := func() {
		c.scanRecipeWords(tf.lines, nil)
		c.w.recipeData = true
		c.scanRecipeWords(tf.data, nil)
		c.w.recipeData = false
		all := append(slices.Clip(tf.lines), tf.data...)
		c.taskScripts(all)
		c.taskPrograms(all)
	}
	scan()
	switch {
	case tf.unknownDir != "" && runsRelative(strings.Join(tf.cmds, "\n")):
		c.w.hide("runs %s, whose Taskfile %s runs a task in a directory guard cannot tell (dir: %s) where it runs a file: it cannot tell which file runs", c.name, f, tf.unknownDir)
	case len(tf.dirs) > maxTaskDirs:
		c.w.hide("runs %s, whose Taskfile %s names more than %d task directories: it cannot tell what runs in the rest", c.name, f, maxTaskDirs)
	default:
		// a task's or an include's dir:, this file's and those of the
		// files including it (an include's dir: moves its tasks)
		defer func(n int) { c.taskDirs = c.taskDirs[:n] }(len(c.taskDirs))
		for _, d := range tf.dirs {
			if !path.IsAbs(d) && !word.HomeRelative(d) {
				d = path.Join(base, d)
			}
			if d = c.w.dest(word.Clean(d)); c.absDir(d) != c.absDir(".") {
				c.taskDirs = append(c.taskDirs, d) // dir: '{{.TASKFILE_DIR}}': where scan ran
			}
		}
		if tf.unknownDir != "" {
			// a dir: guard cannot tell: its commands run where a relative
			// name may be any file (the typed walker's cd "$NOPE"; FINDINGS54a T2)
			c.taskDirs = append(c.taskDirs, effect.UnknownCd)
		}
		root := strings.TrimRight(word.Clean(c.w.dest(base)), "/")
		absRoot := strings.TrimRight(word.Clean(c.absDir(base)), "/")
		for _, d := range c.taskDirs {
			// inside the Taskfile's directory by name or, for an
			// absolute one ({{.ROOT_DIR}}/sub), by where it is
			foreign := !insideDir(word.Clean(d), root) && !(path.IsAbs(absRoot) && insideDir(word.Clean(c.absDir(d)), absRoot))
			c.inDir(d, func() {
				defer func(t bool) { c.w.recipeTyped = t }(c.w.recipeTyped)
				c.w.recipeTyped = c.w.recipeTyped || foreign
				scan()
			})
		}
	}
	if tf.unknownRef != "" {
		c.w.hide("runs %s, whose Taskfile %s includes a Taskfile guard cannot tell (%s): it cannot tell what runs", c.name, f, tf.unknownRef)
	}
	c.taskIncludes(tr, base, tf.refs, seen)
}

// insideDir reports whether directory d is root or below it, both named
// as the walker names them: a relative d is below a relative root "."
// unless it climbs out, a home or unknown one is not.
func insideDir(d, root string) bool {
	if d == root || strings.HasPrefix(d, root+"/") {
		return true
	}
	return (root == "." || root == "") && word.IsKnown(d) && !path.IsAbs(d) && !word.HomeRelative(d) &&
		d != ".." && !strings.HasPrefix(d, "../")
}

// taskIncludes reads, as more of the Taskfile in directory base, each of
// its values refs that names a Taskfile there: a .yml or .yaml file, or a
// directory holding one of Task's default names (includes: NS: ./sub).
// A value that is no path (a command) or names none is passed over: a
// missing include makes Task fail before it runs anything.
func (c *cmd) taskIncludes(tr *catalogue.TaskRunner, base string, refs []string, seen map[string]bool) {
	for _, r := range refs {
		if c.w.stopped() {
			return
		}
		if r == "" || taskTemplate(r) || strings.ContainsAny(r, " \t\n;|&<>()~") {
			continue
		}
		p, f := path.Join(base, r), ""
		if strings.HasSuffix(r, ".yml") || strings.HasSuffix(r, ".yaml") {
			if _, st := c.w.FileStatus(p, true, effect.MaxScriptBytes); st != effect.FileAbsent {
				f = p
			}
		} else {
			for _, n := range tr.Files {
				if found, _ := c.entryAt(path.Join(p, n), false); found {
					f = path.Join(p, n)
					break
				}
			}
		}
		switch {
		case f == "" || seen[word.Clean(f)]:
		case len(seen) >= maxTaskIncludes:
			c.w.hide("runs %s, whose Taskfile pulls in more than %d files: it cannot tell what the rest run", c.name, maxTaskIncludes)
			return
		default:
			seen[word.Clean(f)] = true
			c.scanTaskText(tr, f, seen)
		}
	}
}

// taskDotenv reads dotenv file f a Taskfile names, which Task loads into
// its commands' environment when it is there: its assignments, as
// NAME=VALUE lines of the Taskfile (VIMINIT=… before a vim).
func (c *cmd) taskDotenv(f string) []string {
	if _, st := c.w.FileStatus(f, true, effect.MaxScriptBytes); st == effect.FileAbsent {
		return nil // Task passes a missing one over
	}
	c.w.Read(f)
	t, ok := c.w.configText(f, "a dotenv file of task")
	if !ok {
		return nil
	}
	var out []string
	for _, kv := range lang.EnvFileLines(t) {
		out = append(out, kv[0]+"="+word.Quote(kv[1]))
	}
	return out
}

// maxTaskReadings bounds the readings of one command whose templates
// name variables the Taskfile gives several values: past it a template
// is a value guard cannot tell.
const maxTaskReadings = 8

// taskVars returns the values a Taskfile (toks) may give each name: the
// tokens carry no depth, so every value under a key is one its name may
// have (vars:, env:, a task: call's vars:, a for: list's items as ITEM
// and its as: name; a dynamic one, NAME: {sh: CMD}, a value guard cannot
// tell), with the command line's (cli) NAME=VALUE words.
func taskVars(toks []lang.YAMLToken, cli map[string][]string) map[string][]string {
	vars := map[string][]string{}
	for k, v := range cli {
		vars[k] = append(vars[k], v...)
	}
	key, prevKey, fromFiles, shVar := "", false, false, ""
	for _, tok := range toks {
		switch {
		case tok.Key && tok.Text == "sh" && prevKey && word.IsName(key):
			shVar = key
		case tok.Key:
			shVar = ""
		case shVar != "" && !tok.Doc:
			vars[shVar] = append(vars[shVar], taskShValue(shVar, tok.Text)) // NAME: {sh: CMD}: its output (taskpaste.go)
			shVar = ""
		}
		prevKey = tok.Key
		switch {
		case tok.Doc:
		case tok.Key:
			key = tok.Text
		case key == "for" && (tok.Text == "sources" || tok.Text == "generates"):
			fromFiles = true
		case key == "for":
			vars["ITEM"] = append(vars["ITEM"], tok.Text)
		case key == "var": // for: {var: LIST}: its words
			for _, l := range vars[tok.Text] {
				vars["ITEM"] = append(vars["ITEM"], strings.Fields(l)...)
			}
		case key == "as":
			vars[tok.Text] = append(vars[tok.Text], vars["ITEM"]...)
		case word.IsName(key):
			vars[key] = append(vars[key], tok.Text)
		}
	}
	if fromFiles {
		// for: sources: each file the globs match, read as the globs
		// (FINDINGS54a T4)
		vars["ITEM"] = append(append(vars["ITEM"], vars["sources"]...), vars["generates"]...)
	}
	return vars
}

// taskCLIVars returns the NAME=VALUE words of Task's command line args
// (task t F=.env) by name, and the words after -- as CLI_ARGS (none:
// ""); a word guard cannot tell gives its name no value it could use.
func taskCLIVars(args []word.Word) map[string][]string {
	out := map[string][]string{"CLI_ARGS": {""}}
	for i, a := range args {
		if a.Text == "--" {
			var rest []string
			for _, r := range args[i+1:] {
				if !r.Known {
					delete(out, "CLI_ARGS")
					return out
				}
				rest = append(rest, r.Text)
			}
			out["CLI_ARGS"] = []string{strings.Join(rest, " ")}
			return out
		}
		if k, v, ok := strings.Cut(a.Text, "="); ok && a.Known && word.IsName(k) {
			out[k] = append(out[k], v)
		}
	}
	return out
}

// taskFill returns the readings of Taskfile text v with its templates
// filled (FINDINGS53a B9): {{.NAME}} by each value vars gives NAME (Task's
// directory variables by the directory, one of the environment's by its
// $NAME), $NAME and ${NAME} of a name the Taskfile gives values by them
// (an env: the command inherits), a pure function on literals by its
// value (taskAction); any other template (a pipe, another function,
// a name with no value) is a value guard cannot tell (unknownMakeVar),
// so a read or a cd through it is cannot-tell. Readings past
// maxTaskReadings take the template as unknown too.
func taskFill(v string, vars map[string][]string) []string {
	return taskFillRefs(v, vars, true)
}

// taskFillVars returns vars with the templates of their values filled,
// as Task renders a variable's value before it is used (FINDINGS57c A6):
// a value naming another variable ({{.D}}/.bashrc, D: '{{.HOME | trim}}')
// has that one's values, a few deep; a template still left after that
// (a value naming itself) is a value guard cannot tell, never the
// template's text read as a name. A $NAME in a value stays the shell's.
func taskFillVars(vars map[string][]string) map[string][]string {
	for range 4 {
		left, next := false, make(map[string][]string, len(vars))
		for n, vals := range vars {
			var out []string
			for _, v := range vals {
				if strings.Contains(v, "{{") {
					left = true
					out = append(out, taskFillRefs(v, vars, false)...)
					continue
				}
				out = append(out, v)
			}
			if len(out) > maxTaskReadings {
				out = []string{taskUnknown("{{."+n+"}}", out, vars)}
			}
			next[n] = out
		}
		if vars = next; !left {
			return vars
		}
	}
	for n, vals := range vars {
		for i, v := range vals {
			if strings.Contains(v, "{{") {
				vals[i] = unknownMakeVar(n)
			}
		}
	}
	return vars
}

// taskFillRefs is taskFill, with the shell's $NAME and ${NAME} filled
// too when shell is set.
func taskFillRefs(v string, vars map[string][]string, shell bool) []string {
	if !strings.Contains(v, "{{") && (!shell || !strings.Contains(v, "$")) {
		return []string{v}
	}
	v = taskIfs(v, vars) // {{if eq OS "windows"}}.exe{{end}} (taskfuncs.go)
	out := []string{""}
	for v != "" {
		i := strings.IndexAny(v, "{$")
		if i < 0 {
			break
		}
		name, n, tmpl := templateRef(v[i:])
		if n == 0 || !tmpl && !shell {
			for j := range out {
				out[j] += v[:i+1]
			}
			v = v[i+1:]
			continue
		}
		vals, ok := vars[name]
		if tmpl && name == "" {
			in := strings.TrimSpace(strings.Trim(strings.TrimSpace(v[i+2:i+n-2]), "-"))
			if x, known := taskAction(in, vars); known {
				vals, ok = []string{x}, true // print "~" "/.bashrc": taskfuncs.go
			}
		}
		switch {
		case !tmpl && !ok:
			vals = []string{v[i : i+n]} // the shell's own $NAME
		case !ok && name == "HOME":
			vals = []string{"~"} // the home as guard writes it: still the home in an env: value a command quotes (FINDINGS56b G8)
		case !ok && name != "" && envName(name):
			vals = []string{"${" + name + "}"} // {{.USER}}: the environment's
		case !ok || len(vals)*len(out) > maxTaskReadings:
			vals = []string{taskUnknown(v[i:i+n], vals, vars)}
		}
		var next []string
		for _, o := range out {
			for _, x := range vals {
				next = append(next, o+v[:i]+x)
			}
		}
		out, v = next, v[i+n:]
	}
	for j := range out {
		out[j] += v
	}
	return out
}

// templateRef returns the name a template or variable reference at the start
// of s names, its length (0: none there), and whether it is a template:
// {{.NAME}} ("" for any other template), $NAME or ${NAME}.
func templateRef(s string) (string, int, bool) {
	if strings.HasPrefix(s, "{{") {
		end := strings.Index(s, "}}")
		if end < 0 {
			return "", 0, false
		}
		in := strings.TrimSpace(strings.Trim(strings.TrimSpace(s[2:end]), "-"))
		if name, ok := strings.CutPrefix(in, "."); ok && word.IsName(name) {
			return name, end + 2, true
		}
		if name, ok := strings.CutPrefix(in, ".ITEM."); ok && word.IsName(name) {
			return name, end + 2, true // for: {matrix: {NAME: […]}}: NAME's values (FINDINGS54a T4)
		}
		return "", end + 2, true
	}
	if len(s) < 2 || s[0] != '$' {
		return "", 0, false
	}
	if s[1] == '{' {
		end := strings.IndexByte(s, '}')
		if end > 2 && word.IsName(s[2:end]) {
			return s[2:end], end + 1, false
		}
		return "", 0, false
	}
	j := 1
	for j < len(s) && word.IsWordChar(s[j]) {
		j++
	}
	if j == 1 || s[1] >= '0' && s[1] <= '9' {
		return "", 0, false
	}
	return s[1:j], j, false
}

// taskListing reports whether Task's words args make it run no task: it
// lists, shows, or prints its version, help or a new Taskfile (--list,
// -l, --list-all, -a, --summary, --version, --help, -h, --init, -i).
func taskListing(args []word.Word) bool {
	for _, a := range args {
		switch a.Text {
		case "--":
			return false
		case "--list", "-l", "--list-all", "-a", "--summary", "--version", "--help", "-h", "--init", "-i":
			return true
		}
	}
	return false
}
