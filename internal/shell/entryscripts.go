package shell

import (
	"path"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// programName names the program program word prog runs, by what it runs,
// not where it lives: its base name in lower case, a package manager's
// entry script the package manager (…/npm/bin/npm-cli.js is npm,
// catalogue.RunsAs). Whether the catalogue's entry may be trusted for it
// is walker.trusts's question; the rules that only add what a command does
// ask walker.mayRun.
func programName(prog string) string {
	return catalogue.RunsAs(word.Base(prog))
}

// mayRun reports whether program word prog may run the program the
// catalogue knows as name, for the rules that only add what a command
// does (a package manager's outputs and unknown subcommands): a word whose
// base name says so wherever it lives (/usr/lib/node_modules/npm/bin/npm,
// npm-cli.js), on any PATH; not a bare name the command made a function
// or an alias.
func (w *walker) mayRun(prog, name string) bool {
	return strings.ContainsAny(prog, `/\`) || !slices.Contains(w.redefined, strings.ToLower(prog)) && !slices.Contains(w.redefined, name)
}

// entryRun analyses, when file, the script operand of a JavaScript
// runtime (node, bun…), is a package manager's entry script (node
// /usr/lib/node_modules/npm/bin/npm-cli.js pack), the package manager it
// runs with the words after it as a command of its own, the script's path
// its program word.
func (c *cmd) entryRun(file int) {
	a := c.args[file]
	switch {
	case lang.FamilyOf(c.name) != lang.Node || !a.Known:
	case catalogue.PackageManagers.Has(programName(a.Text)):
		c.innerFed(c.args[file:], nil)
	default:
		c.unnamedScript(a.Text, word.Texts(c.args[file+1:]))
	}
}

// unnamedScript gives p, a JavaScript program file run with args (node p,
// or p by its #! line), when it lies outside the working directory and
// names no package manager (catalogue.RunsAs), the rule of a package
// manager's unknown subcommand (unknownVerbLinks): a tool of a package
// guard does not read may write any name where it runs, so each link there
// is a write (default-deny). A script of the project's is read and its
// code analysed; one outside it may load a whole package guard does not
// follow.
func (c *cmd) unnamedScript(p string, args []string) {
	if c.w.guessing > 0 || !outsideProject(word.Clean(p)) || catalogue.PackageManagers.Has(programName(p)) {
		return
	}
	c.unknownVerbLinks(path.Base(p), ".", nil, args)
}
