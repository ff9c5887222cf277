package shell

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/archive"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// pip install of a local package (review 11 F3): pip builds a directory
// with its build backend (setup.py, or an in-tree backend-path) and copies
// what the package holds into site-packages, where a .pth or
// sitecustomize runs in every later python of the environment. A
// directory's setup.py is analysed as the python program it is, run in
// that directory; a pyproject.toml naming an in-tree backend or a start-up
// file, one guard cannot read whole, and a local archive (a wheel or an
// sdist, whose members guard does not list) are hidden: default deny.

// pipWithArg are pip install's options that take the next word.
const pipWithArg word.Set = " -r --requirement -c --constraint -t --target --prefix --root -i --index-url --extra-index-url " +
	"-f --find-links --python-version --platform --implementation --abi --src --upgrade-strategy --progress-bar --log " +
	"--cache-dir --trusted-host --proxy --timeout --retries --config-settings -C --global-option --report --only-binary " +
	"--no-binary --python --exists-action --cert --client-cert --keyring-provider --root-user-action "

// pipArchives are the suffixes of the package archives pip installs.
var pipArchives = [...]string{".whl", ".tar.gz", ".tgz", ".zip", ".tar.bz2", ".tar.xz", ".tar"}

// pipCommand finds pip install in pip's own command (pip, pip3,
// pip3.12) or python's -m pip.
func (c *cmd) pipCommand() {
	switch {
	case c.name == "pip" || strings.HasPrefix(c.name, "pip3"):
		c.pipInstall(c.args)
	case strings.HasPrefix(c.name, "python"):
		for j := 0; j+1 < len(c.args) && strings.HasPrefix(c.args[j].Text, "-"); j++ {
			if c.args[j].Text == "-m" {
				if c.args[j+1].Text == "pip" {
					c.pipInstall(c.args[j+2:])
				}
				return
			}
		}
	}
}

// pipInstall checks the local packages of pip install (args after the
// program: pip's own, or python -m pip's).
func (c *cmd) pipInstall(args []word.Word) {
	at := -1
	for j, a := range args {
		if !strings.HasPrefix(a.Text, "-") {
			if a.Text == "install" {
				at = j
			}
			break
		}
	}
	if at < 0 {
		return
	}
	args = args[at+1:]
	for j := 0; j < len(args); j++ {
		s := args[j].Text
		switch {
		case s == "-e" || s == "--editable":
			if j+1 < len(args) {
				j++
				c.pipLocal(args[j].Text)
			}
		case strings.HasPrefix(s, "--editable="):
			c.pipLocal(s[len("--editable="):])
		case strings.HasPrefix(s, "-e") && len(s) > 2:
			c.pipLocal(s[2:])
		case pipWithArg.Has(s):
			j++
		case !strings.HasPrefix(s, "-"):
			c.pipLocal(s)
		}
	}
}

// pipLocal checks one requirement of pip install when it names a local
// package: a path, not a project name or a URL.
func (c *cmd) pipLocal(s string) {
	s = strings.TrimPrefix(s, "file://")
	if i := strings.IndexByte(s, '['); i > 0 {
		s = s[:i] // ./pkg[dev]
	}
	local := s == "." || s == ".." || strings.HasPrefix(s, "/") || strings.HasPrefix(s, "~") || strings.HasPrefix(s, "./") || strings.HasPrefix(s, "../")
	for _, suf := range pipArchives {
		if strings.HasSuffix(strings.ToLower(s), suf) && !strings.Contains(s, "://") {
			c.pipArchive(s, suf == ".whl")
			return
		}
	}
	if !local && (!strings.Contains(s, "/") || strings.Contains(s, "://") || strings.Contains(s, "+") || strings.Contains(s, "@")) {
		return // a project name, a URL, a VCS requirement
	}
	if word.HasMark(s) {
		c.w.hide("installs a local package whose path guard cannot tell")
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
	if t, st := c.w.FileStatus(dir+"/pyproject.toml", true, effect.MaxScriptBytes); st == effect.FileWhole {
		for _, bad := range []string{"backend-path", ".pth", "sitecustomize", "usercustomize"} {
			if strings.Contains(t, bad) {
				c.w.hide("installs a local package whose pyproject.toml names an in-tree build backend or a start-up file guard does not read")
				return
			}
		}
	} else if st != effect.FileAbsent {
		c.w.hide("installs a local package whose pyproject.toml guard cannot read whole")
		return
	}
	c.w.scoped(func() {
		c.w.script("cd "+quoted+" && python3 setup.py", c.w.depth+1) // what the build backend runs
	})
}

// maxWheelBytes bounds the local wheel read for its member list.
const maxWheelBytes = 8 << 20

// pipArchive checks a local package archive pip installs: a wheel's
// members are listed (bounded), and one that lands a start-up file in
// site-packages (a top-level .pth, sitecustomize, usercustomize) or a
// program in the environment's bin (NAME.data/scripts/) is hidden, as is
// a wheel guard cannot list whole; an sdist, whose build runs its
// setup.py inside the archive, is hidden. A file that is not there
// installs nothing.
func (c *cmd) pipArchive(p string, wheel bool) {
	if word.HasMark(p) {
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
// site-packages, directly or through NAME.data/purelib|platlib/) or is a
// script installed in bin (NAME.data/scripts/).
func wheelStartup(name string) bool {
	name = strings.TrimPrefix(name, "./")
	parts := strings.Split(name, "/")
	if len(parts) >= 3 && strings.HasSuffix(parts[0], ".data") {
		switch parts[1] {
		case "scripts":
			return true
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
