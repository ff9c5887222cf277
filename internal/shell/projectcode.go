package shell

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
)

// projectCode records the files the program loads as code or command
// configuration from the directory it runs in (catalogue.ProjectCodes:
// make's GNUmakefile, pytest's conftest.py, npm's .npmrc), as
// Analysis.Loads, whether they exist or not. python -m MOD counts as MOD
// (python3 -m pytest).
func (c *cmd) projectCode() {
	name := c.name
	if strings.HasPrefix(name, "python") {
		name = ""
		for j := 0; j+1 < len(c.args) && strings.HasPrefix(c.args[j].Text, "-"); j++ {
			if c.args[j].Text == "-m" {
				name = c.args[j+1].Text
				break
			}
		}
	}
	c.projectLoads(name)
}

// projectLoads records the project code files of program name (a path's
// last part: ./node_modules/.bin/eslint) as Analysis.Loads, and checks
// a source tool's (sourceConfig).
func (c *cmd) projectLoads(name string) {
	w := c.w
	p := catalogue.ProjectCodeNamed(path.Base(name))
	if p == nil || w.a == nil {
		return
	}
	for _, f := range strings.Fields(p.Files) {
		w.a.Loads = append(w.a.Loads, path.Clean(w.Where(f)))
	}
	if catalogue.SourceTools.Has(p.Name) {
		c.sourceConfig(p)
	}
}

// sourceConfig checks the configuration a source tool p (eslint, pylint,
// rubocop) loads from the directory it runs in, as a test runner's files
// are: each that exists and is code (eslint.config.js, .luacheckrc) is
// scanned as a program file of its language, its imports followed where
// guard has a loader; a data file (.pylintrc, .rubocop.yml) naming code
// it loads (p.Keys: init-hook, require, plugins) makes the command
// hidden, as guard did not read that code.
func (c *cmd) sourceConfig(p *catalogue.ProjectCode) {
	for _, f := range strings.Fields(p.Files) {
		if strings.Contains(f, "*") || !c.w.IsFile(f) {
			continue
		}
		if !catalogue.ConfigIsCode(path.Base(f)) {
			text, ok := c.w.FileText(f, true, effect.MaxScriptBytes, "a configuration file")
			if k := configLoads(text, p.Keys); ok && k != "" && (!p.Packages || localPathIn(text)) {
				c.w.hide("runs %s, whose configuration %s loads project code (%s) guard did not read: it cannot tell what that code does", p.Name, f, k)
			}
			continue
		}
		text, ok := c.w.FileText(f, true, effect.MaxProgramBytes, "a program")
		if !ok {
			continue
		}
		nread, words, fileWords := c.w.Nread, c.w.words, c.w.fileWords
		c.scanFile(text, false)
		if m := c.newLoader(configFamily(f)); m != nil {
			m.program(text, f)
		}
		c.w.Nread, c.w.words, c.w.fileWords = nread, words, fileWords
	}
}

// localPathIn reports whether data text (JSON, YAML) holds a value that
// is a local path: a string, quoted or a YAML scalar, starting with ./,
// ../, / or ~/, or ending in a code file's extension. Package names
// (eslint:recommended, @scope/config, prettier-plugin-x) are none.
func localPathIn(text string) bool {
	for _, lead := range []string{"\"", "'", ": ", "- ", "[", ",", "="} {
		for _, p := range []string{"./", "../", "/", "~/", ".\\", "..\\"} {
			if strings.Contains(text, lead+p) {
				return true
			}
		}
	}
	for _, ext := range []string{".js", ".cjs", ".mjs", ".ts", ".cts", ".mts"} {
		for _, end := range []string{"\"", "'", "\n"} {
			if strings.Contains(text, ext+end) {
				return true
			}
		}
	}
	return false
}

// configFamily returns the language of code file f (its extension).
func configFamily(f string) lang.Family {
	switch ext := path.Ext(f); {
	case strings.Contains(" .js .mjs .cjs .ts .mts .cts ", " "+ext+" "):
		return lang.Node
	case ext == ".py":
		return lang.Python
	case ext == ".rb":
		return lang.Ruby
	case ext == ".php" || strings.HasPrefix(path.Base(f), ".php_cs"):
		return lang.PHP
	}
	return lang.Lua // .luacheckrc
}

// configLoads returns the first of keys (catalogue.ProjectCode.Keys) that
// data text holds, or "": a line whose first word, past quotes and a
// section's [, is the key followed by =, :, a quote or ]; a "~TEXT" key
// is TEXT anywhere.
func configLoads(text, keys string) string {
	for _, k := range strings.Fields(keys) {
		if t, ok := strings.CutPrefix(k, "~"); ok {
			if strings.Contains(text, t) {
				return t
			}
			continue
		}
		for _, l := range strings.Split(text, "\n") {
			l = strings.TrimLeft(l, " \t\"'[{,")
			rest, ok := strings.CutPrefix(l, k)
			if rest = strings.TrimLeft(rest, "\"' \t"); ok && rest != "" && strings.ContainsRune("=:]", rune(rest[0])) {
				return k
			}
		}
	}
	return ""
}
