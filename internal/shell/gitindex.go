package shell

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// What git writes from the index: git checkout -- PATH…
// (and PATH… alone when its first operand is no revision) and git restore
// PATH… write the index's files under the pathspecs, git sparse-checkout
// (set, add, reapply, init, disable) any of them, git restore
// --source=REV (--staged --worktree: HEAD) REV's. The index need not hold
// HEAD's tree (git read-tree REV, reset REV, update-index --cacheinfo, in
// this call or an earlier one), so what is written is read from the index
// itself: its files that may be protected, under the pathspecs (a pattern
// or magic names them all), that the disk does not hold as the index does.

// gitPathspecs records what git's checkout or restore (args after it)
// writes from the index or a source revision into the tree at dir.
func (c *cmd) gitPathspecs(sub string, args []word.Word, dir string) {
	if c.w.guessing > 0 {
		return
	}
	rr, isRR := c.w.Files.(effect.RevReader)
	if !isRR {
		return
	}
	source, specs, ok := c.pathspecSource(rr, sub, args, dir)
	if !ok {
		return // a revision's checkout, read by gitRevWrites
	}
	for _, s := range specs {
		if word.IsKnown(s) && !strings.HasPrefix(s, ":") && !strings.ContainsAny(s, `*?[\`) {
			c.w.Replaced(c.w.Where(s)) // the source's text whole, not an edit of the file's
		}
	}
	moved, sources := c.w.gitRefs, []string{source} // a revision: refs an earlier git subcommand may have moved
	if source == effect.RevIndex {
		moved, sources = c.w.gitIndex, append(sources, c.w.gitIndexRevs...)
	}
	if moved || !word.IsKnown(source) || !word.IsKnown(dir) || !c.gitDirAsOnDisk(dir) {
		if _, st := rr.RevChanges(c.w.Where(dir), "HEAD", "HEAD"); st == effect.RevNone {
			return // no repository: nothing to write from
		}
		c.w.hide("git %s writes files from the index or a revision that an earlier part of the command changed or guard cannot tell, which may hold the project's hook files; run it in a separate call", sub)
		return
	}
	for _, src := range sources {
		files, st := rr.RevOnDisk(c.w.Where(dir), src)
		switch st {
		case effect.RevUnknown:
			c.hideRev(sub)
			return
		case effect.RevKnown:
			var kept []string
			for _, f := range files {
				if specsName(specs, f) {
					kept = append(kept, f)
				}
			}
			c.gitRevFiles(dir, kept)
			c.revLinks(sub, dir, src, specs, true) // gitlinks.go
		}
	}
}

// pathspecSource returns where git's checkout or restore takes the files
// it writes (effect.RevIndex for the index) and its pathspecs (nil: any
// file, --pathspec-from-file); false for a checkout of a revision.
func (c *cmd) pathspecSource(rr effect.RevReader, sub string, args []word.Word, dir string) (string, []string, bool) {
	if sub == "sparse-checkout" {
		return effect.RevIndex, nil, true // the index's files it leaves or puts back
	}
	if sub == "restore" {
		source := effect.RevIndex
		if hasAny(args, "--staged", "-S") {
			source = "HEAD"
		}
		for j := 0; j < len(args) && args[j].Text != "--"; j++ {
			if v, ok := strings.CutPrefix(args[j].Text, "--source="); ok {
				source = v
			} else if (args[j].Text == "-s" || args[j].Text == "--source") && j+1 < len(args) {
				source = args[j+1].Text
			} else if v, ok := strings.CutPrefix(args[j].Text, "-s"); ok && v != "" && !strings.HasPrefix(v, "-") {
				source = v
			}
		}
		if h, moved := c.w.gitHead[dir]; moved && source == "HEAD" {
			source = h
		}
		return source, pathspecList(args, gitOperands(args, " -s --source --pathspec-from-file --conflict ")), true
	}
	ops := revOperands(args, checkoutWithArg)
	after, dashes := []string(nil), false
	for j, a := range args {
		if a.Text == "--" {
			dashes = true
			for _, b := range args[j+1:] {
				after = append(after, b.Text)
			}
			break
		}
	}
	switch {
	case dashes && len(ops) == 0:
		return effect.RevIndex, pathspecList(args, after), true
	case dashes || len(ops) == 0:
		return "", nil, false
	}
	if _, st := rr.RevChanges(c.w.Where(dir), "HEAD", ops[0]); st != effect.RevNone || !word.IsKnown(ops[0]) {
		return "", nil, false // a revision (or none guard can read: gitRevWrites hides it)
	}
	return effect.RevIndex, pathspecList(args, ops), true // git checkout PATH…
}

// pathspecList returns specs, or nil (any file) when the pathspecs come
// from a file.
func pathspecList(args []word.Word, specs []string) []string {
	if hasAny(args, "--pathspec-from-file") || len(specs) == 0 {
		return nil
	}
	for _, a := range args {
		if strings.HasPrefix(a.Text, "--pathspec-from-file=") {
			return nil
		}
	}
	return specs
}

// specsName reports whether one of the pathspecs may name file p (both
// relative to the working directory): the file itself or a directory
// above it; a pattern, magic (:(glob), :!, :/) or a word guard cannot
// tell names any; nil specs name every file.
func specsName(specs []string, p string) bool {
	if specs == nil {
		return true
	}
	for _, s := range specs {
		if s == "" || strings.HasPrefix(s, ":") || strings.HasPrefix(s, "/") || strings.ContainsAny(s, `*?[\`) || !word.IsKnown(s) {
			return true
		}
		s = word.Clean(s)
		if s == "." || p == s || strings.HasPrefix(p, s+"/") || strings.HasPrefix(s, "..") {
			return true
		}
	}
	return false
}

// gitIndexKeepers: git's subcommands known to leave the index holding
// what it held or what the disk holds (git add); any other, run earlier
// in the command (read-tree, reset, update-index, restore --staged, an
// alias), may put another revision's files in it.
const gitIndexKeepers word.Set = " status log diff show ls-files ls-tree cat-file rev-parse describe grep blame shortlog " +
	"rev-list show-ref for-each-ref version help add rm mv config remote ls-remote diff-tree diff-index diff-files fetch branch tag "

// gitMovesIndex records that git's subcommand sub (args after it, in
// the tree at dir) may change the index (see gitIndexKeepers): git reset
// puts a revision's files in it, which a later checkout -- PATH reads
// from that revision too; any other change is one guard cannot tell.
func (c *cmd) gitMovesIndex(sub string, args []word.Word, dir string) {
	if sub == "" || strings.HasPrefix(sub, "-") || gitIndexKeepers.Has(sub) {
		return
	}
	if sub == "restore" && !hasAny(args, "--staged", "-S") {
		return // restore of the working tree alone
	}
	if sub == "reset" {
		if rev := c.resetIndexRev(args, dir); rev != "" {
			c.w.gitIndexRevs = append(c.w.gitIndexRevs, rev)
			return
		}
	}
	c.w.gitIndex = true
}

// resetIndexRev returns the revision git reset (args after it) puts in
// the index: its first operand when it is one (git reset REV, reset REV
// FILE, reset REV -- FILE), else HEAD (as the command set it); "" when
// guard cannot tell (-p, a pathspec file, a word it cannot read).
func (c *cmd) resetIndexRev(args []word.Word, dir string) string {
	rr, isRR := c.w.Files.(effect.RevReader)
	if !isRR || hasAny(args, "-p", "--patch", "--pathspec-from-file") {
		return ""
	}
	head := "HEAD"
	if h, moved := c.w.gitHead[dir]; moved {
		head = h
	}
	ops := revOperands(args, "")
	if len(ops) == 0 {
		return head
	}
	if !word.IsKnown(ops[0]) || !word.IsKnown(dir) {
		return ""
	}
	if hasDashes(args) {
		return ops[0]
	}
	switch _, st := rr.RevChanges(c.w.Where(dir), "HEAD", ops[0]); st {
	case effect.RevKnown:
		return ops[0]
	case effect.RevNone:
		return head // git reset FILE: HEAD's FILE
	}
	return ""
}
