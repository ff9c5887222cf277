package shell

import (
	"path"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
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
	if p == nil && c.unknownProgram() && catalogue.ProgramNamed(path.Base(name)) == nil {
		c.toolConfig(path.Base(name), c.jsTool(name)) // toolconfig.go: vite build, vite.config.js
	}
	if p == nil || w.a == nil {
		return
	}
	for _, f := range strings.Fields(p.Files) {
		w.a.Loads = append(w.a.Loads, word.Clean(w.Where(f)))
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
		switch t := strings.TrimLeft(l, " \t-"); {
		case t == "?" || strings.HasPrefix(t, "? "):
			return "a key guard cannot read: a YAML complex key"
		case strings.HasSuffix(strings.TrimRight(l, " \t\r"), `\`):
			return "a key guard cannot read: an escaped line break" // "plu\<newline>gins"
		case aliasKey(l):
			return "a key guard cannot read: a YAML alias as a key"
		}
	}
	return ""
}

// aliasKey reports whether line l uses a YAML alias as a key (*k : x,
// {*k: x}): the key is the anchored value, elsewhere.
func aliasKey(l string) bool {
	for i := 0; i < len(l); i++ {
		if l[i] != '*' || i > 0 && strings.IndexByte(" \t{[,-", l[i-1]) < 0 {
			continue
		}
		j := i + 1
		for j < len(l) && keyChar(l[j]) {
			j++
		}
		if j > i+1 && strings.HasPrefix(strings.TrimLeft(l[j:], " \t"), ":") {
			return true
		}
	}
	return false
}

// keyValues reports whether key named is set in the lines of a data
// file (configLoads), and returns the values of each place setting it.
// A key is found wherever on a line the decoders read one (keyRests),
// not only first: a YAML or JSON5 flow mapping ({semi: true, plugins:
// [./p.js]}) and a TOML dotted key (tool.mypy.plugins = ...) set it too.
func keyValues(lines []string, named string) (bool, []string) {
	found := false
	var values []string
	for i, l := range lines {
		indent := len(l) - len(strings.TrimLeft(l, " \t"))
		for _, r := range keyRests(lines, i, named) {
			found = true
			values = append(values, configValues(r.rest, lines[r.line+1:], indent)...)
		}
	}
	return found, values
}

// keyRest is the text after a key's = or :, and the line it is on.
type keyRest struct {
	rest string
	line int
}

// keyRests returns the text after the = or : of each place on line i of
// lines that sets key named, in any case (INI's INIT-HOOK): the key as a
// token, after no key character (a flow mapping's {, a dotted path's .),
// followed past quotes, blanks, line breaks and JSON5 comments by = or :
// (keyColon), or by ] first on the line (a section). A key inside a line
// has its value cut where a flow mapping ends it (flowValue).
func keyRests(lines []string, i int, named string) []keyRest {
	l := lines[i]
	lead := len(l) - len(strings.TrimLeft(l, " \t\"'[{,"))
	var out []keyRest
	for j := strings.IndexFunc(l, notSpace); j >= 0 && j+len(named) <= len(l); j++ {
		if !strings.EqualFold(l[j:j+len(named)], named) || !keyStart(l[:j]) {
			continue
		}
		rest, at := keyColon(lines, i, l[j+len(named):])
		switch {
		case rest == "" || !strings.ContainsRune("=:]", rune(rest[0])) || rest[0] == ']' && (j != lead || at != i):
		case j == lead || at != i:
			out = append(out, keyRest{rest[1:], at})
		default:
			out = append(out, keyRest{flowValue(rest[1:]), at})
		}
	}
	return out
}

// keyStart reports whether a key may start after text before: no key
// character ends it. JSON5's Unicode blanks (U+00A0, U+FEFF, U+2028…)
// are not key characters.
func keyStart(before string) bool {
	r, n := utf8.DecodeLastRuneInString(before)
	switch {
	case n == 0:
		return true
	case r < utf8.RuneSelf:
		return !keyChar(byte(r))
	}
	return jsonBlank(r)
}

// jsonBlank reports whether non-ASCII r is a JSON5 blank.
func jsonBlank(r rune) bool { return unicode.IsSpace(r) || r == '\ufeff' }

func notSpace(r rune) bool { return r != ' ' && r != '\t' }

// keyChar reports whether b may be part of a key's name.
func keyChar(b byte) bool {
	return b == '_' || b == '-' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= 0x80
}

// keyColon returns the text from tail, the rest of line i of lines after a
// key, on past the quotes, blanks, line breaks and JSON5 comments (/* */,
// //) that may stand between a key and its = or : ({plugins /* a⏎ */⏎:
// [...]}), and the line where that text is; "" where a key's text ends
// the lines guard reads.
func keyColon(lines []string, i int, tail string) (string, int) {
	comment := false
	for first := i; i < first+maxValueLines; {
		if comment {
			_, after, ok := strings.Cut(tail, "*/")
			tail, comment = after, !ok
		}
		tail = strings.TrimLeftFunc(tail, func(r rune) bool { return strings.ContainsRune("\"' \t\r", r) || r >= utf8.RuneSelf && jsonBlank(r) })
		switch {
		case comment:
		case strings.HasPrefix(tail, "/*"):
			tail, comment = tail[2:], true
			continue
		case tail != "" && !strings.HasPrefix(tail, "//"):
			return tail, i
		}
		if i++; i >= len(lines) {
			break
		}
		tail = lines[i]
	}
	return "", i
}

// flowValue returns rest, the text after a key's : or = inside a line,
// up to where a flow mapping ends its value: a comma or closing bracket
// outside the brackets and quotes the value opened.
func flowValue(rest string) string {
	depth := 0
	var quote byte
	for i := 0; i < len(rest); i++ {
		switch b := rest[i]; {
		case quote != 0:
			if b == quote {
				quote = 0
			}
		case b == '"' || b == '\'':
			quote = b
		case b == '[' || b == '{':
			depth++
		case b == ']' || b == '}' || b == ',' && depth == 0:
			if depth == 0 {
				return rest[:i]
			}
			if b != ',' {
				depth--
			}
		}
	}
	return rest
}

// maxValueLines bounds the lines a key's values are read from.
const maxValueLines = 64

// configValues returns the values of a key whose line continues with
// rest, in INI, TOML, YAML or JSON: the words of rest, and of the lines
// after it while a bracket rest opened is open, or while they are
// indented deeper than the key (indent: an INI continuation, a YAML
// list), or, where nothing but an anchor or a tag follows the key, are a
// YAML sequence's "- " items at its indent (key:⏎- a). Blank and comment
// lines, at any indent, are passed.
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
	items := yamlOpen(rest)
	for n, l := range after {
		t := strings.TrimSpace(l)
		if n >= maxValueLines {
			break
		}
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		at := len(l) - len(strings.TrimLeft(l, " \t"))
		deeper := at > indent || items && at == indent && (t == "-" || strings.HasPrefix(t, "- "))
		if depth <= 0 && !deeper {
			break
		}
		depth += strings.Count(t, "[") + strings.Count(t, "{") - strings.Count(t, "]") - strings.Count(t, "}")
		values = append(values, split(strings.TrimPrefix(t, "- "))...)
	}
	return values
}

// yamlOpen reports whether rest, the text after a key's colon, leaves its
// value to the lines after: nothing, a comment, an anchor or a tag.
func yamlOpen(rest string) bool {
	for _, f := range strings.Fields(rest) {
		switch {
		case f[0] == '#':
			return true
		case f[0] != '&' && f[0] != '!':
			return false
		}
	}
	return true
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
	case strings.Contains(v, "$") || strings.HasPrefix(v, "*") || !word.IsKnown(v):
		// a variable the tool expands, a YAML alias (its value is
		// elsewhere): guard cannot tell
		return true
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
