package shell

import (
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// Recursive operations whose link behaviour guard does not know (review 10
// F5). gzip -rf follows a link in the project to ~/.ssh and replaces the
// keys with .gz files; rclone copy -L, pigz -r, zstd -r and programs guard
// has never heard of may do the same. The catalogue says which programs
// follow links (grep -R, rg -L) and which keep them (grep -r, zip -y); a
// program it has no recursion knowledge of, given a recursion option,
// counts as following the links in the directories it names (default
// deny): where a link there leads to a protected place, the command reads
// it. The walk costs nothing where the words are files, and it blocks only
// where a link leads somewhere protected or the tree is past guard's
// bounds.

// keepsLinksRecursing are programs without a catalogue entry whose -R
// never follows a link inside the tree (chmod, chown and chgrp default to
// -P; rm removes the link itself).
const keepsLinksRecursing word.Set = " chmod chown chgrp rm rmdir "

// followsWithL are programs without a catalogue entry that always recurse
// and follow links with -L (rclone copy -L, --copy-links).
const followsWithL word.Set = " rclone "

// recursesUnknown reports whether c, a program with neither a catalogue
// entry nor a handler, is given a recursion or link-following option: -r
// or -R in a cluster of short options (-L too for followsWithL), or a
// prefix of --recursive, --recurse, --follow, --dereference or
// --copy-links.
func (c *cmd) recursesUnknown(p *catalogue.Program) bool {
	if p != nil || keepsLinksRecursing.Has(c.name) {
		return false
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
		letters := "rR"
		if followsWithL.Has(c.name) {
			letters = "rRL"
		}
		if word.Set(" --recursive --recurse --follow --dereference --copy-links ").Begins(opt) ||
			!strings.HasPrefix(s, "--") && len(s) > 1 && s[0] == '-' && strings.ContainsAny(s[1:], letters) {
			return true
		}
	}
	return false
}

// unknownTreeLinks reads, for a program that follows links by the rule
// above, where the links in each directory it names lead (whole, as grep
// -R reads them).
func (c *cmd) unknownTreeLinks() {
	if c.w.FollowLinks == "" || catalogue.ProgramNamed(c.name) != nil {
		return
	}
	for j, a := range c.args {
		if j < len(c.kinds) && c.kinds[j] != argPlain || strings.HasPrefix(a.Text, "-") || a.Text == "" {
			continue
		}
		c.w.FollowVisible(a.Text)
	}
}

// treeCalls are interpreter calls that walk or copy a directory and follow
// the links in it (review 10 F5): shutil.copytree (symlinks=False, its
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
	if followsLinks(code) { // any library's switch (followswitch.go)
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

// pythonModuleTree: python -m zipfile -c ZIP SRC… (--create) stores each
// SRC whole, following the links in it (os.path.isdir, os.listdir);
// args are the words after -m.
func (c *cmd) pythonModuleTree(args []word.Word) {
	if len(args) < 3 || args[0].Text != "zipfile" || args[1].Text != "-c" && args[1].Text != "--create" {
		return
	}
	follow := c.w.FollowLinks
	c.w.FollowLinks = c.name + " -m zipfile"
	defer func() { c.w.FollowLinks = follow }()
	for _, a := range args[3:] {
		c.w.ReadTree(a.Text)
	}
}
