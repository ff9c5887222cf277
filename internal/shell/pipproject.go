package shell

import (
	"path"
	"strings"

	"mvdan.cc/sh/v3/expand"

	"github.com/guardhq/guard/internal/archive"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// A local python project's build: what its
// build backend runs. A known backend on a static configuration runs no
// code of the project's but what guard reads: setup.py (analysed as the
// python program it is, run in the directory), a hatch or pdm build hook
// file, poetry's build.py, and the modules setuptools imports for an
// attr: value (import m, read as python's import is). An in-tree backend
// (backend-path), a backend guard does not know, cmdclass, a custom hook
// path, a start-up file named in the configuration, or a file guard cannot
// read whole is hidden: guard cannot tell what code the build runs.

// pyBackends are the build backends guard knows to run only what it reads
// (with the hook files of pipProject).
const pyBackends word.Set = " setuptools.build_meta setuptools.build_meta:__legacy__ hatchling.build poetry.core.masonry.api " +
	"poetry.masonry.api flit_core.buildapi flit.buildapi pdm.backend pdm.pep517.api uv_build "

// pyBuildHooks are, per backend, the files of the project it imports or
// runs.
func pyBuildHooks(backend string) []string {
	switch {
	case strings.HasPrefix(backend, "hatchling"):
		return []string{"hatch_build.py"}
	case strings.HasPrefix(backend, "pdm"):
		return []string{"pdm_build.py"}
	case strings.HasPrefix(backend, "poetry"):
		return []string{"build.py"}
	}
	return nil
}

// pipProject checks the build of the local project in directory s.
func (c *cmd) pipProject(s string) {
	if !word.IsKnown(s) { // $PWD/x is known
		c.w.hide("builds a local package whose path guard cannot tell")
		return
	}
	dir := strings.TrimRight(s, "/")
	if dir == "" {
		dir = "/"
	}
	quoted := word.Quote(dir)
	if rest, ok := strings.CutPrefix(dir, "~/"); ok {
		quoted = "~/" + word.Quote(rest)
	}
	runs, ok := c.pyConfig(dir)
	if !ok {
		return
	}
	src := "(cd " + quoted + " && python3 setup.py)" // what the build backend runs
	for _, r := range runs {
		src += "; (cd " + quoted + " && " + r + ")"
	}
	c.w.scoped(func() { c.w.script(src, c.w.depth+1) })
}

// pyConfig reads the project's pyproject.toml and setup.cfg and returns
// the commands that stand for what its build runs besides setup.py, or
// false when it hid the command.
func (c *cmd) pyConfig(dir string) ([]string, bool) {
	var runs []string
	for _, f := range [...]string{"pyproject.toml", "setup.cfg"} {
		t, st := c.w.FileStatus(dir+"/"+f, true, effect.MaxScriptBytes)
		if st == effect.FileAbsent {
			continue
		}
		if st != effect.FileWhole {
			c.w.hide("builds a local package whose %s guard cannot read whole", f)
			return nil, false
		}
		if why := pyConfigHidden(t); why != "" {
			c.w.hide("builds a local package whose %s names %s: guard cannot tell what code the build runs", f, why)
			return nil, false
		}
		mods, ok := attrModules(t)
		if !ok {
			c.w.hide("builds a local package whose %s names a module guard cannot read for an attr: value", f)
			return nil, false
		}
		if f == "pyproject.toml" {
			backend := tomlValue(t, "build-backend")
			if backend != "" && !pyBackends.Has(backend) {
				c.w.hide("builds a local package with a build backend guard does not know (%s): it cannot tell what code the build runs", word.Quote(backend))
				return nil, false
			}
			for _, h := range pyBuildHooks(backend) {
				runs = append(runs, "python3 "+h)
			}
			if strings.HasPrefix(backend, "flit") && strings.Contains(t, "dynamic") {
				mods = append(mods, strings.ReplaceAll(tomlValue(t, "name"), "-", "_")+":__version__") // flit imports the module for its version
			}
		}
		for _, m := range mods {
			mod, attr, _ := strings.Cut(m, ":")
			if mod != "" && !c.staticAttr(dir, mod, attr) {
				runs = append(runs, "PYTHONPATH=src python3 -c "+word.Quote("import "+mod))
			}
		}
	}
	return runs, true
}

// pyConfigHidden returns what of a build configuration makes its build
// run code guard does not read, or "".
func pyConfigHidden(t string) string {
	for _, bad := range [...]string{"backend-path", ".pth", "sitecustomize", "usercustomize", "cmdclass", "hooks.custom", "tool.poetry.build"} {
		if strings.Contains(t, bad) {
			return word.Quote(bad)
		}
	}
	return ""
}

// attrModules returns the modules a build configuration's attr values
// import (version = {attr = "m.VERSION"}, version = attr: m.__version__);
// false for one guard cannot read as a module name.
func attrModules(t string) ([]string, bool) {
	var out []string
	for off := 0; off < len(t) && len(out) < 16; {
		i := strings.Index(t[off:], "attr")
		if i < 0 {
			break
		}
		i += off
		off = i + 4
		if i > 0 && word.IsWordChar(t[i-1]) || off < len(t) && word.IsWordChar(t[off]) {
			continue
		}
		rest := strings.TrimLeft(t[off:], " \t")
		if rest == "" || rest[0] != '=' && rest[0] != ':' {
			continue
		}
		v := strings.TrimLeft(rest[1:], " \t")
		v = strings.TrimLeft(v, `"'`)
		end := strings.IndexAny(v, "\"'} ,\t\r\n")
		if end < 0 {
			end = len(v)
		}
		v = v[:end]
		k := strings.LastIndexByte(v, '.')
		if k <= 0 || !pyDotted(v[:k]) {
			return nil, false
		}
		out = append(out, v[:k]+":"+v[k+1:])
	}
	return out, true
}

// staticAttr reports whether setuptools reads attribute attr of module mod
// of the project in dir without importing it: the last line of the
// module's file (in dir or dir/src) that assigns it gives it a string
// literal at the top level.
func (c *cmd) staticAttr(dir, mod, attr string) bool {
	rel := strings.ReplaceAll(mod, ".", "/")
	for _, f := range [...]string{rel + "/__init__.py", rel + ".py", "src/" + rel + "/__init__.py", "src/" + rel + ".py"} {
		t, st := c.w.FileStatus(dir+"/"+f, true, maxModuleBytes)
		if st != effect.FileWhole {
			continue
		}
		static := false // the last assignment counts, as setuptools reads it
		for _, line := range strings.Split(t, "\n") {
			k, v, ok := strings.Cut(line, "=")
			if !ok || attr == "" || !strings.Contains(k, attr) || strings.HasPrefix(v, "=") {
				continue
			}
			v = strings.TrimSpace(v)
			static = strings.TrimSpace(k) == attr && k[0] != ' ' && k[0] != '\t' && len(v) >= 2 &&
				(v[0] == '"' || v[0] == '\'') && strings.IndexByte(v[1:], v[0]) == len(v)-2 // __version__ = "1.2"
		}
		return static
	}
	return false
}

// pyDotted reports whether s is a dotted python name.
func pyDotted(s string) bool {
	for _, p := range strings.Split(s, ".") {
		if !word.IsName(p) {
			return false
		}
	}
	return s != ""
}

// tomlValue returns the string value of the first key = "value" line of
// TOML text t, or "".
func tomlValue(t, key string) string {
	for _, line := range strings.Split(t, "\n") {
		k, v, ok := strings.Cut(line, "=")
		if ok && strings.TrimSpace(k) == key {
			return strings.Trim(strings.TrimSpace(v), `"'`)
		}
	}
	return ""
}

// buildArgs checks python -m build (pyproject-build): it builds the
// source directory operand, the working directory by default.
func (c *cmd) buildArgs(args []word.Word) {
	dir := "."
	for j := 0; j < len(args); j++ {
		s := args[j].Text
		switch {
		case s == "-o" || s == "--outdir" || s == "-C" || s == "--config-setting" || s == "--installer":
			j++
		case !strings.HasPrefix(s, "-"):
			dir = s
		}
	}
	c.pipProject(dir)
}

// uvWithArg are uv's options that take the next word.
const uvWithArg word.Set = " --directory --project -p --python --cache-dir --config-file --color --index-url -i " +
	"--extra-index-url --index --default-index -f --find-links --package --extra --group -o --out-dir --with -w " +
	"--python-platform --exclude-newer --index-strategy --keyring-provider --resolution --prerelease --link-mode "

// uvArgs checks uv's front ends: uv pip (pip's), uv add and uv tool
// install (requirements), and uv sync, run, build, lock (the project,
// --project's or the working directory's), all in --directory's, which
// uv enters first. Where the project and the directory are is read once
// for every word (uvPlace).
func (c *cmd) uvArgs(args []word.Word) {
	p, ok := c.uvPlace(args)
	if !ok {
		return
	}
	if p.config != "" && uvProjectSubs.Has(p.sub) {
		c.w.hide("runs uv with a configuration file (--config-file, UV_CONFIG_FILE) guard does not read: its indexes, find-links and sources may build code it cannot see")
		return
	}
	if p.directory == "" {
		c.uvSub(args, p.project)
		return
	}
	c.inDir(c.w.dest(p.directory), func() {
		c.uvEntered = true
		defer func() { c.uvEntered = false }()
		c.uvSub(args, p.project)
	})
}

// uvRun checks uv run as a prefix (args from "run"): the packages it
// builds before its command (uvWith) and, when --project, --directory,
// --config-file or their variables move it out of the working directory,
// that project as uv sync's (uvArgs). The working directory's own project
// is left to the command's other checks, as before.
func (c *cmd) uvRun(args []word.Word) {
	p, ok := c.uvPlace(args)
	if !ok {
		return
	}
	if p.project != "" && word.Clean(p.project) != "." || p.directory != "" && word.Clean(p.directory) != "." || p.config != "" {
		c.uvArgs(args)
		return
	}
	c.pipSettings()
	c.uvWith(args[1:], false)
}

// uvProjectSubs are uv's subcommands that resolve, build or install the
// project (uv add/remove edit it and sync it).
const uvProjectSubs word.Set = " add remove sync run lock build export tree version "

// uvGlobals are uv's global options that move where uv works: clap takes
// them before the subcommand and after it (up to uv run's command).
const uvGlobals word.Set = " --project --directory --config-file "

// uvWhere is where one uv command works: the subcommand word, the
// --project, --directory and --config-file values ("" when not given).
type uvWhere struct{ sub, project, directory, config string }

// uvPlace reads uv's global options in every word they may stand
// (before the subcommand; after it, up to uv run's command, or up to --
// for the others), then their environment equivalents (UV_PROJECT,
// UV_WORKING_DIRECTORY, UV_WORKING_DIR, UV_CONFIG_FILE) for what the words
// do not give. false when one is a value guard cannot tell (hidden).
func (c *cmd) uvPlace(args []word.Word) (uvWhere, bool) {
	var p uvWhere
	set := func(name, val string) {
		switch name {
		case "--project":
			p.project = val
		case "--directory":
			p.directory = val
		case "--config-file":
			p.config = val
		}
	}
	j := 0
	for ; j < len(args); j++ {
		s := args[j].Text
		name, val, eq := strings.Cut(s, "=")
		switch {
		case eq && uvGlobals.Has(name):
			set(name, val)
		case uvGlobals.Has(s) && j+1 < len(args):
			j++
			set(s, args[j].Text)
		case uvWithArg.Has(s):
			j++
		case strings.HasPrefix(s, "-"):
		default:
			p.sub = s
		}
		if p.sub != "" {
			break
		}
	}
	if p.sub == "run" {
		opts, _ := uvRead(args[j+1:]) // up to the command uv runs
		for _, o := range opts {
			set(o.name, o.val)
		}
	} else if uvProjectSubs.Has(p.sub) {
		for k := j + 1; k < len(args) && args[k].Text != "--"; k++ {
			s := args[k].Text
			name, val, eq := strings.Cut(s, "=")
			switch {
			case eq && uvGlobals.Has(name):
				set(name, val)
			case uvGlobals.Has(s) && k+1 < len(args):
				k++
				set(s, args[k].Text)
			case uvRunArg.Has(s):
				k++
			}
		}
	}
	for _, e := range [...]struct{ v, opt string }{
		{"UV_WORKING_DIRECTORY", "--directory"}, {"UV_WORKING_DIR", "--directory"},
		{"UV_PROJECT", "--project"}, {"UV_CONFIG_FILE", "--config-file"},
	} {
		if v, ok := c.uvVar(e.v); !ok {
			return p, false
		} else if v != "" && (e.opt == "--directory" && p.directory == "" || e.opt == "--project" && p.project == "" || e.opt == "--config-file" && p.config == "") {
			set(e.opt, v)
		}
	}
	for _, v := range [...]string{p.project, p.directory, p.config} {
		if word.HasMark(v) {
			c.w.hide("runs uv in a project or directory whose name guard cannot tell")
			return p, false
		}
	}
	return p, true
}

// uvVar returns the value of uv's environment variable name as the
// command sets it ("" when it does not); false, hidden, when the command
// sets it to a value guard cannot tell.
func (c *cmd) uvVar(name string) (string, bool) {
	v := c.w.variable(name)
	switch {
	case !c.w.declared(name) || !v.Set:
		return "", true // the agent's shell's, taken as unset (as AWKPATH)
	case v.Kind != expand.String || word.HasMark(v.Str):
		c.w.hide("sets %s to a value guard cannot tell: it moves where uv works", name)
		return "", false
	}
	return v.Str, true
}

// uvSub checks uv's subcommand (uvArgs); project is --project's value
// (uvPlace), "" for the working directory's.
func (c *cmd) uvSub(args []word.Word, project string) {
	dir := "."
	if project != "" {
		dir = project
	}
	for j := 0; j < len(args); j++ {
		s := args[j].Text
		switch {
		case uvWithArg.Has(s):
			j++
		case strings.HasPrefix(s, "-"):
		case s == "pip":
			c.pipSub(args[j+1:], true)
			return
		case s == "add":
			c.pipReqs(args[j+1:], false)
			c.pipProject(dir)
			return
		case s == "tool":
			c.uvTool(args[j+1:])
			return
		case s == "sync" || s == "run" || s == "lock":
			c.pipSettings()             // UV_FIND_LINKS, PIP_CONFIG_FILE (pipsources.go)
			c.uvWith(args[j+1:], false) // uv run --with ./pkg
			c.pipProject(dir)
			return
		case s == "build":
			c.uvBuild(args[j+1:], dir)
			return
		default:
			return
		}
	}
}

// uvTool checks uv tool install (requirements, --with) and uv tool run
// (uvx's: --from, --with, the package).
func (c *cmd) uvTool(args []word.Word) {
	if len(args) == 0 {
		return
	}
	switch args[0].Text {
	case "install":
		c.pipReqs(args[1:], false)
		c.uvWith(args[1:], false)
	case "run":
		c.pipSettings()
		c.uvWith(args[1:], true)
	}
}

// uvBuild checks uv build [SRC].
func (c *cmd) uvBuild(args []word.Word, dir string) {
	for j := 0; j < len(args); j++ {
		s := args[j].Text
		switch {
		case uvWithArg.Has(s):
			j++
		case !strings.HasPrefix(s, "-"):
			dir = s
		}
	}
	c.pipProject(dir)
}

// projectTool checks poetry, pdm and hatch: the commands that install or
// build the project they run in (poetry -C DIR, pdm -p DIR).
func (c *cmd) projectTool(name string) {
	dir := "."
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].Text
		switch {
		case (s == "-C" || s == "--directory" || s == "-P" || s == "--project" || name == "pdm" && s == "-p") && j+1 < len(c.args):
			dir = c.args[j+1].Text
			j++
		case strings.HasPrefix(s, "-"):
		case s == "install" || s == "sync" || s == "build" || s == "add" || name == "hatch" && (s == "run" || s == "env" || s == "shell" || s == "test"):
			c.pipProject(dir)
			return
		default:
			return
		}
	}
}

// maxWheelBytes bounds the local wheel read for its member list.
const maxWheelBytes = 8 << 20

// pipArchive checks a local package archive pip installs: a wheel's
// members are listed (bounded), and one that lands a start-up file in
// site-packages (a top-level .pth, sitecustomize, usercustomize), a
// program in the environment's bin (NAME.data/scripts/) or a file under
// the prefix outside share/ (NAME.data/data/lib/…/site-packages/x.pth) is
// hidden, as is a wheel guard cannot list whole; an sdist, whose build
// runs its setup.py inside the archive, is hidden. A file that is not
// there installs nothing.
func (c *cmd) pipArchive(p string, wheel bool) {
	if !word.IsKnown(p) {
		c.w.hide("installs a local package archive whose name guard cannot tell")
		return
	}
	data, st := c.w.FileStatus(p, true, maxWheelBytes)
	switch {
	case st == effect.FileAbsent:
		return
	case !wheel:
		c.w.hide("installs a local source archive, whose build runs code guard does not read")
		return
	case st != effect.FileWhole:
		c.w.hide("installs a local wheel guard cannot read whole (larger than %d MiB, or not a regular file)", maxWheelBytes>>20)
		return
	}
	ms, err := archive.List(strings.NewReader(data), int64(len(data)))
	if err != nil {
		c.w.hide("installs a local wheel guard cannot list")
		return
	}
	for _, m := range ms {
		if wheelStartup(m.Name) {
			c.w.hide("installs a local wheel holding a start-up file or a script (%s) that runs in later pythons", path.Base(m.Name))
			return
		}
	}
}

// wheelStartup reports whether wheel member name lands where python runs
// it at start-up (a .pth, sitecustomize or usercustomize at the top of
// site-packages, directly or through NAME.data/purelib|platlib/), is a
// script installed in bin (NAME.data/scripts/), or lands under the
// environment's prefix (NAME.data/data/) anywhere but share/ and
// etc/jupyter/ (lib/python3.11/site-packages/x.pth, bin/activate).
func wheelStartup(name string) bool {
	name = strings.TrimPrefix(name, "./")
	parts := strings.Split(name, "/")
	if len(parts) >= 3 && strings.HasSuffix(parts[0], ".data") {
		switch parts[1] {
		case "scripts":
			return true
		case "data":
			rest := strings.Join(parts[2:], "/")
			return !strings.HasPrefix(rest, "share/") && !strings.HasPrefix(rest, "etc/jupyter/")
		case "purelib", "platlib":
			parts = parts[2:]
		}
	}
	if len(parts) != 1 {
		return false
	}
	base := strings.ToLower(parts[0])
	return strings.HasSuffix(base, ".pth") || strings.HasPrefix(base, "sitecustomize.") || strings.HasPrefix(base, "usercustomize.")
}
