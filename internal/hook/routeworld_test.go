package hook

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// routeWorld is a home holding a key, cloud credentials and a start-up
// file, with a project inside it holding a .env and a link to ~/.ssh.
func routeWorld(t *testing.T) (home, proj string) {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	home = filepath.Join(root, "home")
	proj = filepath.Join(home, "proj")
	writeFiles(t, home, map[string]string{
		".ssh/id_rsa": "k\n", ".aws/credentials": "[default]\n", ".bashrc": "# rc\n",
		"proj/README": "a\n", "proj/.env": "DB_PASS=x\n", "proj/src/main.go": "package main\n",
	})
	os.MkdirAll(filepath.Join(home, ".guard"), 0o700)
	if err := os.Symlink("../.ssh", filepath.Join(proj, "sd")); err != nil {
		t.Fatal(err)
	}
	t.Setenv("HOME", home)
	t.Setenv("GUARD_HOME", "")
	return home, proj
}

// routeCase is one tool call of agent a, b or c: blocked or not.
type routeCase struct {
	agent, cwd, tool, input string
	block                   bool
}

// everyAgent returns a case per agent for an MCP tool given input in:
// agent A's mcp__s__TOOL, agent B's MCP hook (it names no tool) and agent
// C's cTool.
func everyAgent(proj, tool, cTool, in string, block bool) []routeCase {
	return []routeCase{{"a", proj, "mcp__s__" + tool, in, block}, {"b", proj, "", in, block}, {"c", proj, cTool, in, block}}
}

// toolPayload is agent's pre-tool payload of tool with input in cwd.
func toolPayload(agent, cwd, tool, input string) string {
	ev := map[string]string{"a": "PreToolUse", "b": "preToolUse", "c": "BeforeTool"}[agent]
	m := map[string]any{"hook_event_name": ev, "session_id": "s", "cwd": cwd, "tool_name": tool, "tool_input": json.RawMessage(input)}
	if agent == "b" {
		m = map[string]any{"hookEventName": ev, "conversation_id": "s", "cwd": cwd, "tool_name": tool, "tool_input": input}
		if tool == "" {
			m = map[string]any{"hookEventName": "beforeMCPExecution", "conversation_id": "s", "cwd": cwd, "tool_name": "exec", "tool_input": input}
		}
	}
	s, _ := json.Marshal(m)
	return string(s)
}

func runRouteCases(t *testing.T, cases []routeCase) {
	t.Helper()
	p := realPolicy(t, "")
	for _, tc := range cases {
		var f fake
		cfg := f.config(toolPayload(tc.agent, tc.cwd, tc.tool, tc.input), nil)
		cfg.Agent = tc.agent
		cfg.LoadPolicy = func() (Policy, string, error) { return p, "test", nil }
		Run(cfg)
		want := "allow"
		if tc.block {
			want = "block"
		}
		if len(f.records) != 1 || f.records[0].Verdict != want {
			t.Errorf("agent %s %s %s (cwd %s): records %+v, want %s; %s", tc.agent, tc.tool, tc.input,
				filepath.Base(tc.cwd), f.records, want, f.stderr.String())
		}
	}
}

// TestRoutesClientGlobs: a glob in syntax guard's matcher does not
// implement exactly (node-glob's extglob, escapes, POSIX classes, [!…],
// a one-level * that enters a linked directory) is the read of its base
// directory's tree; a negated filter (ripgrep's and minimatch's leading
// !) reads the whole tree.
func TestRoutesClientGlobs(t *testing.T) {
	home, proj := routeWorld(t)
	rmf := func(cwd string, paths ...string) routeCase {
		b, _ := json.Marshal(map[string]any{"paths": paths})
		return routeCase{"c", cwd, "read_many_files", string(b), true}
	}
	cases := []routeCase{
		rmf(home, "@(.aws)/*"), rmf(home, "+(.aws)/credentials"), rmf(home, `.a\ws/credentials`),
		rmf(home, `.ss\h/id_rsa`), rmf(home, "@(.ssh)/*"), rmf(home, "!(x)/id_rsa"),
		rmf(home, "[[:punct:]]ssh/id_rsa"), rmf(home, "[!a]ssh/id_rsa"), rmf(home, "!x"),
		rmf(home, ".ssh/id_{q..s}sa"), rmf(proj, "*/id_rsa"), rmf(proj, "s?/*"),
		{"c", home, "search_file_content", `{"pattern":"x","include":"@(.ssh)/*"}`, true},
		{"b", proj, "Grep", `{"pattern":"DB","glob":"!*.md"}`, true},
		{"b", proj, "Grep", `{"pattern":"DB","glob":"!.git"}`, true},
		// what guard models exactly still narrows
		{"b", proj, "Grep", `{"pattern":"DB","glob":"*.go"}`, false},
		{"c", proj, "read_many_files", `{"paths":["src/*.go"]}`, false},
		{"c", home, "read_many_files", `{"paths":["proj/**/*.go"]}`, false},
		{"c", home, "read_many_files", `{"paths":["proj/README"]}`, false},
	}
	runRouteCases(t, cases)
}

// TestRoutesGlobLists: a Grep glob the client splits on blanks and commas
// (outside braces) is one filter per piece, each read.
func TestRoutesGlobLists(t *testing.T) {
	home, proj := routeWorld(t)
	var cases []routeCase
	for _, a := range []string{"a", "b"} {
		cases = append(cases,
			routeCase{a, home, "Grep", `{"pattern":"PRIVATE","glob":"x,.ssh/*","output_mode":"content"}`, true},
			routeCase{a, home, "Grep", `{"pattern":"KEY","glob":"x .aws/credentials"}`, true},
			routeCase{a, home, "Grep", `{"pattern":"KEY","glob":"x,.aws/*"}`, true},
			routeCase{a, proj, "Grep", `{"pattern":"DB","glob":"*.md,.env"}`, true},
			routeCase{a, proj, "Grep", `{"pattern":"DB","glob":"x\t.env"}`, true},
			routeCase{a, proj, "Grep", `{"pattern":"DB","glob":"x\n.env"}`, true},
			routeCase{a, proj, "Grep", `{"pattern":"DB","glob":"{x,y},.env"}`, true},
			routeCase{a, home, "Grep", `{"pattern":"DB","glob":"*.go,!x"}`, true}, // a negated piece: the whole tree
			routeCase{a, proj, "Grep", `{"pattern":"DB","glob":"*.go"}`, false},
			routeCase{a, proj, "Grep", `{"pattern":"DB","glob":"*.go,*.md"}`, false},
			routeCase{a, proj, "Grep", `{"pattern":"DB","glob":"*.{ts,tsx} *.md"}`, false},
		)
	}
	runRouteCases(t, cases)
}

// TestRoutesGlobDots: a search tool's glob filter is matched as ripgrep's
// globset and the clients' dot: true globs match it, where a wildcard may
// stand for a hidden name's leading dot (**/*aws/* selects
// .aws/credentials) and ** crosses hidden directories: guard's shell-rule
// matcher must not narrow such a filter away from ~/.aws or ~/.ssh
// (FINDINGS59b B10). A project's everyday filters still pass.
func TestRoutesGlobDots(t *testing.T) {
	home, proj := routeWorld(t)
	var cases []routeCase
	for _, g := range []string{"**/*aws/*", "**/?aws/*", "**/[.]aws/*", "**/*ws/credentials", "**/*/cred*", "**/?ssh/id_*", "**/?ssh/*"} {
		for _, a := range []string{"a", "b"} {
			cases = append(cases,
				routeCase{a, proj, "Grep", `{"pattern":"KEY","path":"..","glob":"` + g + `"}`, true},
				routeCase{a, home, "Grep", `{"pattern":"KEY","path":"` + proj + `/../..","glob":"` + g + `"}`, true})
		}
		cases = append(cases,
			routeCase{"c", proj, "grep_search", `{"pattern":"KEY","dir_path":"..","include":"` + g + `"}`, true},
			routeCase{"c", proj, "read_many_files", `{"paths":[".."],"include":["` + g + `"]}`, true})
	}
	for _, g := range []string{"*.go", "src/**/*.go", "**/*.{ts,tsx}", "docs/**/*.md"} {
		cases = append(cases,
			routeCase{"a", proj, "Grep", `{"pattern":"TODO","glob":"` + g + `"}`, false},
			routeCase{"c", proj, "grep_search", `{"pattern":"TODO","include":"` + g + `"}`, false})
	}
	runRouteCases(t, cases)
}

// TestRoutesUnknownToolNames: a tool name of another agent's built-ins is
// an unknown tool there, checked by what it carries; a built-in's fields
// guard does not know are checked on its own agent.
func TestRoutesUnknownToolNames(t *testing.T) {
	home, proj := routeWorld(t)
	rc := `{"file_path":"` + home + `/.bashrc","content":"x"}`
	runRouteCases(t, []routeCase{
		{"c", proj, "TodoWrite", rc, true},
		{"b", proj, "TodoWrite", rc, true},
		{"c", proj, "Task", `{"command":"echo x >> ~/.bashrc"}`, true},
		{"c", proj, "BashOutput", `{"path":"` + home + `/.ssh/id_rsa"}`, true},
		{"b", proj, "write_todos", rc, true},
		{"a", proj, "TodoWrite", rc, true},
		{"a", proj, "Task", `{"description":"x","prompt":"p","path":"` + home + `/.ssh/id_rsa"}`, true},
		{"a", proj, "TodoWrite", `{"todos":[{"content":"cat ~/.bashrc and fix it","status":"pending","activeForm":"x"}]}`, false},
		{"a", proj, "Task", `{"description":"look","prompt":"read ~/.bashrc","subagent_type":"general-purpose"}`, false},
		{"c", proj, "write_todos", `{"todos":[{"description":"edit ~/.bashrc","status":"pending"}]}`, false},
	})
}

// TestRoutesProgramArgs: a program field and an args array are one
// command, in either order.
func TestRoutesProgramArgs(t *testing.T) {
	home, proj := routeWorld(t)
	runRouteCases(t, []routeCase{
		{"b", proj, "", `{"program":"cat","arguments":["` + home + `/.ssh/id_rsa"]}`, true},
		{"b", proj, "", `{"arguments":["../.ssh/id_rsa"],"program":"cat"}`, true},
		{"b", proj, "", `{"program":"cat","arguments":[".env"]}`, true},
		{"b", proj, "", `{"executable":"grep","args":["-r","DB","."]}`, true},
		{"a", proj, "mcp__x__exec", `{"program":"cat","arguments":["` + home + `/.ssh/id_rsa"]}`, true},
		{"b", proj, "", `{"program":"ls","arguments":["src"]}`, false},
	})
}

// TestRoutesCommandDirs: a command tool's directory field does not
// replace the call's cwd: the command is checked in both.
func TestRoutesCommandDirs(t *testing.T) {
	_, proj := routeWorld(t)
	runRouteCases(t, []routeCase{
		{"a", proj, "Bash", `{"command":"echo x >> ../.bashrc","cwd":"/tmp"}`, true},
		{"a", proj, "Bash", `{"command":"cat ../.ssh/id_rsa","workdir":"/"}`, true},
		{"b", proj, "Shell", `{"command":"echo x >> ../.bashrc","working_directory":"/"}`, true},
		{"c", proj, "run_shell_command", `{"command":"echo x >> ../.bashrc","dir_path":"/"}`, true},
		{"a", proj, "Bash", `{"command":"ls","cwd":"src"}`, false},
		{"c", proj, "run_shell_command", `{"command":"go vet ./...","dir_path":"src"}`, false},
	})
}

// TestRoutesEmbeddedPaths: a quoted or KEY=/--opt=/@ prefixed path inside
// an MCP or unknown tool's text value is read and written; prose outside
// quotes is not taken.
func TestRoutesEmbeddedPaths(t *testing.T) {
	home, proj := routeWorld(t)
	q := func(agent, tool, key, v string) routeCase {
		b, _ := json.Marshal(map[string]string{key: v})
		return routeCase{agent, proj, tool, string(b), true}
	}
	ok := func(c routeCase) routeCase { c.block = false; return c }
	runRouteCases(t, []routeCase{
		q("a", "mcp__db__query", "query", "VACUUM INTO '"+home+"/.agent_a/settings.local.json'"),
		q("a", "mcp__db__query", "sql", "VACUUM INTO '../.bash_login'"),
		q("c", "mcp_duckdb_query", "query", "COPY (SELECT 'echo PWNED') TO '"+home+"/.bashrc' (FORMAT CSV)"),
		q("a", "mcp__db__query", "query", "ATTACH DATABASE '"+home+"/.guard/x.db' AS g"),
		q("a", "mcp__db__query", "query", "SELECT content FROM read_text('"+home+"/.ssh/id_rsa')"),
		q("b", "", "query", "SELECT * FROM read_csv('.env')"),
		q("a", "mcp__x__do", "x", "path="+home+"/.bashrc"),
		q("a", "mcp__x__do", "x", "--out="+home+"/.bashrc"),
		q("a", "mcp__x__do", "x", "@"+home+"/.bashrc"),
		q("a", "mcp__x__do", "x", "run it with --out="+home+"/.bashrc please"),
		ok(q("a", "mcp__db__query", "query", "SELECT name FROM users WHERE id = 'bob' AND dir = 'src/x'")),
		ok(q("a", "mcp__gh__create_issue", "body", "The loader reads ~/.bashrc and breaks on .env files")),
		ok(q("b", "", "query", "SELECT * FROM t WHERE f = './data/x.csv' OR g = 'a=b'")),
		ok(q("a", "mcp__gh__create_issue", "body", "Don't read ~/.bashrc, it's the user's: fix --out and @mentions")),
	})
}

// TestRoutesCodeValues covers code cells: a path quoted in a value
// under a path-like key, and a line IPython hands to the shell.
func TestRoutesCodeValues(t *testing.T) {
	_, proj := routeWorld(t)
	runRouteCases(t, []routeCase{
		{"b", proj, "", `{"source":"print(open(\".env\").read())"}`, true},
		{"b", proj, "", `{"code":"!cat ../.ssh/id_rsa"}`, true},
		{"b", proj, "", `{"cell":"x = 1\n!cat .env"}`, true},
		{"b", proj, "", `{"body":"See ![diagram](docs/a.png) and !important notes"}`, false},
		{"b", proj, "", `{"code":"!pip install requests"}`, false},
	})
}
