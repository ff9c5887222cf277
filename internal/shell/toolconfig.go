package shell

import (
	"path"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// toolCodeExts are the extensions under which a JavaScript tool loads a
// file as code: node's own, and what its loaders (interpret, rechoir,
// jiti) compile on the fly (.babel.js ends in .js).
const toolCodeExts = " .js .cjs .mjs .ts .cts .mts .jsx .tsx .coffee "

// toolConfig reads the code a program guard has no entry for
// (catalogue.ProjectCodeNamed) may load from the directory it runs in and,
// a JavaScript tool (js: jsTool), the directories its words name. Which
// file a JavaScript tool loads is the package's choice, not its program's
// name (tailwindcss loads tailwind.config.js, jake Jakefile.js, gulp
// gulpfile.js, karma karma.conf.js, sequelize .sequelizerc), and where is
// its operands' (vite build sub, vitest --root sub: FINDINGS58e E1, E10):
// so every code file (toolCodeFile) of each such root is read as node runs
// it (configProgram): in the root, in its .config/, and in the
// dot-directories there (.storybook/main.js, .vitepress/config.mts). A
// directory is listed once a command (effect.Lister); a project of another
// ecosystem has no such file. A program of another kind handed a
// directory (cloc scripts, ctags -R src) loads nothing from it
// (FINDINGS59c C8). name is the program's, for npx's package@version.
func (c *cmd) toolConfig(name string, js bool) {
	if i := strings.LastIndexByte(name, '@'); i > 0 {
		name = name[:i] // npx vite@5
	}
	if catalogue.PackageManagers.Has(name) || name == "bun" {
		return // what they load (.pnpmfile.cjs, yarnPath, bunfig's preload) is modelled as such
	}
	if catalogue.Printers.Has(name) || shellOwn.Has(name) {
		return // echo ok in a package script: the shell's own, no JavaScript tool
	}
	if _, interp := catalogue.InterpreterOf(name); interp || c.w.guessing > 0 || name == "" || strings.ContainsAny(name, "/\\") || c.w.a == nil {
		return // node server.js runs server.js, read as such, and loads no configuration
	}
	roots := []string{"."}
	if js {
		var ok bool
		if roots, ok = c.toolRoots(); !ok {
			return
		}
	}
	n := 0
	for _, root := range roots {
		if !c.toolConfigIn(root, js, &n) {
			return
		}
		c.toolWritten(root)
	}
}

// jsTool reports whether the program of c, named name, is known to be a
// JavaScript tool, which takes its root from its words and loads code
// files of any name there: one a package runner starts (npx, bunx, pnpm
// exec, yarn dlx: jsRunner), one run by its path into node_modules
// (./node_modules/.bin/vite), one of the node tools the catalogue names
// (catalogue.RuntimeOf: vite, vitest, webpack), or one the project
// installs (node_modules/.bin/NAME in the directory or above, which a
// package script runs before the PATH's).
func (c *cmd) jsTool(name string) bool {
	base := path.Base(name)
	if i := strings.LastIndexByte(base, '@'); i > 0 {
		base = base[:i]
	}
	if c.jsRunner || strings.Contains(name, "node_modules/") || strings.Contains(c.prog, "node_modules/") {
		return true
	}
	if r := catalogue.RuntimeOf(base); r != nil && r.Lang == "node" {
		return true
	}
	st, ok := c.w.Files.(effect.Stater)
	if !ok || strings.Contains(name, "/") || !word.IsKnown(base) {
		return false
	}
	key := c.w.Where(".") + "\x00" + base
	if js, ok := c.w.jsTools[key]; ok {
		return js // a long make run names the same programs line after line
	}
	js := c.projectBin(st, base)
	if c.w.jsTools == nil {
		c.w.jsTools = map[string]bool{}
	}
	c.w.jsTools[key] = js
	return js
}

// projectBin reports whether node_modules/.bin/base is in the directory
// the command runs in or above it; past maxRootProbes, not looked up:
// no (the program then reads the directory it runs in only).
func (c *cmd) projectBin(st effect.Stater, base string) bool {
	for d, i := word.Clean(c.w.Where(".")), 0; i < maxBinLevels && word.IsKnown(d); i++ {
		if c.w.rootProbes >= maxRootProbes {
			return false
		}
		c.w.rootProbes++
		if kind, _ := st.Lstat(path.Join(d, "node_modules/.bin", base)); kind != effect.EntryNone {
			return true
		}
		if d == "/" {
			break
		}
		d = path.Join(d, "..")
	}
	return false
}

// toolWritten reads the code files below root the command itself wrote
// earlier, not on the disk yet (cp evil.js vite.config.js && vite build:
// FINDINGS57c A3; tee vite.config.js < evil.js: FINDINGS58a A13, whose
// text guard cannot see: hidden).
func (c *cmd) toolWritten(root string) {
	for _, f := range c.w.WrittenNames(root, 2) {
		if dir, e := path.Split(f); toolConfigName(path.Clean(dir), e) && !c.listedIn(path.Join(root, dir), e) {
			c.configProgram(path.Join(root, f))
		}
	}
}

// toolRoots returns the directories a JavaScript tool may take as its
// root and load its configuration from: the one it runs in, and each
// directory a word of it names (an operand, an option's next word or its
// value after =: vite build sub, --root sub, --dir=sub), a pattern's
// matches as the shell expands it (vite build su*: FINDINGS59c C4), the
// temporary directory included (toolRoot). A pattern guard cannot expand
// is one it cannot tell: false, hidden.
func (c *cmd) toolRoots() ([]string, bool) {
	roots := []string{"."}
	for _, a := range c.args {
		t := a.Text
		if strings.HasPrefix(t, "-") {
			_, v, ok := strings.Cut(t, "=")
			if !ok {
				continue
			}
			t = v
		}
		if !a.Known || t == "" || !word.IsKnown(t) {
			continue
		}
		words := []string{t}
		if strings.ContainsAny(t, "*?[") {
			m, ok := c.makeGlob(strings.TrimRight(t, "/"))
			if !ok {
				c.w.Hide("may load its configuration from the directories %s matches, which guard cannot list", t)
				return roots, false
			}
			words = m
		}
		for _, t := range words {
			var ok bool
			if roots, ok = c.toolRoot(roots, t); !ok {
				return roots, false
			}
		}
	}
	return roots, true
}

// toolRoot adds to roots the directory word t names, if it names one
// (rootDir): the temporary directory too, whose code files are as
// readable as any (npx mytool /var/tmp: FINDINGS59c C4); but not /, a
// system directory or one above the home, which the agent cannot write,
// nor the home itself, whose many dot-directories would pass the bounds
// (an MCP filesystem server given ~). False, hidden, past
// maxToolConfigDirs roots.
func (c *cmd) toolRoot(roots []string, t string) ([]string, bool) {
	where := word.Clean(c.w.Where(t))
	abs := c.absPath(t)
	if word.Clean(t) == "." || slices.Contains(roots, word.Clean(t)) || !word.IsKnown(where) || systemDir(abs+"/") ||
		abs == "/" || c.aboveHome(abs) || abs == word.Clean(c.w.Home) || !c.rootDir(t) {
		return roots, true
	}
	if len(roots) >= maxToolConfigDirs {
		c.w.Hide("may load a configuration from more directories than guard reads (%d)", maxToolConfigDirs)
		return roots, false
	}
	return append(roots, word.Clean(t)), true
}

// maxRootProbes bounds the words toolRoots looks up on disk for one
// command.
const maxRootProbes = 256

// rootDir reports whether word p names a directory, as dirWord does but
// outside the budget of the link look-ups (effect.MaxLinks): an unknown
// tool's every word is looked up, and a long make run's would spend that
// budget, after which the links of a later mv or cp are ones guard cannot
// tell. Past maxRootProbes a word is taken for no directory.
func (c *cmd) rootDir(p string) bool {
	if spelledDir(p) {
		return true // ~ too: toolRoots has left the home out before
	}
	st, ok := c.w.Files.(effect.Stater)
	if !ok || p == "" || !word.IsKnown(p) || strings.ContainsAny(p, "*?[") || c.w.rootProbes >= maxRootProbes {
		return false
	}
	c.w.rootProbes++
	kind, _ := st.Lstat(c.w.Where(p))
	return kind == effect.EntryDir
}

// toolConfigIn reads the code files of root, of root/.config and of the
// dot-directories in root, counting them in n; false once n passes
// maxToolConfigs (hidden). Where a JavaScript tool runs (js) or beside a
// package.json, a file without an extension whose text is JavaScript is
// code too, in root and in its .config/ (FINDINGS59c C15); not in /, the
// directories above the home, the temporary or a system directory, which
// hold no project (an MCP server started in /).
func (c *cmd) toolConfigIn(root string, js bool, n *int) bool {
	dirs := []string{root, path.Join(root, ".config")}
	where := c.absPath(root)
	sniff := js && where != "/" && !c.aboveHome(where) && !tempDir(where) && !systemDir(where+"/") || c.listedIn(root, "package.json")
	for i := 0; i < len(dirs); i++ {
		dir := dirs[i]
		for _, e := range c.dirNames(dir) {
			switch f := path.Join(dir, e); {
			case strings.HasSuffix(e, "/"): // a directory: listed if a dot-directory of the root
				if dir != root || !strings.HasPrefix(e, ".") || e == ".config/" || e == ".git/" {
					break
				}
				if len(dirs) >= maxToolDotDirs {
					// A later one (.vitepress, .storybook) is never read:
					// FINDINGS59a A3.
					c.w.Hide("may load a configuration from one of more dot-directories than guard lists (%d)", maxToolDotDirs)
					return false
				}
				dirs = append(dirs, f)
			case i < 2 && c.toolCodeFile(f, i == 0, sniff) || i > 0 && toolConfigName(dir, e):
				if *n++; *n > maxToolConfigs {
					c.w.Hide("loads one of more configuration files than guard reads (%d)", maxToolConfigs)
					return false
				}
				c.configProgram(f)
			}
		}
	}
	return true
}

// shellOwn are commands the shell itself runs that load no configuration,
// which a package script's line (recipeWalk) may name.
const shellOwn word.Set = " test [ cd exit return export set unset shift read wait type command hash pwd "

// maxToolConfigs bounds the configuration files toolConfig reads for one
// program; maxToolConfigDirs the roots it reads; maxToolDotDirs the
// directories it lists in one root (the root, .config and its
// dot-directories: a large repository has a dozen or two).
const (
	maxToolConfigs    = 32
	maxToolConfigDirs = 16
	maxToolDotDirs    = 48
)

// toolConfigName reports whether entry e of directory dir (as the command
// names it, relative) is a code file a JavaScript tool may load: EXT one
// of toolCodeExts, in the directory itself or in a dot-directory of it
// (.config/, .storybook/).
func toolConfigName(dir, e string) bool {
	ext := path.Ext(e)
	if ext == "" || strings.HasPrefix(e, ".") && strings.Count(e, ".") == 1 || !strings.Contains(toolCodeExts, " "+ext+" ") {
		return false
	}
	return dir == "." || strings.HasPrefix(path.Base(dir), ".") && path.Base(dir) != ".."
}

// toolCodeFile reports whether file f, in a tool's root (top) or its
// .config/, is code a JavaScript tool may load by a name of its choice:
// in the root one with a code extension (toolConfigName), or, where sniff,
// one with none whose text is written as a JavaScript module
// (.sequelizerc, Jakefile, .config/mytoolrc).
func (c *cmd) toolCodeFile(f string, top, sniff bool) bool {
	e := path.Base(f)
	if top && toolConfigName(".", e) {
		return true
	}
	if !sniff || strings.Contains(strings.TrimPrefix(e, "."), ".") || strings.HasPrefix(e, ".env") {
		return false
	}
	text, st := c.w.FileStatus(f, true, maxToolCodeScan)
	return st == effect.FileWhole && jsCodeText().MatchString(text)
}

// maxToolCodeScan bounds the file toolCodeFile looks into for JavaScript.
const maxToolCodeScan = 256 << 10

// jsCode holds jsCodeText's expression, compiled when first used: a hook
// process builds no regular expression at start, and a sync.Once costs no
// allocation there (a sync.OnceValue does).
var jsCode struct {
	once sync.Once
	re   *regexp.Regexp
}

// jsCodeText matches text written as a JavaScript module: it requires,
// imports or exports.
func jsCodeText() *regexp.Regexp {
	jsCode.once.Do(func() {
		jsCode.re = regexp.MustCompile(`\brequire\s*\(\s*['"]|\bmodule\.exports\b|(?m)^\s*import\s.*\bfrom\s|(?m)^\s*export\s+(default|const|function|async)\b`)
	})
	return jsCode.re
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
