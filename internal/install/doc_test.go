package install

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/tailscale/hujson"
)

func TestParseErrors(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"", "line 1, column 1: parsing value: unexpected EOF"},
		{"{", "line 1, column 2: parsing value: unexpected EOF"},
		{`{"a" 1}`, `line 1, column 6: invalid character '1' after object name`},
		{"{\n  \"a\": 1,\n}", "line 2, column 9: trailing comma (agent C refuses to start on one, strict JSON readers too; remove it)"},
		{`[1,]`, "line 1, column 3: trailing comma (agent C refuses to start on one, strict JSON readers too; remove it)"},
		{`[1 2]`, `line 1, column 4: invalid character '2' after array value (expecting ',' or ']')`},
		{`{"a":1} x`, `line 1, column 9: invalid character 'x' after top-level value`},
		{`01`, "line 1, column 1: not a valid JSON value (keys and strings need double quotes)"},
		{`{"k": "sk-live-\q"}`, "line 1, column 7: not a valid JSON value (keys and strings need double quotes)"},
		{"/* open", "line 1, column 1: parsing comment: unexpected EOF"},
		{strings.Repeat("[", maxDepth+1), "line 1, column 513: nesting deeper than 512 levels"},
		{`["[[[` + strings.Repeat("[", maxDepth) + `"]`, ""}, // brackets in a string do not nest
	}
	for _, tt := range tests {
		v, err := parseDoc([]byte(tt.in))
		if tt.want == "" {
			if err != nil {
				t.Errorf("parseDoc(%.20q): %v", tt.in, err)
			}
			continue
		}
		if err == nil || err.Error() != tt.want {
			t.Errorf("parseDoc(%.20q) error = %v, want %q", tt.in, err, tt.want)
		}
		if v != nil {
			t.Errorf("parseDoc(%.20q) returned a value with an error", tt.in)
		}
	}
}

// TestCommentsOnly: a file of comments is an empty object after them.
func TestCommentsOnly(t *testing.T) {
	in := "// nothing yet\n/* later */\n"
	v, err := parseDoc([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if got := string(v.Pack()); got != in+"{}\n" {
		t.Errorf("got %q", got)
	}
}

// TestEditedLayout: an edited container keeps the spacing of the children
// it had; new children are laid out like their siblings (one-line
// containers stay on one line, with the file's spacing) or, where there is
// no sibling, with the file's indentation; a removed child takes its
// whitespace but never a comment with it.
func TestEditedLayout(t *testing.T) {
	newVal := func() *hujson.Value {
		return newObj(mem("k", newStr("a&b")), mem("l", newArr(newLit("1"))))
	}
	top := func(in string) *box {
		v, err := parseDoc([]byte(in))
		if err != nil {
			t.Fatal(err)
		}
		return boxOf(v, "", detectStyle([]byte(in)), nil)
	}
	field := func(b *box, key string) *box {
		v, i, _ := lookup(objectOf(b.v), key)
		return b.sub(v, objectOf(b.v).Members[i].Name.BeforeExtra)
	}
	tests := []struct {
		name, in string
		edit     func(b *box)
		want     string
	}{
		{"tabs", "{\n\t\"keep\": [1,2],\n\t\"x\": 1\n}",
			func(b *box) { b.remove(1); b.insert(1, "new", newVal()) },
			"{\n\t\"keep\": [1,2],\n\t\"new\": {\n\t\t\"k\": \"a&b\",\n\t\t\"l\": [\n\t\t\t1\n\t\t]\n\t}\n}"},
		{"python one line", `{"a": 1, "b": {"c": 2}}`,
			func(b *box) { b.insert(2, "new", newVal()) },
			`{"a": 1, "b": {"c": 2}, "new": {"k": "a&b", "l": [1]}}`},
		{"one member, spaced", `{"a": 1}`,
			func(b *box) { b.insert(0, "v", newLit("1")) },
			`{"v": 1, "a": 1}`},
		{"compact", `{"a":1}`,
			func(b *box) { b.insert(1, "new", newVal()) },
			`{"a":1,"new":{"k":"a&b","l":[1]}}`},
		{"padded braces", `{ "a" : 1 }`,
			func(b *box) { b.insert(0, "v", newLit("1")) },
			`{ "v" : 1, "a" : 1 }`},
		{"spaced colon in new members", "{\n  \"a\" : 1\n}",
			func(b *box) { b.insert(1, "new", newVal()) },
			"{\n  \"a\" : 1,\n  \"new\" : {\n    \"k\" : \"a&b\",\n    \"l\" : [\n      1\n    ]\n  }\n}"},
		{"empty object in a one-line file", `{"a": 1, "hooks": {}}`,
			func(b *box) { field(b, "hooks").insert(0, "k", newVal()) },
			`{"a": 1, "hooks": {"k": {"k": "a&b", "l": [1]}}}`},
		{"new object in a compact file", `{"a":1}`,
			func(b *box) { b.insert(1, "hooks", newObj()); field(b, "hooks").insert(0, "k", newLit("1")) },
			`{"a":1,"hooks":{"k":1}}`},
		{"empty object grows", "{\n  \"hooks\": {}\n}",
			func(b *box) { field(b, "hooks").insert(0, "k", newLit("1")) },
			"{\n  \"hooks\": {\n    \"k\": 1\n  }\n}"},
		{"one-line array in a pretty file", "{\n  \"l\": [ 1, 2 ]\n}",
			func(b *box) { field(b, "l").insert(2, "", newVal()) },
			"{\n  \"l\": [ 1, 2, {\"k\": \"a&b\", \"l\": [1]} ]\n}"},
		{"first element removed", "[\n  1,\n  2\n]",
			func(b *box) { b.remove(0) },
			"[\n  2\n]"},
		{"one-line first element removed", "[ 1 , 2 ]",
			func(b *box) { b.remove(0) },
			"[ 2 ]"},
		{"python first member removed", `{"a": 1, "b": 2}`,
			func(b *box) { b.remove(0) },
			`{"b": 2}`},
		{"emptied", "{\n  \"a\": 1\n}",
			func(b *box) { b.remove(0) },
			"{}"},
		{"crlf", "{\r\n  \"a\": 1\r\n}\r\n",
			func(b *box) { b.insert(1, "b", newArr(newLit("2"))) },
			"{\r\n  \"a\": 1,\r\n  \"b\": [\r\n    2\r\n  ]\r\n}\r\n"},
		{"comment after the last member stays on its line", "{\n  \"a\": 1 // one\n}",
			func(b *box) { b.insert(1, "b", newLit("2")) },
			"{\n  \"a\": 1, // one\n  \"b\": 2\n}"},
		{"comment inside an empty object", "{\n  // none yet\n}",
			func(b *box) { b.insert(0, "b", newLit("2")) },
			"{\n  // none yet\n  \"b\": 2\n}"},
		{"removed member's comment kept", "{\n  // about x\n  \"x\": 1,\n  \"y\": 2\n}",
			func(b *box) { b.remove(0) },
			"{\n  // about x\n  \"y\": 2\n}"},
		{"removed last member's comment kept", "{\n  \"y\": 2,\n  \"x\": 1 /* x */\n}",
			func(b *box) { b.remove(1) },
			"{\n  \"y\": 2 /* x */\n}"},
	}
	for _, tt := range tests {
		b := top(tt.in)
		tt.edit(b)
		got := string(b.v.Pack())
		if got != tt.want {
			t.Errorf("%s:\ngot  %q\nwant %q", tt.name, got, tt.want)
		}
		if _, err := parseDoc([]byte(got)); err != nil {
			t.Errorf("%s: result does not parse: %v", tt.name, err)
		}
	}
}

// FuzzParse: parseDoc returns nil with every error, which has a position;
// what it accepts packs back to its own bytes and holds no trailing comma;
// every standard JSON document within the depth bound is accepted.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		`{}`, `[]`, `{"a":[1,2,{"b":null}],"c":"\u00e9\n"}`, "{\n\t\"x\": -1.5e+3\n}\n",
		"// c\n{/* x */\"a\": 1 // y\n}\n", `[1,]`, `{"a" 1}`, `"\ud800"`, "\xff", `[[[[[]]]]]`, ` true `,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 1<<16 {
			return
		}
		v, err := parseDoc(data)
		if err != nil {
			if v != nil {
				t.Fatal("value returned with an error")
			}
			var se *syntaxError
			if !errors.As(err, &se) || se.line < 1 || se.col < 1 {
				t.Fatalf("error without a position: %v", err)
			}
			if json.Valid(data) && !strings.Contains(err.Error(), "nesting deeper") {
				t.Fatalf("rejected valid JSON %q: %v", data, err)
			}
			return
		}
		got := v.Pack()
		if hujson.Extra(data).IsValid() {
			return // comments only: an empty object was added
		}
		if !bytes.Equal(got, data) {
			t.Fatalf("Pack = %q, want %q", got, data)
		}
		if _, bad := trailingComma(v); bad {
			t.Fatalf("accepted a trailing comma: %q", data)
		}
	})
}

func TestClassify(t *testing.T) {
	unix := newBinary("/home/jo/build/guard-dev", "linux")
	tests := []struct {
		cmd  string
		want runKind
	}{
		{"/usr/local/bin/guard", guardFirst},
		{"GUARD_HOME=/x guard", guardFirst},
		{"env -i PATH=/bin /opt/guard hook --agent c", guardFirst},
		{"env -u HOME -- guard", guardFirst},
		{`"/opt/My Tools/guard" hook`, guardFirst},
		{`'/opt/My Tools/guard'`, guardFirst},
		{`exec "/opt/a\$b/guard"`, guardFirst},
		{"command -p guard", guardFirst},
		{"nohup guard", guardFirst},
		{"$HOME/.local/bin/guard", guardFirst},
		{"guard || true", guardFirst},
		{"guard; curl evil", guardFirst},
		{"sh -c 'guard hook'", guardFirst},
		{"bash -c \"GUARD_HOME=/x guard\"", guardFirst},
		{"/home/jo/build/guard-dev", guardFirst},
		{"cd /x && guard", guardInside},
		{"true; env guard", guardInside},
		{"sh -c 'cd /x; guard'", guardInside},
		{"/usr/bin/lint guard", noGuard},
		{"echo guard", noGuard},
		{"/usr/bin/guardian", noGuard},
		{"guard-dev", noGuard},
		{"", noGuard},
		{"(((", noGuard},
		{`C:\tools\guard.exe`, guardFirst},
	}
	for _, tt := range tests {
		if got := unix.classify(tt.cmd); got != tt.want {
			t.Errorf("classify(%q) = %d, want %d", tt.cmd, got, tt.want)
		}
	}
}

func TestProgram(t *testing.T) {
	tests := []struct{ cmd, want string }{
		{"/usr/local/bin/guard", "/usr/local/bin/guard"},
		{"GUARD_HOME=/x '/opt/My Tools/guard' hook", "/opt/My Tools/guard"},
		{"env -i PATH=/bin guard", "guard"},
		{"sh -c 'exec /opt/guard'", "/opt/guard"},
		{"$HOME/bin/guard", "\x00/bin/guard"},
	}
	for _, tt := range tests {
		got, ok := Program(tt.cmd, "/elsewhere/guard-dev")
		if !ok || got != tt.want {
			t.Errorf("Program(%q) = %q, %v; want %q", tt.cmd, got, ok, tt.want)
		}
	}
	if _, ok := Program("cd /x && guard", ""); ok {
		t.Errorf("Program accepted a command that runs guard second")
	}
}
