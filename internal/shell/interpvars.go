package shell

// The variables an interpreter reads as options given first (PERL5OPT,
// RUBYOPT, NODE_OPTIONS) and those that name a file of code it loads
// (NODE_REPL_EXTERNAL_MODULE): read with its own options, before its
// module search path is computed.

import (
	"path"
	"slices"
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

// perlDebugSwitch reports whether perl switch word s turns on its
// debugger without naming a module (-d, -dt, -wd, not -d:Mod): perl then
// runs the code $PERL5DB holds before the program. Letters before the d
// are switches that take no value.
func perlDebugSwitch(s string) bool {
	if !strings.HasPrefix(s, "-") || strings.HasPrefix(s, "--") {
		return false
	}
	i := strings.IndexByte(s, 'd')
	if i < 1 || strings.Trim(s[1:i], "acnpsStTuUwWX") != "" {
		return false
	}
	rest := strings.TrimPrefix(s[i+1:], "t")
	return !strings.HasPrefix(rest, ":")
}

// perlDebugger follows the code perl -d runs first: the value of
// PERL5DB, perl code analysed as -e code is; unset, perl's default BEGIN {
// require "perl5db.pl" }, looked up in @INC. A value guard cannot tell
// hides what runs.
func (m *moduleLoader) perlDebugger() {
	v, ok := m.c.w.lookup("PERL5DB")
	switch {
	case !ok || v == "":
		m.follow(lang.Loads{Files: []string{"perl5db.pl"}}, "", 0)
	case !word.IsKnown(v):
		m.c.w.hide("runs perl -d with a PERL5DB guard cannot tell: it cannot tell what code the debugger runs")
	default:
		m.c.code += v
		m.c.oneLiner(v)
	}
}

// fileCandidates returns the files a load of file name f may run: perl's
// require "X.pm" and do "X.pm" of a name that is not a path from the
// working directory are looked up in each @INC directory guard knows (-I,
// PERL5LIB, use lib, then the working directory), X.pmc before X.pm
// (perlPmc); node's, a name with no
// extension, what node resolves it to; other languages' is f.
func (m *moduleLoader) fileCandidates(f string) []string {
	if m.fam == lang.Node && !slices.Contains(nodeExts, path.Ext(f)) {
		return m.c.nodePaths(f) // fork("m/index"): node resolves it as a main module
	}
	if m.fam != lang.Perl {
		return []string{f}
	}
	if strings.HasPrefix(f, "/") || strings.HasPrefix(f, "./") || strings.HasPrefix(f, "../") || len(m.dirs) == 0 {
		return perlPmc(f)
	}
	var out []string
	for _, d := range m.dirs {
		out = append(out, perlPmc(path.Join(d, f))...)
	}
	return out
}

// perlPmc returns the files perl's require and do try for file f: a name
// ending in .pm is first looked for with a c after it (X.pmc), which runs
// in its place.
func perlPmc(f string) []string {
	if strings.HasSuffix(f, ".pm") {
		return []string{f + "c", f}
	}
	return []string{f}
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
