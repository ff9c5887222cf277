package shell

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// Links git writes: a repository's tree may hold symbolic links (a link
// ../../.bashrc in any public repository), and the programs that write a
// working tree from repository data make them as the tree says, where
// guard cannot see them before they exist. Like an extracted archive's
// directory (links.go), the tree they write is a place where a later write
// of the same command may go through a link to a protected file: git clone
// its new directory, checkout, switch, restore, reset --hard (--merge,
// --keep), pull, merge, rebase, cherry-pick, revert, am, stash (push, save,
// pop, apply, branch), submodule update (add), bisect (a step that checks a revision
// out), sparse-checkout set (add, reapply, init, disable), read-tree -u
// (-um) and checkout-index the working tree, worktree add its new one;
// and, default deny, every subcommand not known to leave the tree alone
// (gitKeepsTree: an alias, git lfs pull, subtree, filter-repo, svn, p4,
// annex). git apply's patches are read (gitfiles.go: their links are
// noted); what it and merge-file write is changed text all the same.
// Forms that change no file are not:
// creating a branch at HEAD (checkout -b x, switch -c x), restore --staged,
// reset without --hard, clone -n, --bare, --mirror.

// gitTreeWhy is the reason of a later write in a tree git wrote.
const gitTreeWhy = "git wrote a working tree from repository data"

// gitTree notes the working tree git's subcommand sub (at index at) writes
// from repository data as a place that may hold links guard cannot follow.
func (c *cmd) gitTree(sub string, at int) {
	tree, found := c.gitWorkTreeUsed(at) // at -1: no subcommand (a bare git)
	args := c.args[at+1:]
	defer c.gitMovesRefs(sub)              // gitrevs.go
	defer c.gitMovesIndex(sub, args, tree) // gitindex.go
	dir, writes, done := c.gitTreeSub(sub, args, tree, found)
	if done || !writes || dir == "" {
		return
	}
	c.treeWritten(sub, args, dir, tree, found)
}

// gitWorkTreeUsed returns the work tree git uses for the command (at:
// its subcommand's index, -1 for none), as named from the walker's
// directory: --work-tree's, else GIT_WORK_TREE's, else -c core.worktree's
// (a directory relative to the git directory: one guard does not name),
// else core.worktree of the git directory's configuration (gitCfgTree,
// gitWorkTreeSet); "." and found when git finds it itself from where it
// runs. Every consumer (the tree a checkout writes, the tree git add
// reads) takes it from here.
func (c *cmd) gitWorkTreeUsed(at int) (tree string, found bool) {
	tree, found = workTree(c.args[:max(at, 0)])
	if !found {
		return tree, false
	}
	if v, ok := c.w.lookup("GIT_WORK_TREE"); ok {
		return v, false
	} else if _, set := c.w.varMap()["GIT_WORK_TREE"]; set {
		return word.Mark(word.MarkVar, "GIT_WORK_TREE"), false
	}
	for j := 0; j < at; j++ {
		if s := strings.ToLower(c.args[j].Text); strings.HasPrefix(s, "core.worktree") || !word.IsKnown(s) && c.args[j-min(j, 1)].Text == "-c" {
			return word.Mark(word.MarkVar, "core.worktree"), false
		}
	}
	if c.gitCfgTree != "" {
		return c.gitCfgTree, false // core.worktree (gitdirs.go)
	}
	return tree, true
}

// workTree returns the working tree git's options before its subcommand
// name (--work-tree): "." and found, git finds it from the directory the
// command runs in, when none does.
func workTree(opts []word.Word) (tree string, found bool) {
	tree, found = ".", true
	for j := range opts {
		s := opts[j].Text
		if v, ok := strings.CutPrefix(s, "--work-tree="); ok {
			tree, found = v, false
		} else if s == "--work-tree" && j+1 < len(opts) {
			tree, found = opts[j+1].Text, false
		}
	}
	return tree, found
}

// gitTreeSub says whether subcommand sub with args writes the working
// tree and which (dir); done when it noted all it does itself (submodule
// update, apply).
func (c *cmd) gitTreeSub(sub string, args []word.Word, tree string, found bool) (dir string, writes, done bool) {
	dir, writes = tree, true
	switch sub {
	case "clone":
		dir, writes = cloneDir(args)
		if ops := gitNewParse(sub, args).ops; len(ops) >= 2 {
			// The directory it creates and fills, checked out or bare: a
			// write, so that a clone into a hidden directory of the home
			// (a plugin directory a tool runs from) meets the write rules.
			c.w.WriteDir(ops[1])
		}
		if p := gitNewParse(sub, args); writes && len(p.ops) > 0 && !strings.Contains(p.ops[0], ":") {
			c.newTreeLinks(p.ops[0], dir, p.branch) // a local repository: its links (gitlinks.go)
		}
	case "checkout", "switch":
		if writes = !branchAtHead(args); writes && sub == "checkout" {
			c.gitPathspecs(sub, args, tree) // gitindex.go
		}
	case "restore":
		if writes = !hasAny(args, "--staged", "-S") || hasAny(args, "--worktree", "-W"); writes {
			c.gitPathspecs(sub, args, tree) // gitindex.go
		}
	case "reset":
		if writes = hasAny(args, "--hard", "--merge", "--keep"); !writes {
			c.gitHeadMoves(args, tree) // gitrevs.go: reset --soft/--mixed REV
		}
	case "stash":
		if writes = stashWrites(args); writes {
			c.stashRemoves(args, dir)
		}
	case "submodule":
		writes = len(args) > 0 && (args[0].Text == "update" || args[0].Text == "add")
		if writes {
			c.w.MayLink(dir, gitTreeWhy)
			c.submodulesChanged(args)
			return dir, true, true
		}
	case "bisect":
		writes = bisectChecksOut(args)
	case "sparse-checkout":
		if writes = len(args) > 0 && (args[0].Text == "set" || args[0].Text == "add" || args[0].Text == "reapply" || args[0].Text == "init" || args[0].Text == "disable"); writes {
			c.gitPathspecs(sub, args, tree) // gitindex.go
		}
	case "read-tree":
		writes = hasShort(args, 'u') // -u, and in a cluster: -um (output.go)
	case "worktree":
		if dir, writes = worktreeDir(args); writes {
			c.worktreeWrites(args, dir) // gitrevs.go
		}
	case "apply", "merge-file":
		c.gitRewrites(sub, args, tree, found)
		return dir, writes, true // their links: the patch's (gitfiles.go); merge-file's one file
	case "pull", "merge", "rebase", "cherry-pick", "revert", "am", "checkout-index":
	default:
		// Default deny: a subcommand not known to leave the working
		// tree alone (an alias, lfs, subtree, filter-repo, svn, p4,
		// annex…) may rewrite it.
		if writes = !gitKeepsTree(sub, args); writes {
			c.absoluteTrees(gitOperands(args, ""), gitTreeWhy) // git svn clone URL /srv/w
		}
	}
	return dir, writes, false
}

// treeWritten notes the working tree dir git's subcommand sub writes: a
// write of the directory where guard must see one, the revisions it
// reads, and a place that may hold links guard cannot follow.
func (c *cmd) treeWritten(sub string, args []word.Word, dir, tree string, found bool) {
	// A -C or cd back to the directory the command starts in (git
	// -C . checkout, cd sub && cd .. && git pull) is git run there.
	moved := c.w.Dir != "" && word.Clean(c.w.Dir) != "."
	if c.w.guessing == 0 && (dir != "." || !found || moved) {
		// The tree's files are written: a tree in a hidden directory
		// of the home (git -C ~/.pyenv/plugins/x pull, cd ~ && git
		// pull in a dotfiles repository) meets the write rules.
		// Not the tree git finds from the directory
		// the command starts in: the agent's own (a project); nor a
		// remote one (ssh HOST 'cd /srv/app && git pull').
		c.w.Linking = true // git's own rewrite, not a write through a link it made
		c.w.WriteDir(dir)
		c.w.Linking = false
	}
	if gitRevSubs.Has(sub) {
		c.gitRevWrites(sub, args, dir) // gitrevs.go
	}
	c.w.MayLink(dir, gitTreeWhy)
	c.treeChanged(dir, found && dir == tree)
}

// gitRevSubs are the subcommands whose tree gitRevWrites reads from the
// revision they write.
const gitRevSubs word.Set = " checkout switch merge rebase reset read-tree cherry-pick revert stash pull am checkout-index bisect "

// treeChanged records that the files of the working tree at dir now hold
// the revisions' text, not what guard reads on disk: a script of the tree
// run later in the command is hidden, as after an extraction (git checkout
// evil && sh run.sh). When git finds the tree itself (no --work-tree), its
// top may be any directory above dir: each, up to maxRepoDepth, is changed
// (cd sub && git checkout evil && sh ../run.sh).
func (c *cmd) treeChanged(dir string, found bool) {
	if c.w.guessing > 0 {
		return // text only guessed to be a command (ssh HOST 'git pull && make'): its files are not here
	}
	d := c.w.Where(dir)
	c.w.Changed(d)
	if !found || strings.HasPrefix(d, "/") {
		return // an absolute top: its files are named by that path
	}
	// The ledger's "." stands for every relative path (../ included).
	for i := 0; i < maxRepoDepth && d != "."; i++ {
		d = path.Join(d, "..")
		c.w.Changed(d)
	}
}

// maxGitmodules bounds the bytes of .gitmodules guard reads.
const maxGitmodules = 64 << 10

// submodulesChanged records what git submodule update (add) writes: the
// submodules' trees, which .gitmodules lists (path = DIR), in the
// repository's top (the working directory or one above it); add's own
// directory too. With a .gitmodules guard cannot read whole or as git
// does, every tree (the working directory's and those above) is changed.
func (c *cmd) submodulesChanged(args []word.Word) {
	if c.w.guessing > 0 {
		return
	}
	if args[0].Text == "add" {
		if ops := gitOperands(args[1:], " -b --branch --name --reference --depth "); len(ops) >= 2 {
			c.w.Changed(c.w.Where(ops[1]))
		}
	}
	if c.w.Files == nil {
		return
	}
	up := ""
	for range maxRepoDepth {
		data, st := c.w.Files.ReadFile(c.w.Where(up+".gitmodules"), maxGitmodules)
		switch st {
		case effect.FileAbsent:
			up += "../"
			continue
		case effect.FileWhole:
			if settings, err := gitSettings(string(data)); err == nil {
				for _, kv := range settings {
					if strings.HasPrefix(kv[0], "submodule.") && strings.HasSuffix(kv[0], ".path") {
						c.w.Changed(c.w.Where(up + kv[1]))
					}
				}
				return
			}
		}
		c.treeChanged(".", true) // one guard cannot read whole or as git does
		return
	}
	// None: git submodule update has no submodule to write.
}

// hasAny reports whether one of args, before --, is one of opts.
func hasAny(args []word.Word, opts ...string) bool {
	for _, a := range args {
		if a.Text == "--" {
			return false
		}
		for _, o := range opts {
			if a.Text == o {
				return true
			}
		}
	}
	return false
}

// gitOperands returns the operands of a git subcommand's args (index 0 is
// the first word after the subcommand), skipping the options and the
// values of those in withArg.
func gitOperands(args []word.Word, withArg word.Set) []string {
	var ops []string
	for j := 0; j < len(args); j++ {
		s := args[j].Text
		switch {
		case s == "--":
			for _, a := range args[j+1:] {
				ops = append(ops, a.Text)
			}
			return ops
		case withArg.Has(s):
			j++
		case strings.HasPrefix(s, "-"):
		default:
			ops = append(ops, s)
		}
	}
	return ops
}

// branchAtHead reports whether git checkout or switch only makes (or
// moves to) a branch at HEAD, changing no file: -b/-B/-c/-C/--orphan NAME
// and no start point or path after it.
func branchAtHead(args []word.Word) bool {
	for j, a := range args {
		switch a.Text {
		case "-b", "-B", "-c", "-C", "--create", "--force-create", "--orphan":
			return len(gitOperands(args[j+1:], checkoutWithArg)) <= 1
		}
	}
	return false
}

// checkoutWithArg are the options of git checkout and switch that take
// the next word.
const checkoutWithArg word.Set = " -b -B -c -C --create --force-create --orphan --conflict --pathspec-from-file "

// cloneDir returns the directory git clone fills (its second operand, or
// the repository's name from the first) and whether it checks a tree out
// there (not with -n, --no-checkout, --bare or --mirror).
func cloneDir(args []word.Word) (string, bool) {
	p := gitNewParse("clone", args)
	if !p.checkout {
		return "", false
	}
	ops := p.ops
	switch {
	case len(ops) >= 2:
		return ops[1], true
	case len(ops) == 0:
		return "", false
	}
	name := strings.TrimSuffix(strings.TrimRight(ops[0], "/"), "/.git")
	name = strings.TrimSuffix(name, ".git")
	if i := strings.LastIndexAny(name, "/:"); i >= 0 {
		name = name[i+1:]
	}
	if name == "" || !word.IsKnown(name) {
		return ".", true // a name guard cannot tell: anywhere here
	}
	return name, true
}

// worktreeDir returns the directory git worktree add checks a tree out in.
func worktreeDir(args []word.Word) (string, bool) {
	if len(args) == 0 || args[0].Text != "add" {
		return "", false
	}
	if hasAny(args[1:], "--no-checkout") {
		return "", false
	}
	ops := gitOperands(args[1:], " -b -B --orphan --reason ")
	if len(ops) == 0 {
		return "", false
	}
	return ops[0], true
}

// stashWrites reports whether git stash (args after it) writes the
// working tree: pop, apply and branch the stash's files; push, save and
// the bare form (options only) HEAD's files back over the changes.
func stashWrites(args []word.Word) bool {
	if len(args) == 0 || strings.HasPrefix(args[0].Text, "-") {
		return true
	}
	switch args[0].Text {
	case "pop", "apply", "branch", "push", "save":
		return true
	}
	return false // list, show, drop, clear, create, store
}

// stashRemoves records what git stash push -u/-a (save, the bare form;
// args after stash) removes: the untracked files (with -a the ignored
// ones too) it saved, which git clean -f would remove, under each
// pathspec, else under the whole tree from its top (the project's
// untracked .agent_b/hooks.json among them). Each entry the top holds but
// .git is removed as a directory (WriteTree), so that the write rules
// decide what it holds; a top guard cannot list hides the command.
func (c *cmd) stashRemoves(args []word.Word, dir string) {
	if c.w.guessing > 0 || len(args) > 0 && !strings.HasPrefix(args[0].Text, "-") && args[0].Text != "push" && args[0].Text != "save" {
		return
	}
	if !gitWholeTree("stash", word.Texts(args)) {
		return
	}
	specs := stashPathspecs(args)
	c.inDir(effect.Under(c.w.Dir, dir), func() {
		for _, p := range specs {
			switch {
			case strings.HasPrefix(p, ":") || strings.ContainsAny(p, "*?["):
				specs = nil // magic, a glob: the whole tree
			case word.Clean(p) == ".":
				c.removeEntries(".")
			default:
				c.w.WriteTree(p)
			}
		}
		if len(specs) > 0 {
			return
		}
		if top := c.gitTop(); top != "" {
			c.inDir(top, func() { c.removeEntries(".") })
		} // else no repository: git stash fails
	})
}

// removeEntries records the removal of everything directory d (the
// tree's top, or a pathspec .) holds but .git, each a tree (WriteTree)
// the write rules decide; a directory guard cannot list hides the
// command.
func (c *cmd) removeEntries(d string) {
	names, ok := c.w.Tree(d, 1)
	if !ok || !word.IsKnown(c.w.Dir) {
		c.w.hide("git stash -u/-a removes the untracked files of a working tree guard cannot list, which may hold the project's hook files")
		return
	}
	for _, n := range names {
		if n = strings.TrimSuffix(n, "/"); n != ".git" {
			c.w.WriteTree(path.Join(d, n))
		}
	}
}

// stashPathspecs returns the pathspecs of git stash push (args after
// stash): its operands after the subcommand and the options (the bare
// form's after --). save's words are its message.
func stashPathspecs(args []word.Word) []string {
	switch {
	case len(args) == 0 || args[0].Text == "save":
		return nil
	case args[0].Text == "push":
		args = args[1:]
	}
	return gitOperands(args, " -m --message --pathspec-from-file ")
}

// bisectChecksOut reports whether git bisect's step checks a revision out:
// start with revisions, good, bad, new, old, skip, reset, replay, run; not
// start alone, log, visualize, view, terms.
func bisectChecksOut(args []word.Word) bool {
	if len(args) == 0 {
		return false
	}
	switch args[0].Text {
	case "start":
		return len(gitOperands(args[1:], " --term-new --term-old --term-bad --term-good ")) > 0
	case "log", "visualize", "view", "terms", "help":
		return false
	}
	return true
}

// gitRewrites records what git apply and git merge-file change: apply
// (any form that applies: a patch read or not, -3, from standard input)
// the working tree, unless it only checks or counts (--check, --stat,
// --numstat, --summary without --apply) or writes the index alone
// (--cached); merge-file its first file, unless it prints (-p, --stdout).
func (c *cmd) gitRewrites(sub string, args []word.Word, tree string, found bool) {
	if sub == "merge-file" {
		if hasAny(args, "-p", "--stdout") {
			return
		}
		if ops := gitOperands(args, " -L --marker-size --diff-algorithm "); len(ops) > 0 && word.IsKnown(ops[0]) {
			c.w.Changed(c.w.Where(path.Join(tree, ops[0])))
			return
		}
		c.treeChanged(tree, found) // a file guard cannot tell
		return
	}
	if hasAny(args, "--cached") && !hasAny(args, "--index", "-3", "--3way") ||
		hasAny(args, "--check", "--stat", "--numstat", "--summary") && !hasAny(args, "--apply") {
		return
	}
	c.treeChanged(tree, found)
}

// gitTreeKeepers are git's subcommands known to leave the working tree's
// files as they are (they read it, write the index, refs or objects, or
// delete files); those that rewrite it have their own case in gitTree, and
// any other (an alias, an external git-NAME) is taken to rewrite it.
const gitTreeKeepers word.Set = " add annotate archive blame branch bugreport bundle cat-file check-attr check-ignore " +
	"check-mailmap check-ref-format cherry clean column commit commit-graph commit-tree config count-objects " +
	"credential credential-cache credential-store daemon describe diagnose diff diff-files diff-index diff-tree " +
	"difftool fast-export fast-import fetch fetch-pack fmt-merge-msg for-each-ref for-each-repo format-patch fsck " +
	"gc get-tar-commit-id grep hash-object help index-pack init instaweb interpret-trailers log ls-files ls-remote " +
	"ls-tree mailinfo mailsplit maintenance merge-base merge-tree mktag mktree multi-pack-index name-rev notes " +
	"pack-objects pack-redundant pack-refs prune prune-packed push range-diff reflog remote repack replace " +
	"request-pull rev-list rev-parse rm send-email send-pack shortlog show show-branch show-index show-ref " +
	"status stripspace symbolic-ref tag unpack-objects update-index update-ref update-server-info var " +
	"verify-commit verify-pack verify-tag version whatchanged write-tree "

// gitKeepsTree reports whether git's subcommand sub (args after it) is
// known to leave the working tree's files as they are: one of
// gitTreeKeepers, no subcommand (git --version), or an external command's
// step known to read only (git lfs ls-files, subtree split, filter-repo
// --analyze, svn log, annex whereis).
func gitKeepsTree(sub string, args []word.Word) bool {
	if sub == "" || strings.HasPrefix(sub, "-") || gitTreeKeepers.Has(sub) {
		return true
	}
	step := ""
	if ops := gitOperands(args, ""); len(ops) > 0 {
		step = ops[0]
	}
	switch sub {
	case "lfs":
		return word.Set(" env version status ls-files track untrack locks lock unlock fetch push logs fsck prune pointer help ext install uninstall ").Has(step)
	case "subtree":
		return step == "split" || step == "push"
	case "filter-repo":
		return hasAny(args, "--analyze")
	case "svn":
		return word.Set(" fetch log info blame find-rev show-ignore show-externals propget proplist branch tag gc init help ").Has(step)
	case "annex":
		return word.Set(" status info whereis list find version log help init describe ").Has(step)
	}
	return false
}
