package lang

import "strings"

// maxAllNames bounds the names read from one package's __all__.
const maxAllNames = 64

// PythonAll returns the names a python module's __all__ lists, read from
// its text (review 13a F8: from P import * imports each submodule of P that
// __all__ names), and whether guard could read them: every assignment to
// __all__ a list or tuple of string literals (a module without one has
// none, and imports no submodule by a star). An __all__ built otherwise
// (+=, .extend, a name, a call) or longer than maxAllNames is not read.
func PythonAll(text string) ([]string, bool) {
	var out []string
	for off := 0; off < len(text); {
		i := strings.Index(text[off:], "__all__")
		if i < 0 {
			break
		}
		i += off
		off = i + len("__all__")
		if i > 0 && text[i-1] != '\n' && text[i-1] != ' ' && text[i-1] != '\t' && text[i-1] != ';' {
			continue // x.__all__, my__all__: not the module's own
		}
		if ls := strings.LastIndexByte(text[:i], '\n') + 1; strings.TrimSpace(text[ls:i]) != "" {
			if t := strings.TrimSpace(text[ls:i]); t != ";" && !strings.HasSuffix(t, ";") {
				continue // print(__all__), a use
			}
		}
		rest := strings.TrimLeft(text[off:], " \t")
		if strings.HasPrefix(rest, ":") { // __all__: list[str] = [...]
			eq := strings.IndexByte(rest, '=')
			if eq < 0 {
				continue
			}
			rest = rest[eq:]
		}
		if !strings.HasPrefix(rest, "=") || strings.HasPrefix(rest, "==") {
			if strings.HasPrefix(strings.TrimLeft(rest, " \t"), "\n") || rest == "" {
				continue // a bare name on its own line
			}
			return nil, false // __all__ += …, __all__.extend(…)
		}
		names, end, ok := stringList(strings.TrimLeft(rest[1:], " \t"))
		if !ok || len(out)+len(names) > maxAllNames || !statementEnd(end) {
			return nil, false
		}
		out = append(out, names...)
	}
	return out, true
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
	for i := 1; i < len(s); {
		switch c := s[i]; {
		case c == closer:
			return out, s[i+1:], true
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',' || c == '\\':
			i++
		case c == '#':
			for i < len(s) && s[i] != '\n' {
				i++
			}
		case c == '\'' || c == '"':
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
