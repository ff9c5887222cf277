package policy

// The start-up files read with the command analysis too:
// the walker that checks commands follows `source -- F`, `(cd DIR &&
// ./x.sh)`, functions, loops, variables, and knows which variables hold a
// command or code a program loads (LESSOPEN, NODE_OPTIONS --require,
// PERL5OPT -M, GIT_SSH_COMMAND, FZF_DEFAULT_COMMAND, MANPAGER, bind -x).
// Each file it would read to check as code that runs (a script sourced or
// run, a module an option loads, a command a variable holds) is code that
// runs at every shell start or in every program started: write-protected.
// The libraries a loader variable names (LD_PRELOAD) are too. A file the
// walker names by a part it cannot tell, or relative to a directory it
// does not know, adds nothing: the default list still holds.

import (
	"path/filepath"
	"strings"

	"github.com/guardhq/guard/internal/shell"
	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/word"
	"mvdan.cc/sh/v3/syntax"
)

// maxStartupRuns bounds the files one start-up file's analysis adds.
const maxStartupRuns = 64

// runRecorder is the analysis' file reader: it records each file asked
// for and reads none (the scan reads the sourced files itself, a level
// further).
type runRecorder struct{ asked []string }

// ReadFile implements shell.Files.
func (r *runRecorder) ReadFile(p string, _ int) ([]byte, shell.FileStatus) {
	if len(r.asked) < maxStartupRuns {
		r.asked = append(r.asked, p)
	}
	return nil, shell.FileAbsent
}

// analysed protects what the statements of start-up file f that the
// parse's forms do not cover run, as the command analysis reads them
// (zsh's reading for a zsh file): each statement that holds a cd or
// pushd, a source or . with an option, bind, or an assignment of a
// variable programs run or load (shell.RunsVar), after the variables the
// files set. The rest of the file is not analysed: the cost is paid for
// what needs it.
func (s *startupScan) analysed(f *syntax.File, zsh bool) {
	if s.depth > 0 {
		return // a command text within the file: its file was analysed
	}
	var b strings.Builder
	pr := syntax.NewPrinter()
	for _, st := range f.Stmts {
		if b.Len() < maxStartupBytes && needsAnalysis(st) {
			pr.Print(&b, st)
			b.WriteByte('\n')
		}
	}
	if b.Len() == 0 {
		return
	}
	var pre strings.Builder
	for k, v := range s.vars {
		if isName(k) && k != "HOME" {
			pre.WriteString(k + "='" + strings.ReplaceAll(v, "'", `'\''`) + "'\n")
		}
	}
	rec := &runRecorder{}
	shell.Analyze(pre.String()+b.String(), shell.Options{Home: s.home, Files: rec, Zsh: zsh})
	for _, p := range rec.asked {
		s.ranFile(p)
	}
}

// needsAnalysis reports whether statement st holds what the parse's
// forms do not follow (see analysed).
func needsAnalysis(st *syntax.Stmt) bool {
	found := false
	syntax.Walk(st, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.Assign:
			found = found || x.Name != nil && shell.RunsVar(x.Name.Value)
		case *syntax.CallExpr:
			if len(x.Args) > 0 {
				switch first := x.Args[0].Lit(); first {
				case "cd", "pushd", "bind":
					found = true
				case "source", ".":
					found = found || len(x.Args) > 1 && strings.HasPrefix(x.Args[1].Lit(), "-")
				}
			}
		}
		return !found
	})
	return found
}

// ranFile write-protects file p the analysis would run or load, when its
// place is known: absolute (or from ~, $HOME, a variable the files set),
// no part unknown, no pattern.
func (s *startupScan) ranFile(p string) {
	if word.HasMark(p) {
		return
	}
	t, ok := s.expand(p)
	if !ok || !filepath.IsAbs(t) || hasGlobChar(t) {
		return
	}
	s.add(filepath.Clean(t))
}

// loaded write-protects the libraries a loader variable's value names
// (LD_PRELOAD=~/lib/x.so: every program started loads them), split at
// blanks and colons as the dynamic loader splits them.
func (s *startupScan) loaded(name, value string) {
	if !catalogue.LoadedVars.Has(name) {
		return
	}
	for _, f := range strings.FieldsFunc(value, func(r rune) bool { return r == ':' || r == ' ' || r == '\t' }) {
		s.ranFile(f)
	}
}
