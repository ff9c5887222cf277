package shell

import (
	"github.com/guardhq/guard/internal/shell/word"
	"path"
	"slices"
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
			if k := configLoads(text, p.Keys, c.projectName); ok && k != "" {
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

// configLoads returns the first of keys (catalogue.ProjectCode.Keys) by
// which data text loads project code, or "": a line whose first word,
// past quotes and a section's [, is the key followed by =, :, a quote or
// ]; an "@KEY" only where one of its values (configValues) is project
// code (local); a "~TEXT" key is TEXT anywhere.
func configLoads(text, keys string, local func(string) bool) string {
	lines := strings.Split(text, "\n")
	for _, k := range strings.Fields(keys) {
		if t, ok := strings.CutPrefix(k, "~"); ok {
			if strings.Contains(text, t) {
				return t
			}
			continue
		}
		named, packages := strings.CutPrefix(k, "@")
		for i, l := range lines {
			indent := len(l) - len(strings.TrimLeft(l, " \t"))
			l = strings.TrimLeft(l, " \t\"'[{,")
			rest, ok := strings.CutPrefix(l, named)
			if rest = strings.TrimLeft(rest, "\"' \t"); !ok || rest == "" || !strings.ContainsRune("=:]", rune(rest[0])) {
				continue
			}
			if !packages || slices.ContainsFunc(configValues(rest[1:], lines[i+1:], indent), local) {
				return named
			}
		}
	}
	return ""
}

// maxValueLines bounds the lines a key's values are read from.
const maxValueLines = 64

// configValues returns the values of a key whose line continues with
// rest, in INI, TOML, YAML or JSON: the words of rest, and of the lines
// after it while a bracket rest opened is open, or while they are
// indented deeper than the key (indent: an INI continuation, a YAML
// list).
func configValues(rest string, after []string, indent int) []string {
	split := func(s string) []string {
		var out []string
		for _, f := range strings.FieldsFunc(s, func(r rune) bool { return strings.ContainsRune(" \t,[](){}\"'=", r) }) {
			if f = strings.Trim(f, ":"); f != "" {
				out = append(out, f) // a JSON or YAML key's colon: no value
			}
		}
		return out
	}
	values := split(strings.TrimPrefix(strings.TrimSpace(rest), "-"))
	depth := strings.Count(rest, "[") + strings.Count(rest, "{") - strings.Count(rest, "]") - strings.Count(rest, "}")
	for n, l := range after {
		t := strings.TrimSpace(l)
		deeper := t != "" && len(l)-len(strings.TrimLeft(l, " \t")) > indent
		if n >= maxValueLines || depth <= 0 && !deeper {
			break
		}
		depth += strings.Count(t, "[") + strings.Count(t, "{") - strings.Count(t, "]") - strings.Count(t, "}")
		values = append(values, split(strings.TrimPrefix(t, "- "))...)
	}
	return values
}

// projectName reports whether v, a value of a configuration key that
// names packages or modules, names project code instead: a local path
// (./rules.js, ../shared, /abs, ~/x) that is not a data file, a code
// file's name, or a module or file in the working directory (a Python
// module or package by its first dotted part, a Ruby or JavaScript
// file). What guard cannot stat counts as project code.
func (c *cmd) projectName(v string) bool {
	ext := path.Ext(v)
	data := strings.Contains(" .json .json5 .yml .yaml .toml .ini .cfg .txt .md .neon .css ", " "+ext+" ")
	switch {
	case v == "":
		return false
	case strings.HasPrefix(v, "./") || strings.HasPrefix(v, "../") || strings.HasPrefix(v, "/") || strings.HasPrefix(v, "~") || strings.HasPrefix(v, ".\\"):
		return !data
	case catalogue.ConfigIsCode(path.Base(v)):
		return true
	case strings.Contains(v, "$") || !word.IsKnown(v):
		return true // a variable the tool expands: guard cannot tell
	case strings.ContainsAny(v, ":@"):
		return false // eslint:recommended, plugin:react/recommended, @scope/pkg
	}
	first, _, _ := strings.Cut(v, ".")
	first, _, _ = strings.Cut(first, "/")
	for _, f := range []string{first, first + ".py", v + ".rb", v + ".js"} {
		if k, _ := c.w.Lstat(f); k != effect.EntryNone {
			return true
		}
	}
	return false
}
