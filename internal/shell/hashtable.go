package shell

// The shell's command hash table. bash looks a program's
// name up in its hash table before PATH, and hash -p FILE NAME or an
// assignment to the associative array BASH_CMDS (BASH_CMDS[NAME]=FILE,
// BASH_CMDS=([NAME]=FILE), declare -A BASH_CMDS=(…)) makes NAME run FILE
// from then on (zsh: hash NAME=FILE, commands[NAME]=FILE). Only hash -r,
// hash -d NAME, hash NAME and an assignment to PATH take an entry away;
// unset BASH_CMDS does not. The walker keeps the table as it keeps the
// aliases: a name it maps runs its file, read as ./FILE is; an entry made
// where it may not run (a branch, a subshell, a substitution) runs the
// file or what the name finds otherwise, both checked; and an entry
// whose name or file guard cannot read leaves every later program name
// "cannot tell which program runs". Builtins and functions come before
// the table, as in the shell.

import (
	"maps"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
	"mvdan.cc/sh/v3/expand"
)

// hashTable is what the walker knows of the shell's command hash table.
type hashTable struct {
	m map[string]hashEntry
	// unknown: an entry guard cannot read was made; any name may run
	// any file.
	unknown bool
	// written: the script names the table other than where it assigns
	// it exactly (specials.go); hash -r does not make it known, as the
	// write may come after.
	written bool
	// anyName: a function or alias table was written by a route guard
	// does not read (specials.go): builtins are hidden too.
	anyName bool
	// recorded: the assignment being made recorded its entries itself
	// (elemValue, arrayValue), so assignValues leaves them.
	recorded bool
}

// hashEntry is the file a hashed name runs, or the files it may run.
type hashEntry struct {
	files []string
	// maybe: the entry may not have been made (or taken away): the
	// name may also run the program it finds otherwise.
	maybe bool
}

// maxHashed bounds the entries guard keeps; past it the table is not
// known.
const maxHashed = 64

// hashVar reports whether name (an assignment's target, possibly with its
// subscript, as printf -v gets it) is the array that is the hash table.
func hashVar(name string, zsh bool) bool {
	base, _, _ := strings.Cut(name, "[")
	return base == "BASH_CMDS" || zsh && base == "commands"
}

// hashSure reports whether a change to the table made here surely holds
// for the rest of the shell.
func (w *walker) hashSure() bool {
	return w.cond == 0 && w.subst == 0
}

// hashedPath returns the file the hash table maps name to, as command -v
// and type -p/-P print it: hashed when the table may map name at all; ok
// when guard knows the one file (FINDINGS58b B19).
func (w *walker) hashedPath(name string) (file string, hashed, ok bool) {
	if w.hashes.anyName || w.hashes.unknown || w.hashes.written {
		return "", true, false
	}
	e, in := w.hashes.m[name]
	if !in {
		return "", false, false
	}
	if e.maybe || len(e.files) != 1 {
		return "", true, false
	}
	return e.files[0], true, true
}

// mayBeHashed reports whether the hash table may map name: what command -v
// prints for it is then the table's file, not where PATH finds a program.
func (w *walker) mayBeHashed(name string) bool {
	_, hashed, _ := w.hashedPath(name)
	return hashed
}

// hashSet records that name runs file.
func (w *walker) hashSet(name, file string) {
	t := &w.hashes
	if name == "" || file == "" || word.HasMark(name) || word.HasMark(file) || strings.ContainsRune(name, '/') {
		t.unknown = t.unknown || name != "" || file != "" // hash -p '' x: bash refuses
		return
	}
	w.redefine(name)
	old, had := t.m[name]
	if !had && len(t.m) >= maxHashed {
		t.unknown = true
		return
	}
	e := hashEntry{files: []string{file}}
	if !w.hashSure() {
		e = hashEntry{files: []string{file}, maybe: true}
		if had && len(old.files) < 4 && !slices.Contains(old.files, file) {
			e.files = append(slices.Clone(old.files), file)
		} else if had {
			e.files = old.files
		}
	}
	t.m = maps.Clone(t.m)
	if t.m == nil {
		t.m = map[string]hashEntry{}
	}
	t.m[name] = e
}

// hashForget takes names away from the table (hash -d NAME, hash NAME),
// or every entry when names is nil (hash -r, PATH=…). Where it may not
// run, what it would take away only may still run.
func (w *walker) hashForget(names []string) {
	t := &w.hashes
	sure := w.hashSure()
	if names == nil && sure {
		t.m, t.unknown = nil, false
		return
	}
	m := maps.Clone(t.m)
	for n, e := range m {
		if names != nil && !slices.Contains(names, n) {
			continue
		}
		if sure {
			delete(m, n)
		} else {
			e.maybe = true
			m[n] = e
		}
	}
	t.m = m
}

// hashLeave merges the table a subshell left (inner) into the one before
// it (outer): what the subshell changed may or may not be so after it.
func (w *walker) hashLeave(outer hashTable) {
	inner := w.hashes
	w.hashes = outer
	if inner.unknown {
		w.hashes.unknown = true
	}
	w.hashes.written = w.hashes.written || inner.written
	w.hashes.anyName = w.hashes.anyName || inner.anyName
	for n, e := range inner.m {
		if o, ok := outer.m[n]; ok && slices.Equal(o.files, e.files) && o.maybe == e.maybe {
			continue
		}
		saved := w.cond
		w.cond++ // recorded as maybe
		for _, f := range e.files {
			w.hashSet(n, f)
		}
		w.cond = saved
	}
}

// hashAssigned notes an assignment to the hash table's array that
// elemValue and arrayValue did not record (read -a, mapfile, printf -v,
// a value guard cannot read): the table is not known. A declaration with
// no value (declare -A BASH_CMDS) and unset change nothing.
func (w *walker) hashAssigned(vals []expand.Variable) {
	if w.hashes.recorded {
		w.hashes.recorded = false
		return
	}
	for _, v := range vals {
		if v.Set && !(v.Kind == expand.Associative && len(v.Map) == 0) {
			w.hashes.unknown = true
		}
	}
}

// hashedProgram returns words with a program name the hash table maps
// replaced by the file it runs; when the entry may not hold, the file is
// checked as the program it may be and words are left for the name's own
// reading. A table guard cannot read hides the command.
func (c *cmd) hashedProgram(words []word.Word) []word.Word {
	w := c.w
	name := words[0].Text
	if w.hashes.anyName {
		w.hide("runs a program by a name the shell's function or alias table (BASH_ALIASES, zsh's functions, aliases) may map to code guard cannot tell")
		return words
	}
	unknown := w.hashes.unknown || w.hashes.written
	if w.hashes.m == nil && !unknown || builtins.Has(name) || w.funcs.bodies[name] != nil {
		return words
	}
	if unknown {
		w.hide("runs a program by a name the shell's command hash table (hash -p, BASH_CMDS, zsh's commands) may map to a file guard cannot tell")
		return words
	}
	e, ok := w.hashes.m[name]
	if !ok {
		return words
	}
	files := make([]string, len(e.files))
	for i, f := range e.files {
		files[i] = f
		if !strings.ContainsRune(f, '/') {
			files[i] = "./" + f // execve runs it from the working directory
		}
	}
	if e.maybe || len(files) > 1 {
		for _, f := range files {
			c.runPath(f, words[1:])
		}
		return words
	}
	return append([]word.Word{{Text: files[0], Known: true}}, words[1:]...)
}

// hashOptions reads the words of bash's hash builtin: the file -p names,
// whether -r, -d and -t/-l were given, and the names.
func hashOptions(args []word.Word) (file string, hasFile, clear, del, show bool, names []word.Word) {
	opts := true
	for i := 0; i < len(args); i++ {
		s := args[i].Text
		switch {
		case opts && s == "--":
			opts = false
		case opts && len(s) > 1 && s[0] == '-':
			for j := 1; j < len(s); j++ {
				switch s[j] {
				case 'r':
					clear = true
				case 'd':
					del = true
				case 't', 'l':
					show = true
				case 'p':
					hasFile = true
					if j+1 < len(s) {
						file = s[j+1:]
					} else if i+1 < len(args) {
						i++
						file = args[i].Text
					}
					j = len(s)
				}
			}
		default:
			opts = false
			names = append(names, args[i])
		}
	}
	return file, hasFile, clear, del, show, names
}

// hash: hash -p FILE NAME… (zsh: hash NAME=FILE…) makes NAME run FILE;
// hash -r forgets every entry, hash -d NAME and hash NAME one.
func (c *cmd) hash() {
	w := c.w
	defer c.generic()
	if !word.AllKnown(c.args) {
		w.hashes.unknown = true
		return
	}
	file, hasFile, clear, del, show, names := hashOptions(c.args)
	if w.zshShell && del {
		w.namedDirs = true // zsh's hash -d: named directories (prep.go namedDir)
		return
	}
	if clear {
		w.hashForget(nil)
	}
	texts := word.Texts(names)
	switch {
	case w.zshShell && !hasFile:
		for _, n := range texts {
			if k, f, ok := strings.Cut(n, "="); ok {
				w.hashSet(k, f)
			}
		}
	case hasFile:
		for _, n := range texts {
			w.hashSet(n, file)
		}
		if file == "" && len(texts) == 0 {
			w.hashes.unknown = true // hash -p with its file lost
		}
	case show:
	case len(texts) > 0:
		w.hashForget(texts) // hash -d NAME; hash NAME looks NAME up anew
	}
}
