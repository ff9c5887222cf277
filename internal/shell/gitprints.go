package shell

// What git prints of the files and revisions its words name (review 14b
// FP1, FP2, F3). A pathspec or a REV:PATH word of a subcommand that prints
// names, ids or counts (git log --oneline -- F, git rev-parse HEAD:F, git
// ls-tree HEAD F) prints none of the file's text: those reads are
// Analysis.UnprintedReads. A subcommand that prints committed text beyond
// a REV:PATH word (git show HEAD, git log -p, git diff A B, git grep X
// REV, git cat-file --batch, git format-patch --stdout, git archive)
// records what it prints as Analysis.RevReads the hook reads from the
// object store (a commit's patch, a diff of two revisions, a revision
// against the working tree, a bounded history), or one guard cannot tell
// (RevRead.Rev RevCannotTell).

import (
	"slices"
	"strconv"
	"strings"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// RevCannotTell is RevRead.Rev for committed text guard does not read
// (git grep X REV, cat-file --batch, format-patch --stdout, archive,
// history it cannot bound).
const RevCannotTell = "?"

// RevDisk is RevRead.From for a diff of revision Rev against the working
// tree (git diff REV).
const RevDisk = ":disk"

// gitQuietSubs are git's subcommands that print names, ids, counts or
// messages, never a file's text, whatever their options.
const gitQuietSubs word.Set = " rev-parse ls-tree ls-files status describe name-rev show-ref for-each-ref rev-list " +
	"check-ignore check-attr count-objects show-branch merge-base cherry shortlog "

// gitQuiet reports whether git's subcommand sub with args (after it)
// prints none of the text of the files and revisions its words name.
func gitQuiet(sub string, args []word.Word) bool {
	switch {
	case gitQuietSubs.Has(sub):
		return true
	case sub == "log" || sub == "whatchanged" || sub == "diff-tree" || sub == "diff-index" || sub == "diff-files":
		return !gitPatch(args)
	case sub == "show" || sub == "diff":
		return !gitPatch(args) && gitNoPatch(args)
	case sub == "cat-file":
		return hasAny(args, "-t", "-s", "-e") || hasPrefixed(args, "--batch-check")
	}
	return false
}

// gitPatch reports whether args (before --) ask for a patch: -p, -u,
// --patch*, -L, -W, -c, --cc, a word diff; a short option cluster holding
// one of those letters counts (-S and -G take a value).
func gitPatch(args []word.Word) bool {
	for _, a := range args {
		s := a.Text
		switch {
		case s == "--":
			return false
		case s == "--cc" || s == "--color-words" || strings.HasPrefix(s, "--patch") || strings.HasPrefix(s, "--word-diff") ||
			strings.HasPrefix(s, "--function-context") || strings.HasPrefix(s, "--unified") || strings.HasPrefix(s, "--combined"):
			return true
		case strings.HasPrefix(s, "--") || len(s) < 2 || s[0] != '-':
		case s[1] == 'S' || s[1] == 'G' || s[1] == 'n' || s[1] == 'O':
		case strings.ContainsAny(s[1:], "puLWc"):
			return true
		}
	}
	return false
}

// gitNoPatch reports whether args ask git show or git diff for an output
// without file text (--stat, --name-only, -s…).
func gitNoPatch(args []word.Word) bool {
	for _, a := range args {
		s, _, _ := strings.Cut(a.Text, "=")
		switch s {
		case "--":
			return false
		case "-s", "--no-patch", "--stat", "--numstat", "--shortstat", "--name-only", "--name-status", "--raw", "--summary", "--dirstat", "--quiet":
			return true
		}
	}
	return false
}

// hasPrefixed reports whether a word of args starts with prefix.
func hasPrefixed(args []word.Word, prefix string) bool {
	for _, a := range args {
		if strings.HasPrefix(a.Text, prefix) {
			return true
		}
	}
	return false
}

// gitRevText records the committed text git's subcommand sub (args from
// at+1) prints beyond its REV:PATH words, when sub is not quiet.
func (c *cmd) gitRevText(sub string, args []word.Word) {
	if c.w.guessing > 0 {
		return
	}
	switch sub {
	case "show":
		c.gitShowText(args)
	case "log", "whatchanged":
		c.gitLogText(args)
	case "diff":
		c.gitDiffText(args)
	case "stash":
		if len(args) > 0 && args[0].Text == "show" {
			rev := "refs/stash"
			if ops := revOperands(args[1:], ""); len(ops) > 0 {
				rev = ops[0]
			}
			c.revText(RevRead{Rev: rev})
		}
	case "grep":
		c.gitGrepText(args)
	case "cat-file":
		c.gitCatFileText(args)
	case "format-patch":
		if hasAny(args, "--stdout") {
			c.revText(RevRead{Rev: RevCannotTell})
		}
	case "archive":
		if !hasAny(args, "-o") && !hasPrefixed(args, "--output") && !hasAny(args, "--list", "-l") {
			c.revText(RevRead{Rev: RevCannotTell})
		}
	case "bundle", "fast-export":
		c.revText(RevRead{Rev: RevCannotTell})
	}
}

// revText records r in the working directory.
func (c *cmd) revText(r RevRead) {
	r.Dir = c.w.Dir
	c.w.addRevRead(r)
}

// gitShowText: git show REV… prints each commit's patch (HEAD when no
// revision is named); a range is history guard does not bound.
func (c *cmd) gitShowText(args []word.Word) {
	n := 0
	for _, op := range revOperands(args, "") {
		n++
		if c.objectPath(op) {
			continue
		}
		if strings.Contains(op, "..") || strings.HasPrefix(op, "^") || !word.IsKnown(op) {
			c.revText(RevRead{Rev: RevCannotTell})
			continue
		}
		c.revText(RevRead{Rev: op})
	}
	if n == 0 {
		c.revText(RevRead{Rev: "HEAD"})
	}
}

// gitLogText: git log -p prints the patches of the history from one
// revision (HEAD), at most -N commits of it; other walks (--all, ranges,
// several starts, reflogs, --stdin) are history guard cannot tell.
func (c *cmd) gitLogText(args []word.Word) {
	count := -1
	for j := 0; j < len(args) && args[j].Text != "--"; j++ {
		s := args[j].Text
		v, isCount := "", false
		switch {
		case (s == "-n" || s == "--max-count") && j+1 < len(args):
			v, isCount = args[j+1].Text, true
			j++
		case strings.HasPrefix(s, "--max-count="):
			v, isCount = strings.TrimPrefix(s, "--max-count="), true
		case strings.HasPrefix(s, "-n") && len(s) > 2:
			v, isCount = s[2:], true
		case len(s) > 1 && s[0] == '-' && s[1] >= '0' && s[1] <= '9':
			v, isCount = s[1:], true
		case s == "--all" || s == "--stdin" || s == "-g" || s == "--walk-reflogs" || s == "--reflog" || s == "--skip" ||
			strings.HasPrefix(s, "--branches") || strings.HasPrefix(s, "--tags") || strings.HasPrefix(s, "--remotes") ||
			strings.HasPrefix(s, "--glob") || strings.HasPrefix(s, "--exclude") || strings.HasPrefix(s, "--skip="):
			c.revText(RevRead{Rev: RevCannotTell})
			return
		}
		if isCount {
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 {
				c.revText(RevRead{Rev: RevCannotTell})
				return
			}
			count = n
		}
	}
	ops := revOperands(args, " -n --max-count ")
	rev := "HEAD"
	switch {
	case count == 0:
		return
	case len(ops) > 1 || len(ops) == 1 && (strings.Contains(ops[0], "..") || strings.HasPrefix(ops[0], "^") || !word.IsKnown(ops[0])):
		c.revText(RevRead{Rev: RevCannotTell})
		return
	case len(ops) == 1:
		rev = ops[0]
	}
	c.revText(RevRead{Rev: rev, Count: max(count, 0), History: true})
}

// gitDiffText: git diff A B (A..B) prints both sides of the files they
// differ in; git diff REV the revision's side and the working tree's;
// --cached (the index) is a side guard does not read. An operand that is
// a path on disk and no revision is a pathspec (git diff F: the working
// tree against the index, left to the file rules).
func (c *cmd) gitDiffText(args []word.Word) {
	if hasAny(args, "--cached", "--staged", "--no-index") || hasPrefixed(args, "--merge-base") {
		c.revText(RevRead{Rev: RevCannotTell})
		return
	}
	var revs []string
	for _, op := range revOperands(args, "") {
		if strings.Contains(op, "...") || !word.IsKnown(op) {
			c.revText(RevRead{Rev: RevCannotTell})
			return
		}
		if a, b, ok := strings.Cut(op, ".."); ok {
			revs = append(revs, or(a, "HEAD"), or(b, "HEAD"))
			continue
		}
		switch c.revKind(op) {
		case effect.RevKnown:
			revs = append(revs, op)
		case effect.RevUnknown:
			c.revText(RevRead{Rev: RevCannotTell})
			return
		}
	}
	switch len(revs) {
	case 0:
	case 1:
		c.revText(RevRead{Rev: revs[0], From: RevDisk})
	case 2:
		c.revText(RevRead{Rev: revs[1], From: revs[0]})
	default:
		c.revText(RevRead{Rev: RevCannotTell})
	}
}

// or returns s, or def when s is empty.
func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// revKind says whether op names a revision of the repository holding the
// working directory (RevKnown), a path and no revision (RevNone), or
// what guard cannot tell (RevUnknown).
func (c *cmd) revKind(op string) effect.RevStatus {
	rr, ok := c.w.Files.(effect.RevReader)
	if !ok {
		return effect.RevKnown // the analysis of text alone: taken as a revision
	}
	if !c.gitDirAsOnDisk(".") {
		return effect.RevUnknown
	}
	_, st := rr.RevChanges(c.w.Where("."), op, op)
	return st
}

// gitGrepText: git grep X REV… searches the revision's tree (every file
// of it): committed text guard does not read; --cached, the index's.
func (c *cmd) gitGrepText(args []word.Word) {
	if hasAny(args, "--cached") {
		c.revText(RevRead{Rev: RevCannotTell})
		return
	}
	ops := revOperands(args, " -e -f -A -B -C -m --max-count --max-depth --threads -O --open-files-in-pager --and --or --not ")
	if !hasAny(args, "-e", "-f") && len(ops) > 0 {
		ops = ops[1:] // the pattern
	}
	for _, op := range ops {
		if _, ok := revPath(op); ok {
			continue
		}
		if c.revKind(op) != effect.RevNone {
			c.revText(RevRead{Rev: RevCannotTell})
			return
		}
	}
}

// gitCatFileText: git cat-file --batch prints the objects its input
// names; cat-file -p OBJ (or TYPE OBJ) one object: a commit is read as
// git show reads it (a superset), another object guard cannot tell.
func (c *cmd) gitCatFileText(args []word.Word) {
	if hasPrefixed(args, "--batch") && !hasPrefixed(args, "--batch-check") {
		c.revText(RevRead{Rev: RevCannotTell})
		return
	}
	for _, op := range revOperands(args, "") {
		if gitObjectTypes.Has(op) || c.objectPath(op) {
			continue
		}
		if !word.IsKnown(op) {
			op = RevCannotTell
		}
		c.revText(RevRead{Rev: op})
	}
}

// gitObjectTypes are the TYPE operands of git cat-file TYPE OBJ.
const gitObjectTypes word.Set = " blob tree commit tag "

// unprinted returns the reads made only by commands that print none of
// their text (walker.quiet): a file another command also reads is not
// one.
func (w *walker) unprinted() []string {
	if len(w.quiet) == 0 {
		return nil
	}
	var quiet, printed []string
	for i, p := range w.a.Reads {
		in := false
		for _, r := range w.quiet {
			if i >= r[0] && i < r[1] {
				in = true
				break
			}
		}
		if in {
			quiet = append(quiet, p)
		} else {
			printed = append(printed, p)
		}
	}
	out := quiet[:0]
	for _, p := range quiet {
		if !slices.Contains(printed, p) {
			out = append(out, p)
		}
	}
	return out
}

// both returns the strings of a also in b.
func both(a, b []string) []string {
	out := a[:0]
	for _, s := range a {
		if slices.Contains(b, s) {
			out = append(out, s)
		}
	}
	return out
}

// objectPath reports whether op names a file of a revision (REV:PATH),
// and records it when revPath did not (a name that is not path-like:
// HEAD:README).
func (c *cmd) objectPath(op string) bool {
	rev, p, ok := strings.Cut(op, ":")
	if !ok {
		return false
	}
	if _, known := revPath(op); !known {
		if len(p) > 2 && p[0] >= '0' && p[0] <= '3' && p[1] == ':' && rev == "" {
			p = p[2:]
		}
		c.w.revFile(rev, p)
	}
	return true
}
