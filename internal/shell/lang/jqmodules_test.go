package lang

import (
	"reflect"
	"testing"
)

// TestJqModules: a jq program's import and include directives, with their
// search metadata; a field or key named import is none.
func TestJqModules(t *testing.T) {
	tests := []struct {
		text string
		want []JqModule
	}{
		{`import ".docker/config" as $x; $x`, []JqModule{{Path: ".docker/config", Data: true}}},
		{`import "config" as $c {search: "../.docker"}; $c`, []JqModule{{Path: "config", Data: true, Search: []string{"../.docker"}}}},
		{`include "m" {"search": ["a", "b"]}; f`, []JqModule{{Path: "m", Search: []string{"a", "b"}}}},
		{`import "u" as u; u::f`, []JqModule{{Path: "u"}}},
		{`.import | {import: 1} | "import \"x\""`, nil},
	}
	for _, tt := range tests {
		got, _ := JqModules(tt.text)
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("JqModules(%q) = %+v, want %+v", tt.text, got, tt.want)
		}
	}
}
