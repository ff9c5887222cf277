package lang

import (
	"go/parser"
	"go/token"
	"strconv"
)

// GoImports returns the import paths Go source src declares, as far as
// the parser reads them (a file it rejects past its imports keeps them).
func GoImports(src string) []string {
	f, _ := parser.ParseFile(token.NewFileSet(), "", src, parser.ImportsOnly)
	if f == nil {
		return nil
	}
	out := make([]string, 0, len(f.Imports))
	for _, im := range f.Imports {
		if p, err := strconv.Unquote(im.Path.Value); err == nil {
			out = append(out, p)
		}
	}
	return out
}
