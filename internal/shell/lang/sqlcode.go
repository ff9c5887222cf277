package lang

import "strings"

// SQL that runs code or loads a library, and calls guard cannot tell
// open no file. A server runs code a statement defines or names (xp_cmdshell
// through EXEC, a LANGUAGE plpython3u or C function, DuckDB's LOAD and
// INSTALL, CREATE EXTENSION): which statements do so is a short list of
// statement shapes (sqlRunsCode), and each is a call guard cannot check.
// A function guard does not know (sqlHarmless) may open a file by any of
// its arguments (DuckDB's read_xlsx, read_json_objects, an extension's
// own): a literal argument is a file it may name, and an argument the SQL
// computes (concat(getenv('HOME'), …), a column) is a file guard cannot
// tell.

// sqlStmt is what SQLFiles knows of the statement it is in.
type sqlStmt struct {
	first   string // its first word, lowered
	n       int    // how many words it has had
	routine bool   // it defines a function or procedure, or is DO
	prev    string // the word before, lowered (a qualified name's first part's)
}

// next records the lowered word w of the statement, qualified when it
// follows a dot (schema.name).
func (st *sqlStmt) next(w string, qualified bool) {
	if st.n == 0 {
		st.first = w
		st.routine = w == "do"
	}
	st.n++
	if (w == "function" || w == "procedure") && (st.first == "create" || st.first == "alter") {
		st.routine = true
	}
	if !qualified {
		st.prev = w
	}
}

// sqlTrustedLanguages reports whether a routine's language runs inside the
// database only: SQL and PL/pgSQL. Any other (C, internal, plpython3u,
// plperlu, plsh, plv8…) may run code or load a library.
func sqlTrustedLanguage(l string) bool { return l == "sql" || l == "plpgsql" }

// sqlRunsCode returns what guard cannot tell of the statement shape whose
// lowered word w ends at j, or "" when w starts none that runs code or
// loads a library: EXEC/EXECUTE of a procedure or of SQL text (not a
// trigger's EXECUTE FUNCTION, GRANT EXECUTE ON), LOAD (not LOAD DATA|XML)
// and INSTALL as a statement, CREATE|ALTER EXTENSION|ASSEMBLY, a FOREIGN
// table, server or wrapper (file_fdw's program), MySQL's SONAME, ALTER
// SYSTEM (archive_command, preload libraries), a *_preload_libraries
// setting, and a routine's LANGUAGE other than sql or plpgsql.
func sqlRunsCode(sql string, j int, w string, st sqlStmt) string {
	next := sqlNextToken(sql, j)
	switch {
	case w == "exec" || w == "execute":
		switch next {
		case "on", "function", "procedure", ",", ")", ";", "", "from", "as", "=", "to":
			return ""
		}
		return "runs a procedure or SQL text (" + strings.ToUpper(w) + "): guard cannot tell what it runs"
	case w == "load" && st.n == 0 && next != "data" && next != "xml",
		w == "install" && (st.n == 0 || st.n == 1 && st.first == "force"):
		return "loads a library into the database (" + strings.ToUpper(w) + "): guard cannot tell what it runs"
	case (w == "extension" || w == "assembly") && (st.first == "create" || st.first == "alter"),
		w == "foreign" && next != "key" && st.first != "",
		w == "soname", w == "system" && st.first == "alter" && st.n == 1, strings.HasSuffix(w, "preload_libraries"):
		return "loads a library or runs a command through the database (" + strings.ToUpper(w) + "): guard cannot tell what it runs"
	case w == "language" && st.routine && !sqlTrustedLanguage(next):
		return "defines code in language " + next + ": guard cannot tell what it runs"
	}
	return ""
}

// sqlNextToken returns the lowered token after blanks at j: a word, a
// quoted literal's text, or one character ("" at the end).
func sqlNextToken(sql string, j int) string {
	k := sqlSkipBlank(sql, j)
	switch {
	case k >= len(sql):
		return ""
	case sqlIdentStart(sql[k]):
		e := k
		for e < len(sql) && sqlIdent(sql[e]) {
			e++
		}
		return asciiLower(sql[k:e])
	case sql[k] == '\'' || sql[k] == '"':
		if v, end := sqlQuoted(sql, k); end >= 0 {
			return asciiLower(v)
		}
	}
	return sql[k : k+1]
}

// call checks the call of the function w whose name ends at j, when it
// is one guard does not know (sqlHarmless) and no keyword or name a
// statement defines (sqlNotCall): each argument that is a string literal
// is a file it may name, and one the SQL computes makes the call one
// guard cannot check.
func (u *SQLUse) call(sql string, j int, w string, st sqlStmt) {
	if sqlHarmless(w) || sqlNotCall(w, st) {
		return
	}
	k := strings.IndexByte(sql[j:], '(') + j + 1
	var files []string
	computed := false
	for {
		end, ok := sqlArgEnd(sql, k)
		if !ok {
			return // not closed: no call
		}
		if lit, ok := sqlLiteralAt(sql, k); ok {
			files = append(files, lit)
		} else if !sqlConstant(strings.TrimSpace(sql[k:end])) {
			computed = true
		}
		if sql[end] == ')' {
			k = end + 1
			break
		}
		k = end + 1
	}
	if sqlNextToken(sql, k) == "as" && sqlCallAt(sql, sqlSkipBlank(sql, k)+2) {
		return // WITH a AS (…), b(x) AS (…): b is defined, not called
	}
	if computed {
		u.problem("hands " + w + " a value the SQL computes: guard cannot tell whether it names a file")
	}
	u.Files = append(u.Files, files...)
}

// sqlConstant reports whether a call's argument is a constant no file
// name is built from: nothing, *, a number, NULL, TRUE or FALSE.
func sqlConstant(arg string) bool {
	switch asciiLower(arg) {
	case "", "*", "null", "true", "false":
		return true
	}
	arg = strings.TrimLeft(arg, "+-")
	for i := 0; i < len(arg); i++ {
		if (arg[i] < '0' || arg[i] > '9') && arg[i] != '.' {
			return false
		}
	}
	return arg != ""
}

// sqlNotCall reports whether a word followed by ( is no function call: a
// keyword (IN (…), VALUES (…), OVER (…), AS (…)…), or a name a statement
// defines or a table's column list follows (INTO t (a, b), CREATE TABLE
// t (…), REFERENCES t (id), CREATE FUNCTION f(x int), INDEX … ON t (c)).
func sqlNotCall(w string, st sqlStmt) bool {
	switch st.prev {
	case "into", "table", "exists", "references", "view", "function", "procedure", "macro", "type", "index",
		"as", "with", "trigger", "domain":
		return true
	case "on":
		if st.first == "create" {
			return true
		}
	}
	switch w {
	case "in", "exists", "any", "all", "some", "values", "as", "on", "using", "over", "filter", "within", "group",
		"table", "key", "check", "unique", "references", "default", "primary", "index", "into", "from", "where",
		"and", "or", "not", "select", "join", "when", "then", "else", "case", "by", "having", "lateral", "returns",
		"return", "row", "rows", "set", "with", "union", "intersect", "except", "limit", "offset", "conflict", "do",
		"cube", "rollup", "sets", "materialized", "distinct", "like", "ilike", "between", "is", "window",
		"partition", "of", "recursive", "grouping", "only", "order", "returning", "tablesample", "options",
		"language", "include", "exclude", "is_not", "top", "array", "struct", "map", "list", "pivot", "unpivot",
		"qualify", "out", "inout", "variadic", "declare", "begin", "end", "if", "while", "elsif", "loop":
		return true
	}
	return false
}

// sqlHarmless reports whether a lowered function name is one that opens no
// file and runs no code whatever its arguments: aggregates and window
// functions, string, JSON, array, date and time, math, conditional and
// cast functions, sequences, and type names with a length.
func sqlHarmless(w string) bool {
	switch w {
	case "count", "sum", "avg", "min", "max", "array_agg", "string_agg", "group_concat", "listagg", "json_agg",
		"jsonb_agg", "json_object_agg", "jsonb_object_agg", "bool_and", "bool_or", "every", "stddev", "stddev_pop",
		"stddev_samp", "variance", "var_pop", "var_samp", "median", "mode", "percentile_cont", "percentile_disc",
		"first", "last", "first_value", "last_value", "nth_value", "lag", "lead", "row_number", "rank",
		"dense_rank", "percent_rank", "cume_dist", "ntile", "any_value", "approx_count_distinct", "bit_and",
		"bit_or", "corr", "covar_pop", "covar_samp", "histogram", "arg_max", "arg_min", "argmax", "argmin",
		"max_by", "min_by", "product", "count_if", "json_group_array", "json_group_object", "total":
		return true
	case "lower", "upper", "initcap", "trim", "ltrim", "rtrim", "btrim", "substr", "substring", "left", "right",
		"length", "len", "char_length", "character_length", "octet_length", "bit_length", "replace", "translate",
		"reverse", "repeat", "lpad", "rpad", "concat", "concat_ws", "format", "printf", "position", "strpos",
		"instr", "locate", "split_part", "string_split", "split", "string_to_array", "array_to_string",
		"regexp_replace", "regexp_matches", "regexp_match", "regexp_extract", "regexp_like", "regexp_substr",
		"regexp_split_to_array", "regexp_split_to_table", "starts_with", "ends_with", "contains", "quote_ident",
		"quote_literal", "quote_nullable", "md5", "sha1", "sha256", "sha2", "encode", "decode", "to_hex", "hex",
		"unhex", "ascii", "chr", "char", "unicode", "soundex", "levenshtein", "similarity", "to_char",
		"to_number", "to_date", "to_timestamp", "string", "space", "stuff", "charindex", "patindex", "ucase",
		"lcase", "mid", "ifnull", "isnull", "nvl", "nvl2", "iif", "coalesce", "nullif", "greatest", "least",
		"cast", "try_cast", "convert", "typeof", "pg_typeof", "hash", "crc32", "uuid", "gen_random_uuid",
		"uuid_generate_v4", "newid", "nextval", "currval", "setval", "lastval", "last_insert_rowid",
		"last_insert_id", "changes", "random", "rand", "glob_match", "likelihood", "unlikely", "zeroblob",
		"quote", "instr_count", "string_agg_distinct", "pg_size_pretty", "pg_total_relation_size", "pg_relation_size",
		"pg_table_size", "pg_indexes_size", "pg_database_size", "pg_column_size", "current_setting", "version":
		return true
	case "to_json", "to_jsonb", "row_to_json", "json_build_object", "jsonb_build_object", "json_build_array",
		"jsonb_build_array", "json_object", "json_array", "json_extract", "json_extract_path",
		"json_extract_path_text", "jsonb_extract_path", "jsonb_extract_path_text", "json_extract_string",
		"json_value", "json_query", "json_type", "json_valid", "json_array_length", "jsonb_array_length",
		"json_each", "jsonb_each", "json_each_text", "jsonb_each_text", "json_array_elements",
		"jsonb_array_elements", "json_array_elements_text", "jsonb_array_elements_text", "jsonb_set",
		"jsonb_insert", "json_set", "json_insert", "json_replace", "json_remove", "json_patch", "json_keys",
		"jsonb_object_keys", "json_object_keys", "jsonb_pretty", "jsonb_strip_nulls", "json_typeof",
		"jsonb_typeof", "json_contains", "json_unquote", "json_quote", "json_merge_patch", "json_length",
		"json_tree", "json", "jsonb", "json_serialize", "json_transform", "array_length", "cardinality",
		"unnest", "array_append", "array_prepend", "array_cat", "array_remove", "array_position",
		"array_contains", "list_contains", "array_to_json", "list_value", "struct_pack", "generate_series",
		"range", "array_upper", "array_lower", "array_dims", "list_aggregate", "list_sort", "array_sort":
		return true
	case "now", "date", "time", "datetime", "julianday", "strftime", "strptime", "unixepoch", "date_trunc",
		"date_part", "datepart", "datediff", "dateadd", "date_add", "date_sub", "date_format", "extract", "age",
		"make_date", "make_time", "make_timestamp", "make_interval", "to_days", "from_unixtime", "unix_timestamp",
		"epoch", "epoch_ms", "timezone", "year", "month", "day", "hour", "minute", "second", "week", "quarter",
		"dayofweek", "dayofmonth", "dayofyear", "last_day", "timestampdiff", "timestampadd", "getdate",
		"getutcdate", "sysdatetime", "datename", "eomonth", "clock_timestamp", "statement_timestamp",
		"transaction_timestamp", "current_date", "current_time", "current_timestamp", "localtimestamp",
		"localtime", "justify_days", "justify_hours", "justify_interval", "isfinite", "date_diff", "date_sub_days",
		"abs", "ceil", "ceiling", "floor", "round", "trunc", "truncate", "mod", "power", "pow", "sqrt", "cbrt",
		"exp", "ln", "log", "log10", "log2", "sign", "pi", "sin", "cos", "tan", "asin", "acos", "atan", "atan2",
		"degrees", "radians", "div", "gcd", "lcm", "factorial", "width_bucket", "square":
		return true
	case "varchar", "nvarchar", "nchar", "decimal", "numeric", "float", "double", "timestamp", "timestamptz",
		"interval", "bit", "varbinary", "binary", "datetime2", "datetimeoffset", "number", "varchar2", "int",
		"integer", "bigint", "smallint", "tinyint", "character", "varying", "precision", "vector":
		return true
	}
	return false
}

// SQLFromMySQL returns MySQL text with each '…' and "…" string's
// backslash escapes undone (\' \" \\ \n \t \r \b \Z \0; \% and \_ keep
// their backslash, as MySQL does) and the string written back with its
// quote doubled, so the standard reader (SQLStringAt) reads the literal
// MySQL does. Comments (-- , #, /* */) and `…` names are kept as they are.
func SQLFromMySQL(sql string) string {
	if !strings.Contains(sql, `\`) {
		return sql
	}
	var b strings.Builder
	for i := 0; i < len(sql); {
		c := sql[i]
		switch {
		case c == '-' && strings.HasPrefix(sql[i:], "--"), c == '#':
			e := sqlLineEnd(sql, i)
			b.WriteString(sql[i:e])
			i = e
		case c == '/' && strings.HasPrefix(sql[i:], "/*"):
			e := len(sql)
			if k := strings.Index(sql[i+2:], "*/"); k >= 0 {
				e = i + k + 4
			}
			b.WriteString(sql[i:e])
			i = e
		case c == '`':
			e := sqlSkipQuoted(sql, i)
			b.WriteString(sql[i:e])
			i = e
		case c == '\'' || c == '"':
			i = mysqlString(&b, sql, i)
		default:
			b.WriteByte(c)
			i++
		}
	}
	return b.String()
}

// mysqlString writes the MySQL string whose quote is sql[q] in the
// standard form (SQLFromMySQL) and returns the index after it.
func mysqlString(b *strings.Builder, sql string, q int) int {
	quote := string(sql[q])
	var v strings.Builder
	k := q + 1
	for ; k < len(sql); k++ {
		switch c := sql[k]; {
		case c == '\\' && k+1 < len(sql):
			k++
			switch e := sql[k]; e {
			case 'n':
				v.WriteByte('\n')
			case 't':
				v.WriteByte('\t')
			case 'r':
				v.WriteByte('\r')
			case 'b':
				v.WriteByte('\b')
			case 'Z':
				v.WriteByte(0x1a)
			case '0':
				v.WriteByte(0)
			case '%', '_':
				v.WriteByte('\\')
				v.WriteByte(e)
			default:
				v.WriteByte(e)
			}
		case c == sql[q] && k+1 < len(sql) && sql[k+1] == sql[q]:
			v.WriteByte(c)
			k++
		case c == sql[q]:
			b.WriteString(quote + strings.ReplaceAll(v.String(), quote, quote+quote) + quote)
			return k + 1
		default:
			v.WriteByte(c)
		}
	}
	b.WriteString(sql[q:]) // not closed: as it is
	return len(sql)
}

// SQLPatternsBlanked returns sql with the text of each pattern literal
// blanked: the string after LIKE, ILIKE, RLIKE, REGEXP, SIMILAR TO or the
// GLOB operator is a pattern rows are matched with, no value stored nor
// a file opened.
func SQLPatternsBlanked(sql string) string {
	low := asciiLower(sql)
	b := []byte(sql)
	for i := 0; i < len(sql); {
		c := sql[i]
		if c == '\'' || c == '"' || c == '`' {
			i = sqlSkipQuoted(sql, i)
			continue
		}
		if !sqlIdentStart(c) || i > 0 && sqlIdent(sql[i-1]) {
			i++
			continue
		}
		j := i
		for j < len(sql) && sqlIdent(sql[j]) {
			j++
		}
		w := low[i:j]
		if w == "similar" && sqlNextToken(sql, j) == "to" {
			j = sqlSkipBlank(sql, j) + 2
			w = "like"
		}
		switch w {
		case "like", "ilike", "rlike", "regexp", "glob":
			if s, ok := SQLStringAt(sql, j); ok && (w != "glob" || !sqlCallAt(sql, j)) {
				for k := s.Start; k < s.End; k++ {
					if !strings.ContainsRune(`'"$`, rune(b[k])) {
						b[k] = ' '
					}
				}
				j = s.End
			}
		}
		i = j
	}
	return string(b)
}
