package shell

// make's own file writers and code evaluators: $(file
// >NAME,TEXT) and $(file >>NAME,TEXT) write NAME, $(file <NAME) reads it,
// $(eval TEXT) and --eval TEXT read TEXT as makefile text. A NAME guard
// cannot tell once make's variables are expanded (a $(shell …), a variable
// the command line gives) may be any path, and TEXT that is a program's
// output or a file's is makefile text guard does not see: both are hidden.
// Known eval text is makefile text: its includes are read.

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// maxMakeCalls bounds the $(file …) and $(eval …) calls read in one text.
const maxMakeCalls = 64

// makeCalls returns the arguments of the calls of make function fn in
// lines ($(fn ARG), ${fn ARG}), at most maxMakeCalls.
func makeCalls(lines []string, fn string) []string {
	var out []string
	for _, line := range lines {
		for off := 0; off < len(line) && len(out) < maxMakeCalls; {
			i := strings.Index(line[off:], "$")
			if i < 0 {
				break
			}
			off += i + 1
			rest := line[off:]
			if len(rest) < len(fn)+2 || rest[0] != '(' && rest[0] != '{' || !strings.HasPrefix(rest[1:], fn+" ") {
				continue
			}
			if end := lang.Closing(rest); end > 0 {
				out = append(out, rest[1+len(fn)+1:end])
			}
		}
	}
	return out
}

// makeFuncs checks the $(file …) and $(eval …) calls of makefile lines,
// expand giving their text with make's variables expanded. It returns the
// eval texts guard knows, makefile text to read.
func (c *cmd) makeFuncs(lines []string, expand func(string) string) []string {
	for _, arg := range makeCalls(lines, "file") {
		op, name := makeFileArg(arg)
		c.makeFile(op, strings.TrimSpace(expand(name)))
	}
	var texts []string
	for _, arg := range makeCalls(lines, "eval") {
		if t := expand(arg); makeRunTime(t) {
			c.w.hide("runs as makefile text with make's $(eval …) what a program prints or a file holds, which guard cannot tell")
		} else {
			texts = append(texts, t)
		}
	}
	return texts
}

// makeEffect does what make's $(file ARG) or $(eval ARG) does, ARG
// expanded (makeText.effect, FINDINGS54a M8): the file read or written
// (hidden when its name is not known), the eval text's includes read
// (hidden when it holds what make computes at run time).
func (c *cmd) makeEffect(fn, arg string) {
	if fn == "file" {
		c.makeFile(makeFileArg(arg))
		return
	}
	if makeRunTime(arg) {
		c.w.hide("runs as makefile text with make's $(eval …) what a program prints or a file holds, which guard cannot tell")
		return
	}
	for _, l := range strings.Split(arg, "\n") {
		if f := strings.Fields(l); len(f) > 1 && (f[0] == "include" || f[0] == "-include" || f[0] == "sinclude") {
			for _, n := range f[1:] {
				c.w.Read(n) // $(eval include .env) through a variable: its values reach the recipes
			}
		}
	}
}

// makeFileArg splits the argument of make's $(file OP NAME[,TEXT]) into
// its operator (<, >, >>; "" for none) and its file name.
func makeFileArg(arg string) (op, name string) {
	name, _, _ = strings.Cut(arg, ",")
	name = strings.TrimSpace(name)
	op = name[:len(name)-len(strings.TrimLeft(name, "<>"))]
	return op, strings.TrimSpace(strings.TrimLeft(name, "<>"))
}

// makeFile does what $(file OP NAME) does to file name (expanded): reads
// it (<), writes it (>, >>), or is cannot-tell when guard does not know
// the name.
func (c *cmd) makeFile(op, name string) {
	switch {
	case op == "":
	case name == "" || makeRunTime(name):
		c.w.hide("runs make's $(file %s…) with a file name guard cannot tell (a program's output, a variable it does not know)", op)
	case op == "<":
		c.w.Read(name)
	default:
		c.w.Write(name)
	}
}

// makeRunTime reports whether expanded makefile text holds what make
// computes from outside the makefile: a $(shell …) call's output (the
// shell's "$( …)" once expanded, or its shellSentinel while make's text is
// expanded: a template's $$(CC) is "$(CC)", makefile text), a file's text
// ($(file <…)), a variable whose value guard does not know.
func makeRunTime(t string) bool {
	for _, s := range [...]string{"$( ", "$\x00", "$(shell ", "$(file ", "${shell ", "${file ", "${MAKE_"} { // $(shell CMD) expands to $( CMD) (makeshellcall.go)
		if strings.Contains(t, s) {
			return true
		}
	}
	return word.HasMark(t)
}

// scanMakefile scans makefile f that make reads besides the one it runs
// (MAKEFILES, an include of --eval text): the words of what it runs while
// reading and of every recipe, and its $(file …) and $(eval …) calls;
// reading it is a read of the file.
func (c *cmd) scanMakefile(f string) {
	t, ok := c.w.FileText(f, true, effect.MaxScriptBytes, "a makefile")
	if !ok {
		return
	}
	c.w.Read(f) // its values reach the recipes (MAKEFILES=.env)
	m := parseMakefile(t)
	expand := func(s string) string { return c.makeExpand(&m, s, 0) }
	c.makeFuncs(append(m.parsing, m.allRecipes()...), expand)
	c.scanRecipeWords(c.makeLines(&m, m.parsing), nil)
	c.scanRecipeWords(c.makeLines(&m, m.allRecipes()), nil)
	c.scanShellRuns(&m)
}
