package lang

import (
	"reflect"
	"testing"
)

// TestYqLoads: yq's file operators read their literal argument; a computed
// one, or an eval of a computed expression, is a file guard cannot tell.
func TestYqLoads(t *testing.T) {
	tests := []struct {
		text    string
		want    []string
		unknown bool
	}{
		{`load_str(".env")`, []string{".env"}, false},
		{`.a = load("b.yaml") | .c = load_props ( "x.properties" )`, []string{"b.yaml", "x.properties"}, false},
		{`load_base64(".env") + load_xml("a.xml") + str_load("s")`, []string{".env", "a.xml", "s"}, false},
		{`load_str(strenv(HOME) + "/.ssh/id_rsa")`, nil, true},
		{`load(.file)`, nil, true},
		{`eval("load_str(\".env\")")`, []string{".env"}, false},
		{`eval(strenv(E))`, nil, true},
		{`.version`, nil, false},
		{`.load | .payload_load | "load(\"x\")" # load("y")`, nil, false},
		{`.a.load_str = 1`, nil, false},
	}
	for _, tt := range tests {
		got, unknown := YqLoads(tt.text)
		if !reflect.DeepEqual(got, tt.want) || unknown != tt.unknown {
			t.Errorf("YqLoads(%q) = %q, %v; want %q, %v", tt.text, got, unknown, tt.want, tt.unknown)
		}
	}
}

// TestYqSplitName: a --split-exp of string literals and $index joined by
// + is the name it evaluates to; any other expression is one guard cannot
// tell (FINDINGS60a A14).
func TestYqSplitName(t *testing.T) {
	for _, tt := range []struct {
		expr, want string
		ok         bool
	}{
		{`"out"`, "out", true},
		{`"file_" + $index`, "file_0", true},
		{` "a/" + $index + ".yaml" `, "a/0.yaml", true},
		{`"~/.guard/rules"`, "~/.guard/rules", true},
		{`env(HOME) + "/.guard/rules"`, "", false},
		{`strenv(HOME) + "/.guard/rules"`, "", false},
		{`.path`, "", false},
		{`.metadata.name`, "", false},
		{`"a\n"`, "", false},
		{`"a\(.x)"`, "", false},
		{`"a" "b"`, "", false},
		{`"unclosed`, "", false},
		{`$indexes`, "", false},
		{`"a" +`, "", false},
	} {
		got, ok := YqSplitName(tt.expr, "0")
		if got != tt.want || ok != tt.ok {
			t.Errorf("YqSplitName(%q) = %q, %v; want %q, %v", tt.expr, got, ok, tt.want, tt.ok)
		}
	}
}
