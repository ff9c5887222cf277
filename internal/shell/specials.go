package shell

// The shell's program tables by every writer. bash's
// BASH_CMDS (the command hash table) and BASH_ALIASES, zsh's commands,
// functions, aliases, galiases, saliases and nameddirs are arrays whose
// elements decide which program a name runs (or, for nameddirs, what
// ~NAME names). Their writers are many (NAME[k]=v, read, printf -v,
// ${NAME[k]:=v}, declare "NAME[k]=v", mapfile, set -A, a nameref, eval…),
// so guard does not enumerate them: it counts where the script's text
// names such an array and where it assigns it by a route the walker reads
// exactly (NAME[k]=v, NAME=(…) for BASH_CMDS and zsh's commands,
// hashtable.go, and for the alias arrays). Any other mention, read or write, leaves every later
// program name "cannot tell which program runs" (the function and alias
// tables: builtins too, which they come before).

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
	"mvdan.cc/sh/v3/syntax"
)

// specialTables returns the arrays of the shell read as zsh or bash that
// name programs, and whether each may replace a builtin.
func specialTables(zsh bool) map[string]bool {
	if zsh {
		return map[string]bool{"commands": false, "functions": true, "aliases": true, "galiases": true,
			"saliases": true, "nameddirs": true, "dis_functions": true, "dis_aliases": true}
	}
	return map[string]bool{"BASH_CMDS": false, "BASH_ALIASES": false}
}

// noteSpecialTables marks the program tables unknown when src names one
// of them other than where f assigns it by a route hashtable.go records.
func (w *walker) noteSpecialTables(f *syntax.File, src string) {
	if !strings.Contains(src, "BASH_") && !w.zsh {
		return // the usual case: nothing to count
	}
	tables := specialTables(w.zsh)
	named := false
	for name := range tables {
		named = named || strings.Contains(src, name)
	}
	if !named {
		return
	}
	exact := map[string]int{}
	syntax.Walk(f, func(n syntax.Node) bool {
		if as, ok := n.(*syntax.Assign); ok && as.Name != nil && exactTable(as.Name.Value, w.zsh) {
			exact[as.Name.Value]++
		}
		return true
	})
	for name, builtinsToo := range tables {
		if mentions(src, name) > exact[name] {
			w.hashes.written = true
			w.hashes.anyName = w.hashes.anyName || builtinsToo
			w.namedDirs = w.namedDirs || name == "nameddirs"
		}
	}
}

// mentions counts where s names name as a whole identifier (not part of
// a longer name, an option or a path: --commands, docs/commands).
func mentions(s, name string) int {
	n := 0
	for i := 0; ; {
		j := strings.Index(s[i:], name)
		if j < 0 {
			return n
		}
		at, end := i+j, i+j+len(name)
		before := byte(' ')
		if at > 0 {
			before = s[at-1]
		}
		if !word.IsNameRune(rune(before)) && before != '-' && before != '/' && before != '.' &&
			(end == len(s) || !word.IsNameRune(rune(s[end]))) {
			n++
		}
		i = end
	}
}

// exactTable reports whether the walker reads an assignment to the array
// name exactly: the hash table's (hashtable.go) and the alias arrays'
// (funcs.go).
func exactTable(name string, zsh bool) bool {
	_, alias := aliasTable(name, zsh)
	return alias || hashVar(name, zsh)
}
