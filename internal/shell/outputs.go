package shell

import (
	"path"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/word"
)

// outputs records the files the program writes in its project without
// naming them (catalogue.Outputs: npm ci's node_modules, cargo's
// Cargo.lock) as writes in its project's root, so that a link standing
// there is followed to where the tool's write lands. What it then holds is
// the tool's own output, as guard read it before (MetaOnly): only the
// place is asked about.
func (c *cmd) outputs() {
	if !c.w.trusts(c.prog, c.name) {
		return
	}
	outs, dir, file, unread := catalogue.OutputsOf(c.name, word.Texts(c.args))
	if len(outs) == 0 {
		return
	}
	if unread != "" {
		c.w.hide("runs %s with %s, which may name the directory it writes its files in: guard cannot tell which", c.name, unread)
		return
	}
	if file != "" {
		dir = path.Dir(file)
	}
	if dir == "" {
		dir = "."
	}
	meta := c.w.MetaOnly
	c.w.MetaOnly = true
	defer func() { c.w.MetaOnly = meta }()
	for _, o := range outs {
		roots := []string{dir}
		if found := c.projectFiles(dir, strings.Fields(o.Root), o.Look); len(found) > 0 {
			roots = roots[:0]
			for _, f := range found {
				if d := path.Dir(f); !slices.Contains(roots, d) {
					roots = append(roots, d)
				}
			}
		}
		for _, r := range roots {
			for _, f := range strings.Fields(o.Files) {
				c.w.Write(path.Join(r, f))
			}
		}
	}
}
