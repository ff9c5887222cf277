package shell

// Operands after -- that begin with '-' (cat -- -rc): a path whole.

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
)

// dashOperands records each word of c's after its first -- that begins
// with '-' as the file ./WORD: getopt stops at --, so the program opens
// -rc as a file (a link may lead anywhere), which the ledger, reading
// the word alone, takes for an option that names none. A program guard
// knows to only read its files reads it; another touches it. (A word
// holding a '/' the ledger reads both ways already.)
func (c *cmd) dashOperands(p *catalogue.Program) {
	dash := false
	for j, a := range c.args {
		s := a.Text
		switch {
		case !dash:
			dash = s == "--" && c.kinds[j] == argPlain && !c.isSpent(j)
		case len(s) < 2 || s[0] != '-' || strings.Contains(s, "/") || !a.Known || c.kinds[j] != argPlain:
		case p != nil && p.Access == catalogue.ReadsOnly:
			c.w.Read("./" + s)
		default:
			c.w.Touch("./" + s)
		}
	}
}
