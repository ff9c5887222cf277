package shell

// Standard input through a FIFO or a coprocess. The walker
// settles a file's text in program order, but a FIFO is read while a
// later command writes it (mkfifo p; python3 < p & cat F > p), and a
// coprocess's standard input is a pipe the shell writes through
// ${COPROC[1]}, a descriptor guard does not follow. Both are input guard
// cannot tell, as a pipe from a program it cannot see is: a shell or
// interpreter that reads its program there is hidden; a reader of data
// reads text not known.

import (
	"path"
	"slices"
	"strings"
)

// maxFifos bounds the FIFOs remembered.
const maxFifos = 64

// mkfifo: mkfifo [-m MODE] NAME…, mknod NAME p: each NAME is a FIFO from
// now on.
func (c *cmd) mkfifo() {
	defer c.generic()
	var names []string
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].Text
		switch {
		case s == "-m" || s == "--mode" || s == "-Z" && c.name == "mknod":
			j++
		case strings.HasPrefix(s, "-") && s != "-":
		default:
			names = append(names, s)
		}
	}
	if c.name == "mknod" {
		if len(names) < 2 || names[1] != "p" {
			return
		}
		names = names[:1]
	}
	for _, n := range names {
		if len(c.w.fifos) < maxFifos {
			c.w.fifos = append(c.w.fifos, path.Clean(c.w.Where(n)))
		}
	}
}

// isFifo reports whether p names a FIFO the command made.
func (w *walker) isFifo(p string) bool {
	return len(w.fifos) > 0 && slices.Contains(w.fifos, path.Clean(w.Where(p)))
}

// coprocess walks fn, a coprocess's command: its standard input is a pipe
// the shell writes later, which guard does not follow.
func (w *walker) coprocess(fn func()) {
	m := w.BeginJob() // it runs beside what follows (effect/jobs.go)
	defer w.EndJob(m)
	w.coprocs++
	defer func() { w.coprocs-- }()
	w.scoped(func() {
		w.inStdin = &stdin{fromPipe: true, inherited: true}
		fn()
	})
}
