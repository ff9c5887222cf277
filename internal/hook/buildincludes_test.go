package hook

import "testing"

// TestBuildIncludes: the files a compiler pulls in while it builds (a
// cgo preamble's #include, an assembly file's .incbin, Rust's
// include_str!) are reads of the command's: go build prints a file it
// cannot compile, links an .incbin's bytes into the program. A name
// guard cannot work out is what it cannot tell.
func TestBuildIncludes(t *testing.T) {
	test := func(pkg, imp string) string {
		return "package " + pkg + "\n\nimport (\"testing\"; _ \"" + imp + "\")\n\nfunc TestX(t *testing.T) {}\n"
	}
	files := map[string]string{
		"a/go.mod":          "module example.com/a\n\ngo 1.22\n",
		"a/.env":            "DB_PASS=x\n",
		"a/lib/lib.go":      "package lib\n\n// #include \"../.env\"\nimport \"C\"\n",
		"a/sub/sub_test.go": test("sub", "example.com/a/lib"),
		"b/go.mod":          "module example.com/b\n\ngo 1.22\n",
		"b/lib/lib.go":      "package lib\n",
		"b/lib/c.go":        "package lib\n\nimport \"C\"\n",
		"b/lib/k.S":         ".section .rodata\n.incbin \"../../../.ssh/id_rsa\"\n",
		"c/go.mod":          "module example.com/c\n\ngo 1.22\n",
		"c/lib/lib.go":      "package lib\n\n/*\n#cgo CFLAGS: -I${SRCDIR}/../../..\n#include <stdlib.h>\n#include \".ssh/id_rsa\"\n*/\nimport \"C\"\n",
		"d/go.mod":          "module example.com/d\n\ngo 1.22\n",
		"d/lib/lib.go":      "package lib\n\n// #define F \"x.h\"\n// #include F\nimport \"C\"\n",
		"ok/go.mod":         "module example.com/ok\n\ngo 1.22\n",
		"ok/lib/lib.go":     "package lib\n\n// #include <stdlib.h>\n// #include \"x.h\"\nimport \"C\"\n\n// See \"../.env\" #include \"../.env\" in prose.\nfunc F() {}\n",
		"ok/lib/x.h":        "#include <stdio.h>\n",
		"ok/lib/t.s":        "#include \"textflag.h\"\nTEXT ·f(SB),NOSPLIT,$0\n\tRET\n",
		"r/Cargo.toml":      "[package]\nname = \"r\"\nversion = \"0.1.0\"\n",
		"r/src/main.rs":     "const K: &str = include_str!(\"../../../.ssh/id_rsa\");\nfn main() { println!(\"{}\", K); }\n",
		"r2/Cargo.toml":     "[package]\nname = \"r2\"\nversion = \"0.1.0\"\n",
		"r2/src/main.rs":    "const K: &[u8] = include_bytes!(concat!(env!(\"HOME\"), \"/.ssh/id_rsa\"));\nfn main() {}\n",
		"r3/Cargo.toml":     "[package]\nname = \"r3\"\nversion = \"0.1.0\"\n",
		"r3/src/main.rs":    "include!(concat!(env!(\"OUT_DIR\"), \"/gen.rs\"));\nconst T: &str = include_str!(\"../README.md\");\nfn main() {}\n",
		"s/x.S":             ".incbin \"../../.ssh/id_rsa\"\n",
		"s/y.c":             "#include \"../../.ssh/id_rsa\"\n",
		"s/ok.c":            "#include <stdio.h>\nint main(void) { return 0; }\n",
		"~/.ssh/id_rsa":     "KEY\n",
		// #include NAME right inside #ifdef NAME reads a file only where
		// something defines NAME.
		"m/go.mod":      "module example.com/m\n\ngo 1.22\n",
		"m/lib/lib.go":  "package lib\n\n// #include \"s.c\"\nimport \"C\"\n",
		"m/lib/s.c":     "#ifdef CUSTOM_SHA1\n#include CUSTOM_SHA1\n#endif\nint f(void) { return 0; }\n",
		"m2/go.mod":     "module example.com/m2\n\ngo 1.22\n",
		"m2/lib/lib.go": "package lib\n\n// #cgo CFLAGS: -DCUSTOM_SHA1=\"../../../.ssh/id_rsa\"\n// #include \"s.c\"\nimport \"C\"\n",
		"m2/lib/s.c":    "#ifdef CUSTOM_SHA1\n#include CUSTOM_SHA1\n#endif\n",
		"m3/go.mod":     "module example.com/m3\n\ngo 1.22\n",
		"m3/lib/lib.go": "package lib\n\n// #include \"h.h\"\n// #include \"s.c\"\nimport \"C\"\n",
		"m3/lib/h.h":    "#define CUSTOM_SHA1 \"../../../.ssh/id_rsa\"\n",
		"m3/lib/s.c":    "#ifdef CUSTOM_SHA1\n#include CUSTOM_SHA1\n#endif\n",
	}
	runPrograms(t, files, []programCase{
		{"cd a && go build ./...", true},
		{"cd a && go vet ./...", true},
		{"cd a && go test ./sub/", true},
		{"cd b && go build ./...", true},
		{"cd b && go build -o out ./lib && strings out", true},
		{"cd c && go build ./...", true},
		{"cd d && go build ./...", true}, // #include MACRO
		{"cd ok && go build ./...", false},
		{"cd ok && go vet ./... && go install ./lib", false},
		{"cd r && cargo run", true},
		{"cd r && cargo build", true},
		{"cd r && rustc src/main.rs -o m", true},
		{"cd r2 && cargo build", true}, // a path built from a variable guard does not model
		{"cd r3 && cargo build", false},
		{"cd s && gcc -c x.S", true},
		{"cd s && as x.S -o x.o", true},
		{"cd s && gcc -c y.c", true},
		{"cd s && gcc -O2 -Wall -c ok.c -o ok.o", false},
		{"cd m && go build ./...", false},
		{"cd m && CGO_CFLAGS='-DCUSTOM_SHA1=\"../../../.ssh/id_rsa\"' go build ./...", true},
		{"cd m2 && go build ./...", true}, // defined by #cgo CFLAGS
		{"cd m3 && go build ./...", true}, // defined by a header it reads
	})
}
