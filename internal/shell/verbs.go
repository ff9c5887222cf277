package shell

import (
	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/word"
)

// verbRoles reads the command's words by its catalogue.Verb entry (go
// test ./... -run X): whether the entry covers the call, which words are
// data (the subcommand, options and their values) and the files it makes
// (go build -o F). It covers only
// the program the catalogue means (not ./go, nor a go the command
// redefined) and words that are wholly known: an unresolved word may be
// an option guard did not see.
func (c *cmd) verbRoles() (bool, []bool, []string) {
	if !c.w.trusts(c.prog, c.name) || !word.AllKnown(c.args) {
		return false, nil, nil
	}
	texts := make([]string, len(c.args))
	for j, a := range c.args {
		if c.kinds[j] != argPlain {
			return false, nil, nil
		}
		texts[j] = a.Text
	}
	return catalogue.VerbRoles(c.name, texts)
}

// verbData is data as generic's set of words that are no file.
func verbData(data []bool) map[int]bool {
	m := make(map[int]bool, len(data))
	for j, d := range data {
		if d {
			m[j] = true
		}
	}
	return m
}
