package shell

// jq's module system: `import "P" as $x;` reads the data
// file P.json, `import "P" as x;` and `include "P";` the code of P.jq (or
// P/LAST.jq), each looked for in the directories of the search path: the
// -L/--library-path directories (else jq's default, ~/.jq and its own
// install directories) and those the directive's metadata names
// ({search: "D"}). Every candidate file is read: a module path is a read
// as a file operand is.

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// jqModules reads the modules jq program prog imports (the program
// text itself, or the file holding it when file is set), looked for in
// the libs directories.
func (c *cmd) jqModules(prog word.Word, file bool, libs []string) {
	text := prog.Text
	if file {
		t, st := c.w.FileStatus(prog.Text, prog.Known, effect.MaxScriptBytes)
		if st != effect.FileWhole {
			return // read as a file operand: one guard cannot read is the read's own finding
		}
		text = t
	}
	if !strings.Contains(text, "import") && !strings.Contains(text, "include") {
		return
	}
	mods, more := lang.JqModules(text)
	if more || !prog.Known {
		c.w.hide("runs a jq program that loads modules guard cannot tell")
		return
	}
	if len(libs) == 0 {
		libs = []string{"~/.jq"} // jq's own install directories ($ORIGIN/../lib/jq) are not the agent's
	}
	for _, m := range mods {
		dirs := append(append([]string(nil), libs...), m.Search...)
		for _, d := range dirs {
			for _, f := range jqCandidates(jqDir(d), m) {
				c.w.Read(f)
			}
		}
	}
}

// jqDir returns search directory d as guard reads it: $ORIGIN (jq's own
// directory) is a directory guard cannot tell.
func jqDir(d string) string {
	if rest, ok := strings.CutPrefix(d, "$ORIGIN"); ok {
		return word.Mark(word.MarkVar, "ORIGIN") + rest
	}
	return d
}

// jqCandidates returns the files jq may load for module m from directory
// d: P, P.json or P.jq, and P/LAST.json or P/LAST.jq; an absolute P
// without d.
func jqCandidates(d string, m lang.JqModule) []string {
	ext := ".jq"
	if m.Data {
		ext = ".json"
	}
	p := m.Path
	if !strings.HasPrefix(p, "/") && !strings.HasPrefix(p, "~") {
		p = d + "/" + p
	}
	return []string{p, p + ext, p + "/" + path.Base(m.Path) + ext}
}
