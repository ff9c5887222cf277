package shell

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// The files git writes from a revision: checkout REV,
// switch REV, merge REV, rebase UPSTREAM, reset --hard REV, read-tree -u
// REV write the paths where REV's tree differs from HEAD's; cherry-pick
// REV those where REV differs from its parent (-m N: its Nth), revert REV
// the same in the other direction, stash pop (apply, branch) those where
// the stash differs from the commit it was made on and the untracked files
// its third parent holds. Each is a write, so that the write rules
// decide: a branch that brings .agent_a/settings.json, .vscode/tasks.json
// or .husky/pre-commit writes a protected file. The revision is read from
// the repository's objects by the hook's reader (effect.RevReader). A
// revision guard cannot read (a fetch in the same command: pull, fetch &&
// checkout; a name it cannot resolve; a bound passed) may bring any file:
// default deny, the command is hidden in a repository.

// gitRevWrites records what git's subcommand sub (args after it) writes
// from a revision into the working tree holding directory dir.
func (c *cmd) gitRevWrites(sub string, args []word.Word, dir string) {
	if c.w.guessing > 0 {
		return
	}
	if sub == "bisect" {
		c.bisectWrites(args, dir)
		return
	}
	from, to, ok := gitRevision(sub, args)
	if !ok {
		return // no revision written (a branch at HEAD, --abort, a pathspec form)
	}
	if sub == "rebase" {
		// git rebase UPSTREAM BRANCH checks BRANCH out first.
		if ops := revOperands(args, gitRevWithArg(sub)); len(ops) > 1 && !c.revWrites("checkout", dir, "", ops[1]) {
			return
		}
	}
	if sub == "stash" && len(args) > 0 && args[0].Text == "branch" && !c.revWrites("checkout", dir, "", from) {
		return // git stash branch NAME checks the stash's base out first
	}
	c.revWrites(sub, dir, from, to)
}

// revWrites records the files git's subcommand sub writes making the
// tree at dir revision to's (from is the one it leaves; "" for HEAD, "HEAD"
// for the HEAD the command has set), or hides the command when guard
// cannot read them; false when it hid the command.
func (c *cmd) revWrites(sub, dir, from, to string) bool {
	head, moved := c.w.gitHead[dir]
	if from == "" && moved {
		from = head // git checkout a && git checkout b: from a
	}
	if moved && to == "HEAD" {
		to = head // git reset --soft a && git stash: a's files
	}
	if moved && to == "@{u}" {
		to = "" // the upstream of the branch checked out before: its config is not read
	}
	rr, isRR := c.w.Files.(effect.RevReader)
	if !isRR {
		return true // no reader: the analysis of text alone
	}
	var paths []string
	st := effect.RevUnknown
	if to != "" && word.IsKnown(to) && (from == "" || word.IsKnown(from)) && word.IsKnown(dir) && c.repoAsOnDisk(dir) {
		if from == "" {
			from = "HEAD"
		}
		paths, st = rr.RevChanges(c.w.Where(dir), from, to)
		if st == effect.RevKnown {
			paths, st = c.onDisk(rr, sub, dir, to, head, paths)
		}
	} else if _, st = rr.RevChanges(c.w.Where(dir), "HEAD", "HEAD"); st == effect.RevKnown {
		st = effect.RevUnknown // in a repository: the revision is unknown
	}
	switch st {
	case effect.RevKnown:
		if sub == "checkout" || sub == "switch" || sub == "reset" || sub == "read-tree" {
			c.setGitHead(dir, to)
		} else if sub != "stash" || to != "HEAD" && to != head {
			c.w.gitRefs = true // a merge, a cherry-pick: a commit guard does not know
		}
		c.gitRevFiles(dir, paths)
		c.revLinks(sub, dir, to, nil, false) // gitlinks.go
	case effect.RevUnknown:
		c.hideRev(sub)
		return false
	}
	return true
}

// onDisk adds to paths the files that may be protected which git's
// subcommand sub writes whatever HEAD says, read against the disk: a
// checkout-like one (checkout, switch, reset, read-tree, stash push,
// rebase's checkout of its base, merge's fast-forward) makes the tree
// to's where it differs from what the disk holds; merge, rebase and pull
// may stash first (--autostash, merge.autoStash), writing HEAD's (head,
// when the command moved it). cherry-pick, revert and stash pop apply a
// difference of two commits, which RevChanges holds.
func (c *cmd) onDisk(rr effect.RevReader, sub, dir, to, head string, paths []string) ([]string, effect.RevStatus) {
	var revs []string
	switch sub {
	case "cherry-pick", "revert":
	case "stash":
		if to == "HEAD" || to == head {
			revs = append(revs, to)
			break
		}
		// git stash apply (pop, branch) restores the untracked files
		// stash -u saved in the stash's third parent, which no
		// difference from its first holds.
		more, st := rr.RevOnDisk(c.w.Where(dir), to+"^3")
		if st == effect.RevUnknown {
			return nil, st
		}
		paths = append(paths, more...)
	case "merge", "rebase", "pull":
		if head == "" {
			head = "HEAD"
		}
		revs = append(revs, to, head)
	default:
		revs = append(revs, to)
	}
	for _, rev := range revs {
		more, st := rr.RevOnDisk(c.w.Where(dir), rev)
		if st != effect.RevKnown {
			return nil, st
		}
		paths = append(paths, more...)
	}
	return paths, effect.RevKnown
}

// gitRevFiles records git's writes of paths under dir. git replaces a file
// (a link there too) and does not write past a link to a directory, so
// they are not writes through a link an earlier git subcommand may have
// made (the mayLink rule): git checkout a && git checkout b, git stash &&
// git checkout b pass; a link the command itself made (ln -s) still leads
// the write to its target.
func (c *cmd) gitRevFiles(dir string, paths []string) {
	c.w.Linking = true
	for _, p := range paths {
		c.w.Write(path.Join(dir, p))
	}
	c.w.Linking = false
}

// hideRev hides the command: git's subcommand sub writes the tree from a
// revision guard cannot read.
func (c *cmd) hideRev(sub string) {
	next := "git " + sub
	switch sub {
	case "pull":
		next = "git merge (or rebase) of what it fetched"
	case "bisect":
		c.w.hide("git bisect writes the working tree from a revision guard cannot read (the commit git picks between the good and the bad ones), which may hold the project's hook files")
		return
	}
	c.w.hide("git %s writes the working tree from a revision guard cannot read (fetched or moved by the same command, a name guard cannot resolve, another repository's, past its bounds), which may hold the project's hook files; run git fetch first, then %s in a separate call", sub, next)
}

// repoAsOnDisk reports whether the repository of the tree at dir is the
// one on disk: no earlier git subcommand moved refs, and gitDirAsOnDisk.
func (c *cmd) repoAsOnDisk(dir string) bool {
	return !c.w.gitRefs && c.gitDirAsOnDisk(dir)
}

// gitDirAsOnDisk reports whether the git directory of the tree at dir is
// the one the reader finds: no .git the command wrote (cp -r x/.git .), no
// --git-dir or GIT_DIR naming another one.
func (c *cmd) gitDirAsOnDisk(dir string) bool {
	gd := word.Clean(c.w.Where(path.Join(dir, ".git")))
	for _, f := range c.w.Written {
		if f.Path == gd || strings.HasPrefix(f.Path, gd+"/") {
			return false
		}
	}
	return !c.gitDirGiven()
}

// setGitHead records that HEAD of the tree at dir is now rev.
func (c *cmd) setGitHead(dir, rev string) {
	if c.w.gitHead == nil {
		c.w.gitHead = map[string]string{}
	}
	c.w.gitHead[dir] = rev
}

// gitHeadMoves records what git reset --soft/--mixed REV (args after
// reset) does: HEAD moves to REV and the tree stays, so that a later
// stash, reset --hard or checkout -f of the command writes REV's files.
// A revision guard cannot tell moves HEAD where guard
// cannot follow: the refs are taken as moved. A pathspec form (reset --
// FILE, reset REV FILE) moves nothing but the index.
func (c *cmd) gitHeadMoves(args []word.Word, dir string) {
	if c.w.guessing > 0 || hasAny(args, "-p", "--patch") {
		return
	}
	ops := gitOperands(args, " --pathspec-from-file ")
	if len(ops) != 1 || hasDashes(args) || hasAny(args, "--pathspec-from-file") {
		return
	}
	rr, isRR := c.w.Files.(effect.RevReader)
	if !isRR {
		return
	}
	st := effect.RevUnknown
	if word.IsKnown(ops[0]) && word.IsKnown(dir) && c.repoAsOnDisk(dir) {
		_, st = rr.RevChanges(c.w.Where(dir), "HEAD", ops[0])
	}
	switch st {
	case effect.RevKnown:
		c.setGitHead(dir, ops[0])
	case effect.RevUnknown:
		c.w.gitRefs = true // HEAD moved where guard cannot follow
	} // RevNone: a path (git reset FILE), or no repository
}

// worktreeWrites records what git worktree add (args after worktree)
// writes in its new tree at dir: the files of the revision it checks out
// (its second operand, else the branch named after dir when one exists,
// else HEAD), those that may be protected, read from the objects; a
// revision guard cannot read hides the command.
func (c *cmd) worktreeWrites(args []word.Word, dir string) {
	if c.w.guessing > 0 {
		return
	}
	rr, isRR := c.w.Files.(effect.RevReader)
	if !isRR {
		return
	}
	ops := gitOperands(args[1:], " -b -B --orphan --reason ")
	if hasAny(args[1:], "--orphan") {
		return // an empty tree
	}
	if hasAny(args[1:], "--guess-remote") || !word.IsKnown(dir) || !c.repoAsOnDisk(".") {
		c.hideRev("worktree add")
		return
	}
	revs := []string{"HEAD"}
	if h, ok := c.w.gitHead["."]; ok {
		revs[0] = h
	}
	switch {
	case len(ops) > 1:
		revs = ops[1:2]
	case !hasAny(args[1:], "-b", "-B", "--detach", "-d"):
		revs = append(revs, "refs/heads/"+path.Base(dir)) // the branch named after the tree, when there is one
	}
	for _, rev := range revs {
		files, st := rr.RevFiles(c.w.Where("."), rev)
		switch {
		case st == effect.RevUnknown || !word.IsKnown(rev):
			c.hideRev("worktree add")
			return
		case st == effect.RevKnown:
			c.gitRevFiles(dir, files)
			c.newTreeLinks(".", dir, rev) // gitlinks.go
		}
	}
}

// gitDirGiven reports whether the command names the repository apart
// from its working tree (--git-dir, GIT_DIR, GIT_OBJECT_DIRECTORY,
// GIT_INDEX_FILE): the
// reader finds the repository from the tree, so it may read another one.
func (c *cmd) gitDirGiven() bool {
	for _, a := range c.args {
		if a.Text == "--git-dir" || strings.HasPrefix(a.Text, "--git-dir=") {
			return true
		}
	}
	for _, v := range []string{"GIT_DIR", "GIT_OBJECT_DIRECTORY", "GIT_COMMON_DIR", "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_INDEX_FILE"} {
		if _, ok := c.w.lookup(v); ok {
			return true
		}
	}
	return false
}

// gitRefKeepers are git's subcommands known to leave refs and objects as
// they are; any other, run earlier in the command (fetch, update-ref,
// branch -f, replace, an alias), may move what a later checkout reads.
const gitRefKeepers word.Set = " status log diff show ls-files ls-tree cat-file rev-parse describe grep blame shortlog " +
	"rev-list show-ref for-each-ref version help add rm mv restore clean config remote ls-remote diff-tree diff-index diff-files "

// gitMovesRefs records that git's subcommand sub may move refs or add
// objects (see gitRefKeepers); the tree-writing ones record their own.
func (c *cmd) gitMovesRefs(sub string) {
	if sub != "" && !strings.HasPrefix(sub, "-") && !gitRefKeepers.Has(sub) && !gitRevSubs.Has(sub) {
		c.w.gitRefs = true
	}
}

// gitRevision returns the revisions git's subcommand sub writes the tree
// from and to ("" from: HEAD; "" to: one guard cannot tell), or false
// when it writes none from a revision.
func gitRevision(sub string, args []word.Word) (from, to string, ok bool) {
	if hasAny(args, "--abort", "--quit", "--continue", "--skip", "-h", "--help") {
		return "", "", false
	}
	ops := revOperands(args, gitRevWithArg(sub))
	switch sub {
	case "checkout", "switch":
		if len(ops) == 0 && !hasDashes(args) && forced(args) {
			return "", "HEAD", true // git checkout -f: HEAD's files over the tree
		}
		if len(ops) == 0 {
			return "", "", false // git checkout -- FILE, git switch alone
		}
		if ops[0] == "-" {
			return "", "@{-1}", true // the branch or commit checked out before (gitobj)
		}
		return "", ops[0], true
	case "merge", "rebase", "reset", "read-tree":
		if onto, ok := rebaseOnto(sub, args); ok {
			return "", onto, true // git checks --onto's commit out and replays onto it
		}
		if len(ops) == 0 {
			if sub == "reset" {
				return "", "HEAD", true
			}
			return "", "@{u}", true // the upstream (gitobj reads what it tracks)
		}
		if len(ops) > 1 && sub != "rebase" {
			return "", "", true // an octopus merge, a three-way read-tree
		}
		return "", ops[0], true
	case "cherry-pick", "revert":
		parent, known := mainline(args)
		if len(ops) != 1 || strings.Contains(ops[0], "..") || !known {
			return "", "", true
		}
		if sub == "revert" {
			return ops[0], ops[0] + parent, true
		}
		return ops[0] + parent, ops[0], true
	case "stash":
		if len(args) == 0 || args[0].Text == "push" || args[0].Text == "save" || strings.HasPrefix(args[0].Text, "-") {
			return "", "HEAD", true // the changes saved, HEAD's files written back
		}
		rev := "refs/stash"
		if len(ops) > 1 && ops[0] != "branch" || len(ops) > 2 {
			rev = ops[len(ops)-1]
			if rev == "stash@{0}" {
				rev = "refs/stash"
			}
		}
		return rev + "~1", rev, true
	}
	return "", "", true // pull, am, checkout-index, a bisect step (git picks the commit): what they write is not read
}

// mainline returns the parent of the commit git cherry-pick or revert
// applies the difference from: ^N of -m N (--mainline N, -mN,
// --mainline=N, the last one given), else the first; false when guard
// cannot tell the number.
func mainline(args []word.Word) (string, bool) {
	n := "1"
	for j := 0; j < len(args) && args[j].Text != "--"; j++ {
		s := args[j].Text
		switch {
		case s == "-m" || s == "--mainline":
			if j++; j == len(args) {
				return "", false
			}
			n = args[j].Text
		case strings.HasPrefix(s, "--mainline="):
			n = s[len("--mainline="):]
		case strings.HasPrefix(s, "-m") && !strings.HasPrefix(s, "--"):
			n = s[2:]
		case len(s) > 2 && s[0] == '-' && s[1] != '-' && strings.ContainsRune(s, 'm'):
			return "", false // -nm 2: a cluster guard does not split
		default:
			continue
		}
		if n == "" || strings.Trim(n, "0123456789") != "" || len(n) > 3 {
			return "", false
		}
	}
	return "^" + n, true
}

// hasDashes reports whether args hold --, the end of the options.
func hasDashes(args []word.Word) bool {
	for _, a := range args {
		if a.Text == "--" {
			return true
		}
	}
	return false
}

// forced reports whether git checkout or switch is forced (-f, in a
// cluster too, --force, --discard-changes): it writes the target's files
// over every change.
func forced(args []word.Word) bool {
	for _, a := range args {
		s := a.Text
		if s == "--force" || s == "--discard-changes" || len(s) > 1 && s[0] == '-' && s[1] != '-' && strings.ContainsRune(s, 'f') {
			return true
		}
	}
	return false
}

// rebaseOnto returns the value of git rebase's --onto (--onto X,
// --onto=X, the last one given), before --.
func rebaseOnto(sub string, args []word.Word) (string, bool) {
	if sub != "rebase" {
		return "", false
	}
	onto, found := "", false
	for j := 0; j < len(args) && args[j].Text != "--"; j++ {
		if v, ok := strings.CutPrefix(args[j].Text, "--onto="); ok {
			onto, found = v, true
		} else if args[j].Text == "--onto" && j+1 < len(args) {
			onto, found = args[j+1].Text, true
			j++
		}
	}
	return onto, found
}

// revOperands returns the operands of args before --, skipping options
// and the values of those in withArg.
func revOperands(args []word.Word, withArg word.Set) []string {
	var ops []string
	for j := 0; j < len(args); j++ {
		s := args[j].Text
		switch {
		case s == "--":
			return ops
		case withArg.Has(s):
			j++
		case strings.HasPrefix(s, "-") && s != "-":
		default:
			ops = append(ops, s)
		}
	}
	return ops
}

// gitRevWithArg returns the options of sub that take the next word.
func gitRevWithArg(sub string) word.Set {
	switch sub {
	case "checkout", "switch":
		return checkoutWithArg
	case "merge":
		return " -m -F -s -X --strategy --strategy-option --file --into-name --cleanup "
	case "rebase":
		return " -s -X -x --exec --onto --strategy --strategy-option --empty "
	case "cherry-pick", "revert":
		return " -m --mainline -s -X --strategy --strategy-option --cleanup "
	case "read-tree":
		return " --index-output "
	}
	return ""
}

// bisectWrites records what git bisect (args after it) writes in the tree
// at dir: bisect start BAD GOOD... checks out one of the commits between
// them, each of which gets the check git checkout REV gets (the reader
// walks the range, bounded); a step of a bisection under way (good, bad,
// skip, reset…) checks out a commit guard cannot tell, and hides the
// command.
func (c *cmd) bisectWrites(args []word.Word, dir string) {
	rr, isRR := c.w.Files.(effect.RevReader)
	if !isRR {
		return // no reader: the analysis of text alone
	}
	br, isBR := rr.(effect.BisectReader)
	revs, ok := bisectStartRevs(args)
	if _, moved := c.w.gitHead[dir]; !ok || !isBR || moved || !word.IsKnown(dir) || !c.repoAsOnDisk(dir) {
		c.hideRev("bisect")
		return
	}
	commits, st := br.RevBisect(c.w.Where(dir), revs[0], revs[1:])
	switch st {
	case effect.RevNone:
		return // no repository: git writes nothing
	case effect.RevUnknown:
		c.hideRev("bisect")
		return
	}
	for _, id := range commits {
		if !c.revWrites("checkout", dir, "", id) {
			return
		}
		delete(c.w.gitHead, dir) // each compared with the HEAD the command started at
	}
	if len(commits) > 0 {
		c.w.gitRefs = true // HEAD is one of them, guard cannot tell which
	}
}

// bisectStartRevs returns the revisions of git bisect start (args after
// bisect), the bad one first, up to -- (pathspecs follow); false for
// another step, or a revision guard cannot tell.
func bisectStartRevs(args []word.Word) ([]string, bool) {
	if len(args) == 0 || args[0].Text != "start" {
		return nil, false
	}
	var revs []string
	for j := 1; j < len(args) && args[j].Text != "--"; j++ {
		s := args[j].Text
		switch {
		case bisectTermOpts.Has(s):
			j++
		case strings.HasPrefix(s, "-"):
		case !word.IsKnown(s):
			return nil, false
		default:
			revs = append(revs, s)
		}
	}
	return revs, len(revs) > 0
}

// bisectTermOpts are git bisect start's options that take a value.
const bisectTermOpts word.Set = " --term-new --term-old --term-bad --term-good "
