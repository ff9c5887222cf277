package shell

// A program word that is a pattern: bash expands it
// before it looks the program up, so /tmp/ph/bin/python[3] runs
// /tmp/ph/bin/python3 and /tmp/ph/bin/python* runs the first match with
// the others as its first arguments. The pattern's last component is
// matched against its directory's entries on disk; a directory guard
// cannot list leaves it "cannot tell which program runs".

import (
	"path"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// globProgram returns words with a pattern in the program word's last
// component replaced by the names it matches on disk, sorted as bash
// sorts them; words as they were when nothing matches (bash runs the
// word as written). A pattern guard cannot expand is hidden.
func (c *cmd) globProgram(words []word.Word) []word.Word {
	p := words[0].Text
	if !words[0].Known || !globbed(p) {
		return words // [ -s F ]: a bracket no ] closes is itself
	}
	dir, pat := path.Split(p)
	switch {
	case !globbed(pat):
		return words // /tmp/ph/*/python3: the name is known, its prefix is looked for from the pattern
	case globbed(dir) || strings.Contains(pat, `\`):
		c.w.hide("runs a program named by a pattern guard cannot expand (%s)", word.Quote(word.Render(p)))
		return words
	}
	if _, ok := c.w.Files.(effect.Lister); !ok {
		return words // no disk: nothing matches
	}
	names, ok := c.w.listDir(strings.TrimSuffix(dir, "/"))
	if !ok {
		c.w.hide("runs a program named by a pattern in a directory guard cannot list (%s)", word.Quote(word.Render(p)))
		return words
	}
	pat = bashClass(pat)
	var found []string
	for n := range names {
		n = strings.TrimSuffix(n, "/")
		if m, err := path.Match(pat, n); err == nil && m && (!strings.HasPrefix(n, ".") || strings.HasPrefix(pat, ".")) {
			found = append(found, dir+n)
		}
	}
	// bash expands the pattern when it runs: a file the command wrote
	// before is among the matches.
	written, hidden := c.w.WrittenMatches(p)
	if hidden {
		c.w.hide("runs a program named by a pattern a name the command writes may match (%s)", word.Quote(word.Render(p)))
		return words
	}
	for _, f := range written {
		if !slices.Contains(found, f) {
			found = append(found, f)
		}
	}
	if len(found) == 0 {
		return words
	}
	slices.Sort(found)
	out := make([]word.Word, 0, len(found)+len(words)-1)
	for _, f := range found {
		out = append(out, word.Word{Text: f, Known: true})
	}
	return append(out, words[1:]...)
}

// globbed reports whether s holds a character that makes bash expand it
// as a pattern: * or ?, or a [ that a later ] closes (an unclosed [ is
// matched as itself: the program [ is test).
func globbed(s string) bool {
	if strings.ContainsAny(s, "*?") {
		return true
	}
	i := strings.IndexByte(s, '[')
	return i >= 0 && strings.IndexByte(s[min(i+2, len(s)):], ']') >= 0
}

// bashClass writes bash's negated bracket [!…] as path.Match's [^…].
func bashClass(pat string) string {
	return strings.ReplaceAll(pat, "[!", "[^")
}
