package lang

import "strings"

// maxAllNames bounds the names read from one package's __all__.
const maxAllNames = 64

// PythonAll returns the names a python module's __all__ lists, read from
// its text (from P import * imports each submodule of P that __all__
// names), and whether guard could read them: every occurrence of the name
// __all__ an assignment at a statement's start of a list or tuple of string
// literals (a module without one has none, and imports no submodule by a
// star). Any other occurrence (+=, .extend, a chained or parenthesised
// target, a use, a string such as globals()["__all__"]), a write through
// the module's namespace (globals(), vars(), setattr, sys.modules), or more
// than maxAllNames names is "cannot tell": default-deny, never "nothing to
// follow".
func PythonAll(text string) ([]string, bool) {
	if namespaceWrite(text) {
		return nil, false
	}
	var out []string
	for off := 0; off < len(text); {
		i := strings.Index(text[off:], "__all__")
		if i < 0 {
			break
		}
		i += off
		off = i + len("__all__")
		if i > 0 && pyNameByte(text[i-1]) || off < len(text) && pyNameByte(text[off]) {
			continue // my__all__, __all__x: another name
		}
		names, ok := allAssignment(text, i, off)
		if !ok || len(out)+len(names) > maxAllNames {
			return nil, false
		}
		out = append(out, names...)
	}
	return out, true
}

// allAssignment reads the occurrence of __all__ at text[i:off]: the names
// of an assignment at a statement's start, none on a comment line; ok
// false for anything else (a bare name too: its brackets may start on the
// line before).
func allAssignment(text string, i, off int) ([]string, bool) {
	ls := strings.LastIndexByte(text[:i], '\n') + 1
	if p := strings.TrimLeft(text[ls:i], " \t"); strings.HasPrefix(p, "#") && !strings.ContainsAny(p, "'\"") {
		return nil, true // a comment line (no quote before: one could end a string the line is in)
	}
	if t := strings.TrimRight(text[ls:i], " \t"); strings.TrimLeft(t, " \t") != "" && !strings.HasSuffix(t, ";") {
		return nil, false // x = __all__ = …, (__all__), print(__all__): cannot tell
	}
	rest := strings.TrimLeft(text[off:], " \t")
	if strings.HasPrefix(rest, ":") { // __all__: list[str] = [...]
		eq := strings.IndexByte(rest, '=')
		if eq < 0 {
			return nil, false
		}
		rest = rest[eq:]
	}
	if !strings.HasPrefix(rest, "=") || strings.HasPrefix(rest, "==") {
		return nil, false // __all__ += …, __all__.extend(…)
	}
	names, end, ok := stringList(strings.TrimLeft(rest[1:], " \t"))
	if !ok || !statementEnd(end) {
		return nil, false
	}
	return names, true
}

// namespaceWrite reports whether text may write a module global by name
// at run time: globals(), vars(), setattr( or sys.modules.
func namespaceWrite(text string) bool {
	for _, w := range [...]string{"globals()", "vars(", "setattr(", "sys.modules", "__dict__"} {
		if strings.Contains(text, w) {
			return true
		}
	}
	return false
}

// statementEnd reports whether s, the text after a value, ends the
// statement: nothing but blanks or a comment before the line's end, or a
// semicolon (['a'] + sub.__all__ is not read).
func statementEnd(s string) bool {
	line, _, _ := strings.Cut(s, "\n")
	line = strings.TrimSpace(line)
	return line == "" || line[0] == '#' || line[0] == ';'
}

// stringList reads a list or tuple of string literals at the start of s
// ([ 'a', "b", ] or ('a',)), comments and line ends between them; it
// returns the text after it.
func stringList(s string) ([]string, string, bool) {
	if s == "" || s[0] != '[' && s[0] != '(' {
		return nil, "", false
	}
	closer := byte(']')
	if s[0] == '(' {
		closer = ')'
	}
	var out []string
	sep := true // a comma (or the opener) since the last literal
	for i := 1; i < len(s); {
		switch c := s[i]; {
		case c == closer:
			return out, s[i+1:], true
		case c == ',':
			sep = true
			i++
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\\':
			i++
		case c == '#':
			for i < len(s) && s[i] != '\n' {
				i++
			}
		case (c == '\'' || c == '"') && !sep:
			return nil, "", false // adjacent literals: python joins them
		case c == '\'' || c == '"':
			sep = false
			j := strings.IndexByte(s[i+1:], c)
			if j < 0 {
				return nil, "", false
			}
			lit := s[i+1 : i+1+j]
			if strings.ContainsAny(lit, "\\\n") || len(out) >= maxAllNames {
				return nil, "", false
			}
			out = append(out, lit)
			i += j + 2
		default:
			return nil, "", false
		}
	}
	return nil, "", false
}
