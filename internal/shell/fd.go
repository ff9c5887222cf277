package shell

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// fdValued are fd's options that take the next word.
const fdValued word.Set = " -e --extension -E --exclude -t --type -d --max-depth --min-depth --exact-depth -S --size " +
	"--changed-within --changed-before --newer --older -o --owner --path-separator -j --threads --max-results -c " +
	"--color --ignore-file --format --and --batch-size "

// fd walks its search paths (the working directory when none) as find
// does, printing what it finds or running -x/--exec CMD with each
// (-X/--exec-batch: with all at once): what it finds is DIR/… narrowed by
// names guard can read (-e EXT, a glob pattern with -g, a plain name as
// its regular expression matches it anywhere in a name), read and written
// by the command as find's. Hidden files count whatever
// -H says: an ignore file's !NAME line shows them (F10).
func (c *cmd) fd() {
	var dirs, exts []string
	pattern, havePattern, glob, full := "", false, false, false
	var actions []findAction
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].Text
		switch {
		case s == "-x" || s == "--exec" || s == "-X" || s == "--exec-batch":
			k := j + 1
			for k < len(c.args) && c.args[k].Text != ";" {
				k++
			}
			words := fdCommand(c.args[j+1:k], s == "-X" || s == "--exec-batch")
			actions = append(actions, findAction{words: words})
			for m := j + 1; m < k; m++ {
				c.kinds[m] = argCode
			}
			j = k
		case s == "-e" || s == "--extension":
			if j+1 < len(c.args) {
				exts = append(exts, "*."+strings.TrimPrefix(c.args[j+1].Text, "."))
				j++
			}
		case strings.HasPrefix(s, "--extension="):
			exts = append(exts, "*."+strings.TrimPrefix(strings.TrimPrefix(s, "--extension="), "."))
		case s == "--search-path" || s == "--base-directory":
			if j+1 < len(c.args) {
				dirs = append(dirs, c.args[j+1].Text)
				j++
			}
		case fdValued.Has(s):
			j++
		case s == "-g" || s == "--glob":
			glob = true
		case s == "-p" || s == "--full-path":
			full = true
		case strings.HasPrefix(s, "-") && len(s) > 1:
			full = full || !strings.HasPrefix(s, "--") && strings.Contains(s, "p")
			glob = glob || !strings.HasPrefix(s, "--") && strings.Contains(s, "g")
		case !havePattern:
			pattern, havePattern = s, true
			c.kinds[j] = argData
		default:
			dirs = append(dirs, s)
		}
	}
	for _, d := range dirs {
		c.w.Read(d)
	}
	c.unknownTreeLinks() // -L: where the links lead (recurselinks.go)
	if len(dirs) == 0 {
		dirs = []string{"."}
	}
	names := exts
	if len(names) == 0 && havePattern && !full {
		names = fdNames(pattern, glob)
	}
	narrowed := len(names) > 0
	outs := make([]string, 0, len(dirs))
	for _, d := range dirs[:min(len(dirs), 4)] {
		outs = append(outs, strings.TrimSuffix(c.w.CanonPath(d), "/")+"/…")
	}
	c.out.paths, c.out.names = outs, names
	f := &effect.Found{Paths: outs, Names: names}
	c.w.LastFind = f
	c.foundActions(f, narrowed, actions)
}

// fdNames returns the file names fd's pattern matches as a name pattern
// guard can check: a glob with -g (no /), a plain name (letters, digits,
// _, -, .: a . matches any character) anywhere in a name; nil else.
func fdNames(pattern string, glob bool) []string {
	if pattern == "" || pattern == "." || pattern == "^" {
		return nil
	}
	if glob {
		if strings.Contains(pattern, "/") {
			return nil
		}
		return []string{pattern}
	}
	for _, r := range pattern {
		if !word.IsWordChar(byte(r)) && r != '-' && r != '.' || r > 127 {
			return nil
		}
	}
	return []string{"*" + strings.ReplaceAll(pattern, ".", "?") + "*"}
}

// fdCommand returns the command fd runs with what it found: its words
// with each {} (and {/}, {//}, {.}, {/.}: parts of the path) the path,
// or the path appended when none holds one.
func fdCommand(words []word.Word, batch bool) []word.Word {
	out := make([]word.Word, 0, len(words)+1)
	has := false
	for _, w := range words {
		t := w.Text
		for _, ph := range []string{"{//}", "{/.}", "{/}", "{.}"} {
			t = strings.ReplaceAll(t, ph, fedName)
		}
		has = has || strings.Contains(t, fedName)
		out = append(out, word.Word{Text: t, Known: w.Known})
	}
	if !has && len(out) > 0 {
		out = append(out, word.Word{Text: fedName, Known: true})
	}
	_ = batch
	return out
}
