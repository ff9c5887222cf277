package shell

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// The files git writes from a revision (review 7 F15): checkout REV,
// switch REV, merge REV, rebase UPSTREAM, reset --hard REV, read-tree -u
// REV write the paths where REV's tree differs from HEAD's; cherry-pick
// REV those where REV differs from its parent, revert REV the same in the
// other direction, stash pop (apply, branch) those where the stash differs
// from the commit it was made on. Each is a write, so that the write rules
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
	from, to, ok := gitRevision(sub, args)
	if !ok {
		return // no revision written (a branch at HEAD, --abort, a pathspec form)
	}
	head, moved := c.w.gitHead[dir]
	if from == "" && moved {
		from = head // git checkout a && git checkout b: from a
	}
	if moved && to == "@{u}" {
		to = "" // the upstream of the branch checked out before: its config is not read
	}
	gd, wrote := path.Clean(c.w.Where(path.Join(dir, ".git"))), false
	for _, f := range c.w.Written {
		below := strings.HasPrefix(f.Path, gd+"/")
		wrote = wrote || f.Path == gd || below
	}
	fresh := !c.w.gitRefs && !wrote && !c.gitDirGiven() // a .git the command made (cp -r x/.git .) is not what is on disk
	rr, isRR := c.w.Files.(effect.RevReader)
	if !isRR {
		return // no reader: the analysis of text alone
	}
	var paths []string
	st := effect.RevUnknown
	if to != "" && word.IsKnown(to) && (from == "" || word.IsKnown(from)) && word.IsKnown(dir) && fresh {
		if from == "" {
			from = "HEAD"
		}
		paths, st = rr.RevChanges(c.w.Where(dir), from, to)
	} else if _, st = rr.RevChanges(c.w.Where(dir), "HEAD", "HEAD"); st == effect.RevKnown {
		st = effect.RevUnknown // in a repository: the revision is unknown
	}
	switch st {
	case effect.RevKnown:
		if sub == "checkout" || sub == "switch" || sub == "reset" || sub == "read-tree" {
			if c.w.gitHead == nil {
				c.w.gitHead = map[string]string{}
			}
			c.w.gitHead[dir] = to
		} else {
			c.w.gitRefs = true // a merge, a cherry-pick: a commit guard does not know
		}
		for _, p := range paths {
			c.w.Write(path.Join(dir, p))
		}
	case effect.RevUnknown:
		next := "git " + sub
		if sub == "pull" {
			next = "git merge (or rebase) of what it fetched"
		}
		if sub == "bisect" {
			c.w.hide("git bisect writes the working tree from a revision guard cannot read (the commit git picks between the good and the bad ones), which may hold the project's hook files")
			return
		}
		c.w.hide("git %s writes the working tree from a revision guard cannot read (fetched or moved by the same command, a name guard cannot resolve, another repository's, past its bounds), which may hold the project's hook files; run git fetch first, then %s in a separate call", sub, next)
	}
}

// gitDirGiven reports whether the command names the repository apart
// from its working tree (--git-dir, GIT_DIR, GIT_OBJECT_DIRECTORY): the
// reader finds the repository from the tree, so it may read another one.
func (c *cmd) gitDirGiven() bool {
	for _, a := range c.args {
		if a.Text == "--git-dir" || strings.HasPrefix(a.Text, "--git-dir=") {
			return true
		}
	}
	for _, v := range []string{"GIT_DIR", "GIT_OBJECT_DIRECTORY", "GIT_COMMON_DIR", "GIT_ALTERNATE_OBJECT_DIRECTORIES"} {
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
		if len(ops) == 0 {
			return "", "", false // git checkout -- FILE, git switch alone
		}
		if ops[0] == "-" {
			return "", "", true
		}
		return "", ops[0], true
	case "merge", "rebase", "reset", "read-tree":
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
		if len(ops) != 1 || strings.Contains(ops[0], "..") {
			return "", "", true
		}
		if sub == "revert" {
			return ops[0], ops[0] + "~1", true
		}
		return ops[0] + "~1", ops[0], true
	case "stash":
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
