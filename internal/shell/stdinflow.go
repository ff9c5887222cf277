package shell

// Standard input through the syntax tree: a simple command with no
// redirection or pipe of its own reads what it inherits.

import (
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// anyInput reports whether s says anything of standard input.
func (s stdin) anyInput() bool {
	return s.known || s.text != "" || s.file != "" || s.sub != "" || s.fromPipe || len(s.paths) > 0
}

// inheritStdin gives c, when no redirection or pipe of its own set its
// standard input, what the walker says it inherits: a compound command's
// redirection or pipe, exec < F earlier in the shell, the command that
// runs it (bash -c CMD < F, python3 -c 'os.system(…)' < F, find -exec).
// While c runs, what it runs inherits c's standard input; the returned
// function puts the walker's back, unless an exec inside (a function's
// body) changed it for the rest of the shell.
func (c *cmd) inheritStdin() (restore func()) {
	w := c.w
	if !c.ownIn && w.inStdin != nil && !c.stdin.anyInput() {
		c.stdin = *w.inStdin
		c.stdin.inherited = true
		if f := c.stdin.file; f != "" && !c.stdin.fromPipe && c.fdUser != "" && !readsStdinOnly(c.fdUser) {
			w.Touch(f) // { python3 -c 'fcntl.flock(0, 2)'; } < F: holdsFd
		}
	}
	saved, execs := w.inStdin, w.execIns
	if c.stdin.anyInput() {
		in := c.stdin
		in.inherited = true
		w.inStdin = &in
	}
	return func() {
		if w.execIns == execs {
			w.inStdin = saved // (a function's exec < F lasts: h() { exec < F; }; h)
		}
	}
}

// consumeStdin: c reads its standard input as its program or script; what
// it runs gets the rest of it, nothing guard follows.
func (c *cmd) consumeStdin() { c.w.inStdin = nil }

// codeInput returns the text c reads on standard input as commands of its
// own language (sqlite3's SQL and dot-commands, psql's, gdb's, ed's, m4's
// text): one rule by where descriptor 0 reads from. Known
// text (a here-document, a program guard knows the output of) and a file
// guard can read are returned; what a program prints that guard cannot
// tell (a pipe, < <(…), a descriptor opened on one), and a file it cannot
// name, are commands it cannot see: hidden, false. what names the text
// in the reason of a file read.
func (c *cmd) codeInput(what string) (string, bool) {
	in := c.stdin
	if t, ok := c.inputText(); ok && (in.sub == "" || !in.known) {
		return t, true // (<<< "$(…)": its text is the program's output)
	}
	switch {
	case in.file != "" && word.IsKnown(in.file):
		return c.w.FileText(in.file, true, effect.MaxScriptBytes, what)
	case in.file != "" || in.sub != "" || in.fromPipe && !in.known && !in.setup:
		c.w.hide("runs as %s what %s reads on standard input from a program, which guard cannot tell", what, c.name)
	}
	return "", false
}
