package shell

// git's printers of a tree. git copies the work tree
// into the index and history (git add -A, commit -a) and prints it back
// (git diff --cached, show, log -p, format-patch, archive): the hook's
// result scan finds values of known shapes only, and does not attribute
// git's `+++ b/.env` hunks to files as it does a search's lines, so
// DB_PASS=hunter2xyz passes. A git command that prints file text beyond
// the names and REV:PATH words it is given, or sends history to a remote
// (git push: the secret leaves the machine, no result to scan), is an
// unattributed read of the tree it prints or sends
// (Analysis.UnattributedReads): the repository's top, as
// its index holds it (Analysis.TrackedReads: the policy counts the
// index's files, so a repository that tracks no protected file stays
// usable) unless the command staged files itself (then the directory as
// it is on disk); the directories git diff --no-index compares (or git
// diff outside a repository), as they are on disk.

import (
	"path"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
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
	stages, _ := c.gitStagesOf(sub, args)
	return stages
}

// gitForces reports whether git's subcommand sub (args after it) may
// stage a file git's ignore rules ignore: git add -f (or an option guard
// does not list: gitAddHonours), update-index --add (it reads no ignore
// file), stash, a name guard does not know (an alias is expanded before:
// gitExpandAliases). git add -A, git add . and a glob stage the untracked
// files those rules let through only.
func (c *cmd) gitForces(sub string, args []word.Word) bool {
	_, forced := c.gitStagesOf(sub, args)
	return forced
}

// gitAddHonours are the long options (before =) of git add known to
// leave git's ignore rules in force; -f, --force and any other may not.
const gitAddHonours word.Set = " --all --update --intent-to-add --verbose --dry-run --no-all --ignore-removal " +
	"--no-ignore-removal --ignore-errors --sparse --chmod --renormalize --pathspec-from-file --pathspec-file-nul " +
	"--quiet --refresh --ignore-missing "

// gitKeepsIndex are git's subcommands, beside gitNoRefSubs, known to copy
// no untracked file into the index or a commit: they move tracked files,
// revisions and references (commit -a and commit's paths take tracked
// files only; git mv and rm refuse an untracked one).
const gitKeepsIndex word.Set = " diff status commit branch tag checkout switch restore reset fetch pull push merge rebase " +
	"cherry-pick revert remote init clone notes worktree mv rm clean gc maintenance prune reflog repack "

// gitKeepsIgnores are git's subcommands known to leave the work tree's
// files, its ignore files among them, as they are (git add and stage
// only when they honour the ignore rules: gitForces),
// but for the writes the ledger records (git diff --output=F:
// ignoresWritten).
const gitKeepsIgnores word.Set = " add stage commit status diff log show fetch push send-pack rev-parse ls-files "

// gitStagesOf is gitStages and gitForces: any name but those listed may
// have staged the tree, ignored files included.
func (c *cmd) gitStagesOf(sub string, args []word.Word) (stages, forced bool) {
	switch {
	case sub == "" || strings.HasPrefix(sub, "-") || gitNoRefSubs.Has(sub) || gitKeepsIndex.Has(sub):
		return false, false
	case sub == "add" || sub == "stage":
		stages = c.addsUntracked(args)
		return stages, stages && !gitOptionsIn(args, gitAddHonours, "AuNvnq", "")
	case sub == "update-index":
		stages = hasAny(args, "--add", "--ad")
		return stages, stages
	case sub == "stash":
		stages = gitWholeTree(sub, word.Texts(args))
		return stages, stages
	}
	return true, true
}

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

// gitStagesMovedTree: git add that stages untracked files in a work
// tree git does not find itself (gitWorkTreeUsed: --work-tree,
// GIT_WORK_TREE, -c core.worktree, a named git directory's core.worktree)
// reads the ignore files of that tree only, from its top down: the
// project's .gitignore above it does not apply (FINDINGS47b G9: git
// --work-tree=backend add -A stages an ignored backend/.env). guard
// judges ignores by the project's rules, so the add is a read of that
// tree as on disk, ignored files included; a tree guard cannot name is
// one it cannot tell.
func (c *cmd) gitStagesMovedTree(at int) {
	if c.w.guessing > 0 {
		return
	}
	tree, found := c.gitWorkTreeUsed(at)
	if found {
		return
	}
	if tree == "" || !word.IsKnown(tree) {
		tree = word.Mark(word.MarkVar, "GIT_WORK_TREE")
	} else if top := c.gitTop(); word.IsKnown(top) && top != "" && path.Clean(effect.Under(c.w.Dir, tree)) == path.Clean(top) {
		return // the tree git finds itself: its ignore rules are the project's
	}
	c.unattributedTree(tree, treeDisk)
}

// gitSenders are git's subcommands, among gitNoTextSubs, that send the
// history's text off the machine: git push and its plumbing send the
// commits a remote lacks, every file they hold. git's other senders
// (send-email, bundle create, request-pull, svn dcommit, p4 submit, an
// alias or a git-NAME program) are not gitNoTextSubs: printers already.
const gitSenders word.Set = " push send-pack "

// gitTextTree records the tree git's subcommand sub (args after it)
// prints or sends the text of, when it prints any (cmd.printsText, or a
// diff of two paths) or sends it (gitSenders), as an unattributed read.
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
			c.unattributedTree(op, treeDisk)
		}
		return
	}
	if !c.printsText && !gitSenders.Has(sub) {
		return
	}
	m := c.gitTreeMode()
	switch {
	case top == "" && !c.gitDirGiven():
		return // no repository: git prints an error
	case top == "" || top == "." || !word.IsKnown(top):
		c.unattributedTree(".", m) // here, or guard cannot look: where the command is
		return
	}
	c.inDir(top, func() { c.unattributedTree(".", m) })
}

// gitTreeMode says how a git command reads the work tree the earlier
// git commands of the command line staged: as git's index holds it
// (treeTracked) when none may have staged an untracked file; the index's
// files and the untracked ones git's ignore rules let through
// (treeUnignored) when those that may have staged one honour the rules
// and no earlier command may have changed them; else as on disk
// (treeDisk). A GIT_* variable that moves the repository, or --git-dir,
// is the disk's.
func (c *cmd) gitTreeMode() treeMode {
	w := c.w
	switch {
	case c.gitEnvMoves() != "" || c.gitDirGiven():
		return treeDisk
	case !w.gitStaged:
		return treeTracked
	case !w.gitForced && !w.ignoresMoved && !w.ignoresWritten():
		return treeUnignored
	}
	return treeDisk
}

// ignoresWritten reports whether a write or touch the command line
// recorded so far may have changed git's ignore rules, whatever wrote it
// (a program, a redirection of any descriptor: >, 2>, 1<>, 3>, one on a
// group, loop or subshell; git diff --output=): see GitIgnoreFile.
// Git's own writes of its index (gitOwnWrites) are not counted, each
// once: a redirection to .git/index is.
func (w *walker) ignoresWritten() bool {
	var own []string // copied on the first match
	for _, p := range w.a.Writes {
		if !GitIgnoreFile(p) {
			continue
		}
		if own == nil {
			own = slices.Clone(w.gitOwnWrites)
		}
		i := slices.Index(own, p)
		if i < 0 {
			return true
		}
		own = slices.Delete(own, i, i+1)
	}
	// A touch of a directory, a pattern or an unknown name is not
	// counted: the programs whose touches are left here (git's
	// subcommands that keep the ignore files, cd, test) only name them
	// (git add ., git add "$f"); their environment may write (envMayIgnore).
	return slices.ContainsFunc(w.a.Touches, ignoreNamed)
}

// GitIgnoreFile reports whether a write of path p (as a command names it,
// or absolute) may change the ignore rules git add reads: p is a
// directory, a pattern, a path with a part guard cannot tell (unknownPath)
// or one that names an ignore file (ignoreNamed).
func GitIgnoreFile(p string) bool {
	if strings.ContainsAny(p, "*?[") || strings.HasSuffix(p, "/") || unknownPath(p) {
		return true
	}
	switch path.Base(path.Clean(p)) {
	case ".", "..", "/", "~":
		return true // the directory itself (a tree's top)
	}
	return ignoreNamed(p)
}

// unknownPath reports whether p holds a part guard cannot tell: a value
// it does not know, an environment variable, a backslash.
func unknownPath(p string) bool {
	return word.HasMark(p) || strings.ContainsAny(p, "\\$")
}

// ignoreNamed reports whether path p may name one of git's ignore files:
// a .gitignore anywhere, anything under (or named) .git, an info/exclude,
// git's default excludes file (~/.config/git/ignore). An excludes file
// core.excludesFile names elsewhere only adds ignores, and they lose to
// the .gitignore files and info/exclude (git's order), which are all
// policy.unignoredBlocked counts as ignoring: writing it cannot unignore a
// file guard counts as ignored. Where a link takes a write (a symbolic or
// hard link to .gitignore) the hook looks (internal/hook
// ignoreslinked.go).
func ignoreNamed(p string) bool {
	c := path.Clean(p)
	if strings.EqualFold(path.Base(c), ".gitignore") {
		return true
	}
	for part := range strings.SplitSeq(c, "/") {
		if strings.EqualFold(part, ".git") {
			return true // the repository: its config, info/exclude, a gitdir file
		}
	}
	low := strings.ToLower(c)
	return strings.HasSuffix(low, "info/exclude") || strings.HasSuffix(low, "git/ignore")
}

// envMayIgnore reports whether a value c puts in its program's
// environment may name an ignore file or a place guard cannot tell
// (GIT_TRACE=$PWD/.gitignore git status): the program may write there
// (touchEnv).
func (c *cmd) envMayIgnore() bool {
	if catalogue.Printers.Has(c.name) || catalogue.Testers.Has(c.name) {
		return false
	}
	return slices.ContainsFunc(c.env, func(v string) bool { return unknownPath(v) || ignoreNamed(v) })
}

// treeMode is how git reads a work tree: its index's files, those and
// the untracked ones its ignore rules let through, or the disk's.
type treeMode int

const (
	treeDisk treeMode = iota
	treeTracked
	treeUnignored
)

// unattributedTree records the tree of directory d as read whole and
// unattributed, as mode m says git reads it.
func (c *cmd) unattributedTree(d string, m treeMode) {
	w := c.w
	from := len(w.a.Reads)
	w.ReadTree(d)
	for _, p := range w.a.Reads[from:] {
		if isTree(p) {
			w.a.UnattributedReads = append(w.a.UnattributedReads, p)
		}
	}
	w.treeRead(from, m)
}

// treeRead records the reads from index from on as git reads them in mode m.
func (w *walker) treeRead(from int, m treeMode) {
	switch m {
	case treeTracked:
		w.tracked = append(w.tracked, [2]int{from, len(w.a.Reads)})
	case treeUnignored:
		w.unignored = append(w.unignored, [2]int{from, len(w.a.Reads)})
	}
}
