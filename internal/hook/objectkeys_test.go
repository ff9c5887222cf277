package hook

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestToolInputObjectKeys: an object key of a tool's input is a value it
// carries: a key shaped as a path is checked as a path (written where the
// tool is not known to only read), for every agent and for the fields of a
// known tool guard does not know; keys that name no protected target pass.
func TestToolInputObjectKeys(t *testing.T) {
	home, proj := routeWorld(t)
	var cases []routeCase
	for _, tt := range []struct {
		tool, in string
		block    bool
	}{
		{"write_files", `{"files":{"../.bashrc":"echo PWNED"}}`, true},
		{"write_files", `{"files":{"~/.bashrc":"echo PWNED"}}`, true},
		{"write_files", `{"files":{"` + filepath.Join(home, ".bashrc") + `":"echo PWNED"}}`, true},
		{"write_files", `{"files":{".agent_b/hooks.json":"{}"}}`, true},
		{"write_files", `{"files":[{"../.bashrc":"x"}]}`, true},
		{"write_files", `{"batch":{"../.bashrc":"x"}}`, true},
		{"read_files", `{"files":{"../.ssh/id_rsa":null}}`, true},
		{"read_files", `{"files":{"../.ssh/id_rsa":{}}}`, true},
		{"read_files", `{"` + filepath.Join(home, ".ssh/id_rsa") + `":1}`, true},
		{"read_files", `{"args":"{\"files\":{\"../.ssh/id_rsa\":1}}"}`, true},
		// Everyday: keys that are names, MIME types, files of the project.
		{"write_files", `{"files":{"src/app.ts":"export const x = 1\n","README.md":"# x"}}`, false},
		{"http_request", `{"url":"https://api.example.com","headers":{"Content-Type":"application/json","X-Id":"1"}}`, false},
		{"set_env", `{"env":{"NODE_ENV":"production","LOG_LEVEL":"debug"}}`, false},
	} {
		cases = append(cases, everyAgent(proj, tt.tool, "mcp_fs_"+tt.tool, tt.in, tt.block)...)
	}
	for _, ag := range []string{"a", "b", "c"} {
		read, write := "Read", "Write"
		if ag == "c" {
			read, write = "read_file", "write_file"
		}
		cases = append(cases,
			routeCase{ag, proj, read, `{"file_path":"a.py","files":{"../.ssh/id_rsa":1}}`, true},
			routeCase{ag, proj, write, `{"file_path":"a.py","content":"x","extra":{"../.bashrc":"x"}}`, true},
			routeCase{ag, proj, "FooTool", `{"files":{"../.bashrc":"x"}}`, true},
			routeCase{ag, proj, read, `{"file_path":"a.py","opts":{"encoding":"utf-8"}}`, false},
		)
	}
	runRouteCases(t, cases)

	// Agent A's PermissionRequest carries the same input.
	p := realPolicy(t, "")
	for _, in := range []string{`{"files":{"../.bashrc":"echo PWNED"}}`, `{"files":{"../.ssh/id_rsa":1}}`} {
		var f fake
		s, _ := json.Marshal(map[string]any{"hook_event_name": "PermissionRequest", "session_id": "s", "cwd": proj,
			"tool_name": "mcp__fs__write_files", "tool_input": json.RawMessage(in)})
		cfg := f.config(string(s), nil)
		cfg.Agent = "a"
		cfg.LoadPolicy = func() (Policy, string, error) { return p, "test", nil }
		Run(cfg)
		if len(f.records) != 1 || f.records[0].Verdict != "block" {
			t.Errorf("PermissionRequest %s: records %+v, want block; %s", in, f.records, strings.TrimSpace(f.stderr.String()))
		}
	}
}
