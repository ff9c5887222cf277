package shell

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// maxFuncLines is the longest a function of the package (and of its
// subpackages) may be: knowledge of programs belongs in the catalogue's
// tables, and code that grows past it is split where it reads better.
const maxFuncLines = 80

// tableFuncs are the functions that only fill a table (the handlers'
// list): data, however long.
var tableFuncs = []string{"handlers.go init"}

// TestFunctionLength: no function of internal/shell is longer than
// maxFuncLines lines.
func TestFunctionLength(t *testing.T) {
	fset := token.NewFileSet()
	err := filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			n := fset.Position(fd.End()).Line - fset.Position(fd.Pos()).Line + 1
			name := filepath.ToSlash(p) + " " + fd.Name.Name
			if n > maxFuncLines && !slices.Contains(tableFuncs, name) {
				t.Errorf("%s is %d lines long, more than %d: split it", name, n, maxFuncLines)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
