package hook

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/detect"
	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/shell"
)

// maxDashEntries bounds the entries of the call's directory dashNames
// looks at; past it, a pattern that may name one is a block.
const maxDashEntries = 4096

// dashNames returns the block of a command that hands a program names
// from a pattern or a runner whose first element guard cannot show to be
// no option: a glob that starts with a pattern (wc *, cat */x) or a
// runner's names (ls | xargs wc, {}) in the directory the command runs in
// (base), where an entry's name begins with '-' (or the command makes
// one): the shell or the runner puts it among the program's words, and
// the program reads it as an option (wc's --files0-from=.env reads .env
// and prints each of its lines in an error). A pattern with a literal
// start (./*, src/*) names no such word.
func dashNames(a *shell.Analysis, base string) *event.Finding {
	var elems []string
	fed := false
	for _, p := range slices.Concat(a.Reads, a.Writes, a.Touches) {
		first, ok := leadingPattern(p)
		fed = fed || ok && first == fedName
		if ok && !slices.Contains(elems, first) {
			elems = append(elems, first)
		}
	}
	if len(elems) == 0 {
		return nil
	}
	for _, n := range dashEntries(a, base) {
		if !strings.HasPrefix(n, "-") && !fed {
			continue // a blank before '-': a runner splits the name there, the shell does not
		}
		for _, e := range elems {
			if fits(e, n) { // unknownlinks.go: {} and ** as *
				return dashFinding(n, base)
			}
		}
	}
	return nil
}

// leadingPattern returns the first element of a relative path the
// command names when it starts with a pattern (*, ?, [), or fedName when
// it starts with a runner's name (any name).
func leadingPattern(p string) (string, bool) {
	first, _, _ := strings.Cut(p, "/")
	switch {
	case strings.HasPrefix(first, fedName):
		return fedName, true // the runner's name may be any word: {}.txt too
	case first == "" || !strings.ContainsAny(first[:1], "*?["):
		return "", false
	}
	return first, true
}

// dashEntries returns the names in directory base that begin with '-' or
// hold a blank before one (xargs splits a name at blanks), and those the
// command writes or makes there; a directory guard cannot list whole
// gives a name that stands for any ("-*").
func dashEntries(a *shell.Analysis, base string) []string {
	var out []string
	for _, p := range slices.Concat(a.Writes, a.Touches) {
		if first, _, _ := strings.Cut(path.Clean(p), "/"); strings.HasPrefix(first, "-") && !dashOption(a, first) {
			out = append(out, first)
		}
	}
	f, err := os.Open(base)
	if err != nil {
		return out
	}
	defer f.Close()
	ents, err := f.ReadDir(maxDashEntries + 1)
	if len(ents) > maxDashEntries || err != nil && len(ents) == maxDashEntries {
		return append(out, "-*")
	}
	for _, e := range ents {
		if n := e.Name(); strings.HasPrefix(n, "-") || strings.Contains(n, " -") || strings.Contains(n, "\t-") || strings.Contains(n, "\n-") {
			out = append(out, n)
		}
	}
	return out
}

// dashFinding is the block of a name n beginning with '-' that a pattern
// or a runner hands a program in directory base.
func dashFinding(n, base string) *event.Finding {
	const what = "the command hands a program names from a pattern or a list (a glob that starts with a wildcard, xargs), and '%s' in '%s' begins with '-': " +
		"the program takes it as an option, and guard cannot tell what the option does (wc --files0-from=F prints F's lines); name the files after '--' or as ./*"
	return &event.Finding{
		Detector:  event.DetectorPaths,
		Rule:      "unresolved_path",
		Severity:  "high",
		Reason:    fmt.Sprintf(what, detect.Printable(n), detect.Printable(filepath.ToSlash(base))),
		LogReason: fmt.Sprintf(what, event.Redacted, event.Redacted),
	}
}

// dashOption reports whether name n, written or touched, is only the path
// reading of a word the command hands a program that may as well be an
// option (truncate -s0: shell.Analysis.DashWords), not a name it makes
// (> ./-x, touch -- -x). The command hands the program that option itself,
// so a pattern that hands it again gives it nothing new.
func dashOption(a *shell.Analysis, n string) bool {
	for _, d := range a.DashWords {
		if first, _, _ := strings.Cut(d, "/"); first == n {
			return true
		}
	}
	return false
}
