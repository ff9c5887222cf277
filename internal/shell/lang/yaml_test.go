package lang

import (
	"slices"
	"strings"
	"testing"
)

func TestYAMLScalars(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []string // nil: cannot tell
	}{
		{"block map", "version: \"2\"\ntunnels:\n  a:\n    addr: file:///h\n", []string{"version", "2", "tunnels", "a", "addr", "file:///h"}},
		{"hex escape", `addr: "fil\x65:///h"`, []string{"addr", "file:///h"}},
		{"unicode escapes", `a: "\u0066ile\U0000003a\/\/\/h"`, []string{"a", "file:///h"}},
		{"escaped slash", `a: "file:\/\/\/h"`, []string{"a", "file:///h"}},
		{"escaped line break", "a: \"file:///h/ho\\\n    me\"", []string{"a", "file:///h/home"}},
		{"folded dq", "a: \"x\n   y\"", []string{"a", "x y"}},
		{"folded dq blank line", "a: \"x\n\n   y\"", []string{"a", "x\ny"}},
		{"single quoted", "a: 'it''s'", []string{"a", "it's"}},
		{"single no escapes", `a: 'x\x65'`, []string{"a", `x\x65`}},
		{"plain comment", "a: b # c\n# d\ne: f#g", []string{"a", "b", "e", "f#g"}},
		{"block plain keeps commas", "a: file:///t/a,b{c}", []string{"a", "file:///t/a,b{c}"}},
		{"flow", `{"t": {"a": {"addr": "fil\x65:///h"}}, l: [x, 'y']}`, []string{"t", "a", "addr", "file:///h", "l", "x", "y"}},
		{"flow plain colon", "{a:b}", []string{"a:b"}},
		{"sequence", "- a\n- b: c\n-x", []string{"a", "b", "c", "-x"}},
		{"literal block", "a: |\n  file:///h\n  x\nb: c", []string{"a", "file:///h", "x", "b", "c"}},
		{"folded block in seq", "- k: >-\n    l1\n    l2\n  z: y", []string{"k", "l1", "l2", "z", "y"}},
		{"block ends at less indent", "a: |\n    x\n  y", []string{"a", "x", "y"}},
		{"crlf", "a: b\r\nc: \"d\"\r\n", []string{"a", "b", "c", "d"}},
		{"bom", "\ufeffa: b", []string{"a", "b"}},
		{"utf-16le", "\xff\xfea\x00:\x00 \x00b\x00", nil}, // decoded by the YAML libraries, not here
		{"utf-16be", "\xfe\xff\x00a\x00:\x00 \x00b", nil},
		{"document markers", "---\na: b\n...\n", []string{"---", "a", "b", "..."}},
		{"anchor", "a: &x file:///h\nb: *x", nil},
		{"alias", "b: *x", nil},
		{"tag", "a: !!binary ZmlsZTovLy9o", nil},
		{"merge key", "<<: {a: b}", nil},
		{"complex key", "? a\n: b", nil},
		{"directive", "%YAML 1.2\n---\na: b", nil},
		{"reserved", "a: @x", nil},
		{"bad escape", `a: "\q"`, nil},
		{"bad hex", `a: "\xZZ"`, nil},
		{"surrogate", `a: "\ud800"`, nil},
		{"unclosed dq", `a: "x`, nil},
		{"unclosed sq", `a: 'x`, nil},
		{"unclosed flow", `a: [x`, nil},
		{"stray close", `a: x]`, []string{"a", "x]"}},
		{"block alone", "a:\n  |\n  x", nil},
		{"deep flow", strings.Repeat("[", 100), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := YAMLScalars(tt.in)
			if tt.want == nil {
				if ok {
					t.Fatalf("YAMLScalars(%q) = %q, true; want cannot tell", tt.in, got)
				}
				return
			}
			if !ok || !slices.Equal(got, tt.want) {
				t.Fatalf("YAMLScalars(%q) = %q, %v; want %q", tt.in, got, ok, tt.want)
			}
		})
	}
}

func FuzzYAMLScalars(f *testing.F) {
	for _, s := range []string{"a: b", `a: "fil\x65:///h"`, "a: |\n  x\n", "{a: [b, 'c''d']}", "- k: >-\n  x\n", "a: \"x\\\n  y\""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		vals, ok := YAMLScalars(s)
		if !ok {
			return
		}
		if len(vals) > maxYAMLScalars+1 {
			t.Fatalf("%d scalars", len(vals))
		}
		// a file: URL the text spells plainly is never lost by decoding
		if i := strings.Index(s, "file:///x "); i >= 0 && !strings.ContainsAny(s[:i], "\"'|>#") && !strings.Contains(s, "\n") {
			found := false
			for _, v := range vals {
				found = found || strings.Contains(v, "file:///x")
			}
			if !found {
				t.Fatalf("YAMLScalars(%q) lost file:///x: %q", s, vals)
			}
		}
	})
}
