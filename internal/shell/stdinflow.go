package shell

// Standard input through the syntax tree: a simple command with no
// redirection or pipe of its own reads what it inherits (review 14a F13).

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
