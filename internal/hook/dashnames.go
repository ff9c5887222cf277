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
	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/word"
)

// maxDashEntries bounds the entries of a directory dashNames looks at,
// maxDashDirs the directories; past either, a pattern that may name one
// is a block.
const (
	maxDashEntries = 4096
	maxDashDirs    = 16
)

// dashNames returns the block of a command that hands a program names
// from a pattern or a runner whose first element guard cannot show to be
// no option: a glob that starts with a pattern (wc *, cat */x, cd sub &&
// wc *) or a runner's names (ls | xargs wc, ls sub | xargs wc, {}), in the
// directory the names come from (namesDirs), where an entry's name begins
// with '-' (or the command makes one): the shell or the runner puts it
// among the program's words, and the program reads it as an option (wc's
// --files0-from=.env reads .env and prints each of its lines in an error).
// A pattern with a literal start (./*, src/*) names no such word. A
// producer's names ($(ls sub), a read loop) given to a program with a
// file-of-names option are a runner's (unplacedNames).
func dashNames(a *shell.Analysis, base string) *event.Finding {
	dirs := namesDirs(a)
	if len(dirs) > maxDashDirs {
		return dashFinding("-*", base)
	}
	for _, d := range dirs {
		dir := filepath.FromSlash(d.dir)
		if !filepath.IsAbs(dir) {
			dir = filepath.Join(base, dir)
		}
		for _, n := range dashEntries(a, d.dir, dir) {
			if !strings.HasPrefix(n, "-") && !d.fed {
				continue // a blank before '-': a runner splits the name there, the shell does not
			}
			for _, e := range d.elems {
				if fits(e, n) { // unknownlinks.go: {} and ** as *
					return dashFinding(n, dir)
				}
			}
		}
	}
	return nil
}

// namesDir is a directory whose entries a command hands a program as
// bare names: the patterns (or fedName) that pick them, fed when a
// runner splits them.
type namesDir struct {
	dir   string
	elems []string
	fed   bool
}

// namesDirs returns the directories (relative to the call's, "." for
// it) whose entries a pattern or a runner hands a program as bare words:
// the one a path's leading pattern is in, when the program was given the
// pattern without that directory (cd sub && wc *: sub/* read, * written),
// and, for a runner's bare names, each directory an ls of the command
// lists (ls sub | xargs wc); a word that begins with '-' and holds a
// pattern (wc -*) picks names of the call's directory or a cd's.
func namesDirs(a *shell.Analysis) []namesDir {
	var out []namesDir
	add := func(dir, elem string) {
		i := slices.IndexFunc(out, func(d namesDir) bool { return d.dir == dir })
		if i < 0 {
			out, i = append(out, namesDir{dir: dir}), len(out)
		}
		out[i].fed = out[i].fed || elem == fedName
		if !slices.Contains(out[i].elems, elem) {
			out[i].elems = append(out[i].elems, elem)
		}
	}
	listed := listedDirs(a)
	for _, p := range slices.Concat(a.Reads, a.Writes, a.Touches) {
		dir, first, ok := leadingPattern(p, a.Commands)
		if !ok {
			continue
		}
		add(dir, first)
		if first == fedName && dir == "." {
			for _, d := range listed {
				add(d, fedName)
			}
		}
	}
	for _, e := range dashPatterns(a) {
		// wc -*, wc {-,-}*: the shell expands the word to names that
		// begin with '-' (of the call's directory or one a cd moved to).
		for _, d := range append([]string{"."}, cdDirs(a)...) {
			add(d, e)
		}
	}
	if unplacedNames(a) {
		// wc $(ls sub), ls sub | while read f; do wc $f; done: a
		// producer's names, of the call's directory or one ls lists.
		for _, d := range append([]string{"."}, listed...) {
			add(d, fedName)
		}
	}
	return out
}

// leadingPattern returns the directory and the element of a relative
// path the command names where a program is handed a word that starts
// with a pattern (*, ?, [), or fedName where it starts with a runner's
// name (any name): the path's first such element, when the words the
// program was given do not hold the directory before it (sub/* written
// so names sub/-x, no option).
func leadingPattern(p string, cmds []shell.Command) (string, string, bool) {
	if word.HasMark(p) || strings.HasPrefix(p, "~") {
		return "", "", false
	}
	elems := strings.Split(p, "/")
	for k, e := range elems {
		switch {
		case strings.HasPrefix(e, fedName):
			e = fedName // the runner's name may be any word: {}.txt too
		case e == "" || !strings.ContainsAny(e[:1], "*?[") || k > 0 && e == "**":
			continue // (DIR/**: a tree the program walks, not words it is given)
		}
		if k == 0 {
			return ".", e, true
		}
		dir := strings.Join(elems[:k], "/")
		if dir == "" {
			dir = "/" // cd / && wc *
		}
		if given(cmds, dir+"/"+elems[k]) {
			return "", "", false
		}
		return dir, e, true
	}
	return "", "", false
}

// given reports whether a word of cmds holds s.
func given(cmds []shell.Command, s string) bool {
	for _, c := range cmds {
		for _, x := range c.Args {
			if strings.Contains(x.Text, s) {
				return true
			}
		}
	}
	return false
}

// listedDirs returns the directories the command's ls (dir, vdir) list by
// name, as read (under an earlier cd): a runner's bare names may be
// theirs.
func listedDirs(a *shell.Analysis) []string {
	var out []string
	for _, c := range a.Commands {
		if c.Name != "ls" && c.Name != "dir" && c.Name != "vdir" {
			continue
		}
		for _, x := range c.Args {
			if strings.HasPrefix(x.Text, "-") || x.Data {
				continue
			}
			for _, r := range a.Reads {
				if r == x.Text || strings.HasSuffix(r, "/"+x.Text) {
					out = append(out, r)
				}
			}
		}
	}
	return out
}

// unplacedNames reports whether the command hands a program words of a
// producer ($(ls sub), a read loop's $f) before any --, when an
// option of it names a file of names it opens and reports
// (catalogue.ListReaders: wc, du, sort --files0-from F print F's lines
// as names): such a word may be any name of the directory the names
// come from, one beginning with '-' included.
func unplacedNames(a *shell.Analysis) bool {
	for _, c := range a.Commands {
		if !isListReader(c) {
			continue
		}
		for _, x := range c.Args {
			if x.Text == "--" {
				break
			}
			if !x.Data && (unplaced(x.Text) || bareListed(a, x.Text)) {
				return true
			}
		}
	}
	return false
}

// bareListed reports whether a program's word s is the names a lister
// of the call's directory printed (./…: git ls-files, ls -A, rg --files
// fed through a pipe, a read loop or parallel) and guard cannot show that
// each of them begins with ./: only find and du of the directory print
// them so, through filters that keep lines whole (grep, head, sort…).
// Default-deny: any other producer (or a reshaping filter: cut, sed) may
// print a bare -x.
func bareListed(a *shell.Analysis, s string) bool {
	if s != "./…" && !strings.HasPrefix(s, "./…/") {
		return false
	}
	dotLed := false
	for _, c := range a.Commands {
		switch {
		case c.Synthetic || isListReader(c):
		case c.Name == "find" || c.Name == "du":
			dotLed = true
		case !wholeLines(c):
			return true
		}
	}
	return !dotLed
}

// wholeLines reports whether c is a filter that passes on lines of its
// input whole or not at all (grep without -o, head, tail, sort, uniq).
func wholeLines(c shell.Command) bool {
	switch c.Name {
	case "head", "tail", "sort", "uniq", "tac":
		return true
	case "grep", "egrep", "fgrep":
		for _, x := range c.Args {
			if !x.Data && strings.HasPrefix(x.Text, "-") && (strings.HasPrefix(x.Text, "--") && x.Text != "--invert-match" && x.Text != "--ignore-case" ||
				!strings.HasPrefix(x.Text, "--") && strings.Trim(x.Text[1:], "viEFwx") != "") {
				return false // -o, -n, -b, -H: part of a line, or more than it
			}
		}
		return true
	}
	return false
}

// dashPatterns returns the words a command gives a program before any --
// that begin with '-' and hold a pattern character (wc -*, and the {-,-}*
// the shell writes as -* -*): the shell replaces each with the names it
// matches, options all.
func dashPatterns(a *shell.Analysis) []string {
	var out []string
	for _, c := range a.Commands {
		for _, x := range c.Args {
			if x.Text == "--" {
				break
			}
			if !x.Data && len(x.Text) > 1 && x.Text[0] == '-' && strings.ContainsAny(x.Text, "*?[") && !strings.Contains(x.Text, "/") {
				out = append(out, x.Text)
			}
		}
	}
	return out
}

// cdDirs returns the directories the command's cd and pushd name: a
// pattern's names may be theirs.
func cdDirs(a *shell.Analysis) []string {
	var out []string
	for _, c := range a.Commands {
		if c.Name != "cd" && c.Name != "pushd" {
			continue
		}
		for _, x := range c.Args {
			if !strings.HasPrefix(x.Text, "-") {
				out = append(out, x.Text)
			}
		}
	}
	return out
}

// isListReader reports whether c's program is a catalogue.ListReaders'
// with a file-of-names option.
func isListReader(c shell.Command) bool {
	r, ok := catalogue.ListReaderNamed(c.Name)
	return ok && !c.Synthetic && r.Files != ""
}

// unplaced reports whether a command's word s (as Analysis.Commands
// writes it) starts with a part guard cannot tell: a command's output
// ($(…)) or a variable of the command's own (${f-}, $f: lower case, as
// a loop's or read's; an upper-case one is the environment's, a path).
func unplaced(s string) bool {
	if word.Opaque(s) || strings.HasPrefix(s, word.UnknownSubst) || strings.HasPrefix(s, "${") {
		return true
	}
	return len(s) > 1 && s[0] == '$' && (s[1] == '_' || s[1] >= 'a' && s[1] <= 'z')
}

// dashEntries returns the names in directory dir (rel, relative to the
// call's) that begin with '-' or hold a blank before one (xargs splits a
// name at blanks), and those the command writes or makes there; a
// directory guard cannot list whole gives a name that stands for any
// ("-*").
func dashEntries(a *shell.Analysis, rel, dir string) []string {
	var out []string
	for _, p := range slices.Concat(a.Writes, a.Touches) {
		p = path.Clean(p)
		if rel != "." {
			var ok bool
			if p, ok = strings.CutPrefix(p, rel+"/"); !ok {
				continue
			}
		}
		if first, _, _ := strings.Cut(p, "/"); strings.HasPrefix(first, "-") && !dashOption(a, first) {
			out = append(out, first)
		}
	}
	f, err := os.Open(dir)
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
