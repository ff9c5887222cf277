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

// awkOpt returns which of gawk's source options s is ('f', 'i', 'e', 'l';
// 0 for none), and its value when joined to it (-fFILE, --file=FILE).
func awkOpt(s string) (opt byte, val string, joined bool) {
	for _, o := range [...]struct {
		long  string
		short byte
	}{{"--file", 'f'}, {"--include", 'i'}, {"--source", 'e'}, {"--load", 'l'}} {
		if s == o.long {
			return o.short, "", false
		}
		if v, ok := strings.CutPrefix(s, o.long+"="); ok {
			return o.short, v, true
		}
	}
	if len(s) >= 2 && s[0] == '-' && strings.IndexByte("fiel", s[1]) >= 0 {
		if len(s) == 2 {
			return s[1], "", false
		}
		return s[1], s[2:], true
	}
	return 0, "", false
}

// awkOption reads the source option at c.args[j]: it returns the index of
// the last word it used, whether it was one, and whether it gave the
// program (-f, -e: the operands are then data).
func (c *cmd) awkOption(j int) (int, bool, bool) {
	opt, val, joined := awkOpt(c.args[j].Text)
	if opt == 0 {
		return j, false, false
	}
	a := c.args[j]
	switch {
	case joined:
		a.Text = val
	case j+1 < len(c.args):
		j++
		a = c.args[j]
	default:
		return j, true, false
	}
	c.spend(j)
	switch opt {
	case 'f', 'i':
		c.awkSource(a)
	case 'e':
		c.oneLiner(a.Text)
		c.codeCommands(a.Text, j+1)
		c.awkDirectives(a.Text)
	case 'l':
		c.w.hide("loads into %s a native extension (%s): code guard cannot read", c.name, a.Text)
	}
	return j, true, opt == 'f' || opt == 'e'
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
	if !found {
		c.w.Read(a.Text)
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
