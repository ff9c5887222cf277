package hook

import (
	"strings"
	"testing"
)

// TestVerbatimReaders: an MCP or unknown
// tool's read of a file is one the result scan can redact only when the
// tool is a known plain reader (read_file, read_text_file,
// get_file_contents…) and every field of its input is one known not to
// reshape what it returns. Any other tool name (hexdump_file, xxd, od,
// read_file_b64), any other field (mode: base32, as: hex, b64, output), or
// a query over a database it reads (read_query's SQL) reads a file
// holding a secret that guard checks before the call: blocked for agents
// A and C as agent B's route always did. Plain reads, listings and
// queries of clean files pass.
func TestVerbatimReaders(t *testing.T) {
	home, proj := routeWorld(t)
	tok := "ghp_16C7e42F292c6912E7710c838347Ae178B4a"
	writeFiles(t, home, map[string]string{
		"proj/settings.py": `TOKEN = "` + tok + `"` + "\n",
		"proj/clean.py":    "print(1)\n",
		"proj/app.db":      "SQLite format 3\x00\x10\x00\x01\x01\x00@  \x00\x00\x00\x02" + strings.Repeat("\x00", 60) + "\x0d\x00\x00\x00\x01\x0f\xd4" + tok + "\x00",
		"proj/clean.db":    "SQLite format 3\x00\x10\x00\x01\x01\x00@  \x00\x00\x00\x02" + strings.Repeat("\x00", 60) + "hello\x00",
	})
	var cases []routeCase
	add := func(tool, in string, block bool) {
		cases = append(cases, everyAgent(proj, tool, "mcp_fs_"+tool, in, block)...)
	}
	sql := `select substr(tok,1,8)||'.'||substr(tok,9,8)||'.'||substr(tok,17) from t`
	// F1: a reader guard does not know, or a field it does not know.
	for _, tool := range []string{"hexdump_file", "read_file_b64", "xxd", "od", "read_binary", "get_file_base32"} {
		add(tool, `{"path":"settings.py"}`, true)
	}
	for _, f := range []string{`"mode":"base32"`, `"as":"hex"`, `"b64":true`, `"output":"base32"`, `"charset":"utf-16"`,
		`"type":"bytes"`, `"gzip":false`} {
		add("read_file", `{"path":"settings.py",`+f+`}`, true)
	}
	// The file under a key guard does not read as a path.
	add("xxd", `{"name":"settings.py"}`, true)
	add("dump", `{"opts":{"files":["x","settings.py"]}}`, true)
	// F2: a query over the database the tool reads, under each database field.
	for _, k := range []string{"db_path", "database", "db", "file"} {
		add("read_query", `{"`+k+`":"app.db","query":"`+sql+`"}`, true)
	}
	add("query", `{"database":"app.db","sql":"select replace(tok,'a','@') from t"}`, true)
	add("read_file", `{"path":"app.db","query":"`+sql+`"}`, true)
	// Everyday calls on clean files pass.
	for _, in := range []string{`{"path":"clean.py"}`, `{"path":"clean.py","encoding":"utf-8"}`, `{"path":"clean.py","mode":"r"}`} {
		add("read_file", in, false)
	}
	add("read_text_file", `{"path":"clean.py","head":5}`, false)
	add("read_multiple_files", `{"paths":["clean.py","src/main.go"]}`, false)
	add("get_file_contents", `{"owner":"o","repo":"r","path":"src/main.go","ref":"main"}`, false)
	add("xxd", `{"path":"clean.py"}`, false)
	add("read_file", `{"path":"clean.py","mode":"base32"}`, false)
	add("read_query", `{"db_path":"clean.db","query":"select upper(x) from t"}`, false)
	add("query", `{"database":"postgres","sql":"select count(*) from users"}`, false)
	add("list_directory", `{"path":"src"}`, false)
	add("create_issue", `{"owner":"o","repo":"r","title":"settings.py fails","labels":["bug","v1.2"]}`, false)
	add("xxd", `{"name":"absent.py"}`, false)
	add("directory_tree", `{"path":"src"}`, false)
	add("search_files", `{"path":"src","pattern":"*.go","excludePatterns":["node_modules/**"]}`, false)
	// A plain reader or a listing of the secret's file: the result scan's
	// (agent B's client takes no replacement result: blocked there).
	for _, c := range []struct{ tool, in string }{
		{"read_file", `{"path":"settings.py"}`},
		{"read_text_file", `{"path":"settings.py","encoding":"utf8"}`},
		{"get_file_info", `{"path":"settings.py"}`},
		{"list_directory", `{"path":"settings.py"}`},
	} {
		cases = append(cases, routeCase{"a", proj, "mcp__fs__" + c.tool, c.in, false}, routeCase{"c", proj, "mcp_fs_" + c.tool, c.in, false},
			routeCase{"b", proj, "", c.in, true})
	}
	runRouteCases(t, cases)
}
