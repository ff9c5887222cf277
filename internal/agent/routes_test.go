package agent

import (
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/event"
)

// TestRoutes: where a tool's output reaches the model without a result
// guard can replace, and Reads of part of a file (F11).
func TestRoutes(t *testing.T) {
	for _, tt := range []struct {
		agent, payload     string
		unredacted, failed string
		partial            bool
	}{
		{A, `{"hook_event_name":"PreToolUse","tool_name":"Monitor","tool_input":{"command":"tail -F log"}}`, MonitorStream, "", false},
		{A, `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"make","run_in_background":true}}`, BackgroundRun, "", false},
		{A, `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"make","run_in_background":false}}`, "", CommandFailure, false},
		{A, `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":"make"}`, "", CommandFailure, false},
		{A, `{"hook_event_name":"PreToolUse","tool_name":"Read","tool_input":{"file_path":"/p/k","offset":3,"limit":1}}`, "", "", true},
		{A, `{"hook_event_name":"PreToolUse","tool_name":"Read","tool_input":{"file_path":"/p/k","offset":null}}`, "", "", false},
		{A, `{"hook_event_name":"PreToolUse","tool_name":"Read","tool_input":{"file_path":"/p/k"}}`, "", "", false},
		{C, `{"hook_event_name":"BeforeTool","tool_name":"read_file","tool_input":{"file_path":"/p/k","limit":2}}`, "", "", true},
		{C, `{"hook_event_name":"BeforeTool","tool_name":"run_shell_command","tool_input":{"command":"make"}}`, "", "", false},
	} {
		p, err := Decode([]byte(tt.payload))
		if err != nil {
			t.Fatal(err)
		}
		c, err := Parse(tt.agent, p, Options{})
		if err != nil {
			t.Fatalf("%s: %v", tt.payload, err)
		}
		if c.Unredacted != tt.unredacted || c.FailsUnredacted != tt.failed {
			t.Errorf("%s: unredacted %q, fails %q; want %q, %q", tt.payload, c.Unredacted, c.FailsUnredacted, tt.unredacted, tt.failed)
		}
		partial := false
		for _, in := range c.Inputs {
			if in.Kind == event.KindRead && in.Opaque == PartialRead {
				partial = true
			}
		}
		if partial != tt.partial {
			t.Errorf("%s: partial read %v, want %v", tt.payload, partial, tt.partial)
		}
	}
}

// TestVerbatimRead: an MCP or unknown tool's file reads are ones guard
// cannot redact (UnknownReader) unless the tool is a known plain reader
// or lister and every field is one known not to reshape what it returns;
// a path a mode made a write, and a file name under any key, are reads.
func TestVerbatimRead(t *testing.T) {
	for _, tt := range []struct {
		agent, tool, input string
		opaque             bool
	}{
		{A, "mcp__fs__read_file", `{"path":"/p/k"}`, false},
		{A, "mcp__fs__read_text_file", `{"path":"/p/k","encoding":"UTF-8"}`, false},
		{A, "mcp__github__get_file_contents", `{"owner":"o","repo":"r","path":"/p/k","ref":"main"}`, false},
		{C, "mcp_fs_get_file_info", `{"path":"/p/k"}`, false},
		{C, "mcp_fs_read_file", `{"path":"/p/k"}`, false},
		{A, "mcp__fs__hexdump_file", `{"path":"/p/k"}`, true},
		{C, "mcp_fs_xxd", `{"path":"/p/k"}`, true},
		{A, "FutureDump", `{"path":"/p/k"}`, true},
		{A, "mcp__fs__read_file", `{"path":"/p/k","as":"hex"}`, true},
		{A, "mcp__fs__read_file", `{"path":"/p/k","mode":"base32"}`, true},
		{A, "mcp__fs__read_file", `{"path":"/p/k","encoding":"utf-16"}`, true},
		{A, "mcp__sqlite__read_query", `{"database":"/p/k","query":"select 1"}`, true},
		{A, "mcp__fs__xxd", `{"name":"k.txt"}`, true},
		{A, "mcp__fs__xxd", `"k.txt"`, true},
	} {
		payload := `{"hook_event_name":"PreToolUse","tool_name":"` + tt.tool + `","tool_input":` + tt.input + `}`
		if tt.agent == C {
			payload = strings.Replace(payload, "PreToolUse", "BeforeTool", 1)
		}
		p, err := Decode([]byte(payload))
		if err != nil {
			t.Fatal(err)
		}
		c, err := Parse(tt.agent, p, Options{})
		if err != nil {
			t.Fatalf("%s: %v", payload, err)
		}
		reads, opaque := 0, 0
		for _, in := range c.Inputs {
			if in.Kind == event.KindRead && !strings.HasSuffix(in.Text, "/**") {
				reads++
				if in.Opaque == UnknownReader {
					opaque++
				}
			}
		}
		if reads == 0 || tt.opaque != (opaque == reads) || !tt.opaque && opaque > 0 {
			t.Errorf("%s: %d reads, %d unredactable; want all unredactable %v", payload, reads, opaque, tt.opaque)
		}
	}
}
