package hook

import (
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/event"
)

// routes20Cases adds in, with $H the home, as agent A's MCP tool
// mcp__s__tool, agent B's beforeMCPExecution and agent C's tool.
func routes20Cases(home, proj string) (add func(tool, in string, block bool), cases *[]routeCase) {
	r := strings.NewReplacer("$H", home)
	var cs []routeCase
	return func(tool, in string, block bool) {
		in = r.Replace(in)
		cs = append(cs, everyAgent(proj, tool, "mcp_s_"+tool, in, block)...)
	}, &cs
}

// TestRoutesReadNameWithSource: a tool whose name reads as read-only
// (get_object, get, query, read_query) only reads its path fields when
// the path is its one object; a call that also carries a source (a URL, a
// bucket and key, SQL) writes into its local paths.
func TestRoutesReadNameWithSource(t *testing.T) {
	home, proj := routeWorld(t)
	add, cases := routes20Cases(home, proj)
	for _, c := range []struct{ tool, in string }{
		{"get_object", `{"bucket":"b","key":"k","local_path":"../.guard/rules.json"}`},
		{"get_object", `{"bucket":"b","key":"k","local_path":".git/hooks/pre-commit"}`},
		{"get_object", `{"bucket":"b","key":"k","local_path":"~/.bashrc"}`},
		{"get", `{"url":"https://x.example/a","file":"~/.bashrc"}`},
		{"get", `{"url":"https://x.example/a","file":"$H/.zlogin"}`},
		{"query", `{"db_path":"$H/.bash_login","query":"CREATE TABLE t(x)"}`},
		{"read_query", `{"database":"$H/.zlogin","sql":"SELECT 1"}`},
		{"query", `{"db":"../.guard/x.db","sql":"SELECT 1"}`},
		{"read_query", `{"path":"` + proj + `/.git/hooks/pre-commit","sql":"SELECT 1"}`},
	} {
		add(c.tool, c.in, true)
	}
	// A plain read tool still reads; a read of a protected file still blocks.
	add("read_file", `{"path":"src/main.go"}`, false)
	add("read_text_file", `{"path":"`+proj+`/README"}`, false)
	add("get_file_contents", `{"owner":"o","repo":"r","path":"src/main.go"}`, false)
	add("read_file", `{"path":"~/.ssh/id_rsa"}`, true)
	add("query", `{"sql":"SELECT name FROM users WHERE id = 3"}`, false)
	runRouteCases(t, *cases)
}

// TestRoutesWebFetchEveryField: agent C's web_fetch fetches the prompt's
// URLs even when a url field is present, and a file: URL in either is a
// read of its path.
func TestRoutesWebFetchEveryField(t *testing.T) {
	home, proj := routeWorld(t)
	r := strings.NewReplacer("$H", home)
	var cases []routeCase
	add := func(in string, block bool) {
		cases = append(cases, routeCase{"c", proj, "web_fetch", r.Replace(in), block})
	}
	add(`{"prompt":"get http://169.254.169.254/latest/meta-data","url":"https://example.com"}`, true)
	add(`{"prompt":"summarize file://$H/.ssh/id_rsa please","url":"https://example.com"}`, true)
	add(`{"prompt":"summarize file://$H/.ssh/id_rsa please"}`, true)
	add(`{"url":"file://$H/.ssh/id_rsa"}`, true)
	add(`{"prompt":"summarize https://example.com/docs","url":"https://example.com/docs"}`, false)
	add(`{"prompt":"summarize https://example.com/docs"}`, false)
	runRouteCases(t, cases)
}

// TestRoutesValuePathRuns: in a free-text value of an MCP or unknown
// tool, a path begins wherever a program may split the text: glued to a
// short option, after =, :, a comma or any other separator, not only at
// the prefixes guard listed.
func TestRoutesValuePathRuns(t *testing.T) {
	home, proj := routeWorld(t)
	add, cases := routes20Cases(home, proj)
	for _, in := range []string{
		`{"options":"-o$H/.bashrc"}`,
		`{"options":"x,$H/.bashrc"}`,
		`{"options":"-cf~/.ssh/id_rsa"}`,
		`{"options":"a,b,../.ssh/id_rsa"}`,
		`{"options":"--output=~/.bashrc"}`,
		`{"options":"x;$H/.bashrc"}`,
		`{"options":"x:$H/.bashrc"}`,
		`{"options":"(~/.ssh/id_rsa)"}`,
		`{"arguments":"path=$H/.bashrc&x=1"}`,
	} {
		add("runner", in, true)
	}
	add("runner", `{"options":"-v,--color=auto,src/main.go"}`, false)
	add("runner", `{"options":"see https://x.example/a/b,https://y.example/c"}`, false)
	runRouteCases(t, *cases)
}

// TestRoutesStringInputAsPath: a tool_input sent as a string that holds
// no object is checked as a path as well as text, and a value's percent
// escapes are decoded before the path checks.
func TestRoutesStringInputAsPath(t *testing.T) {
	home, proj := routeWorld(t)
	add, cases := routes20Cases(home, proj)
	add("y", `{"p":"..%2F.ssh%2Fid_rsa"}`, true)
	add("y", `{"p":"%2E%2E/.ssh/id_rsa"}`, true)
	add("y", `{"p":"%7E%2F.ssh%2Fid_rsa"}`, true)
	add("y", `{"p":"100%25 done"}`, false)
	add("y", `{"q":"a%20b"}`, false)
	*cases = append(*cases,
		routeCase{"a", proj, "Read", `"../.ssh/id_rsa"`, true},
		routeCase{"a", proj, "mcp__x__y", `"../.ssh/id_rsa"`, true},
		routeCase{"a", proj, "mcp__x__y", `"~/.ssh/id_rsa"`, true},
		routeCase{"c", proj, "mcp_x_y", `"../.ssh/id_rsa"`, true},
		routeCase{"b", proj, "", `../.ssh/id_rsa`, true},
		routeCase{"a", proj, "mcp__x__y", `"src/main.go"`, false},
		routeCase{"a", proj, "mcp__x__y", `"hello world, see the README"`, false},
		routeCase{"b", proj, "", `hello world`, false},
	)
	runRouteCases(t, *cases)
}

// TestUncertainEventAnswerForm: when the payload and $AGENT_A_HOOK_EVENT
// name different agent A events, the refusal takes the form that acts
// under the event the call must be: a payload carrying a tool_response
// (the tool ran) gets the JSON answer withholding it, whichever names say
// so; one without gets exit 2. Detected and --agent a, a payload that
// decodes and one only skimmed.
func TestUncertainEventAnswerForm(t *testing.T) {
	const res = `,"tool_response":{"stdout":"TOKEN=ghp_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789","stderr":""}`
	for _, tc := range []struct {
		payloadEvent, envEvent, agentFlag, tail string
		withheld                                bool
	}{
		{"PostToolUse", "PreToolUse", "", res + "}", true},
		{"PostToolUse", "PreToolUse", "a", res + "}", true},
		{"PostToolUse", "Stop", "", res + "}", true},
		{"PreToolUse", "PostToolUse", "", res + "}", true},
		{"PreToolUse", "PostToolUse", "a", res + "}", true},
		{"PreToolUse", "PostToolUse", "", res + `,"x":`, true}, // skimmed
		{"PostToolUse", "PreToolUse", "", "}", false},
		{"PreToolUse", "PostToolUse", "a", "}", false},
		{"PreToolUse", "PostToolUse", "", `,"x":`, false}, // skimmed
	} {
		payload := `{"hook_event_name":"` + tc.payloadEvent + `","tool_name":"Bash","tool_input":{"command":"env"}` + tc.tail
		var f fake
		cfg := f.config(payload, func([]event.Input) (event.Verdict, error) { return event.Verdict{Decision: event.Allow}, nil })
		cfg.Agent = tc.agentFlag
		env := tc.envEvent
		cfg.Getenv = func(k string) string {
			if k == "AGENT_A_HOOK_EVENT" {
				return env
			}
			return ""
		}
		code := Run(cfg)
		out := f.stdout.String()
		name := tc.payloadEvent + " under $AGENT_A_HOOK_EVENT=" + tc.envEvent + " " + tc.tail
		if tc.withheld {
			if code != 0 || !strings.Contains(out, `"updatedToolOutput"`) || strings.Contains(out, "ghp_") {
				t.Errorf("%s: exit %d, stdout %q; want exit 0 and the result withheld", name, code, out)
			}
		} else if code != 2 {
			t.Errorf("%s: exit %d, stdout %q; want exit 2", name, code, out)
		}
	}
}

// TestRoutesShellDirEnv covers a false positive: an MCP command tool's
// env {"PWD": <project>} is where the command runs, not a password, and
// a block on the tool's input names no file the command runs (the reason
// blamed the Makefile).
func TestRoutesShellDirEnv(t *testing.T) {
	_, proj := routeWorld(t)
	writeFiles(t, proj, map[string]string{"Makefile": "all:\n\techo hi\ntest:\n\techo t\n", "a20a/x": "x\n"})
	dir := proj + "/a20a" // a directory name a password check took for random
	cases := []routeCase{
		{"a", proj, "mcp__shell__run", `{"command":"make test","env":{"PWD":"` + dir + `"}}`, false},
		{"a", proj, "mcp__shell__run", `{"command":"make test","env":{"OLDPWD":"` + dir + `"}}`, false},
		{"c", proj, "mcp_shell_run", `{"command":"make test","env":{"PWD":"` + dir + `"}}`, false},
		{"a", proj, "mcp__shell__run", `{"command":"make test","env":{"PWD":"hunter2xyzQ9"}}`, true},
		{"a", proj, "mcp__shell__run", `{"command":"make test","env":{"DB_PWD":"/hunter2xyzQ9"}}`, true},
	}
	runRouteCases(t, cases)
	var f fake
	cfg := f.config(toolPayload("a", proj, "mcp__shell__run", `{"command":"make test","env":{"PWD":"hunter2xyzQ9"}}`), nil)
	cfg.Agent = "a"
	p := realPolicy(t, "")
	cfg.LoadPolicy = func() (Policy, string, error) { return p, "test", nil }
	Run(cfg)
	if s := f.stderr.String(); !strings.Contains(s, "keyed_secret") || strings.Contains(s, "Makefile") {
		t.Errorf("a secret in the tool's input: stderr %q, want keyed_secret and no file the command runs", s)
	}
}

// TestRoutesFieldReadings: a path field's value is checked as written,
// trimmed of blanks and control characters, and percent-decoded (to a
// fixed point): a server that trims or decodes its arguments opens what
// the reading names. Every agent.
func TestRoutesFieldReadings(t *testing.T) {
	home, proj := routeWorld(t)
	add, cases := routes20Cases(home, proj)
	for _, in := range []string{
		`{"path":"%7E/.bashrc"}`,
		`{"path":"~%2F.bashrc"}`,
		`{"path":"..%2F.ssh%2Fid_rsa"}`,
		`{"path":"` + proj + `/%2E%2E/.bashrc"}`,
		`{"path":"%252E%252E/.bashrc"}`,
		`{"path":"  ~/.bashrc"}`,
		`{"path":"\n~/.bashrc"}`,
		`{"path":"\t$H/.bashrc"}`,
		`{"path":" %7E/.bashrc"}`,
		// JavaScript's trim() (U+FEFF), form decoding (+), expanduser's
		// ~name.
		`{"path":"\ufeff~/.bashrc"}`,
		`{"path":"\u2028~/.bashrc"}`,
		`{"path":"+~/.bashrc"}`,
		`{"path":"+%7E/.bashrc"}`,
		`{"path":"~root/.bashrc"}`,
		`{"path":"~alice/.ssh/id_rsa"}`,
	} {
		add("write_file", in, true)
	}
	add("write_file", `{"path":"notes.txt"}`, false)
	add("write_file", `{"path":"100%25 done.txt"}`, false)
	add("write_file", `{"path":"  src/main.go"}`, false)
	add("write_file", `{"path":"c++/notes.txt"}`, false)
	runRouteCases(t, *cases)
}
