package shell

// An editor run with a script that writes the buffer back (:w, :wq, :x,
// ZZ, :wall, ed's w, emacs's save-buffer) changes the files it was given
// with text guard does not know: they are written, so that a script the
// same command runs afterwards is not analysed with what the disk held
// (FINDINGS58b B18). Without such a command the operands stay reads: an
// interactive `vim notes.txt` writes only what the user types.

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// vimValueOptions are vim's options that take the next word as their
// value (-s only outside ex mode, where it is silent mode's flag).
const vimValueOptions word.Set = " -c --cmd -S -u -U -l -i -T -w -W -t -q -r --servername --startuptime --log --remote-send --remote-expr "

// emacsValueOptions are emacs's options that take the next word as their
// value.
const emacsValueOptions word.Set = " -l --load -load --eval -eval --execute -execute -f --funcall -funcall -L --directory " +
	"--insert -insert -t --terminal -d --display --script -script -x --chdir --dump-file --fg-daemon --bg-daemon " +
	"--title -T --name --font -fn --fg --bg -bd -bw -cr -ms -ib -xrm "

// bufferWrites records the files the editor of c has open as written,
// when its script writes the buffer back (cmd.bufferWrite).
func (c *cmd) bufferWrites() {
	if !c.bufferWrite {
		return
	}
	switch {
	case c.name == "ed" || c.name == "red":
		c.bufferOperands(" -p ", true, true) // -s: silent
	case strings.HasPrefix(c.name, "emacs") || c.name == "xemacs":
		c.bufferOperands(emacsValueOptions, false, false)
	default:
		c.bufferOperands(vimValueOptions, c.name == "ex" || c.name == "nex" || c.name == "gex", false)
	}
}

// bufferOperands writes each operand of c: a word that is no option, no
// value of one of values, no +CMD (vim) or !CMD (ed); exMode says vim's
// (and ed's) -s is a flag; first says only the first operand is a file (ed).
func (c *cmd) bufferOperands(values word.Set, exMode, first bool) {
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].Text
		switch {
		case s == "--":
			for _, a := range c.args[j+1:] {
				c.w.Write(a.Text)
			}
			return
		case s == "-e" || s == "-es" || s == "-E" || s == "-Es":
			exMode = true
		case values.Has(s) || s == "-s" && !exMode:
			j++
		case s == "" || s == "-" || strings.HasPrefix(s, "-") || strings.HasPrefix(s, "+") || strings.HasPrefix(s, "!"):
		default:
			c.w.Write(s)
			if first {
				return
			}
		}
	}
}
