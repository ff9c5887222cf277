package shell

import (
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// Recursive operations whose link behaviour guard does not know. gzip -rf
// follows a link in the project to ~/.ssh and replaces the keys with .gz
// files; rclone copy -L, pigz -r, zstd -r and programs guard has never
// heard of may do the same. The catalogue says which programs follow links
// (grep -R, rg -L) and which keep them (grep -r, zip -y); a program it has
// no recursion knowledge of, given a recursion option, counts as following
// the links in the directories it names (default deny): where a link there
// leads to a protected place, the command reads it. The walk costs nothing
// where the words are files, and it blocks only where a link leads
// somewhere protected or the tree is past guard's bounds.

// linkWalker is a program guard knows to walk a tree, with how it follows
// the links there: fd -L, aws s3 sync (follows by default),
// chmod/chown/chgrp -R with -L, rclone with -L. The programs without an
// entry, here or in the catalogue, that are given a recursion option
// follow links (recursesUnknown): default deny.
type linkWalker struct {
	name, sub string   // the program and the subcommand words it must have ("s3 sync")
	always    bool     // it follows without an option (aws s3 sync)
	recurse   string   // short letters one of which it needs to walk (chmod -R); "" walks always
	recLong   word.Set // long options that make it walk (chmod --recursive)
	letters   string   // short options that make it follow (in a cluster)
	long      word.Set // long options that make it follow, or a prefix of one
	no        word.Set // long options that turn following off
}

// linkWalkers: the known walkers. chmod, chown and chgrp default to -P
// (they keep links); rm removes the link itself.
var linkWalkers = []linkWalker{
	{name: "fd", letters: "L", long: " --follow "},
	{name: "fdfind", letters: "L", long: " --follow "},
	{name: "aws", sub: "s3 sync", always: true, no: " --no-follow-symlinks "},
	{name: "aws", sub: "s3 cp", always: true, no: " --no-follow-symlinks "},
	{name: "aws", sub: "s3 mv", always: true, no: " --no-follow-symlinks "},
	{name: "chmod", recurse: "R", letters: "L", recLong: " --recursive ", long: " --dereference "},
	{name: "chown", recurse: "R", letters: "L", recLong: " --recursive ", long: " --dereference "},
	{name: "chgrp", recurse: "R", letters: "L", recLong: " --recursive ", long: " --dereference "},
	{name: "rm"},
	{name: "rmdir"},
	{name: "rclone", letters: "rRL", long: " --copy-links --links "},
	// pax -w and -rw walk the directories they are given; -L follows
	// every link, -H those named on the command line.
	{name: "pax", letters: "LH"},
}

// walkerOf returns c's linkWalker entry, if any.
func (c *cmd) walkerOf() (linkWalker, bool) {
	for _, lw := range linkWalkers {
		if lw.name == c.name && (lw.sub == "" || c.hasSub(lw.sub)) {
			return lw, true
		}
	}
	return linkWalker{}, false
}

// hasSub reports whether c's first words that are not options are sub's.
func (c *cmd) hasSub(sub string) bool {
	want := strings.Fields(sub)
	k := 0
	for _, a := range c.args {
		if k == len(want) {
			break
		}
		if strings.HasPrefix(a.Text, "-") {
			continue
		}
		if a.Text != want[k] {
			return false
		}
		k++
	}
	return k == len(want)
}

// follows reports whether lw, with args, walks a tree following the
// links in it: the last follow or no-follow option wins; chmod's -L
// counts with -R only (a cluster such as -RL holds both).
func (lw linkWalker) follows(args []word.Word) bool {
	on, walks := lw.always, lw.recurse == ""
	for _, a := range args {
		s := a.Text
		if s == "--" {
			break
		}
		opt, _, _ := strings.Cut(s, "=")
		switch {
		case !strings.HasPrefix(s, "--"):
			short := len(s) > 1 && s[0] == '-'
			walks = walks || short && lw.recurse != "" && strings.ContainsAny(s[1:], lw.recurse)
			on = on || short && lw.letters != "" && strings.ContainsAny(s[1:], lw.letters)
		case lw.no.Begins(opt):
			on = false
		case lw.long.Begins(opt):
			on = true
		case lw.recLong.Begins(opt):
			walks = true
		}
	}
	return on && walks
}

// recursesUnknown reports whether c, a program with neither a catalogue
// entry nor a handler, is given a recursion or link-following option: -r
// or -R in a cluster of short options, or a long option one of whose
// words begins recurs, follow, deref or symlink (--follow-links,
// --dereference-recursive, a prefix of --recursive), but for --no-…; a
// linkWalker follows as its entry says.
func (c *cmd) recursesUnknown(p *catalogue.Program) bool {
	if lw, ok := c.walkerOf(); ok {
		return lw.follows(c.args)
	}
	if p != nil {
		return p.Recurse.None() && followOption(c.args)
	}
	if _, ok := handlerOf(c.name); ok {
		return false
	}
	if _, interp := catalogue.InterpreterOf(c.name); interp || catalogue.Shells.Has(c.name) || catalogue.PowerShells.Has(c.name) {
		return false
	}
	for _, a := range c.args {
		s := a.Text
		if s == "--" {
			break
		}
		opt, _, _ := strings.Cut(s, "=")
		if strings.HasPrefix(s, "--") && followsLong(opt) ||
			!strings.HasPrefix(s, "--") && len(s) > 1 && s[0] == '-' && strings.ContainsAny(s[1:], "rR") {
			return true
		}
	}
	return false
}

// followOption reports whether args hold a link-following option of a
// program guard knows but has no recursion entry for: -L
// or -H in a cluster of short options, or a long option one of whose
// words begins follow or deref (--follow-symlinks, --dereference), but
// for --no-…. Given a directory, such a program counts as walking it and
// following the links in it, as an unknown program's recursion option
// does; the walk costs nothing where its operands are files.
func followOption(args []word.Word) bool {
	for _, a := range args {
		s := a.Text
		if s == "--" {
			break
		}
		opt, _, _ := strings.Cut(strings.TrimPrefix(s, "--"), "=")
		switch {
		case strings.HasPrefix(s, "--") && !strings.HasPrefix(opt, "no-"):
			for part := range strings.SplitSeq(opt, "-") {
				if strings.HasPrefix(part, "follow") || strings.HasPrefix(part, "deref") {
					return true
				}
			}
		case !strings.HasPrefix(s, "--") && len(s) > 1 && s[0] == '-' && strings.ContainsAny(s[1:], "LH"):
			return true
		}
	}
	return false
}

// followsLong reports whether long option opt (no =value) of a program
// guard does not know may walk a tree following links: a prefix of
// --recursive, --recurse, --follow, --dereference or --copy-links, as
// getopt_long takes one, or a name one of whose words begins recurs,
// follow, deref or symlink (--follow-links, --dereference-recursive), but
// for a --no-… option.
func followsLong(opt string) bool {
	if word.Set(" --recursive --recurse --follow --dereference --copy-links ").Begins(opt) {
		return true
	}
	name := strings.TrimPrefix(opt, "--")
	if strings.HasPrefix(name, "no-") {
		return false
	}
	for part := range strings.SplitSeq(name, "-") {
		for _, w := range []string{"recurs", "follow", "deref", "symlink"} {
			if strings.HasPrefix(part, w) {
				return true
			}
		}
	}
	return false
}

// unknownTreeLinks reads, for a program that follows links by the rule
// above, where the links in each directory it names lead (whole, as grep
// -R reads them).
func (c *cmd) unknownTreeLinks() {
	p := catalogue.ProgramNamed(c.name)
	if _, walker := c.walkerOf(); c.w.FollowLinks == "" || p != nil && !walker && !(p.Recurse.None() && followOption(c.args)) {
		return
	}
	if c.name == "fd" || c.name == "fdfind" {
		c.w.FollowVisible(".") // fd's first word is a pattern: its paths default to "."
	}
	for j, a := range c.args {
		if j < len(c.kinds) && c.kinds[j] != argPlain || strings.HasPrefix(a.Text, "-") || a.Text == "" {
			continue
		}
		c.w.FollowVisible(a.Text)
	}
}

// treeCalls are interpreter calls that walk or copy a directory and follow
// the links in it: shutil.copytree (symlinks=False, its
// default, copies what they lead to), shutil.make_archive, pathlib's rglob;
// os.walk and glob count where the code says followlinks=True or
// recursive=True.
var treeCalls = []string{"copytree", "make_archive", "rglob", "walk", "glob", "iglob"}

// codeTreeLinks reads, for interpreter code that walks a directory and
// follows its links (treeCalls), the call's first argument whole where it
// is a plain string literal, with where the links in it lead; else where
// the links in the working directory lead (a variable, make_archive's root_dir, a glob
// pattern, rglob's receiver).
func (c *cmd) codeTreeLinks(code string) {
	dirs, dot := treeCallDirs(code)
	if followsLinks(code) || listsAndOpens(code) { // any library's switch, a walk by hand (followswitch.go)
		dirs, dot = append(dirs, switchTreeDirs(code)...), true
	}
	if !dot && len(dirs) == 0 {
		return
	}
	follow := c.w.FollowLinks
	c.w.FollowLinks = c.name + " code"
	defer func() { c.w.FollowLinks = follow }()
	for _, d := range dirs {
		c.w.ReadTree(d) // copytree("src", …) reads src whole
	}
	if dot {
		c.w.FollowVisible(".")
	}
}

// treeCallDirs returns the literal first argument of each call of a treeCalls
// function in code that follows links, and whether one of them walks a
// directory guard takes as the working directory. At most effect.MaxLinks
// calls are read; past them, the working directory is walked too.
func treeCallDirs(code string) ([]string, bool) {
	var dirs []string
	dot, calls := false, 0
	for id, k := range idents(code) {
		if !slices.Contains(treeCalls, id) || k >= len(code) || code[k] != '(' {
			continue
		}
		switch {
		case id == "walk" && !walkFollows(code, code[k:]),
			(id == "glob" || id == "iglob") && !strings.Contains(code, "recursive=True"):
			continue
		}
		if calls++; calls > effect.MaxLinks {
			return dirs, true
		}
		lit, _, ok := callLiteral(code[k:])
		if !ok || id == "make_archive" || id == "glob" || id == "iglob" || id == "rglob" {
			dot = true // the directory is not the first literal
		} else {
			dirs = append(dirs, lit) // copytree's source, walk's top
		}
	}
	return dirs, dot
}

// pythonModuleTree: python -m zipfile -c ZIP SRC… (--create, --cr,
// --create=ZIP…) stores each SRC whole, following the links in it
// (os.path.isdir, os.listdir); args are the words after -m.
func (c *cmd) pythonModuleTree(args []word.Word) {
	if len(args) < 2 || args[0].Text != "zipfile" {
		return
	}
	p, ok := c.moduleArgs("zipfile", args[1:])
	vals, creates := p.Last("create")
	if !ok || !creates {
		return
	}
	follow := c.w.FollowLinks
	c.w.FollowLinks = c.name + " -m zipfile"
	defer func() { c.w.FollowLinks = follow }()
	for _, a := range vals[1:] {
		c.w.ReadTree(a.Text)
	}
}
