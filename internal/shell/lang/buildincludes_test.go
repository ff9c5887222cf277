package lang

import (
	"slices"
	"testing"
)

func TestBuildIncludes(t *testing.T) {
	tests := []struct {
		name, text string
		want       []string
		ok         bool
	}{
		{"a.go", "package a\n\n// #include \"../.env\"\nimport \"C\"\n", []string{"../.env"}, true},
		{"a.go", "package a\n\n/*\n#include <stdlib.h>\n#include <../x.h>\n*/\nimport \"C\"\n", []string{"../x.h"}, true},
		{"a.go", "package a\n\n// #include \"../.env\"\n\nimport \"C\"\n", nil, true}, // a blank line: no preamble
		{"a.go", "package a\n\n// #include \"../.env\"\nimport \"os\"\n", nil, true},
		{"a.go", "package a\n\n// #cgo CFLAGS: -I${SRCDIR}/inc -include x.h\nimport \"C\"\n", []string{"${SRCDIR}/inc", "x.h"}, true},
		{"a.go", "package a\n\n// #include HDR\nimport \"C\"\n", nil, false},
		{"k.S", ".section .rodata\nkey: .incbin \"../id\"\n#include \"m.h\"\n", []string{"m.h", "../id"}, true},
		{"k.s", "\t.include \"x.inc\"\n\t.incbin sym\n", []string{"x.inc"}, false},
		{"m.rs", "const K: &str = include_str!(\"../k\");\nconst B: &[u8] = include_bytes!(r#\"b\"#);\n", []string{"../k", "b"}, true},
		{"m.rs", "include!(concat!(env!(\"OUT_DIR\"), \"/gen.rs\"));\nfn my_include_str() {}\n", nil, true},
		{"m.rs", "const K: &str = include_str!(concat!(env!(\"HOME\"), \"/.ssh/id_rsa\"));\n", nil, false},
		{"x.py", "#include \"../.env\"\n", nil, true},
		// cpp's view of a line: a digraph, a comment, a splice, a trigraph, \f.
		{"h1.c", "%:include \"inc.h\"\nint main(){return 0;}\n", []string{"inc.h"}, true},
		{"h2.c", "#/**/include \"inc.h\"\n", []string{"inc.h"}, true},
		{"h3.c", "#inc\\\nlude \"inc.h\"\n", []string{"inc.h"}, true},
		{"h4.c", "??=include \"inc.h\"\n", []string{"inc.h"}, true},
		{"h5.c", "#include\f\"inc.h\"\n", []string{"inc.h"}, true},
		{"h6.c", "/* a\n */ # /* b */ include /* c */ \"inc.h\"\n", []string{"inc.h"}, true},
		{"h7.cpp", "export import \"inc.h\";\n", []string{"inc.h"}, true},
		{"h8.c", "#includ\\\ne_next \"inc.h\"\n", []string{"inc.h"}, true},
		{"h9.c", "const char *s = \"/* #include \\\"x.h\\\" */\";\n#define A 1\n", nil, true},
		{"ha.c", "#include_ \"inc.h\"\n", nil, false},
		{"k.S", "# a comment\n\tmov x, y\n", nil, true},
		{"k.s", "/* x */ .incbin \"../id\"\n", []string{"../id"}, true},
		{"k.s", "a: b: .incbin \"../id\"\n", nil, false},
		{"k.s", ".macro m f\n.incbin \"\\f\"\n.endm\n", nil, false},
		{"m.rs", "const K: &str = include_str ! (\"../k\");\n", []string{"../k"}, true},
		{"m.rs", "const K: &str = include_str!/**/(\"../k\");\n", []string{"../k"}, true},
		{"m.rs", "use std::include_str as inc;\nconst K: &str = inc!(\"../k\");\n", nil, false},
		{"m.rs", "use std::include as inc;\n", nil, false},
		{"m.rs", "// include_str!(\"../k\")\nlet include = 1;\n", nil, true},
	}
	for _, tt := range tests {
		got, ok := BuildIncludes(tt.name, tt.text)
		var names []string
		for _, g := range got {
			names = append(names, g.Name)
		}
		if ok != tt.ok || !slices.Equal(names, tt.want) {
			t.Errorf("BuildIncludes(%q, %q) = %q, %v; want %q, %v", tt.name, tt.text, names, ok, tt.want, tt.ok)
		}
	}
}
