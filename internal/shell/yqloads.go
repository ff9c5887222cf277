package shell

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// yqLoads: the file operators of a yq expression (load_str(".env"))
// read the file their literal names, relative to the working directory;
// one whose name the expression computes (strenv(HOME) + "/.ssh/id_rsa")
// reads a file guard cannot tell. Any word may be the expression (yq
// [eval] [EXPR] [FILE…], --expression EXPR, --from-file F), so each is
// scanned; --security-disable-file-ops turns the operators off.
func (c *cmd) yqLoads() {
	var texts []string
	for j, a := range c.args {
		s := a.Text
		switch {
		case s == "--security-disable-file-ops":
			return
		case s == "--from-file" && j+1 < len(c.args):
			texts = append(texts, c.yqFromFile(c.args[j+1])...)
		case strings.HasPrefix(s, "--from-file="):
			texts = append(texts, c.yqFromFile(word.Word{Text: strings.TrimPrefix(s, "--from-file="), Known: a.Known})...)
		case !a.Known && (strings.Contains(s, "load") || strings.Contains(s, "eval")):
			texts = append(texts, "load(?)") // a computed expression holding a file operator
		default:
			texts = append(texts, s)
		}
	}
	var paths []string
	unknown := false
	for _, t := range texts {
		p, u := lang.YqLoads(t)
		paths, unknown = append(paths, p...), unknown || u
	}
	for _, p := range paths {
		if strings.HasPrefix(p, "~") {
			p = "./" + p // yq opens the name as given: no ~ expansion
		}
		c.w.Read(p)
	}
	if unknown {
		c.w.hide("runs a yq expression whose file operators (load, load_str…) read files guard cannot tell")
	}
}

// yqFromFile returns the expression yq reads from file f (--from-file),
// or one guard cannot tell when it cannot read the file (the read of f
// itself is the operand's).
func (c *cmd) yqFromFile(f word.Word) []string {
	t, st := c.w.FileStatus(f.Text, f.Known, effect.MaxScriptBytes)
	switch {
	case st == effect.FileWhole:
		return []string{t}
	case st == effect.FileAbsent:
		return nil // nothing to run
	}
	return []string{"load(?)"}
}
