package shell

// Values glued to a short option (make -f.env, grep -f.env, frob -i.env):
// a file named there is read as the same name given as the next word is.

import (
	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// maxGluedCluster bounds the bytes of a cluster guard splits: past it the
// word is one guard cannot read (which byte ends its flags), not one that
// names no file.
const maxGluedCluster = 1024

// gluedReads records as read each file a short-option cluster of c's may
// name in its tail, as a separate word is: the value p's catalogue says
// is joined to it (grep -vf.env: .env), or, for a program guard does not
// know option by option (or a letter its entry does not list), the rest
// of the word after each of its bytes (-pf.env: f.env, .env), since
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
	if c.name == "git" || c.kinds[j] != argPlain || c.isSpent(j) || len(s) < 3 || !clusterStart(p, s) || !word.IsKnown(s) {
		return nil
	}
	if _, ok := effect.Attached(s); ok {
		return nil
	}
	if len(s) > maxGluedCluster {
		c.w.hide("passes %s a short-option cluster of %d bytes: guard cannot tell which of its bytes takes a value, which may name a protected file", c.name, len(s))
		return nil
	}
	return gluedTails(p, s)
}

// clusterStart reports whether s is worded as a short-option cluster of
// p's: -x… (not --x), or +x… for a program guard does not know option by
// option (X toolkit and old sort options; a catalogued program's + word
// is an operand of its own). A word starting / is an absolute path to
// every Unix program and is read as one.
func clusterStart(p *catalogue.Program, s string) bool {
	switch s[0] {
	case '-':
		return s[1] != '-'
	case '+':
		return s[1] != '+' && (p == nil || p.Short == "")
	}
	return false
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
	for k := 2; k < len(s); k++ { // any byte may be a flag: -@X, -.X, -i:X
		out = append(out, s[k:]) // -pf-c: a value may begin with '-' (Read takes it both ways)
	}
	return out
}
