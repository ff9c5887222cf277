package lang

import "strings"

// maxYqLoads bounds the load calls YqLoads returns.
const maxYqLoads = 16

// YqLoads returns the files a yq (mikefarah v4) expression reads with its
// file operators: load, load_str, load_xml, load_props, load_base64 and
// any other load_* or *_load (str_load, xml_load), each given its path as
// one string literal. unknown reports a call whose path guard cannot tell
// (strenv(HOME) + "/x", a variable, a field of the document), an eval of
// a computed expression, which may hold one, or more calls than the bound.
// An eval of a string literal is read as the expression it holds.
func YqLoads(text string) (paths []string, unknown bool) {
	return yqLoads(text, 0)
}

func yqLoads(text string, depth int) (paths []string, unknown bool) {
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case c == '#': // a comment to the end of the line
			nl := strings.IndexByte(text[i:], '\n')
			if nl < 0 {
				return paths, unknown
			}
			i += nl
			continue
		case c == '"':
			i = stringEnd(text, i)
			continue
		case !isIdentByte(c) || i > 0 && (isIdentByte(text[i-1]) || text[i-1] == '.'):
			continue
		}
		j := i
		for j < len(text) && isIdentByte(text[j]) {
			j++
		}
		name := text[i:j]
		i = j - 1
		isLoad := name == "load" || strings.HasPrefix(name, "load_") || strings.HasSuffix(name, "_load")
		if !isLoad && name != "eval" {
			continue
		}
		arg, ok := yqCallArg(text[j:])
		if !ok {
			continue // .load, load as a key: no call
		}
		lit, isLit := yqLiteral(arg)
		switch {
		case !isLit || len(paths) >= maxYqLoads || depth > 2:
			unknown = true
		case isLoad:
			paths = append(paths, lit)
		default: // eval("…"): the expression the literal holds
			p, u := yqLoads(lit, depth+1)
			paths, unknown = append(paths, p...), unknown || u
		}
	}
	return paths, unknown
}

// yqCallArg returns the text between the parentheses that follow a
// function's name in rest (spaces allowed before the opening one); ok is
// false when no parenthesis follows. An unclosed call runs to the end.
func yqCallArg(rest string) (string, bool) {
	t := strings.TrimLeft(rest, " \t\r\n")
	if t == "" || t[0] != '(' {
		return "", false
	}
	depth := 0
	for k := 0; k < len(t); k++ {
		switch t[k] {
		case '"':
			k = stringEnd(t, k)
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return t[1:k], true
			}
		}
	}
	return t[1:], true
}

// yqLiteral returns the value of arg when it is one string literal with
// no interpolation, its \" and \\ escapes taken.
func yqLiteral(arg string) (string, bool) {
	a := strings.TrimSpace(arg)
	if len(a) < 2 || a[0] != '"' || stringEnd(a, 0) != len(a)-1 || strings.Contains(a, `\(`) {
		return "", false
	}
	r := strings.NewReplacer(`\"`, `"`, `\\`, `\`)
	return r.Replace(a[1 : len(a)-1]), true
}

// YqSplitName returns the file name a yq --split-exp expression evaluates
// to when it is string literals and the result counter $index joined by
// + (index stands for the counter's digits); ok is false for any other
// expression (env(HOME), strenv, a field of the document, a literal with
// an escape or an interpolation), whose value guard cannot tell.
func YqSplitName(expr, index string) (string, bool) {
	var b strings.Builder
	t := strings.TrimSpace(expr)
	for {
		switch {
		case strings.HasPrefix(t, `"`):
			end := stringEnd(t, 0)
			if end >= len(t) {
				return "", false
			}
			lit, ok := yqLiteral(t[:end+1])
			if !ok || strings.Contains(t[1:end], `\`) {
				return "", false // \n, \t…: yq's escapes, not read here
			}
			b.WriteString(lit)
			t = t[end+1:]
		case strings.HasPrefix(t, "$index") && (len(t) == 6 || !isIdentByte(t[6])):
			b.WriteString(index)
			t = t[6:]
		default:
			return "", false
		}
		t = strings.TrimSpace(t)
		if t == "" {
			return b.String(), true
		}
		if t[0] != '+' {
			return "", false
		}
		t = strings.TrimSpace(t[1:])
	}
}
