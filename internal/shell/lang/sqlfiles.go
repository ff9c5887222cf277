package lang

import "strings"

// SQL a database server runs (an MCP server's execute_sql) opens files
// only through the functions and statements that name one: sqlite's
// readfile, writefile, ATTACH, VACUUM INTO, load_extension; PostgreSQL's
// pg_read_file, lo_import, lo_export, COPY … TO|FROM 'f' and COPY …
// PROGRAM 'CMD'; MySQL's LOAD_FILE, LOAD DATA INFILE, INTO OUTFILE|DUMPFILE;
// DuckDB's read_csv and its kin. Any other text of a statement is data
// to the server.

// SQLUse is what a statement's text does outside the server's tables.
type SQLUse struct {
	// Files are the file names it hands to a file-naming function or
	// statement, each one string literal's text.
	Files []string
	// Programs are the commands COPY … PROGRAM runs.
	Programs []string
	// Problem says what guard cannot tell: a file name the statement
	// computes (a function's result, a join with one, a MySQL escape), or
	// native code it loads.
	Problem string
}

// SQLFiles returns what the SQL text sql does with files and programs:
// each file-naming function's name argument and each name after ATTACH
// [DATABASE], VACUUM INTO, COPY … TO|FROM, INFILE, INTO OUTFILE|DUMPFILE
// must be a string guard can read whole (SQLStringAt: literals joined by ||
// or blanks, E'…', U&'…', $$…$$): anything else (a piece computed, a call)
// is a Problem. A literal after FROM, TO or INTO outside those statements
// is taken as a file too (DuckDB's FROM 'data.csv'): it may be one.
func SQLFiles(sql string) SQLUse {
	var u SQLUse
	if strings.Contains(sql, `\'`) {
		// MySQL's \' is a quote inside a string, where guard ends it:
		// guard cannot tell the literals apart.
		u.Problem = "escapes a quote with a backslash: guard cannot tell where its strings end"
		return u
	}
	low := asciiLower(sql)
	copyStmt := false
	var st sqlStmt
	body := 0 // where the dollar-quoted body the scan is in ends
	for i := 0; i < len(sql); {
		switch c := sql[i]; {
		case c == '\'' || c == '"' || c == '`':
			i = sqlSkipQuoted(sql, i)
			continue
		case c == ';' && i >= body:
			st, copyStmt = sqlStmt{}, false
			i++
			continue
		case c == '$' && i >= body:
			if s, ok := sqlDollarQuoted(sql, i); ok {
				body = s.End // its words are scanned: a routine's body is SQL too
			}
			i++
			continue
		case c == '-' && strings.HasPrefix(sql[i:], "--"):
			i = sqlLineEnd(sql, i)
			continue
		case c == '/' && strings.HasPrefix(sql[i:], "/*"):
			if j := strings.Index(sql[i+2:], "*/"); j >= 0 {
				i += j + 4
			} else {
				i = len(sql)
			}
			continue
		case !sqlIdent(c) || i > 0 && sqlIdent(sql[i-1]):
			i++
			continue
		}
		j := i
		for j < len(sql) && sqlIdent(sql[j]) {
			j++
		}
		w := low[i:j]
		if p := sqlRunsCode(sql, j, w, st); p != "" {
			u.problem(p)
		}
		switch {
		case w == "copy":
			copyStmt = true
		case w == "load_extension" && sqlCallAt(sql, j):
			u.Problem = "loads native code into the database (load_extension): guard cannot tell what it does"
		case w == "program" && copyStmt:
			if lit, ok := sqlLiteralAt(sql, j); ok {
				u.Programs = append(u.Programs, lit)
			} else {
				u.problem("runs a command COPY … PROGRAM computes")
			}
		case sqlFileFunc(w) >= 0 && sqlCallAt(sql, j):
			u.callArg(sql, j, sqlFileFunc(w), w)
		case sqlFileWord(w) && (w != "to" || st.prev != "similar"):
			u.wordArg(sql, j, w)
		case sqlCallAt(sql, j):
			u.call(sql, j, w, st)
		}
		st.next(w, strings.HasSuffix(strings.TrimRight(sql[:i], " \t\r\n"), "."))
		i = j
	}
	return u
}

// problem sets the first problem found.
func (u *SQLUse) problem(p string) {
	if u.Problem == "" {
		u.Problem = p
	}
}

// callArg takes argument n of the call whose name ends at j.
func (u *SQLUse) callArg(sql string, j, n int, name string) {
	k := strings.IndexByte(sql[j:], '(') + j + 1
	for a := 0; a < n; a++ {
		end, ok := sqlArgEnd(sql, k)
		if !ok || end >= len(sql) || sql[end] != ',' {
			return // fewer arguments: the call names no file
		}
		k = end + 1
	}
	if lit, ok := sqlLiteralAt(sql, k); ok {
		u.Files = append(u.Files, lit)
		return
	}
	if end, ok := sqlArgEnd(sql, k); ok && strings.TrimSpace(sql[k:end]) == "" {
		return // name() with no argument
	}
	u.problem("hands " + name + " a file name the SQL computes: guard cannot tell which file it opens")
}

// wordArg takes the name after a statement's file word ending at j: a
// literal ('…' or "…", which sqlite takes for a string where no column
// is meant) is a file. After ATTACH an identifier is one too (sqlite reads
// a bare name as the file's); any other value after ATTACH, INFILE,
// OUTFILE or DUMPFILE, and a string guard cannot read whole anywhere, is a
// Problem (after FROM, TO, INTO and DATABASE an identifier is a table's,
// a role's or a schema's name).
func (u *SQLUse) wordArg(sql string, j int, w string) {
	if lit, ok := sqlLiteralAt(sql, j); ok {
		u.Files = append(u.Files, lit)
		return
	}
	k := sqlSkipBlank(sql, j)
	computed := "names a file through an SQL expression after " + strings.ToUpper(w) + ": guard cannot tell which file"
	switch {
	case sqlStringStarts(sql, k):
		u.problem(computed)
	case w == "to" || w == "from" || w == "into" || w == "database":
	case w == "attach" && k < len(sql) && sqlIdentStart(sql[k]):
		e := k
		for e < len(sql) && sqlIdent(sql[e]) {
			e++
		}
		if name := sql[k:e]; asciiLower(name) != "database" {
			u.Files = append(u.Files, name)
		}
	default:
		u.problem(computed)
	}
}

// sqlStringStarts reports whether an SQL string literal starts at sql[k].
func sqlStringStarts(sql string, k int) bool {
	_, ok := sqlPieceAt(sql, k)
	return ok
}

// sqlFileFunc returns which argument (0-based) of a function names a
// file, by the function's lowered name; -1 when it names none.
func sqlFileFunc(w string) int {
	for _, f := range sqlFileFuncs {
		if f.name == w {
			return f.arg
		}
	}
	return -1
}

// sqlFileFn is a function of SQL whose argument names a file.
type sqlFileFn struct {
	name   string // lowered
	arg    int    // which argument (0-based)
	sqlite bool   // sqlite3's shell has it (its built-in extensions)
}

// sqlFileFuncs are the functions of SQL whose argument names a file: one
// table for the shell's sqlite3 reader (SQLiteFileFuncs) and SQLFiles.
// sqlite3's fsdir(D) reads the tree at D with its files' contents,
// zipfile(F) an archive.
var sqlFileFuncs = [...]sqlFileFn{
	{"readfile", 0, true}, {"writefile", 0, true}, {"edit", 0, true}, {"fsdir", 0, true}, {"zipfile", 0, true},
	{"load_file", 0, false}, {"pg_read_file", 0, false}, {"pg_read_binary_file", 0, false}, {"pg_stat_file", 0, false},
	{"pg_ls_dir", 0, false}, {"pg_file_write", 0, false}, {"pg_file_rename", 0, false}, {"pg_file_unlink", 0, false},
	{"lo_import", 0, false}, {"read_csv", 0, false}, {"read_csv_auto", 0, false}, {"read_parquet", 0, false},
	{"read_json", 0, false}, {"read_json_auto", 0, false}, {"read_ndjson", 0, false}, {"read_text", 0, false},
	{"read_blob", 0, false}, {"parquet_scan", 0, false}, {"glob", 0, false}, {"file", 0, false},
	{"lo_export", 1, false},
}

// SQLiteFileFuncs returns the names of sqlite3's functions whose first
// argument names a file (sqlFileFuncs).
func SQLiteFileFuncs() []string {
	var out []string
	for _, f := range sqlFileFuncs {
		if f.sqlite && f.arg == 0 {
			out = append(out, f.name)
		}
	}
	return out
}

// SQLiteTreeFunc reports whether sqlite3's function name (lowered) reads
// the whole tree its argument names: fsdir.
func SQLiteTreeFunc(name string) bool { return name == "fsdir" }

// sqlFileWord reports whether a lowered word of a statement may be
// followed by a file name.
func sqlFileWord(w string) bool {
	switch w {
	case "attach", "into", "to", "from", "infile", "outfile", "dumpfile", "database":
		return true
	}
	return false
}

// sqlLiteralAt returns the file name the string expression starting
// after blanks at i gives (SQLStringAt: its literals joined and decoded; a
// file: URI's path) when it ends an argument or a clause (followed by a
// blank, a comma, a closing parenthesis, a semicolon or the end) and guard
// knows all of it: no part computed, no backslash in a plain literal
// (MySQL reads escapes there: '/h/.s\sh' is /h/.ssh).
func sqlLiteralAt(sql string, i int) (string, bool) {
	s, ok := SQLStringAt(sql, i)
	if !ok || !s.Known() || s.Backslash {
		return "", false
	}
	k := sqlSkipBlank(sql, s.End)
	if k < len(sql) && !strings.ContainsRune(",);", rune(sql[k])) && (!sqlIdentStart(sql[k]) || k == s.End) {
		return "", false // 'a' + x, 'a'b
	}
	if p, ok := FilePath(s.Value); ok {
		return p, true // sqlite opens a file: URI's path
	}
	return s.Value, true
}

// sqlArgEnd returns where the call argument starting at i ends: at a
// top-level comma or closing parenthesis; ok is false when none comes.
func sqlArgEnd(sql string, i int) (int, bool) {
	depth := 0
	for i < len(sql) {
		switch c := sql[i]; {
		case c == '\'' || c == '"' || c == '`':
			i = sqlSkipQuoted(sql, i)
			continue
		case c == '(':
			depth++
		case c == ')' && depth == 0, c == ',' && depth == 0:
			return i, true
		case c == ')':
			depth--
		}
		i++
	}
	return i, false
}

// sqlCallAt reports whether a call's ( follows, after blanks, at j.
func sqlCallAt(sql string, j int) bool {
	k := sqlSkipBlank(sql, j)
	return k < len(sql) && sql[k] == '('
}

// sqlSkipQuoted returns the index after the quoted text starting at i
// (a doubled quote stands for one; a backslash escapes in " and `).
func sqlSkipQuoted(sql string, i int) int {
	q := sql[i]
	for k := i + 1; k < len(sql); k++ {
		switch {
		case sql[k] == '\\' && q != '\'':
			k++
		case sql[k] == q && k+1 < len(sql) && sql[k+1] == q:
			k++
		case sql[k] == q:
			return k + 1
		}
	}
	return len(sql)
}

// sqlSkipBlank returns the index of the first non-blank at or after i.
func sqlSkipBlank(sql string, i int) int {
	for i < len(sql) && strings.ContainsRune(" \t\r\n", rune(sql[i])) {
		i++
	}
	return i
}

// sqlLineEnd returns the index of the line end after i.
func sqlLineEnd(sql string, i int) int {
	if j := strings.IndexByte(sql[i:], '\n'); j >= 0 {
		return i + j
	}
	return len(sql)
}

// sqlIdent reports whether c may be part of an SQL identifier.
func sqlIdent(c byte) bool { return sqlIdentStart(c) || c >= '0' && c <= '9' || c == '$' }

// sqlIdentStart reports whether c may start an SQL identifier.
func sqlIdentStart(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' }

// asciiLower lowers ASCII letters only, keeping every byte's position.
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// SQLShaped reports whether text reads as SQL: after blanks, comments and
// opening parentheses its first word is a statement's (SELECT, INSERT,
// UPDATE, DELETE, WITH, CREATE…), and no line starts with a client's own
// command (psql's \…, sqlite3's .…), which a server does not run.
func SQLShaped(s string) bool {
	for _, line := range strings.Split(s, "\n") {
		if l := strings.TrimSpace(line); strings.HasPrefix(l, `\`) || strings.HasPrefix(l, ".") {
			return false
		}
	}
	i := 0
	for i < len(s) {
		switch {
		case strings.ContainsRune(" \t\r\n(", rune(s[i])):
			i++
		case strings.HasPrefix(s[i:], "--"):
			i = sqlLineEnd(s, i)
		case strings.HasPrefix(s[i:], "/*"):
			j := strings.Index(s[i:], "*/")
			if j < 0 {
				return false
			}
			i += j + 2
		default:
			j := i
			for j < len(s) && sqlIdentStart(s[j]) {
				j++
			}
			return sqlStatement(asciiLower(s[i:j]))
		}
	}
	return false
}

// SQLProcedureCall reports whether text that does not read as SQL
// (SQLShaped) reads as a T-SQL batch that calls a procedure without EXEC:
// its first word, an identifier (a dotted name), is followed by a string
// literal (N'…' too) or an @variable (xp_cmdshell 'whoami').
func SQLProcedureCall(s string) bool {
	i := sqlSkipBlank(s, 0)
	j := i
	for j < len(s) && (sqlIdent(s[j]) || s[j] == '.' || s[j] == '[' || s[j] == ']') {
		j++
	}
	if j == i || !sqlIdentStart(s[i]) && s[i] != '[' {
		return false
	}
	k := sqlSkipBlank(s, j)
	if k == j || k >= len(s) {
		return false
	}
	return s[k] == '\'' || s[k] == '@' || (s[k] == 'N' || s[k] == 'n') && k+1 < len(s) && s[k+1] == '\''
}

// sqlStatement reports whether a lowered word starts an SQL statement.
func sqlStatement(w string) bool {
	switch w {
	case "select", "insert", "update", "delete", "with", "create", "drop", "alter", "explain", "pragma", "vacuum",
		"attach", "detach", "copy", "load", "replace", "merge", "truncate", "grant", "revoke", "begin", "commit",
		"rollback", "show", "describe", "desc", "values", "table", "call", "analyze", "upsert", "savepoint",
		"release", "reindex", "comment", "refresh", "unload", "summarize", "pivot", "from", "exec", "execute", "declare",
		"do", "install", "force", "set", "use", "prepare", "deallocate", "listen", "notify", "reset", "discard", "lock",
		"checkpoint", "export", "import", "cluster":
		return true
	}
	return false
}
