package shell

import (
	"strconv"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// Paths a program prints, used as the directory of a longer path: `cat
// $(find ~ -maxdepth 1 -name .ssh)/id_rsa`, `cat $(compgen -G
// "$HOME/.ss?")/id_rsa`. What such a program prints is not known, but the
// set it is drawn from is: a find's names under its start directories,
// the names a glob or a completion matches, any path for locate. The word
// is each candidate of that set followed by the word's known tail, a
// pattern the path rules check (`~/**/.ssh/id_rsa`).

// findMarkName is the name of the marker of a find's output, the i-th
// substitution find (w.SubstFinds): a variable or a loop that keeps the
// output keeps what the find found.
func findMarkName(i int) string { return "find" + strconv.Itoa(i) }

// wholeFind returns the line of the find whose output word a wholly is
// (kept in a variable, or read from its pipe), or "".
func (w *walker) wholeFind(a word.Word) string {
	if i, tail, ok := w.findMark(a); ok && tail == "" {
		return w.SubstFinds[i].Line
	}
	return ""
}

// findMark returns the find a word not known starts with (its index in
// w.SubstFinds) and the text after it.
func (w *walker) findMark(a word.Word) (int, string, bool) {
	if a.Known {
		return 0, "", false
	}
	rest, ok := strings.CutPrefix(a.Text, word.MarkStart+string(word.MarkSubst)+"find")
	if !ok {
		rest, ok = strings.CutPrefix(a.Text, word.MarkStart+string(word.MarkName)+"find")
	}
	if !ok {
		return 0, "", false
	}
	end := strings.Index(rest, word.MarkEnd)
	if end < 0 {
		return 0, "", false
	}
	i, err := strconv.Atoi(rest[:end])
	if err != nil || i < 0 || i >= len(w.SubstFinds) {
		return 0, "", false
	}
	return i, rest[end+len(word.MarkEnd):], true
}

// leadOf returns the substitution that starts word a, not known, and the
// literal text after it: a.Lead, or a find's output kept in a variable
// ($d/id_rsa after d=$(find …), a loop over it); nil for another word.
func (w *walker) leadOf(a word.Word) *word.Lead {
	if a.Known {
		return nil
	}
	if a.Lead != nil {
		return a.Lead
	}
	i, tail, ok := w.findMark(a)
	if !ok || tail == "" || word.HasMark(tail) {
		return nil
	}
	return &word.Lead{Sub: w.SubstFinds[i].Line, Rest: tail}
}

// readFound sets the variable read takes a line of a find's output into
// (find ~ -name .ssh | while read d) to what the find found, as a
// substitution of it would be; false when the input is not a find's or
// read sets more than one variable (the line is split).
func (c *cmd) readFound(in stdin, names []string) bool {
	w := c.w
	if len(in.paths) == 0 || in.nulOnly || len(names) != 1 || !word.IsName(names[0]) || len(w.SubstFinds) >= effect.MaxLinks {
		return false
	}
	i := len(w.SubstFinds)
	w.SubstFinds = append(w.SubstFinds, effect.SubstFind{Line: "\x00read " + strconv.Itoa(i), F: &effect.Found{Paths: in.paths, Names: in.names, Entries: in.entries}})
	kind := byte(word.MarkSubst) // may be any path (word.RunTime)
	if in.tame {
		kind = word.MarkName // names in the working directory (runnames.go)
	}
	w.setString(names[0], word.Mark(kind, findMarkName(i)))
	return true
}

// foundLead reads (and touches, for a program that may write) what a word
// led by a find's output followed by literal text may name: in each start
// directory, each name the find looks for followed by the text, and any
// file under it named as the text ends (a find without names: any path
// under it, then the text).
func (c *cmd) foundLead(p *catalogue.Program, l *word.Lead) {
	f := c.w.FoundBy(l.Sub)
	if f == nil {
		return
	}
	for _, fp := range f.Paths {
		d := strings.TrimRight(strings.TrimSuffix(fp, "/…"), "/")
		var cands []string
		switch {
		case f.Entries:
			cands = []string{oneLevel(fp + l.Rest)} // ls's names: a name, not a tree
		case len(f.Names) == 0:
			cands = []string{d + "/**" + l.Rest}
		}
		for _, n := range f.Names { // (ls's entries have none)
			cands = append(cands, d+"/"+n+l.Rest)
		}
		if last := l.Rest[strings.LastIndexByte(l.Rest, '/')+1:]; len(f.Names) > 0 && last != "" && strings.Contains(l.Rest, "/") {
			// Deeper than its start: a file of that name anywhere under
			// it (DIR/**/NAME, the form the path rules weigh).
			cands = append(cands, d+"/**/"+last)
		}
		for _, cand := range cands {
			c.w.Read(cand)
			if p == nil || p.Access == catalogue.MayWrite || c.mayWrite {
				c.w.Touch(cand)
			}
		}
	}
}

// oneLevel returns pattern p with each ** written * (ls's * before a
// word's own *: "$d"*/x after ls | while read d names one level, not a tree).
func oneLevel(p string) string {
	for strings.Contains(p, "**") {
		p = strings.ReplaceAll(p, "**", "*")
	}
	return p
}

// matchOutput sets what compgen -G/-f/-d and locate print: the names a
// pattern matches, as the pattern (compgen -G PAT: PAT; compgen -f W: W*;
// locate NAME: any path holding NAME). Other forms print no path guard
// models: the output stays unknown.
func (c *cmd) matchOutput() {
	ops := word.Operands(c.args)
	if len(ops) != 1 || !c.args[len(c.args)-1].Known {
		return
	}
	pat := ops[0]
	var line string
	switch c.name {
	case "compgen":
		switch {
		case hasShort(c.args, 'G'):
			line = pat
		case hasShort(c.args, 'f'), hasShort(c.args, 'd'):
			line = pat + "*"
		default:
			return
		}
	default: // locate: a pattern matches whole paths, a plain name any part
		if strings.ContainsAny(pat, "*?[") {
			line = "/**/" + strings.TrimPrefix(pat, "/")
		} else {
			line = "/**/*" + pat + "*"
		}
	}
	if line == "" || strings.ContainsAny(line, " \t\n") {
		return
	}
	c.out = output{text: line + "\n", known: true}
}
