package shell

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// Found names split by their consumer (review 19a F2). A walker's output
// (find, fd, ls -R, du -a, grep -rl, git ls-files) is carried as the
// paths it found (output.paths), each a whole name. But xargs without -0
// splits at blanks, newlines and quotes, an unquoted $(…) or $x splits at
// blanks and globs, read a b splits a line: a found name `x ../.bashrc
// y.tmp` becomes ./x, ../.bashrc and y.tmp. The found names are whole
// only where guard sees on disk that no name the walker may print holds
// such a character; otherwise (or where guard cannot tell: a bound, a
// tree the command wrote into) what it prints is any name (wild). Output
// split at NUL (find -print0, fd -0, git ls-files -z) stays whole for
// xargs -0 alone (nulOnly).

// splitChars are the characters that split or change a name handed on
// through xargs, an unquoted expansion or read: IFS blanks, xargs'
// quotes and backslash, and glob characters.
const splitChars = blankChars + "*?["

// blankChars split a start path's text: its glob characters are the
// shell's, expanded before the walker runs.
const blankChars = " \t\n'\"\\"

// splitFound makes what c prints wild when the names its walker found may
// be split by a consumer.
func (c *cmd) splitFound() {
	if len(c.out.paths) == 0 || len(c.stdin.paths) > 0 || c.stdin.known || !c.w.Listing() {
		return // no walker's names, or handed on from the stage before (checked there)
	}
	if c.w.namesWhole(c.out.paths, c.out.names) {
		return
	}
	if nulOutput(c) {
		c.out.nulOnly, c.out.tame = true, false
		return
	}
	c.out = output{}
	if c.w.LastFind != nil && c.w.subst > 0 {
		c.w.LastFind = nil
	}
}

// namesWhole reports whether no name found under paths (DIR or DIR/…),
// one of names when there are names, holds a splitChars character, as
// guard sees on disk.
func (w *walker) namesWhole(paths, names []string) bool {
	for _, p := range paths {
		d := strings.TrimSuffix(p, "/…")
		if strings.ContainsAny(d, blankChars) || w.MayLinkAt(d) != "" || w.wroteSplitName() {
			return false
		}
		if strings.ContainsAny(d, "*?[") {
			continue // the shell's glob: its matches are not looked up (left)
		}
		tree, ok := w.Tree(d, effect.MaxTreeDepth)
		if !ok {
			if k, _ := w.Lstat(d); k == effect.EntryNone || k == effect.EntryFile {
				continue // a file (its own name checked above) or nothing there
			}
			return false // past a bound, unreadable
		}
		for _, n := range tree {
			if strings.ContainsAny(n, splitChars) && foundName(strings.TrimSuffix(n, "/"), names) {
				return false
			}
		}
	}
	return true
}

// foundName reports whether a walker looking for names (none: any)
// prints rel, a path below its start.
func foundName(rel string, names []string) bool {
	if len(names) == 0 {
		return true
	}
	base := path.Base(rel)
	for _, n := range names {
		if ok, err := path.Match(n, base); ok || err != nil {
			return true
		}
	}
	return false
}

// nulOutput reports whether c prints its names separated by NUL.
func nulOutput(c *cmd) bool {
	for _, a := range c.args {
		switch a.Text {
		case "-print0", "-fprint0", "--print0", "--null", "-z", "-0", "-Z":
			return true
		}
	}
	return false
}

// cwdIfNone returns ops, or the working directory when there are none.
func cwdIfNone(ops []string) []string {
	if len(ops) == 0 {
		return []string{"."}
	}
	return ops
}

// wroteSplitName reports whether the command wrote, before this point, a
// name that holds a splitChars character or one guard cannot tell (tar x,
// cp -r of a tree): what is on disk is not what the walker finds.
func (w *walker) wroteSplitName() bool {
	if w.WriteList == nil || w.TouchList == nil {
		return false
	}
	for _, l := range [][]string{*w.WriteList, *w.TouchList} {
		for _, p := range l {
			if strings.ContainsAny(p, splitChars) || word.HasMark(p) {
				return true
			}
		}
	}
	return false
}
