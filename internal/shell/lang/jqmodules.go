package lang

import "strings"

// maxJqModules bounds the module directives JqModules returns.
const maxJqModules = 32

// JqModule is one import or include directive of a jq program: the
// module's path as written, whether it is data (import "P" as $x: P.json),
// and the search paths its metadata gives ({search: "D"} or a list).
type JqModule struct {
	Path   string
	Data   bool
	Search []string
}

// JqModules returns the import and include directives of jq program
// text; more reports that the program holds a directive
// past the bound or one whose path interpolates.
func JqModules(text string) (mods []JqModule, more bool) {
	for i := 0; i < len(text); i++ {
		if text[i] == '#' { // a comment to the end of the line
			if nl := strings.IndexByte(text[i:], '\n'); nl >= 0 {
				i += nl
				continue
			}
			break
		}
		if text[i] == '"' {
			i = stringEnd(text, i)
			continue
		}
		kw := ""
		switch {
		case strings.HasPrefix(text[i:], "import") && jqKeyword(text, i, 6):
			kw = "import"
		case strings.HasPrefix(text[i:], "include") && jqKeyword(text, i, 7):
			kw = "include"
		default:
			continue
		}
		if len(mods) >= maxJqModules {
			return mods, true
		}
		rest := strings.TrimLeft(text[i+len(kw):], " \t\r\n")
		if rest == "" || rest[0] != '"' {
			continue // {import: 1}: a directive's path is a string literal
		}
		end := stringEnd(rest, 0)
		p := rest[1:min(end, len(rest))]
		if strings.Contains(p, `\(`) {
			return mods, true // an interpolation
		}
		m := JqModule{Path: p}
		tail := rest[min(end+1, len(rest)):]
		semi := strings.IndexByte(tail, ';')
		if semi < 0 {
			semi = len(tail)
		}
		dir := tail[:semi]
		if as := strings.TrimLeft(dir, " \t\r\n"); kw == "import" && strings.HasPrefix(as, "as") {
			m.Data = strings.HasPrefix(strings.TrimLeft(as[2:], " \t\r\n"), "$")
		}
		m.Search = jqSearch(dir)
		mods = append(mods, m)
		i += len(kw)
	}
	return mods, false
}

// jqKeyword reports whether text[i:i+n] is a word of its own.
func jqKeyword(text string, i, n int) bool {
	before := i == 0 || !isIdentByte(text[i-1]) && text[i-1] != '.' // .import: a field
	after := i+n >= len(text) || !isIdentByte(text[i+n])
	return before && after
}

func isIdentByte(b byte) bool {
	return b == '_' || b == '$' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

// stringEnd returns the index of the quote closing the string literal
// that starts at text[i], or len(text).
func stringEnd(text string, i int) int {
	for j := i + 1; j < len(text); j++ {
		switch text[j] {
		case '\\':
			j++
		case '"':
			return j
		}
	}
	return len(text)
}

// jqSearch returns the string literals after a search key in a module
// directive's metadata ({search: "D"}, {"search": ["A", "B"]}).
func jqSearch(meta string) []string {
	k := strings.Index(meta, "search")
	if k < 0 {
		return nil
	}
	var out []string
	rest := meta[k+len("search"):]
	for len(out) < maxJqModules {
		q := strings.IndexByte(rest, '"')
		if q < 0 {
			break
		}
		if q == 0 { // the key's own closing quote ("search")
			rest = rest[1:]
			continue
		}
		end := stringEnd(rest, q)
		out = append(out, rest[q+1:min(end, len(rest))])
		rest = rest[min(end+1, len(rest)):]
		if t := strings.TrimLeft(rest, " \t\r\n"); t == "" || t[0] != ',' {
			break // a string, or the list's last
		}
	}
	return out
}
