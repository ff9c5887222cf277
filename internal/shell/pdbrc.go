package shell

// python's debugger: pdb reads .pdbrc in the working
// directory and in the home directory when it starts (python3 -m pdb
// x.py, breakpoint(), pdb.set_trace()) and runs each line as a debugger
// command; a line after ! or one that is no command of its is python, run
// in the program. Both files are read as code the command runs.

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/effect"
)

// pdbStarts are the calls by which python code starts the debugger.
var pdbStarts = [...]string{"breakpoint(", "set_trace(", "pdb.run", "post_mortem(", "pm()"}

// codePdb reads the debugger's start-up files when python code starts it.
func (c *cmd) codePdb(code string) {
	for _, s := range pdbStarts {
		if strings.Contains(code, s) {
			c.pdbRC()
			return
		}
	}
}

// pdbRC reads the debugger's start-up files as python code it runs, once
// for each directory the command starts it in.
func (c *cmd) pdbRC() {
	if c.w.pdbRC[c.w.Dir] {
		return
	}
	if c.w.pdbRC == nil {
		c.w.pdbRC = map[string]bool{}
	}
	c.w.pdbRC[c.w.Dir] = true
	rcs := []string{".pdbrc"}
	if c.w.Home != "" {
		rcs = append(rcs, path.Join(c.w.Home, ".pdbrc"))
	}
	for _, p := range rcs {
		c.w.Read(p)
		if t, ok := c.w.FileText(p, true, effect.MaxScriptBytes, "a debugger's start-up file"); ok {
			c.oneLiner(pdbCode(t))
		}
	}
}

// pdbCode returns the python of a .pdbrc: each line without its leading !.
func pdbCode(t string) string {
	lines := strings.Split(t, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimPrefix(strings.TrimLeft(l, " \t"), "!")
	}
	return strings.Join(lines, "\n")
}
