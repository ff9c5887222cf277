package shell

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// A write target that is a command's output about a file: the output of
// $(find ~ -name .bashrc), $(ls -d ~/.bash?c), $(readlink l2) is not known,
// but the command that prints it names the file it may print. A word that
// is wholly such a substitution's output, written (a redirection's target)
// or handed to a program guard does not know to only read it, is taken to
// name each path its substitution read, touched or wrote (a find's start
// directory): a touch of each, which the path rules hold to the
// write rules of a protected file, and which the hook follows through the
// links on disk (readlink l2 prints where l2 leads). A substitution that
// names no path (mktemp, date) leaves the word unknown, as before; a
// recursive read's tree (grep -rl x .) is not taken: its output is a name
// under the directory, which the rules for unknown names weigh.

// maxSubstNamed bounds the paths kept for one substitution.
const maxSubstNamed = 16

// substNamed is a substitution's line and the paths its commands named.
type substNamed struct {
	line  string
	paths []string
}

// noteSubstNamed keeps the paths the substitution whose line is line
// recorded since the lists held reads, touches and writes entries.
func (w *walker) noteSubstNamed(line string, reads, touches, writes int) {
	if line == "" || len(w.substNamed) >= effect.MaxLinks {
		return
	}
	var paths []string
	add := func(list []string) {
		for _, p := range list {
			if len(paths) < maxSubstNamed && !strings.HasSuffix(p, "/**") && !strings.Contains(p, "/**/") && !word.Opaque(p) {
				paths = append(paths, p)
			}
		}
	}
	add(w.a.Reads[reads:])
	add(w.a.Touches[touches:])
	add(w.a.Writes[writes:])
	if len(paths) > 0 {
		w.substNamed = append(w.substNamed, substNamed{line, dedupe(paths)})
	}
}

// namedBy returns the paths the substitution whose line is line names:
// the start directories of its find (a file anywhere under one, as
// foundArgs touches them: a name test is not held to, since a protected
// directory's files have every name), else what it read, touched or
// wrote.
func (w *walker) namedBy(line string) []string {
	if f := w.FoundBy(line); f != nil {
		var out []string
		for _, p := range f.Paths {
			if d := strings.TrimSuffix(p, "/…"); d != "" {
				out = append(out, d)
			} else {
				out = append(out, "/")
			}
		}
		return out
	}
	for _, s := range w.substNamed {
		if s.line == line {
			return s.paths
		}
	}
	return nil
}

// substTarget touches what the substitution that wholly makes write
// target t names (see namedBy).
func (w *walker) substTarget(t word.Word) {
	for _, p := range w.substPaths(t) {
		w.Touch(p)
	}
}

// substPaths returns the paths word t, not known, may be when it is wholly
// a substitution's output, or that output followed by literal text
// ("$(git rev-parse --git-dir)/hooks/pre-commit"): what the substitution
// names (namedBy), with the text after each.
func (w *walker) substPaths(t word.Word) []string {
	switch {
	case t.Known:
		return nil
	case t.Sub != "":
		return w.namedBy(t.Sub)
	case t.Lead != nil:
		var out []string
		for _, p := range w.namedBy(t.Lead.Sub) {
			out = append(out, p+t.Lead.Rest)
		}
		return out
	}
	return nil
}

// substArgs: an argument that is wholly a substitution's output, handed to
// a program guard does not know to only read it (or name it: echo, test),
// may be each path the substitution names (substTarget). A cd's directory
// holds the later words, not a file written.
func (c *cmd) substArgs(p *catalogue.Program) {
	if p != nil && (p.Access == catalogue.ReadsOnly || p.Access == catalogue.Names) {
		return
	}
	switch c.name {
	case "", "cd", "pushd":
		return
	}
	for j, a := range c.args {
		if c.kinds[j] == argPlain {
			c.w.substTarget(a)
		}
	}
}
