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
		{"", style{indent: "  ", newline: "\n", final: true}},
		{"{}", style{indent: "  ", newline: "\n"}},
		{"{}\n", style{indent: "  ", newline: "\n", final: true}},
		{`{"a":1}`, style{indent: "  ", newline: "\n", compact: true}},
		{"{\n\t\"a\": 1\n}\n", style{indent: "\t", newline: "\n", final: true}},
		{"{\n    \"a\": 1\n}", style{indent: "    ", newline: "\n"}},
		{"{\r\n \"a\": 1\r\n}\r\n", style{indent: " ", newline: "\r\n", final: true}},
		{"{\n\n   \"a\": 1\n}\n", style{indent: "   ", newline: "\n", final: true}},
	}
	for _, tt := range tests {
		if got := detectStyle([]byte(tt.in)); got != tt.want {
			t.Errorf("detectStyle(%q) = %+v, want %+v", tt.in, got, tt.want)
		}
	}
}

func TestEditedLayout(t *testing.T) {
	in := "{\n\t\"keep\": [1,2],\n\t\"x\": 1\n}"
	v, err := parseJSON([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	v.del("x")
	v.set("new", newObject(m("k", newString("a&b"))))
	want := "{\n\t\"keep\": [1,2],\n\t\"new\": {\n\t\t\"k\": \"a&b\"\n\t}\n}"
	if got := string(encode(v, detectStyle([]byte(in)))); got != want {
		t.Errorf("got %q, want %q", got, want)
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
		// Re-laid-out in every style: same content.
		for _, st := range []style{defaultStyle, {indent: "\t", newline: "\r\n"}, {compact: true}} {
			var b bytes.Buffer
			writeValue(&b, v, st, 0, false)
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
