package lang

import (
	"strings"
	"testing"
)

// TestSQLStrings: SQL's string forms read as the database reads them.
func TestSQLStrings(t *testing.T) {
	for _, tc := range []struct{ sql, want string }{
		{"'a'", "a"},
		{"'it''s'", "it's"},
		{`"a""b"`, `a"b`},
		{"'/h/ho'||'me/.x'", "/h/home/.x"},
		{"'/h/ho' \n 'me/.x'", "/h/home/.x"},
		{"'a'||chr(47)", "a\x00"},
		{"chr(47)||'a'", "\x00a"},
		{`E'\x2fh\n\101\u0041'`, "/h\nAA"},
		{`E'\x00'`, "\x00"},
		{`U&'\002fh\+00002F\\'`, "/h/\\"},
		{`U&'!002fh' UESCAPE '!'`, "\x00"},
		{"$$/h/.x$$", "/h/.x"},
		{"$t$/h/$$.x$t$", "/h/$$.x"},
		{"x$$a$$", ""},
		{"E'a'", "a"},
		{"tE'a'", "a"},
	} {
		got := ""
		if ss := SQLStrings(tc.sql); len(ss) > 0 {
			got = ss[0].Value
		}
		if got != tc.want {
			t.Errorf("SQLStrings(%q) = %q, want %q", tc.sql, got, tc.want)
		}
	}
}

// FuzzSQLStringAt: the reader never panics, every string it returns lies
// inside the text, and a plain literal of any text reads back as that
// text, alone or joined.
func FuzzSQLStringAt(f *testing.F) {
	for _, s := range []string{"a", "it's", `\x2f`, "$$", "'||'", "U&'", "E'\\", "$a$"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		prev := 0
		for _, r := range SQLStrings(s) {
			if r.Start < prev || r.End <= r.Start || r.End > len(s) {
				t.Fatalf("SQLStrings(%q): %d..%d out of order or bounds", s, r.Start, r.End)
			}
			prev = r.End
		}
		lit := "'" + strings.ReplaceAll(s, "'", "''") + "'"
		for _, sql := range []string{lit, lit + "||" + lit, " " + lit + " \n" + lit + ";"} {
			r, ok := SQLStringAt(sql, 0)
			want := s
			if sql != lit {
				want = s + s
			}
			if !ok || r.Value != want || r.Decoded || r.Backslash != strings.Contains(s, `\`) {
				t.Errorf("SQLStringAt(%q) = %+v, %v; want %q", sql, r, ok, want)
			}
		}
	})
}
