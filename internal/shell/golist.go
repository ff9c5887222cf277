package shell

import (
	"path"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// goListEnv are the variables that change what `go list PATTERNS`
// prints: GOPATH mode (local import paths `_/abs/dir`), a workspace,
// flags (-mod, -modfile) and GOENV's file that may set them.
const goListEnv word.Set = " GO111MODULE GOWORK GOFLAGS GOPATH "

// goListOutput sets what go run with args (known, after go) prints when
// it is `go list` of directory patterns (., ./x, ./x/...) in a module's
// root: the import path of each package directory the patterns may name,
// the module path from go.mod joined with the directory, as the go
// command prints them with no -f, -json or -m; a superset (a directory
// whose files build constraints exclude, a nested module) is read as
// more packages, never fewer. It reports false, the output unknown as
// before, for anything else: an option, an import path, a go.work, a
// replace, vendoring, a variable that steers go, a module path that is
// not a relative name of clean parts.
func (c *cmd) goListOutput(args []string) bool {
	if len(args) < 1 || args[0] != "list" || len(c.env) > 0 || !word.IsKnown(c.w.Dir) {
		return false
	}
	l, ok := c.w.Files.(effect.SourceLister)
	if !ok {
		return false
	}
	pats := args[1:]
	for _, p := range pats {
		if p != "." && p != "./..." && !(strings.HasPrefix(p, "./") && cleanRel(strings.TrimSuffix(strings.TrimPrefix(p, "./"), "/..."))) {
			return false
		}
	}
	if len(pats) == 0 {
		pats = []string{"."}
	}
	for _, v := range strings.Fields(string(goListEnv)) {
		if _, set := c.envValue(v); set {
			return false
		}
		if _, set := c.goEnvSetting(v); set {
			return false
		}
	}
	mod, ok := c.goModule(".")
	if !ok || !cleanRel(mod) {
		return false
	}
	dirs, ok := c.goListDirs(l, pats)
	if !ok {
		return false
	}
	var lines []string
	for _, d := range dirs {
		lines = append(lines, path.Join(mod, d))
	}
	c.out = output{text: strings.Join(lines, "\n"), known: true}
	if len(lines) > 0 {
		c.out.text += "\n"
	}
	return true
}

// goListDirs returns the directories (relative, "." the root) holding a
// file the go command may compile that patterns pats (./x, ./x/...)
// name, sorted; false past the bounds or when guard cannot list the tree.
func (c *cmd) goListDirs(l effect.SourceLister, pats []string) ([]string, bool) {
	keep := func(rel string) bool { return strings.HasSuffix(rel, ".go") && goMayUse(path.Base(rel)) }
	names, err := l.Sources(word.Clean(c.w.Where(".")), nil, keep, maxRunnerFiles)
	if err != nil {
		return nil, false
	}
	var dirs []string
	for _, n := range names {
		d := path.Dir(n)
		if slices.Contains(dirs, d) || !goListNames(pats, d) {
			continue
		}
		if dirs = append(dirs, d); len(dirs) > maxGoDirs {
			return nil, false
		}
	}
	slices.Sort(dirs)
	return dirs, true
}

// goListNames reports whether one of pats names package directory d
// (relative to the root, "." the root itself).
func goListNames(pats []string, d string) bool {
	for _, p := range pats {
		base, tree := strings.CutSuffix(strings.TrimPrefix(p, "./"), "/...")
		if p == "./..." {
			base, tree = ".", true
		}
		base = path.Clean(base)
		switch {
		case d == base:
			return true
		case !tree:
		case base == ".":
			if goWalks(d) {
				return true
			}
		default:
			if rest, ok := strings.CutPrefix(d, base+"/"); ok && goWalks(rest) {
				return true
			}
		}
	}
	return false
}

// cleanRel reports whether p is a relative name of clean parts that the
// go command would print as it is: none empty, none beginning with a dot,
// only letters, digits and -._~+/ (a module path's characters).
func cleanRel(p string) bool {
	if p == "" {
		return false
	}
	for _, e := range strings.Split(p, "/") {
		if e == "" || e[0] == '.' {
			return false
		}
		for _, r := range e {
			if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-._~+", r)) {
				return false
			}
		}
	}
	return true
}
