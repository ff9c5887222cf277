package shell

// Runners that start the command in a directory of their own:
// systemd-run's unit runs in / (the system manager) or the home (--user)
// unless -d or a working directory says otherwise, and its unit
// properties may run commands (ExecStartPre=) or name files.

import (
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/word"
)

// unitDir moves the walker, for this command, to the directory p's
// runner starts its command in when none of its words says another
// (catalogue.DirRule); the options that do are followed as they come.
func (c *cmd) unitDir(p catalogue.Prefix, words []word.Word) {
	r := p.Dir
	if r.Default == "" {
		return
	}
	dir := r.Default
	for i := 0; i < len(words); i++ {
		a := words[i].Text
		opt, v, eq := strings.Cut(a, "=")
		switch {
		case !strings.HasPrefix(a, "-"):
			if !p.WithArg.Has(words[max(i-1, 0)].Text) || i == 0 {
				i = len(words) // the command: the options end
			}
		case r.Same.Has(a), p.Chdir.Has(a), eq && p.Chdir.Has(opt):
			return // -d, --working-directory=DIR: as the caller's, or DIR (followed later)
		case r.User.Has(a):
			dir = r.UserDir
		case r.Props.Has(a) && i+1 < len(words):
			if u, _ := catalogue.UnitProperty(words[i+1].Text); u == catalogue.PropDir {
				return
			}
		case eq && r.Props.Has(opt):
			if u, _ := catalogue.UnitProperty(v); u == catalogue.PropDir {
				return
			}
		}
	}
	c.changeDir(dir)
}

// unitProperty follows a unit property KEY=VALUE: WorkingDirectory= moves
// the command there, Exec*= is a command line it runs, a file it reads or
// writes is read or written.
func (c *cmd) unitProperty(kv string) {
	u, v := catalogue.UnitProperty(kv)
	switch u {
	case catalogue.PropDir:
		c.changeDir(v)
	case catalogue.PropCommand:
		c.w.script(v, c.w.depth+1)
	case catalogue.PropWrites:
		c.w.Write(v)
	case catalogue.PropReads:
		c.w.Read(v)
	}
}

// parallelDir: parallel --wd DIR runs its commands in DIR; ... is a
// temporary directory of its own, under /tmp.
func (c *cmd) parallelDir(dir string) {
	if dir == "..." {
		dir = "/tmp/" + word.Mark(word.MarkWord, "")
	}
	c.changeDir(dir)
}

// parallelShell: GNU parallel joins its command's words with blanks and
// runs the line through a shell (unless -q), so a command word holding
// shell syntax (parallel 'echo x >> f' ::: 1) is a script: each input (a
// few) put in place of repl or appended, analysed as one, besides the
// words as a command (runWith).
func (c *cmd) parallelShell(words, inputs []word.Word, repl string) {
	if !slices.ContainsFunc(words, func(x word.Word) bool { return strings.ContainsAny(x.Text, " \t\n;|&<>()$`'\"\\") }) {
		return
	}
	line := word.Join(words)
	if len(inputs) == 0 {
		// What it reads guard cannot tell: the first command of the line
		// is handed it (see hiddenFeed), in place of repl.
		if !strings.Contains(line, repl) {
			line += " " + repl
		}
		c.w.scoped(func() {
			c.w.feeding = &fedInput{by: c.name, repl: repl}
			c.w.script(line, c.w.depth+1)
			c.w.feeding = nil
		})
		return
	}
	for _, in := range inputs[:min(len(inputs), 8)] {
		t := line + " " + word.Quote(in.Text)
		if strings.Contains(line, repl) {
			t = strings.ReplaceAll(line, repl, word.Quote(in.Text))
		}
		c.w.scoped(func() { c.w.script(t, c.w.depth+1) })
	}
}
