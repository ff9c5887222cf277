package shell

import (
	"path"

	"mvdan.cc/sh/v3/syntax"

	"github.com/guardhq/guard/internal/shell/word"
)

// A file the command writes from a read's output holds what the read
// printed (review 13a F13): grep -r . . > /tmp/o; rev /tmp/o prints the
// project's .env reversed, as grep -r . . | rev does, though /tmp/o does
// not exist when guard looks. A file a pipeline's standard output goes to
// (> F, >> F, and tee F's operands) is recorded with the reads of the
// stages that printed into it; an opaque read of that file later in the
// command (markOpaque) makes those reads opaque too, a few files deep
// (grep -r . . > a; cat a > b; rev b), so the hook checks them as it
// checks grep -r . . | rev.

// Bounds of the record of the files written from reads.
const (
	maxHeldFiles = 64  // files recorded
	maxHeldReads = 256 // reads recorded for one file
	maxHeldDepth = 4   // files followed from one opaque read
)

// holds records that the file word f (as the command names it) holds what
// the reads reads printed, in place of what it held (append: as well).
func (w *walker) holds(f string, reads []string, appended bool) {
	if f == "" || word.Opaque(f) {
		return
	}
	key := path.Clean(w.Where(f))
	if w.held == nil {
		w.held = map[string][]string{}
	}
	prev, ok := w.held[key]
	if !ok && len(w.held) >= maxHeldFiles {
		return
	}
	var out []string
	if appended {
		out = append(out, prev...)
	}
	for _, r := range reads {
		if len(out) >= maxHeldReads {
			break
		}
		out = append(out, r)
	}
	w.held[key] = out
}

// heldReads records the files the stages of a pipeline write their
// standard output to (stage i's reads begin at starts[i] in w.a.Reads):
// each holds what the stages up to it printed; tee's operands what the
// stages before it printed.
func (w *walker) heldReads(stages []*cmd, starts []int) {
	end := func(k int) int {
		if k+1 < len(starts) {
			return starts[k+1]
		}
		return len(w.a.Reads)
	}
	for k, c := range stages {
		if c == nil {
			continue
		}
		for _, f := range c.outFiles {
			w.holds(f.path, w.a.Reads[starts[0]:end(k)], f.append)
		}
		if c.name == "tee" && k > 0 {
			appended := false
			for _, a := range c.args {
				if a.Text == "-a" || a.Text == "--append" {
					appended = true
				}
			}
			for _, f := range word.Operands(c.args) {
				w.holds(f, w.a.Reads[starts[0]:starts[k]], appended)
			}
		}
	}
}

// laundered returns the reads whose output the files among reads hold
// (holds), followed a few files deep.
func (w *walker) laundered(reads []string) []string {
	if len(w.held) == 0 {
		return nil
	}
	var out []string
	seen := map[string]bool{}
	next := reads
	for range maxHeldDepth {
		var more []string
		for _, r := range next {
			key := path.Clean(r)
			if seen[key] {
				continue
			}
			seen[key] = true
			more = append(more, w.held[key]...)
		}
		if len(more) == 0 {
			break
		}
		out = append(out, more...)
		next = more
	}
	return out
}

// stmtOutFiles returns the files a compound command's standard output goes
// to ({ grep -r . .; } > F, for …; done >> F), as far as their words are
// known; its redirections themselves are walked with the statement.
func (w *walker) stmtOutFiles(s *syntax.Stmt) []outFile {
	var out []outFile
	for _, r := range s.Redirs {
		if r.N != nil && r.N.Value != "1" || r.Word == nil {
			continue
		}
		switch r.Op {
		case syntax.RdrOut, syntax.AppOut, syntax.RdrAll, syntax.AppAll, syntax.RdrClob:
			if t := w.quietText(r.Word); t != "" {
				out = append(out, outFile{path: t, append: r.Op == syntax.AppOut || r.Op == syntax.AppAll})
			}
		}
	}
	return out
}

// stdinOpaque marks the reads among w.a.Reads[from:to] (the files c's
// redirections read: rev < F) opaque when c reshapes what it prints.
func (c *cmd) stdinOpaque(from, to int) {
	if to > from && c.reshapes() {
		c.w.markOpaque(from, to)
	}
}
