package shell

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// makeCommandVars returns the variables make's command line sets (make t
// PATH=./bin, make t BASH_ENV=./x.sh), which make exports to every
// recipe's environment (FINDINGS54a E1): for walker.recipeEnv, after the
// makefile's exports, as the command line's value wins.
func (c *cmd) makeCommandVars() []word.Word {
	var out []word.Word
	for _, a := range c.args {
		n, _, ok := strings.Cut(a.Text, "=")
		if ok && word.IsName(n) && len(out) < maxGoals {
			out = append(out, word.Word{Text: a.Text, Known: a.Known})
		}
	}
	return out
}
