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

// uvWith checks the requirement options of uv run, uvx and uv tool
// (--with R[,R…], --with-editable P, --with-requirements F, --from R)
// up to the command they run, and that command too when tool says it is
// a package (uvx ./pkg, uv tool run git+file://…).
func (c *cmd) uvWith(args []word.Word, tool bool) {
	for j := 0; j < len(args); j++ {
		s := args[j].Text
		opt, val, eq := strings.Cut(s, "=")
		if !strings.HasPrefix(s, "--") {
			opt, eq = s, false
		}
		takes := opt == "--with" || opt == "-w" || opt == "--with-editable" || opt == "--with-requirements" || opt == "--from"
		if takes && !eq {
			if j+1 >= len(args) {
				return
			}
			j++
			val = args[j].Text
		}
		switch {
		case opt == "--with" || opt == "-w" || opt == "--from":
			for _, r := range strings.Split(val, ",") {
				c.pipReq(strings.TrimSpace(r), "")
			}
		case opt == "--with-editable":
			c.pipEditable(val, "")
		case opt == "--with-requirements":
			c.pipReqFile(val, 0)
		case uvWithArg.Has(s):
			j++
		case strings.HasPrefix(s, "-"):
		default:
			if tool {
				c.pipReq(s, "")           // uvx ./pkg
				c.envLoaderTool(args[j:]) // uvx --from python-dotenv dotenv list (envloaders.go)
			}
			return // the command it runs
		}
	}
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
		case s == "--python" || s == "--pip-args":
			j++
		case strings.HasPrefix(s, "-"):
		default:
			c.pipReq(s, "") // pipx run ./pkg
			return
		}
	}
}

// pyRunPackages checks the packages a python run prefix builds before
// its command (uv run --with R, pipx run --spec R APP).
func (c *cmd) pyRunPackages(name string, args []word.Word) {
	if name == "pipx" {
		c.pipxRun(args)
		return
	}
	c.pipSettings()
	c.uvWith(args, false)
}
