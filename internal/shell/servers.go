package shell

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/word"
)

// servedDirs: a program that serves a directory over the network
// (catalogue.FileServers: python3 -m http.server, php -S, npx serve…)
// reads it whole, following its links, for whoever fetches from it: a
// recursive read of each directory it serves, the working directory when
// none is named (review 10 F17).
func (c *cmd) servedDirs() {
	if strings.HasPrefix(c.name, "python") || strings.HasPrefix(c.name, "pypy") {
		return // its module's servers, however the options are spelt: module (interp.go)
	}
	c.servedBy(c.args)
}

// servedBy is servedDirs for the program's words args (python's module
// and what follows it, spelt -m MOD whatever the command's cluster:
// python3 -Im http.server).
func (c *cmd) servedBy(args []word.Word) {
	dirs, ok := catalogue.ServedDirs(c.name, args)
	if !ok {
		return
	}
	follow := c.w.FollowLinks
	c.w.FollowLinks = c.name
	for _, d := range dirs {
		c.w.ReadTree(d)
	}
	c.w.FollowLinks = follow
}
