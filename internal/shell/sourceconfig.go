package shell

// Where a source tool finds its configuration (catalogue.ProjectCode of
// catalogue.SourceTools): a file its options name (eslint -c FILE), its
// default names in the directory it runs in, in each operand's directory
// and in the directories above them (eslint's, prettier's, rubocop's
// upward search), package.json's key (prettier's "prettier"), and the
// files a data configuration inherits (rubocop's inherit_from). guard
// reads each as the tool would, not by name in one place.

import (
	"bytes"
	"encoding/json"
	"path"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

const (
	// maxInheritDepth bounds the configuration files followed from one
	// another (inherit_from: a.yml, whose inherit_from: b.yml...).
	maxInheritDepth = 4
	// maxConfigOperands bounds the operands whose directories are looked
	// in for a source tool's configuration.
	maxConfigOperands = 16
)

// sourceConfig checks the configuration a source tool p (eslint, pylint,
// rubocop) loads, as a test runner's files are: each that exists and is
// code (eslint.config.js, .luacheckrc) is scanned as a program file of
// its language, its imports followed where guard has a loader; a data
// file (.pylintrc, .rubocop.yml) naming code it loads (p.Keys:
// init-hook, require, plugins) makes the command hidden, as guard did
// not read that code; the files a data file inherits are read alike.
func (c *cmd) sourceConfig(p *catalogue.ProjectCode) {
	seen := map[string]bool{}
	for _, f := range c.configOptions(p) {
		c.checkConfig(p, f, seen, 0)
	}
	for _, f := range c.configSearch(p) {
		c.checkConfig(p, f, seen, 0)
	}
}

// configOptions returns the configuration files p's variables and
// options name (configEnv, configArgs); options from a variable
// (RUBOCOP_OPTS) make the command hidden.
func (c *cmd) configOptions(p *catalogue.ProjectCode) []string {
	for _, name := range strings.Fields(p.OptionEnv) {
		if v, ok := c.w.varMap()[name]; ok && v.Set && v.Str != "" {
			c.w.hide("runs %s with options from $%s, which may name any configuration: guard cannot tell which configuration %s loads", p.Name, name, p.Name)
		}
	}
	return append(c.configEnv(p), c.configArgs(p)...)
}

// configEnv returns the configuration files p's variables (Env) name as
// the command sets them; a name guard cannot work out makes the command
// hidden, as does a variable of its user configuration's lookup
// (catalogue.UserConfigVars) the command sets and p's Env does not root.
func (c *cmd) configEnv(p *catalogue.ProjectCode) []string {
	var out []string
	for _, name := range strings.Fields(catalogue.UserConfigVars) {
		if v, ok := c.w.varMap()[name]; ok && v.Set && !strings.Contains(" "+p.Env, " "+name+"/") {
			c.w.hide("runs %s with $%s set, which moves where it may find a user configuration: guard cannot tell which configuration %s loads", p.Name, name, p.Name)
		}
	}
	for _, e := range strings.Fields(p.Env) {
		name, rest, _ := strings.Cut(e, "/")
		if v, ok := c.w.varMap()[name]; ok && v.Set { // the command's own: the client's environment is not the agent's
			switch f := path.Join(v.Str, rest); {
			case !word.IsKnown(v.Str):
				c.w.hide("runs %s with a configuration file ($%s) whose name guard cannot work out before the command runs", p.Name, name)
			case rest == "":
				out = append(out, v.Str) // PYLINTRC=evil.rc pylint
			case c.w.wrote(f) || c.somethingAt(f):
				out = append(out, f) // XDG_CONFIG_HOME=x rubocop: x/rubocop/config.yml; HOME=x pylint: x/.pylintrc
			}
		}
	}
	return out
}

// configArgs returns the configuration files p's options name in the
// command's words (-c FILE, --config FILE, --config=FILE); a name guard
// cannot work out makes the command hidden.
func (c *cmd) configArgs(p *catalogue.ProjectCode) []string {
	var out []string
	opts := word.Set(" " + p.Options + " ")
	for j := 0; j < len(c.args) && p.Options != ""; j++ {
		name, v, glued := strings.Cut(c.args[j].Text, "=")
		if name == "--" {
			break
		}
		if !strings.HasPrefix(name, "-") {
			continue
		}
		if !opts.Has(name) {
			full, value, ok := configOption(p.Options, c.args[j].Text)
			if !ok {
				continue
			}
			name, v, glued = full, value, value != "" || glued
		}
		if !glued {
			if j+1 == len(c.args) {
				break
			}
			j++
			v = c.args[j].Text
		}
		if !word.IsKnown(v) {
			c.w.hide("runs %s with a configuration file whose name %s guard cannot work out before the command runs", p.Name, word.Quote(word.Render(v)))
			continue
		}
		out = append(out, v)
	}
	return out
}

// configOption reads option word a as one of options (a configuration
// file's): a short one with its value glued on (-cX: rubocop, getopt),
// after other short flags (-acX, -ac X), or
// a long one abbreviated as the tools' parsers take any unique prefix
// (--conf=X, --rc X: optparse, argparse, OptionParser). It returns the
// option, the glued value (if any), and whether a is one.
func configOption(options, a string) (name, value string, ok bool) {
	opt, v, eq := strings.Cut(a, "=")
	for _, o := range strings.Fields(options) {
		switch i := strings.IndexByte(a, o[len(o)-1]); {
		case len(o) == 2 && !strings.HasPrefix(a, "--") && len(a) > 2 && i > 0 && !strings.Contains(a[:i], "="):
			return o, a[i+1:], true // -cX, and -acX: flags, then the option
		case strings.HasPrefix(o, "--") && strings.HasPrefix(opt, "--") && len(opt) > 3 && strings.HasPrefix(o, opt):
			if eq {
				return o, v, true
			}
			return o, "", true
		}
	}
	return "", "", false
}

// configSearch returns p's configuration files the tool finds by name:
// in the directory it runs in and each operand's directory (a directory
// operand itself), and in each
// directory above them (configDirs), nearest first; package.json where p
// keeps a key there.
func (c *cmd) configSearch(p *catalogue.ProjectCode) []string {
	names := strings.Fields(p.Files)
	if p.PackageKey != "" {
		names = append(names, "package.json")
	}
	dirs := []string{"."}
	var trees []string // the directories a per-file tool checks all of
	operands := false
	for _, a := range c.args {
		operands = operands || !strings.HasPrefix(a.Text, "-")
		if len(dirs) > maxConfigOperands || strings.HasPrefix(a.Text, "-") || !word.IsKnown(a.Text) {
			continue
		}
		if k := strings.IndexAny(a.Text, "*?[{"); k >= 0 {
			// A pattern the tool expands (prettier "src/**/*.ts"): the
			// directory before its first wildcard.
			d := path.Dir(a.Text[:k] + "x")
			if d != "." {
				dirs = append(dirs, d)
			}
			trees = append(trees, d)
			continue
		}
		if k, _ := c.w.Lstat(a.Text); k == effect.EntryDir {
			dirs = append(dirs, a.Text) // prettier --check src: src's own
			trees = append(trees, a.Text)
		} else if d := path.Dir(a.Text); d != "." {
			dirs = append(dirs, d)
		}
	}
	if !operands {
		trees = append(trees, ".") // rubocop, eslint: the working directory
	}
	var out []string
	if p.PerFile {
		for _, d := range trees {
			out = append(out, c.configBelow(p, d, names)...)
		}
	}
	looked := map[string]bool{}
	for _, d := range dirs {
		for _, up := range c.configDirs(d, names[0]) {
			k := word.Clean(c.absDir(up))
			if looked[k] {
				break // and those above it
			}
			looked[k] = true
			for _, n := range names {
				if f := path.Join(up, n); !strings.Contains(n, "*") && (c.w.wrote(f) || c.somethingAt(f)) {
					out = append(out, f)
				}
			}
		}
	}
	return out
}

// maxConfigWalk bounds the names listed in the walk of a directory a
// per-file tool checks (configBelow), effect.MaxTreeDepth its depth.
const maxConfigWalk = effect.MaxMembers

// configBelow returns the configuration files named names that p, which
// finds a configuration for each file it checks (catalogue.ProjectCode's
// PerFile), finds in the directories below dir, which it checks: those
// there and those the command wrote there. .git and node_modules, which
// the tools skip, are not walked; past the walk's bounds, or where guard
// cannot list a directory, the command is hidden.
func (c *cmd) configBelow(p *catalogue.ProjectCode, dir string, names []string) []string {
	l, ok := c.w.Files.(effect.Lister)
	if !ok || !word.IsKnown(c.w.Where(dir)) {
		return nil
	}
	var out []string
	listed := 0
	level := []string{dir}
	for depth := 0; len(level) > 0; depth++ {
		var next []string
		for _, d := range level {
			entries, ok := l.Tree(word.Clean(c.w.Where(d)), 1)
			if !ok {
				if k, _ := c.w.Lstat(d); k == effect.EntryNone {
					continue // nothing there (yet): what the command writes is below
				}
			}
			if listed += len(entries) + 1; !ok || listed > maxConfigWalk || depth > effect.MaxTreeDepth {
				c.w.hide("runs %s, which finds a configuration for each file it checks, on %s, whose tree guard cannot list within its bounds: guard cannot tell which configuration %s loads", p.Name, word.Quote(dir), p.Name)
				return out
			}
			for _, e := range entries {
				sub, isDir := strings.CutSuffix(e, "/")
				switch {
				case isDir && sub != ".git" && sub != "node_modules":
					next = append(next, path.Join(d, sub))
				case !isDir && depth > 0 && slices.Contains(names, e):
					out = append(out, path.Join(d, e))
				}
			}
		}
		level = next
	}
	root := word.Clean(c.w.Where(dir))
	for _, f := range c.w.Written {
		if strings.HasPrefix(f.Path, root+"/") && slices.Contains(names, path.Base(f.Path)) {
			out = append(out, f.Path)
		}
	}
	return out
}

// configDirs returns dir and the directories above it as the command
// names them, up to the home when dir is below it, else up to the file
// system's root; past maxRootUp of them the command is hidden (the tool
// may find name there).
func (c *cmd) configDirs(dir, name string) []string {
	if c.w.Files == nil || !word.IsKnown(c.w.Where(dir)) {
		return []string{dir}
	}
	dirs, whole := c.ancestors(dir)
	home := word.Clean(c.w.Home)
	for i, d := range dirs {
		if c.w.Home != "" && word.Clean(c.absDir(d)) == home {
			return dirs[:i+1]
		}
	}
	if !whole {
		c.w.hide("looks for its %s in the directories above, more than %d of them: guard cannot tell what they hold", name, maxRootUp)
	}
	return dirs
}

// checkConfig checks configuration file f of source tool p (sourceConfig),
// depth files down the inheritance from the one the tool found; seen are
// those checked.
func (c *cmd) checkConfig(p *catalogue.ProjectCode, f string, seen map[string]bool, depth int) {
	k := word.Clean(c.absDir(f))
	if seen[k] {
		return
	}
	seen[k] = true
	if catalogue.ConfigIsCode(path.Base(f)) {
		c.configProgram(f)
		return
	}
	text, ok := c.w.FileText(f, true, effect.MaxScriptBytes, "a configuration file")
	if !ok {
		return
	}
	if path.Base(f) == "package.json" {
		if text, ok = packageKey(text, p.PackageKey); !ok {
			return
		}
	}
	text = indentJSON(text)
	if k := configLoads(text, p.Keys, c.projectName); k != "" {
		c.w.hide("runs %s, whose configuration %s loads project code (%s) guard did not read: it cannot tell what that code does", p.Name, f, k)
		return
	}
	for _, v := range configRefs(text, p.Inherits) {
		switch {
		case strings.Contains(v, "://") || strings.HasPrefix(v, "~") || strings.Contains(v, "$") || !word.IsKnown(v):
			c.w.hide("runs %s, whose configuration %s reads %s, which guard did not read: it cannot tell what code that loads", p.Name, f, word.Quote(v))
		case !configPath(v):
			// a package: the program's own standing (eslint-config-airbnb)
		case depth == maxInheritDepth:
			c.w.hide("runs %s, whose configuration %s inherits more than %d files deep, more than guard follows", p.Name, f, maxInheritDepth)
		case path.IsAbs(v):
			c.checkConfig(p, v, seen, depth+1)
		default:
			c.checkConfig(p, path.Join(path.Dir(f), v), seen, depth+1)
		}
	}
}

// configProgram scans configuration file f, which is code
// (eslint.config.js), as a program file of its language, its imports
// followed where guard has a loader.
func (c *cmd) configProgram(f string) {
	text, ok := c.w.FileText(f, true, effect.MaxProgramBytes, "a program")
	if !ok {
		return
	}
	nread, words, fileWords := c.w.Nread, c.w.words, c.w.fileWords
	c.scanFile(text, false)
	if m := c.newLoader(configFamily(f)); m != nil {
		m.program(text, f)
	}
	c.w.Nread, c.w.words, c.w.fileWords = nread, words, fileWords
}

// configRefs returns the values of data configuration text's keys that
// name other configuration files (catalogue.ProjectCode.Inherits), and
// the text itself where it is one quoted name (a .prettierrc of
// "./shared.json").
func configRefs(text, keys string) []string {
	var out []string
	if t := strings.TrimSpace(text); len(t) > 1 && t[0] == '"' && strings.Count(t, `"`) == 2 {
		out = append(out, strings.Trim(t, `"`))
	}
	lines := strings.Split(text, "\n")
	for _, k := range strings.Fields(keys) {
		_, values := keyValues(lines, k)
		out = append(out, values...)
	}
	return out
}

// configPath reports whether v, a value naming a configuration, is a file
// of the project rather than a package: a local path, or a name with a
// data or code file's extension (.rubocop_todo.yml).
func configPath(v string) bool {
	switch {
	case strings.HasPrefix(v, "./") || strings.HasPrefix(v, "../") || strings.HasPrefix(v, "/"):
		return true
	case strings.ContainsAny(v, ":@"):
		return false // eslint:recommended, plugin:react/recommended, @scope/pkg
	}
	return dataConfig(v) || catalogue.ConfigIsCode(path.Base(v)) && path.Ext(v) != ""
}

// packageKey returns the value of package.json text's key (a tool's
// configuration there: prettier's "prettier"), as a JSON text; false
// when there is none. The key is looked up as JSON decodes it
// ("\u0070rettier" is prettier's too).
func packageKey(text, key string) (string, bool) {
	var m map[string]json.RawMessage
	if key == "" || !strings.Contains(text, `"`+key+`"`) && !strings.Contains(text, `\`) || json.Unmarshal([]byte(text), &m) != nil {
		return "", false
	}
	v, ok := m[key]
	return string(v), ok
}

// indentJSON returns text, a JSON one laid out a key a line, as the line
// reading of data files (keyValues) expects; other text as it is.
func indentJSON(text string) string {
	var b bytes.Buffer
	if !strings.HasPrefix(strings.TrimSpace(text), "{") || json.Indent(&b, []byte(text), "", "  ") != nil {
		return text
	}
	return b.String()
}
