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
	if k := unreadKeys(text); k != "" && keys != "" {
		return k
	}
	lines := strings.Split(text, "\n")
	for _, k := range strings.Fields(keys) {
		if t, ok := strings.CutPrefix(k, "~"); ok {
			if strings.Contains(text, t) {
				return t
			}
			continue
		}
		named, packages := strings.CutPrefix(k, "@")
		if found, values := keyValues(lines, named); found && (!packages || slices.ContainsFunc(values, local)) {
			return named
		}
	}
	return ""
}

// unreadKeys returns what in data text may spell a key otherwise than
// guard reads it, or "": an escape (JSON's and TOML's \u0070lugins,
// YAML's "plu\x67ins"), a YAML tag (!!map, !<…>) or complex key (? plugins).
// The tools' decoders read them as the plain key: default-deny.
func unreadKeys(text string) string {
	switch {
	case strings.Contains(text, `\u`) || strings.Contains(text, `\U`) || strings.Contains(text, `\x`):
		return "a key guard cannot read: an escape"
	case strings.Contains(text, "!!") || strings.Contains(text, "!<"):
		return "a key guard cannot read: a YAML tag"
	}
	for _, l := range strings.Split(text, "\n") {
		if t := strings.TrimLeft(l, " \t-"); t == "?" || strings.HasPrefix(t, "? ") {
			return "a key guard cannot read: a YAML complex key"
		}
	}
	return ""
}

// keyValues reports whether key named is set in the lines of a data
// file (configLoads), and returns the values of each line setting it.
func keyValues(lines []string, named string) (bool, []string) {
	found := false
	var values []string
	for i, l := range lines {
		indent := len(l) - len(strings.TrimLeft(l, " \t"))
		l = strings.TrimLeft(l, " \t\"'[{,")
		rest, ok := "", len(l) >= len(named) && strings.EqualFold(l[:len(named)], named) // INI keys: any case (pylint's INIT-HOOK)
		if ok {
			rest = l[len(named):]
		}
		if rest = strings.TrimLeft(rest, "\"' \t"); !ok || rest == "" || !strings.ContainsRune("=:]", rune(rest[0])) {
			continue
		}
		found = true
		values = append(values, configValues(rest[1:], lines[i+1:], indent)...)
	}
	return found, values
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
	data := dataConfig(v)
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

// dataConfig reports whether file name v is data by its extension (a
// JSON, YAML, TOML or INI file), not code.
func dataConfig(v string) bool {
	return strings.Contains(" .json .json5 .yml .yaml .toml .ini .cfg .txt .md .neon .css ", " "+path.Ext(v)+" ")
}
