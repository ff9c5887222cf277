package shell

import "github.com/guardhq/guard/internal/shell/catalogue"

// servedDirs: a program that serves a directory over the network
// (catalogue.FileServers: python3 -m http.server, php -S, npx serve…)
// reads it whole, following its links, for whoever fetches from it: a
// recursive read of each directory it serves, the working directory when
// none is named (review 10 F17).
func (c *cmd) servedDirs() {
	dirs, ok := catalogue.ServedDirs(c.name, c.args)
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
