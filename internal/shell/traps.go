package shell

// Trap bodies. The shell runs a trap's body when its
// signal comes, not where trap sets it: an EXIT trap's when the shell
// exits, the others' (RETURN, ERR, INT, USR1…) at any later point or
// never, a DEBUG trap's before each command. The walker walks a body
// where it may run: a DEBUG one where it is set (it runs before the
// next command), an EXIT one when the shell it is set in ends (the
// command's, a subshell's, a script's), any other one both where it is
// set and at that end. Walked where it may not run, what it assigns adds
// a value its variables may hold (values.go), never replaces one: trap
// "HOME=/tmp/x" EXIT; echo >> ~/.bashrc writes the real ~/.bashrc.

import "strings"

// trapBody walks or defers the body of trap BODY SIGNALS (see the file's
// comment).
func (w *walker) trapBody(body string, signals []string) {
	if body == "" || body == "-" {
		return // ignore or reset the signals: no code
	}
	debug, exit, other := false, false, len(signals) == 0
	for _, s := range signals {
		switch strings.TrimPrefix(strings.ToUpper(s), "SIG") {
		case "DEBUG":
			debug = true
		case "EXIT", "0":
			exit = true
		default:
			other = true
		}
	}
	w.debugTrap = w.debugTrap || debug && !w.zsh
	if debug && !exit && !other {
		w.script(body, w.depth+1) // before each command that follows
		return
	}
	if other || debug {
		w.conditional(func() { w.script(body, w.depth+1) }) // later, or never
	}
	w.atExit = append(w.atExit, body)
}

// exitTraps walks the trap bodies set since from, at the end of the shell
// that set them, as code that may not run (kill -9, exec).
func (w *walker) exitTraps(from int) {
	for len(w.atExit) > from && !w.stopped() {
		body := w.atExit[len(w.atExit)-1]
		w.atExit = w.atExit[:len(w.atExit)-1]
		w.conditional(func() { w.script(body, w.depth+1) })
	}
}
