package hook

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFieldsByWhatTheyName: the fields of MCP, unknown and known tools
// become checked paths by what they name, for agents A, B and C; prose,
// project paths and read tools with read-only names pass.
func TestFieldsByWhatTheyName(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("GUARD_HOME", "")
	p := realPolicy(t, "")
	proj := filepath.Join(home, "proj")
	other := filepath.Join(home, "other")
	for _, d := range []string{proj, other, filepath.Join(home, ".ssh"), filepath.Join(proj, "a b")} {
		os.MkdirAll(d, 0o700)
	}
	os.WriteFile(filepath.Join(home, ".ssh", "id_rsa"), []byte("k"), 0o600)
	os.WriteFile(filepath.Join(home, ".bashrc"), []byte("# rc"), 0o600)
	js := func(v any) string { b, _ := json.Marshal(v); return string(b) }
	H := home
	payload := func(agent, tool, input string) string {
		switch agent {
		case "a":
			return `{"hook_event_name":"PreToolUse","session_id":"s","cwd":` + js(proj) + `,"tool_name":` + js(tool) + `,"tool_input":` + input + `}`
		case "b": // beforeMCPExecution, tool_input as the client's JSON string
			return `{"hookEventName":"beforeMCPExecution","conversation_id":"c","workspace_roots":[` + js(proj) + `],"tool_name":` + js(tool) + `,"tool_input":` + js(input) + `}`
		case "bp":
			return `{"hookEventName":"preToolUse","conversation_id":"c","workspace_roots":[` + js(proj) + `],"tool_name":` + js(tool) + `,"tool_input":` + input + `}`
		case "bm": // several roots, no cwd (F14)
			return `{"hookEventName":"beforeMCPExecution","conversation_id":"c","workspace_roots":[` + js(other) + `,` + js(home) + `],"tool_name":` + js(tool) + `,"tool_input":` + input + `}`
		case "bmc": // several roots and a cwd
			return `{"hookEventName":"beforeMCPExecution","conversation_id":"c","cwd":` + js(proj) + `,"workspace_roots":[` + js(proj) + `,` + js(home) + `],"tool_name":` + js(tool) + `,"tool_input":` + input + `}`
		case "bmp":
			return `{"hookEventName":"preToolUse","conversation_id":"c","workspace_roots":[` + js(proj) + `,` + js(home) + `],"tool_name":` + js(tool) + `,"tool_input":` + input + `}`
		case "brf":
			return `{"hookEventName":"beforeReadFile","conversation_id":"c","workspace_roots":[` + js(proj) + `,` + js(home) + `],"file_path":` + input + `}`
		}
		return `{"hook_event_name":"BeforeTool","session_id":"s","cwd":` + js(proj) + `,"tool_name":` + js(tool) + `,"tool_input":` + input + `}`
	}
	for _, tt := range []struct {
		agent, tool, input, verdict string
	}{
		// F5: a blank in a throw-away segment, a trailing tab, a leading blank
		{"a", "mcp__fs__write_file", js(map[string]string{"location": H + "/proj/a b/../../.bashrc", "content": "x"}), "block"},
		{"a", "mcp__fs__write_file", `{"location":"a b/../../.bashrc","content":"x"}`, "block"},
		{"a", "mcp__fs__write_file", js(map[string]string{"location": H + "/proj/a b/../../.guard/rules.json", "content": "{}"}), "block"},
		{"a", "mcp__fs__write_file", js(map[string]string{"to": H + "/x y/../.bashrc"}), "block"},
		{"a", "mcp__fs__read_text", js(map[string]string{"location": H + "/x y/../.ssh/id_rsa"}), "block"},
		{"a", "mcp__fs__read_text", js(map[string]string{"location": H + "/.ssh/id_rsa\t"}), "block"},
		{"a", "mcp__fs__read_text", js(map[string]string{"location": " " + H + "/.ssh/id_rsa"}), "block"},
		{"b", "write_file", js(map[string]string{"location": H + "/proj/a b/../../.bashrc", "content": "x"}), "block"},
		{"c", "mcp_fs_write_file", `{"location":"a b/../../.agent_a/settings.json"}`, "block"},
		{"a", "mcp__shell__exec", `{"command":"cat id_rsa","cwd":"a b/../../.ssh"}`, "block"},
		// F7: a resource URI of a server's own scheme
		{"a", "ReadMcpResourceTool", js(map[string]string{"server": "fs", "uri": "fs://" + H + "/.ssh/id_rsa"}), "block"},
		{"a", "ReadMcpResourceTool", js(map[string]string{"server": "fs", "uri": "resource:/" + H + "/.ssh/id_rsa"}), "block"},
		{"b", "read_resource", js(map[string]string{"uri": "fs://" + H + "/.s%73h/id_rsa"}), "block"},
		{"c", "mcp_fs_read_resource", js(map[string]string{"uri": "res://" + H + "/.ssh/id_rsa"}), "block"},
		// F9: a read verb beside a word guard does not know
		{"a", "mcp__fs__view_prepend", js(map[string]string{"path": H + "/.bashrc", "content": "x"}), "block"},
		{"a", "mcp__fs__query_upsert", js(map[string]string{"path": H + "/.bashrc"}), "block"},
		{"a", "mcp__fs__read_normalize", js(map[string]string{"path": H + "/.bashrc"}), "block"},
		{"a", "mcp__fs__lookup_cache", js(map[string]string{"path": H + "/.bashrc"}), "block"},
		{"a", "mcp__fs__get_log", js(map[string]string{"path": H + "/.bashrc"}), "block"},
		{"b", "view_prepend", js(map[string]string{"path": H + "/.bashrc", "content": "x"}), "block"},
		{"c", "mcp_fs_read_commit", js(map[string]string{"path": H + "/.bashrc", "content": "x"}), "block"},
		// controls
		{"a", "mcp__github__create_issue", `{"title":"crash in /usr/lib","body":"see ~/.bashrc line 3; a b/../x is fine"}`, "allow"},
		{"a", "mcp__slack__post_message", `{"channel":"C1","text":"moved notes to ~/work/a b/../x"}`, "allow"},
		{"a", "mcp__fs__write_file", `{"location":"a b/new.txt","content":"x"}`, "allow"},
		{"a", "mcp__fs__read_text_file", `{"path":"a b/../README.md"}`, "allow"},
		{"a", "mcp__fs__read_text_file", js(map[string]string{"path": H + "/.bashrc"}), "allow"},
		{"a", "ReadMcpResourceTool", `{"server":"docs","uri":"https://example.com/docs/.ssh/x"}`, "allow"},
		{"a", "ReadMcpResourceTool", `{"server":"fs","uri":"fs:///` + strings.TrimPrefix(proj, "/") + `/README.md"}`, "allow"},
		{"b", "get_file_contents", `{"owner":"o","repo":"r","path":"src/main.go"}`, "allow"},
		{"c", "mcp_fs_read_file", `{"path":"a b/x.go"}`, "allow"},
		// F14: agent B's relative paths under every workspace root
		{"bm", "write_file", `{"location":".bashrc","content":"x"}`, "block"},
		{"bm", "read_file", `{"path":".ssh/id_rsa"}`, "block"},
		{"bmc", "read_file", `{"path":".ssh/id_rsa"}`, "block"},
		{"bmp", "Read", `{"file_path":".ssh/id_rsa"}`, "block"},
		{"bmp", "Write", `{"file_path":".bashrc","content":"x"}`, "block"},
		{"bmp", "Grep", `{"pattern":"x","path":".ssh"}`, "block"},
		{"bmp", "Delete", `{"path":".guard/rules.json"}`, "block"},
		{"brf", "", `".ssh/id_rsa"`, "block"},
		{"bmp", "Read", `{"file_path":"README.md"}`, "allow"},
		{"bm", "read_file", `{"path":"src/main.go"}`, "allow"},
		// F8: a known command tool's other fields
		{"bp", "Shell", js(map[string]string{"command": "cat id_rsa", "cwd": H + "/.ssh"}), "block"},
		{"bp", "Shell", js(map[string]string{"command": "cat id_rsa", "working_directory": H + "/.ssh"}), "block"},
		{"bp", "Shell", `{"command":"cat id_rsa","workdir":"../.ssh"}`, "block"},
		{"bp", "Shell", `{"command":"ls","cwd":"src","dir":"docs"}`, "block"},
		{"a", "Bash", js(map[string]string{"command": "cat id_rsa", "cwd": H + "/.ssh"}), "block"},
		{"bp", "Read", js(map[string]string{"file_path": "README.md", "other_file": H + "/.ssh/id_rsa"}), "block"},
		{"bp", "LS", js(map[string]string{"target_directory": H + "/.ssh"}), "block"},
		{"bp", "Glob", `{"glob_pattern":"**/*.md","target_directory":"src"}`, "allow"},
		{"bp", "Grep", `{"pattern":"TODO","path":"src","-i":true,"output_mode":"content"}`, "allow"},
		{"a", "Edit", `{"file_path":"src/a.go","old_string":"a b/../../.bashrc","new_string":"x","replace_all":true}`, "allow"},
		{"bp", "Shell", `{"command":"ls -la","cwd":"src"}`, "allow"},
		{"bp", "Shell", `{"command":"go test ./...","cwd":"src","working_directory":"src/"}`, "allow"},
		{"a", "Bash", `{"command":"git status","description":"Show the state of ~/.ssh/id_rsa's repo","timeout":60000}`, "allow"},
	} {
		var f fake
		cfg := f.config(payload(tt.agent, tt.tool, tt.input), nil)
		cfg.Agent = tt.agent[:1]
		cfg.LoadPolicy = func() (Policy, string, error) { return p, "test", nil }
		Run(cfg)
		if len(f.records) != 1 || f.records[0].Verdict != tt.verdict {
			t.Errorf("%s %s %s: records %+v, want one %s; %s", tt.agent, tt.tool, tt.input, f.records, tt.verdict, f.stderr.String())
		}
	}
}
