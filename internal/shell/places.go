package shell

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// A tool's place (go env GOPATH, npm root, npm prefix) is a directory the
// agent may write like any other: the project itself (npm prefix), its
// node_modules (npm root), ~/go. Its name is not what makes a file below
// it safe to run, the file's text is (FINDINGS49b G6). So the places guard
// can work out as the tool does are resolved to the directory, and a file
// that runs below one is read as any named file is; a place guard cannot
// work out stays a marker (word.NamePlace), and a file that runs below it
// is cannot-tell (effect's producedName).

// placeOutput sets what c, a producer of a tool's place run with args (its
// words after the name, known, and not steered by the command), prints
// when guard can work it out as the tool does: go env GOPATH, npm prefix,
// npm root, npm bin (without -g). Anything else leaves the output unknown.
func (c *cmd) placeOutput(args []string) {
	var dir string
	switch {
	case c.name == "go" && len(args) == 2 && args[0] == "env" && args[1] == "GOPATH":
		dir = c.goPath()
	case c.name == "npm" && len(args) == 1 && (args[0] == "prefix" || args[0] == "root" || args[0] == "bin"):
		dir = c.npmPrefix()
		if dir != "" && args[0] != "prefix" {
			dir += "/node_modules"
			if args[0] == "bin" {
				dir += "/.bin"
			}
		}
	}
	if dir != "" {
		c.out = output{text: dir + "\n", known: true}
	}
}

// goPath returns the directory go env GOPATH prints: $GOPATH as the
// command's shell inherits it (one absolute directory), else $HOME/go, as
// go does when its go env file (go env -w) does not set it. "" when guard
// cannot tell: a list of directories, a relative one, GOPATH in the go env
// file, a file guard cannot read, or a reader that does not say what the
// shell inherits (effect.Locator).
func (c *cmd) goPath() string {
	loc, ok := c.w.Files.(effect.Locator)
	if !ok {
		return ""
	}
	lookupEnv := loc.Env
	if v, ok := lookupEnv("GOPATH"); ok && v != "" {
		if !strings.HasPrefix(v, "/") || strings.ContainsAny(v, ":$") || word.HasMark(v) {
			return ""
		}
		return path.Clean(v)
	}
	if _, ok := lookupEnv("GOENV"); ok {
		return "" // a go env file guard does not read
	}
	home := strings.TrimRight(c.w.Home, "/")
	if !strings.HasPrefix(home, "/") || word.HasMark(home) {
		return ""
	}
	cfg := home + "/.config"
	if v, ok := lookupEnv("XDG_CONFIG_HOME"); ok && v != "" {
		cfg = v
	}
	st, ok := c.w.Files.(effect.Stater)
	if !ok || !strings.HasPrefix(cfg, "/") {
		return ""
	}
	goenv := path.Join(cfg, "go", "env")
	switch k, _ := st.Lstat(goenv); k {
	case effect.EntryNone:
		return home + "/go"
	case effect.EntryFile:
		// go env -w's file: KEY=VALUE lines; GOPATH there, or not.
		text, fs := c.w.Files.ReadFile(goenv, 1<<16)
		if fs != effect.FileWhole {
			return ""
		}
		for _, line := range strings.Split(string(text), "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "GOPATH") {
				return "" // set there: guard does not read go's quoting
			}
		}
		return home + "/go"
	}
	return ""
}

// npmPrefix returns the directory npm prefix prints: the nearest one up
// from the command's that holds a package.json file or a node_modules
// directory, else the command's own. "" when guard cannot tell: what is
// there cannot be read, an entry of either name is of another kind (npm
// follows links and walks on past a file node_modules: FINDINGS50a F4), or
// another package.json above it (up to maxRepoDepth levels from the
// command's directory) may make a workspace's root the prefix.
func (c *cmd) npmPrefix() string {
	st, ok := c.w.Files.(effect.Stater)
	if !ok || !word.IsKnown(c.w.Dir) {
		return ""
	}
	found := ""
	up := "."
	for range maxRepoDepth {
		for _, f := range [...]string{"package.json", "node_modules"} {
			if found != "" && f == "node_modules" {
				continue // above the prefix, only a workspace's root counts
			}
			k, _ := st.Lstat(c.w.Where(path.Join(up, f)))
			if k == effect.EntryNone {
				continue
			}
			// npm stops at a package.json that is a regular file or a
			// node_modules that is a directory, links followed; any other
			// entry of either name (a file node_modules, a link, a
			// directory package.json) guard does not model, and a second
			// stop above the first may be a workspace's root.
			want := effect.EntryFile
			if f == "node_modules" {
				want = effect.EntryDir
			}
			if k != want || found != "" {
				return ""
			}
			found = up
			break
		}
		if c.w.Where(up) == "/" {
			break
		}
		up = path.Join(up, "..")
	}
	if found == "" && c.w.Where(up) == "/" {
		found = "." // none up to the root: the command's directory
	}
	if found == "" {
		return ""
	}
	return c.dirText(found)
}

// dirText returns directory up (relative to the command's) as a path a
// command may use: absolute when the command's directory is.
func (c *cmd) dirText(up string) string {
	if strings.HasPrefix(c.w.Dir, "/") {
		return path.Join(c.w.Dir, up)
	}
	if up == "." {
		return word.DirMark(c.w.Dir)
	}
	return word.DirMark(c.w.Dir) + "/" + up
}
