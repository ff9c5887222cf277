package hook

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
)

// maxGlobEntries bounds the entries guard lists of the directory of a
// glob it matches against the context files; past it the glob may name
// any of them.
const maxGlobEntries = 4096

// globUnder reports whether pat, a base name holding a glob character
// (`:.*##` is an awk field separator handed to a program guard does not
// know, `A*` a name the shell expands at run time), may name a context
// file, a file one imports or a directory above one in dir: the pattern
// matches a context file's name (one that does not exist yet too), the
// first name below dir of a file of the closure, or an entry of dir that
// is a symbolic link or has other hard links (a name guard cannot follow
// from the pattern). A pattern guard cannot match, or a directory it
// cannot list, counts as under(dir).
func (c *contexts) globUnder(dir, pat string) bool {
	if !strings.ContainsAny(pat, "*?[") {
		return false
	}
	if !c.under(dir) {
		return false
	}
	for _, n := range catalogue.ContextFiles {
		if m, ok := globMatch(pat, n); m || !ok {
			return true
		}
	}
	prefix := strings.TrimSuffix(dir, string(filepath.Separator)) + string(filepath.Separator)
	for _, f := range c.closure() {
		if rest, ok := strings.CutPrefix(f, prefix); ok {
			first, _, _ := strings.Cut(rest, string(filepath.Separator))
			if m, ok := globMatch(pat, first); m || !ok {
				return true
			}
		}
	}
	return linkedMatch(dir, pat)
}

// linkedMatch reports whether pat matches an entry of dir that is a
// symbolic link or a file with other hard links (or one guard cannot
// stat), or whether guard cannot list dir within maxGlobEntries.
func linkedMatch(dir, pat string) bool {
	d, err := os.Open(dir)
	if err != nil {
		return !os.IsNotExist(err)
	}
	defer d.Close()
	ents, err := d.ReadDir(maxGlobEntries + 1)
	if err != nil && len(ents) == 0 || len(ents) > maxGlobEntries {
		return true
	}
	for _, e := range ents {
		if m, ok := globMatch(pat, e.Name()); !m && ok {
			continue
		}
		if e.Type()&fs.ModeSymlink != 0 {
			return true
		}
		if e.IsDir() {
			continue // a directory above a closure file matched above
		}
		if _, links, ok := fileID(filepath.Join(dir, e.Name())); !ok || links > 1 {
			return true
		}
	}
	return false
}

// globMatch reports whether the shell pattern pat matches name, case
// folded too (a case-insensitive file system); ok is false for a pattern
// guard cannot read (a POSIX class such as [[:alpha:]]).
func globMatch(pat, name string) (match, ok bool) {
	pat, ok = goPattern(pat)
	if !ok {
		return false, false
	}
	m, err := path.Match(pat, name)
	if err != nil {
		return false, false
	}
	if !m {
		m, _ = path.Match(strings.ToLower(pat), strings.ToLower(name))
	}
	return m, true
}

// goPattern returns bash's pattern pat in path.Match's syntax: a `[`
// that no `]` closes and a final `\` are literal in bash, `[!…]` is Go's
// `[^…]`, and a `]` first in a class is one of its characters.
func goPattern(pat string) (string, bool) {
	if strings.Contains(pat, "[:") || strings.Contains(pat, "[=") || strings.Contains(pat, "[.") {
		return "", false
	}
	var b strings.Builder
	for i := 0; i < len(pat); i++ {
		switch ch := pat[i]; {
		case ch == '\\' && i+1 < len(pat):
			b.WriteString(pat[i : i+2])
			i++
		case ch == '\\':
			b.WriteString(`\\`)
		case ch == '[':
			end, class := bashClass(pat[i+1:])
			if end < 0 {
				b.WriteString(`\[`)
				continue
			}
			b.WriteString("[" + class + "]")
			i += end + 1
		default:
			b.WriteByte(ch)
		}
	}
	return b.String(), true
}

// bashClass returns the index in s (the text after a `[`) of the `]`
// that closes the class, -1 when none does, and the class's characters
// in path.Match's syntax.
func bashClass(s string) (int, string) {
	var b strings.Builder
	i := 0
	if i < len(s) && (s[i] == '!' || s[i] == '^') {
		b.WriteByte('^')
		i++
	}
	if i < len(s) && s[i] == ']' {
		b.WriteString(`\]`)
		i++
	}
	for ; i < len(s); i++ {
		switch s[i] {
		case ']':
			return i, b.String()
		case '\\':
			if i+1 < len(s) {
				b.WriteString(s[i : i+2])
				i++
				continue
			}
			return -1, ""
		case '[':
			b.WriteString(`\[`)
		default:
			b.WriteByte(s[i])
		}
	}
	return -1, ""
}
