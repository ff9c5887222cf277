package hook

import (
	"strings"
	"testing"
)

// TestRoutesSQLStringForms: SQL in an MCP or unknown tool's text value
// names a file the SQL way — literals joined by ||, a continued literal, a
// file:/// URI, Postgres' E'…', U&'…' and dollar quotes — and is read so;
// a join with a part guard cannot tell is checked with that part unknown.
func TestRoutesSQLStringForms(t *testing.T) {
	home, proj := routeWorld(t)
	cut := len(home) - 2
	r := strings.NewReplacer("$H1", home[:cut], "$H2", home[cut:], "$H", home, "$R", home[1:])
	var cases []routeCase
	add := func(in string, block bool) {
		in = r.Replace(in)
		cases = append(cases,
			routeCase{"a", proj, "mcp__s__query", in, block},
			routeCase{"b", proj, "", in, block},
			routeCase{"c", proj, "query", in, block})
	}
	for _, in := range []string{
		`{"query":"VACUUM INTO '$H1'||'$H2/.bash_login'"}`,
		`{"query":"VACUUM INTO '.agent_'||'a/settings.local.json'"}`,
		`{"query":"VACUUM INTO '$H1' '$H2/.bashrc'"}`,
		`{"query":"VACUUM INTO 'file:///$R/.bash_login'"}`,
		`{"query":"COPY t TO $$$H/.bash_login$$"}`,
		`{"query":"COPY t TO $x$$H/.bashrc$x$"}`,
		`{"query":"COPY t TO E'\\x2f$R/.bash_login'"}`,
		`{"query":"COPY t TO U&'\\002f$R/.bash_login'"}`,
		`{"query":"SELECT writefile(chr(47)||'$R/.bashrc', 'x')"}`,
	} {
		add(in, true)
	}
	add(`{"query":"SELECT 'a'||'b' AS ab, E'x\\ny' FROM t WHERE name = 'bob'"}`, false)
	add(`{"query":"CREATE FUNCTION f() RETURNS int AS $$ SELECT 1 $$ LANGUAGE sql"}`, false)
	// A file name joined from literals only is one guard reads (backup.db);
	// one with a piece the SQL computes is one it cannot tell.
	add(`{"query":"VACUUM INTO 'backup'||'.db'"}`, false)
	add(`{"query":"VACUUM INTO 'backup'||x||'.db'"}`, true)
	runRouteCases(t, cases)
}
