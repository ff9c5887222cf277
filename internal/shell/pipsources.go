package shell

// Where pip finds distributions besides the command's words: the PIP_*
// (and uv's UV_*) variables the command sets, the configuration files pip
// reads (PIP_CONFIG_FILE, the running environment's own
// sys.prefix/pip.conf, $XDG_CONFIG_HOME/pip/pip.conf when the command sets
// it; the home's are write-protected), each giving find-links and index
// locations fed to the one check of piplocal.go; a local index (a path or
// a file: URL) and a local repository (git+file:) are "cannot tell what
// code the build runs": what pip builds from them is not the working tree
// guard can read. The front ends that take requirements in options (uv run
// --with, uvx --from, pipx run --spec) feed them too.

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// maxPipConfigBytes bounds a pip configuration file read.
const maxPipConfigBytes = 256 << 10

// pipVars are the variables whose value is find-links locations ("-f") or
// index URLs ("-i"), space-separated.
var pipVars = [...][2]string{
	{"PIP_FIND_LINKS", "-f"}, {"UV_FIND_LINKS", "-f"},
	{"PIP_INDEX_URL", "-i"}, {"PIP_EXTRA_INDEX_URL", "-i"},
	{"UV_INDEX_URL", "-i"}, {"UV_EXTRA_INDEX_URL", "-i"}, {"UV_INDEX", "-i"}, {"UV_DEFAULT_INDEX", "-i"},
}

// pipSettings checks the distribution locations pip takes from the
// variables the command sets and the configuration files it reads.
func (c *cmd) pipSettings() {
	w := c.w
	for _, v := range pipVars {
		if val, ok := w.lookup(v[0]); ok {
			for _, f := range strings.FieldsFunc(val, func(r rune) bool { return r == ' ' || r == '\t' || r == '\n' || r == ',' && v[0] == "UV_INDEX" }) {
				c.pipLocation(v[1], f)
			}
		}
	}
	if p, ok := w.lookup("PIP_CONFIG_FILE"); ok {
		c.pipConfig(p, true)
	}
	if x, ok := w.lookup("XDG_CONFIG_HOME"); ok {
		c.pipConfig(path.Join(x, "pip/pip.conf"), false)
	}
	if v, ok := w.lookup("VIRTUAL_ENV"); ok {
		c.pipConfig(path.Join(v, "pip.conf"), false)
	}
	if strings.Contains(c.prog, "/") { // venv/bin/pip: sys.prefix is venv
		c.pipConfig(path.Join(path.Dir(path.Dir(c.prog)), "pip.conf"), false)
	}
}

// pipLocation checks one find-links ("-f") or index ("-i") location.
func (c *cmd) pipLocation(kind, v string) {
	if kind == "-f" {
		c.pipFindLinks(v)
		return
	}
	c.pipIndex(v)
}

// pipIndex checks an index URL: one on the network is the index's; a
// local one (file:, a path) is a tree of archives guard does not list.
func (c *cmd) pipIndex(u string) {
	if i := strings.IndexByte(u, '='); i > 0 && !strings.ContainsAny(u[:i], "/:") {
		u = u[i+1:] // uv --index name=URL
	}
	l := strings.ToLower(u)
	if strings.HasPrefix(l, "https://") || strings.HasPrefix(l, "http://") || u == "" {
		return
	}
	c.w.hide("installs from a local package index (%s): guard cannot tell what code pip's build runs", word.Quote(u))
}

// pipConfig reads pip configuration file p (an ini file; every section:
// global, install, wheel, download) for find-links and index URLs; named
// says the command names the file (PIP_CONFIG_FILE), so one guard cannot
// read is hidden, where a file pip only looks for may be absent.
func (c *cmd) pipConfig(p string, named bool) {
	if word.HasMark(p) {
		c.w.hide("points pip at a configuration file whose name guard cannot tell")
		return
	}
	if p == "/dev/null" || p == "os.devnull" {
		return
	}
	t, st := c.w.FileStatus(p, true, maxPipConfigBytes)
	if st == effect.FileAbsent && !named {
		return
	}
	if st != effect.FileWhole {
		c.w.hide("points pip at a configuration file guard cannot read whole: it cannot tell what pip builds")
		return
	}
	c.w.Read(p)
	for kind, vals := range pipConfigValues(t) {
		for _, v := range vals {
			c.pipLocation(kind, v)
		}
	}
}

// pipConfigValues returns the find-links ("-f") and index ("-i") values
// of a pip configuration file's text: key = value lines in any section,
// a value continued on indented lines.
func pipConfigValues(t string) map[string][]string {
	out := map[string][]string{}
	kind := ""
	for _, line := range strings.Split(t, "\n") {
		line = strings.TrimRight(line, "\r")
		if (strings.HasPrefix(line, " ") || strings.HasPrefix(line, "\t")) && kind != "" {
			out[kind] = append(out[kind], strings.Fields(line)...) // a continuation
			continue
		}
		kind = ""
		k, v, ok := strings.Cut(line, "=")
		if !ok {
			k, v, ok = strings.Cut(line, ":")
		}
		if !ok || strings.HasPrefix(strings.TrimSpace(line), "#") || strings.HasPrefix(strings.TrimSpace(line), ";") {
			continue
		}
		switch strings.ReplaceAll(strings.ToLower(strings.TrimSpace(k)), "_", "-") {
		case "find-links":
			kind = "-f"
		case "index-url", "extra-index-url":
			kind = "-i"
		default:
			continue
		}
		out[kind] = append(out[kind], strings.Fields(v)...)
	}
	return out
}

// vcsLocal reports whether requirement s is a VCS URL of a local
// repository (git+file://, hg+file:, svn+file:, bzr+file:): pip clones
// and builds what it holds, which is not the working tree guard reads.
func vcsLocal(s string) bool {
	l := strings.ToLower(strings.TrimSpace(s))
	for _, v := range [...]string{"git+", "hg+", "svn+", "bzr+"} {
		if rest, ok := strings.CutPrefix(l, v); ok && strings.HasPrefix(rest, "file:") {
			return true
		}
	}
	return false
}

// vcsHide records that pip builds a local repository (vcsLocal).
func (c *cmd) vcsHide() {
	c.w.hide("installs from a local repository (a VCS file: URL): guard cannot tell what code pip's build runs")
}

// uvRunArg are the options of uv's run and tool commands that take the
// next word: uvWithArg and the requirement options.
const uvRunArg = uvWithArg + "--from --with-editable --with-requirements --env-file --constraints -c --overrides " +
	"--build-constraints -b --python-preference --with-executables-from "

// uvOpt is one option of uv's run and tool commands, with its value.
type uvOpt struct{ name, val string }

// uvRead is the one reader of the options of uv's run and tool commands
// (uv run, sync, lock, uv tool run/install, uvx): each option up to the
// first operand (the tool, the command) with its value in any spelling
// (--opt V, --opt=V, -pV), and that operand's index (len(args) when none).
func uvRead(args []word.Word) (opts []uvOpt, op int) {
	for j := 0; j < len(args); j++ {
		s := args[j].Text
		if s == "--" {
			return opts, j + 1
		}
		if !strings.HasPrefix(s, "-") || s == "-" {
			return opts, j
		}
		name, val, eq := strings.Cut(s, "=")
		if !strings.HasPrefix(s, "--") {
			name, val, eq = s, "", false
			if len(s) > 2 && uvRunArg.Has(s[:2]) {
				name, val, eq = s[:2], s[2:], true // -p3.12, -f./wh
			}
		}
		if !eq && uvRunArg.Has(name) && j+1 < len(args) {
			j++
			val = args[j].Text
		}
		opts = append(opts, uvOpt{name, val})
	}
	return opts, len(args)
}

// uvWith checks what uv's run and tool commands build and start before
// the command they run (uvRead): the requirement options (--with R[,R…],
// --with-editable P, --with-requirements F, --from R), the local indexes
// and find-links, the interpreter (-p/--python, UV_PYTHON), and that
// command too when tool says it is a package (uvx ./pkg, uv tool run
// git+file://…). uv enters --directory first: every path is relative to it.
func (c *cmd) uvWith(args []word.Word, tool bool) {
	opts, op := uvRead(args)
	var tail []word.Word // the command, when it is a package
	if tool && op < len(args) {
		tail = args[op:]
	}
	dir := ""
	if !c.uvEntered { // uvArgs entered it already
		for _, o := range opts {
			if o.name == "--directory" {
				dir = o.val
			}
		}
		if dir == "" && c.name == "uvx" {
			for _, n := range [...]string{"UV_WORKING_DIRECTORY", "UV_WORKING_DIR"} {
				v, ok := c.uvVar(n)
				if !ok {
					return
				}
				if dir == "" {
					dir = v
				}
			}
		}
	}
	if dir != "" {
		c.inDir(c.w.dest(dir), func() { c.uvOptions(opts, tail) }) // uv enters it first: the paths are its
		return
	}
	c.uvOptions(opts, tail)
}

// uvOptions checks the options uvWith read, and the package tail names
// first when there is one.
func (c *cmd) uvOptions(opts []uvOpt, tail []word.Word) {
	python := false
	for _, o := range opts {
		switch o.name {
		case "--with", "-w", "--from":
			for _, r := range strings.Split(o.val, ",") {
				c.pipReq(strings.TrimSpace(r), "")
			}
		case "--with-editable":
			c.pipEditable(o.val, "")
		case "--with-requirements":
			c.pipReqFile(o.val, 0)
		case "-f", "--find-links":
			c.pipFindLinks(o.val)
		case "-i", "--index-url", "--extra-index-url", "--index", "--default-index":
			c.pipIndex(o.val)
		case "-p", "--python":
			python = true
			c.pyInterpreter(o.val)
		}
	}
	if v, ok := c.w.lookup("UV_PYTHON"); ok && !python {
		c.pyInterpreter(v)
	}
	if _, ok := c.w.lookup("UV_PYTHON_INSTALL_DIR"); ok {
		c.w.hide("sets UV_PYTHON_INSTALL_DIR: guard cannot tell which interpreter uv finds there and runs")
	}
	if len(tail) > 0 {
		c.pipReq(tail[0].Text, "") // uvx ./pkg
		c.envLoaderTool(tail)      // uvx --from python-dotenv dotenv list (envloaders.go)
	}
}

// pyInterpreter checks the interpreter a python front end is told to
// use (uv -p V, UV_PYTHON, pipx --python V): a path, or a name that is a
// file or directory of the working directory (uv looks there before
// PATH), is a program the command runs (a directory's bin/python), read
// as guard reads ./x.sh; a version or a name on PATH is the system's.
func (c *cmd) pyInterpreter(v string) {
	if word.HasMark(v) {
		c.w.hide("runs an interpreter whose name guard cannot tell")
		return
	}
	if v == "" || v[0] >= '0' && v[0] <= '9' {
		return // 3.12, >=3.11
	}
	kind, _ := c.w.Lstat(v)
	venv := path.Join(v, "bin/python")
	_, made := c.w.WrittenEntry(word.Clean(c.w.Where(venv)))
	dir := kind == effect.EntryDir || made
	if !strings.ContainsAny(v, "/\\") && !strings.HasPrefix(v, "~") {
		if kind != effect.EntryFile && kind != effect.EntryLink && !dir {
			return // python3.12, pypy, cpython@3.12: a request uv resolves
		}
		v = "./" + v
	}
	if dir {
		v = "./" + venv // a virtual environment: uv runs its interpreter
	}
	c.runPath(v, nil)
}

// pipxArgs checks pipx: install, inject and run's --spec and operand
// take requirements.
func (c *cmd) pipxArgs(args []word.Word) {
	for j := 0; j < len(args); j++ {
		s := args[j].Text
		switch {
		case strings.HasPrefix(s, "-"):
		case s == "install" || s == "inject" || s == "install-all":
			c.pipReqs(args[j+1:], false)
			return
		case s == "run":
			c.pipxRun(args[j+1:])
			return
		default:
			return
		}
	}
}

// pipxRun checks pipx run [--spec R] APP: the spec, or the app when it
// names local code, is built.
func (c *cmd) pipxRun(args []word.Word) {
	c.pipSettings()
	if v, ok := c.w.lookup("PIPX_DEFAULT_PYTHON"); ok && !hasAny(args, "--python") {
		c.pyInterpreter(v)
	}
	for j := 0; j < len(args); j++ {
		s := args[j].Text
		switch {
		case s == "--spec" && j+1 < len(args):
			j++
			c.pipReq(args[j].Text, "")
		case strings.HasPrefix(s, "--spec="):
			c.pipReq(strings.TrimPrefix(s, "--spec="), "")
		case (s == "--index-url" || s == "-i") && j+1 < len(args):
			j++
			c.pipIndex(args[j].Text)
		case s == "--python" && j+1 < len(args):
			j++
			c.pyInterpreter(args[j].Text)
		case strings.HasPrefix(s, "--python="):
			c.pyInterpreter(strings.TrimPrefix(s, "--python="))
		case s == "--pip-args" && j+1 < len(args):
			j++
			c.pipReqs(word.Split(args[j].Text), false) // --pip-args='-f ./wh'
		case strings.HasPrefix(s, "--pip-args="):
			c.pipReqs(word.Split(strings.TrimPrefix(s, "--pip-args=")), false)
		case strings.HasPrefix(s, "-"):
		default:
			c.pipReq(s, "") // pipx run ./pkg
			return
		}
	}
}

// pyRunPackages checks the packages pipx run builds before its command
// (--spec R APP); uv run's are uvArgs'.
func (c *cmd) pyRunPackages(name string, args []word.Word) {
	c.pipxRun(args)
}
