package hook

import "testing"

// TestRoutesSQLDataLiterals covers SQL data: a quoted literal outside a
// file-naming position is a file only when it may name a protected
// target; MySQL's \' is read as MySQL reads it when the tool is MySQL's.
func TestRoutesSQLDataLiterals(t *testing.T) {
	home, proj := routeWorld(t)
	add, cases := routes20Cases(home, proj)
	// Data names a write-protected place (~/.*/**): data is cheap to move, it stays blocked.
	add("execute_sql", jsonObj("sql", `UPDATE settings SET value = '~/.config/app' WHERE key = 'dir'`), true)
	add("execute_sql", jsonObj("sql", `UPDATE settings SET value = 'config/app' WHERE key = 'dir'`), false)
	add("execute_sql", jsonObj("sql", `SELECT * FROM t WHERE p NOT ILIKE '~/.ssh/%' OR p SIMILAR TO '/etc/(a|b)%'`), false)
	add("execute_sql", jsonObj("sql", `SELECT * FROM logs WHERE path LIKE '/etc/%'`), false)
	add("execute_sql", jsonObj("sql", `INSERT INTO f (p) VALUES ('/home/app/uploads/a.png')`), false)
	// Protected targets stay blocked as data, and a file-naming position still checks.
	add("execute_sql", jsonObj("sql", `UPDATE settings SET value = '~/.bashrc'`), true)
	add("execute_sql", jsonObj("sql", `SELECT * FROM t WHERE p = '$H/.ssh/id_rsa'`), true)
	add("execute_sql", jsonObj("sql", `SELECT * FROM read_csv('/etc/passwd')`), true)
	add("mysql_query", jsonObj("sql", `SELECT load_file('$H/.s\'sh/id_rsa')`), true)
	add("mysql_query", jsonObj("sql", `SELECT 'a\'' INTO OUTFILE '$H/.bashrc'`), true)
	add("execute_sql", jsonObj("sql", `SELECT * FROM t WHERE name LIKE 'O\'Brien%'`), true) // not MySQL: fail closed
	// MySQL's \' is read as MySQL reads it when the tool's name says MySQL
	// (agent B's MCP payload names no tool).
	*cases = append(*cases,
		routeCase{"a", proj, "mcp__mysql__query", jsonObj("sql", `SELECT * FROM t WHERE name LIKE 'O\'Brien%'`), false},
		routeCase{"c", proj, "mcp_s_mysql_query", jsonObj("sql", `SELECT * FROM t WHERE name = 'O\'Brien'`), false})
	runRouteCases(t, *cases)
}
