package shell

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
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

// vcs: the working tree another version control program writes
// (catalogue.VersionControl: sl, fossil, darcs…), then its words as any
// program's. hg, jj and bzr come here through messages (data.go).
func (c *cmd) vcs() {
	c.otherVCSTree()
	c.generic()
}

// otherVCSTree hides the command when a version control program of
// catalogue.VersionControl is given a verb not known to leave the working
// tree alone: hg update, jj new, sl goto, stg pop write
// the project's files from repository data guard does not read, the hook
// files among them, as git checkout of a revision guard cannot read does.
func (c *cmd) otherVCSTree() {
	keep, ok := catalogue.TreeKeepers(c.name)
	if !ok {
		return
	}
	c.vcsSettings() // hg --config hooks.x=CMD (vcssettings.go)
	verb, ops := vcsVerb(c.args)
	if verb == "" || keep.Has(verb) && !(verb == "pull" && hasAny(c.args, "-u", "--update")) {
		return
	}
	c.hideVCS(verb, ops[1:])
	c.vcsChanged(ops)
}

// hideVCS hides the command: its version control program's verb writes
// the working tree from data guard cannot read; ops are the words after
// verb. A new tree (svn checkout URL DIR where DIR does not exist yet)
// holds none of the project's files: it is only recorded as changed.
func (c *cmd) hideVCS(verb string, ops []string) {
	if c.w.guessing > 0 || c.newTree(verb, ops) {
		return // text only guessed to be a command: its tree is not here
	}
	c.w.hide("%s %s writes the working tree from repository data guard cannot read, which may hold the project's hook files: guard cannot tell which files it writes", c.name, word.Render(verb))
}

// vcsVerb returns the first word of args that is neither an option nor
// the value of one of catalogue.VCSWithArg (hg -R REPO update), and the
// words from it on.
func vcsVerb(args []word.Word) (string, []string) {
	for j := 0; j < len(args); j++ {
		s := args[j].Text
		switch {
		case catalogue.VCSWithArg.Has(s):
			j++
		case strings.HasPrefix(s, "-"):
		default:
			return s, word.Texts(args[j:])
		}
	}
	return "", nil
}

// vcsTree records the working tree svn's or p4's command writes (svn's
// words are otherwise read as a message tool's, data.go).
func (c *cmd) vcsTree() {
	c.vcsSettings() // svn --diff-cmd CMD (vcssettings.go)
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
		c.hideVCS(step, ops[min(1, len(ops)):]) // the tree holds the hook files
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

// newTree reports whether verb of c's program makes a new working tree
// (catalogue.NewTreeVerbs) in a directory that is absent on disk: the
// last of two or more operands, else the last name of the one URL.
func (c *cmd) newTree(verb string, args []string) bool {
	if !catalogue.NewTreeVerbs(c.name).Has(verb) {
		return false
	}
	var ops []string
	for _, a := range args {
		if !strings.HasPrefix(a, "-") {
			ops = append(ops, a)
		}
	}
	if len(ops) == 0 {
		return false
	}
	dest := ops[len(ops)-1]
	if len(ops) == 1 {
		dest = path.Base(strings.TrimRight(dest, "/"))
	}
	if !word.IsKnown(dest) || dest == "." || dest == ".." || dest == "/" {
		return false
	}
	kind, _ := c.w.Lstat(dest)
	return kind == effect.EntryNone
}
