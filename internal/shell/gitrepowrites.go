package shell

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// What git writes into the repository itself: every subcommand that may
// update a reference or the index (any not in gitNoRefSubs, an alias
// included; not status and diff, whose index refresh keeps its entries)
// writes the git directory it uses (its index, objects, refs); git init
// without an operand makes one where it runs (.git, or the directory
// itself with --bare); git bugreport and diagnose without -o, and
// format-patch without -o, --output or --stdout, write their file where
// they run. Each is a write the write rules decide, so that a repository
// in a protected directory (git -C ~/.guard init, cd ~/.agent_a && git
// add -A) blocks as git init ~/.guard does; a project's .git/index is no
// protected file. The writes change no text guard reads later in the
// command (MetaOnly): git's own files, not the agent's.

// gitRepoWrites records what git's subcommand sub (args after it) writes
// into the repository or where it runs.
func (c *cmd) gitRepoWrites(sub string, args []word.Word) {
	if c.w.guessing > 0 || sub == "" || strings.HasPrefix(sub, "-") || hasAny(args, "-h", "--help") {
		return
	}
	meta := c.w.MetaOnly
	c.w.MetaOnly = true
	defer func() { c.w.MetaOnly = meta }()
	switch sub {
	case "mv":
		c.gitMoves(args)
		return
	case "init":
		if p := gitNewParse(sub, args); len(c.gitDirsNamed()) == 0 {
			dir := ""
			if len(p.ops) > 0 {
				dir = strings.TrimSuffix(p.ops[0], "/") + "/" // git init D: D's (FINDINGS50a F7)
			}
			if p.bare {
				c.w.Write(dir + "HEAD")
			} else {
				c.w.Write(dir + ".git/HEAD")
			}
		}
		return
	case "bugreport", "diagnose":
		if !gitOptGiven(args, "-o", "--output-directory") {
			c.w.Write("git-" + sub + "-….txt")
		}
		return
	case "format-patch":
		if !gitOptGiven(args, "-o", "--output-directory", "--output", "--stdout") {
			c.w.Write("0001-….patch")
		}
		return
	case "clone", "status", "diff":
		return
	}
	if gitNoRefSubs.Has(sub) {
		return
	}
	if d, ok := c.gitDirUsed(); ok {
		writes := c.w.WriteList
		at := 0
		if writes != nil {
			at = len(*writes)
		}
		c.w.Write(path.Join(d, "index"))
		if writes != nil && at <= len(*writes) {
			// Git's own index: no ignore rule (ignoresWritten).
			c.w.gitOwnWrites = append(c.w.gitOwnWrites, (*writes)[at:]...)
		}
	}
}

// gitDirUsed returns the git directory git uses (as named from the
// walker's directory): the one --git-dir or GIT_DIR names, else .git in
// the nearest directory up that holds one, else the nearest that is a git
// directory itself (a bare repository); false for none guard finds.
func (c *cmd) gitDirUsed() (string, bool) {
	if named := c.gitDirsNamed(); len(named) > 0 {
		return named[0], word.IsKnown(named[0])
	}
	d, _, ok := c.gitDirDiscovered()
	return d, ok
}

// gitDirDiscovered returns the git directory git discovers from the
// walker's directory (see gitDirUsed), with what is there (a directory, or
// a .git file or link naming one); false for none guard finds.
func (c *cmd) gitDirDiscovered() (string, effect.EntryKind, bool) {
	st, ok := c.w.Files.(effect.Stater)
	if !ok || !word.IsKnown(c.w.Dir) {
		return "", 0, false
	}
	up := "."
	for range maxRepoDepth {
		switch k := c.dotGitKind(st, path.Join(up, ".git")); k {
		case effect.EntryDir, effect.EntryFile, effect.EntryLink:
			return path.Join(up, ".git"), k, true
		case effect.EntryUnknown:
			return "", 0, false
		}
		if valid, _ := c.gitDirValid(st, up); valid {
			return up, effect.EntryDir, true
		}
		if c.w.Where(up) == "/" {
			return "", 0, false
		}
		up = path.Join(up, "..")
	}
	return "", 0, false
}

// gitDirAsFound reports whether v, a value in git's environment, is
// GIT_DIR (or --git-dir) naming the very git directory git would discover
// without it (git --git-dir=.git log): it moves nothing, so it is no write
// of that directory's configuration, which git reads as it always does
// (gitDirConfigs). Not for init and clone, which make one, nor where the
// work tree is the same directory.
func (c *cmd) gitDirAsFound(v string) bool {
	if c.name != "git" || !word.IsKnown(v) {
		return false
	}
	if sub, _ := gitSubcommand(c.args); sub == "" || gitNoSetup.Has(sub) {
		return false
	}
	named := c.gitDirsNamed()
	if len(named) == 0 {
		return false
	}
	for _, n := range named {
		if n != v {
			return false // two git directories named: not this one alone
		}
	}
	seen := 0
	for _, e := range c.env {
		if word.Clean(e) == word.Clean(v) {
			seen++
		}
	}
	if seen > 1 {
		return false // GIT_DIR=.git GIT_WORK_TREE=.git: the work tree too
	}
	if t, ok := c.gitWorkTreeGiven(); !ok || t == v {
		return false
	}
	d, k, ok := c.gitDirDiscovered()
	return ok && k == effect.EntryDir && word.Clean(c.w.Where(d)) == word.Clean(c.w.Where(v))
}

// gitWorkTreeGiven returns the work tree --work-tree or GIT_WORK_TREE
// names ("" for none); false when guard cannot tell it.
func (c *cmd) gitWorkTreeGiven() (string, bool) {
	t := ""
	if w, ok := c.w.lookup("GIT_WORK_TREE"); ok {
		t = w
	}
	for j, a := range c.args {
		switch {
		case a.Text == "--work-tree" && j+1 < len(c.args):
			t = c.args[j+1].Text
		case strings.HasPrefix(a.Text, "--work-tree="):
			t = strings.TrimPrefix(a.Text, "--work-tree=")
		case !strings.HasPrefix(a.Text, "-"):
			return t, word.IsKnown(t)
		}
	}
	return t, word.IsKnown(t)
}

// gitOptGiven reports whether args (before --) hold one of opts, as
// itself, with =VALUE, or (a short one) with its value joined (-oDIR).
func gitOptGiven(args []word.Word, opts ...string) bool {
	for _, a := range args {
		if a.Text == "--" {
			return false
		}
		for _, o := range opts {
			if a.Text == o || strings.HasPrefix(a.Text, o+"=") || len(o) == 2 && strings.HasPrefix(a.Text, o) {
				return true
			}
		}
	}
	return false
}

// gitMoves records git mv SRC DST as mv's rename: the source is gone from
// where it was (its text unchanged), the destination, or DST/SRC's name
// when DST is a directory, holds the source's text whole. Several sources
// (into a directory) or words guard cannot read are left to the touches.
func (c *cmd) gitMoves(args []word.Word) {
	ops := gitOperands(args, "")
	if len(ops) != 2 || !word.IsKnown(ops[0]) || !word.IsKnown(ops[1]) {
		return
	}
	src, dst := ops[0], ops[1]
	c.w.Write(src)
	c.w.Copied(dst, src)
	c.w.Copied(path.Join(dst, path.Base(src)), src)
}
