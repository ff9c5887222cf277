package shell

import (
	"strings"
	"testing"
)

// FuzzSQLBuiltPath: sqlBuiltPath never panics, and a file function, an
// ATTACH or a VACUUM INTO whose file is one plain literal is never reported.
func FuzzSQLBuiltPath(f *testing.F) {
	for _, s := range []string{"select writefile('a'||'b','x')", "readfile(x'2f')", "select readfile('a''b')", "load_extension(", "edit('f', 'vi')", "attach 'a'||'b' as x", "vacuum main into 'f'"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sqlBuiltPath(s)
		lit := "'" + strings.ReplaceAll(s, "'", "''") + "'"
		if fn, ok := sqlBuiltPath("select readfile(" + lit + ")"); ok {
			t.Errorf("readfile of a lone literal %q reported (%s)", lit, fn)
		}
		for _, q := range []string{"attach " + lit + " as a", "attach database " + lit + " as a;", "vacuum into " + lit, "vacuum main into " + lit + ";"} {
			if fn, ok := sqlBuiltPath(q); ok {
				t.Errorf("%q reported (%s)", q, fn)
			}
		}
	})
}
