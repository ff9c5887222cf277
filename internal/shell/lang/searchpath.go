package lang

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// Search paths code extends at run time: python's
// sys.path.insert(0, D), node's module.paths.push(D). A literal directory
// is searched as PYTHONPATH's and NODE_PATH's are; one built from the
// code's own file (os.path.dirname(__file__), Path(__file__).parent.parent)
// or the working directory is that place; anything else (a variable, an
// environment value, a loop) is a directory guard cannot tell, and the
// modules imported from it with it: Dynamic.

// Forms that extend a language's module search path; the rest of the
// statement is the directory. Arrays, not a map: nothing is built at init.
var (
	pyPathEdits   = [...]string{"sys.path.insert", "sys.path.append", "sys.path.extend", "sys.path[", "sys.path +=", "sys.path+=", "sys.path =", "sys.path=", "sys.meta_path", "sys.path_hooks"}
	nodePathEdits = [...]string{"module.paths.push", "module.paths.unshift", "module.paths =", "main.paths.push", "main.paths.unshift", "_initPaths", "globalPaths"}
)

// pathEdits returns the search-path edits of family f.
func pathEdits(f Family) []string {
	switch f {
	case Python:
		return pyPathEdits[:]
	case Node:
		return nodePathEdits[:]
	}
	return nil
}

// pathWords are the names an expression for a search-path directory may
// use and still name a place guard can tell: the code's own file and the
// working directory, through os.path and pathlib.
var pathWords = word.Set(" os path dirname abspath realpath normpath join __file__ __dirname Path parent parents resolve absolute str fspath pardir sys getcwd cwd process insert append extend push unshift module paths ")

// searchPath reads the search-path edits of code in family f into l: the
// directories they add relative to the code's own (Dirs), the working
// directory (WorkDir), or Dynamic.
func searchPath(f Family, code string, l *Loads) {
	for _, e := range pathEdits(f) {
		for off := 0; ; {
			i := strings.Index(code[off:], e)
			if i < 0 {
				break
			}
			i += off
			off = i + len(e)
			if i > 0 && (word.IsWordChar(code[i-1]) || code[i-1] == '.') && !strings.HasPrefix(e, "main.") {
				continue
			}
			if strings.HasPrefix(e, "sys.meta_path") || strings.HasPrefix(e, "sys.path_hooks") || e == "_initPaths" || e == "globalPaths" {
				l.Dynamic = true // an import hook, NODE_PATH read again: a finder guard cannot follow
				return
			}
			pathExpr(statementAt(code, off), l)
		}
	}
}

// pathExpr reads one expression that gives the search path a directory.
func pathExpr(expr string, l *Loads) {
	rest, ups, own := stripLiterals(expr), 0, false
	for _, id := range strings.FieldsFunc(rest, func(r rune) bool { return r > 127 || !word.IsWordChar(byte(r)) }) {
		switch {
		case strings.Trim(id, "0123456789") == "":
		case !pathWords.Has(id):
			l.Dynamic = true // sys.path.insert(0, d), module.paths.push(process.env.X)
			return
		case id == "__file__" || id == "__dirname":
			own = true
		case id == "dirname" || id == "parent":
			ups++
		case id == "getcwd" || id == "cwd":
			l.WorkDir = true
		}
	}
	lits := Literals(expr)
	if !own {
		l.Dirs = append(l.Dirs, lits...) // module.paths.push("lib")
		return
	}
	// os.path.join(os.path.dirname(os.path.dirname(__file__)), "lib"): the
	// code's directory's parent's lib (a literal's place is a guess).
	up := strings.Repeat("../", max(ups-1, 0))
	if len(lits) == 0 {
		lits = []string{"."}
	}
	for _, s := range lits {
		l.Dirs = append(l.Dirs, path.Join(up, s))
	}
	if len(lits) > 1 { // os.path.join(os.path.dirname(__file__), "..", "lib"): the parts joined
		l.Dirs = append(l.Dirs, path.Join(append([]string{up}, lits...)...))
	}
}

// statementAt returns code from off to the end of its statement: a line
// end or semicolon outside brackets and string literals.
func statementAt(code string, off int) string {
	depth := 0
	for k := off; k < len(code); k++ {
		switch c := code[k]; {
		case c == '\'' || c == '"' || c == '`':
			if e := quoteEnd(code, k); e > k {
				k = e
			}
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			if depth--; depth < 0 {
				return code[off:k]
			}
		case (c == '\n' || c == ';') && depth == 0:
			return code[off:k]
		}
	}
	return code[off:]
}

// stripLiterals returns expr with its string literals made blanks.
func stripLiterals(expr string) string {
	b := []byte(expr)
	for k := 0; k < len(b); k++ {
		if c := b[k]; c == '\'' || c == '"' || c == '`' {
			e := quoteEnd(expr, k)
			if e < 0 {
				e = len(b) - 1
			}
			for ; k <= e; k++ {
				b[k] = ' '
			}
		}
	}
	return string(b)
}
