package shell

import (
	"path"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// toolConfigExts are the extensions under which a JavaScript tool loads
// its configuration as code.
const toolConfigExts = " .js .cjs .mjs .ts .cts .mts "

// toolConfig reads the configuration a program guard has no entry for
// (catalogue.ProjectCodeNamed) may load as code from the directory it runs
// in. Which file a JavaScript tool loads is the package's choice, not its
// program's name (tailwindcss loads tailwind.config.js, svelte-kit
// svelte.config.js, gatsby gatsby-config.js, eleventy .eleventy.js), so
// every code file shaped as a configuration (toolConfigName) is read, as
// node runs it (configProgram): in the directory, in .config/, and in the
// dot-directories there (.storybook/main.js, .vitepress/config.mts). The
// directory is listed once a command (effect.Lister); a project of another
// ecosystem has no such file. name is the program's, for npx's
// package@version.
func (c *cmd) toolConfig(name string) {
	if i := strings.LastIndexByte(name, '@'); i > 0 {
		name = name[:i] // npx vite@5
	}
	if c.w.guessing > 0 || name == "" || strings.ContainsAny(name, "/\\") || c.w.a == nil {
		return
	}
	dirs, n := []string{".", ".config"}, 0
	for i := 0; i < len(dirs); i++ {
		dir := dirs[i]
		for _, e := range c.dirNames(dir) {
			switch f := path.Join(dir, e); {
			case dir == "." && strings.HasPrefix(e, ".") && path.Ext(e) == "" && e != ".config" && e != ".git" && len(dirs) < maxToolConfigDirs:
				dirs = append(dirs, f) // a dot-directory: listed if it is one
			case toolConfigName(dir, e):
				if n++; n > maxToolConfigs {
					c.w.Hide("loads one of more configuration files than guard reads (%d)", maxToolConfigs)
					return
				}
				c.configProgram(f)
			}
		}
	}
	// one the command itself wrote earlier, not on the disk yet (cp evil.js
	// vite.config.js && vite build: FINDINGS57c A3; tee vite.config.js <
	// evil.js: FINDINGS58a A13, whose text guard cannot see: hidden)
	for _, f := range c.w.WrittenNames(".", 2) {
		if dir, e := path.Split(f); toolConfigName(path.Clean(dir), e) && !c.listedIn(path.Clean(dir), e) {
			c.configProgram(f)
		}
	}
}

// maxToolConfigs bounds the configuration files toolConfig reads for one
// program; maxToolConfigDirs the directories it lists.
const (
	maxToolConfigs    = 32
	maxToolConfigDirs = 16
)

// toolConfigName reports whether entry e of directory dir (as the command
// names it, relative) is a code file shaped as a JavaScript tool's
// configuration: EXT one of toolConfigExts, and in the directory a dot
// file (.eslintrc.cjs, .eleventy.js) or NAME.config.EXT, NAME-config.EXT,
// NAMErc.EXT; in .config/ or a dot-directory, any.
func toolConfigName(dir, e string) bool {
	ext := path.Ext(e)
	if ext == "" || !strings.Contains(toolConfigExts, " "+ext+" ") {
		return false
	}
	if dir != "." {
		return strings.HasPrefix(dir, ".") && !strings.Contains(strings.TrimPrefix(dir, "./"), "/")
	}
	stem := strings.TrimSuffix(e, ext)
	return strings.HasPrefix(e, ".") || strings.HasSuffix(stem, ".config") || strings.HasSuffix(stem, "-config") ||
		strings.HasSuffix(stem, "rc")
}

// listedIn reports whether e is among the names dirNames listed in dir.
func (c *cmd) listedIn(dir, e string) bool {
	return slices.Contains(c.dirNames(dir), e)
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
