package install

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

func TestParseErrors(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"", "line 1, column 1: unexpected end of file, want a value"},
		{"{", "line 1, column 2: unexpected end of file, want a key string"},
		{`{"a" 1}`, `line 1, column 6: unexpected character '1' after key, want ':'`},
		{"{\n  \"a\": 1,\n}", "line 3, column 1: unexpected character '}', want a key string"},
		{`[1,]`, "line 1, column 4: unexpected character ']', want a value"},
		{`[1 2]`, "line 1, column 4: unexpected character '2' in array, want ',' or ']'"},
		{`{"a":1} x`, "line 1, column 9: unexpected character 'x' after the top-level value"},
		{`"a` + "\t" + `"`, `line 1, column 3: control character byte 0x09 in string`},
		{`"\x"`, `line 1, column 3: invalid escape character 'x' in string`},
		{`"\u12g4"`, `line 1, column 6: unexpected character 'g' in \u escape, want a hex digit`},
		{`01`, "line 1, column 2: unexpected character '1' after the top-level value"},
		{`-`, "line 1, column 2: unexpected end of file in number, want a digit"},
		{`1.`, "line 1, column 3: unexpected end of file after decimal point, want a digit"},
		{`1e+`, "line 1, column 4: unexpected end of file in exponent, want a digit"},
		{`tru`, "line 1, column 1: unexpected character 't', want true"},
		{`// c` + "\n{}", "line 1, column 1: unexpected character '/', want a value"},
		{strings.Repeat("[", maxDepth+1), "line 1, column 513: nesting deeper than 512 levels"},
	}
	for _, tt := range tests {
		v, err := parseJSON([]byte(tt.in))
		if err == nil || err.Error() != tt.want {
			t.Errorf("parseJSON(%q) error = %v, want %q", tt.in, err, tt.want)
		}
		if v != nil {
			t.Errorf("parseJSON(%q) returned a value with an error", tt.in)
		}
	}
}

// TestEncodeUnchanged: a document nobody edited is written back byte for byte.
func TestEncodeUnchanged(t *testing.T) {
	tests := []string{
		"{}\n",
		"{\n\t\"a\": [1, 2.50, -0e3],\n\t\"b\": {\"c\": \"\\u00e9\\/\"}\n}\n",
		`{"compact":true,"n":null}`,
		"{\r\n    \"crlf\": \"yes\"\r\n}\r\n",
		"[\n  \"top-level array\"\n]",
	}
	for _, in := range tests {
		v, err := parseJSON([]byte(in))
		if err != nil {
			t.Fatalf("parseJSON(%q): %v", in, err)
		}
		if got := encode(v, detectStyle([]byte(in))); string(got) != in {
			t.Errorf("encode(parse(%q)) = %q", in, got)
		}
	}
}

func TestDetectStyle(t *testing.T) {
	tests := []struct {
		in   string
		want style
	}{
		{"", style{indent: "  ", newline: "\n", trail: "\n"}},
		{" \n", style{indent: "  ", newline: "\n", trail: "\n"}},
		{"{}", style{indent: "  ", newline: "\n"}},
		{"{}\n", style{indent: "  ", newline: "\n", trail: "\n"}},
		{`{"a":1}`, style{indent: "  ", newline: "\n"}},
		{"\n  {\"a\":1} \n\n", style{indent: "  ", newline: "\n", lead: "\n  ", trail: " \n\n"}},
		{"{\n\t\"a\": 1\n}\n", style{indent: "\t", newline: "\n", trail: "\n"}},
		{"{\n    \"a\": 1\n}", style{indent: "    ", newline: "\n"}},
		{"{\r\n \"a\": 1\r\n}\r\n", style{indent: " ", newline: "\r\n", trail: "\r\n"}},
		{"{\n\n   \"a\": 1\n}\n", style{indent: "   ", newline: "\n", trail: "\n"}},
	}
	for _, tt := range tests {
		if got := detectStyle([]byte(tt.in)); got != tt.want {
			t.Errorf("detectStyle(%q) = %+v, want %+v", tt.in, got, tt.want)
		}
	}
}

// TestEditedLayout: an edited container keeps the spacing of the children
// it had; new children are laid out like their siblings (one-line
// containers stay on one line, with the file's spacing) or, where there is
// no sibling, with the file's indentation.
func TestEditedLayout(t *testing.T) {
	newObj := func() *value { return newObject(m("k", newString("a&b")), m("l", newArray(newNumber("1")))) }
	tests := []struct {
		name, in string
		edit     func(v *value)
		want     string
	}{
		{"tabs", "{\n\t\"keep\": [1,2],\n\t\"x\": 1\n}",
			func(v *value) { v.del("x"); v.set("new", newObj()) },
			"{\n\t\"keep\": [1,2],\n\t\"new\": {\n\t\t\"k\": \"a&b\",\n\t\t\"l\": [\n\t\t\t1\n\t\t]\n\t}\n}"},
		{"python one line", `{"a": 1, "b": {"c": 2}}`,
			func(v *value) { v.set("new", newObj()) },
			`{"a": 1, "b": {"c": 2}, "new": {"k": "a&b", "l": [1]}}`},
		{"one member, spaced", `{"a": 1}`,
			func(v *value) { v.insert(0, "v", newNumber("1")) },
			`{"v": 1, "a": 1}`},
		{"compact", `{"a":1}`,
			func(v *value) { v.set("new", newObj()) },
			`{"a":1,"new":{"k":"a&b","l":[1]}}`},
		{"padded braces", `{ "a" : 1 }`,
			func(v *value) { v.insert(0, "v", newNumber("1")) },
			`{ "v" : 1, "a" : 1 }`},
		{"blank lines and odd spacing kept", "{\n  \"a\" : 1 ,\n\n  \"b\":2,\n  \"x\": 3\n}\n",
			func(v *value) { v.del("x"); v.set("c", newNumber("3")) },
			"{\n  \"a\" : 1 ,\n\n  \"b\":2,\n  \"c\" : 3\n}\n"},
		{"nested", "{\n  \"h\": {\n    \"a\": 1\n  }\n}",
			func(v *value) { h, _, _ := v.lookup("h"); h.set("new", newObj()); v.raw = nil },
			"{\n  \"h\": {\n    \"a\": 1,\n    \"new\": {\n      \"k\": \"a&b\",\n      \"l\": [\n        1\n      ]\n    }\n  }\n}"},
		{"empty object grows", "{\n  \"hooks\": {}\n}",
			func(v *value) { h, _, _ := v.lookup("hooks"); h.set("k", newNumber("1")); v.raw = nil },
			"{\n  \"hooks\": {\n    \"k\": 1\n  }\n}"},
		{"one-line array in a pretty file", "{\n  \"l\": [ 1, 2 ]\n}",
			func(v *value) { l, _, _ := v.lookup("l"); l.setElems(append(l.elems, newObj())) },
			"{\n  \"l\": [ 1, 2, {\"k\": \"a&b\", \"l\": [1]} ]\n}"},
		{"first element removed", "[\n  1,\n  2\n]",
			func(v *value) { v.setElems(v.elems[1:]) },
			"[\n  2\n]"},
		{"one-line first element removed", "[ 1 , 2 ]",
			func(v *value) { v.setElems(v.elems[1:]) },
			"[ 2 ]"},
		{"emptied", "{\n  \"a\": 1\n}",
			func(v *value) { v.del("a") },
			"{}"},
		{"crlf", "{\r\n  \"a\": 1\r\n}\r\n",
			func(v *value) { v.set("b", newArray(newNumber("2"))) },
			"{\r\n  \"a\": 1,\r\n  \"b\": [\r\n    2\r\n  ]\r\n}\r\n"},
	}
	for _, tt := range tests {
		v, err := parseJSON([]byte(tt.in))
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		tt.edit(v)
		if got := string(encode(v, detectStyle([]byte(tt.in)))); got != tt.want {
			t.Errorf("%s:\ngot  %q\nwant %q", tt.name, got, tt.want)
		}
	}
}

// touch marks every container of v changed, as an edit would.
func touch(v *value) {
	if v.kind == kArray || v.kind == kObject {
		v.raw = nil
	}
	for _, el := range v.elems {
		touch(el)
	}
	for _, mb := range v.members {
		touch(mb.val)
	}
}

func TestLookupDuplicate(t *testing.T) {
	v, err := parseJSON([]byte(`{"hooks":{},"hooks":[]}`))
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := v.lookup("hooks"); err == nil || !strings.Contains(err.Error(), `duplicate key "hooks"`) {
		t.Errorf("lookup of a duplicated key: %v", err)
	}
}

// FuzzParse checks the ordered-JSON parser against encoding/json and its
// own encoder: it accepts exactly what json.Valid accepts (within the depth
// bound), returns nil with every error, writes an unedited document back
// unchanged, and a re-laid-out document parses to the same content.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		`{}`, `[]`, `{"a":[1,2,{"b":null}],"c":"\u00e9\n"}`, "{\n\t\"x\": -1.5e+3\n}\n",
		`{"hooks":{"PreToolUse":[{"matcher":"*","hooks":[{"type":"command","command":"guard"}]}]}}`,
		`[1,]`, `{"a" 1}`, `"\ud800"`, "\xff", `[[[[[]]]]]`, ` true `,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 1<<16 {
			return
		}
		v, err := parseJSON(data)
		if err != nil {
			if v != nil {
				t.Fatal("value returned with an error")
			}
			var se *syntaxError
			if !asSyntax(err, &se) || se.line < 1 || se.col < 1 {
				t.Fatalf("error without a position: %v", err)
			}
			if json.Valid(data) && !strings.Contains(err.Error(), "nesting deeper") {
				t.Fatalf("rejected valid JSON %q: %v", data, err)
			}
			return
		}
		if !json.Valid(data) {
			t.Fatalf("accepted invalid JSON %q", data)
		}
		// Unedited: the value's own bytes come back.
		trimmed := bytes.TrimSpace(data)
		if got := encode(v, style{}); !bytes.Equal(got, trimmed) {
			t.Fatalf("unedited encode = %q, want %q", got, trimmed)
		}
		// Every container marked changed but none edited: still the
		// same bytes, the whitespace between children being kept.
		touch(v)
		if got := encode(v, detectStyle(data)); !bytes.Equal(got, data) {
			t.Fatalf("touched encode = %q, want %q", got, data)
		}
		// Re-laid-out in every style: same content.
		for _, lay := range []layout{{st: defaultStyle, colon: ": "}, {st: style{indent: "\t", newline: "\r\n"}, colon: ": "}, {inline: true, colon: ":"}} {
			var b bytes.Buffer
			writeValue(&b, v, lay, false)
			v2, err := parseJSON(b.Bytes())
			if err != nil {
				t.Fatalf("re-encoded %q does not parse: %v", b.Bytes(), err)
			}
			if !bytes.Equal(canon(v), canon(v2)) {
				t.Fatalf("round trip changed %q to %q", canon(v), canon(v2))
			}
			var x, y any
			if json.Unmarshal(data, &x) == nil {
				if err := json.Unmarshal(b.Bytes(), &y); err != nil || !reflect.DeepEqual(x, y) {
					t.Fatalf("content changed: %v / %v", x, y)
				}
			}
		}
	})
}

func asSyntax(err error, target **syntaxError) bool {
	se, ok := err.(*syntaxError)
	*target = se
	return ok
}
