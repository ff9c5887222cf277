package agent

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"strings"
)

// maxDepth bounds the nesting of the JSON guard reads: encoding/json's own
// bound, so that whatever decoded is walked whole (leaves, walkJSON) and
// never refused for its depth. The walks keep their own stack, one frame
// a level, so depth costs memory in proportion, never the goroutine's
// stack; a payload nested deeper does not decode, and is blocked.
const maxDepth = 10000

// fields is one decoded JSON object: its members, still encoded, and its
// dotted path in the payload for error messages.
type fields struct {
	m      map[string]json.RawMessage
	prefix string
	doc    json.RawMessage // the object as sent, for walks in document order
	valid  bool            // read by the fast path: every member is a valid JSON value
}

func (f fields) path(name string) string {
	if f.prefix == "" {
		return name
	}
	return f.prefix + "." + name
}

// raw returns the encoded member name; a null member counts as absent.
func (f fields) raw(name string) (json.RawMessage, bool) {
	r, ok := f.m[name]
	if !ok || isNull(r) {
		return nil, false
	}
	return r, true
}

func (f fields) has(name string) bool {
	_, ok := f.raw(name)
	return ok
}

func isNull(r json.RawMessage) bool { return string(bytes.TrimSpace(r)) == "null" }

// str returns member name as a string; ok is false when it is absent.
func (f fields) str(name string) (s string, ok bool, err error) {
	r, ok := f.raw(name)
	if !ok {
		return "", false, nil
	}
	if s, ok := stringValue(r); ok {
		return s, true, nil
	}
	if err := json.Unmarshal(r, &s); err != nil {
		return "", false, &Error{Field: f.path(name), Problem: "is " + kindOf(r) + ", want a string"}
	}
	return s, true, nil
}

// flag returns member name as a boolean; absent is false.
func (f fields) flag(name string) (bool, error) {
	r, ok := f.raw(name)
	if !ok {
		return false, nil
	}
	var b bool
	if err := json.Unmarshal(r, &b); err != nil {
		return false, &Error{Field: f.path(name), Problem: "is " + kindOf(r) + ", want a boolean"}
	}
	return b, nil
}

// reqStr returns member name as a string and fails when it is absent.
func (f fields) reqStr(name string) (string, error) {
	s, ok, err := f.str(name)
	if err != nil {
		return "", err
	}
	if !ok {
		return "", &Error{Field: f.path(name), Problem: "missing"}
	}
	return s, nil
}

// firstStr returns the first present member among names, as a string.
func (f fields) firstStr(names ...string) (s string, ok bool, err error) {
	for _, n := range names {
		s, ok, err = f.str(n)
		if err != nil || ok {
			return s, ok, err
		}
	}
	return "", false, nil
}

// reqFirstStr is firstStr that fails when none of names is present.
func (f fields) reqFirstStr(names ...string) (string, error) {
	s, ok, err := f.firstStr(names...)
	if err != nil {
		return "", err
	}
	if !ok {
		return "", &Error{Field: f.path(strings.Join(names, "|")), Problem: "missing"}
	}
	return s, nil
}

// obj returns member name as an object; ok is false when it is absent.
func (f fields) obj(name string) (fields, bool, error) {
	r, ok := f.raw(name)
	if !ok {
		return fields{}, false, nil
	}
	if b := bytes.TrimSpace(r); len(b) == 0 || b[0] != '{' {
		return fields{}, false, &Error{Field: f.path(name), Problem: "is " + kindOf(r) + ", want an object"}
	}
	o, err := decodeObjectIn(r, f.path(name), f.valid)
	if err != nil {
		return fields{}, false, err
	}
	return o, true, nil
}

// input returns member name (a tool's input) as an object. Agent B sends
// tool_input as a JSON string holding the object: that string is decoded
// first. ok is false when the member is absent; text is set, and the object
// empty, when the member is a string that does not decode to an object: the
// caller checks it as text. A string holding an object nested deeper than
// guard decodes is an error: the client reads its fields.
func (f fields) input(name string) (o fields, text string, ok bool, err error) {
	r, ok := f.raw(name)
	if !ok {
		return fields{}, "", false, nil
	}
	b := bytes.TrimSpace(r)
	if len(b) > 0 && b[0] == '"' {
		s, ok := stringValue(b)
		if !ok {
			ok = json.Unmarshal(b, &s) == nil
		}
		if !ok {
			return fields{}, "", false, &Error{Field: f.path(name), Problem: "is not a valid JSON string"}
		}
		if t := strings.TrimSpace(s); strings.HasPrefix(t, "{") {
			o, err := decodeObject([]byte(t), f.path(name))
			if err == nil {
				return o, "", true, nil
			}
			if e := (*Error)(nil); errors.As(err, &e) && e.Limit {
				// The client reads an object nested past guard's decoder
				// (JSON.parse has no depth limit): its fields are there,
				// guard cannot read them, so it cannot be checked as text.
				return fields{}, "", false, err
			}
		}
		return fields{m: map[string]json.RawMessage{}, prefix: f.path(name)}, s, true, nil
	}
	o, ok, err = f.obj(name)
	return o, "", ok, err
}

// text returns member name as text: a string as it is; any other value as
// its string values joined by newlines (see stringLeaves). ok is false when
// the member is absent.
func (f fields) text(name string) (s string, ok bool, err error) {
	r, ok := f.raw(name)
	if !ok {
		return "", false, nil
	}
	b := bytes.TrimSpace(r)
	if len(b) > 0 && b[0] == '"' {
		if v, ok := stringValue(b); ok {
			return v, true, nil
		}
		if err := json.Unmarshal(b, &s); err != nil {
			return "", false, &Error{Field: f.path(name), Problem: "is not a valid JSON string"}
		}
		return s, true, nil
	}
	s, err = stringLeaves(b, f.path(name))
	return s, err == nil, err
}

// stringLeaves joins every string value in r (not the object keys) with
// newlines, in document order.
func stringLeaves(r json.RawMessage, field string) (string, error) {
	var sb strings.Builder
	err := leaves(r, field, func(l leaf) {
		if !l.isString {
			return
		}
		if sb.Len() > 0 {
			sb.WriteByte('\n')
		}
		sb.WriteString(l.value)
	})
	if err != nil {
		return "", err
	}
	return sb.String(), nil
}

// leaf is one scalar value inside a JSON document.
type leaf struct {
	key      string // the object key it sits under; an array inherits its key
	value    string // the string, or the number/boolean literal
	isString bool
	array    int // a number unique to its enclosing array, 0 outside arrays
	// isKey: the leaf is an object's key (keyedLeaves), its value the
	// key's text and its key the key the object sits under.
	isKey bool
}

// leaves calls fn for every scalar (not null) in r, in document order.
func leaves(r json.RawMessage, field string, fn func(leaf)) error {
	return leavesOf(tokenSource(r), field, false, fn)
}

// keyedLeaves is leaves that also calls fn for every object key, before
// the value under it: a key is data a tool may act on ({"files":
// {"../.bashrc":"x"}} writes the file the key names).
func keyedLeaves(r json.RawMessage, field string, fn func(leaf)) error {
	return leavesOf(tokenSource(r), field, true, fn)
}

// leavesOf is leaves over the tokens next returns; keys says whether
// object keys are leaves too (keyedLeaves).
func leavesOf(next func() (json.Token, error), field string, keys bool, fn func(leaf)) error {
	w := leafWalk{keys: keys}
	bad := &Error{Field: field, Problem: "is not valid JSON"}
	for {
		tok, err := next()
		if errors.Is(err, io.EOF) {
			if len(w.stack) != 0 {
				return bad
			}
			return nil
		}
		if err != nil {
			return bad
		}
		if d, ok := tok.(json.Delim); ok {
			if !w.delim(d) {
				return &Error{Field: field, Problem: "is nested too deeply"}
			}
			continue
		}
		if l, ok := w.scalar(tok); ok {
			fn(l)
		}
	}
}

// leafWalk is leavesOf's place in the document: the open objects and
// arrays, and how many arrays it has opened (each leaf's array number).
type leafWalk struct {
	stack  []leafFrame
	arrays int
	keys   bool // object keys are leaves (keyedLeaves)
}

// leafFrame is one open object or array.
type leafFrame struct {
	obj       bool
	expectKey bool
	key       string // current key (object) or inherited key (array)
	id        int    // array number
}

// top returns the innermost open object or array, nil at the top level.
func (w *leafWalk) top() *leafFrame {
	if len(w.stack) == 0 {
		return nil
	}
	return &w.stack[len(w.stack)-1]
}

// delim opens or closes an object or array. It reports false when an
// opening goes past maxDepth.
func (w *leafWalk) delim(d json.Delim) bool {
	top := w.top()
	switch d {
	case '{', '[':
		if len(w.stack) >= maxDepth {
			return false
		}
		key := ""
		if top != nil {
			key = top.key
			if top.obj {
				top.expectKey = true
			}
		}
		if d == '{' {
			w.stack = append(w.stack, leafFrame{obj: true, expectKey: true, key: key})
		} else {
			w.arrays++
			w.stack = append(w.stack, leafFrame{key: key, id: w.arrays})
		}
	default:
		w.stack = w.stack[:len(w.stack)-1]
	}
	return true
}

// scalar reads a key or a scalar token: it returns the leaf of a scalar
// that is not null, with the key it sits under, and, when the walk takes
// keys, the leaf of a key, with the key its object sits under.
func (w *leafWalk) scalar(tok json.Token) (leaf, bool) {
	top := w.top()
	if top != nil && top.obj && top.expectKey {
		k, _ := tok.(string)
		parent := w.parentKey()
		top.key = k
		top.expectKey = false
		return leaf{key: parent, value: k, isString: true, isKey: true}, w.keys
	}
	l := leaf{}
	if top != nil {
		l.key = top.key
		if top.obj {
			top.expectKey = true
		} else {
			l.array = top.id
		}
	}
	switch v := tok.(type) {
	case string:
		l.value, l.isString = v, true
	case json.Number:
		l.value = v.String()
	case bool:
		l.value = strconv.FormatBool(v)
	case nil:
		return leaf{}, false
	}
	return l, true
}

// parentKey returns the key the innermost open object sits under (an
// array's inherited key included), "" at the top level.
func (w *leafWalk) parentKey() string {
	if n := len(w.stack); n > 1 {
		return w.stack[n-2].key
	}
	return ""
}

// strs returns member name as a list of strings: a string is a list of one,
// an array's string elements are the list (other elements are skipped).
func strs(f fields, name string) ([]string, error) {
	r, ok := f.raw(name)
	if !ok {
		return nil, nil
	}
	var one string
	if json.Unmarshal(r, &one) == nil {
		return []string{one}, nil
	}
	var many []json.RawMessage
	if err := json.Unmarshal(r, &many); err != nil {
		return nil, &Error{Field: f.path(name), Problem: "is " + kindOf(r) + ", want a string or an array of strings"}
	}
	var out []string
	for _, e := range many {
		if json.Unmarshal(e, &one) == nil && one != "" {
			out = append(out, one)
		}
	}
	return out, nil
}
