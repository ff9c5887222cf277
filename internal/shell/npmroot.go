package shell

import (
	"path"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/word"
)

// npm 11 runs the project's own install lifecycle (preinstall, install,
// postinstall, prepublish, preprepare, prepare, postprepare) only where it
// installs the project itself: install.js runs them for an install that
// names no package, ci.js for ci, and a bare link installs the project
// globally. A command that changes node_modules otherwise (arborist's
// reify: install PKG, update, uninstall, dedupe, prune, audit fix) runs
// only the root's dependencies script, with its pre and post, after
// node_modules changed.
const (
	// npmRootDeps are the subcommands that never install the project
	// itself (update.js, uninstall.js, dedupe.js, prune.js, audit.js
	// run no root script of their own).
	npmRootDeps word.Set = " update u up upgrade udpate uninstall unlink remove rm r un dedupe ddp prune audit "
	// npmNamedInstalls install the project itself only when they name no
	// package (install.js: `if (!args.length …)`; link with no operand).
	npmNamedInstalls word.Set = " install i in ins inst insta instal isnt isnta isntal isntall add link ln "
)

// npmRootScripts returns the scripts of the project's own package.json
// (the root: not a workspace member nor a local package, whose install
// scripts run when they are linked) an npm command runs, where names
// (scriptsRun) is "*": dependencies for a subcommand that does not install
// the project itself (npmRootDeps, npmNamedInstalls with packages named);
// names for another.
func (c *cmd) npmRootScripts(names []string) []string {
	if c.name != "npm" || !slices.Contains(names, "*") {
		return names
	}
	at, _ := catalogue.NpmArgv(word.Texts(c.args)) // nopt, npm's settings
	if len(at) == 0 {
		return names
	}
	switch v := c.args[at[0]].Text; {
	case npmRootDeps.Has(v):
		return []string{"dependencies"}
	case npmNamedInstalls.Has(v) && c.npmNamesPackages(at[1:]):
		return []string{"dependencies"}
	}
	return names
}

// npmNamesPackages reports whether the operands at (indices into the
// command's words) name at least one package, none of which can be the
// project itself: install.js drops an operand path.resolve puts at the
// project's directory (at or above the command's: ., .., ../NAME, an
// absolute path) and, with none left, installs the project. An operand
// guard cannot read may be one, or nothing.
func (c *cmd) npmNamesPackages(at []int) bool {
	if len(at) == 0 {
		return false
	}
	for _, j := range at {
		if a := c.args[j]; !a.Known || !npmRegistrySpec(a.Text) && !npmOtherDir(a.Text) {
			return false // ., ../NAME, file:., x@file:., user/repo: may be the project's own directory (FINDINGS56d R1)
		}
	}
	return true
}

// npmOtherDir reports whether spec is a local directory below the
// command's (./dep, file:sub/x, x@file:./dep): a package of its own, not
// the project. ., .., ../NAME, an absolute or home path may be the
// project's own directory.
func npmOtherDir(spec string) bool {
	if i := strings.Index(spec, "@file:"); i > 0 {
		spec = spec[i+1:]
	}
	spec = strings.TrimPrefix(spec, "file:")
	if spec == "" || strings.Contains(spec, ":") || strings.HasPrefix(spec, "/") || strings.HasPrefix(spec, "~") {
		return false
	}
	if !strings.HasPrefix(spec, "./") && !strings.HasPrefix(spec, "../") && spec != "." && spec != ".." {
		return false // user/repo: GitHub's, not a directory
	}
	p := path.Clean(spec)
	return p != "." && p != ".." && !strings.HasPrefix(p, "../")
}

// npmRegistrySpec reports whether spec is a package of the registry as
// npm-package-arg reads it: NAME or @SCOPE/NAME, with an optional
// @VERSION, RANGE or TAG holding neither / nor : (a directory, a
// tarball, a git or file: spec, a GitHub user/repo are not).
func npmRegistrySpec(spec string) bool {
	name, version := spec, ""
	if i := strings.LastIndexByte(spec, '@'); i > 0 {
		name, version = spec[:i], spec[i+1:]
	}
	if strings.ContainsAny(version, "/:\\") {
		return false
	}
	scope, rest, scoped := strings.Cut(strings.TrimPrefix(name, "@"), "/")
	if !scoped {
		scope, rest = "", scope
	} else if !strings.HasPrefix(name, "@") {
		return false // user/repo: GitHub
	}
	return npmNamePart(rest) && (!scoped || npmNamePart(scope))
}

// npmNamePart reports whether s may be a package name or scope: letters,
// digits, - . _ ~, not starting with . or _.
func npmNamePart(s string) bool {
	if s == "" || s[0] == '.' || s[0] == '_' {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '.' || r == '_' || r == '~') {
			return false
		}
	}
	return true
}
