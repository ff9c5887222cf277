package lang

import (
	"slices"
	"strings"
	"testing"
)

// TestImports: the names and files interpreter code loads, per language.
func TestImports(t *testing.T) {
	tests := []struct {
		fam     Family
		code    string
		modules []string // among the modules
		files   []string // among the files
		dirs    []string
		dynamic bool
		not     []string // no module nor file
	}{
		{fam: Python, code: "import w7", modules: []string{"w7"}},
		{fam: Python, code: "import os, sys as s, a.b", modules: []string{"os", "sys", "a.b"}, not: []string{"s"}},
		{fam: Python, code: "from a.b import c, d as e", modules: []string{"a.b", "a.b.c", "a.b.d"}, not: []string{"e", "a.b.e"}},
		{fam: Python, code: "from . import m", modules: []string{".", ".m"}},
		{fam: Python, code: "from .x import (y,\n z)", modules: []string{".x", ".x.y", ".x.z"}},
		{fam: Python, code: "try: import w7\nexcept: pass", modules: []string{"w7"}},
		{fam: Python, code: `__import__("w7")`, modules: []string{"w7"}},
		{fam: Python, code: `importlib.import_module('pk.m')`, modules: []string{"pk.m"}},
		{fam: Python, code: `import importlib; importlib.import_module(name)`, modules: []string{"importlib"}, dynamic: true},
		{fam: Python, code: `importlib.import_module("c" + "11")`, dynamic: true},
		{fam: Python, code: `importlib.import_module("m{}".format(i))`, dynamic: true},
		{fam: Node, code: `require("./m" + n)`, dynamic: true},
		{fam: Python, code: `runpy.run_module("m")`, modules: []string{"m"}},
		{fam: Python, code: `runpy.run_path("x/m.py")`, files: []string{"x/m.py"}},
		{fam: Python, code: `exec(open("setup.cfg").read())`, files: []string{"setup.cfg"}},
		{fam: Python, code: `print(open("data.txt").read())`, not: []string{"data.txt"}},
		{fam: Python, code: `print("import x")`, not: []string{"x"}},
		{fam: Perl, code: `require q(Evm.pm)`, files: []string{"Evm.pm"}},
		{fam: Perl, code: `do qq{Evm.pm}`, files: []string{"Evm.pm"}},
		{fam: Node, code: `require("./y")`, modules: []string{"./y"}},
		{fam: Node, code: `const m = require('../lib/m.js')`, modules: []string{"../lib/m.js"}, files: []string{"../lib/m.js"}},
		{fam: Node, code: `import x from "./y.mjs"; import "./z"; export * from './w'`, modules: []string{"./y.mjs", "./z", "./w"}},
		{fam: Node, code: `await import("./d")`, modules: []string{"./d"}},
		{fam: Node, code: "require(`./${name}`)", dynamic: true},
		{fam: Node, code: `require(process.argv[2])`, dynamic: true},
		{fam: Node, code: `require.resolve("x")`, not: []string{"x"}},
		{fam: Node, code: `eval(fs.readFileSync("p.txt", "utf8"))`, files: []string{"p.txt"}},
		{fam: Perl, code: "use w7; use strict", modules: []string{"w7", "strict"}},
		{fam: Perl, code: "require Foo::Bar;", modules: []string{"Foo::Bar"}},
		{fam: Perl, code: `require "./w7.pm"; do "x.pl"`, files: []string{"./w7.pm", "x.pl"}},
		{fam: Perl, code: "use lib 'lib', \"t/lib\"; use A", dirs: []string{"lib", "t/lib"}, modules: []string{"A"}},
		{fam: Perl, code: "use lib qw(lib t/lib)", dirs: []string{"lib", "t/lib"}},
		{fam: Perl, code: "use parent -norequire, 'Base'", modules: []string{"Base"}, not: []string{"-norequire"}},
		{fam: Perl, code: "require $m", dynamic: true},
		{fam: Perl, code: "use 5.010", not: []string{"5.010"}},
		{fam: Ruby, code: `require "./r"; require_relative "lib/x"; require 'json'`, modules: []string{"./r", "./lib/x", "json"}},
		{fam: Ruby, code: `load "x.rb"`, files: []string{"x.rb"}},
		{fam: Ruby, code: `require name`, not: []string{"name"}},
		{fam: Lua, code: `require "m"; local x = require("a.b")`, modules: []string{"m", "a.b"}},
		{fam: Lua, code: `dofile("x.lua")`, files: []string{"x.lua"}},
		{fam: PHP, code: `include "x.php"; require_once('lib/y.php');`, files: []string{"x.php", "lib/y.php"}},
		{fam: PHP, code: `require $f;`, not: []string{"$f"}},
		{fam: R, code: `source("x.R"); sys.source('y.R')`, files: []string{"x.R", "y.R"}},
		// A node file literal not loaded is a guess (Named), not a file run.
		{fam: Node, code: `require("fs").writeFileSync("dist/x.js", s)`, not: []string{"dist/x.js"}},
		{fam: Node, code: `import m from "./m.mjs"`, files: []string{"./m.mjs"}},
	}
	for _, tc := range tests {
		l := Imports(tc.fam, tc.code)
		for _, m := range tc.modules {
			if !slices.Contains(l.Modules, m) {
				t.Errorf("%q: modules %q, want %q among them", tc.code, l.Modules, m)
			}
		}
		for _, f := range tc.files {
			if !slices.Contains(l.Files, f) {
				t.Errorf("%q: files %q, want %q among them", tc.code, l.Files, f)
			}
		}
		for _, d := range tc.dirs {
			if !slices.Contains(l.Dirs, d) {
				t.Errorf("%q: dirs %q, want %q among them", tc.code, l.Dirs, d)
			}
		}
		for _, n := range tc.not {
			if slices.Contains(l.Modules, n) || slices.Contains(l.Files, n) {
				t.Errorf("%q: %q among modules %q or files %q", tc.code, n, l.Modules, l.Files)
			}
		}
		if l.Dynamic != tc.dynamic {
			t.Errorf("%q: dynamic = %v, want %v", tc.code, l.Dynamic, tc.dynamic)
		}
	}
}

// TestFamilyOf: interpreters by their versioned names.
func TestFamilyOf(t *testing.T) {
	for name, want := range map[string]Family{"python3.12": Python, "pypy3": Python, "nodejs": Node, "bun": Node,
		"perl5.36": Perl, "ruby3.2": Ruby, "luajit": Lua, "lua5.4": Lua, "php8.2": PHP, "rscript": R, "bash": NoFamily, "pythonista": NoFamily} {
		if got := FamilyOf(name); got != want {
			t.Errorf("FamilyOf(%q) = %v, want %v", name, got, want)
		}
	}
}

// FuzzImports: any text, in any language, gives bounded lists and no
// panic.
func FuzzImports(f *testing.F) {
	for _, s := range []string{"import a, b.c", "from . import (x)", `require("./y")`, "use lib qw(a b); use A::B", `require_relative "x"`, "import `", `require("`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		for fam := NoFamily; fam <= R; fam++ {
			l := Imports(fam, code)
			if len(l.Modules) > maxLoads || len(l.Files) > maxLoads || len(l.Dirs) > maxLoads {
				t.Fatalf("unbounded: %d modules, %d files, %d dirs", len(l.Modules), len(l.Files), len(l.Dirs))
			}
		}
	})
}

// TestPythonLogicalImports: python joins lines as its tokenizer does;
// a string's text is no import.
func TestPythonLogicalImports(t *testing.T) {
	tests := []struct {
		code    string
		modules []string
		not     []string
		dynamic bool
	}{
		{code: "import os, \\\nzz.zm", modules: []string{"os", "zz.zm"}},
		{code: "import os, \\\r\nzz.zm", modules: []string{"zz.zm"}},
		{code: "import \\\nzz.zm", modules: []string{"zz.zm"}},
		{code: "from zz \\\nimport zm", modules: []string{"zz", "zz.zm"}},
		{code: "from zz import \\\n zm", modules: []string{"zz.zm"}},
		{code: "import zz . zm", modules: []string{"zz.zm"}},
		{code: "import zz\t.\tzm as q, a . b", modules: []string{"zz.zm", "a.b"}, not: []string{"q"}},
		{code: "from zz . y import (a,\n b as c)", modules: []string{"zz.y", "zz.y.a", "zz.y.b"}, not: []string{"zz.y.c"}},
		{code: "from . import m", modules: []string{".", ".m"}},
		{code: "from .. x import m", modules: []string{"..x", "..x.m"}},
		{code: "from a import b\nimport zz.zm", modules: []string{"a.b", "zz.zm"}},
		{code: "def g():\n    yield from h\nimport zz.zm", modules: []string{"zz.zm"}},
		{code: "x = f\"{\"(\"}\"\nimport zz.zm", modules: []string{"zz.zm"}},
		{code: "x = (1,\n  2); import zz.zm", modules: []string{"zz.zm"}},
		{code: "if 1: import zz.zm", modules: []string{"zz.zm"}},
		{code: "print('import x')", not: []string{"x"}},
		{code: "s = '''\nimport x\n''' + 'import y'", not: []string{"y"}},
		{code: "# import x\nimport y", modules: []string{"y"}, not: []string{"x"}},
		{code: "s = r'\\''; import y", modules: []string{"y"}},
		{code: "s = f'{{import x}}'", not: []string{"x"}},
		{code: "import ｚｚ.zm", dynamic: true},
		{code: "import importlib", modules: []string{"importlib"}},
	}
	for _, tt := range tests {
		l := Imports(Python, tt.code)
		for _, m := range tt.modules {
			if !slices.Contains(l.Modules, m) {
				t.Errorf("Imports(%q).Modules = %q, want %q among them", tt.code, l.Modules, m)
			}
		}
		for _, m := range tt.not {
			if slices.Contains(l.Modules, m) {
				t.Errorf("Imports(%q).Modules = %q, want no %q", tt.code, l.Modules, m)
			}
		}
		if l.Dynamic != tt.dynamic {
			t.Errorf("Imports(%q).Dynamic = %v, want %v", tt.code, l.Dynamic, tt.dynamic)
		}
	}
}

// FuzzPythonTokens: the tokenizer ends, within its bounds, on any text,
// and a backslash-newline or blanks around a dot never hide an import.
func FuzzPythonTokens(f *testing.F) {
	for _, s := range []string{"import a.b", "f'{x}'", "'''a", "x = f\"{f'{y}'}\"", "from . import (a,\\\n b)", "#", "\\", "r'\\'"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		toks, _ := pythonTokens(code)
		if len(toks) > maxPyTokens {
			t.Fatalf("%d tokens, over the bound", len(toks))
		}
		l := Imports(Python, code+"\nimport zq \\\n . zr")
		if !l.Dynamic && !slices.Contains(l.Modules, "zq.zr") && !strings.ContainsAny(code, "'\"") {
			t.Fatalf("Imports(%q) misses zq.zr: %q", code, l.Modules)
		}
	})
}
