package shell

// The variables an interpreter reads as options given first (PERL5OPT,
// RUBYOPT, NODE_OPTIONS) and those that name a file of code it loads
// (NODE_REPL_EXTERNAL_MODULE): read with its own options, before its
// module search path is computed.

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// maxOptionVarWords bounds the words taken from an option variable.
const maxOptionVarWords = 64

// optionVarOf returns the variable interpreter language fam reads as
// options given before its command line's, or "".
func optionVarOf(fam lang.Family) string {
	switch fam {
	case lang.Perl:
		return "PERL5OPT"
	case lang.Ruby:
		return "RUBYOPT"
	case lang.Node:
		return "NODE_OPTIONS"
	}
	return ""
}

// optionArgs returns the options the interpreter reads: its option
// variable's words (PERL5OPT=-MEvm), then the command's own words, so
// that PERL5OPT=-MEvm perl -Ilib finds lib/Evm.pm.
func (c *cmd) optionArgs(fam lang.Family) []word.Word {
	name := optionVarOf(fam)
	if name == "" {
		return c.args
	}
	v, ok := c.w.lookup(name)
	if !ok || v == "" {
		return c.args
	}
	ws := lang.SplitQuoted(v)
	ws = ws[:min(len(ws), maxOptionVarWords)]
	if fam == lang.Ruby {
		for i, f := range ws {
			if !strings.HasPrefix(f.Text, "-") {
				ws[i].Text = "-" + f.Text // RUBYOPT=rfoo: ruby adds the dash
			}
		}
	}
	return append(ws, c.args...)
}

// varModules runs the file of code a variable names for the interpreter:
// node's NODE_REPL_EXTERNAL_MODULE, loaded in place of its REPL.
func (m *moduleLoader) varModules() {
	if m.fam != lang.Node {
		return
	}
	if v, ok := m.c.w.lookup("NODE_REPL_EXTERNAL_MODULE"); ok && v != "" {
		if !word.IsKnown(v) {
			m.c.w.hide("gives node a REPL module guard cannot tell: it cannot tell what code runs")
			return
		}
		m.load(nodeFiles(word.Clean(v)), 0)
	}
}

// fileCandidates returns the files a load of file name f may run: perl's
// require "X.pm" and do "X.pm" of a name that is not a path from the
// working directory are looked up in each @INC directory guard knows (-I,
// PERL5LIB, use lib, then the working directory); other languages' is f.
func (m *moduleLoader) fileCandidates(f string) []string {
	if m.fam != lang.Perl || strings.HasPrefix(f, "/") || strings.HasPrefix(f, "./") || strings.HasPrefix(f, "../") {
		return []string{f}
	}
	var out []string
	for _, d := range m.dirs {
		out = append(out, path.Join(d, f))
	}
	if len(out) == 0 {
		out = []string{f}
	}
	return out
}

// snapshotBuilder follows node's --build-snapshot-config FILE (opt, with
// next the word after it): a JSON file whose "builder" is the script node
// runs to build the snapshot. A file guard cannot read
// hides what runs.
func (m *moduleLoader) snapshotBuilder(opt, next string) {
	p := next
	if _, v, ok := strings.Cut(opt, "="); ok {
		p = v
	}
	t, ok := m.c.w.configText(p, "a snapshot configuration of node")
	if !ok {
		return
	}
	var builder string
	cfg, err := lang.JSONObject([]byte(t)) // exact keys, as node's
	if err == nil {
		err = lang.JSONMember(cfg, "builder", &builder)
	}
	if err != nil {
		m.c.w.hide("names a snapshot configuration guard cannot parse: it cannot tell what code runs")
		return
	}
	if builder != "" {
		m.load(nodeFiles(word.Clean(builder)), 0)
	}
}

// chdirProgram: an interpreter told to change to a directory before it
// reads its program (ruby -C DIR FILE, -xDIR) runs DIR/FILE; the program
// word at file is made that path. A directory guard
// cannot tell hides what runs.
func (c *cmd) chdirProgram(in catalogue.Interp, file int) {
	if in.Chdir == "" {
		return
	}
	dir := ""
	for j := 0; j < file; j++ {
		s := c.args[j].Text
		for _, opt := range strings.Fields(string(in.Chdir)) {
			switch {
			case s == opt && in.WithArg.Has(opt) && j+1 < file:
				dir = path.Join(dir, c.args[j+1].Text)
			case strings.HasPrefix(s, opt) && len(s) > len(opt):
				dir = path.Join(dir, s[len(opt):])
			}
		}
	}
	a := &c.args[file]
	if dir == "" || strings.HasPrefix(a.Text, "/") {
		return
	}
	if word.HasMark(dir) {
		c.w.hide("runs %s in a directory guard cannot tell: it cannot tell what program runs", c.name)
		return
	}
	a.Text = path.Join(dir, a.Text)
}
