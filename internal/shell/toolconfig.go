package shell

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// toolConfigExts are the extensions under which a JavaScript tool loads
// its configuration as code.
const toolConfigExts = " .js .cjs .mjs .ts .cts .mts "

// toolConfig reads the configuration a program guard has no entry for
// (catalogue.ProjectCodeNamed) may load as code by its name from the
// directory it runs in: NAME.config.EXT, .NAMErc.EXT, and the same in
// .config/ (NAME.config.EXT, NAMErc.EXT), EXT one of toolConfigExts — the
// search places of cosmiconfig and c12, through which most tools of the
// JavaScript ecosystem find theirs (vite build loads vite.config.js,
// nodemon, postcss, tailwindcss, babel…). Each file there is scanned as
// node runs it (configProgram). The directory is listed once a command
// (effect.Lister); a program of another ecosystem has no such file.
func (c *cmd) toolConfig(name string) {
	if i := strings.LastIndexByte(name, '@'); i > 0 {
		name = name[:i] // npx vite@5
	}
	if c.w.guessing > 0 || name == "" || strings.ContainsAny(name, "/\\") || c.w.a == nil {
		return
	}
	for _, dir := range []string{".", ".config"} {
		seen := map[string]bool{}
		for _, e := range c.dirNames(dir) {
			if toolConfigName(name, dir, e) {
				seen[e] = true
				c.configProgram(path.Join(dir, e))
			}
		}
		// one the command itself wrote earlier (cp evil.js vite.config.js
		// && vite build: FINDINGS57c A3), not on the disk yet
		for _, ext := range strings.Fields(toolConfigExts) {
			for _, e := range []string{name + ".config" + ext, "." + name + "rc" + ext, name + "rc" + ext} {
				if f := path.Join(dir, e); !seen[e] && toolConfigName(name, dir, e) && c.wroteNamed(f) {
					c.configProgram(f)
				}
			}
		}
	}
}

// toolConfigName reports whether entry e of directory dir ("." or
// ".config") is a configuration file toolConfig reads for program name.
func toolConfigName(name, dir, e string) bool {
	base, ext := strings.TrimPrefix(e, "."), path.Ext(e)
	stem := strings.TrimSuffix(base, ext)
	if ext == "" || !strings.Contains(toolConfigExts, " "+ext+" ") {
		return false
	}
	return stem == name+".config" || stem == name+"rc" && (dir == ".config" || strings.HasPrefix(e, "."))
}

// dirNames returns the names in directory dir (as the command names it),
// listed once per walk; none where guard cannot list it.
func (c *cmd) dirNames(dir string) []string {
	l, ok := c.w.Files.(effect.Lister)
	where := word.Clean(c.w.Where(dir))
	if !ok || !word.IsKnown(where) {
		return nil
	}
	if names, ok := c.w.listed[where]; ok {
		return names
	}
	names, _ := l.Tree(where, 1)
	if c.w.listed == nil {
		c.w.listed = map[string][]string{}
	}
	c.w.listed[where] = names
	return names
}

// wroteNamed reports whether the command wrote text guard knows to file
// p, or copied a file there; not a directory it wrote with text guard
// cannot see, which holds every name below it.
func (c *cmd) wroteNamed(p string) bool {
	if _, ok := c.w.WrittenText(p); ok {
		return true
	}
	_, ok := c.w.CopiedFrom(p)
	return ok
}
