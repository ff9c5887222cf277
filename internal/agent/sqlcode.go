package agent

import (
	"strings"

	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// What a field of a tool guard does not know carries, when it is SQL or
// a code cell: a database server runs SQL and a
// notebook's kernel runs code, no shell, so neither is read by the
// shell's grammar (where `lower('x')` is a syntax error and blocks).

// sql checks a value the field's key or the tool's name says is SQL
// (sqlKey, sqlName) and that reads as SQL (lang.SQLShaped) as the SQL it
// is, and reports whether it did: each file a file-naming function or
// statement names (readfile('f'), ATTACH 'f', COPY … TO 'f', INTO OUTFILE
// 'f'…) is read and written, a command COPY … PROGRAM runs is a command,
// and a file name guard cannot tell (computed, escaped; native code
// loaded) makes the call one guard cannot check. Other SQL text is data to
// the server; its quoted literals that may name a protected target
// (embedded) and its absolute and home words (carriedPaths) are still
// taken. Text under an SQL key that does not read as SQL
// stays a value as any other.
func (t *toolValues) sql(key, v string) bool {
	if !t.sqlTool && !sqlKey(key) {
		return false
	}
	if !lang.SQLShaped(v) {
		if t.sqlTool && lang.SQLProcedureCall(v) && t.problem == "" {
			t.problem = "may call a procedure (a T-SQL batch's first word): guard cannot tell what it runs"
		}
		return false
	}
	if t.mysql {
		v = lang.SQLFromMySQL(v) // 'O\'Brien' is one string
	}
	data := lang.SQLPatternsBlanked(v)
	t.embedded(data, t.runs && !carriesCommand(data))
	u := lang.SQLFiles(v)
	if u.Problem != "" && t.problem == "" {
		t.problem = u.Problem
	}
	for _, f := range u.Files {
		if f != "" && len(f) <= maxPathLen {
			t.paths = append(t.paths, event.Input{Kind: event.KindRead, Text: f}, event.Input{Kind: event.KindWrite, Text: f})
		}
	}
	t.carried = append(t.carried, u.Programs...)
	t.carriedPaths(data, t.writes) // its absolute and home words, quoted or not
	return true
}

// mysqlName reports whether a word of a tool's name says MySQL's SQL
// (mysql, mariadb), whose strings take backslash escapes.
func mysqlName(name string) bool {
	for _, w := range nameWords(name) {
		if w == "mysql" || w == "mariadb" {
			return true
		}
	}
	return false
}

// sqlKey reports whether a normalised key names an SQL statement.
func sqlKey(k string) bool {
	switch k {
	case "sql", "query", "statement", "statements", "stmt", "sqlquery", "sqlstatement", "querytext":
		return true
	}
	return false
}

// sqlName reports whether a word of a tool's name says it runs SQL: sql,
// query, or a database engine's name (execute_sql, run_query, postgres).
func sqlName(name string) bool {
	for _, w := range nameWords(name) {
		switch w {
		case "sql", "query", "queries", "postgres", "postgresql", "pg", "mysql", "mariadb", "sqlite", "sqlite3",
			"duckdb", "clickhouse", "bigquery", "snowflake", "mssql", "tsql", "psql", "supabase", "neon":
			return true
		}
	}
	return false
}

// codeKey reports whether a normalised key names a cell of code a
// notebook, a REPL or a browser runs (code, cell).
func codeKey(k string) bool {
	switch k {
	case "code", "cell", "cellcode", "cellsource", "snippet":
		return true
	}
	return false
}

// codeLanguage returns the interpreter a code cell of the tool called
// name is checked with: the language its input names (language, lang,
// kernel or runtime: "" for a shell's, whose cell is a command), else
// node when a word of the tool's name says JavaScript (a browser's page),
// else python3.
func codeLanguage(name string, in fields) string {
	for _, k := range []string{"language", "lang", "kernel", "runtime"} {
		v, ok, _ := in.str(k)
		if !ok {
			continue
		}
		switch w := strings.ToLower(strings.TrimSpace(v)); {
		case w == "python" || w == "python3" || w == "py" || strings.HasPrefix(w, "python"):
			return "python3"
		case w == "javascript" || w == "js" || w == "node" || w == "nodejs" || w == "typescript" || w == "ts":
			return "node"
		default:
			return "" // a shell, or a language guard does not read: the cell is a command
		}
	}
	for _, w := range nameWords(name) {
		switch w {
		case "js", "javascript", "node", "nodejs", "deno", "typescript", "ts", "browser", "playwright",
			"puppeteer", "page", "chrome", "devtools":
			return "node"
		}
	}
	return "python3"
}

// code checks a code cell of a tool that may run it (codeKey) as the
// interpreter text it is (codeLanguage): python's or node's, as
// `python3 -c CELL` is checked, with the lines a
// kernel hands to a shell (!CMD, shellEscapes). Text the shell reads
// whole is a command too, as before; else the lines the shell reads are
// one command and each other line is code (typed: a cell a runner hands
// to a shell runs each line it can read).
func (t *toolValues) code(v string) {
	t.shellEscapes(v)
	t.carriedPaths(v, t.writes)
	switch t.lang {
	case "":
		t.carried = append(t.carried, v)
		return
	case "node":
		t.carried = append(t.carried, "node -e "+word.Quote(v))
	default:
		t.carried = append(t.carried, "python3 -c "+word.Quote(v))
	}
	t.typed(v)
}
