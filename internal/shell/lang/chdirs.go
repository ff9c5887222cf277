package lang

// The working directory interpreter code moves to (review 14a F14):
// os.chdir('..'), process.chdir('..'), perl's chdir '..', ruby's
// Dir.chdir('..'), php's chdir('..'), shelljs' shell.cd('..'). The
// relative names the code uses after it are names in that directory, not
// in the command's.

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// maxChdirs bounds the directory changes of one code text that are
// followed; past it where the code is is not known.
const maxChdirs = 8

// CodeDirs are the directories interpreter code may change to.
type CodeDirs struct {
	// Dirs are the directories its literal directory changes name, as the
	// command's shell would name them ("" for the home directory: perl's
	// and ruby's chdir with no argument).
	Dirs []string
	// Unknown: a directory change guard cannot work out (os.chdir(d),
	// os.chdir(os.pardir), os.fchdir(fd)): the code's relative names may
	// be in any directory.
	Unknown bool
}

// Chdirs returns the directories code changes its working directory to:
// each call of a function named chdir or fchdir (any case, any
// qualifier: os.chdir, process.chdir, Dir.chdir, os.Chdir, lfs.chdir,
// contextlib.chdir) or a method cd (FileUtils.cd, shell.cd), outside the
// code's string literals. A call whose argument is one plain literal
// moves to it (relative to the directory before it, and, as the code may
// have moved back, to the command's); one with no argument to the home
// directory; any other is a directory guard cannot tell.
func Chdirs(code string) CodeDirs {
	var out CodeDirs
	lits := litSpans(code)
	cur := ""
	for name, k := range codeIdents(code, lits) {
		method := k > len(name) && code[k-len(name)-1] == '.'
		f := strings.EqualFold(name, "fchdir")
		if !f && !strings.EqualFold(name, "chdir") && !(strings.EqualFold(name, "cd") && method) {
			continue
		}
		if len(out.Dirs) >= maxChdirs {
			out.Unknown = true
			break
		}
		d, ok := chdirArg(code, k, lits)
		switch {
		case !ok || f:
			out.Unknown = true
		case d == "" || strings.HasPrefix(d, "/") || strings.HasPrefix(d, "~"):
			cur = d
			out.Dirs = append(out.Dirs, d)
		default:
			out.Dirs = append(out.Dirs, d)
			if cur != "" || strings.HasPrefix(d, "..") {
				cur = path.Join(cur, d)
				out.Dirs = append(out.Dirs, cur)
			} else {
				cur = d
			}
		}
	}
	out.Dirs = dedupe(out.Dirs)
	return out
}

// chdirArg reads the argument of the directory change whose name ends at
// code[k]: a plain literal ('..'), or none (perl's chdir;, ruby's
// Dir.chdir do … end); ok is false for anything else.
func chdirArg(code string, k int, lits []lit) (string, bool) {
	i := skipBlanks(code, k)
	paren := i < len(code) && code[i] == '('
	if paren {
		i = skipBlanks(code, i+1)
	}
	if i >= len(code) || endsArg(code[i:], paren) {
		return "", true // chdir(), chdir; — the home directory
	}
	for _, l := range lits {
		if l.open != i {
			continue
		}
		t := Unescape(code[l.start:l.end])
		if l.command || strings.ContainsAny(t, "{$#\x00") || code[l.open] == '`' {
			return "", false // an interpolation, a command's output
		}
		if j := skipBlanks(code, l.next); j < len(code) && !endsArg(code[j:], paren) {
			return "", false // '..' + d, os.path.join('..', d)
		}
		if t == "" {
			return "", false
		}
		return t, true
	}
	return "", false
}

// endsArg reports whether s, what follows a directory change's name or its
// argument, ends the argument: ) , ; a newline, or (without a parenthesis)
// perl's or/and/||/&&, ruby's do or {.
func endsArg(s string, paren bool) bool {
	switch s[0] {
	case ')', ';', '\n', '\r':
		return true
	case ',':
		return paren
	case '{', '|', '&':
		return !paren
	}
	if paren {
		return false
	}
	for _, w := range []string{"or ", "and ", "do ", "do\n", "if ", "unless "} {
		if strings.HasPrefix(s, w) {
			return true
		}
	}
	return s == "or" || s == "do"
}

// skipBlanks returns the index of the first byte of code at or after i
// that is not a space or a tab.
func skipBlanks(code string, i int) int {
	for i < len(code) && (code[i] == ' ' || code[i] == '\t') {
		i++
	}
	return i
}

// litSpans returns code's literals in order of their openers.
func litSpans(code string) []lit {
	var out []lit
	eachLit(code, func(l lit) bool {
		out = append(out, l)
		return true
	})
	return out
}

// codeIdents yields each identifier of code outside the literals lits
// (sorted by opener) with the index just past it.
func codeIdents(code string, lits []lit) func(yield func(string, int) bool) {
	return func(yield func(string, int) bool) {
		li := 0
		for i := 0; i < len(code); {
			for li < len(lits) && lits[li].next <= i {
				li++
			}
			if li < len(lits) && lits[li].open <= i {
				i = lits[li].next
				continue
			}
			if !word.IsWordChar(code[i]) {
				i++
				continue
			}
			k := i
			for k < len(code) && word.IsWordChar(code[k]) {
				k++
			}
			if !yield(code[i:k], k) {
				return
			}
			i = k
		}
	}
}

// dedupe returns s without repeated entries, in order.
func dedupe(s []string) []string {
	var out []string
	for _, x := range s {
		dup := false
		for _, y := range out {
			dup = dup || x == y
		}
		if !dup {
			out = append(out, x)
		}
	}
	return out
}
