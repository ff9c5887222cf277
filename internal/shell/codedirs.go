package shell

import (
	"slices"

	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// codeDirs adds to the directories the shell may be in those interpreter
// code changes to (review 14a F14): its relative names are read in each,
// as well as in the command's. A change guard cannot work out adds a
// directory it cannot tell, where a name that could be a protected file
// (.ssh/id_rsa, .guard/rules.json) is one. It returns what restores the
// walker's directories.
func (w *walker) codeDirs(code string) func() {
	cd := lang.Chdirs(code)
	if len(cd.Dirs) == 0 && !cd.Unknown {
		return func() {}
	}
	dir, others := w.Dir, w.OtherDirs
	w.OtherDirs = slices.Clone(w.OtherDirs)
	for _, d := range cd.Dirs {
		w.addDirs(w.dest(d))
	}
	if cd.Unknown {
		w.addDirs(word.Mark(word.MarkVar, "PWD"))
	}
	return func() { w.Dir, w.OtherDirs = dir, others }
}
