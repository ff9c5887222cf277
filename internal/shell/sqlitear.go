package shell

// sqlite3's archive mode (sqlite3 -A…, .ar/.archive): it makes an SQLite
// archive (a table sqlar) from files, or extracts one to the names its
// table holds.

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// sqliteArLong returns the letter of the short option an archive mode's
// long option stands for, false for none.
func sqliteArLong(opt string) (byte, bool) {
	const longs = " --create:c --extract:x --list:t --update:u --insert:i --remove:r --file:f --append:a --directory:C --verbose:v --dryrun:n --glob:g "
	i := strings.Index(longs, " "+opt+":")
	if opt == "" || i < 0 {
		return 0, false
	}
	return longs[i+len(opt)+2], true
}

// sqliteArValued are the archive mode's options that take a value.
const sqliteArValued = "faC"

// sqliteAr analyses an archive command's words (what follows -A, or
// .ar): -c/-u/-i read the files and trees named; -x writes the names the
// archive's table holds, which guard cannot read (an SQLite database),
// so an extraction is one guard cannot tell (absolute names are written
// where they point).
func (c *cmd) sqliteAr(args []word.Word) {
	letters := map[byte]bool{}
	var files []string
	for j := 0; j < len(args); j++ {
		s := args[j].Text
		long, _, _ := strings.Cut(s, "=")
		switch l, ok := sqliteArLong(long); {
		case ok:
			letters[l] = true
			if strings.IndexByte(sqliteArValued, l) >= 0 && !strings.Contains(s, "=") {
				j++
			}
		case strings.HasPrefix(s, "-") || j == 0:
			j = sqliteArCluster(args, j, letters)
		default:
			files = append(files, s)
		}
	}
	switch {
	case letters['x'] && !letters['n']:
		c.w.hide("sqlite3 extracts an archive to the names its table holds, which guard cannot read")
	case letters['c'] || letters['u'] || letters['i']:
		for _, f := range files {
			c.w.ReadTree(f) // into the archive, a directory with all below it
		}
	}
}

// sqliteArCluster reads the cluster of option letters args[j] (with or
// without its dash, as tar's first word), marking them in letters; a
// letter that takes a value takes the rest of the word, else the next
// word. It returns the index of the last word used.
func sqliteArCluster(args []word.Word, j int, letters map[byte]bool) int {
	s := strings.TrimPrefix(args[j].Text, "-")
	for i := 0; i < len(s); i++ {
		letters[s[i]] = true
		if strings.IndexByte(sqliteArValued, s[i]) >= 0 {
			if i+1 == len(s) {
				j++
			}
			break
		}
	}
	return j
}
