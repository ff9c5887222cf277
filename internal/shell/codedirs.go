package shell

import (
	"slices"

	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// codeDirs adds to the directories the shell may be in those interpreter
// code changes to: its relative names are read in each,
// as well as in the command's. A change guard cannot work out adds a
// directory it cannot tell, where a name that could be a protected file
// (.ssh/id_rsa, .guard/rules.json) is one. It returns what restores the
// walker's directories, and the directories the code moves to other than
// the command's: a relative name it gives may be one there.
func (w *walker) codeDirs(code string) (func(), []string) {
	cd := lang.Chdirs(code)
	if len(cd.Dirs) == 0 && !cd.Unknown {
		return func() {}, nil
	}
	restore := w.keepDirs()
	w.OtherDirs = slices.Clone(w.OtherDirs)
	var moved []string
	for _, d := range cd.Dirs {
		if d = w.dest(d); d != w.Dir && !slices.Contains(moved, d) {
			moved = append(moved, d)
		}
	}
	if cd.Unknown {
		moved = append(moved, word.Mark(word.MarkVar, "PWD"))
	}
	w.addDirs(moved...)
	return restore, moved
}

// keepDirs returns what restores the directories the walker is in now:
// a program's own directory changes end with it.
func (w *walker) keepDirs() func() {
	dir, others := w.Dir, w.OtherDirs
	return func() { w.Dir, w.OtherDirs = dir, others }
}

// programCd follows a directory change a program's own command language
// makes with a name it gives whole (sqlite3's .cd DIR, gdb's cd DIR, no
// name its home): the relative names it reads after it, its files and
// its shell commands', are DIR's, until the program ends
// (keepDirs). Where the name may be spelt more ways (sqlite3's escapes),
// the others are directories it may be in too.
func (w *walker) programCd(dir string, alts ...string) {
	d := w.dest(dir)
	for _, a := range alts {
		w.addDirs(w.dest(a))
	}
	w.Dir = d
}
