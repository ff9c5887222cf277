package lang

// The working directory interpreter code moves to:
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
	// At is the offset in the code of its first directory change (0 when
	// guard cannot place it, the code's length when there is none): what
	// the code loads before it is loaded from the command's directory.
	At int
}

// Chdirs returns the directories code changes its working directory to:
// each call of a function named chdir or fchdir (any case, any
// qualifier: os.chdir, process.chdir, Dir.chdir, os.Chdir, lfs.chdir,
// contextlib.chdir) or a method cd (FileUtils.cd, shell.cd), and each
// keyword argument cwd= or cwd:, chdir: (subprocess.run(…, cwd='..'),
// execSync(…, {cwd: '..'}), ruby's system(…, chdir: '..'): the names the
// child is given are in that directory), outside the code's string
// literals. A call whose argument is one plain literal moves to it
// (relative to the directory before it, and, as the code may have moved
// back, to the command's); one with no argument to the home directory; any
// other is a directory guard cannot tell, and so is a literal that names
// chdir (getattr(os, 'chdir'), process['chdir']).
func Chdirs(code string) CodeDirs {
	out := CodeDirs{At: len(code)}
	lits := litSpans(code)
	switch fd := dirFd(code, lits); {
	case dynamicAccess(code, lits): // getattr(os, n)
		out.Unknown, out.At = true, 0
	case fd >= 0: // dir_fd=fd, os.fchdir(fd), os.chroot
		out.Unknown, out.At = true, fd
	}
	cur, calls := "", 0
	for i := 0; i < len(lits) && !out.Unknown; i++ {
		j, t := adjacentLits(code, lits, i, Unescape(code[lits[i].start:lits[i].end]))
		switch low := strings.ToLower(t); {
		case strings.Contains(low, "chdir"):
			out.Unknown = true // getattr(os, "ch" + "dir"), process["chdir"]
			out.At = min(out.At, lits[i].open)
		case low == "cwd" || low == "chdir":
			out.At = min(out.At, lits[i].open)
			if k, ok := quotedKeyword(code, lits[j].next); ok {
				if d, ok := chdirArg(code, k, lits, chdirKeyword); ok {
					cur = d
					out.Dirs = append(out.Dirs, d) // {"cwd": ".."}, o["cwd"] = ".."
					continue
				}
			}
			out.Unknown = true
		}
		i = j
	}
	for name, k := range codeIdents(code, lits) {
		mode := chdirName(code, name, k)
		if mode == 0 {
			continue
		}
		out.At = min(out.At, k-len(name))
		if mode == chdirCall && chdirValue(code, k-len(name), k) {
			out.Unknown = true // c = os.chdir; c('sub'): called later, with what guard cannot tell
			break
		}
		if calls++; len(out.Dirs) >= maxChdirs || calls > 4*maxChdirs {
			out.Unknown = true
			break
		}
		d, ok := chdirArg(code, k, lits, mode)
		switch {
		case !ok || strings.EqualFold(name, "fchdir"):
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

// chdirValue reports whether the chdir function named in code[start:k]
// is taken as a value, not called there: no ( follows it, and it is
// assigned (c = os.chdir), handed to a call or put in a list or mapping
// (f(os.chdir), [os.chdir], {"c": os.chdir}). It is called later, with an
// argument guard does not follow (FINDINGS60b B11).
func chdirValue(code string, start, k int) bool {
	if i := skipBlanks(code, k); i < len(code) && code[i] == '(' {
		return false
	}
	for start > 0 && (IdentByte(code[start-1]) || code[start-1] == '.') {
		start-- // the qualifier: os.chdir, self.os.chdir
	}
	b := strings.TrimRight(code[:start], " \t")
	if b == "" {
		return false
	}
	switch c := b[len(b)-1]; c {
	case ',', '(', '[', ':':
		return true
	case '=':
		return len(b) < 2 || !strings.ContainsRune("=!<>", rune(b[len(b)-2]))
	}
	return false
}

// quotedKeyword returns, for a key spelt as a literal that ends at
// code[i] ({"cwd": …}, o["cwd"] = …), the index of the : or = that gives
// its value.
func quotedKeyword(code string, i int) (int, bool) {
	i = skipBlanks(code, i)
	if i < len(code) && code[i] == ']' {
		i = skipBlanks(code, i+1)
	}
	if i < len(code) && (code[i] == ':' || code[i] == '=' && !strings.HasPrefix(code[i:], "==")) {
		return i, true
	}
	return 0, false
}

// How a directory change's argument is given.
const (
	chdirCall    = 1 // chdir(…), chdir …
	chdirKeyword = 2 // cwd=…, cwd: …, chdir: …
)

// chdirName returns how the identifier name ending at code[k] changes the
// directory, or 0 when it does not.
func chdirName(code, name string, k int) int {
	i := skipBlanks(code, k)
	keyword := i < len(code) && (code[i] == ':' && !strings.HasPrefix(code[i:], "::") ||
		code[i] == '=' && !strings.HasPrefix(code[i:], "=="))
	switch {
	case keyword && (strings.EqualFold(name, "cwd") || strings.EqualFold(name, "chdir")):
		return chdirKeyword
	case strings.EqualFold(name, "chdir") || strings.EqualFold(name, "fchdir"):
		return chdirCall
	case strings.EqualFold(name, "cd") && k > len(name) && code[k-len(name)-1] == '.':
		return chdirCall
	}
	return 0
}

// chdirArg reads the argument of the directory change whose name ends at
// code[k]: a plain literal ('..'), or none (perl's chdir;, ruby's
// Dir.chdir do … end); ok is false for anything else.
func chdirArg(code string, k int, lits []lit, mode int) (string, bool) {
	i := skipBlanks(code, k)
	paren := i < len(code) && code[i] == '('
	if mode == chdirKeyword {
		paren, i = true, skipBlanks(code, i+1) // cwd=…: ends at , ) }
	} else if paren {
		i = skipBlanks(code, i+1)
	}
	if i >= len(code) || mode == chdirCall && endsArg(code[i:], paren) {
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
// argument, ends the argument: ) } ; a newline, a , or ] inside the
// parentheses, or (without them) perl's or/and/||/&&, ruby's do or {.
func endsArg(s string, paren bool) bool {
	switch s[0] {
	case ')', ';', '\n', '\r':
		return true
	case ',', ']':
		return paren
	case '}':
		return true
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
