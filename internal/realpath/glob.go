package realpath

import (
	"os"
	gopath "path"
	"runtime"
	"strings"

	"github.com/guardhq/guard/internal/detect/path"
)

// Bounds of one Glob: the paths it returns and the directories it reads.
const (
	maxGlob     = 64
	maxGlobDirs = 64
)

// HasGlob reports whether p holds a shell pattern character: *, ? or [.
func HasGlob(p string) bool { return strings.ContainsAny(p, "*?[") }

// Glob returns the existing paths shell pattern p names, as bash expands an
// unquoted word by default: *, ? and [...] ([!...] too) match within one
// element, and a name starting with a dot only when the pattern's element
// starts with one (cat ~/.ss?/id_rsa is ~/.ssh/id_rsa; ls ~/* is not
// ~/.ssh); a .. goes up from where the directory before it leads. A leading ~, $HOME or ${HOME} is r's home. It returns nil for a
// relative p, when nothing matches (the shell then passes the word as it
// is), and on Windows; at most maxGlob paths, reading at most maxGlobDirs
// directories.
func (r *Resolver) Glob(p string) []string {
	if runtime.GOOS == "windows" || !HasGlob(p) {
		return nil
	}
	p = path.ExpandHome(p, r.home)
	if !strings.HasPrefix(p, "/") {
		return nil
	}
	cur := []string{"/"}
	dirs := 0
	for _, el := range strings.Split(strings.Trim(p, "/"), "/") {
		if el == "" {
			continue
		}
		var next []string
		if !HasGlob(el) {
			for _, c := range cur {
				next = append(next, r.join(c, el))
			}
			cur = next
			continue
		}
		pat := goPattern(el)
		if extglob(el) {
			pat = "*"
		}
		for _, c := range cur {
			if dirs == maxGlobDirs {
				break
			}
			dirs++
			entries, err := os.ReadDir(c)
			if err != nil {
				continue
			}
			for _, e := range entries {
				name := e.Name()
				if name[0] == '.' && el[0] != '.' {
					continue
				}
				if matchPattern(pat, name) && len(next) < maxGlob {
					next = append(next, gopath.Join(c, name))
				}
			}
		}
		cur = next
		if len(cur) == 0 {
			return nil
		}
	}
	return cur
}

// MatchElem reports whether bash pattern element el (*, ?, [...] with
// [!...], [^...] and [:class:] members; see goPattern) may match name, as
// Glob matches one element. Default-deny: a pattern it cannot read, or
// one holding an extglob group (@(…), !(…), +(…), *(…), ?(…)), matches
// every name. Braces are the shell's, expanded before (shell.Analyze).
func MatchElem(el, name string) bool {
	if extglob(el) {
		return true
	}
	return matchPattern(goPattern(el), name)
}

// matchPattern reports whether path.Match pattern pat matches name; a
// pattern Go cannot read is taken to match: the check then covers more
// names, never fewer.
func matchPattern(pat, name string) bool {
	ok, err := gopath.Match(pat, name)
	return ok || err != nil
}

// extglob reports whether el holds one of bash's extglob groups.
func extglob(el string) bool {
	for _, g := range []string{"@(", "!(", "+(", "*(", "?("} {
		if strings.Contains(el, g) {
			return true
		}
	}
	return false
}

// join returns directory c's element el as the kernel reaches it: a ..
// goes up from where c leads (w/.. with w -> ~/work is the home), not
// from the text.
func (r *Resolver) join(c, el string) string {
	if el == ".." {
		if real := r.Current(c); len(real) > 0 {
			c = real[0]
		}
	}
	return gopath.Join(c, el)
}

// posixClasses are bash's bracket classes as ranges path.Match reads.
var posixClasses = strings.NewReplacer(
	"[:alpha:]", "a-zA-Z", "[:digit:]", "0-9", "[:alnum:]", "a-zA-Z0-9", "[:upper:]", "A-Z",
	"[:lower:]", "a-z", "[:xdigit:]", "0-9a-fA-F", "[:space:]", " \t\n\r\v\f", "[:blank:]", " \t",
	"[:punct:]", "!-/:-@\\[-`{-~", "[:word:]", "a-zA-Z0-9_", "[:print:]", " -~", "[:graph:]", "!-~",
	"[:cntrl:]", "\x00-\x1f", "[:ascii:]", "\x00-\x7f")

// knownClass reports whether class ([:name:]) is one posixClasses writes
// as ranges.
func knownClass(class string) bool {
	return posixClasses.Replace(class) != class
}

// goPattern writes bash pattern element el in path.Match's syntax: [!…] is
// [^…], a ] first in a class is a member, and [:alpha:] and the other
// classes are ranges; a class holding a collating symbol ([.r.]), an
// equivalence class ([=r=]) or a class name path.Match has no ranges for
// is any one character.
func goPattern(el string) string {
	var b strings.Builder
	for i := 0; i < len(el); i++ {
		c := el[i]
		if c == '\\' && i+1 < len(el) {
			b.WriteString(el[i : i+2])
			i++
			continue
		}
		if c != '[' {
			b.WriteByte(c)
			continue
		}
		// A class: up to the ] that closes it, [:name:] inside.
		j := i + 1
		neg := j < len(el) && (el[j] == '!' || el[j] == '^')
		if neg {
			j++
		}
		start := j
		if j < len(el) && el[j] == ']' {
			j++
		}
		opaque := false // a collating symbol, an equivalence class, a class path.Match lacks
		for j < len(el) && el[j] != ']' {
			if el[j] == '[' && j+1 < len(el) && (el[j+1] == ':' || el[j+1] == '.' || el[j+1] == '=') {
				if k := strings.Index(el[j+2:], string(el[j+1])+"]"); k >= 0 {
					if el[j+1] != ':' || !knownClass(el[j:j+k+4]) {
						opaque = true
					}
					j += k + 4
					continue
				}
			}
			j++
		}
		if j >= len(el) { // no closing ]: a literal [
			b.WriteString("\\[")
			continue
		}
		if opaque {
			// Matched as any one character: the check then covers more
			// names, never fewer.
			b.WriteByte('?')
			i = j
			continue
		}
		body := el[start:j]
		if strings.HasPrefix(body, "]") {
			body = "\\]" + body[1:]
		}
		if strings.HasPrefix(body, "-") {
			body = "\\-" + body[1:] // a member, as in bash ([!-]*), not a range
		}
		if len(body) > 1 && strings.HasSuffix(body, "-") && !strings.HasSuffix(body, "\\-") {
			body = body[:len(body)-1] + "\\-"
		}
		b.WriteByte('[')
		if neg {
			b.WriteByte('^')
		}
		b.WriteString(posixClasses.Replace(body))
		b.WriteByte(']')
		i = j
	}
	return b.String()
}
