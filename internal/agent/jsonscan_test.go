package agent

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"testing"
)

// jsonSeeds are documents that exercise the fast path's cases: escapes,
// surrogates (paired, lone, broken), invalid UTF-8, numbers, nesting,
// duplicate keys, white space, and near misses it must refuse.
var jsonSeeds = []string{
	`{}`, ` { "a" : 1 , "b":[true,false,null,-0.5e+3,"x"] } `, `{"a":1,"a":2}`,
	`{"tool_response":{"type":"text","file":{"filePath":"/w/a.go","content":"package a\n\tfunc \"x\" \\ \/ \b\f\r","numLines":2}}}`,
	`{"k\u00e9y":"\ud83d\ude00 \ud83d \ude00x \ud83dx \u0041\u00"}`, "{\"a\":\"\xff\xc3(\xe2\x82\"}", `{"a":"\u2028é😀"}`,
	`"plain"`, `"esc\"aped"`, `[1,[2,[3,{"d":[]}]]]`, `0`, `-0`, `01`, `1.`, `.5`, `1e`, `-`, `tru`, `nul`, `{"a":}`,
	`{"a" 1}`, `{"a":1,}`, `[1,]`, `{"a":"x`, "\"\x01\"", `"\x"`, `{"a":1} {"b":2}`, ``, `   `, `null`, `{"a":"\uD800\uDC00"}`,
	`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":"{\"command\":\"ls\"}"}`,
}

// FuzzDecodeObject checks that whatever splitObject accepts, encoding/json
// accepts too, with the same members, byte for byte.
func FuzzDecodeObject(f *testing.F) {
	for _, s := range jsonSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		got, ok := splitObject(data, false)
		if !ok {
			return
		}
		var want map[string]json.RawMessage
		if err := json.Unmarshal(data, &want); err != nil {
			t.Fatalf("splitObject took %q, encoding/json refuses it: %v", data, err)
		}
		if want == nil || len(got) != len(want) {
			t.Fatalf("%q: %d members, encoding/json %d", data, len(got), len(want))
		}
		for k, v := range want {
			if !bytes.Equal(got[k], v) {
				t.Fatalf("%q: member %q = %q, encoding/json %q", data, k, got[k], v)
			}
		}
		// Members are valid documents: reading them again trusted equals
		// reading them checked.
		for _, v := range got {
			a, okA := splitObject(v, true)
			b, okB := splitObject(v, false)
			if okA != okB || !reflect.DeepEqual(a, b) {
				t.Fatalf("%q: trusted %v %v, checked %v %v", v, a, okA, b, okB)
			}
		}
	})
}

// FuzzStringValue checks stringValue against encoding/json.
func FuzzStringValue(f *testing.F) {
	for _, s := range jsonSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		got, ok := stringValue(raw)
		var want string
		err := json.Unmarshal(raw, &want)
		if ok && err != nil {
			t.Fatalf("stringValue took %q, encoding/json refuses it: %v", raw, err)
		}
		if ok && got != want {
			t.Fatalf("%q: %q, encoding/json %q", raw, got, want)
		}
		if tr := bytes.TrimSpace(raw); !ok && len(tr) > 0 && tr[0] == '"' && json.Valid(raw) {
			t.Fatalf("stringValue refused the string %q", raw)
		}
	})
}

// FuzzTokens checks that fastTokens yields exactly the tokens a
// json.Decoder with UseNumber yields, then the end.
func FuzzTokens(f *testing.F) {
	for _, s := range jsonSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		got, ok := fastTokens(raw)
		if !ok {
			if json.Valid(raw) && len(raw) < maxFastDepth {
				t.Fatalf("fastTokens refused the valid %q", raw)
			}
			return
		}
		next := decoderTokens(raw)
		for i, g := range got {
			w, err := next()
			if err != nil {
				t.Fatalf("%q: token %d: decoder error %v, fast %#v", raw, i, err, g)
			}
			if !reflect.DeepEqual(g, w) {
				t.Fatalf("%q: token %d: fast %#v, decoder %#v", raw, i, g, w)
			}
		}
		if w, err := next(); !errors.Is(err, io.EOF) {
			t.Fatalf("%q: decoder has more: %#v %v", raw, w, err)
		}
	})
}
