package shell

// Test runners and build tools that load project code they discover
// (catalogue.TestRunners): go test, cargo build, node --test, jest,
// pytest, python -m unittest, prove, bats, gotestsum, ginkgo, scons, php
// artisan test… run files the command does not name. Each file the
// runner loads by default is scanned as a program file an interpreter
// runs is (scanFile, its imports followed where guard has a loader);
// when an option or a configuration file changes what the runner
// discovers, every file of its language under the start directories is.
// Past the bounds (maxRunnerFiles, maxRunnerBytes, the reader's listing
// bounds) the command runs code guard could not read: a block.

import (
	"fmt"
	"path"
	"slices"
	"strings"
	"time"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// maxRunnerFiles bounds the discovered files scanned for one command.
const maxRunnerFiles = 2048

// maxRunnerTime bounds the time they are scanned in: the hook has 5 s.
const maxRunnerTime = 2500 * time.Millisecond

// maxRunnerBytes bounds their text.
const maxRunnerBytes = 24 << 20

// testRunner scans the files a test runner or a build tool discovers:
// the program of the command (commandProgram: yarn jest, pnpm exec jest
// run jest).
func (c *cmd) testRunner() {
	c.commandRunner(append([]word.Word{{Text: c.name, Known: true}}, c.args...))
}

// commandRunner scans the files the runner simple command ws runs, when
// its program (commandProgram) is one, discovers.
func (c *cmd) commandRunner(ws []word.Word) {
	ws = commandProgram(ws)
	if len(ws) == 0 {
		return
	}
	r, args := runnerOf(path.Base(ws[0].Text), ws[1:])
	build := false
	if r == nil {
		if r, args = goBuilder(path.Base(ws[0].Text), ws[1:]); r == nil {
			if r, args = cargoBuilder(path.Base(ws[0].Text), ws[1:]); r == nil { // cargobuild.go
				return
			}
		}
		build = true
	}
	key := c.runnerKey(r, args)
	if build {
		key += "\x00build" // go build ./... then go test ./...: the test's scan is its own
	}
	if c.w.runnerScans[key] {
		return // make test: test's recipe and a task file's word alike
	}
	if c.w.runnerScans == nil {
		c.w.runnerScans = map[string]bool{}
	}
	c.w.runnerScans[key] = true
	c.runnerScan(r, args, build)
}

// goBuilder returns the go runner and its words after the subcommand when
// name and args are a go command that compiles packages without running
// them (go build, vet, install): what the compiler reads is the
// command's (buildIncludes), the code's own names are not.
func goBuilder(name string, args []word.Word) (*catalogue.TestRunner, []word.Word) {
	if name != "go" {
		return nil, nil
	}
	for j, a := range args {
		switch a.Text {
		case "build", "vet", "install":
			return catalogue.TestRunnerNamed("go"), args[j+1:]
		case "-C":
			continue
		}
		if !strings.HasPrefix(a.Text, "-") && (j == 0 || args[j-1].Text != "-C") {
			return nil, nil
		}
	}
	return nil, nil
}

// runnerKey names a scan of runner r with args: where it runs, and what
// came before it and beside it. A runner walked again (a function's body
// or an alias's text at each call, the same words later in the command)
// after a write, a touch or a changer, or in the background, is checked
// and scanned again: what it loads there is not what the first scan read.
func (c *cmd) runnerKey(r *catalogue.TestRunner, args []word.Word) string {
	w := c.w
	concurrent := w.InJob() || w.stages > 0
	return fmt.Sprintf("%s\x00%s\x00%s\x00%d %d %d %t", w.Where("."), r.Name, word.Join(args),
		len(*w.WriteList), len(*w.TouchList), w.changers, concurrent)
}

// recipeRunners scans the files the runners a build-file command line
// (words: an npm script, a make recipe) runs discover: npm test running
// jest, make test running go test, CI=1 time pytest.
func (c *cmd) recipeRunners(words []word.Word) {
	for _, sc := range simpleCommands(words) {
		c.commandRunner(sc)
	}
}

// runnerScan scans the files runner r, run with args, discovers; build:
// it compiles them only (go build, cargo build), and only what the
// compiler reads is looked at, and what runs at build time (cargo's
// build scripts and proc macros).
func (c *cmd) runnerScan(r *catalogue.TestRunner, args []word.Word, build bool) {
	l, ok := c.w.Files.(effect.SourceLister)
	if !ok {
		return // no reader: nothing on disk to look at
	}
	if !c.goResolves(r) {
		return
	}
	args, all := c.runnerEnv(r, args)
	dirs, more, ok := c.runnerStarts(r, args)
	if !ok {
		return
	}
	dirs, extra := c.runnerRoots(r, dirs)
	// A go build only reads: a program before it that may change its code
	// could read the file itself. cargo's runs its build scripts.
	if (!build || r.Name == "cargo") && c.runnerChanged(r, dirs) || c.runnerGlobs(r, dirs) {
		return
	}
	all = all || more
	for _, d := range slices.Clone(dirs) {
		cf, more := c.runnerConfig(r, d)
		all = cf || all
		dirs = append(dirs, more...)
	}
	mod, pats, narrow := "", []string(nil), false
	if r.Name == "go" {
		mod, pats, narrow = c.goNarrows(r, args, dirs, all)
	}
	files, ok := c.runnerFiles(r, l, dirs, all, r.Name == "go" && !narrow)
	if !ok || r.Name == "cargo" && c.cargoGitSources(dirs, files) { // cargobuild.go
		return
	}
	if r.Exts == " .go " && !narrow {
		if files, ok = c.goPackages(l, files); !ok {
			return
		}
	}
	files = append(files, extra...)
	limit := effect.MaxProgramBytes
	if r.Interp == "" {
		limit = maxRunnerBytes // a literal scan: a generated data file (a model, test vectors) is read whole
	}
	nread := c.w.Nread
	if narrow {
		if files, ok = c.goLoads(l, mod, dirs[0], pats, files, limit); !ok {
			return
		}
	}
	// Every file is read before any is scanned: the names a file's text
	// gives are what the code may write once it runs, after the runner
	// has loaded them all.
	texts, ok := c.runnerTexts(files, limit, nread)
	if !ok {
		return
	}
	if build && r.Name == "cargo" {
		files, texts = c.cargoTargets(files, texts, args) // cargobuild.go
	}
	if r.Interp == "" && !c.buildIncludes(files, texts) { // #include, .incbin, include_str!
		return
	}
	if build {
		if r.Name == "cargo" {
			c.cargoBuildScripts(r, files, texts, nread) // build.rs, proc-macro crates (cargobuild.go)
		}
		return
	}
	c.scanRunnerTexts(r, files, texts, nread)
	if r.Interp == "node" {
		c.w.Nread = nread
		c.nodePackages(dirs, texts)
	}
}

// runnerTexts reads the files a runner loads, each within limit bytes and
// all within maxRunnerBytes; false, the command hidden, past that.
func (c *cmd) runnerTexts(files []string, limit, nread int) ([]string, bool) {
	texts := make([]string, 0, len(files))
	size := 0
	for _, p := range files {
		c.w.Nread = nread // counted by maxRunnerFiles, each with its imports' effect.MaxFiles
		text, ok := c.w.FileText(p, true, limit, "a program")
		if size += len(text); size > maxRunnerBytes {
			c.w.hide("runs %s, which loads more of the project's code than guard reads (%d bytes): it cannot tell what the rest does", c.name, maxRunnerBytes)
			return nil, false
		}
		if !ok {
			text = "" // FileText said why
		}
		texts = append(texts, text)
	}
	return texts, true
}

// scanRunnerTexts scans the texts of the files runner r loads, each file
// within the bounds of one program file (the files it reads, the words
// it runs), and all of them within maxRunnerTime; one module loader
// follows their imports, each module read once within its bounds.
func (c *cmd) scanRunnerTexts(r *catalogue.TestRunner, files, texts []string, nread int) {
	var m *moduleLoader
	if r.Interp != "" {
		m = c.newLoader(lang.FamilyOf(r.Interp))
	}
	if m != nil {
		for _, f := range files {
			m.seen[word.Clean(c.w.Where(f))] = true // scanned here, not loaded again as a module
		}
	}
	words, fileWords := c.w.words, c.w.fileWords
	until := time.Now().Add(maxRunnerTime)
	for i, text := range texts {
		if time.Now().After(until) {
			c.w.hide("runs %s, which loads more of the project's code than guard reads in %s (%d of %d files read): it cannot tell what the rest does", c.name, maxRunnerTime, i, len(texts))
			return
		}
		c.w.Nread, c.w.words, c.w.fileWords = nread, words, fileWords
		if r.LoadsAlso(path.Base(files[i])) {
			text = lang.DoctestCode(text) // pytest's test*.txt
		}
		switch {
		case text == "":
		case r.Interp == "":
			c.scanCompiled(text, files[i]) // go, rust: the names it gives; cmake's calls too
		case catalogue.Shells.Has(r.Interp):
			c.scanWords(strings.Split(text, "\n"), nil, effect.MaxScriptBytes) // bats: as a recipe's script is
		default:
			c.scanFile(text, false)
			if m != nil {
				if m.fam == lang.Python && len(m.dirs) > 0 {
					m.dirs[0] = "" // each file's own directory first (program)
				}
				m.program(text, files[i])
			}
		}
	}
}

// runnerFiles returns the files runner r loads under directories dirs:
// those on disk and those the command writes there first; false, the
// command hidden, past the bounds. wide looks into the directories r
// skips for discovery but its loader reaches by import (go's testdata/).
func (c *cmd) runnerFiles(r *catalogue.TestRunner, l effect.SourceLister, dirs []string, all, wide bool) ([]string, bool) {
	var out []string
	add := func(p string) bool {
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
		if len(out) > maxRunnerFiles {
			c.w.hide("runs %s, which loads more of the project's code than guard reads (%d files): it cannot tell what the rest does", c.name, maxRunnerFiles)
			return false
		}
		return true
	}
	keep := func(rel string) bool { return r.Loads(rel, all) }
	for _, d := range dirs {
		dir := word.Clean(c.w.Where(d))
		names, err := l.Sources(dir, c.runnerSkip(r, d, wide), keep, maxRunnerFiles)
		if err != nil {
			c.w.hide("runs %s, which loads the project's code it finds under %s: guard could not list all of it (%v), so it cannot tell what that code does", c.name, d, err)
			return nil, false
		}
		for _, n := range names {
			if !add(path.Join(d, n)) {
				return nil, false
			}
		}
		for _, f := range c.w.Written { // cat > a_test.go <<EOF …; go test
			rel, below := strings.CutPrefix(f.Path, dir+"/")
			if dir == "." && !strings.HasPrefix(f.Path, "/") {
				rel, below = f.Path, true
			}
			if below && runnerUses(r, rel, all) && !add(path.Join(d, rel)) {
				return nil, false
			}
		}
	}
	return out, true
}

// runnerOf returns the runner program name is and its words (args)
// after the program (or after python's -m MODULE, an interpreter's
// program file, or the subcommand), or nil.
func runnerOf(name string, args []word.Word) (*catalogue.TestRunner, []word.Word) {
	if strings.HasPrefix(name, "python") {
		name = ""
		for j := 0; j+1 < len(args) && strings.HasPrefix(args[j].Text, "-"); j++ {
			if args[j].Text == "-m" {
				name, args = args[j+1].Text, args[j+2:]
				break
			}
		}
	}
	r := catalogue.TestRunnerNamed(name)
	if in, ok := catalogue.InterpreterOf(name); ok && r == nil {
		// php artisan test, php vendor/bin/phpunit: a program file named
		// as a runner is that runner.
		if js := programFiles(in, args); len(js) > 0 && args[js[0]].Known {
			r, args = catalogue.TestRunnerNamed(path.Base(args[js[0]].Text)), args[js[0]+1:]
		}
	}
	if r == nil {
		return nil, nil
	}
	if r.Subs != "" {
		j := 0
		for j < len(args) && !strings.Contains(r.Subs, " "+args[j].Text+" ") {
			j++ // cargo +nightly test, go -C d test, cargo --color always test
		}
		if j == len(args) {
			return nil, nil
		}
		args = args[j+1:]
	}
	if r.Flag != "" && !hasWord(args, r.Flag) {
		return nil, nil
	}
	return r, args
}

// hasWord reports whether one of args is s.
func hasWord(args []word.Word, s string) bool {
	for _, a := range args {
		if a.Text == s {
			return true
		}
	}
	return false
}

// runnerStarts returns the directories runner r discovers code under and
// whether every file of its language is loaded there (all): an option of
// r.Options, more operands than r.Ops, or a configuration file of
// r.Config changes what it discovers. Operands that name directories are
// start directories; python's runners take them instead of the working
// directory, the others as well as it (go test ./t runs the module's
// init functions, cmake .. configures the parent).
func (c *cmd) runnerStarts(r *catalogue.TestRunner, args []word.Word) (dirs []string, all, ok bool) {
	var ops []string
	py, _ := catalogue.PyRunnerOf(strings.ReplaceAll(r.Name, ".", "")) // pytest -k EXPR, unittest -p PATTERN
	for _, a := range args {
		if g := r.ChangesGlobs(a.Text); g != "" { // an option or an -o KEY=VALUE
			c.w.hide("runs %s with %s, which changes the files it loads as code in a way guard does not model: it cannot tell what runs", c.name, g)
			return nil, false, false
		}
	}
	for j := 0; j < len(args); j++ {
		a := args[j].Text
		opt, _, _ := strings.Cut(a, "=")
		switch {
		case a == "-s" || a == "--start-directory" || a == "-S" || a == "-B":
			if j+1 < len(args) {
				ops = append(ops, args[j+1].Text)
				j++
			}
		case strings.HasPrefix(a, "-") && hasOption(r.Adds, opt):
			c.w.hide("runs %s with %s, which loads code from a place guard does not read: it cannot tell what that code does", c.name, opt)
			return nil, false, false
		case strings.HasPrefix(a, "-"):
			if strings.Contains(r.Options, " "+opt+" ") || len(opt) > 2 && opt[1] != '-' && strings.Contains(r.Options, " "+opt[:2]+" ") {
				all = true
			}
			if py.Values.Has(a) || py.Modules.Has(a) || !strings.Contains(a, "=") && hasOption(r.Values, opt) {
				j++ // its value
			}
		case a == "discover" || !args[j].Known:
		case strings.Contains(a, "::"):
			ops = append(ops, a[:strings.Index(a, "::")]) // pytest x/test_b.py::test_a: the file
		default:
			ops = append(ops, a)
		}
	}
	if r.Ops > 0 && len(ops) > r.Ops {
		all = true // unittest discover DIR PATTERN
	}
	if r.Interp != "python3" || len(ops) == 0 {
		dirs = append(dirs, ".")
	}
	for _, d := range ops {
		switch d = strings.TrimSuffix(d, "/..."); {
		case strings.HasSuffix(d, ".py"):
			// pytest x/test_b.py: conftest.py files load from the file's
			// directory up to the rootdir.
			dirs = append(dirs, path.Dir(d))
		case d == "." || d == "...":
			dirs = append(dirs, ".")
		default:
			dirs = append(dirs, d) // go test ../x/...: the directory
		}
	}
	dirs = slices.Compact(dirs)
	return dirs, all, true
}

// runnerGlobs hides the command when a configuration file of r in dirs
// or above them (pytest's rootdir) changes which files r loads in a way
// guard does not model (an ini's addopts = --doctest-glob=*.rst).
func (c *cmd) runnerGlobs(r *catalogue.TestRunner, dirs []string) bool {
	if r.Globs == "" {
		return false
	}
	for _, d := range dirs {
		up, _ := c.ancestors(d)
		for _, dir := range up {
			for _, cf := range strings.Fields(r.Config) {
				name, _, _ := strings.Cut(cf, ":")
				t, st := c.w.FileStatus(path.Join(dir, name), true, effect.MaxScriptBytes)
				if st == effect.FileAbsent {
					continue
				}
				if g := r.ChangesGlobs(t); g != "" || st != effect.FileWhole {
					c.w.hide("runs %s with %s, which may change the files it loads as code (%s) in a way guard does not model: it cannot tell what runs", c.name, path.Join(dir, name), g)
					return true
				}
			}
		}
	}
	return false
}

// hasOption reports whether option opt (-name, or --name) is one of
// names: go reads -overlay and --overlay alike.
func hasOption(names, opt string) bool {
	return strings.Contains(names, " "+opt+" ") || strings.HasPrefix(opt, "--") && strings.Contains(names, " "+opt[1:]+" ")
}

// runnerConfig reports whether directory d holds a configuration file of
// r that changes what it discovers, and the directories outside d it
// names that a compiled language's build loads (go.mod's replace => ../x,
// go.work's use, Cargo.toml's path = "../x"): walked as well. Any other
// runner's configuration naming such a place is code guard does not read.
func (c *cmd) runnerConfig(r *catalogue.TestRunner, d string) (bool, []string) {
	for _, cf := range strings.Fields(r.Config) {
		name, text, holds := strings.Cut(cf, ":")
		t, st := c.w.FileStatus(path.Join(d, name), true, effect.MaxScriptBytes)
		if st == effect.FileAbsent || holds && st == effect.FileWhole && !strings.Contains(t, text) {
			continue
		}
		if !strings.Contains(t, "../") && !strings.Contains(t, "= /") && !strings.Contains(t, "> /") && !strings.Contains(t, "\"/") {
			return true, nil
		}
		var out []string
		if r.Interp == "" {
			out = outsidePaths(t, d)
		}
		if len(out) == 0 || len(out) > maxConfigDirs {
			c.w.hide("runs %s with %s, which may name code outside the directories guard reads (../, /…): it cannot tell what that code does", c.name, path.Join(d, name))
		}
		return true, out
	}
	return false, nil
}

// maxConfigDirs bounds the directories a build's configuration names that
// guard walks.
const maxConfigDirs = 16

// outsidePaths returns the directories outside d (../x, /x) configuration
// text t names, as the command names them.
func outsidePaths(t, d string) []string {
	var out []string
	words := strings.FieldsFunc(t, func(r rune) bool { return strings.ContainsRune(" \t\n\"'=,[]{}()>", r) })
	for _, w := range words {
		if w != ".." && !strings.HasPrefix(w, "../") && !strings.HasPrefix(w, "/") || strings.HasPrefix(w, "//") {
			continue
		}
		p := w
		if !strings.HasPrefix(w, "/") {
			p = path.Join(d, w)
		}
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

// scanCompiled scans file name, of a language guard has no interpreter
// model for (go, rust, cmake): the protected places its text names
// (scanNames), not the script calls scanEffects and codeDirs model, which
// read a compiled program's API as a script's (exec.Command(name) as a
// computed program, os.Chdir(dir) in a test helper as a move to a
// directory guard cannot tell). What such code computes guard does not see
// either way (docs/HOOKS.md), so the names are a heuristic: a path in
// prose or joined to a value guard cannot tell is a read, and Go's
// comments and data literals are no names (lang.GoText). CMake is no
// compiled code: cmake runs it, so its calls are modelled too (cmakecode.go).
func (c *cmd) scanCompiled(text, name string) {
	cc := compiledCode{dir: "."}
	if strings.HasSuffix(name, ".go") {
		text = lang.GoText(text) + "\n" + lang.CgoPreamble(text) // the preamble is C code, not a comment
	}
	if strings.HasSuffix(name, "_test.go") {
		cc.dir = path.Dir(name) // go test runs a package's tests in its directory
	}
	if strings.HasSuffix(name, ".rs") {
		text += "\n" + lang.RustConcats(text) // concat!(env!("HOME"), "/.bashrc"): the name it makes (FINDINGS56b G9)
	}
	if cmakeFile(name) {
		c.cmakeScript(text, name)                      // CMake is a script cmake runs (cmakecode.go)
		text = strings.ReplaceAll(text, "$ENV{", "${") // the home as the shell spells it
	}
	c.scanNames(text, &cc, nil)
}

// cmakeFile reports whether file name is a CMake script: CMakeLists.txt
// or NAME.cmake.
func cmakeFile(name string) bool {
	return path.Base(name) == "CMakeLists.txt" || strings.HasSuffix(name, ".cmake")
}
