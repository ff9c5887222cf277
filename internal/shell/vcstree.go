package shell

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// Working trees other version control programs write: svn checkout,
// update, switch, merge, revert…, p4 sync, unshelve, integrate…, write the
// repository's text into the working tree (and svn makes links:
// svn:special), as git checkout does (gittree.go). Default deny: a
// subcommand not known to leave the tree's files alone rewrites the tree
// (the working directory, every relative path, and an absolute operand),
// which is then both a place of links guard cannot follow and of text it
// cannot see.

// svnTreeKeepers are svn's subcommands known to leave the working tree's
// files as they are.
const svnTreeKeepers word.Set = " status st stat info log diff di cat list ls blame praise annotate ann help h add " +
	"commit ci delete del remove rm mkdir propget pget pg proplist plist pl propset pset ps propdel pdel pd " +
	"lock unlock changelist cl mergeinfo cleanup upgrade relocate auth "

// p4TreeKeepers are p4's commands known to leave the workspace's files as
// they are (print only without -o: with it, it writes the file).
const p4TreeKeepers word.Set = " info opened changes changelists describe files fstat have where users clients " +
	"workspaces login logout status diff diff2 annotate filelog edit add delete change set tickets help dirs " +
	"depots labels branches counters jobs fix reopen lock unlock shelve reconcile submit print "

// p4: the workspace p4 writes, then its words as any program's.
func (c *cmd) p4() {
	c.vcsTree()
	c.generic()
}

// vcsTree records the working tree svn's or p4's command writes (svn's
// words are otherwise read as a message tool's, data.go).
func (c *cmd) vcsTree() {
	keep := svnTreeKeepers
	if c.name == "p4" {
		keep = p4TreeKeepers
	}
	ops := word.Operands(c.args)
	if c.name == "p4" {
		ops = p4Operands(c.args)
	}
	step := ""
	if len(ops) > 0 {
		step = ops[0]
	}
	if !keep.Has(step) || step == "print" && hasAny(c.args, "-o") {
		c.vcsChanged(ops)
	}
}

// vcsChanged records the trees a version control program writes: the
// working directory's (and every relative path), and each absolute
// operand (svn checkout URL /srv/app).
func (c *cmd) vcsChanged(ops []string) {
	c.w.MayLink(".", vcsTreeWhy)
	c.treeChanged(".", true)
	c.absoluteTrees(ops, vcsTreeWhy)
}

// absoluteTrees records each absolute operand of a program that writes a
// working tree as one (git svn clone URL /srv/w): the ledger's "." stands
// for the relative ones only.
func (c *cmd) absoluteTrees(ops []string, why string) {
	for _, o := range ops {
		if strings.HasPrefix(o, "/") || strings.HasPrefix(o, "~") {
			c.w.MayLink(o, why)
			c.treeChanged(o, false)
		}
	}
}

// vcsTreeWhy is the reason of a later write in a tree svn or p4 wrote.
const vcsTreeWhy = "a version control program wrote a working tree from repository data"

// p4Operands returns p4's words after its global options (-c CLIENT,
// -p PORT, -u USER, -d DIR, -H HOST, -P PASS, -x FILE, -C CHARSET, -Q,
// -L, -z TAG take a value): the command, then its own words.
func p4Operands(args []word.Word) []string {
	for j := 0; j < len(args); j++ {
		s := args[j].Text
		switch {
		case len(s) == 2 && s[0] == '-' && strings.IndexByte("cpudHPxCQLzr", s[1]) >= 0:
			j++
		case strings.HasPrefix(s, "-"):
		default:
			var ops []string
			for _, a := range args[j:] {
				ops = append(ops, a.Text)
			}
			return ops
		}
	}
	return nil
}
