package shell

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
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
	c.w.projectLoads(name)
}

// projectLoads records the project code files of program name (a path's
// last part: ./node_modules/.bin/eslint) as Analysis.Loads.
func (w *walker) projectLoads(name string) {
	files := catalogue.ProjectCodeOf(path.Base(name))
	if files == "" || w.a == nil {
		return
	}
	for _, f := range strings.Fields(files) {
		w.a.Loads = append(w.a.Loads, path.Clean(w.Where(f)))
	}
}
