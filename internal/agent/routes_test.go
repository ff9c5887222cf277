package agent

import (
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
