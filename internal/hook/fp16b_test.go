package hook

import (
	"encoding/json"
	"os/exec"
	"testing"
)

// TestDevNullStatus16b: a redirection to /dev/null keeps a command's
// status its programs' (review 16b): git diff origin/main 2>/dev/null is
// allowed for agent A as git diff origin/main is (the result scan's),
// while a status builtin still puts it on the failure route.
func TestDevNullStatus16b(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	_, proj := scriptWorld(t, map[string]string{"settings.py": "AWS=" + "AKIA" + "IOSFODNN7EXAMPLF\n", "README": "hello\n"})
	git := revGit(t, proj)
	git("init", "-q", "-b", "main")
	git("add", "settings.py", "README")
	git("commit", "-qm", "init")
	git("update-ref", "refs/remotes/origin/main", "HEAD")
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"git diff origin/main", false},
		{"git diff origin/main 2>/dev/null", false},
		{"git diff origin/main >/dev/null 2>&1", false},
		{"git diff origin/main 2>/dev/null; false", true},
		{"git diff origin/main 2>/dev/full", true},
	} {
		s, _ := json.Marshal(map[string]any{"hook_event_name": "PreToolUse", "tool_name": "Bash", "cwd": proj,
			"tool_input": map[string]any{"command": tc.cmd}})
		code, stdout, stderr, _ := runReal(t, p, string(s))
		if blocked := code == 2; blocked != tc.block {
			t.Errorf("%s: blocked = %v, want %v: %s%s", tc.cmd, blocked, tc.block, stdout, stderr)
		}
	}
}
