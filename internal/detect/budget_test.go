package detect_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// initCompiles returns the positions in src where a regular expression is
// compiled while the package initialises: in the value of a package-level
// variable or in an init function, outside any function literal (a literal
// runs later, when it is called).
func initCompiles(t *testing.T, fset *token.FileSet, name string, src any) []string {
	t.Helper()
	f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	pkgName := ""
	for _, imp := range f.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p == "regexp" {
			pkgName = "regexp"
			if imp.Name != nil {
				pkgName = imp.Name.Name
			}
		}
	}
	if pkgName == "" || pkgName == "_" {
		return nil
	}
	var found []string
	visit := func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			sel, ok := n.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if id, ok := sel.X.(*ast.Ident); ok && id.Name == pkgName && strings.Contains(sel.Sel.Name, "Compile") {
				found = append(found, fset.Position(n.Pos()).String())
			}
		}
		return true
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.GenDecl:
			if d.Tok == token.VAR {
				ast.Inspect(d, visit)
			}
		case *ast.FuncDecl:
			if d.Recv == nil && d.Name.Name == "init" && d.Body != nil {
				ast.Inspect(d.Body, visit)
			}
		}
	}
	return found
}

func TestInitCompilesFinds(t *testing.T) {
	tests := []struct {
		src  string
		want int
	}{
		{"package p\nimport \"regexp\"\nvar re = regexp.MustCompile(`x`)\n", 1},
		{"package p\nimport \"regexp\"\nvar re, err = regexp.Compile(`x`)\n", 1},
		{"package p\nimport rx \"regexp\"\nvar re = rx.MustCompilePOSIX(`x`)\n", 1},
		{"package p\nimport \"regexp\"\nvar res = []*regexp.Regexp{regexp.MustCompile(`x`)}\n", 1},
		{"package p\nimport \"regexp\"\nvar re *regexp.Regexp\nfunc init() { re = regexp.MustCompile(`x`) }\n", 1},
		{"package p\nimport \"regexp\"\nvar re = func() *regexp.Regexp { return regexp.MustCompile(`x`) }\n", 0},
		{"package p\nimport (\"regexp\"; \"sync\")\nvar re = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`x`) })\n", 0},
		{"package p\nimport \"regexp\"\nfunc f() *regexp.Regexp { return regexp.MustCompile(`x`) }\n", 0},
		{"package p\nvar re = regexp.MustCompile(`x`)\n", 0}, // not the regexp package
	}
	for i, tt := range tests {
		if got := initCompiles(t, token.NewFileSet(), "x.go", tt.src); len(got) != tt.want {
			t.Errorf("case %d: found %v, want %d", i, got, tt.want)
		}
	}
}

// TestNoRegexpCompiledAtInit pins the hook-path budget for the whole module:
// no regular expression is compiled when a package initialises, so a hook
// call pays only for the patterns its input needs.
func TestNoRegexpCompiledAtInit(t *testing.T) {
	root := filepath.Join("..", "..")
	fset := token.NewFileSet()
	files := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); path != root && (strings.HasPrefix(n, ".") || n == "testdata" || n == "vendor" || n == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		files++
		for _, at := range initCompiles(t, fset, path, nil) {
			t.Errorf("%s: regexp compiled at package initialisation; compile it when the code that needs it runs", at)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 20 {
		t.Fatalf("scanned %d Go files under %s, expected the whole module", files, root)
	}
}
