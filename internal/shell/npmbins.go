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
			if c.installedBin(f) {
				break // an installed package's program, not read as node's modules are not (nodemodules.go)
			}
			if t, ok := c.w.FileText(f, true, effect.MaxScriptBytes, "a package script's program"); ok && nodeProgram(t) {
				c.scanFile(t, false) // a package's node program: as node f reads its text
			} else if ok && !binary([]byte(t)) {
				c.scanWords(strings.Split(t, "\n"), nil, effect.MaxScriptBytes)
			}
			break
		}
	}
}

// installedBin reports whether bin file f (DIR/node_modules/.bin/NAME) is
// the link a package manager makes to an installed package's program
// (../vite/bin/vite.js): a package of the project's node_modules, which
// guard does not read, as it does not read what require("vite") loads
// (nodemodules.go), unless the command wrote below that node_modules
// (then the file is read as the command left it). Its words are
// JavaScript, whose lines read as a shell's gave blocks on every real
// CLI (FINDINGS59a FP3: postcss-cli, vite, eslint).
func (c *cmd) installedBin(f string) bool {
	st, ok := c.w.Files.(effect.Stater)
	if !ok || c.w.rootProbes >= maxRootProbes {
		return false
	}
	c.w.rootProbes++
	kind, target := st.Lstat(c.w.Where(f))
	bin := path.Dir(f)
	pkg := path.Join(bin, target)
	nm := path.Dir(bin)
	if kind != effect.EntryLink || path.IsAbs(target) || !strings.HasPrefix(pkg, nm+"/") || strings.HasPrefix(pkg, bin+"/") {
		return false
	}
	return !c.wroteBelow(c.absPath(nm))
}

// nodeProgram reports whether text is a program node runs: its #! line
// names node (#!/usr/bin/env node, #!/usr/bin/env -S node --flag,
// #!/usr/local/bin/node). Its lines are JavaScript, not a shell's
// (FINDINGS59a FP3: a real postcss-cli's were walked as commands).
func nodeProgram(text string) bool {
	line, _, _ := strings.Cut(text, "\n")
	rest, ok := strings.CutPrefix(line, "#!")
	if !ok {
		return false
	}
	for _, f := range strings.Fields(rest) {
		if b := path.Base(f); b == "node" || b == "nodejs" {
			return true
		}
		if b := path.Base(f); b != "env" && !strings.HasPrefix(f, "-") {
			return false
		}
	}
	return false
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
