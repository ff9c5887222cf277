package shell

import (
	"errors"
	"slices"
	"testing"
)

// TestSqliteRuns: sqlite3's edit(TEXT, EDITOR) runs EDITOR through the
// shell, load_extension() and .load load native code.
func TestSqliteRuns(t *testing.T) {
	for _, tc := range []struct {
		cmd    string
		files  map[string]string
		writes string // among the writes
		hidden bool
	}{
		{cmd: `sqlite3 :memory: "select edit('x','sh e9.sh;true')"`, files: map[string]string{"e9.sh": "echo x >> ~/.bashrc"}, writes: "~/.bashrc"},
		{cmd: `sqlite3 :memory: < s6.sql`, files: map[string]string{"s6.sql": "select edit('x','sh e9.sh;true');", "e9.sh": "echo x >> ~/.bashrc"}, writes: "~/.bashrc"},
		{cmd: `sqlite3 :memory: "select edit('x','cp x ~/.bashrc #')"`, writes: "~/.bashrc"},
		{cmd: `sqlite3 :memory: "select edit('x','sh '||'e9.sh')"`, hidden: true},
		{cmd: `sqlite3 :memory: "select edit(x, y) from t"`, hidden: true},
		{cmd: `EDITOR='cp x ~/.bashrc #' sqlite3 :memory: "select edit('x')"`, writes: "~/.bashrc"},
		{cmd: `sqlite3 :memory: ".load ./evil"`, hidden: true},
		{cmd: `sqlite3 :memory: "select load_extension('./evil')"`, hidden: true},
		{cmd: `sqlite3 :memory: "select load_extension('/usr/lib/../../tmp/x')"`, hidden: true},
		{cmd: `EDITOR='cp x ~/.bashrc #' sqlite3 :memory: ".once -e" "select 1"`, writes: "~/.bashrc"},
		// not
		{cmd: `sqlite3 db.sqlite .tables`},
		{cmd: `sqlite3 db.sqlite "select edit_count, 'edit(x)' from t"`},
		{cmd: `sqlite3 :memory: "select edit('x','vi')"`},
		{cmd: `sqlite3 :memory: ".load /usr/lib/sqlite3/pcre.so"`},
	} {
		a, _ := analyzeWith(tc.cmd, tc.files)
		if got := a.Err != nil && errors.Is(a.Err, ErrHidden); got != tc.hidden {
			t.Errorf("%q: hidden = %v (%v), want %v", tc.cmd, got, a.Err, tc.hidden)
		}
		if tc.writes != "" && !slices.Contains(a.Writes, tc.writes) {
			t.Errorf("%q: writes %q, want %q among them", tc.cmd, a.Writes, tc.writes)
		}
		if tc.writes == "" && !tc.hidden && a.Err != nil {
			t.Errorf("%q: error %v", tc.cmd, a.Err)
		}
	}
}

// TestSqlArgs: a call's arguments split at top-level commas, literals
// and nested calls whole.
func TestSqlArgs(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{`'x','sh a;b') from t`, []string{"'x'", "'sh a;b'"}},
		{`'a,b', f(1, 2)) x`, []string{"'a,b'", "f(1, 2)"}},
		{`'it''s', 'v')`, []string{"'it''s'", "'v'"}},
		{`x`, []string{"x"}},
	} {
		if got := sqlArgs(tc.in); !slices.Equal(got, tc.want) {
			t.Errorf("sqlArgs(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	if s, ok := sqlLiteralText(`'it''s'`); !ok || s != "it's" {
		t.Errorf("sqlLiteralText = %q, %v", s, ok)
	}
	if _, ok := sqlLiteralText(`'a'||'b'`); ok {
		t.Error("sqlLiteralText took a concatenation for a literal")
	}
}

// FuzzSqlArgs: splitting any text into call arguments never panics and
// returns at most 9 parts.
func FuzzSqlArgs(f *testing.F) {
	for _, s := range []string{"'x','y')", "(((", "'", "a,b,c,d,e,f,g,h,i,j", "'a'||'b')"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if n := len(sqlArgs(s)); n > 9 {
			t.Fatalf("%d arguments", n)
		}
		sqlLiteralText(s)
	})
}
