package shell

// Build tools that run commands from a file: make's recipes, npm's
// scripts. When the command itself wrote that file with text guard knows
// (printf … > mk && make -f mk, or a copy of a file), or feeds it on
// standard input (make -f -), the commands in it are analysed. A makefile
// on standard input guard cannot see, or one the command changed with text
// guard cannot see (sed -i … Makefile && make), is hidden. A project's own Makefile or package.json, which
// the command did not write, is the project's code: not read.

import (
	"encoding/json"
	"errors"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// makeWithArg are make's options that take the next word; -j and -l
// (--jobs, --load-average) only when it is a number (makeTakesNext).
const makeWithArg word.Set = " -C -E -f -I -j -l -o -W --directory --file --makefile --include-dir --jobs --load-average --old-file --what-if --assume-old --assume-new --new-file --eval "

// makeNumberArg are make's options whose value is optional: make takes
// the next word only when it is a number (makeTakesNext).
const makeNumberArg word.Set = " -j -l --jobs --load-average "

// makeTakesNext reports whether make's option word s takes next as its
// value: -j's and -l's only when it is a number (make -j evil runs the
// goal evil: FINDINGS56d P1).
func makeTakesNext(s, next string) bool {
	switch s {
	case "-j", "--jobs":
		_, err := strconv.ParseUint(next, 10, 32)
		return err == nil
	case "-l", "--load-average":
		_, err := strconv.ParseFloat(next, 64)
		return err == nil && strings.Trim(next, "0123456789.") == ""
	}
	return makeWithArg.Has(s)
}

// make runs the recipes of the makefiles it reads: -f FILE (-f - is
// standard input), else GNUmakefile, makefile or Makefile in its directory
// (-C DIR moved the walker there: chdirOptions), and --eval TEXT: every
// --eval text, in order, is one makefile text (a variable one defines is
// the value another's recipe uses).
func (c *cmd) make() {
	var files, goals, evals []string
	args := makeWords(c.args) // --ev=x, -sE x: one option a word
	for j := 0; j < len(args); j++ {
		s := args[j].Text
		opt, v, eq := strings.Cut(s, "=")
		switch {
		case !strings.HasPrefix(s, "-") && !eq:
			goals = append(goals, s)
		case !strings.HasPrefix(s, "-") && makeShellVar(strings.TrimRight(opt, ":!?+ ")):
			c.makeShell(strings.TrimRight(opt, ":!?+ "), v) // make SHELL=./x.sh
		case !strings.HasPrefix(s, "-") && !makeAssignment(opt, v):
			c.w.hide("sets a make variable on the command line in a form guard does not read (:=, ?=, +=, !=, or flags that set variables): it cannot tell what make runs")
		case eq && (word.LongOption(opt, "--file") || word.LongOption(opt, "--makefile")):
			c.makeSub(args[j])
			if strings.Contains(v, "<(") || word.HasMark(v) && !args[j].Known {
				c.w.hide("runs a makefile whose name guard cannot tell")
			}
			files = append(files, v)
		case eq && opt == "--eval":
			evals = append(evals, v)
		case strings.HasPrefix(s, "-E") && len(s) > 2:
			evals = append(evals, s[2:]) // -ETEXT
		case j+1 < len(args) && makeTakesNext(s, args[j+1].Text):
			j++
			switch s {
			case "-f", "--file", "--makefile":
				c.makeSub(args[j])
				files = append(files, args[j].Text)
			case "--eval", "-E":
				evals = append(evals, args[j].Text)
			}
		case len(s) > 2 && s[0] == '-' && s[1] != '-':
			if v, k, ok := word.OptionValue(args, j, 'f', "CIjloW", ""); ok {
				c.makeSub(args[k])
				files = append(files, v) // -sf mk, -fmk
				j = k
			}
		}
	}
	evals = append(c.makeFlagEvals(), evals...)
	if len(evals) > 0 {
		c.recipes(strings.Join(evals, "\n"), 0)
		c.makeEvalEnv(evals) // recipeeditor.go
	}
	first := len(files) == 0 // make reads the first of these that exists
	if first {
		files = []string{"GNUmakefile", "makefile", "Makefile"}
	}
	var project []string
	for _, f := range files {
		switch {
		case word.IsStdin(f):
			c.makeStdin()
		case c.w.wrote(f):
			if t, ok := c.w.commandFile(f, "a makefile"); ok {
				c.recipes(t, 0)
			}
		case first && c.projectMake([]string{f}, evals, goals):
			return
		case !first:
			project = append(project, f)
		}
	}
	if len(project) > 0 {
		c.projectMake(project, evals, goals) // -f a -f b: one makefile
	}
}

// makeFlagEvals returns the --eval (-E) texts of the MAKEFLAGS and
// GNUMAKEFLAGS the shell gives make, its words split as make splits
// them (a backslash escapes a blank).
func (c *cmd) makeFlagEvals() []string {
	var out []string
	for _, n := range [...]string{"GNUMAKEFLAGS", "MAKEFLAGS"} {
		v, ok := c.w.lookup(n)
		if !ok {
			continue
		}
		ws := makeFlagWords(v)
		for j := 0; j < len(ws); j++ {
			switch w := ws[j]; {
			case strings.HasPrefix(w, "--eval="):
				out = append(out, w[len("--eval="):])
			case (w == "--eval" || w == "-E") && j+1 < len(ws):
				j++
				out = append(out, ws[j])
			case strings.HasPrefix(w, "-E") && len(w) > 2:
				out = append(out, w[2:])
			}
		}
	}
	return out
}

// makeFlagWords splits a MAKEFLAGS value at blanks no backslash escapes,
// the escapes removed.
func makeFlagWords(v string) []string {
	var out []string
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		switch {
		case v[i] == '\\' && i+1 < len(v):
			i++
			b.WriteByte(v[i])
		case v[i] == ' ' || v[i] == '\t':
			if b.Len() > 0 {
				out = append(out, b.String())
				b.Reset()
			}
		default:
			b.WriteByte(v[i])
		}
	}
	if b.Len() > 0 {
		out = append(out, b.String())
	}
	return out
}

// makeSub hides the makefile a process substitution gives make (make -f
// <(…)): guard does not read what it runs.
func (c *cmd) makeSub(a word.Word) {
	if a.Sub != "" {
		c.w.hide("runs a makefile from a process substitution guard does not read")
	}
}

// wrote reports whether the command wrote file p.
func (w *walker) wrote(p string) bool {
	_, ok := w.WrittenEntry(word.Clean(w.Where(p)))
	return ok
}

// makeStdin runs the makefile make -f - reads on standard input: its
// recipes when guard knows the text, hidden when it does not.
func (c *cmd) makeStdin() {
	if t, ok := c.inputText(); ok {
		c.dataInput = true // analysed here: not words inside words
		c.recipes(t, 0)
		return
	}
	if c.stdin.fromPipe || c.stdin.sub != "" || c.stdin.file != "" {
		c.w.hide("runs a makefile from standard input guard cannot see")
	}
}

// commandFile returns the text of file p, of commands a build tool runs,
// when the command itself wrote it: known text, or a copy of a file the
// reader reads; a file it changed with text guard cannot see is hidden
// (what names it, for the reason). A file the command did not write is
// the project's own: false.
func (w *walker) commandFile(p, what string) (string, bool) {
	if !w.wrote(p) {
		return "", false
	}
	return w.FileText(p, true, effect.MaxScriptBytes, what)
}

// recipes analyses the commands of makefile text: each recipe line (a line
// that starts with a tab, or what follows ; on a rule's line), without its
// @ - + prefixes and with its make variables expanded ($$ is the shell's
// $), what $(shell …) runs, and the makefiles it includes that the
// command wrote.
func (c *cmd) recipes(text string, depth int) {
	if depth > maxEscapeDepth {
		return
	}
	text = strings.ReplaceAll(text, "\\\n", " ")
	m := parseMakefile(text)
	c.makeShells(&m) // SHELL = ./x.sh in --eval text or a makefile the command wrote
	expand := func(s string) string { return c.makeExpand(&m, s, 0) }
	for _, e := range c.makeFuncs(append(m.parsing, m.allRecipes()...), expand) {
		c.recipes(e, depth+1) // $(eval TEXT) the text knows
	}
	for off := 0; off < len(text); {
		i := strings.Index(text[off:], "$(shell ")
		if i < 0 {
			break
		}
		off += i + len("$(")
		if arg, ok := lang.Balanced(text[off-1:]); ok {
			c.makeTentative(strings.ReplaceAll(strings.TrimPrefix(arg, "shell "), "$$", "$"))
		}
	}
	for i, line := range strings.Split(text, "\n") {
		if i == maxTextTokens {
			return
		}
		if recipe := c.recipeLine(line, depth); recipe != "" {
			for _, r := range c.makeChoices(&m, recipe) {
				c.makeTentative(r) // $x, $(x) as make may set them (makevalues.go); $$ is the shell's $
			}
		}
	}
	for _, r := range m.shellRuns {
		c.makeTentative(r) // what the $(shell …) calls expanded run
	}
}

// makeTentative analyses line l, which make runs, as the shell runs it
// and, when make may exec it instead, as exec runs it (makeRun).
func (c *cmd) makeTentative(l string) {
	c.w.tentative(l)
	if e := makeRun(l); e != l {
		c.w.tentative(e)
	}
}

// recipeLine returns the recipe of one makefile line, or "" (an include
// of a makefile the command wrote is analysed here).
func (c *cmd) recipeLine(line string, depth int) string {
	var recipe string
	switch {
	case strings.HasPrefix(line, "\t"):
		recipe = line[1:]
	case strings.HasPrefix(line, "include ") || strings.HasPrefix(line, "-include ") || strings.HasPrefix(line, "sinclude "):
		for _, f := range strings.Fields(line)[1:] {
			switch {
			case strings.Contains(f, "$"):
				c.w.hide("runs makefile text that includes a makefile whose name guard cannot tell")
			case c.w.wrote(f):
				if t, ok := c.w.commandFile(f, "a makefile"); ok {
					c.recipes(t, depth+1)
				}
			default:
				c.scanMakefile(f) // make --eval 'include x.mk'
			}
		}
	case strings.Contains(line, ":") && !strings.HasPrefix(strings.TrimSpace(line), "#"):
		if _, after, ok := strings.Cut(line, ";"); ok {
			recipe = after // target: prereq ; recipe
		}
	}
	return strings.TrimLeft(recipe, "@-+ \t")
}

// packageScripts: npm, yarn, pnpm, bun, deno (task) and node (--run) run
// the scripts of package.json (npm run X, npm test, and the lifecycle
// scripts of install, pack, publish, version…; deno task, the tasks of
// deno.json too; the nearest one at or above the directory it runs in);
// when the command wrote that file with text guard knows,
// each of its scripts is analysed, else those the command runs are
// scanned (projectScripts).
func (c *cmd) packageScripts() {
	if c.name == "corepack" {
		if len(c.args) == 0 {
			return
		}
		defer func(a []word.Word) { c.name, c.args = "corepack", a }(c.args)
		c.name = strings.ToLower(c.args[0].Text) // corepack pnpm dev
		c.args = c.args[1:]
	}
	names := c.scriptsRun()
	if len(names) == 0 && (c.name == "node" || c.name == "deno" || c.name == "corepack") {
		return
	}
	if ws := c.packageWords(); len(names) == 0 && len(ws) > 0 && npmExecVerbs.Has(ws[0]) && c.runsLocal(c.commandSpecs(true)) {
		return // npm exec --package=./x.tgz: a local package's program (npmspecs.go)
	}
	dir := c.packageDir()
	if dir == "" {
		dir = "."
	}
	files := []string{"package.json"}
	if c.name == "deno" {
		files = []string{"deno.json", "deno.jsonc", "package.json"}
	}
	here := false // the specs of the command line are read from the root's directory
	for _, name := range files {
		look := catalogue.LookupOf(name) // the nearest above (projectfiles.go)
		if name == "package.json" && slices.Contains(names, "*") {
			look = catalogue.Workspace // an install in a member runs the workspace root's scripts
		}
		for _, f := range c.projectFiles(dir, []string{name}, look) {
			here = here || f == "package.json"
			c.inFileDir(f, func() { // scripts run in the package's directory
				own := c.npmRootScripts(names) // npmroot.go
				if c.workspacesOnly() {
					own = nil // npm -ws, -w D: the workspaces' scripts, not the root's
				}
				if t, ok := c.packageFile(path.Base(f), own); ok && name == "package.json" {
					c.memberPackages(t, names) // npmworkspaces.go
				}
			})
		}
	}
	if !here && slices.Contains(names, "*") && c.name != "deno" {
		if dirs, ok := c.localDirs(".", c.commandSpecs(false)); ok && !c.runsLocal(c.commandSpecs(true)) {
			c.readPackages(dirs, names, true) // and from the command's own directory
		}
	}
}

// packageDir returns the directory --prefix, --cwd, -C or --dir names, or
// "".
func (c *cmd) packageDir() string {
	dir := ""
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].Text
		o := catalogue.NpmOption(s) // --prefi D is npm's --prefix D
		k, v, eq := o.Key, o.Value, o.Eq
		if o.No {
			k = "" // --no-prefix: npm's own directory
		}
		switch {
		case s == "--":
			return dir
		case (s == "--cwd" || s == "-C" || s == "--dir" || k == "prefix" && !eq) && j+1 < len(c.args):
			j++
			dir = c.args[j].Text
		case k == "prefix" && eq:
			dir = v
		case strings.HasPrefix(s, "--cwd=") || strings.HasPrefix(s, "--dir="):
			_, dir, _ = strings.Cut(s, "=")
		}
	}
	return dir
}

// packageFile analyses or scans the scripts (and deno's tasks) of the
// package file f that the command runs by names ("*": all of them). A
// file that does not parse as JSON (deno.jsonc's comments) is scanned
// whole. It returns the file's text when it parsed.
func (c *cmd) packageFile(f string, names []string) (string, bool) {
	written := c.w.wrote(f)
	var t string
	var ok bool
	if written {
		t, ok = c.w.commandFile(f, "the scripts of a package.json")
	} else {
		t, ok = c.w.FileText(f, true, effect.MaxScriptBytes, "the scripts of a package.json")
	}
	if !ok {
		return "", false
	}
	key := "scripts"
	if c.name == "deno" && strings.Contains(path.Base(f), "deno.json") {
		key = "tasks"
	}
	var scripts map[string]any
	obj, err := lang.JSONObject([]byte(t)) // exact keys: "Scripts" is not npm's
	if errors.Is(err, lang.ErrDuplicateKey) {
		c.w.hide("runs the scripts of %s, which guard cannot read: %v", f, err)
		return "", false
	}
	if err != nil || lang.JSONMember(obj, key, &scripts) != nil {
		c.scanRecipeWords(strings.Split(t, "\n"), nil)
		return "", false
	}
	if !written {
		names = c.newScripts(f, c.lifecycleNames(names))
		defer func(n int) { c.w.scriptsFollowed = c.w.scriptsFollowed[:n] }(len(c.w.scriptsFollowed))
		if len(names) > 0 {
			c.w.scriptsFollowed = append(c.w.scriptsFollowed, scriptKeys(c.w.Where(f), names)...)
			restore, given := c.w.recipeEnv, c.w.givesVars(npmGiven) // toolgiven.go
			c.w.recipeEnv = c.npmRecipeEnv(restore, obj)             // npmenv.go
			c.projectScripts(scripts, names)
			c.w.recipeEnv = restore
			c.npmEnvScripts(obj, scripts, names) // npmenv.go
			given()
			c.npmBins(path.Dir(f), scriptLines(scripts, names)) // npmbins.go
			c.npmDefaults(scripts, names, func(l string) { c.scanRecipeWords([]string{l}, nil) })
		}
		return t, true
	}
	for _, v := range scripts {
		if sc, ok := taskCommand(v); ok {
			c.w.tentative(sc)
		}
	}
	c.npmDefaults(scripts, names, c.w.tentative)
	c.npmBins(path.Dir(f), scriptLines(scripts, []string{"*"}))
	return t, true
}

// npmDefaults runs, with run, the scripts a package manager runs that
// package.json does not list (npm's, @npmcli/run-script's, pnpm's and
// yarn's defaults), when names (the scripts the command runs) hold them:
// start is node server.js when there is none; install is node-gyp rebuild
// when neither install nor preinstall is given and binding.gyp is there.
// node-gyp runs the gyp file's commands (gypCode).
func (c *cmd) npmDefaults(scripts map[string]any, names []string, run func(string)) {
	all := slices.Contains(names, "*")
	if (all || slices.Contains(names, "start")) && scripts["start"] == nil {
		run("node server.js") // nothing runs when server.js is not there
	}
	if (all || slices.Contains(names, "install")) && scripts["install"] == nil && scripts["preinstall"] == nil {
		c.gypCode(".", c.name+" builds a native addon with node-gyp")
	}
}

// gypCode hides a build from the binding.gyp in dir unless it is plain
// data (plainGyp): node-gyp loads it with Python's eval, so any other text
// may run commands (<!(cmd) spelled in any of Python's ways, a string built
// from pieces), which guard does not read (why says what runs it).
// Without binding.gyp nothing is built.
func (c *cmd) gypCode(dir, why string) {
	f := path.Join(dir, "binding.gyp")
	n := c.w.Nread
	t, st := c.w.FileStatus(f, true, effect.MaxScriptBytes)
	c.w.Nread = n
	if st == effect.FileAbsent {
		return
	}
	c.w.Read(f)
	if st != effect.FileWhole || !plainGyp(t) {
		c.w.hide("%s: its binding.gyp is Python that node-gyp evaluates, and not plain data guard reads (strict JSON with no command, action, rule, copy or include, and no path out of the project)", why)
	}
}

// gypRunKeys are the gyp keys whose values run commands, copy files or
// pull in more gyp text.
const gypRunKeys = " actions rules postbuilds copies includes "

// plainGyp reports whether text is a gyp file guard reads whole as data:
// strict JSON (Python reads it as the same values), no key of gypRunKeys,
// no string with a command expansion (<!) and no path that leaves the
// project (absolute, ~, ..).
func plainGyp(text string) bool {
	var v any
	if json.Unmarshal([]byte(text), &v) != nil {
		return false
	}
	var plain func(v any) bool
	plain = func(v any) bool {
		switch t := v.(type) {
		case map[string]any:
			for k, e := range t {
				if strings.Contains(gypRunKeys, " "+strings.TrimRight(k, "!/=+?")+" ") || !plain(k) || !plain(e) {
					return false
				}
			}
		case []any:
			for _, e := range t {
				if !plain(e) {
					return false
				}
			}
		case string:
			return !strings.Contains(t, "<!") && !strings.HasPrefix(t, "/") && !strings.HasPrefix(t, "~") && !strings.Contains(t, "..")
		}
		return true
	}
	return plain(v)
}

// makeAssignment reports whether make's command-line assignment
// NAME=value (opt and v: the word cut at its first =) is one guard reads:
// a plain = after a name without blanks (not :=, ::=, ?=, += nor !=, which
// runs a command), and for MAKEFLAGS, MFLAGS and GNUMAKEFLAGS a value of
// plain flags only (no assignment, no file: .DEFAULT_GOAL=x, -f F).
func makeAssignment(opt, v string) bool {
	if opt == "" || strings.ContainsAny(opt, ":!?+ \t$`(") {
		return false
	}
	switch opt {
	case "MAKEFLAGS", "MFLAGS", "GNUMAKEFLAGS":
		for _, f := range strings.Fields(v) {
			if !plainMakeFlags(f) {
				return false
			}
		}
	}
	return true
}

// plainMakeFlags reports whether f is a cluster of make's flags that take
// no file and set nothing (-j4, -s, -k, --no-print-directory).
func plainMakeFlags(f string) bool {
	switch f {
	case "--no-print-directory", "--print-directory", "--silent", "--quiet", "--keep-going", "--jobs":
		return true
	}
	if j, ok := strings.CutPrefix(f, "--jobs="); ok {
		f = "-j" + j
	}
	f = strings.TrimPrefix(f, "-")
	return f != "" && strings.Trim(f, "ijkrRsSwe0123456789") == ""
}

// taskCommand returns the command of a script or task: a string, or
// deno's {"command": …}.
func taskCommand(v any) (string, bool) {
	switch t := v.(type) {
	case string:
		return t, true
	case map[string]any:
		s, ok := t["command"].(string)
		return s, ok
	}
	return "", false
}

// npmNoScripts are npm's (and yarn's and pnpm's) subcommands that run no
// script of the project's package.json: any other may (install's, pack's,
// publish's, version's lifecycle scripts, rebuild, install-test…), and
// then all of them are scanned.
// npm exec (x) runs a program, not a script of package.json: packageRuns
// analyses the command it runs.
const npmNoScripts word.Set = " ls list ll la view info show v outdated config c get set whoami help search s find doctor ping login logout adduser cache fund explain why prefix root bin owner team token access dist-tag deprecate star stars unstar query sbom docs bugs repo home pkg org profile hook completion help-search exec x "

// scriptsRun returns the package.json scripts the command runs: run X
// (run-script, rum, urn), test, start, stop, restart; "*" (all of them)
// for a subcommand not known to run none (npmNoScripts); yarn, pnpm and
// bun run a script named by their first word too; deno task X; node
// --run X.
func (c *cmd) scriptsRun() []string {
	ws := c.packageWords()
	switch c.name {
	case "node":
		for j, a := range c.args {
			if v, ok := strings.CutPrefix(a.Text, "--run="); ok {
				return []string{v}
			}
			if a.Text == "--run" && j+1 < len(c.args) {
				return []string{c.args[j+1].Text}
			}
		}
		return nil
	case "deno":
		if len(ws) > 0 && ws[0] == "task" {
			return []string{"*"}
		}
		return nil
	}
	if len(ws) == 0 {
		if c.name == "npm" {
			return nil
		}
		ws = []string{"install"} // a bare yarn, pnpm or bun installs
	}
	switch {
	case ws[0] == "run" || ws[0] == "run-script" || ws[0] == "rum" || ws[0] == "urn":
		return ws[1:min(2, len(ws))]
	case ws[0] == "test" || ws[0] == "t" || ws[0] == "tst":
		return []string{"test"}
	case ws[0] == "start" || ws[0] == "stop" || ws[0] == "restart":
		return []string{"*"} // restart runs stop and start when it has none
	case npmNoScripts.Has(ws[0]):
		return nil
	case c.name == "npm" && ws[0] == "audit" && (len(ws) < 2 || ws[1] != "fix"):
		return nil // audit, audit signatures: a report; audit fix reifies
	}
	return []string{"*"}
}

// npmInstallVerbs are npm's subcommands that run a package's install
// scripts (npm's "Life Cycle Operation Order": preinstall, install,
// postinstall, prepublish, preprepare, prepare, postprepare, and
// dependencies after node_modules changed); npmInstallTests run test
// after them. The reify family (uninstall, dedupe, prune, audit fix)
// changes node_modules as install does: a workspace or local package it
// links runs its install scripts and prepare (npmRootScripts: the
// root's own are fewer).
const (
	npmInstallVerbs word.Set = " install i in ins inst insta instal isnt isnta isntal isntall add ci clean-install ic install-clean isntall-clean update u up upgrade udpate rebuild rb link ln uninstall unlink remove rm r un dedupe ddp prune audit "
	npmInstallTests word.Set = " install-test it install-ci-test cit "
	// otherInstallVerbs are yarn's, pnpm's and bun's (their install
	// scripts, and pnpm's pnpm:devPreinstall).
	otherInstallVerbs word.Set = " install i add a update up upgrade rebuild rb "
)

// lifecycleNames returns the scripts (each with its pre and post
// scripts) a package manager's subcommand runs where scriptsRun gave
// "*" and the manager documents which: start, stop (restart: restart, or
// stop and start); the install family, npm's pack, publish and version. Any
// other subcommand keeps "*": every script may run. The words that pick
// the packages (workspaces, local dependencies) still see "*".
func (c *cmd) lifecycleNames(names []string) []string {
	ws := c.packageWords()
	if !slices.Contains(names, "*") || len(ws) == 0 && c.name == "npm" {
		return names
	}
	if len(ws) == 0 {
		ws = []string{"install"} // a bare yarn, pnpm or bun installs
	}
	install := []string{"install", "prepublish", "prepare", "dependencies", "pnpm:devPreinstall"}
	switch v := ws[0]; {
	case v == "start" || v == "stop":
		return []string{v}
	case v == "restart":
		return []string{"restart", "stop", "start"}
	case c.name != "npm" && otherInstallVerbs.Has(v):
		return install
	case c.name != "npm":
		return names
	case npmInstallVerbs.Has(v):
		return install
	case npmInstallTests.Has(v):
		return append(install, "test")
	case v == "pack":
		return []string{"pack", "prepare"} // prepack, postpack
	case v == "publish":
		return []string{"publishOnly", "pack", "prepare", "publish"} // prepublishOnly, prepack, postpack, postpublish
	case v == "version":
		return []string{"version"}
	}
	return names
}

// npmValueOption reports whether option word s is npm's --prefix or
// --workspace, or an abbreviation of one, without =VALUE: its value is
// the next word.
func npmValueOption(s string) bool {
	o := catalogue.NpmOption(s)
	return !o.Eq && !o.No && (o.Key == "prefix" || o.Key == "workspace")
}

// packageWords returns the operands of a package manager's command line;
// after --, every word (nopt's remain).
func (c *cmd) packageWords() []string {
	var ws []string
	if c.name == "npm" {
		at, _ := catalogue.NpmArgv(word.Texts(c.args)) // nopt, npm's settings
		for _, j := range at {
			ws = append(ws, c.args[j].Text)
		}
		return ws
	}
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].Text
		switch {
		case s == "--":
			// nopt's remain: every later word is an operand (npm -- ci,
			// npm i -- ./lp), a script's own arguments after run's.
			for _, a := range c.args[j+1:] {
				ws = append(ws, a.Text)
			}
			j = len(c.args)
		case s == "--cwd" || s == "-C" || s == "--dir" || s == "-w" || s == "--filter" || npmValueOption(s):
			j++
		case !strings.HasPrefix(s, "-"):
			ws = append(ws, s)
		}
	}
	return ws
}
