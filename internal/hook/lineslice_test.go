package hook

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/policy"
)

// TestLineSliceReads: a file tool's read of part of a file by whole lines
// (Read's offset and limit, an MCP read_text_file's head or tail) blocks,
// where the result scan redacts (agents A and C), only when the slice cuts
// a secret; where it cannot (agent B), when a secret stands on a line it
// may print. An offset counts from 1 or from 0 (both are checked).
func TestLineSliceReads(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("HOME", dir)
	t.Setenv("GUARD_HOME", "")
	proj := filepath.Join(dir, "proj")
	files := map[string]string{
		"app.py": "import os\nDEBUG = True\nLOG_LEVEL = \"info\"\n# token\n" +
			"GITHUB_TOKEN = \"ghp_16C7e42F292c6912E7710c838347Ae178B4a\"\nTIME_ZONE = \"UTC\"\nX = 1\nY = 2\n",
		"keys.txt": "a\nb\n" + leakKey() + "c\n", // the key on lines 3 to 12
	}
	if err := os.MkdirAll(proj, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(proj, name), []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	p, err := policy.Default()
	if err != nil {
		t.Fatal(err)
	}
	readA := func(in string) string {
		return `{"hook_event_name":"PreToolUse","tool_name":"Read","cwd":"P","tool_input":` + in + `}`
	}
	readB := func(in string) string {
		return `{"hookEventName":"preToolUse","conversation_id":"c","workspace_roots":["P"],"tool_name":"Read","tool_input":` + in + `}`
	}
	mcpA := func(in string) string {
		return `{"hook_event_name":"PreToolUse","tool_name":"mcp__fs__read_text_file","cwd":"P","tool_input":` + in + `}`
	}
	mcpB := func(in string) string {
		return `{"hookEventName":"beforeMCPExecution","conversation_id":"c","workspace_roots":["P"],"tool_name":"read_text_file","tool_input":` + in + `}`
	}
	for _, tt := range []struct {
		name, payload, verdict string
	}{
		// Agent A: a secret printed whole is the result scan's.
		{"A Read 1-4", readA(`{"file_path":"P/app.py","offset":1,"limit":4}`), "allow"},
		{"A Read the token line", readA(`{"file_path":"P/app.py","offset":5,"limit":1}`), "allow"},
		{"A Read from 6", readA(`{"file_path":"P/app.py","offset":6}`), "allow"},
		{"A Read key whole", readA(`{"file_path":"P/keys.txt","offset":1,"limit":20}`), "allow"},
		{"A Read after the key", readA(`{"file_path":"P/keys.txt","offset":13,"limit":5}`), "allow"},
		{"A Read cuts the key", readA(`{"file_path":"P/keys.txt","offset":5,"limit":2}`), "block"},
		{"A Read cuts the key's top", readA(`{"file_path":"P/keys.txt","offset":1,"limit":3}`), "block"},
		{"A Read key from its end", readA(`{"file_path":"P/keys.txt","offset":12}`), "block"},
		{"A Read offset a string", readA(`{"file_path":"P/app.py","offset":"1","limit":4}`), "block"},
		{"A Read pages", readA(`{"file_path":"P/app.py","offset":1,"limit":4,"pages":"1"}`), "block"},
		{"A MCP head 3", mcpA(`{"path":"P/app.py","head":3}`), "allow"},
		{"A MCP head 5", mcpA(`{"path":"P/app.py","head":5}`), "allow"},
		{"A MCP tail 3", mcpA(`{"path":"P/app.py","tail":3}`), "allow"},
		{"A MCP head cuts the key", mcpA(`{"path":"P/keys.txt","head":4}`), "block"},
		{"A MCP tail cuts the key", mcpA(`{"path":"P/keys.txt","tail":3}`), "block"},
		{"A MCP tail past the key", mcpA(`{"path":"P/keys.txt","tail":1}`), "allow"},
		{"A MCP head and tail", mcpA(`{"path":"P/app.py","head":3,"tail":2}`), "block"},
		{"A MCP start_line", mcpA(`{"path":"P/app.py","start_line":1,"end_line":3}`), "block"},
		// Agent B: no line it may print holds a secret.
		{"B Read 1-3", readB(`{"file_path":"P/app.py","offset":1,"limit":3}`), "allow"},
		{"B Read 6-", readB(`{"file_path":"P/app.py","offset":6,"limit":3}`), "allow"},
		{"B Read the token line", readB(`{"file_path":"P/app.py","offset":5,"limit":1}`), "block"},
		{"B Read to the token", readB(`{"file_path":"P/app.py","offset":2,"limit":3}`), "block"}, // 0-based: lines 3 to 5
		{"B Read -3", readB(`{"file_path":"P/app.py","offset":-3}`), "allow"},
		{"B Read -4", readB(`{"file_path":"P/app.py","offset":-4}`), "block"},
		{"B Read before the key", readB(`{"file_path":"P/keys.txt","offset":1,"limit":1}`), "allow"},
		{"B Read the key's first line", readB(`{"file_path":"P/keys.txt","offset":1,"limit":2}`), "block"},
		{"B Read whole", readB(`{"file_path":"P/app.py"}`), "block"},
		{"B MCP head 3", mcpB(`{"path":"P/app.py","head":3}`), "allow"},
		{"B MCP head 5", mcpB(`{"path":"P/app.py","head":5}`), "block"},
		{"B MCP tail 3", mcpB(`{"path":"P/app.py","tail":3}`), "allow"},
	} {
		var f fake
		cfg := f.config(strings.ReplaceAll(strings.ReplaceAll(tt.payload, `"P"`, `"`+proj+`"`), `P/`, proj+`/`), nil)
		cfg.LoadPolicy = func() (Policy, string, error) { return p, "test", nil }
		Run(cfg)
		if len(f.records) != 1 || f.records[0].Verdict != tt.verdict {
			t.Errorf("%s: records %+v, want one %s; %s %s", tt.name, f.records, tt.verdict, f.stdout.String(), f.stderr.String())
		}
	}
}
