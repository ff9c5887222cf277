package lang

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// The joins and formats of literals: "".join(["a", "b"]),
// ["a", "b"].join(""), perl's join "", "a", "b", "{}{}".format("a", "b"),
// "%s%s" % ("a", "b"), "a".concat("b"), f"a{'b'}", "a#{'b'}", `a${"b"}`
// fold to "ab" when every part is a literal; any other part is a part
// not known. A method guard does not know applied to a joined value
// ("-".join(…).replace("-", "")) leaves its literals as fragments with
// parts not known between them. Nesting is bounded by maxJoinDepth, a
// list by maxItems.
const (
	maxJoinDepth = 4
	maxItems     = 64
)

// template returns the pieces of the literal l at code[k]: a template's
// interpolations ({x} after f, #{x}, ${x} in backquotes) are the literal
// they hold, else parts not known.
func (j *joiner) template(code string, k int, l lit, depth int) []piece {
	t := Unescape(code[l.start:l.end])
	switch {
	case code[k] == '`' && strings.Contains(t, "${"):
		return interpolate(t, "${")
	case k > 0 && (code[k-1] == 'f' || code[k-1] == 'F') && strings.ContainsRune(t, '{'):
		return interpolate(t, "{")
	case strings.Contains(t, "#{"):
		return interpolate(t, "#{")
	case code[k] == '"' && strings.Contains(t, "@{["):
		if r, ok := strings.CutPrefix(t, "$ENV{HOME}"); ok {
			t = "~" + r
		}
		return interpolate(t, "@{") // perl's "@{[ chr 46 ]}": code
	}
	return []piece{{text: t, known: true}}
}

// interpolate splits template text t at each interpolation opening with
// open and closing at its }: a literal inside is known text, anything else
// a part not known. In f-strings {{ and }} are braces.
func interpolate(t, open string) []piece {
	var ps []piece
	var b strings.Builder
	flush := func() {
		if b.Len() > 0 {
			ps = append(ps, piece{text: b.String(), known: true})
			b.Reset()
		}
	}
	for i := 0; i < len(t); i++ {
		if open == "{" && (strings.HasPrefix(t[i:], "{{") || strings.HasPrefix(t[i:], "}}")) {
			b.WriteByte(t[i])
			i++
			continue
		}
		if !strings.HasPrefix(t[i:], open) {
			b.WriteByte(t[i])
			continue
		}
		e := braceEnd(t, i+len(open)-1)
		if e < 0 {
			b.WriteString(t[i:])
			break
		}
		flush()
		expr := strings.TrimSpace(t[i+len(open) : e])
		if l, ok := wholeLiteral(expr); ok {
			ps = append(ps, piece{text: Unescape(expr[l.start:l.end]), known: true})
		} else if v, ok := dirExpr(expr); ok {
			ps = append(ps, piece{text: v, known: true}) // #{Dir.home}, #{Dir.pwd}
		} else {
			ps = appendUnknown(ps)
		}
		i = e
	}
	flush()
	return ps
}

// wholeLiteral returns the literal expr is, when it is one alone.
func wholeLiteral(expr string) (lit, bool) {
	if expr == "" {
		return lit{}, false
	}
	l, ok := literalAt(expr, 0)
	return l, ok && l.open == 0 && l.next == len(expr)
}

// braceEnd returns the index of the } closing the { at t[i], or -1.
func braceEnd(t string, i int) int {
	depth := 0
	for k := i; k < len(t) && k < i+maxExpr; k++ {
		switch t[k] {
		case '{':
			depth++
		case '}':
			if depth--; depth == 0 {
				return k
			}
		}
	}
	return -1
}

// items returns the pieces of each item of the bracket group opening at
// code[open] (its items separated by commas) and the index after it.
func (j *joiner) items(code string, open, depth int) ([][]piece, int) {
	end := skipGroup(code, open)
	var out [][]piece
	for k := open + 1; k < end && len(out) < maxItems; {
		for k < end && strings.IndexByte(" \t\n", code[k]) >= 0 {
			k++
		}
		if k >= end || strings.IndexByte(")]}", code[k]) >= 0 {
			break
		}
		ps, _, e := j.scan(k, depth+1, ",)]}\n")
		if len(ps) == 0 {
			ps = []piece{{}}
		}
		out = append(out, ps)
		if e >= end || code[e] != ',' {
			break
		}
		k = e + 1
	}
	return out, end
}

// listItems returns the items of the list the only argument of the group
// at code[open] names: the group's items, or those of the list last
// assigned to a name it is (a = ["x", "y"]; "".join(a)).
func (j *joiner) listItems(code string, open, depth int) ([][]piece, int) {
	its, end := j.items(code, open, depth)
	inner := strings.TrimSpace(code[open+1 : max(open+1, end-1)])
	switch {
	case len(its) == 1 && inner != "" && (inner[0] == '[' || inner[0] == '('):
		at := open + 1 + strings.Index(code[open+1:], inner[:1])
		its, _ = j.items(code, at, depth)
	case len(its) == 1 && identifier(inner) && depth < 2 && j.lookups < maxNameLookups:
		j.lookups++
		if !j.indexed {
			j.assigns, j.indexed = assignments(j.code), true
		}
		at := -1
		for _, p := range j.assigns[inner] {
			if p < open {
				at = p
			}
		}
		for at >= 0 && at < len(j.code) && (j.code[at] == ' ' || j.code[at] == '\t') {
			at++
		}
		if at >= 0 && at < len(j.code) && (j.code[at] == '[' || j.code[at] == '(') {
			its, _ = j.items(j.code, at, depth+1)
		} else {
			its = [][]piece{{{}}}
		}
	case len(its) == 1:
		its = [][]piece{{{}}} // a call, a generator: items not known
	}
	return its, end
}

// joinItems joins items with sep between them (sep's pieces marked as a
// separator, which a later unknown method drops).
func joinItems(its [][]piece, sep []piece) []piece {
	var out []piece
	for n, it := range its {
		if n > 0 {
			for _, p := range sep {
				p.sep = true
				out = append(out, p)
			}
		}
		out = append(out, it...)
	}
	return out
}

// method reads a method call .NAME(…) at code[m] applied to the pieces ps
// read so far (group: where a list just read opened, or -1). ok is false
// for a method it does not fold; k is then past the name.
func (j *joiner) method(code string, m int, ps []piece, group, depth int) (out []piece, k int, ok bool) {
	e := m
	for e < len(code) && word.IsWordChar(code[e]) {
		e++
	}
	name := code[m:e]
	open := e
	for open < len(code) && code[open] == ' ' {
		open++
	}
	args := open < len(code) && code[open] == '('
	last := len(ps) - 1
	if depth >= maxJoinDepth || last < 0 {
		return ps, e, false
	}
	switch {
	case name == "join" && group >= 0: // ["a", "b"].join(SEP), ruby's .join
		its, _ := j.items(code, group, depth)
		sep, end := []piece{{}}, e
		if args {
			var a [][]piece
			if a, end = j.items(code, open, depth); len(a) == 1 {
				sep = a[0]
			}
		}
		return append(ps[:last], joinItems(its, sep)...), end, true
	case name == "join" && args: // SEP.join(LIST)
		its, end := j.listItems(code, open, depth)
		return append(ps[:last], joinItems(its, ps[last:])...), end, true
	case name == "format" && args && ps[last].known:
		its, end := j.items(code, open, depth)
		return append(ps[:last], fill(ps[last].text, its, '{')...), end, true
	case name == "format" && args: // util.format("%s/x", a): a module's printf
		its, end := j.items(code, open, depth)
		return append(ps[:last], printf(its)...), end, true
	case name == "concat" && args:
		its, end := j.items(code, open, depth)
		for _, it := range its {
			ps = append(ps, it...)
		}
		return ps, end, true
	}
	return fragments(ps), e, false
}

// fragments returns ps with a part not known between its literals and
// without its separators: what a method guard does not know made of them.
func fragments(ps []piece) []piece {
	var out []piece
	for _, p := range ps {
		if p.sep {
			continue
		}
		if p.known && len(out) > 0 {
			out = appendUnknown(out)
		}
		out = append(out, p)
	}
	return out
}

// percent reads the operand of python's "…%s" % ARGS at code[a], the
// template being the last of ps, and returns ps with it filled and the
// index after the operand.
func (j *joiner) percent(code string, a int, ps []piece, depth int) ([]piece, int) {
	for a < len(code) && code[a] == ' ' {
		a++
	}
	var its [][]piece
	end := a
	switch {
	case a >= len(code) || depth >= maxJoinDepth:
	case code[a] == '(' || code[a] == '[': // ruby's "%s/%s" % [a, b]
		its, end = j.items(code, a, depth)
	default:
		if l, ok := literalAt(code, a); ok {
			its, end = [][]piece{j.template(code, a, l, depth)}, l.next
			break
		}
		e := a
		for e < len(code) && word.IsWordChar(code[e]) {
			e++
		}
		if v, end2, ok := j.valueCall(code, a, e, depth); ok && e > a {
			its, end = [][]piece{v}, end2 // "%s/.venv" % os.getcwd()
			break
		}
		if sub, ok := j.lookup(code[a:e], a, depth); ok {
			its = [][]piece{sub}
		}
		end = max(e, a+1)
	}
	last := len(ps) - 1
	return append(ps[:last], fill(ps[last].text, its, '%')...), end
}

// perlJoin reads perl's join SEP, LIST (or join(SEP, LIST)) after the
// word join at code[e]; ok is false when no separator follows.
func (j *joiner) perlJoin(code string, e, depth int) ([]piece, int, bool) {
	k := e
	for k < len(code) && code[k] == ' ' {
		k++
	}
	if depth >= maxJoinDepth || k >= len(code) {
		return nil, e, false
	}
	var its [][]piece
	end := k
	if code[k] == '(' {
		its, end = j.items(code, k, depth)
	} else {
		for len(its) < maxItems {
			ps, _, x := j.scan(k, depth+1, ",;)}\n")
			its, end = append(its, ps), x
			if x >= len(code) || code[x] != ',' {
				break
			}
			k = x + 1
		}
	}
	if len(its) < 2 {
		return nil, e, false
	}
	return joinItems(its[1:], its[0]), end, true
}

// fill returns template t's pieces with its placeholders ({}, {N} when
// style is '{'; %s, %-5d when '%') replaced by the pieces of args in
// order; a named placeholder or one with no argument is a part not known.
func fill(t string, args [][]piece, style byte) []piece {
	var ps []piece
	var b strings.Builder
	next := 0
	put := func(n int) {
		if b.Len() > 0 {
			ps = append(ps, piece{text: b.String(), known: true})
			b.Reset()
		}
		if n >= 0 && n < len(args) {
			ps = append(ps, args[n]...)
		} else {
			ps = appendUnknown(ps)
		}
	}
	for i := 0; i < len(t); i++ {
		c := t[i]
		switch {
		case i+1 < len(t) && (c == style || style == '{' && c == '}') && t[i+1] == c:
			b.WriteByte(c)
			i++
		case style == '{' && c == '{':
			e := strings.IndexByte(t[i:], '}')
			if e < 0 {
				b.WriteByte(c)
				continue
			}
			f := t[i+1 : i+e]
			switch n := placeIndex(f); {
			case f == "":
				put(next)
				next++
			case f[0] == ':' || f[0] == '!':
				next++ // {:c}, {!r}: a conversion changes the text
				put(-1)
			default:
				put(n)
			}
			i += e
		case style == '%' && c == '%' && i+1 < len(t):
			e := i + 1
			named := t[e] == '('
			if named {
				if k := strings.IndexByte(t[e:], ')'); k >= 0 {
					e += k + 1
				}
			}
			for e < len(t) && strings.IndexByte("#0- +.*0123456789", t[e]) >= 0 {
				e++
			}
			if e >= len(t) || !(t[e] >= 'a' && t[e] <= 'z' || t[e] >= 'A' && t[e] <= 'Z') {
				b.WriteByte(c)
				continue
			}
			switch {
			case named:
				put(-1)
			case e > i+1 || strings.IndexByte("sdi", t[e]) < 0:
				next++ // %c, %.1s, %5s, %r: a conversion changes the text
				put(-1)
			default:
				put(next)
				next++
			}
			i = e
		default:
			b.WriteByte(c)
		}
	}
	if b.Len() > 0 {
		ps = append(ps, piece{text: b.String(), known: true})
	}
	return ps
}

// printf returns the pieces of a printf-style call's value (format,
// sprintf, util.format): its first argument a literal template filled
// with the others, else a part not known.
func printf(its [][]piece) []piece {
	if len(its) == 0 || len(its[0]) != 1 || !its[0][0].known {
		return []piece{{}}
	}
	return fill(its[0][0].text, its[1:], '%')
}

// placeIndex returns the argument index a {N} placeholder names, or -1.
func placeIndex(f string) int {
	n := 0
	if f == "" || len(f) > 3 {
		return -1
	}
	for i := 0; i < len(f); i++ {
		if f[i] < '0' || f[i] > '9' {
			return -1
		}
		n = n*10 + int(f[i]-'0')
	}
	return n
}
