package agent

import (
	"slices"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/event"
)

// TestKnownToolOtherFields: a known tool's fields guard does not know are
// checked by what they carry, and a command tool's directory fields are
// where its command runs.
func TestKnownToolOtherFields(t *testing.T) {
	for _, tt := range []struct {
		agent, payload string
		cwd            string
		want           []event.Input
		err            string
	}{
		{"b", `{"hookEventName":"preToolUse","workspace_roots":["/w"],"tool_name":"Shell","tool_input":{"command":"cat id_rsa","cwd":"/h/.ssh"}}`, "/h/.ssh", nil, ""},
		{"b", `{"hookEventName":"preToolUse","workspace_roots":["/w"],"tool_name":"Shell","tool_input":{"command":"cat id_rsa","working_directory":"/h/.ssh"}}`, "/h/.ssh", nil, ""},
		{"b", `{"hookEventName":"preToolUse","workspace_roots":["/w"],"tool_name":"Shell","tool_input":{"command":"cat id_rsa","workdir":"../.ssh"}}`, "/w/../.ssh", nil, ""},
		{"a", `{"hook_event_name":"PreToolUse","cwd":"/w","tool_name":"Bash","tool_input":{"command":"ls","workingDirectory":"sub"}}`, "/w/sub", nil, ""},
		{"b", `{"hookEventName":"preToolUse","workspace_roots":["/w"],"tool_name":"Shell","tool_input":{"command":"ls","cwd":"src","working_directory":"src/"}}`, "/w/src", nil, ""},
		{"b", `{"hookEventName":"preToolUse","workspace_roots":["/w"],"tool_name":"Shell","tool_input":{"command":"ls","cwd":"src","dir":"docs"}}`, "", nil,
			"tool_input.dir: names another directory than tool_input.cwd"},
		{"c", `{"hook_event_name":"BeforeTool","cwd":"/w","tool_name":"run_shell_command","tool_input":{"command":"ls","dir_path":"a","cwd":"b"}}`, "", nil,
			"tool_input.cwd: names another directory than tool_input.dir_path"},
		// other fields by what they carry
		{"b", `{"hookEventName":"preToolUse","workspace_roots":["/w"],"tool_name":"Read","tool_input":{"file_path":"a","FILE_PATH":"/h/.ssh/id_rsa"}}`, "/w",
			[]event.Input{{Kind: event.KindRead, Text: "/h/.ssh/id_rsa"}}, ""},
		{"a", `{"hook_event_name":"PreToolUse","cwd":"/w","tool_name":"Write","tool_input":{"file_path":"a","also":"~/.bashrc","content":"x"}}`, "/w",
			[]event.Input{{Kind: event.KindWrite, Text: "~/.bashrc"}}, ""},
		{"a", `{"hook_event_name":"PreToolUse","cwd":"/w","tool_name":"Bash","tool_input":{"command":"ls","post":"cat ~/.ssh/id_rsa"}}`, "/w",
			[]event.Input{{Kind: event.KindCommand, Text: "cat ~/.ssh/id_rsa"}}, ""},
		// known data fields stay data
		{"a", `{"hook_event_name":"PreToolUse","cwd":"/w","tool_name":"Bash","tool_input":{"command":"ls","description":"cat ~/.ssh/id_rsa"}}`, "/w",
			[]event.Input{{Kind: event.KindCommand, Text: "ls"}}, ""},
	} {
		p, err := Decode([]byte(tt.payload))
		if err != nil {
			t.Fatal(err)
		}
		c, err := Parse(tt.agent, p, opts(nil))
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%s: err %v, want %q", tt.payload, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", tt.payload, err)
		}
		if c.Cwd != tt.cwd {
			t.Errorf("%s: cwd %q, want %q", tt.payload, c.Cwd, tt.cwd)
		}
		for _, w := range tt.want {
			if !slices.Contains(c.Inputs, w) {
				t.Errorf("%s: inputs %+v lack %+v", tt.payload, c.Inputs, w)
			}
		}
		if strings.Contains(tt.payload, `"description"`) && len(c.Inputs) != 1 {
			t.Errorf("%s: inputs %+v, want the command alone", tt.payload, c.Inputs)
		}
	}
}
