package shell

// Task runners other than make and the package managers:
// just, task, rake, mise run, tox, nox, invoke, doit, earthly, tilt, poe,
// pdm/rye/hatch run, composer run the recipes of a task file in the
// project; ninja, ant, meson, pre-commit and lefthook the
// commands of theirs. The file (the one an
// option names, else the first of its default names in the runner's
// directory, or in the nearest one above that holds one as just, task,
// rake, poe… look: catalogue.TaskRunner.Look) is read, bounded, and every word of it that may name a
// protected place is read and written, as make's recipes are scanned: a
// recipe `echo x >> ~/.bashrc` left in a justfile blocks `just x`. A file
// the command itself wrote is read as written; one it changed with text
// guard cannot see, or one it cannot read whole, is hidden.

import (
	"path"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// taskRunner scans the task file c runs when c is a task runner.
func (c *cmd) taskRunner() {
	if tr, ok := catalogue.TaskRunnerNamed(c.name); ok {
		c.runTasks(tr, c.args)
	}
}

// runTasks scans the task file task runner tr runs given args (its
// words after its name): a prefix that runs a project's scripts by name
// too (hatch run NAME) is scanned from the prefix's words.
func (c *cmd) runTasks(tr *catalogue.TaskRunner, args []word.Word) {
	if tr.Sub != "" && (len(args) == 0 || !tr.Sub.Has(args[0].Text)) {
		return
	}
	file, dir := taskOptions(tr, args)
	if v, ok := c.envValue(tr.ConfigEnv); file == nil && tr.ConfigEnv != "" && ok && v != "" {
		file = &word.Word{Text: v, Known: !word.HasMark(v)} // LEFTHOOK_CONFIG=x.yml lefthook run …
	}
	c.taskUserDir = c.absDir(".") // Task's USER_WORKING_DIR (taskfile.go)
	c.taskRoot = ""               // the first Taskfile read (taskDirVars)
	if dir != "" {
		c.changeDir(dir) // restored when the command ends
	}
	if tr.Name == "task" && file == nil && taskGlobal(args) {
		c.changeDir("~") // task -g: the home's Taskfile, run in the home
	}
	c.taskEnvOpts(tr, args) // just --dotenv-load: .env (envloaders.go)
	if file != nil && (tr.Name == "task" || tr.Name == "just") {
		c.ownDirTasks(tr, *file, c.taskUserDir, dir != "")
		return
	}
	if file != nil {
		c.scanTaskFile(tr, *file)
		for _, m := range tr.Merged {
			if c.w.IsFile(m) {
				c.scanTaskFile(tr, word.Word{Text: m, Known: true}) // lefthook-local.yml
			}
		}
		return
	}
	search := "."
	if tr.Name == "just" && dir == "" {
		search = justSearchDir(tr, args) // just sub/t: sub's justfile
	}
	for _, f := range c.taskFiles(tr, search) {
		c.inFileDir(f, func() { // its recipes run there
			c.scanTaskFile(tr, word.Word{Text: path.Base(f), Known: true})
			for _, m := range tr.Merged {
				if c.w.IsFile(m) {
					c.scanTaskFile(tr, word.Word{Text: m, Known: true}) // lefthook-local.yml
				}
			}
			c.taskScriptDirs(tr)
		})
	}
	for _, d := range tr.Dirs {
		if len(args) > 1 && args[1].Known && !strings.HasPrefix(args[1].Text, "-") {
			c.scanTaskFile(tr, word.Word{Text: d + "/" + args[1].Text, Known: true}) // mise run NAME: a file task
		}
	}
}

// taskFiles returns the task files tr reads looking from dir (tr.Look):
// the first of its names in the nearest directory holding one, or in each
// directory up to the root (mise merges them).
func (c *cmd) taskFiles(tr *catalogue.TaskRunner, dir string) []string {
	found := c.projectFiles(dir, tr.Files, tr.Look) // projectfiles.go
	if tr.Look == catalogue.All {
		return found
	}
	return found[:min(1, len(found))]
}

// ownDirTasks scans task file f that Task's -t or just's -f names (from
// directory start, where the command began, from the root): Task and just run its
// commands in the file's own directory, just in -d's when one is given
// (hasDir, the walker already there); Task's -t DIR names the Taskfile
// in DIR (FINDINGS53a B15, B16).
func (c *cmd) ownDirTasks(tr *catalogue.TaskRunner, f word.Word, start string, hasDir bool) {
	if f.Sub != "" || !f.Known {
		c.scanTaskFile(tr, f) // cannot-tell
		return
	}
	if tr.Name == "task" {
		for _, n := range tr.Files {
			if found, _ := c.entryAt(path.Join(f.Text, n), false); found {
				f.Text = path.Join(f.Text, n) // task -t sub: sub's Taskfile
				break
			}
		}
	}
	if tr.Name == "just" && hasDir {
		switch {
		case path.IsAbs(f.Text):
		case path.IsAbs(start):
			f.Text = path.Join(start, f.Text) // just -d D -f F: F from where just started
		default:
			c.w.hide("runs the recipes of %s's justfile %s from a directory guard cannot tell", c.name, f.Text)
			return
		}
		c.scanTaskFile(tr, f)
		return
	}
	c.inFileDir(f.Text, func() {
		c.scanTaskFile(tr, word.Word{Text: path.Base(f.Text), Known: true})
	})
}

// justSearchDir returns the directory just looks for its justfile from:
// the directory part of its first argument that is no option nor
// NAME=VALUE when that holds a / (just sub/t, just ../build), else ".".
func justSearchDir(tr *catalogue.TaskRunner, args []word.Word) string {
	for j := 0; j < len(args); j++ {
		s := args[j].Text
		switch {
		case s == "--":
			return "."
		case tr.FileOpts.Has(s) || tr.DirOpts.Has(s) || tr.WithArg.Has(s):
			if s == "--set" {
				j++ // --set NAME VALUE
			}
			j++
		case strings.HasPrefix(s, "-"):
		case strings.Contains(s, "=") && word.IsName(s[:strings.Index(s, "=")]):
		case strings.Contains(s, "/"):
			if d := s[:strings.LastIndex(s, "/")]; d != "" {
				return d
			}
			return "/"
		default:
			return "."
		}
	}
	return "."
}

// taskOptions returns the task file and the directory a task runner's
// options (args) name.
func taskOptions(tr *catalogue.TaskRunner, args []word.Word) (*word.Word, string) {
	var file *word.Word
	dir := ""
	for j := 0; j < len(args); j++ {
		a := args[j]
		opt, v, eq := strings.Cut(a.Text, "=")
		if eq && strings.HasPrefix(a.Text, "--") {
			switch {
			case tr.FileOpts.Has(opt):
				file = &word.Word{Text: v, Known: a.Known}
			case tr.DirOpts.Has(opt):
				dir = v
			}
			continue
		}
		if glued := len(a.Text) > 2 && a.Text[0] == '-' && a.Text[1] != '-'; glued && tr.FileOpts.Has(a.Text[:2]) {
			file = &word.Word{Text: a.Text[2:], Known: a.Known, Sub: a.Sub} // -tsub/x.yml
			continue
		} else if glued && tr.DirOpts.Has(a.Text[:2]) {
			dir = a.Text[2:] // task -dsub
			continue
		}
		if j+1 >= len(args) {
			break
		}
		switch {
		case tr.FileOpts.Has(a.Text):
			j++
			file = &args[j]
		case tr.DirOpts.Has(a.Text):
			j++
			dir = args[j].Text
		case tr.WithArg.Has(a.Text):
			j++
		}
	}
	return file, dir
}

// scanTaskFile reads task file f of tr and scans its words, and those of
// the files it pulls in (taskincludes.go); a file whose name guard cannot
// tell is hidden.
func (c *cmd) scanTaskFile(tr *catalogue.TaskRunner, f word.Word) {
	if f.Sub != "" || !f.Known {
		c.w.hide("runs the tasks of a file whose name guard cannot tell")
		return
	}
	c.scanTaskText(tr, f.Text, map[string]bool{word.Clean(f.Text): true})
}

// scanTaskText reads task file f and scans its words (quotes taken as
// blanks: a recipe's command may be a string of the file's language; $$
// as $) as make's recipes are, then follows the files it pulls in (seen:
// those read); a file guard cannot read whole is hidden.
func (c *cmd) scanTaskText(tr *catalogue.TaskRunner, f string, seen map[string]bool) {
	// A task file already being scanned whole that a command of it runs
	// again (a recipe's just --list, task build in task ci) is a cycle,
	// not a level deeper; one the command wrote is read again.
	key := scriptKeys(c.w.Where(f), []string{"*"})[0]
	if slices.Contains(c.w.scriptsFollowed, key) && !c.w.wrote(f) {
		return
	}
	defer func(n int) { c.w.scriptsFollowed = c.w.scriptsFollowed[:n] }(len(c.w.scriptsFollowed))
	c.w.scriptsFollowed = append(c.w.scriptsFollowed, key)
	c.w.Read(f)
	t, ok := c.w.FileText(f, true, effect.MaxScriptBytes, "a task file")
	if !ok {
		return
	}
	if tr.Name == "task" {
		c.scanTaskfile(tr, f, t, seen) // taskfile.go
		return
	}
	refs, t, why := taskLayers(tr, t)
	if why != "" {
		c.w.hide("runs %s, whose task file %s %s: it cannot tell what runs", c.name, f, why)
		return
	}
	c.followTaskRefs(tr, f, refs, seen)
	c.taskRunLines(tr, f, t)
	c.taskEnvSettings(tr, f, t) // just's set dotenv-load (envloaders.go)
	if tr.Name == "just" {
		c.scanJustfile(tr, f, t, seen) // justfile.go
		return
	}
	// $$ is make's and ninja's escape of $ (a shell's $$HOME is no name).
	t = strings.NewReplacer(`"`, " ", "'", " ", "`", " ", ",", " ", "[", " ", "]", " ", "$$", "$").Replace(t)
	lines := strings.Split(t, "\n")
	if strings.HasSuffix(f, ".yml") || strings.HasSuffix(f, ".yaml") {
		lines = yamlCommands(lines)
	}
	scan := func() {
		c.scanRecipeWords(lines, nil)
		c.taskScripts(lines)
		c.taskPrograms(lines)
	}
	scan()
}

// taskRunLines walks the command lines task file f (text t) gives the
// keys tr runs (lefthook's run:, mise's run =, pre-commit's entry:) as
// build-file commands in the file's directory: decoded as the runner's
// parser decodes its format (YAML or JSON escapes and !!binary, TOML's
// escapes and line-ending backslashes), so a `cd` in one moves the names
// after it. A file guard cannot decode is hidden (FINDINGS56b G13, G7).
func (c *cmd) taskRunLines(tr *catalogue.TaskRunner, f, t string) {
	if tr.Runs == "" {
		return
	}
	var lines []string
	ok := true
	if strings.HasSuffix(f, ".toml") {
		lines, ok = lang.TOMLKeyStrings(t, tr.Runs)
	} else {
		var toks []lang.YAMLToken
		toks, ok = lang.YAMLTokens(t)
		run := false
		for _, tk := range toks {
			switch {
			case tk.Key:
				run = tr.Runs.Has(tk.Text)
			case run:
				lines = append(lines, tk.Text)
			}
		}
	}
	if !ok {
		c.w.hide("runs %s, whose file %s holds text guard does not decode (an escape, a tag or an unclosed string): it cannot tell what runs", c.name, f)
		return
	}
	c.scanRecipeWords(lines, nil)
}

// taskPrograms scans what the test runners and interpreters a task file's
// commands name run: where a command starts is the file's
// language's to say (a YAML list item, test = "pytest", tox's commands =
// pytest), so every word that names a runner or an interpreter is taken
// as one in a command's place (recipeCommand); one at a line's start
// already was.
func (c *cmd) taskPrograms(lines []string) {
	n := 0
	for _, l := range lines {
		for _, sc := range simpleCommands(lang.SplitQuoted(l)) {
			for i := 1; i < len(sc); i++ {
				if n++; n > maxTextTokens || c.w.stopped() {
					return
				}
				name := path.Base(sc[i].Text)
				if _, ok := catalogue.InterpreterOf(name); ok || catalogue.TestRunnerNamed(name) != nil {
					c.recipeCommand(sc[i:])
				}
			}
		}
	}
}

// taskScripts reads the scripts a task file's commands may run: where a
// command starts is the file's language's to say (a YAML list item, a Ruby
// sh "…", tox's commands = …), so every word that names a script as
// recipeScript takes one (./x, x.sh), and the word after a shell's name
// (sh scripts/setup), is read as make's recipes' scripts are.
func (c *cmd) taskScripts(lines []string) {
	n := 0
	for _, l := range lines {
		shell := false
		for _, wd := range strings.Fields(l) {
			if n++; n > maxTextTokens || c.w.stopped() {
				return
			}
			s := unglued(wd)
			switch {
			case shell && !strings.HasPrefix(s, "-") && !strings.HasPrefix(s, "/") && !strings.HasPrefix(s, ".") && !strings.HasPrefix(s, "~") &&
				!strings.HasSuffix(s, ".sh") && !strings.HasSuffix(s, ".bash"):
				c.recipeScript("./" + s) // sh scripts/setup
			case shell:
				c.recipeScript(c.startRelative(s)) // sh {{.TASKFILE_DIR}}/x.sh
			default:
				c.recipeScript(s)
			}
			shell = catalogue.Shells.Has(path.Base(s)) || s == "source" || s == "."
		}
	}
}

// yamlCommands returns the lines of a YAML task file (Taskfile.yml) read
// as the commands they hold: a list item's "- " and a command key (cmd:,
// cmds:) taken off, so the command's program is first (- HOME=x vim,
// - cmd: vim), and a mapping entry whose key is an environment name
// (env: HOME: x) written as the assignment it is (HOME=x) (FINDINGS51a
// F10).
func yamlCommands(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		s := strings.TrimSpace(l)
		for {
			t := strings.TrimPrefix(strings.TrimPrefix(s, "- "), "-\t")
			for _, k := range []string{"cmd:", "cmds:", "sh:"} {
				t = strings.TrimPrefix(t, k)
			}
			if t = strings.TrimSpace(t); t == s {
				break
			}
			s = t
		}
		if k, v, ok := strings.Cut(s, ":"); ok && envName(k) && (v == "" || v[0] == ' ' || v[0] == '\t') {
			s = k + "=" + strings.TrimSpace(v)
		}
		out[i] = s
	}
	return out
}

// envName reports whether k is an environment variable's name as written
// in upper case (HOME, XDG_CONFIG_HOME), not a YAML key of the file's own.
func envName(k string) bool {
	return word.IsName(k) && strings.ToUpper(k) == k && strings.ContainsAny(k, "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
}

// taskGlobal reports whether Task's words args hold -g (--global, or in a
// cluster of its short options): it runs the home's Taskfile.
func taskGlobal(args []word.Word) bool {
	for _, a := range args {
		s := a.Text
		if s == "--" {
			break // CLI_ARGS after it
		}
		if !strings.HasPrefix(s, "-") {
			continue
		}
		if s == "--global" || !strings.HasPrefix(s, "--") && strings.Contains(s, "g") {
			return true
		}
	}
	return false
}
