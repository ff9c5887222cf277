package pwsh

import (
	"slices"
	"strings"
)

// Cmdlets that follow symbolic links. Get-ChildItem
// -Recurse -FollowSymlink enters the links in the tree it lists, and what
// it lists is piped on to be read (Select-String, Get-Content): a link in
// the project to ~/.ssh makes it a read of ~/.ssh. Copy-Item -Recurse and
// Compress-Archive of a directory are taken as following too (default
// deny: guard does not know that they keep links).

// FollowsLinks reports whether c follows the symbolic links inside the
// directories it reads: Get-ChildItem (gci, ls, dir) -Recurse or -Depth
// (its alias -s, -Recurse:$true) with -FollowSymlink (any prefix
// PowerShell takes: -fol…; :$false turns it off), Copy-Item
// (copy, cp, cpi) -Recurse, Compress-Archive.
func (c Command) FollowsLinks() bool {
	name := c.kind()
	switch {
	case listsTree(name):
		return recursive(c.Args) && switchOn(c.Args, "-followsymlink", 3)
	case name == "copy-item" || name == "copy" || name == "cp" || name == "cpi":
		return switchOn(c.Args, "-recurse", 1)
	case name == "compress-archive":
		return true
	}
	return false
}

// hasOption reports whether args hold option full or a prefix of it longer
// than min characters, with or without a :value.
func hasOption(args []string, full string, min int) bool {
	for _, a := range args {
		o, _, _ := strings.Cut(strings.ToLower(a), ":")
		if isOption(a) && prefixOf(o, full, min) {
			return true
		}
	}
	return false
}

// LinkDirs returns the directories a command that follows links
// (FollowsLinks) reads whole, from its reads and touches (Paths): each
// with a trailing /** taken off, once.
func LinkDirs(reads, touches []string) []string {
	var out []string
	for _, p := range append(append([]string(nil), reads...), touches...) {
		p = strings.TrimSuffix(p, "/**")
		if p == "" {
			continue
		}
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}
