package install

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/tailscale/hujson"
)

// This file holds the settings-file model: github.com/tailscale/hujson parses
// a file (JSON, plus the // and /* */ comments agent C's settings allow) into
// a syntax tree that keeps every byte, comments and whitespace included, and
// packs it back. What hujson leaves to its caller is where the whitespace
// goes when a value is added or taken out; that is below, so an edited
// container keeps the spacing of the children it had and a new child is laid
// out like its siblings (tabs or N spaces, CRLF, one-line containers stay on
// one line, `"key" : value`).

// maxDepth bounds nesting. hujson's parser recurses once per level, so a
// hostile file of 4 MiB of '[' would grow the stack by gigabytes; the
// nesting is counted before hujson sees the file.
const maxDepth = 512

// syntaxError is a settings file that does not parse, with the 1-based line
// and column of the problem.
type syntaxError struct {
	line, col int
	msg       string
}

func (e *syntaxError) Error() string {
	return fmt.Sprintf("line %d, column %d: %s", e.line, e.col, e.msg)
}

func errAt(data []byte, off int, format string, args ...any) *syntaxError {
	off = min(max(off, 0), len(data))
	line := 1 + bytes.Count(data[:off], []byte("\n"))
	col := 1 + off - (bytes.LastIndexByte(data[:off], '\n') + 1)
	return &syntaxError{line: line, col: col, msg: fmt.Sprintf(format, args...)}
}

// parseDoc parses a settings file. Comments are accepted and kept; a
// trailing comma is refused, because agent C's client refuses to start on
// one and agents A and B read strict JSON, so guard neither writes one nor
// edits a file that holds one. A file of only whitespace and comments is an
// empty object with those comments in front.
func parseDoc(data []byte) (*hujson.Value, error) {
	if err := checkDepth(data); err != nil {
		return nil, err
	}
	v, err := hujson.Parse(data)
	if err != nil {
		if len(bytes.TrimSpace(data)) > 0 && hujson.Extra(data).IsValid() {
			return &hujson.Value{BeforeExtra: hujson.Extra(bytes.Clone(data)), Value: &hujson.Object{}, AfterExtra: hujson.Extra("\n")}, nil
		}
		msg := strings.TrimPrefix(err.Error(), "hujson: ")
		line, col := 1, 1
		if n, _ := fmt.Sscanf(msg, "line %d, column %d: ", &line, &col); n == 2 {
			msg = msg[strings.Index(msg, ": ")+2:]
		}
		if strings.HasPrefix(msg, "invalid literal") {
			// hujson quotes the literal, which may be a secret from
			// the file: the position says where it is.
			msg = "not a valid JSON value (keys and strings need double quotes)"
		}
		return nil, &syntaxError{line: line, col: col, msg: msg}
	}
	if off, ok := trailingComma(&v); ok {
		return nil, errAt(data, off, "trailing comma (agent C refuses to start on one, strict JSON readers too; remove it)")
	}
	return &v, nil
}

// checkDepth refuses data nested deeper than maxDepth, skipping strings and
// comments.
func checkDepth(data []byte) error {
	depth := 0
	for i := 0; i < len(data); i++ {
		switch c := data[i]; c {
		case '"':
			for i++; i < len(data) && data[i] != '"'; i++ {
				if data[i] == '\\' {
					i++
				}
			}
		case '/':
			switch {
			case i+1 < len(data) && data[i+1] == '/':
				for i < len(data) && data[i] != '\n' {
					i++
				}
			case i+1 < len(data) && data[i+1] == '*':
				end := bytes.Index(data[i+2:], []byte("*/"))
				if end < 0 {
					return nil // hujson reports the open comment
				}
				i += 2 + end + 1
			}
		case '[', '{':
			if depth++; depth > maxDepth {
				return errAt(data, i, "nesting deeper than %d levels", maxDepth)
			}
		case ']', '}':
			depth--
		}
	}
	return nil
}

// trailingComma finds the first comma in v that ends a container and
// returns its offset.
func trailingComma(v *hujson.Value) (int, bool) {
	first, found := 0, false
	for x := range v.All() {
		var last *hujson.Value
		switch c := x.Value.(type) {
		case *hujson.Object:
			if n := len(c.Members); n > 0 {
				last = &c.Members[n-1].Value
			}
		case *hujson.Array:
			if n := len(c.Elements); n > 0 {
				last = &c.Elements[n-1]
			}
		}
		if last != nil && last.AfterExtra != nil {
			if off := last.EndOffset + len(last.AfterExtra); !found || off < first {
				first, found = off, true
			}
		}
	}
	return first, found
}

// kindName names the JSON type of v for messages.
func kindName(v *hujson.Value) string {
	switch v.Value.Kind() {
	case 'n':
		return "null"
	case 't', 'f':
		return "boolean"
	case '0':
		return "number"
	case '"':
		return "string"
	case '[':
		return "array"
	default:
		return "object"
	}
}

func objectOf(v *hujson.Value) *hujson.Object {
	if v == nil {
		return nil
	}
	o, _ := v.Value.(*hujson.Object)
	return o
}

func arrayOf(v *hujson.Value) *hujson.Array {
	if v == nil {
		return nil
	}
	a, _ := v.Value.(*hujson.Array)
	return a
}

// str returns the decoded string of a string value.
func str(v *hujson.Value) (string, bool) {
	if v == nil {
		return "", false
	}
	lit, ok := v.Value.(hujson.Literal)
	if !ok || lit.Kind() != '"' {
		return "", false
	}
	return lit.String(), true
}

// memberName is the decoded key of an object member.
func memberName(m *hujson.ObjectMember) string {
	s, _ := str(&m.Name)
	return s
}

// lookup returns the value of key in o and its index, or (nil, -1). A key
// that appears twice is an error: guard cannot tell which one the agent
// reads, so it edits neither.
func lookup(o *hujson.Object, key string) (*hujson.Value, int, error) {
	found := -1
	for i := range o.Members {
		if memberName(&o.Members[i]) == key {
			if found >= 0 {
				return nil, -1, fmt.Errorf("duplicate key %q", key)
			}
			found = i
		}
	}
	if found < 0 {
		return nil, -1, nil
	}
	return &o.Members[found].Value, found, nil
}

// Constructors for the values guard writes. They carry no whitespace: a
// value gets its layout when it is put into a container (see place).

func newObj(ms ...hujson.ObjectMember) *hujson.Value {
	return &hujson.Value{Value: &hujson.Object{Members: ms}}
}

func newArr(els ...*hujson.Value) *hujson.Value {
	a := &hujson.Array{}
	for _, el := range els {
		a.Elements = append(a.Elements, *el)
	}
	return &hujson.Value{Value: a}
}

func newStr(s string) *hujson.Value { return &hujson.Value{Value: hujson.String(s)} }

func newLit(lit string) *hujson.Value { return &hujson.Value{Value: hujson.Literal(lit)} }

func mem(key string, v *hujson.Value) hujson.ObjectMember {
	return hujson.ObjectMember{Name: hujson.Value{Value: hujson.String(key)}, Value: *v}
}

// canon is v without whitespace and comments, so two values with the same
// content and literals compare equal.
func canon(v *hujson.Value) []byte {
	c := v.Clone()
	c.Minimize()
	return c.Pack()
}

// style is what the whole file says about layout: its newline and one level
// of indentation (the first indented line's).
type style struct {
	indent  string // "\t" or N spaces
	newline string // "\n" or "\r\n"
}

// defaultStyle is the layout of a file guard creates.
var defaultStyle = style{indent: "  ", newline: "\n"}

// detectStyle reads the layout of data.
func detectStyle(data []byte) style {
	st := defaultStyle
	if bytes.Contains(data, []byte("\r\n")) {
		st.newline = "\r\n"
	}
	trimmed := bytes.TrimSpace(data)
	for _, line := range strings.Split(string(trimmed), "\n")[1:] {
		line = strings.TrimRight(line, "\r")
		body := strings.TrimLeft(line, " \t")
		prefix := line[:len(line)-len(body)]
		if body == "" || prefix == "" {
			continue
		}
		switch {
		case strings.Trim(prefix, "\t") == "":
			st.indent = "\t"
		case strings.Trim(prefix, " ") == "":
			st.indent = prefix
		}
		break
	}
	return st
}

// hasNL and hasComment describe an Extra.
func hasNL(e []byte) bool { return bytes.IndexByte(e, '\n') >= 0 }

func hasComment(e []byte) bool { return len(bytes.Trim(e, " \t\r\n")) > 0 }

// box is a container being edited, with what its layout says about the
// children it gets: whether it is one line, the indentation of its
// children's lines, the spacing around ':' and after ','.
type box struct {
	v      *hujson.Value
	st     style
	ind    string // indentation of the line the container starts on
	inline bool
	child  string // indentation of a child's line
	colonA []byte // between a key and ':'
	colonB []byte // between ':' and the value
	comma  []byte // after ',' in a one-line container
}

// boxOf reads the layout of container v, which starts on a line indented by
// ind, inside parent (nil for the top level). What v's own children do not
// show (a container guard builds, an empty one) is inherited from parent:
// one line or not, the spacing around ':' and after ','.
func boxOf(v *hujson.Value, ind string, st style, parent *box) *box {
	b := &box{v: v, st: st, ind: ind, child: ind + st.indent, colonB: []byte(" ")}
	if parent != nil {
		b.inline, b.colonA, b.colonB, b.comma = parent.inline, parent.colonA, parent.colonB, parent.comma
	}
	befores := b.befores()
	if len(befores) == 0 {
		return b
	}
	packed := v.Pack()
	packed = packed[len(v.BeforeExtra) : len(packed)-len(v.AfterExtra)]
	b.inline = !hasNL(packed)
	if o := objectOf(v); o != nil {
		b.colonA, b.colonB = o.Members[0].Name.AfterExtra, o.Members[0].Value.BeforeExtra
	}
	for _, e := range befores {
		if ind, ok := lastIndent(e); ok {
			b.child = ind
			break
		}
	}
	if b.inline {
		switch {
		case len(befores) > 1:
			b.comma = befores[1]
		case bytes.HasSuffix(b.colonB, []byte(" ")):
			b.comma = []byte(" ")
		default:
			b.comma = nil
		}
	}
	return b
}

// befores returns the whitespace before each child of the box's container.
func (b *box) befores() [][]byte {
	var out [][]byte
	if o := objectOf(b.v); o != nil {
		for i := range o.Members {
			out = append(out, o.Members[i].Name.BeforeExtra)
		}
	} else if a := arrayOf(b.v); a != nil {
		for i := range a.Elements {
			out = append(out, a.Elements[i].BeforeExtra)
		}
	}
	return out
}

// slot returns the value at i of the box's container (a member's name for an
// object: it carries the child's leading whitespace), the child itself, and
// the number of children and the closing whitespace.
func (b *box) slot(i int) (lead *hujson.Value, child *hujson.Value) {
	if o := objectOf(b.v); o != nil {
		return &o.Members[i].Name, &o.Members[i].Value
	}
	a := arrayOf(b.v)
	return &a.Elements[i], &a.Elements[i]
}

func (b *box) len() int {
	if o := objectOf(b.v); o != nil {
		return len(o.Members)
	}
	return len(arrayOf(b.v).Elements)
}

func (b *box) closing() *hujson.Extra {
	if o := objectOf(b.v); o != nil {
		return &o.AfterExtra
	}
	return &arrayOf(b.v).AfterExtra
}

// sub is the box of a container at a slot of b whose leading whitespace is
// lead: its line's indentation is what follows lead's last newline, or b's
// own line when lead has none.
func (b *box) sub(v *hujson.Value, lead hujson.Extra) *box {
	ind := b.ind
	if li, ok := lastIndent(lead); ok {
		ind = li
	}
	return boxOf(v, ind, b.st, b)
}

// render lays out a value guard built (and, inside it, only what guard
// built) at a slot of b whose leading whitespace is lead. A value guard
// built is one without source offsets: a parsed value ends after its first
// byte, so its EndOffset is never 0. Parsed values guard keeps inside its
// own entries (a user's "timeout") keep their bytes.
func (b *box) render(v *hujson.Value, lead hujson.Extra) {
	if v.EndOffset != 0 || (objectOf(v) == nil && arrayOf(v) == nil) {
		return
	}
	ind := b.ind
	if li, ok := lastIndent(lead); ok {
		ind = li
	}
	c := &box{v: v, st: b.st, ind: ind, inline: b.inline, child: ind + b.st.indent, colonA: b.colonA, colonB: b.colonB, comma: b.comma}
	n := c.len()
	for i := range n {
		l, child := c.slot(i)
		switch {
		case c.inline && i == 0:
			l.BeforeExtra = nil
		case c.inline:
			l.BeforeExtra = hujson.Extra(bytes.Clone(c.comma))
		default:
			l.BeforeExtra = hujson.Extra(b.st.newline + c.child)
		}
		if o := objectOf(v); o != nil {
			o.Members[i].Name.AfterExtra = bytes.Clone(c.colonA)
			child.BeforeExtra = bytes.Clone(c.colonB)
		}
		child.AfterExtra = nil
		c.render(child, l.BeforeExtra)
	}
	*c.closing() = nil
	if n > 0 && !c.inline {
		*c.closing() = hujson.Extra(b.st.newline + c.ind)
	}
}

// insert puts v at index i of the box's object (key set) or array, laid out
// like its siblings.
func (b *box) insert(i int, key string, v *hujson.Value) {
	n := b.len()
	var lead hujson.Extra
	var shifted *hujson.Value // the child that was at i
	if i < n {
		shifted, _ = b.slot(i)
	}
	closing := b.closing()
	switch {
	case b.inline && n > 0 && i == 0:
		lead = shifted.BeforeExtra
		shifted.BeforeExtra = bytes.Clone(b.comma)
	case b.inline && n > 0:
		lead = bytes.Clone(b.comma)
	case i < n && hasNL(shifted.BeforeExtra):
		j := bytes.IndexByte(shifted.BeforeExtra, '\n')
		lead = append(bytes.Clone(shifted.BeforeExtra[:j+1]), b.child...)
		shifted.BeforeExtra = append([]byte(b.st.newline), shifted.BeforeExtra[j+1:]...)
	case i < n:
		lead = shifted.BeforeExtra
		shifted.BeforeExtra = hujson.Extra(b.st.newline + b.child)
	case n > 0 && hasNL(*closing):
		j := bytes.IndexByte(*closing, '\n')
		lead = append(bytes.Clone((*closing)[:j+1]), b.child...)
		*closing = append([]byte(b.st.newline), (*closing)[j+1:]...)
	case n > 0:
		lead = hujson.Extra(b.st.newline + b.child)
	case b.inline: // the first child of an empty container in a one-line file
		lead = nil
	default: // the first child of an empty container
		if hasComment(*closing) {
			c := bytes.TrimRight(*closing, " \t")
			if !hasNL(c) || c[len(c)-1] != '\n' {
				c = append(c, b.st.newline...)
			}
			lead = append(c, b.child...)
		} else {
			lead = hujson.Extra(b.st.newline + b.child)
		}
		*closing = hujson.Extra(b.st.newline + b.ind)
	}
	v.BeforeExtra, v.AfterExtra = nil, nil
	if o := objectOf(b.v); o != nil {
		m := mem(key, v)
		m.Name.BeforeExtra, m.Name.AfterExtra = lead, bytes.Clone(b.colonA)
		m.Value.BeforeExtra = bytes.Clone(b.colonB)
		b.render(&m.Value, lead)
		o.Members = append(o.Members[:i], append([]hujson.ObjectMember{m}, o.Members[i:]...)...)
		return
	}
	a := arrayOf(b.v)
	el := *v
	el.BeforeExtra = lead
	b.render(&el, lead)
	a.Elements = append(a.Elements[:i], append([]hujson.Value{el}, a.Elements[i:]...)...)
}

// replace puts v in place of the child at i, which keeps its surrounding
// whitespace and comments.
func (b *box) replace(i int, v *hujson.Value) {
	lead, child := b.slot(i)
	tmp := *v
	b.render(&tmp, lead.BeforeExtra)
	child.Value = tmp.Value
}

// remove takes out the child at i. Its comments are kept (they move to the
// next child or to the end); of its whitespace, what undoes an insert.
func (b *box) remove(i int) {
	n := b.len()
	lead, child := b.slot(i)
	e := append(bytes.Clone(lead.BeforeExtra), child.AfterExtra...)
	closing := b.closing()
	switch {
	case n == 1:
		if hasComment(e) || hasComment(*closing) {
			*closing = join(e, *closing)
		} else {
			*closing = nil
		}
	case i == n-1:
		_, prev := b.slot(i - 1)
		*closing = append(prev.AfterExtra, join(e, *closing)...)
		prev.AfterExtra = nil
	default:
		next, _ := b.slot(i + 1)
		switch {
		case i == 0 && !hasNL(e) && !hasNL(next.BeforeExtra) && !hasComment(e) && !hasComment(next.BeforeExtra):
			next.BeforeExtra = bytes.Clone(lead.BeforeExtra)
		default:
			next.BeforeExtra = join(e, next.BeforeExtra)
		}
	}
	if o := objectOf(b.v); o != nil {
		o.Members = append(o.Members[:i], o.Members[i+1:]...)
	} else {
		a := arrayOf(b.v)
		a.Elements = append(a.Elements[:i], a.Elements[i+1:]...)
	}
}

// join is the whitespace left where a child whose own whitespace was e stood
// before whitespace f: e's lines up to its last newline, then f after its
// first, which undoes insert; e's comments are never dropped.
func join(e, f []byte) hujson.Extra {
	i, j := bytes.LastIndexByte(e, '\n'), bytes.IndexByte(f, '\n')
	fHead := f
	if j >= 0 {
		fHead = f[:j]
	}
	switch {
	case i >= 0 && j >= 0 && !hasComment(e[i+1:]) && !hasComment(fHead):
		return append(bytes.Clone(e[:i+1]), f[j+1:]...)
	case hasComment(e):
		return append(bytes.Clone(e), f...)
	}
	return bytes.Clone(f)
}

// lastIndent is the indentation (spaces and tabs) of the last line e
// starts, if e holds a newline.
func lastIndent(e []byte) (string, bool) {
	i := bytes.LastIndexByte(e, '\n')
	if i < 0 {
		return "", false
	}
	rest := e[i+1:]
	return string(rest[:len(rest)-len(bytes.TrimLeft(rest, " \t"))]), true
}
