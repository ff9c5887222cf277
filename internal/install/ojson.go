package install

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// This file holds a small ordered JSON model. encoding/json maps lose key
// order and re-spell numbers and strings; settings files belong to the user,
// so guard keeps every key in place, every literal exactly as written, and
// every container it did not change byte for byte.

// kind is the JSON type of a value.
type kind uint8

const (
	kNull kind = iota
	kBool
	kNumber
	kString
	kArray
	kObject
)

func (k kind) String() string {
	switch k {
	case kNull:
		return "null"
	case kBool:
		return "boolean"
	case kNumber:
		return "number"
	case kString:
		return "string"
	case kArray:
		return "array"
	default:
		return "object"
	}
}

// maxDepth bounds nesting so a hostile file cannot exhaust the stack.
const maxDepth = 512

// value is one JSON value. Scalars keep their literal bytes; containers keep
// the bytes they were parsed from until a method changes them, and the
// whitespace between their children after that.
type value struct {
	kind    kind
	raw     []byte   // scalar: the literal; container: source text, nil once changed
	elems   []*value // kArray
	members []member // kObject

	at    gaps  // as an element of a parsed array: the whitespace around it
	shape shape // container: its source layout

	emitRaw bool // set by markClean before encoding
}

// member is one key of an object, in file order.
type member struct {
	key    string // decoded
	rawKey []byte // as written, quotes included
	val    *value

	gaps
	mid []byte // source bytes from the key to the value: whitespace, ':', whitespace
}

// gaps is the whitespace around one child of a parsed container, so an
// edited container writes its other children back with the spacing they
// had (blank lines, `"a" : 1`, `{"a": 1, "b": 2}`).
type gaps struct {
	src   bool   // read from the source: pre and post are real
	first bool   // was the container's first child
	pre   []byte // before the child (a member: before its key)
	post  []byte // between the child and the ',' after it
}

// shape is the layout of a parsed container, kept when its children change.
type shape struct {
	parsed   bool
	n        int    // children in the source
	inline   bool   // the source holds children and no newline
	firstPre []byte // before the first child in the source
	sepPre   []byte // before the second child; nil with fewer than two
	colon    []byte // the first member's bytes from key to value
	childInd string // indentation of the children's lines
	hasInd   bool   // childInd was found (some child starts a line)
	tail     []byte // before the closing bracket
}

// syntaxError is a parse error with its 1-based line and column.
type syntaxError struct {
	line, col int
	msg       string
}

func (e *syntaxError) Error() string {
	return fmt.Sprintf("line %d, column %d: %s", e.line, e.col, e.msg)
}

// parseJSON parses one JSON document (RFC 8259, no comments, no trailing
// commas) surrounded by optional whitespace.
func parseJSON(data []byte) (*value, error) {
	p := &parser{data: data}
	p.skipWS()
	v, err := p.value(0)
	if err != nil {
		return nil, err
	}
	p.skipWS()
	if p.pos < len(p.data) {
		return nil, p.errf("unexpected %s after the top-level value", p.describe())
	}
	return v, nil
}

type parser struct {
	data []byte
	pos  int
}

func (p *parser) errf(format string, args ...any) error {
	line, col := 1, 1
	end := min(p.pos, len(p.data))
	for _, c := range p.data[:end] {
		if c == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	return &syntaxError{line: line, col: col, msg: fmt.Sprintf(format, args...)}
}

// describe names the byte at the cursor for an error message.
func (p *parser) describe() string {
	if p.pos >= len(p.data) {
		return "end of file"
	}
	c := p.data[p.pos]
	if c >= 0x20 && c < 0x7f {
		return fmt.Sprintf("character %q", c)
	}
	return fmt.Sprintf("byte 0x%02x", c)
}

func (p *parser) skipWS() {
	for p.pos < len(p.data) {
		switch p.data[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

func (p *parser) value(depth int) (*value, error) {
	if p.pos >= len(p.data) {
		return nil, p.errf("unexpected end of file, want a value")
	}
	switch c := p.data[p.pos]; {
	case c == '{':
		return p.object(depth + 1)
	case c == '[':
		return p.array(depth + 1)
	case c == '"':
		start := p.pos
		if err := p.str(); err != nil {
			return nil, err
		}
		return &value{kind: kString, raw: p.data[start:p.pos]}, nil
	case c == '-' || (c >= '0' && c <= '9'):
		return p.number()
	case c == 't':
		return p.literal("true", kBool)
	case c == 'f':
		return p.literal("false", kBool)
	case c == 'n':
		return p.literal("null", kNull)
	default:
		return nil, p.errf("unexpected %s, want a value", p.describe())
	}
}

func (p *parser) literal(word string, k kind) (*value, error) {
	if !bytes.HasPrefix(p.data[p.pos:], []byte(word)) {
		return nil, p.errf("unexpected %s, want %s", p.describe(), word)
	}
	start := p.pos
	p.pos += len(word)
	return &value{kind: k, raw: p.data[start:p.pos]}, nil
}

func (p *parser) digits() int {
	n := 0
	for p.pos < len(p.data) && p.data[p.pos] >= '0' && p.data[p.pos] <= '9' {
		p.pos++
		n++
	}
	return n
}

func (p *parser) number() (*value, error) {
	start := p.pos
	if p.data[p.pos] == '-' {
		p.pos++
	}
	if p.pos < len(p.data) && p.data[p.pos] == '0' {
		p.pos++
	} else if p.digits() == 0 {
		return nil, p.errf("unexpected %s in number, want a digit", p.describe())
	}
	if p.pos < len(p.data) && p.data[p.pos] == '.' {
		p.pos++
		if p.digits() == 0 {
			return nil, p.errf("unexpected %s after decimal point, want a digit", p.describe())
		}
	}
	if p.pos < len(p.data) && (p.data[p.pos] == 'e' || p.data[p.pos] == 'E') {
		p.pos++
		if p.pos < len(p.data) && (p.data[p.pos] == '+' || p.data[p.pos] == '-') {
			p.pos++
		}
		if p.digits() == 0 {
			return nil, p.errf("unexpected %s in exponent, want a digit", p.describe())
		}
	}
	return &value{kind: kNumber, raw: p.data[start:p.pos]}, nil
}

// str advances over a string literal, the cursor on its opening quote.
func (p *parser) str() error {
	p.pos++
	for p.pos < len(p.data) {
		c := p.data[p.pos]
		switch {
		case c == '"':
			p.pos++
			return nil
		case c < 0x20:
			return p.errf("control character %s in string", p.describe())
		case c == '\\':
			p.pos++
			if p.pos >= len(p.data) {
				return p.errf("unexpected end of file in string escape")
			}
			switch p.data[p.pos] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				p.pos++
			case 'u':
				p.pos++
				for range 4 {
					if p.pos >= len(p.data) || !isHex(p.data[p.pos]) {
						return p.errf("unexpected %s in \\u escape, want a hex digit", p.describe())
					}
					p.pos++
				}
			default:
				return p.errf("invalid escape %s in string", p.describe())
			}
		default:
			p.pos++
		}
	}
	return p.errf("unexpected end of file in string")
}

func isHex(c byte) bool {
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')
}

func (p *parser) object(depth int) (*value, error) {
	if depth > maxDepth {
		return nil, p.errf("nesting deeper than %d levels", maxDepth)
	}
	start := p.pos
	p.pos++ // {
	v := &value{kind: kObject}
	ws := p.pos
	p.skipWS()
	if p.pos < len(p.data) && p.data[p.pos] == '}' {
		v.shape.tail = p.data[ws:p.pos]
		p.pos++
		v.raw = p.data[start:p.pos]
		v.finishShape()
		return v, nil
	}
	for {
		p.skipWS()
		pre := p.data[ws:p.pos]
		if p.pos >= len(p.data) || p.data[p.pos] != '"' {
			return nil, p.errf("unexpected %s, want a key string", p.describe())
		}
		ks := p.pos
		if err := p.str(); err != nil {
			return nil, err
		}
		rawKey := p.data[ks:p.pos]
		p.skipWS()
		if p.pos >= len(p.data) || p.data[p.pos] != ':' {
			return nil, p.errf("unexpected %s after key, want ':'", p.describe())
		}
		p.pos++
		p.skipWS()
		mid := p.data[ks+len(rawKey) : p.pos]
		val, err := p.value(depth)
		if err != nil {
			return nil, err
		}
		v.members = append(v.members, member{
			key: unquote(rawKey), rawKey: rawKey, val: val, mid: mid,
			gaps: gaps{src: true, first: len(v.members) == 0, pre: pre},
		})
		after := p.pos
		p.skipWS()
		if p.pos >= len(p.data) {
			return nil, p.errf("unexpected end of file in object, want ',' or '}'")
		}
		switch p.data[p.pos] {
		case ',':
			v.members[len(v.members)-1].post = p.data[after:p.pos]
			p.pos++
			ws = p.pos
		case '}':
			v.shape.tail = p.data[after:p.pos]
			p.pos++
			v.raw = p.data[start:p.pos]
			v.finishShape()
			return v, nil
		default:
			return nil, p.errf("unexpected %s in object, want ',' or '}'", p.describe())
		}
	}
}

func (p *parser) array(depth int) (*value, error) {
	if depth > maxDepth {
		return nil, p.errf("nesting deeper than %d levels", maxDepth)
	}
	start := p.pos
	p.pos++ // [
	v := &value{kind: kArray}
	ws := p.pos
	p.skipWS()
	if p.pos < len(p.data) && p.data[p.pos] == ']' {
		v.shape.tail = p.data[ws:p.pos]
		p.pos++
		v.raw = p.data[start:p.pos]
		v.finishShape()
		return v, nil
	}
	for {
		p.skipWS()
		pre := p.data[ws:p.pos]
		el, err := p.value(depth)
		if err != nil {
			return nil, err
		}
		el.at = gaps{src: true, first: len(v.elems) == 0, pre: pre}
		v.elems = append(v.elems, el)
		after := p.pos
		p.skipWS()
		if p.pos >= len(p.data) {
			return nil, p.errf("unexpected end of file in array, want ',' or ']'")
		}
		switch p.data[p.pos] {
		case ',':
			el.at.post = p.data[after:p.pos]
			p.pos++
			ws = p.pos
		case ']':
			v.shape.tail = p.data[after:p.pos]
			p.pos++
			v.raw = p.data[start:p.pos]
			v.finishShape()
			return v, nil
		default:
			return nil, p.errf("unexpected %s in array, want ',' or ']'", p.describe())
		}
	}
}

// finishShape records the layout of a container the parser just read.
func (v *value) finishShape() {
	s := &v.shape
	s.parsed = true
	pres := make([][]byte, 0, len(v.elems)+len(v.members))
	for _, el := range v.elems {
		pres = append(pres, el.at.pre)
	}
	for _, mb := range v.members {
		pres = append(pres, mb.pre)
	}
	if len(v.members) > 0 {
		s.colon = v.members[0].mid
	}
	s.n = len(pres)
	s.inline = s.n > 0 && bytes.IndexByte(v.raw, '\n') < 0
	if s.n > 0 {
		s.firstPre = pres[0]
	}
	if s.n > 1 {
		s.sepPre = pres[1]
	}
	for _, p := range pres {
		if i := bytes.LastIndexByte(p, '\n'); i >= 0 {
			s.childInd, s.hasInd = string(p[i+1:]), true
			break
		}
	}
}

// unquote decodes a string literal the parser accepted.
func unquote(raw []byte) string {
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return string(raw) // unreachable for parser-accepted literals
	}
	return s
}

// quote encodes s as a JSON string literal without HTML escaping.
func quote(s string) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

// Constructors for values guard writes.

func newObject(ms ...member) *value { return &value{kind: kObject, members: ms} }

func newArray(els ...*value) *value { return &value{kind: kArray, elems: els} }

func newString(s string) *value { return &value{kind: kString, raw: quote(s)} }

func newBool(b bool) *value {
	if b {
		return &value{kind: kBool, raw: []byte("true")}
	}
	return &value{kind: kBool, raw: []byte("false")}
}

func newNumber(lit string) *value { return &value{kind: kNumber, raw: []byte(lit)} }

func m(key string, v *value) member { return member{key: key, rawKey: quote(key), val: v} }

// str returns the decoded string of a string value.
func (v *value) str() (string, bool) {
	if v == nil || v.kind != kString {
		return "", false
	}
	return unquote(v.raw), true
}

// lookup returns the value of key in object v and its index, or (nil, -1).
// A key that appears twice is an error: guard cannot tell which one the
// agent reads, so it edits neither.
func (v *value) lookup(key string) (*value, int, error) {
	found := -1
	for i, mb := range v.members {
		if mb.key == key {
			if found >= 0 {
				return nil, -1, fmt.Errorf("duplicate key %q", key)
			}
			found = i
		}
	}
	if found < 0 {
		return nil, -1, nil
	}
	return v.members[found].val, found, nil
}

// set replaces the value of key in object v, or appends the key.
func (v *value) set(key string, val *value) {
	v.raw = nil
	for i := range v.members {
		if v.members[i].key == key {
			v.members[i].val = val
			return
		}
	}
	v.members = append(v.members, m(key, val))
}

// insert puts key at index i of object v.
func (v *value) insert(i int, key string, val *value) {
	v.raw = nil
	v.members = append(v.members[:i], append([]member{m(key, val)}, v.members[i:]...)...)
}

// del removes every occurrence of key from object v.
func (v *value) del(key string) {
	out := v.members[:0:0]
	for _, mb := range v.members {
		if mb.key != key {
			out = append(out, mb)
		}
	}
	if len(out) != len(v.members) {
		v.raw = nil
		v.members = out
	}
}

// setElems replaces the elements of array v.
func (v *value) setElems(els []*value) {
	v.raw = nil
	v.elems = els
}

// style is the layout of a settings file, detected so guard writes the file
// back the way it found it. Containers guard edits keep their own spacing
// (see shape); style covers what guard writes where the file has no example.
type style struct {
	indent  string // one level: "\t" or N spaces
	newline string // "\n" or "\r\n"
	lead    string // whitespace before the top-level value
	trail   string // whitespace after it, the final newline included
}

// defaultStyle is the layout of a file guard creates.
var defaultStyle = style{indent: "  ", newline: "\n", trail: "\n"}

// detectStyle reads the layout of data, a parsed document.
func detectStyle(data []byte) style {
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return defaultStyle
	}
	start := bytes.Index(data, trimmed[:1])
	st := style{
		indent:  "  ",
		newline: "\n",
		lead:    string(data[:start]),
		trail:   string(data[start+len(trimmed):]),
	}
	if bytes.Contains(data, []byte("\r\n")) {
		st.newline = "\r\n"
	}
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

// markClean sets emitRaw on every container whose source bytes still hold
// its content, and reports whether v is unchanged.
func markClean(v *value) bool {
	switch v.kind {
	case kArray:
		clean := v.raw != nil
		for _, el := range v.elems {
			if !markClean(el) {
				clean = false
			}
		}
		v.emitRaw = clean
		return clean
	case kObject:
		clean := v.raw != nil
		for _, mb := range v.members {
			if !markClean(mb.val) {
				clean = false
			}
		}
		v.emitRaw = clean
		return clean
	default:
		return true
	}
}

// layout is what a container passes down to the children it writes.
type layout struct {
	st     style
	ind    string // indentation of the line the value starts on
	inline bool   // write new containers on one line
	colon  string // between key and value of a new member
	comma  string // after ',' in a one-line container
}

// encode writes v in style st. Unchanged containers are copied from the
// source; changed ones keep the whitespace around the children they had and
// lay out new children like their siblings, or with the file's indentation.
func encode(v *value, st style) []byte {
	markClean(v)
	var b bytes.Buffer
	b.WriteString(st.lead)
	writeValue(&b, v, layout{st: st, colon: ": "}, true)
	b.WriteString(st.trail)
	return b.Bytes()
}

// canon writes v on one line, ignoring the source layout, so two values with
// the same content and literals compare equal.
func canon(v *value) []byte {
	var b bytes.Buffer
	writeValue(&b, v, layout{inline: true, colon: ":"}, false)
	return b.Bytes()
}

// writeValue writes v. With useSource, unchanged containers are copied and
// changed ones keep their source whitespace; without, everything is laid
// out afresh by lay.
func writeValue(b *bytes.Buffer, v *value, lay layout, useSource bool) {
	switch v.kind {
	case kArray, kObject:
		if useSource && v.emitRaw {
			b.Write(v.raw)
			return
		}
	default:
		b.Write(v.raw)
		return
	}
	s := &v.shape
	src := useSource && s.parsed
	nl := lay.st.newline
	if nl == "" {
		nl = "\n"
	}
	inner := lay // what the children inherit
	childInd := lay.ind + lay.st.indent
	if src && s.n > 0 {
		inner.inline = s.inline
		if s.colon != nil {
			inner.colon = string(s.colon)
		}
		if s.inline {
			switch {
			case s.sepPre != nil:
				inner.comma = string(s.sepPre)
			case strings.HasSuffix(inner.colon, " "):
				inner.comma = " "
			default:
				inner.comma = ""
			}
		} else if s.hasInd {
			childInd = s.childInd
		}
	}
	open, closing, n := byte('['), byte(']'), len(v.elems)
	if v.kind == kObject {
		open, closing, n = '{', '}', len(v.members)
	}
	b.WriteByte(open)
	for i := range n {
		var g gaps
		var child *value
		if v.kind == kObject {
			g, child = v.members[i].gaps, v.members[i].val
		} else {
			g, child = v.elems[i].at, v.elems[i]
		}
		own := src && g.src
		var pre string
		switch {
		case own && g.first == (i == 0):
			pre = string(g.pre)
		case own && i > 0 && bytes.IndexByte(g.pre, '\n') >= 0:
			pre = string(g.pre)
		case inner.inline && i == 0 && src:
			pre = string(s.firstPre)
		case inner.inline && i == 0:
			pre = ""
		case inner.inline:
			pre = inner.comma
		default:
			pre = nl + childInd
		}
		b.WriteString(pre)
		sub := inner
		if j := strings.LastIndexByte(pre, '\n'); j >= 0 {
			sub.ind = pre[j+1:]
		}
		if v.kind == kObject {
			b.Write(v.members[i].rawKey)
			if own {
				b.Write(v.members[i].mid)
			} else {
				b.WriteString(inner.colon)
			}
		}
		writeValue(b, child, sub, useSource)
		if i < n-1 {
			if own {
				b.Write(g.post)
			}
			b.WriteByte(',')
		}
	}
	switch {
	case src && (n == 0) == (s.n == 0):
		b.Write(s.tail)
	case n == 0 || inner.inline:
	default:
		b.WriteString(nl + lay.ind)
	}
	b.WriteByte(closing)
}
