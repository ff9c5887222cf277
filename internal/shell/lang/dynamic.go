package lang

// Code that reaches a function or an attribute by a name it computes:
// getattr(os, "ch" + "dir"), os.__dict__[n],
// vars(os)[n], globals()[n], process[n], Reflect.get(o, n), ruby's
// send/public_send/method, perl's &{"…"} and ->can(…). What it calls
// cannot be told from the names the code spells.

import (
	"sort"
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// dynamicNames are the identifiers by which code reaches a name it
// computes: python's attribute and namespace lookups, ruby's and
// javascript's reflection.
var dynamicNames = [...]string{"__dict__", "vars", "globals", "locals", "__getattribute__", "__getattr__",
	"instance_method", "Reflect"}

// sendNames are ruby's calls of a method by a name given as their first
// argument.
var sendNames = [...]string{"send", "public_send", "__send__", "method"}

// dirFdNames are the names of the calls and keyword arguments that resolve
// a relative name against a directory descriptor, not the working
// directory: python's dir_fd=, src_dir_fd=, dst_dir_fd=, the *at() calls,
// fchdir and chroot.
var dirFdNames = [...]string{"dir_fd", "src_dir_fd", "dst_dir_fd", "openat", "openat2", "fchdir", "chroot",
	"mkdirat", "unlinkat", "renameat", "renameat2", "linkat", "symlinkat", "fstatat", "faccessat", "fchmodat",
	"fchownat", "readlinkat", "utimensat", "mknodat"}

// DynamicAccess reports whether code reaches a function or attribute by a
// name it computes: a getattr/setattr/hasattr whose name is not one plain
// literal, or any of dynamicNames, a perl call through a string or code
// reference (&{…}, &$f, ->can), a javascript lookup of process, global,
// globalThis or a module by a computed key (process[k]).
func DynamicAccess(code string) bool {
	return dynamicAccess(code, litSpans(code))
}

// dynamicAccess is DynamicAccess of code whose literals are lits.
func dynamicAccess(code string, lits []lit) bool {
	for name, k := range codeIdents(code, lits) {
		i := skipBlanks(code, k)
		switch {
		case name == "getattr" || name == "setattr" || name == "hasattr":
			if i < len(code) && code[i] == '(' && !plainSecondArg(code, i+1, lits) {
				return true
			}
		case name == "can" && k > 5 && strings.HasSuffix(code[:k-3], "->"):
			return true
		case name == "process" || name == "global" || name == "globalThis":
			if i < len(code) && code[i] == '[' && !plainKey(code, i+1, lits) {
				return true
			}
		case isSend(name):
			if i < len(code) && code[i] == '(' {
				i = skipBlanks(code, i+1)
			}
			if i < len(code) && code[i] != ':' && !plainKey(code, i, lits) {
				return true // o.send(n), o.method(n); not o.send(:name)
			}
		case (name == "vars" || name == "globals" || name == "locals") && (i >= len(code) || code[i] != '('):
			// perl's use vars: a pragma, not python's vars(o)
		default:
			for _, d := range dynamicNames {
				if name == d {
					return true
				}
			}
		}
	}
	for _, p := range [...]string{"&{", "&$", ")["} {
		found := outsideLits(code, p, lits, func(k int) bool {
			// &{…}, &$x; require("os")[k]
			return p != ")[" || strings.Contains(code[max(0, k-256):k], "require") && !plainKey(code, k+2, lits)
		})
		if found {
			return true
		}
	}
	return false
}

// outsideLits calls f with the offset of each occurrence of s in code
// outside its literals (lits), in order, until f returns true; it reports
// whether one did.
func outsideLits(code, s string, lits []lit, f func(k int) bool) bool {
	for off := 0; off < len(code); {
		k := strings.Index(code[off:], s)
		if k < 0 {
			return false
		}
		k += off
		off = k + len(s)
		if !inLit(lits, k) && f(k) {
			return true
		}
	}
	return false
}

// DirFd reports whether code resolves names against a directory
// descriptor or changes its root (dirFdNames), outside its literals.
func DirFd(code string) bool {
	return dirFd(code, litSpans(code)) >= 0
}

// dirFd is DirFd of code whose literals are lits: the offset of the first
// such name, or -1.
func dirFd(code string, lits []lit) int {
	for name, k := range codeIdents(code, lits) {
		for _, d := range dirFdNames {
			if strings.EqualFold(name, d) {
				return k - len(name)
			}
		}
	}
	return -1
}

// plainSecondArg reports whether the call whose arguments start at
// code[i] has a second argument that is one plain literal.
func plainSecondArg(code string, i int, lits []lit) bool {
	depth := 0
	for ; i < len(code); i++ {
		if l, ok := litAt(lits, i); ok {
			i = l.next - 1
			continue
		}
		switch code[i] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			if depth == 0 {
				return false
			}
			depth--
		case ',':
			if depth == 0 {
				return plainKey(code, i+1, lits)
			}
		}
	}
	return false
}

// plainKey reports whether code from i holds one plain literal (no
// interpolation, no escape: "load\x45nvFile" is a name guard does not
// spell) followed by the end of an argument or a subscript.
func plainKey(code string, i int, lits []lit) bool {
	i = skipBlanks(code, i)
	for n := 0; n < 2 && i < len(code) && strings.IndexByte("rRbBuU", code[i]) >= 0; n++ {
		i++ // python's b"x", r'x' (not f"…": an interpolation)
	}
	l, ok := litAt(lits, i)
	if !ok || l.command || code[l.open] == '`' || strings.ContainsAny(code[l.start:l.end], "{$#\\") {
		return false
	}
	j := skipBlanks(code, l.next)
	return j < len(code) && strings.IndexByte(",)]", code[j]) >= 0
}

// isSend reports whether name is one of sendNames.
func isSend(name string) bool {
	for _, s := range sendNames {
		if name == s {
			return true
		}
	}
	return false
}

// litAt returns the literal of lits (sorted by opener) that opens at
// code[i].
func litAt(lits []lit, i int) (lit, bool) {
	k := sort.Search(len(lits), func(j int) bool { return lits[j].open >= i })
	if k < len(lits) && lits[k].open == i {
		return lits[k], true
	}
	return lit{}, false
}

// inLit reports whether code[i] lies inside one of lits (sorted by
// opener).
func inLit(lits []lit, i int) bool {
	k := sort.Search(len(lits), func(j int) bool { return lits[j].open > i })
	return k > 0 && i < lits[k-1].next
}

// reflectNames are routes by which code reaches a function guard does not
// resolve, whatever name it is given: python's
// operator.attrgetter and methodcaller, pydoc.locate,
// pkgutil.resolve_name, a C library's functions (ctypes, cffi), the
// builtins and an object's class tree; node's internal bindings
// (process.binding), its module loader (module.constructor._load) and an
// object's constructor (”.constructor.constructor: Function).
var reflectNames = [...]string{"attrgetter", "methodcaller", "locate", "resolve_name", "ctypes", "cffi", "CDLL", "PyDLL",
	"dlopen", "__builtins__", "__subclasses__", "__globals__", "__base__", "__bases__", "__mro__", "binding", "_linkedBinding",
	"_load", "constructor", "getBuiltinModule"}

// aliasNames are, by language, the names that reach functions by a name
// (node's process and require, python's getattr and __import__): taken as a
// value (p = process; r = require), the name they reach is the alias's,
// which guard does not follow.
func aliasNames(f Family) []string {
	switch f {
	case Python:
		return []string{"getattr", "__import__", "import_module", "attrgetter", "methodcaller"}
	case Node:
		return []string{"process", "require", "module", "global", "globalThis"}
	}
	return nil
}

// maxLookups bounds the literal lookups ComputedCall reads as calls.
const maxLookups = 16

// ComputedCall reports whether code in language f calls a function by a
// route guard does not resolve: a name it computes
// (DynamicAccess), a reflective route whatever its name (reflectNames),
// an alias of a name-reaching object (aliasNames), or a lookup by a plain
// literal (getattr(os, "system"), require("child_process")["exec"]) of a
// function that hands the shell or an evaluator its argument. What such a
// call runs cannot be told from the names the code spells.
func ComputedCall(f Family, code string) bool {
	if f != Python && f != Node && f != Perl && f != Ruby && f != PHP {
		return false
	}
	lits := litSpans(code)
	if dynamicAccess(code, lits) {
		return true
	}
	aliases := aliasNames(f)
	for name, k := range codeIdents(code, lits) {
		for _, r := range reflectNames {
			if name == r {
				return true
			}
		}
		if contains(aliases, name) && aliasValue(code, name, k) {
			return true
		}
	}
	n := 0
	for _, l := range lits {
		if n >= maxLookups {
			return true
		}
		if !lookupLiteral(code, lits, l) {
			continue
		}
		n++
		probe := code + "\n" + Unescape(code[l.start:l.end]) + "(x)"
		if RunsShellText(f, probe) || Evaluates(f, probe) {
			return true // getattr(os, "system")(x): os.system(x)
		}
	}
	return false
}

// aliasValue reports whether the identifier name ending at code[k] is
// taken as a value: not an attribute of another object, and not followed by
// an attribute, a subscript or (for a function) a call.
func aliasValue(code, name string, k int) bool {
	if s := k - len(name); s > 0 && code[s-1] == '.' {
		return false // x.process
	}
	i := skipBlanks(code, k)
	if i >= len(code) {
		return true
	}
	switch name {
	case "process", "global", "globalThis", "module":
		return code[i] != '.' && code[i] != '['
	case "require":
		return code[i] != '(' && code[i] != '.'
	}
	return code[i] != '('
}

// lookupLiteral reports whether literal l is a plain name code looks a
// function up by: a subscript (o["exec"]) or the second argument of a
// lookup call (getattr(o, "system"), Reflect.get(o, "exec")).
func lookupLiteral(code string, lits []lit, l lit) bool {
	t := code[l.start:l.end]
	if l.command || t == "" || len(t) > 64 || strings.ContainsFunc(t, func(r rune) bool { return r > 127 || !word.IsWordChar(byte(r)) }) {
		return false
	}
	k := l.open - 1
	for k >= 0 && (code[k] == ' ' || code[k] == '\t') {
		k--
	}
	switch {
	case k > 0 && code[k] == '[':
		return word.IsWordChar(code[k-1]) || code[k-1] == ')' || code[k-1] == ']' // o["exec"], not ["exec"]
	case k > 0 && code[k] == ',':
		switch enclosingCall(code, lits, k) {
		case "getattr", "hasattr", "get", "send", "public_send", "__send__", "method":
			return true
		}
	}
	return false
}

// enclosingCall returns the name of the call whose argument list holds
// code[k] (getattr for getattr(__import__("os"), k)), looked for within
// 256 bytes, outside literals; "" when there is none.
func enclosingCall(code string, lits []lit, k int) string {
	depth := 0
	for i := k - 1; i >= max(0, k-256); i-- {
		if inLit(lits, i) {
			continue
		}
		switch code[i] {
		case ')', ']', '}':
			depth++
		case '[', '{':
			depth--
		case '(':
			if depth > 0 {
				depth--
				continue
			}
			s := i
			for s > 0 && word.IsWordChar(code[s-1]) {
				s--
			}
			return code[s:i]
		}
		if depth < 0 {
			return ""
		}
	}
	return ""
}
