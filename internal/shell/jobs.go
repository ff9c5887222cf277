package shell

// Jobs that run later: at and batch jobs, crontab lines. A job persists
// past the command, so one whose text guard cannot see is blocked.

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// at and batch run the commands they read (standard input, or -f FILE)
// later, with sh.
func (c *cmd) at() {
	var file word.Word
	hasFile := false
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].Text
		switch {
		case s == "-f" && j+1 < len(c.args):
			j++
			file, hasFile = c.args[j], true
		case strings.HasPrefix(s, "-f") && len(s) > 2:
			file, hasFile = word.Word{Text: s[2:], Known: c.args[j].Known}, true
		case atQueueOnly.Has(s):
			return // lists, shows or removes jobs
		case s == "-q" || s == "-t":
			j++
		}
	}
	if t, ok := c.jobText(file, hasFile, "schedules a job"); ok && t != "" {
		c.w.scoped(func() { c.w.script(t, c.w.depth+1) })
	}
}

// atQueueOnly are at's options that only look at the queue.
const atQueueOnly word.Set = " -l -r -d -c -L "

// crontab FILE, crontab - and crontab with its table on standard input
// install a table whose lines' commands cron runs.
func (c *cmd) crontab() {
	var file word.Word
	hasFile := false
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].Text
		switch {
		case s == "-u" && j+1 < len(c.args):
			j++
		case s == "-e" && c.w.editorSet:
			// EDITOR='sed -i …' crontab -e: the editor writes the table.
			c.w.hide("edits a crontab with an editor the command sets")
			return
		case cronNoInstall.Has(s):
			return // lists, edits (with the user's editor), removes or tests a table
		case s == "-" || strings.HasPrefix(s, "-"):
		default:
			file, hasFile = c.args[j], true
		}
	}
	if t, ok := c.jobText(file, hasFile, "installs a crontab"); ok {
		c.cronTable(t)
	}
}

// cronNoInstall are crontab's options that install nothing.
const cronNoInstall word.Set = " -l -r -e -i -T -V -n -c -h --help "

// jobText returns the text a scheduler reads: from file when hasFile, else
// from standard input. It is false, recorded as hidden, when guard cannot
// see that text: a file it cannot read (or that is not there: the command
// may write it at run time), a pipe from an unknown command, a
// substitution. Nothing on standard input at all is the agent's (empty)
// standard input.
func (c *cmd) jobText(file word.Word, hasFile bool, what string) (string, bool) {
	w := c.w
	if !hasFile && c.stdin.file != "" {
		file, hasFile = word.Word{Text: c.stdin.file, Known: true}, true
	}
	switch {
	case hasFile && !word.IsStdin(file.Text):
		w.Read(file.Text)
		if t, st := w.FileStatus(file.Text, file.Known, effect.MaxScriptBytes); st == effect.FileWhole {
			return t, true
		}
	case c.stdin.known && !word.HasMark(c.stdin.text):
		return c.stdin.text, true
	case c.stdin.known:
		// A here-string or here-document partly not known.
	case !c.stdin.fromPipe && c.stdin.sub == "":
		return "", true
	}
	w.hide("%s from text guard cannot read", what)
	return "", false
}

// cronTable analyses the lines of a crontab: each command as cron runs it
// (sh -c, with the text after a % on its standard input), each variable
// setting as one set for the commands (a command-valued one runs; SHELL
// is the program that runs them).
func (c *cmd) cronTable(text string) {
	w := c.w
	cmds, vars := lang.CronLines(text)
	for _, v := range vars {
		if v[0] == "SHELL" && !catalogue.Shells.Has(word.Base(v[1])) {
			c.extra = append(c.extra, c.inner([]word.Word{{Text: v[1], Known: true}}).lines()...)
		}
		w.commandVar(v[0], v[1])
	}
	for _, cmd := range cmds {
		w.scoped(func() { w.script(cmd, w.depth+1) })
	}
}
