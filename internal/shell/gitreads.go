package shell

// git's reading subcommands (catalogue.GitReaders: status, diff, log,
// show, blame…) only read the files their pathspecs and revisions name:
// their words are reads, none a touch, except the file of --output.

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/word"
)

// gitOutput writes the file the --output option of a reading subcommand
// names (or an abbreviation of it: --outp=F, --output F), from argument
// from on, up to --; the words it uses are spent.
func (c *cmd) gitOutput(from int) {
	for j := from; j < len(c.args); j++ {
		s := c.args[j].Text
		if s == "--" {
			return
		}
		opt, v, eq := strings.Cut(s, "=")
		if len(opt) < len("--ou") || !strings.HasPrefix(catalogue.GitOutput, opt) {
			continue
		}
		if !eq && j+1 < len(c.args) {
			c.spend(j)
			j++
			v = c.args[j].Text
		}
		c.w.Write(v)
		c.spend(j)
	}
}

// gitReadsFrom returns the index of the first word after a reading
// subcommand of git (catalogue.GitReaders): those words are reads or data,
// none a touch. It returns len(c.args) for another program or subcommand.
func (c *cmd) gitReadsFrom() int {
	if c.name != "git" {
		return len(c.args)
	}
	sub, at := gitSubcommand(c.args)
	if !catalogue.GitReaders.Has(sub) || sub == "grep" && gitGrepPager(c.args[at+1:]) {
		return len(c.args)
	}
	return at + 1
}

// gitGrepPager reports whether git grep's args may name its
// --open-files-in-pager (-O, an abbreviation, or O in a cluster of short
// options): the program it runs gets the files, which it may write.
func gitGrepPager(args []word.Word) bool {
	for _, a := range args {
		s := a.Text
		switch {
		case s == "--":
			return false
		case strings.HasPrefix(s, "--"):
			if opt, _, _ := strings.Cut(s, "="); len(opt) > 3 && strings.HasPrefix("--open-files-in-pager", opt) {
				return true
			}
		case strings.HasPrefix(s, "-") && strings.ContainsRune(s, 'O'):
			return true
		}
	}
	return false
}
