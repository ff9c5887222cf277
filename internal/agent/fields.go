package agent

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
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
}

// leaves calls fn for every scalar (not null) in r, in document order.
func leaves(r json.RawMessage, field string, fn func(leaf)) error {
	return leavesOf(tokenSource(r), field, fn)
}

// leavesOf is leaves over the tokens next returns.
func leavesOf(next func() (json.Token, error), field string, fn func(leaf)) error {
	type frame struct {
		obj       bool
		expectKey bool
		key       string // current key (object) or inherited key (array)
		id        int    // array number
	}
	var stack []frame
	arrays := 0
	bad := &Error{Field: field, Problem: "is not valid JSON"}
	for {
		tok, err := next()
		if errors.Is(err, io.EOF) {
			if len(stack) != 0 {
				return bad
			}
			return nil
		}
		if err != nil {
			return bad
		}
		var top *frame
		if len(stack) > 0 {
			top = &stack[len(stack)-1]
		}
		if d, ok := tok.(json.Delim); ok {
			switch d {
			case '{', '[':
				if len(stack) >= maxDepth {
					return &Error{Field: field, Problem: "is nested too deeply"}
				}
				key := ""
				if top != nil {
					key = top.key
					if top.obj {
						top.expectKey = true
					}
				}
				if d == '{' {
					stack = append(stack, frame{obj: true, expectKey: true, key: key})
				} else {
					arrays++
					stack = append(stack, frame{key: key, id: arrays})
				}
			default:
				stack = stack[:len(stack)-1]
			}
			continue
		}
		if top != nil && top.obj && top.expectKey {
			k, _ := tok.(string)
			top.key = k
			top.expectKey = false
			continue
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
			if v {
				l.value = "true"
			} else {
				l.value = "false"
			}
		case nil:
			continue
		}
		fn(l)
	}
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
