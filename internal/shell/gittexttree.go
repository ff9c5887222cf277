package shell

// git's printers of a tree. git copies the work tree
// into the index and history (git add -A, commit -a) and prints it back
// (git diff --cached, show, log -p, format-patch, archive): the hook's
// result scan finds values of known shapes only, and does not attribute
// git's `+++ b/.env` hunks to files as it does a search's lines, so
// DB_PASS=hunter2xyz passes. A git command that prints file text beyond
// the names and REV:PATH words it is given is an unattributed read of the
// tree it prints (Analysis.UnattributedReads): the repository's top, as
// its index holds it (Analysis.TrackedReads: the policy counts the
// index's files, so a repository that tracks no protected file stays
// usable) unless the command staged files itself (then the directory as
// it is on disk); the directories git diff --no-index compares (or git
// diff outside a repository), as they are on disk.

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// gitStages reports whether git's subcommand sub (args after it) may copy
// files git does not track yet into the index or a commit. The
// subcommands known not to (gitNoRefSubs, gitKeepsIndex) stage nothing;
// git add of named regular files stages those alone (addsUntracked);
// update-index stages new files with --add, stash with -u or -a. Any
// other name may stage: an alias is expanded before (gitExpandAliases),
// and a name it leaves, a git-NAME program or a subcommand guard does not
// list, may have staged the tree.
func (c *cmd) gitStages(sub string, args []word.Word) bool {
	switch {
	case sub == "" || strings.HasPrefix(sub, "-") || gitNoRefSubs.Has(sub) || gitKeepsIndex.Has(sub):
		return false
	case sub == "add" || sub == "stage":
		return c.addsUntracked(args)
	case sub == "update-index":
		return hasAny(args, "--add", "--ad")
	case sub == "stash":
		return gitWholeTree(sub, word.Texts(args))
	}
	return true
}

// gitKeepsIndex are git's subcommands, beside gitNoRefSubs, known to copy
// no untracked file into the index or a commit: they move tracked files,
// revisions and references (commit -a and commit's paths take tracked
// files only; git mv and rm refuse an untracked one).
const gitKeepsIndex word.Set = " diff status commit branch tag checkout switch restore reset fetch pull push merge rebase " +
	"cherry-pick revert remote init clone notes worktree mv rm clean gc maintenance prune reflog repack "

// addsUntracked reports whether git add's args may stage a file the
// command does not name: an option that adds the whole tree or ignored
// files (-A, --all, -f, --force…), or a pathspec that is not an existing
// regular file (a directory, ., a glob, a magic pathspec, a name guard
// cannot tell). git add -u stages tracked files only.
func (c *cmd) addsUntracked(args []word.Word) bool {
	st, ok := c.w.Files.(effect.Stater)
	named := false
	for i, a := range args {
		s := a.Text
		switch {
		case s == "--":
			for _, o := range args[i+1:] {
				if !c.regularFile(st, ok, o) {
					return true
				}
			}
			return false
		case s == "-u" || s == "--update" || s == "-v" || s == "--verbose" || s == "-q" || s == "--quiet" || s == "-n" || s == "--dry-run" || s == "-p" || s == "--patch":
		case strings.HasPrefix(s, "-"):
			return true // -A, --all, -f, --force, -N, and what guard does not list
		default:
			named = true
			if !c.regularFile(st, ok, a) {
				return true
			}
		}
	}
	return !named && !hasAny(args, "-u", "--update") // git add with no pathspec stages nothing; -u: tracked files
}

// regularFile reports whether word a names an existing regular file on
// disk (st, when ok), as the command names it.
func (c *cmd) regularFile(st effect.Stater, ok bool, a word.Word) bool {
	if !ok || !a.Known || strings.ContainsAny(a.Text, "*?[:") {
		return false
	}
	k, _ := st.Lstat(c.w.Where(a.Text))
	return k == effect.EntryFile
}

// gitTextTree records the tree git's subcommand sub (args after it)
// prints the text of, when it prints any (cmd.printsText, or a diff of
// two paths), as an unattributed read.
func (c *cmd) gitTextTree(sub string, args []word.Word) {
	w := c.w
	if w.guessing > 0 {
		return
	}
	if _, ok := w.Files.(effect.Stater); !ok {
		return // the analysis of text alone: no repository to look in
	}
	top := c.gitTop()
	if sub == "diff" && (hasAny(args, "--no-index") || top == "") {
		for _, op := range revOperands(args, "") {
			c.unattributedTree(op, false)
		}
		return
	}
	if !c.printsText {
		return
	}
	tracked := !w.gitStaged && c.gitEnvMoves() == "" && !c.gitDirGiven()
	switch {
	case top == "" && !c.gitDirGiven():
		return // no repository: git prints an error
	case top == "" || top == "." || !word.IsKnown(top):
		c.unattributedTree(".", tracked) // here, or guard cannot look: where the command is
		return
	}
	c.inDir(top, func() { c.unattributedTree(".", tracked) })
}

// unattributedTree records the tree of directory d as read whole and
// unattributed; tracked: as git's index holds it.
func (c *cmd) unattributedTree(d string, tracked bool) {
	w := c.w
	from := len(w.a.Reads)
	w.ReadTree(d)
	for _, p := range w.a.Reads[from:] {
		if isTree(p) {
			w.a.UnattributedReads = append(w.a.UnattributedReads, p)
		}
	}
	if tracked {
		w.tracked = append(w.tracked, [2]int{from, len(w.a.Reads)})
	}
}
