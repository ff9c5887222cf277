package shell

import (
	"path"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
)

// Bounds of the node_modules/.bin lookup of a package's scripts.
const (
	// maxBinNames bounds the program names looked up.
	maxBinNames = 16
	// maxBinLevels bounds the directories walked up from the package's.
	maxBinLevels = 8
)

// npmBins scans, for the package.json scripts lines of the package in
// directory dir, the file each bare program name of theirs runs on the
// PATH npm, yarn, pnpm and bun give a script: the first
// DIR/node_modules/.bin/NAME there, from the package's directory up, a
// name the user's PATH would find elsewhere included (`eslint`, `node`).
// It is scanned as a recipe's script is (recipeScript): its words that may
// name a protected place; one the command changed unseen is hidden; a
// compiled program or one larger than a script is not read.
func (c *cmd) npmBins(dir string, lines []string) {
	for _, n := range scriptPrograms(lines) {
		for d, i := dir, 0; i < maxBinLevels; i++ {
			f := path.Join(d, "node_modules/.bin", n)
			if _, st := c.w.FileStatus(f, true, effect.MaxScriptBytes); st == effect.FileAbsent {
				if d == "/" || path.IsAbs(d) && path.Dir(d) == d {
					break
				}
				d = path.Join(d, "..")
				continue
			} else if st == effect.FileTooBig {
				break
			}
			if t, ok := c.w.FileText(f, true, effect.MaxScriptBytes, "a package script's program"); ok && !binary([]byte(t)) {
				c.scanWords(strings.Split(t, "\n"), nil, effect.MaxScriptBytes)
			}
			break
		}
	}
}

// scriptLines returns the lines of the scripts names run (with their pre
// and post scripts; every script for "*").
func scriptLines(scripts map[string]any, names []string) []string {
	var out []string
	if slices.Contains(names, "*") {
		for _, v := range scripts {
			if s, ok := taskCommand(v); ok {
				out = append(out, s)
			}
		}
		slices.Sort(out)
		return out
	}
	for _, n := range names {
		for _, k := range []string{"pre" + n, n, "post" + n} {
			if s, ok := taskCommand(scripts[k]); ok {
				out = append(out, s)
			}
		}
	}
	return out
}

// scriptPrograms returns the bare program names in a command's place of
// script lines (eslint of `eslint . && node x.js`), at most maxBinNames.
func scriptPrograms(lines []string) []string {
	var out []string
	for _, l := range lines {
		program := true
		for _, wd := range lang.SplitQuoted(l) {
			s := unglued(wd.Text)
			if program && s != "" && !strings.ContainsAny(s, "/\\$`=*?[{~") && !commandPlace(s, wd.Text, false) &&
				!slices.Contains(out, s) && len(out) < maxBinNames {
				out = append(out, s)
			}
			program = commandPlace(s, wd.Text, program)
		}
	}
	return out
}
