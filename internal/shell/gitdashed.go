package shell

import (
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// gitDashed returns the words of a program named git-SUB, SUB one of
// git's own subcommands (gitOwnSubs: git-receive-pack on PATH,
// /usr/lib/git-core/git-push in git's exec path), as git SUB's: git runs
// the same program for both, so the command is walked as git's
// (FINDINGS52a G7). Any other words are returned as they are.
func (c *cmd) gitDashed(words []word.Word) []word.Word {
	sub, ok := strings.CutPrefix(c.name, "git-")
	if !ok || !words[0].Known || !gitOwnSubs.Has(sub) || slices.Contains(c.w.redefined, c.name) {
		return words
	}
	c.name = "git"
	return append([]word.Word{{Text: "git", Known: true}, {Text: sub, Known: true}}, words[1:]...)
}
