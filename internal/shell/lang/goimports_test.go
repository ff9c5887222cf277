package lang

import (
	"slices"
	"testing"
)

func TestGoImports(t *testing.T) {
	tests := []struct {
		src  string
		want []string
	}{
		{"package a\nimport \"fmt\"\n", []string{"fmt"}},
		{"package a\nimport (\n\t_ \"example.com/m/testdata/evil\"\n\tx `example.com/m/lib`\n)\nfunc f() {}\n", []string{"example.com/m/testdata/evil", "example.com/m/lib"}},
		{"package a\nimport \"os\"\nfunc {", []string{"os"}},
		{"not go", []string{}},
	}
	for _, tt := range tests {
		if got := GoImports(tt.src); !slices.Equal(got, tt.want) && !(len(got) == 0 && len(tt.want) == 0) {
			t.Errorf("GoImports(%q) = %q, want %q", tt.src, got, tt.want)
		}
	}
}
