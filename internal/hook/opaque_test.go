package hook

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/policy"
)

// TestOpaqueTrees: a recursive read of a project holding a .env passes
// where the client lets guard redact the result (agents A and C) and is a
// block, saying why, where it does not (agent B's after-hooks only log).
func TestOpaqueTrees(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("HOME", dir)
	t.Setenv("GUARD_HOME", "")
	proj := filepath.Join(dir, "proj")
	if err := os.MkdirAll(proj, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(proj, ".env"), []byte("X=1\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	p, err := policy.Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name, payload, verdict string
	}{
		{"A grep -r", `{"hook_event_name":"PreToolUse","tool_name":"Bash","cwd":"P","tool_input":{"command":"grep -rn PASSWORD ."}}`, "allow"},
		{"A Grep", `{"hook_event_name":"PreToolUse","tool_name":"Grep","cwd":"P","tool_input":{"pattern":"x","path":"."}}`, "allow"},
		{"C grep -r", `{"hook_event_name":"BeforeTool","tool_name":"run_shell_command","cwd":"P","tool_input":{"command":"grep -rn PASSWORD ."}}`, "allow"},
		{"C grep_search", `{"hook_event_name":"BeforeTool","tool_name":"grep_search","cwd":"P","tool_input":{"pattern":"x"}}`, "allow"},
		{"B grep -r", `{"hookEventName":"beforeShellExecution","cwd":"P","command":"grep -rn PASSWORD ."}`, "block"},
		{"B tar", `{"hookEventName":"beforeShellExecution","cwd":"P","command":"tar cf - ."}`, "block"},
		{"B Grep", `{"hookEventName":"preToolUse","cwd":"P","tool_name":"Grep","tool_input":{"pattern":"x","path":"."}}`, "block"},
		{"B Grep narrowed", `{"hookEventName":"preToolUse","cwd":"P","tool_name":"Grep","tool_input":{"pattern":"x","path":".","glob":"*.go"}}`, "allow"},
		{"B grep in a file", `{"hookEventName":"beforeShellExecution","cwd":"P","command":"grep -n x main.go"}`, "allow"},
		{"B ls", `{"hookEventName":"beforeShellExecution","cwd":"P","command":"ls -la"}`, "allow"},
	} {
		var f fake
		cfg := f.config(strings.ReplaceAll(tt.payload, `"P"`, `"`+proj+`"`), nil)
		cfg.LoadPolicy = func() (Policy, string, error) { return p, "test", nil }
		Run(cfg)
		if len(f.records) != 1 || f.records[0].Verdict != tt.verdict {
			t.Errorf("%s: records %+v, want one %s; %s", tt.name, f.records, tt.verdict, f.stderr.String())
			continue
		}
		if tt.verdict == "block" && !strings.Contains(f.stdout.String()+f.stderr.String(), "cannot redact") {
			t.Errorf("%s: the reason does not say guard cannot redact: %s %s", tt.name, f.stdout.String(), f.stderr.String())
		}
	}
}
