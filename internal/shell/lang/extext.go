// The command languages of ex and vi (:!, ranges, abbreviations), ed and m4:
// the pure parts; escapes.go in package shell runs what they find.

package lang

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// ExRunsRest reports whether ex command name is a modifier or a command
// that runs the rest of its line as another command.
func ExRunsRest(name string) bool {
	return ExAbbrev(name, "silent", 3) || ExAbbrev(name, "global", 1) || ExAbbrev(name, "vglobal", 1) ||
		ExAbbrev(name, "bufdo", 4) || ExAbbrev(name, "windo", 5) || ExAbbrev(name, "tabdo", 5) || ExAbbrev(name, "argdo", 5) ||
		ExAbbrev(name, "folddoopen", 5) || ExAbbrev(name, "keepalt", 5) || ExAbbrev(name, "noautocmd", 3) ||
		ExAbbrev(name, "autocmd", 2) || ExAbbrev(name, "normal", 4) || ExAbbrev(name, "command", 3)
}

// exModifiers are the ex commands that run the command after them with a
// setting changed, each with the shortest abbreviation vim takes.
var exModifiers = [...]struct {
	full string
	min  int
}{
	{"silent", 3}, {"unsilent", 3}, {"keepalt", 5}, {"keepjumps", 5}, {"keepmarks", 3}, {"keeppatterns", 5},
	{"lockmarks", 3}, {"noautocmd", 3}, {"noswapfile", 3}, {"verbose", 4}, {"vertical", 4}, {"horizontal", 3},
	{"topleft", 2}, {"botright", 2}, {"aboveleft", 3}, {"belowright", 3}, {"leftabove", 5}, {"rightbelow", 6},
	{"tab", 3}, {"confirm", 4}, {"browse", 3}, {"sandbox", 3}, {"legacy", 3}, {"vim9cmd", 4}, {"hide", 3},
}

// ExModifier reports whether ex command name is a modifier (:silent!,
// :keepjumps, :verbose…): the rest of its line, after a ! of its own, is
// the command it runs.
func ExModifier(name string) bool {
	for _, m := range exModifiers {
		if ExAbbrev(name, m.full, m.min) {
			return true
		}
	}
	return false
}

// ExWord returns the name of the ex command l starts with, letters and
// digits (:py3file, :py3f), and the rest.
func ExWord(l string) (string, string) {
	i := 0
	for i < len(l) && (IsLetter(l[i]) || l[i] >= '0' && l[i] <= '9') {
		i++
	}
	return l[:i], l[i:]
}

// SkipExRange strips the colons, blanks and line range before an ex
// command (:%, :1,$, :'<,'>).
func SkipExRange(l string) string {
	l = strings.TrimLeft(l, " \t:")
	for l != "" {
		switch {
		case l[0] == '\'' && len(l) > 1:
			l = l[2:]
		case (l[0] == '/' || l[0] == '?') && len(l) > 1:
			end := strings.IndexByte(l[1:], l[0])
			if end < 0 {
				return ""
			}
			l = l[end+2:]
		case strings.IndexByte("0123456789%.,$;+- \t", l[0]) >= 0:
			l = l[1:]
		default:
			return l
		}
	}
	return l
}

// ExName splits an ex command into its name (letters) and the rest.
func ExName(l string) (string, string) {
	i := 0
	for i < len(l) && IsLetter(l[i]) {
		i++
	}
	return l[:i], l[i:]
}

// ExAbbrev reports whether name is ex command full or an abbreviation of it
// at least min letters long.
func ExAbbrev(name, full string, min int) bool {
	return len(name) >= min && strings.HasPrefix(full, name)
}

// ExRest returns what a modifier or a command that runs another command
// runs: after a ! of the modifier itself (silent!) and, for :global, after
// its pattern.
func ExRest(arg string) string {
	arg = strings.TrimPrefix(arg, "!")
	t := strings.TrimLeft(arg, " \t")
	if t != "" && !IsLetter(t[0]) && t[0] != '!' && t[0] != ':' {
		// g/re/CMD: the pattern ends at the second delimiter
		if end := strings.IndexByte(t[1:], t[0]); end >= 0 {
			return t[end+2:]
		}
	}
	// autocmd EVENT PAT CMD: each word may start the command; the first
	// ! starts a shell command
	if i := strings.IndexByte(t, '!'); i > 0 {
		return t[i:]
	}
	return t
}

// SkipExOpts strips the ++opt arguments of :terminal.
func SkipExOpts(arg string) string {
	for {
		t := strings.TrimLeft(arg, " \t")
		if !strings.HasPrefix(t, "++") {
			return t
		}
		_, arg, _ = strings.Cut(t, " ")
	}
}

// ExCode reports whether ex command name runs the rest of its line as an
// interpreter's code.
func ExCode(name string) bool {
	const code word.Set = " py python py3 python3 pyx pythonx pydo py3do lua luado perl perldo ruby rubydo tcl tcldo mz mzscheme "
	return code.Has(name)
}

// SkipEdAddress strips the address before an ed command: numbers, . $ , ;
// + - ^, marks 'x, and /re/ and ?re? searches.
func SkipEdAddress(l string) string {
	for l != "" {
		switch {
		case l[0] == '\'' && len(l) > 1:
			l = l[2:]
		case l[0] == '/' || l[0] == '?':
			end := strings.IndexByte(l[1:], l[0])
			if end < 0 {
				return ""
			}
			l = l[end+2:]
		case strings.IndexByte("0123456789.$,;+-^ \t", l[0]) >= 0:
			l = l[1:]
		default:
			return l
		}
	}
	return l
}

// M4Includes returns the files m4 text includes: include(F), sinclude(F),
// m4 quotes removed.
func M4Includes(t string) []string {
	var out []string
	for off := 0; off < len(t) && len(out) < 16; {
		i := strings.Index(t[off:], "include(")
		if i < 0 {
			break
		}
		off += i + len("include")
		if arg, ok := Balanced(t[off:]); ok {
			out = append(out, strings.Trim(strings.TrimSpace(arg), "`'[]"))
		}
	}
	return out
}

// Balanced returns what the brackets at the start of s enclose.
func Balanced(s string) (string, bool) {
	if i := closeAt(s, '(', ')'); i >= 0 {
		return s[1:i], true
	}
	return "", false
}

// Closing returns the index in s of the bracket that closes the one s
// starts with, ( or {, counting the brackets of that kind inside; -1 when
// none does or s starts with neither.
func Closing(s string) int {
	switch {
	case strings.HasPrefix(s, "("):
		return closeAt(s, '(', ')')
	case strings.HasPrefix(s, "{"):
		return closeAt(s, '{', '}')
	}
	return -1
}

// closeAt returns the index of the close that brings the count of open
// and close brackets in s, from its start, back to 0; -1 for none.
func closeAt(s string, open, close byte) int {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case open:
			depth++
		case close:
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}
