package shell

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// Python packages built from local code: pip
// builds a directory with its build backend (setup.py, an in-tree
// backend, a module setuptools imports for an attr: version) and copies
// what the package holds into site-packages, where a .pth or
// sitecustomize runs in every later python of the environment. Every
// front end comes to one place, pipLocal: pip install/wheel/download
// (pip, pip3, python -m pip in any option cluster, uv pip), the
// requirements and constraints files they name (read, bounded, nested),
// -e values (always a path), NAME @ file:… and file: URLs, a find-links
// directory's archives, and the tools that build the project they run in
// (python -m build, pyproject-build, uv sync/run/build, poetry, pdm,
// hatch). The project's own checks are in pipproject.go.

// pipWithArg are pip's options that take the next word.
const pipWithArg word.Set = " -r --requirement -c --constraint -t --target --prefix --root -i --index-url --extra-index-url " +
	"-f --find-links --python-version --platform --implementation --abi --src --upgrade-strategy --progress-bar --log " +
	"--cache-dir --trusted-host --proxy --timeout --retries --config-settings -C --global-option --report --only-binary " +
	"--no-binary --python --exists-action --cert --client-cert --keyring-provider --root-user-action -w --wheel-dir -d --dest " +
	"--log-file --index-strategy --extra-index-url --default-index --index --directory --project -p --output-file -o "

// pipArchives are the suffixes of the package archives pip installs.
var pipArchives = [...]string{".whl", ".tar.gz", ".tgz", ".zip", ".tar.bz2", ".tar.xz", ".tar"}

// maxReqDepth bounds requirements files naming requirements files.
const maxReqDepth = 4

// pipCommand finds, in any front end, the python packages a command
// builds or installs from local code.
func (c *cmd) pipCommand() {
	name := c.name
	switch {
	case name == "pip" || strings.HasPrefix(name, "pip3"):
		c.pipSub(c.args, false)
	case lang.FamilyOf(name) == lang.Python:
		mod, rest := pythonDashM(c.args)
		switch mod {
		case "pip":
			c.pipSub(rest, false)
		case "build":
			c.buildArgs(rest)
		case "uv":
			c.uvArgs(rest)
		}
	case name == "pyproject-build":
		c.buildArgs(c.args)
	case name == "uv":
		c.uvArgs(c.args)
	case name == "uvx":
		c.pipSettings()
		c.uvWith(c.args, true) // pipsources.go
	case name == "pipx":
		c.pipxArgs(c.args)
	case name == "poetry" || name == "pdm" || name == "hatch":
		c.projectTool(name)
	}
}

// pythonDashM returns the module of python -m MOD (-m pip, -mpip, -Im
// pip, -Impip) and the arguments after it; "" when python runs no module.
func pythonDashM(args []word.Word) (string, []word.Word) {
	for j := 0; j < len(args); j++ {
		s := args[j].Text
		switch {
		case s == "--check-hash-based-pycs":
			j++
			continue
		case strings.HasPrefix(s, "--") && s != "--":
			continue
		case s == "-" || s == "--" || !strings.HasPrefix(s, "-"):
			return "", nil // python's program
		}
		for k := 1; k < len(s); k++ {
			switch s[k] {
			case 'c':
				return "", nil // -c CODE
			case 'W', 'X', 'Q':
				if k == len(s)-1 {
					j++ // -W error: the value is the next word
				}
				k = len(s)
			case 'm':
				if k < len(s)-1 {
					return s[k+1:], args[j+1:]
				}
				if j+1 < len(args) {
					return args[j+1].Text, args[j+2:]
				}
				return "", nil
			}
		}
	}
	return "", nil
}

// pipSub reads pip's (or uv pip's) subcommand: install, wheel and download
// build what they are given; uv pip sync and compile take requirements
// files as operands.
func (c *cmd) pipSub(args []word.Word, uv bool) {
	for j := 0; j < len(args); j++ {
		s := args[j].Text
		switch {
		case pipWithArg.Has(s):
			j++
		case strings.HasPrefix(s, "-"):
		case s == "install" || s == "wheel" || s == "download":
			c.pipReqs(args[j+1:], false)
			return
		case uv && (s == "sync" || s == "compile"):
			c.pipReqs(args[j+1:], true)
			return
		default:
			return
		}
	}
}

// pipReqs checks the requirements of pip's arguments: operands (files
// when files), -e values, -r and -c files, find-links directories.
func (c *cmd) pipReqs(args []word.Word, files bool) {
	c.pipSettings() // PIP_FIND_LINKS, PIP_CONFIG_FILE, the venv's pip.conf (pipsources.go)
	for j := 0; j < len(args); j++ {
		s := args[j].Text
		next := ""
		if j+1 < len(args) {
			next = args[j+1].Text
		}
		opt, val, took := pipOption(s, next)
		if took {
			j++
		}
		switch opt {
		case "-e":
			c.pipEditable(val, "")
		case "-r":
			c.pipReqFile(val, 0)
		case "-f":
			c.pipFindLinks(val)
		case "-i":
			c.pipIndex(val)
		case "":
			if pipWithArg.Has(s) {
				j++
			} else if !strings.HasPrefix(s, "-") {
				if files {
					c.pipReqFile(s, 0)
				} else {
					c.pipReq(s, "")
				}
			}
		}
	}
}

// pipOption reads one of pip's options that name local code: -e/--editable
// ("-e"), -r/--requirement/-c/--constraint ("-r"), -f/--find-links
// ("-f"), an index URL (-i, --index-url, --extra-index-url, uv's --index
// and --default-index: "-i"), in any spelling (-e X, -eX, --editable=X, --editable X), with
// its value; took says the value is next. Another word is "".
func pipOption(s, next string) (opt, val string, took bool) {
	for _, o := range [...][3]string{{"-e", "-e", "--editable"}, {"-r", "-r", "--requirement"}, {"-r", "-c", "--constraint"}, {"-f", "-f", "--find-links"},
		{"-i", "-i", "--index-url"}, {"-i", "--extra-index-url", "--extra-index-url"}, {"-i", "--index", "--index"}, {"-i", "--default-index", "--default-index"}} {
		switch {
		case s == o[1] || s == o[2]:
			return o[0], next, true
		case strings.HasPrefix(s, o[2]+"="):
			return o[0], s[len(o[2])+1:], false
		case strings.HasPrefix(s, o[1]) && len(s) > 2 && !strings.HasPrefix(s, "--"):
			return o[0], s[2:], false
		}
	}
	return "", "", false
}

// pipReq checks one requirement when it names local code: a path, a file:
// URL (file:pkg, file:///abs), NAME @ file:…, an archive.
func (c *cmd) pipReq(s, base string) {
	if name, url, ok := strings.Cut(s, "@"); ok && !strings.ContainsAny(name, "/\\") && !strings.HasPrefix(name, ".") {
		url = strings.TrimSpace(url)
		if vcsLocal(url) {
			c.vcsHide() // NAME @ git+file://…
			return
		}
		if l := strings.ToLower(url); !strings.HasPrefix(l, "file:") {
			if strings.Contains(l, "://") || strings.HasPrefix(l, "git+") || strings.HasPrefix(l, "hg+") || strings.HasPrefix(l, "svn+") || strings.HasPrefix(l, "bzr+") {
				return // NAME @ https://…, a VCS requirement
			}
			if !strings.ContainsAny(url, "/\\") && !strings.HasPrefix(url, "~") && !strings.HasPrefix(url, ".") {
				return // ruff@0.5.0, ruff@latest: uvx's version
			}
			if !strings.HasPrefix(url, "/") && !strings.HasPrefix(url, "~") && !strings.HasPrefix(url, ".") {
				url = "./" + url // NAME @ a/b: uv reads a relative path
			}
		}
		s = url
	}
	c.pipLocal(s)
	if rel := path.Join(base, s); base != "" && base != "." && (strings.HasPrefix(s, "./") || strings.HasPrefix(s, "../")) {
		c.pipLocal(rel) // a requirements file's line: its directory's too
	}
}

// pipEditable checks -e X: a path always (a VCS URL is remote), relative
// to base ("" is the working directory).
func (c *cmd) pipEditable(s, base string) {
	if vcsLocal(s) {
		c.vcsHide() // -e git+file://…
		return
	}
	l := strings.ToLower(s)
	if strings.Contains(l, "://") && !strings.HasPrefix(l, "file:") || strings.HasPrefix(l, "git+") || strings.HasPrefix(l, "hg+") || strings.HasPrefix(l, "svn+") || strings.HasPrefix(l, "bzr+") {
		return
	}
	s = fileURLPath(s)
	if i := strings.IndexByte(s, '['); i > 0 {
		s = s[:i] // pkg[dev]
	}
	c.pipProject(s)
	if rel := path.Join(base, s); base != "" && base != "." && !strings.HasPrefix(s, "/") && !strings.HasPrefix(s, "~") {
		c.pipProject(rel) // a requirements file's line: its directory's too
	}
}

// fileURLPath returns the path of a file: URL (file:///abs,
// file://localhost/abs, file://$PWD/x read after the shell's expansion as
// lang.FilePath reads it for every reader), file:rel, or s.
func fileURLPath(s string) string {
	if len(s) < 5 || !strings.EqualFold(s[:5], "file:") {
		return s
	}
	if p, ok := lang.FilePath(s); ok {
		return p
	}
	return s[5:]
}

// pipLocal checks one requirement when it names a local package: a path
// (., ./x, /x, ~/x, a/b), a file: URL, an archive; not a project name nor
// a URL.
func (c *cmd) pipLocal(s string) {
	if i := strings.IndexAny(s, ";"); i > 0 {
		s = strings.TrimSpace(s[:i]) // ./pkg; python_version < "4"
	}
	if vcsLocal(s) {
		c.vcsHide() // git+file://…
		return
	}
	isFile := len(s) >= 5 && strings.EqualFold(s[:5], "file:")
	s = fileURLPath(s)
	if i := strings.IndexByte(s, '['); i > 0 {
		s = s[:i] // ./pkg[dev]
	}
	for _, suf := range pipArchives {
		if strings.HasSuffix(strings.ToLower(s), suf) && !strings.Contains(s, "://") {
			c.pipArchive(s, suf == ".whl")
			return
		}
	}
	local := isFile || s == "." || s == ".." || strings.HasPrefix(s, "/") || strings.HasPrefix(s, "~") || strings.HasPrefix(s, "./") || strings.HasPrefix(s, "../")
	if !local && (!strings.Contains(s, "/") || strings.Contains(s, "://") || strings.Contains(s, "+") || strings.Contains(s, "@")) {
		return // a project name, a URL, a VCS requirement
	}
	c.pipProject(s)
}

// pipReqFile reads a requirements (or constraints) file pip reads, bounded
// and nested (-r in it is relative to it), and checks each line as pip's
// arguments: a requirement, -e, -r/-c, --find-links.
func (c *cmd) pipReqFile(p string, depth int) {
	if word.HasMark(p) || strings.Contains(p, "://") {
		if word.HasMark(p) {
			c.w.hide("installs from a requirements file whose name guard cannot tell")
		}
		return
	}
	if depth > maxReqDepth {
		c.w.hide("nests requirements files more than %d deep: guard cannot tell what pip builds", maxReqDepth)
		return
	}
	t, ok := c.w.FileText(p, true, maxModuleBytes, "a requirements file")
	if !ok {
		return
	}
	for _, line := range reqLines(t) {
		opt, val, _ := pipOption(firstField(line), secondField(line))
		switch {
		case opt == "-e":
			c.pipEditable(val, path.Dir(p))
		case opt == "-r":
			if !strings.HasPrefix(val, "/") && !strings.HasPrefix(val, "~") {
				val = path.Join(path.Dir(p), val)
			}
			c.pipReqFile(val, depth+1)
		case opt == "-f":
			c.pipFindLinks(val)
		case opt == "-i":
			c.pipIndex(val)
		case strings.HasPrefix(line, "-"):
		default:
			if i := strings.Index(line, " --"); i > 0 {
				line = line[:i] // pkg --hash=sha256:…
			}
			c.pipReq(strings.TrimSpace(line), path.Dir(p))
		}
	}
}

// reqLines returns the logical lines of a requirements file: continuation
// lines joined, comments and blanks dropped.
func reqLines(t string) []string {
	t = strings.ReplaceAll(strings.ReplaceAll(t, "\\\r\n", " "), "\\\n", " ")
	var out []string
	for _, line := range strings.Split(t, "\n") {
		if i := strings.Index(line, " #"); i >= 0 {
			line = line[:i]
		}
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			out = append(out, line)
		}
	}
	return out
}

// firstField and secondField return a line's first and second fields.
func firstField(s string) string {
	f := strings.Fields(s)
	if len(f) == 0 {
		return ""
	}
	return f[0]
}

func secondField(s string) string {
	f := strings.Fields(s)
	if len(f) < 2 {
		return ""
	}
	return f[1]
}

// pipFindLinks checks a local --find-links directory: pip installs the
// archives it holds (an sdist's build runs its setup.py), each checked as
// a local archive; one guard cannot list is hidden. A URL is the index's.
func (c *cmd) pipFindLinks(d string) {
	l := strings.ToLower(d)
	if strings.Contains(l, "://") && !strings.HasPrefix(l, "file:") {
		return
	}
	d = fileURLPath(d)
	if !word.IsKnown(d) {
		c.w.hide("installs from a find-links directory whose name guard cannot tell")
		return
	}
	for _, suf := range pipArchives {
		if strings.HasSuffix(l, suf) {
			c.pipArchive(d, suf == ".whl") // --find-links x.whl
			return
		}
	}
	names, ok := c.w.listDir(d)
	if !ok {
		c.w.hide("installs from a find-links directory guard cannot list: it cannot tell what pip builds")
		return
	}
	n := 0
	for _, name := range c.w.withWritten(d, names) {
		for _, suf := range pipArchives {
			if strings.HasSuffix(strings.ToLower(name), suf) {
				if n++; n > maxPthFiles {
					c.w.hide("installs from a find-links directory of more than %d archives: guard cannot tell what pip builds", maxPthFiles)
					return
				}
				c.pipArchive(path.Join(d, name), suf == ".whl")
				break
			}
		}
	}
}
