package policy

// The start-up files read with the command analysis too (review 9 F14):
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

// analysed protects what start-up text runs as the command analysis reads
// it (zsh's reading for a zsh file).
func (s *startupScan) analysed(data []byte, zsh bool) {
	if s.depth > 0 {
		return // a command text within the file: its file was analysed whole
	}
	rec := &runRecorder{}
	a := shell.Analyze(string(data), shell.Options{Home: s.home, Files: rec, Zsh: zsh})
	for _, p := range rec.asked {
		s.ranFile(p)
	}
	_ = a
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
