package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/word"
)

// A file the command writes from a read's output holds what the read
// printed: grep -r . . > /tmp/o; rev /tmp/o prints the
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
	if f == lostDest || strings.Contains(f, procOut) {
		w.lose(reads) // 3>&- … >&3 of an inherited descriptor, > >(rev), tee >(rev)
		return
	}
	if f == "" || word.Opaque(f) {
		return
	}
	key := word.Clean(w.Where(f))
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
		if d := w.outFds["1"]; k == len(stages)-1 && d != "" && c.outFds["1"] == "" && len(c.outFiles) == 0 {
			w.holds(d, w.a.Reads[starts[0]:end(k)], true) // exec > F: the shell's own standard output
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
			key := word.Clean(r)
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
		if r.N != nil && fdNumber(r.N.Value) != "1" || r.Word == nil {
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
// redirections read: rev < F) opaque when c reshapes what it prints, and
// quiet when it prints none of what it reads (quietReader); a reshaper
// also reads the file of a compound command's redirection it inherits
// ({ rev; } < F, while read -r l; do …; done < F), as the pipe form does.
func (c *cmd) stdinOpaque(from, to int) {
	if to == from && c.reshapes() && !c.ownIn && c.stdin.inherited && c.stdin.file != "" && !c.w.isFifo(c.stdin.file) {
		from = len(c.w.a.Reads)
		c.w.Read(c.stdin.file)
		to = len(c.w.a.Reads)
	}
	switch {
	case to <= from:
	case c.reshapes():
		c.w.markOpaque(from, to)
	case c.quietReader():
		c.w.quiet = append(c.w.quiet, [2]int{from, to}) // tar tz < A.tgz, sha256sum < F: none of it printed
	}
}

// A record of > F by name misses every other route the output takes: a
// descriptor (3>F >&3, 2>F 1>&2), the shell's own standard output (exec >
// F), a copy or rename of the file (mv, cp, ln), a process substitution
// (rev <(grep -r . .), > >(rev), tee >(rev)) and a variable (o=$(grep -r .
// .); rev <<< "$o"). Descriptors are followed as a table (N → file); a
// file a command copies holds what its source held; the reads whose output
// goes where guard does not follow are lost, and a lost read is opaque as
// soon as the command also runs a program that reshapes what it reads
// (default-deny: guard cannot tell it does not read what the lost read
// printed).

// lostDest stands for an output guard does not follow: an inherited
// descriptor, a process substitution.
const lostDest = "\x00lost"

// procOut is the mark of >( ) in a word.
var procOut = word.Mark(word.MarkProcOut, "")

// maxLost bounds the lost reads recorded.
const maxLost = 256

// outFd returns where c's output descriptor n writes: a file, lostDest, or
// "" for the client (descriptors 1 and 2 as the command inherits them).
func (c *cmd) outFd(n string) string {
	if d, ok := c.outFds[n]; ok {
		return d
	}
	if d, ok := c.w.outFds[n]; ok {
		return d
	}
	if n == "1" || n == "2" {
		return ""
	}
	return lostDest
}

func (c *cmd) setOutFd(n, d string) {
	if c.outFds == nil {
		c.outFds = map[string]string{}
	}
	if _, ok := c.outFds[n]; ok || len(c.outFds) < maxFds {
		c.outFds[n] = d
	}
}

// pointOut records a redirection of descriptor n (op: > >> &> &>> >|) to
// target.
func (c *cmd) pointOut(n string, r *syntax.Redirect, target string) {
	d := target
	if strings.Contains(target, procOut) {
		d = lostDest
		if f, ok := teeProc(r.Word); ok {
			d = f // > >(tee build.log): printed as it is, and held by build.log
		}
	}
	if n == "" {
		n = "1"
	}
	c.setOutFd(n, d)
	if r.Op == syntax.RdrAll || r.Op == syntax.AppAll {
		c.setOutFd("2", d)
	}
}

// dupOut records N>&M: descriptor n writes where m does; for standard
// output, that file holds what the command prints.
func (c *cmd) dupOut(n, m string) {
	if n == "" {
		n = "1"
	}
	d := m // >&file
	switch {
	case m == "-":
		d = "" // closed: nothing is written
	case strings.Trim(m, "0123456789") == "":
		d = c.outFd(m)
	}
	c.setOutFd(n, d)
	if n == "1" && d != "" && strings.Trim(m, "0123456789") == "" {
		c.outFiles = append(c.outFiles, outFile{path: d, append: true})
	}
}

// keepOutFds keeps exec's output redirections for the rest of the command.
func (c *cmd) keepOutFds() {
	for n, d := range c.outFds {
		if c.w.outFds == nil {
			c.w.outFds = map[string]string{}
		}
		if _, ok := c.w.outFds[n]; ok || len(c.w.outFds) < maxFds {
			c.w.outFds[n] = d
		}
	}
}

// afterRun follows what c did with the files a read printed into (its
// reads begin at reads, its writes at writes in the analysis): a file it
// writes from a file it read holds what the read held (cp, mv, ln,
// install, dd); a program that reshapes what it reads makes the lost
// reads opaque.
func (w *walker) afterRun(c *cmd, reads, writes int) {
	if reads <= len(w.a.Reads) && writes < len(w.a.Writes) {
		if from := w.laundered(w.a.Reads[reads:]); len(from) > 0 {
			for _, f := range w.a.Writes[writes:] {
				w.holds(f, from, false)
			}
		}
	}
	if c.name != "" && !(c.name == "exec" && len(c.args) == 0) && c.reshapes() {
		w.reshaped = true
		w.flushLost()
	}
}

// lose records reads whose output went where guard does not follow.
func (w *walker) lose(reads []string) {
	for _, r := range reads {
		if len(w.lost) < maxLost {
			w.lost = append(w.lost, r)
		}
	}
	w.flushLost()
}

// flushLost makes the lost reads opaque once the command reshapes.
func (w *walker) flushLost() {
	if !w.reshaped || len(w.lost) == 0 {
		return
	}
	lost := w.lost
	w.lost = nil
	w.a.OpaqueReads = append(w.a.OpaqueReads, lost...)
	w.a.OpaqueReads = append(w.a.OpaqueReads, w.laundered(lost)...)
}

// lostFrom records the reads from from on as lost: what a process
// substitution or a variable's $( ) printed.
func (w *walker) lostFrom(from int) {
	if from < len(w.a.Reads) {
		w.lose(w.a.Reads[from:])
	}
}

// teeProc reports whether w is a process substitution that prints what it
// reads as it is (>(tee F), >(cat)), and the one file tee also writes it to
// ("" for none).
func teeProc(w *syntax.Word) (string, bool) {
	if w == nil || len(w.Parts) != 1 {
		return "", false
	}
	p, ok := w.Parts[0].(*syntax.ProcSubst)
	if !ok || p.Op != syntax.CmdOut || len(p.Stmts) != 1 || len(p.Stmts[0].Redirs) > 0 {
		return "", false
	}
	ce, ok := p.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Args) == 0 || len(ce.Assigns) > 0 {
		return "", false
	}
	var lits []string
	for _, a := range ce.Args {
		l := a.Lit()
		if l == "" {
			return "", false
		}
		lits = append(lits, l)
	}
	switch {
	case lits[0] == "tee" && len(lits) <= 3:
		var files []string
		for _, a := range lits[1:] {
			if a != "-a" && a != "--append" {
				files = append(files, a)
			}
		}
		switch len(files) {
		case 0:
			return "", true
		case 1:
			return files[0], !strings.HasPrefix(files[0], "-")
		}
	case len(lits) == 1 && catalogue.PassThrough.Has(lits[0]):
		return "", true
	}
	return "", false
}
