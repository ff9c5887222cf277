package hook

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestGofmtNames: gofmt -l prints the names of the files it reads, as
// grep -l does: a Go file holding a secret does not block it for any
// agent. gofmt -d and a bare gofmt print the files' text reshaped (a
// diff, the reformatted source): they still block.
func TestGofmtNames(t *testing.T) {
	tok := "ghp_" + "16C7e42F292c6912E7710c838347Ae178B4a"
	_, proj := scriptWorld(t, map[string]string{
		"repo_test.go": "package repo\n\nvar token = \"" + tok + "\"\n",
		"src/a.go":     "package a // TODO tidy\n",
	})
	p := realPolicy(t, "")
	cPayload := func(cmd string) string {
		s, _ := json.Marshal(map[string]any{"hook_event_name": "BeforeTool", "tool_name": "run_shell_command", "cwd": proj,
			"tool_input": map[string]any{"command": cmd}})
		return string(s)
	}
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"gofmt -l .", false},
		{"gofmt -l -e .", false},
		{"gofmt -l=true .", false},
		{"gofmt -l repo_test.go", false},
		{"find . -name '*.go' | xargs gofmt -l", false},
		{"gofmt -d .", true},
		{"gofmt -l -d .", true},
		{"gofmt -l=false .", true},
		{"gofmt repo_test.go", true},
	} {
		wantBlock(t, p, "A "+tc.cmd, bashPayloadA(proj, tc.cmd, false), tc.block)
		wantBlock(t, p, "B "+tc.cmd, shellPayloadB(proj, tc.cmd), tc.block)
		code, stdout, stderr, _ := runReal(t, p, cPayload(tc.cmd))
		if blocked := code == 2 || strings.Contains(stdout, `"decision":"deny"`); blocked != tc.block {
			t.Errorf("C %s: blocked = %v, want %v: %s%s", tc.cmd, blocked, tc.block, stdout, stderr)
		}
	}
}
