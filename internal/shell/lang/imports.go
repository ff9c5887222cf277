package lang

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// What interpreter code loads besides itself: the modules it imports by
// name (import m, require("./m"), use M), the files it runs by their path
// (exec(open("m.py").read()), require "./m.pm", load "m.rb"), the
// directories it adds to its search path (perl's use lib), and whether it
// hands a loader a name guard cannot read (import_module(v), require(v)).
// Package shell resolves the names to the files the interpreter would load.

// Family is a language whose loading of other files guard follows.
type Family uint8

// The languages Imports reads.
const (
	NoFamily Family = iota
	Python
	Node // JavaScript and TypeScript: node, bun, deno, tsx, ts-node
	Perl
	Ruby
	Lua
	PHP
	R
)

// FamilyOf returns the language of the interpreter called name
// (python3.12, nodejs, perl5.36, luajit); NoFamily for another program.
func FamilyOf(name string) Family {
	base := strings.TrimRight(name, "0123456789.-")
	switch base {
	case "python", "pypy":
		return Python
	case "node", "nodejs", "bun", "deno", "tsx", "ts-node":
		return Node
	case "perl":
		return Perl
	case "ruby":
		return Ruby
	case "lua", "luajit":
		return Lua
	case "php":
		return PHP
	case "rscript":
		return R
	}
	return NoFamily
}

// Loads is what code loads besides itself (see Imports).
type Loads struct {
	// Modules are the names it imports, as the language writes them:
	// a.b and .a (python, lua), ./x, ../x, /x or x (node, ruby), A::B
	// (perl).
	Modules []string
	// Files are files it runs by their path.
	Files []string
	// Named are files it names that it may run (python's "x.py" literals):
	// a guess, so one the command changes unseen is not "cannot tell".
	Named []string
	// Dirs are directories it adds to its search path (use lib 'D').
	Dirs []string
	// SiteDirs are directories python code hands site.addsitedir: their
	// *.pth files run.
	SiteDirs []string
	// Stars are the packages python code star-imports (from P import *):
	// each submodule P's __all__ names is imported too.
	Stars []string
	// WorkDir: it adds the working directory to its search path
	// (sys.path.append(os.getcwd())).
	WorkDir bool
	// Dynamic: a loader is handed a name guard cannot read.
	Dynamic bool
}

// maxLoads bounds the names Imports returns for one text.
const maxLoads = 64

// Imports returns what code in language f loads besides itself.
func Imports(f Family, code string) Loads {
	var l Loads
	switch f {
	case Python:
		pythonImports(code, &l)
	case Node:
		nodeImports(code, &l)
	case Perl:
		perlImports(code, &l)
	case Ruby:
		l.calls(code, []string{"require", "require_relative"}, false)
		l.calls(code, []string{"load"}, true)
		if strings.Contains(code, "eval") {
			l.calls(code, []string{"File.read", "IO.read"}, true)
		}
	case Lua:
		l.calls(code, []string{"require"}, false)
		l.calls(code, []string{"dofile", "loadfile"}, true)
	case PHP:
		l.calls(code, []string{"include", "include_once", "require", "require_once"}, true)
	case R:
		l.calls(code, []string{"source", "sys.source"}, true)
	}
	l.Modules = bounded(l.Modules)
	l.Files = bounded(l.Files)
	l.Named = bounded(l.Named)
	l.Dirs = bounded(l.Dirs)
	l.SiteDirs = bounded(l.SiteDirs)
	return l
}

// bounded returns s without repeats and empty names, at most maxLoads long.
func bounded(s []string) []string {
	var out []string
	for _, x := range s {
		if x != "" && len(out) < maxLoads && !contains(out, x) {
			out = append(out, x)
		}
	}
	return out
}

func contains(s []string, x string) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}

// calls adds, for each call of a function in fns, its first argument: a
// literal is a module (a file with files), anything else makes l Dynamic.
// Ruby's require_relative "x" is the module ./x.
func (l *Loads) calls(code string, fns []string, files bool) {
	for _, fn := range fns {
		for off := 0; off < len(code); {
			at, next, ok := nextCall(code, fn, off)
			if at < 0 {
				break
			}
			off = next
			if !ok || at >= len(code) || at == next && code[at] != ' ' && code[at] != '"' && code[at] != '\'' {
				continue
			}
			name, lit := importLiteral(code, at)
			switch {
			case !lit && strings.ContainsRune(code[next:at], '('):
				l.Dynamic = true // require(v)
			case !lit:
			case files:
				l.Files = append(l.Files, name)
			case fn == "require_relative" && !strings.HasPrefix(name, "."):
				l.Modules = append(l.Modules, "./"+name)
			default:
				l.Modules = append(l.Modules, name)
			}
		}
	}
}

// importLiteral returns the string literal starting at code[i] ('…', "…", `…`
// without ${}), or false.
func importLiteral(code string, i int) (string, bool) {
	if i >= len(code) || code[i] != '\'' && code[i] != '"' && code[i] != '`' {
		return "", false
	}
	end := quoteEnd(code, i)
	if end < 0 {
		return "", false
	}
	s := code[i+1 : end]
	if code[i] == '`' && strings.Contains(s, "${") || code[i] == '"' && strings.ContainsAny(s, "$@#{") && !strings.HasPrefix(s, "./") {
		return "", false // interpolated
	}
	if rest := strings.TrimLeft(code[end+1:], " \t"); rest != "" && strings.IndexByte("+.%[*", rest[0]) >= 0 {
		return "", false // computed: "c" + "11", "m%d" % i, "m{}".format(i)
	}
	return Unescape(s), true
}

// statements splits code at line ends and semicolons.
func statements(code string) []string {
	return strings.FieldsFunc(code, func(r rune) bool { return r == '\n' || r == ';' || r == '\r' })
}

// pythonImports reads import and from … import statements (also after a
// compound statement's colon: try: import m), __import__, import_module
// and run_module calls, and the files run_path, exec(open(F)) and
// compile(open(F)) run.
func pythonImports(code string, l *Loads) {
	split := strings.NewReplacer(",", " , ", "(", " ", ")", " ", "\\", " ") // built once a text, not a statement
	for _, st := range statements(joinParens(code)) {
		if i := strings.LastIndexByte(st, ':'); i >= 0 && !strings.ContainsAny(st[i:], `'"`) {
			st = st[i+1:] // try: import m, if x: from m import y
		}
		fields := strings.Fields(split.Replace(st))
		switch {
		case len(fields) > 1 && fields[0] == "import":
			for _, n := range importNames(fields[1:]) {
				l.Modules = append(l.Modules, n)
			}
		case len(fields) > 3 && fields[0] == "from" && fields[2] == "import" && pythonModule(fields[1]):
			from := fields[1]
			l.Modules = append(l.Modules, from)
			if fields[3] == "*" {
				l.Stars = append(l.Stars, from)
			}
			for _, n := range importNames(fields[3:]) {
				sep := "."
				if strings.HasSuffix(from, ".") {
					sep = "" // from . import m
				}
				l.Modules = append(l.Modules, from+sep+n) // a submodule, when it is one
			}
		}
	}
	tokenImports(code, l) // python's logical lines: \⏎, brackets, zz . zm
	l.calls(code, []string{"__import__", "import_module", "run_module"}, false)
	l.calls(code, []string{"run_path", "execfile"}, true)
	evaluates := Evaluates(Python, code)
	if evaluates || strings.Contains(code, "exec(") || strings.Contains(code, "compile(") {
		l.calls(code, []string{"open"}, true)
	}
	if strings.Contains(code, "addsitedir") {
		var s Loads
		s.calls(code, []string{"addsitedir"}, true) // site.addsitedir("d"): its .pth files run
		l.SiteDirs = append(l.SiteDirs, s.Files...)
		l.Dynamic = l.Dynamic || s.Dynamic
	}
	pathEdit := strings.Contains(code, "sys.path") || strings.Contains(code, "zipimport") || strings.Contains(code, "addsitedir")
	if pathEdit {
		searchPath(Python, code, l) // sys.path.insert(0, d): a directory guard cannot tell (searchpath.go)
	}
	for _, s := range Literals(code) {
		switch {
		case strings.HasSuffix(s, ".py"):
			l.Named = append(l.Named, s)
		case pathEdit && pathEntry(s):
			l.Dirs = append(l.Dirs, s) // sys.path.insert(0, "lib.zip"), zipimporter("x.zip")
		case evaluates:
			// imp.load_source("m", "x.txt"), doctest.testfile("t.txt"):
			// code that runs text as code runs the files it names,
			// whatever they are called
			l.Named = append(l.Named, s)
		}
	}
}

// pathEntry reports whether literal s of code that changes python's module
// path may be an entry of it: one word (the loader bounds the entries).
func pathEntry(s string) bool {
	return s != "" && len(s) <= 4096 && !strings.ContainsAny(s, " \t\n\r\x00")
}

// joinParens returns code with the line ends inside parentheses made
// blanks: from m import (a,⏎ b) is one statement.
func joinParens(code string) string {
	b := []byte(code)
	depth := 0
	for i, c := range b {
		switch {
		case c == '(':
			depth++
		case c == ')' && depth > 0:
			depth--
		case c == '\n' && depth > 0:
			b[i] = ' '
		}
	}
	return string(b)
}

// importNames returns the module names of an import list: a, b.c as d, e.
func importNames(fields []string) []string {
	var out []string
	take := true
	for _, f := range fields {
		switch {
		case f == ",":
			take = true
		case take && pythonModule(f) && !strings.HasPrefix(f, "."):
			out = append(out, f)
			take = false
		default:
			take = false // as NAME, *
		}
	}
	return out
}

// pythonModule reports whether s is a module name of an import: a dotted
// name, with leading dots for a relative one.
func pythonModule(s string) bool {
	rest := strings.TrimLeft(s, ".")
	if rest == "" {
		return s != ""
	}
	for _, p := range strings.Split(rest, ".") {
		if !word.IsName(p) {
			return false
		}
	}
	return true
}

// nodeImports reads require() and import() calls, child_process.fork's
// module, import … from "X",
// import "X" and export … from "X", and the files eval or the vm module
// run from readFileSync.
func nodeImports(code string, l *Loads) {
	l.calls(code, []string{"require", "import"}, false)
	if strings.Contains(code, "fork") {
		// child_process.fork("m/index") runs a main module; a computed
		// one (cluster.fork(), fork(path.join(…))) is a child guard reads
		// as spawn's.
		var forks Loads
		forks.calls(code, []string{"fork"}, true)
		l.Files = append(l.Files, forks.Files...)
	}
	for _, kw := range []string{"from", "import"} {
		for off := 0; off < len(code); {
			i := strings.Index(code[off:], kw)
			if i < 0 {
				break
			}
			i += off
			off = i + len(kw)
			if i > 0 && (word.IsWordChar(code[i-1]) || code[i-1] == '.') {
				continue
			}
			k := off
			for k < len(code) && (code[k] == ' ' || code[k] == '\t') {
				k++
			}
			if k == off {
				continue
			}
			if name, ok := importLiteral(code, k); ok {
				l.Modules = append(l.Modules, name)
			}
		}
	}
	for _, s := range Literals(code) {
		for _, ext := range []string{".js", ".mjs", ".cjs", ".ts", ".mts", ".cts"} {
			if !strings.HasSuffix(s, ext) {
				continue
			}
			if nodeLoads(code, s) {
				l.Files = append(l.Files, s)
			} else {
				l.Named = append(l.Named, s) // a guess, as python's "x.py" literals
			}
		}
	}
	if strings.Contains(code, "paths") {
		searchPath(Node, code, l) // module.paths.push(d) (searchpath.go)
	}
	if strings.Contains(code, "eval(") || strings.Contains(code, "runIn") || strings.Contains(code, "Function(") || strings.Contains(code, "Script(") {
		l.calls(code, []string{"readFileSync"}, true)
	}
}

// perlImports reads use, no and require statements (a module, A::B, or a
// file, require "x.pl"), do "FILE", and use lib's directories.
func perlImports(code string, l *Loads) {
	split := strings.NewReplacer("{", " ", "}", " ", "(", " ", ")", " ")
	for _, st := range statements(code) {
		fields := strings.Fields(split.Replace(st))
		for i := 0; i+1 < len(fields); i++ {
			kw, arg := fields[i], fields[i+1]
			switch {
			case kw == "use" && arg == "lib":
				l.Dirs = append(l.Dirs, perlWords(strings.Join(fields[i+2:], " "))...)
			case (kw == "use" || kw == "no") && (arg == "parent" || arg == "base"):
				for _, m := range perlWords(strings.Join(fields[i+2:], " ")) {
					if m != "-norequire" {
						l.Modules = append(l.Modules, m)
					}
				}
			case (kw == "require" || kw == "do") && (arg == "q" || arg == "qq") && i+2 < len(fields):
				l.Files = append(l.Files, fields[i+2]) // require q(Evm.pm)
			case (kw == "use" || kw == "no" || kw == "require") && perlModule(arg):
				l.Modules = append(l.Modules, arg)
			case kw == "require" && strings.HasPrefix(arg, "$"):
				l.Dynamic = true
			}
		}
	}
	l.calls(code, []string{"require", "do"}, true)
}

// perlWords returns the literal words of a perl list: 'a', "b", qw(c d).
func perlWords(s string) []string {
	s = strings.TrimSpace(s)
	if rest, ok := strings.CutPrefix(s, "qw"); ok && rest != "" {
		return strings.Fields(strings.Trim(rest, "()[]{}/<>|!;, "))
	}
	return Literals(s)
}

// perlModule reports whether s is a module name: A, A::B (a version or a
// pragma's number is none).
func perlModule(s string) bool {
	s = strings.TrimRight(s, ";")
	if s == "" {
		return false
	}
	for _, p := range strings.Split(s, "::") {
		if !word.IsName(p) {
			return false
		}
	}
	return true
}

// nodeLoads reports whether code loads the file literal s by require,
// import or a dynamic import: a run, not a guess.
func nodeLoads(code, s string) bool {
	for _, q := range [...]string{"'", "\"", "`"} {
		for _, lead := range [...]string{"require(", "import(", "from ", "import "} {
			if strings.Contains(code, lead+q+s+q) || strings.Contains(code, lead+" "+q+s+q) {
				return true
			}
		}
	}
	return false
}
