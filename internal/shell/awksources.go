package shell

import (
	"strings"

	"mvdan.cc/sh/v3/expand"

	"github.com/guardhq/guard/internal/shell/word"
)

// The code gawk reads besides its program operand, found the way gawk
// finds it: -f FILE and -i LIB (--file, --include), and @include "LIB"
// inside program text, name a source file gawk looks for as the name and
// then the name with .awk appended, in the working directory and, for a
// name without /, in each AWKPATH directory (default /usr/local/share/awk,
// /usr/share/awk); every such file on disk or written by the command is
// read as a program. -e TEXT (--source) is program text. -l EXT (--load)
// and @load "EXT" load a native extension: code guard cannot read. An
// AWKPATH guard cannot tell is a search it cannot follow. awk may be gawk
// (Fedora, Arch), so every awk is read so.

// maxAwkIncludes bounds the @include directives followed for one command.
const maxAwkIncludes = 16

// awkDefaultPath is gawk's AWKPATH when it is not set.
var awkDefaultPath = []string{".", "/usr/local/share/awk", "/usr/share/awk"}

// awkOption reads the option at c.args[j] (awkoptions.go): it returns the
// index of the last word it used, whether it was one, and whether it gave
// the program (-f, -e, --exec: the operands are then data). An option
// outside awk's grammar, gawk's debugger and a native extension are code
// or files guard cannot tell; a profile or a dump is a file written.
func (c *cmd) awkOption(j int) (int, bool, bool) {
	uses, last, ok := readAwkOption(word.Texts(c.args), j)
	if !ok {
		return j, false, false
	}
	prog := false
	for _, u := range uses {
		a, at := word.Word{Text: u.value, Known: c.args[j].Known}, j
		if u.at >= 0 {
			a, at = c.args[u.at], u.at
		}
		switch u.kind {
		case awkUnknown:
			c.w.hide("gives %s an option guard cannot tell (%s): it may run code or write a file", c.name, u.opt)
		case awkFile, awkInclude:
			c.spend(at)
			c.awkSource(a)
			prog = prog || u.kind == awkFile
		case awkText:
			c.spend(at)
			c.oneLiner(a.Text)
			c.codeCommands(a.Text, last+1)
			c.awkDirectives(a.Text)
			prog = true
		case awkLoad:
			c.w.hide("loads into %s a native extension (%s): code guard cannot read", c.name, a.Text)
		case awkDebug:
			c.w.hide("runs %s's debugger (%s), whose commands guard does not read", c.name, u.opt)
		case awkWrites:
			c.spend(at)
			c.w.Write(a.Text)
		}
	}
	return last, true, prog
}

// awkSource reads the source file gawk finds for a (see above).
func (c *cmd) awkSource(a word.Word) {
	if c.codeName(a) || !a.Known || word.HasMark(a.Text) {
		c.w.Read(a.Text)
		c.runProgram(a) // a descriptor, a substitution, a name guard cannot tell
		return
	}
	cands, ok := c.awkCandidates(a.Text)
	if !ok {
		c.w.hide("runs awk code %s looks for on an AWKPATH guard cannot tell", c.name)
		return
	}
	found := false
	for _, p := range cands {
		if _, written := c.w.WrittenText(p); written || c.w.IsFile(p) {
			found = true
			c.w.Read(p)
			c.runProgram(word.Word{Text: p, Known: true})
		}
	}
	if !found && a.Text != "" && !strings.Contains(a.Text, "/") && strings.TrimSuffix(a.Text, ".awk") != "inplace" {
		// gawk looks for it on its AWKPATH, whose default differs per
		// install (/usr/share/awk, Homebrew's, Nix's): found elsewhere,
		// it is code guard cannot see. gawk's own inplace.awk is known:
		// it edits every operand, which awkOperands keeps as touches.
		c.w.hide("runs awk code %s looks for on a search path (AWKPATH) where guard finds no such file: it cannot tell what runs", c.name)
		return
	}
	if !found {
		c.w.Read(a.Text) // gawk -f ./missing.awk, --exec=: awk stops
		c.runProgram(a)
	}
}

// awkCandidates returns the files gawk may read for source name; false
// when AWKPATH is one guard cannot tell.
func (c *cmd) awkCandidates(name string) ([]string, bool) {
	dirs := []string{""}
	if !strings.Contains(name, "/") {
		v := c.w.variable("AWKPATH")
		switch {
		case !c.w.declared("AWKPATH") || !v.Set:
			// not the command's: the agent's shell's, taken as unset as
			// PYTHONPATH is (interp.go envDirs)
			dirs = append(dirs, awkDefaultPath...)
		case v.Kind != expand.String || word.HasMark(v.Str):
			return nil, false
		default:
			dirs = append(dirs, strings.Split(v.Str, ":")...)
		}
	}
	var out []string
	for _, d := range dirs {
		for _, suf := range [...]string{"", ".awk"} {
			p := name + suf
			if d != "" && d != "." {
				p = strings.TrimRight(d, "/") + "/" + p
			}
			out = append(out, p)
		}
	}
	return dedupe(out), true
}

// awkDirectives reads the @include and @load directives of awk program
// text: an included file is read as -i reads it; a load, or an include
// whose name is not one literal, is code guard cannot read.
func (c *cmd) awkDirectives(text string) {
	for rest := text; ; {
		at := strings.IndexByte(rest, '@')
		if at < 0 {
			return
		}
		before := strings.TrimRight(rest[:at], " \t")
		rest = rest[at+1:]
		if before != "" && strings.IndexByte(";\n{}", before[len(before)-1]) < 0 {
			continue // not where a directive starts (/@include/ matches text)
		}
		var kind string
		for _, k := range [...]string{"include", "load"} {
			if strings.HasPrefix(rest, k) {
				kind = k
			}
		}
		if kind == "" {
			continue
		}
		name, ok := awkDirectiveName(rest[len(kind):])
		switch {
		case kind == "load":
			c.w.hide("loads into %s a native extension (@load): code guard cannot read", c.name)
			return
		case !ok || c.awkIncludes >= maxAwkIncludes:
			c.w.hide("runs awk code an @include names that guard cannot follow")
			return
		}
		c.awkIncludes++
		c.awkSource(word.Word{Text: name, Known: true})
	}
}

// awkDirectiveName returns the literal name after a directive word
// (blanks, then "NAME").
func awkDirectiveName(s string) (string, bool) {
	s = strings.TrimLeft(s, " \t")
	if !strings.HasPrefix(s, `"`) {
		return "", false
	}
	end := strings.IndexByte(s[1:], '"')
	if end < 0 || strings.ContainsRune(s[1:1+end], '\\') || end == 0 {
		return "", false
	}
	return s[1 : 1+end], true
}

// awkMawkReading analyses what mawk's reading of c's words (readMawk)
// runs that gawk's (awkOption, the program operand) does not: a program
// text in another word (mawk -r X PROG), program files (mawk -W exec=
// FILE, --exec==x FILE). awk may be either, so a word either grammar
// runs is code.
func (c *cmd) awkMawkReading() {
	texts := word.Texts(c.args)
	g, _ := readGawk(texts)
	m := readMawk(texts)
	if k := m.text; k >= 0 && k != g.text {
		a := c.args[k]
		if !a.Known || a.Sub != "" {
			c.w.hide("gives %s a program guard cannot tell when %s reads its words as mawk does", c.name, c.name)
			return
		}
		c.oneLiner(a.Text)
		c.codeCommands(a.Text, k+1)
		c.awkDirectives(a.Text)
	}
next:
	for _, u := range m.files {
		for _, gu := range g.files {
			if gu.value == u.value {
				continue next // gawk's reading runs it too
			}
		}
		a := c.args[u.at]
		if a.Text != u.value {
			a = word.Word{Text: u.value, Known: a.Known}
		}
		c.awkSource(a)
	}
}

// awkProgramTexts returns the program text c's awk runs from its words,
// read as gawk and as mawk read them: every -e (--source) value, and the
// program operand of each reading. Whether the program only prints is
// decided on all of it (awkOperands), not on one piece.
func (c *cmd) awkProgramTexts() []string {
	texts := word.Texts(c.args)
	g, out := readGawk(texts)
	for _, k := range [...]int{g.text, readMawk(texts).text} {
		if k >= 0 {
			out = append(out, texts[k])
		}
	}
	return out
}
