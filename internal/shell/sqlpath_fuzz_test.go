package shell

import (
	"strings"
	"testing"
)

// FuzzSQLBuiltPath: sqlBuiltPath never panics, and a file function whose
// argument is one plain literal is never reported.
func FuzzSQLBuiltPath(f *testing.F) {
	for _, s := range []string{"select writefile('a'||'b','x')", "readfile(x'2f')", "select readfile('a''b')", "load_extension(", "edit('f', 'vi')"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sqlBuiltPath(s)
		lit := "'" + strings.ReplaceAll(s, "'", "''") + "'"
		if fn, ok := sqlBuiltPath("select readfile(" + lit + ")"); ok {
			t.Errorf("readfile of a lone literal %q reported (%s)", lit, fn)
		}
	})
}
