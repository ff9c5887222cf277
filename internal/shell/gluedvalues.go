package shell

// Values glued to a short option (make -f.env, grep -f.env, frob -i.env):
// a file named there is read as the same name given as the next word is.

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// maxGluedLetters bounds the letters of a cluster tried before its value.
const maxGluedLetters = 16

// gluedReads records as read each file a short-option cluster of c's may
// name in its tail, as a separate word is: the value p's catalogue says
// is joined to it (grep -vf.env: .env), or, for a program guard does not
// know option by option (or a letter its entry does not list), the rest
// of the word after every run of letters (-pf.env: f.env, .env), since
// guard cannot tell which letter takes a value (default-deny). The path
// rules judge each as the same word alone: -O2, -Wall, -j4 name files 2,
// all, ll, l, 4 no rule protects.
func (c *cmd) gluedReads(p *catalogue.Program) {
	for j := range c.args {
		if c.args[j].Text == "--" {
			return
		}
		for _, t := range c.gluedValues(p, j) {
			c.w.Read(t)
		}
	}
}

// gluedValues returns the files argument j may name glued to its short
// options (see gluedReads); none for a word that is no such cluster, one
// guard named whole (-o./x: effect.Attached) or one c's handler
// accounted for. git's handler reads its options by name (gitopts.go):
// git log -S.env is a pickaxe string.
func (c *cmd) gluedValues(p *catalogue.Program, j int) []string {
	s := c.args[j].Text
	if c.name == "git" || c.kinds[j] != argPlain || c.isSpent(j) || len(s) < 3 || s[0] != '-' || s[1] == '-' || !word.IsKnown(s) {
		return nil
	}
	if _, ok := effect.Attached(s); ok {
		return nil
	}
	return gluedTails(p, s)
}

// gluedTails returns the values cluster s may carry (see gluedReads).
func gluedTails(p *catalogue.Program, s string) []string {
	if p != nil && p.Short != "" {
		if v, ok := p.GluedValue(s); ok {
			if v == "" {
				return nil
			}
			return []string{v}
		}
	}
	var out []string
	for k := 2; k < len(s) && k <= maxGluedLetters+1 && optionLetter(s[k-1]); k++ {
		if t := s[k:]; !strings.HasPrefix(t, "-") {
			out = append(out, t)
		}
	}
	return out
}

// optionLetter reports whether b may be a short option's letter.
func optionLetter(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}
