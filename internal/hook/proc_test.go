package hook

import (
	"testing"
)

// TestProcReads: a process's environment, memory and command line under
// /proc are protected reads for the file tools of each agent; the
// machine's facts and a process's status stay readable.
func TestProcReads(t *testing.T) {
	t.Setenv("HOME", t.TempDir())
	t.Setenv("GUARD_HOME", "")
	p := realPolicy(t, "")
	for _, tt := range []struct {
		agent, payload, verdict string
	}{
		{"a", `{"hook_event_name":"PreToolUse","tool_name":"Read","tool_input":{"file_path":"/proc/self/environ"}}`, "block"},
		{"a", `{"hook_event_name":"PreToolUse","tool_name":"Read","tool_input":{"file_path":"/proc/1/environ"}}`, "block"},
		{"a", `{"hook_event_name":"PreToolUse","tool_name":"Read","tool_input":{"file_path":"/proc/self/task/1/environ"}}`, "block"},
		{"a", `{"hook_event_name":"PreToolUse","tool_name":"Read","tool_input":{"file_path":"/proc/1/mem"}}`, "block"},
		{"a", `{"hook_event_name":"PreToolUse","tool_name":"Read","tool_input":{"file_path":"/proc/1/cmdline"}}`, "block"},
		{"a", `{"hook_event_name":"PreToolUse","tool_name":"mcp__fs__read_text_file","tool_input":{"path":"/proc/self/environ"}}`, "block"},
		{"b", `{"hookEventName":"preToolUse","tool_name":"Read","tool_input":{"file_path":"/proc/self/environ"}}`, "block"},
		{"c", `{"hook_event_name":"BeforeTool","tool_name":"read_file","tool_input":{"file_path":"/proc/self/environ"}}`, "block"},
		{"a", `{"hook_event_name":"PreToolUse","tool_name":"Read","tool_input":{"file_path":"/proc/cpuinfo"}}`, "allow"},
		{"a", `{"hook_event_name":"PreToolUse","tool_name":"Read","tool_input":{"file_path":"/proc/meminfo"}}`, "allow"},
		{"a", `{"hook_event_name":"PreToolUse","tool_name":"Read","tool_input":{"file_path":"/proc/self/status"}}`, "allow"},
		{"c", `{"hook_event_name":"BeforeTool","tool_name":"read_file","tool_input":{"file_path":"/proc/loadavg"}}`, "allow"},
	} {
		var f fake
		cfg := f.config(tt.payload, nil)
		cfg.Agent = tt.agent
		cfg.LoadPolicy = func() (Policy, string, error) { return p, "test", nil }
		Run(cfg)
		if len(f.records) != 1 || f.records[0].Verdict != tt.verdict {
			t.Errorf("%s: records %+v, want one %s; %s", tt.payload, f.records, tt.verdict, f.stderr.String())
		}
	}
}
