package lang

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
)

// ErrDuplicateKey is JSONObject's error for an object that names one key
// twice: JSON readers disagree on which value wins (JavaScript's
// JSON.parse takes the last, serde's structs refuse the text, others the
// first), so guard cannot tell what the program reading it sees.
var ErrDuplicateKey = errors.New("it names one key twice in an object (after JSON unescaping), and JSON readers disagree on which value wins")

// JSONObject decodes data, a JSON object as a program that reads it by
// exact keys does (node's JSON.parse, npm, deno, Python's json): its
// members by their names after unescaping, matched exactly. encoding/json's
// struct tags match any case ("Scripts", "ſcripts" fill a `json:"scripts"`
// field), which no such program does, so files another program reads are
// decoded through this. It fails on text that is not one object, and with
// ErrDuplicateKey when an object at any depth names a key twice.
func JSONObject(data []byte) (map[string]json.RawMessage, error) {
	// A UTF-8 byte order mark before the text: node's readers (npm's
	// package.json among them) strip it and read the rest (FINDINGS55d D10).
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if err := uniqueKeys(data); err != nil {
		return nil, err
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, err
	}
	if m == nil {
		return nil, errors.New("it is not a JSON object")
	}
	return m, nil
}

// JSONMember decodes member key of JSON object raw into v (a value
// reached through JSONObject, so its own keys were checked); a missing
// or null member leaves v as it is.
func JSONMember(obj map[string]json.RawMessage, key string, v any) error {
	raw, ok := obj[key]
	if !ok || string(raw) == "null" {
		return nil
	}
	return json.Unmarshal(raw, v)
}

// uniqueKeys fails when data is no JSON text or an object in it names a
// key twice.
func uniqueKeys(data []byte) error {
	type frame struct {
		keys map[string]bool // nil: an array
		key  bool            // the object's next token is a key
	}
	var stack []*frame
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	for {
		t, err := dec.Token()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		var top *frame
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if s, ok := t.(string); ok && top != nil && top.keys != nil && top.key {
			if top.keys[s] {
				return ErrDuplicateKey
			}
			top.keys[s], top.key = true, false
			continue
		}
		if top != nil && top.keys != nil {
			top.key = true // a value: a key comes next
		}
		switch t {
		case json.Delim('{'):
			stack = append(stack, &frame{keys: map[string]bool{}, key: true})
		case json.Delim('['):
			stack = append(stack, &frame{})
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
		}
	}
}
