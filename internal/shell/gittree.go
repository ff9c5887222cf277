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
// --keep), pull, merge, rebase, cherry-pick, revert, am, stash pop (apply,
// branch), submodule update (add), bisect (a step that checks a revision
// out), sparse-checkout set (add, reapply, init, disable), read-tree -u
// and checkout-index the working tree, worktree add its new one. git apply's patches are read
// (gitfiles.go: their links are noted). Forms that change no file are not:
// creating a branch at HEAD (checkout -b x, switch -c x), restore --staged,
// reset without --hard, clone -n, --bare, --mirror.

// gitTreeWhy is the reason of a later write in a tree git wrote.
const gitTreeWhy = "git wrote a working tree from repository data"

// gitTree notes the working tree git's subcommand sub (at index at) writes
// from repository data as a place that may hold links guard cannot follow.
func (c *cmd) gitTree(sub string, at int) {
	tree, found := ".", true
	for j := 0; j < at; j++ {
		s := c.args[j].Text
		if v, ok := strings.CutPrefix(s, "--work-tree="); ok {
			tree, found = v, false
		} else if s == "--work-tree" && j+1 < at {
			tree, found = c.args[j+1].Text, false
		}
	}
	args := c.args[at+1:]
	dir, writes := tree, true
	switch sub {
	case "clone":
		dir, writes = cloneDir(args)
	case "checkout", "switch":
		writes = !branchAtHead(args)
	case "restore":
		writes = !hasAny(args, "--staged", "-S") || hasAny(args, "--worktree", "-W")
	case "reset":
		writes = hasAny(args, "--hard", "--merge", "--keep")
	case "stash":
		writes = len(args) > 0 && (args[0].Text == "pop" || args[0].Text == "apply" || args[0].Text == "branch")
	case "submodule":
		writes = len(args) > 0 && (args[0].Text == "update" || args[0].Text == "add")
		if writes {
			c.w.MayLink(dir, gitTreeWhy)
			c.submodulesChanged(args)
			return
		}
	case "bisect":
		writes = bisectChecksOut(args)
	case "sparse-checkout":
		writes = len(args) > 0 && (args[0].Text == "set" || args[0].Text == "add" || args[0].Text == "reapply" || args[0].Text == "init" || args[0].Text == "disable")
	case "read-tree":
		writes = hasAny(args, "-u")
	case "worktree":
		dir, writes = worktreeDir(args)
	case "pull", "merge", "rebase", "cherry-pick", "revert", "am", "checkout-index":
	default:
		return
	}
	if writes && dir != "" {
		c.w.MayLink(dir, gitTreeWhy)
		c.treeChanged(dir, found && dir == tree)
	}
}

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
// directory too. With a .gitmodules guard cannot read whole, every tree
// (the working directory's and those above) is changed.
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
			for _, line := range strings.Split(string(data), "\n") {
				k, v, ok := strings.Cut(strings.TrimSpace(line), "=")
				if ok && strings.TrimSpace(k) == "path" {
					c.w.Changed(c.w.Where(up + strings.Trim(strings.TrimSpace(v), `"`)))
				}
			}
			return
		}
		c.treeChanged(".", true) // one guard cannot read whole
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

// cloneWithArg are git clone's options that take the next word.
const cloneWithArg word.Set = " -o -b -u -c -j --origin --branch --upload-pack --config --depth --reference --reference-if-able --shallow-since --shallow-exclude --jobs --filter --server-option --bundle-uri --separate-git-dir --template "

// cloneDir returns the directory git clone fills (its second operand, or
// the repository's name from the first) and whether it checks a tree out
// there (not with -n, --no-checkout, --bare or --mirror).
func cloneDir(args []word.Word) (string, bool) {
	if hasAny(args, "-n", "--no-checkout", "--bare", "--mirror") {
		return "", false
	}
	ops := gitOperands(args, cloneWithArg)
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
