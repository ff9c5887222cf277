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
	bare := filepath.Join(dir, "bare") // a project without a protected file
	if err := os.MkdirAll(filepath.Join(bare, "src"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(bare, "src", "main.go"), []byte("package main\n"), 0o600); err != nil {
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
		{"B grep -r", `{"hookEventName":"beforeShellExecution","cwd":"P","command":"grep -rn X= ."}`, "block"},
		{"B grep -r, no line of .env", `{"hookEventName":"beforeShellExecution","cwd":"P","command":"grep -rn PASSWORD ."}`, "allow"},
		{"B tar", `{"hookEventName":"beforeShellExecution","cwd":"P","command":"tar cf - ."}`, "block"},
		{"B Grep", `{"hookEventName":"preToolUse","cwd":"P","tool_name":"Grep","tool_input":{"pattern":"X","path":"."}}`, "block"},
		{"B Grep, no line of .env", `{"hookEventName":"preToolUse","cwd":"P","tool_name":"Grep","tool_input":{"pattern":"x","path":"."}}`, "allow"}, // rg is case-sensitive
		{"B Grep narrowed", `{"hookEventName":"preToolUse","cwd":"P","tool_name":"Grep","tool_input":{"pattern":"x","path":".","glob":"*.go"}}`, "allow"},
		{"B grep in a file", `{"hookEventName":"beforeShellExecution","cwd":"P","command":"grep -n x main.go"}`, "allow"},
		{"B ls", `{"hookEventName":"beforeShellExecution","cwd":"P","command":"ls -la"}`, "allow"},
		{"B grep -r, no .env", `{"hookEventName":"beforeShellExecution","cwd":"Q","command":"grep -rn PASSWORD ."}`, "allow"},
		{"B Grep, no .env", `{"hookEventName":"preToolUse","cwd":"Q","tool_name":"Grep","tool_input":{"pattern":"x","path":"."}}`, "allow"},
		// Output the result scan cannot read: agents A and C too.
		{"A grep -r | rev", `{"hook_event_name":"PreToolUse","tool_name":"Bash","cwd":"P","tool_input":{"command":"grep -r . . | rev"}}`, "block"},
		{"A tar | xxd", `{"hook_event_name":"PreToolUse","tool_name":"Bash","cwd":"P","tool_input":{"command":"tar -cf - . | xxd -p"}}`, "block"},
		{"A zip - | base64", `{"hook_event_name":"PreToolUse","tool_name":"Bash","cwd":"P","tool_input":{"command":"zip -r - . | base64 -w 30"}}`, "block"},
		{"A find -exec xxd", `{"hook_event_name":"PreToolUse","tool_name":"Bash","cwd":"P","tool_input":{"command":"find . -type f -exec xxd {} +"}}`, "block"},
		{"A git grep | rev", `{"hook_event_name":"PreToolUse","tool_name":"Bash","cwd":"P","tool_input":{"command":"git grep -h . | rev"}}`, "block"},
		{"A tar to stdout", `{"hook_event_name":"PreToolUse","tool_name":"Bash","cwd":"P","tool_input":{"command":"tar -cf - ."}}`, "block"},
		{"C grep -r | od", `{"hook_event_name":"BeforeTool","tool_name":"run_shell_command","cwd":"P","tool_input":{"command":"grep -r . . | od -c"}}`, "block"},
		{"A grep -r | sort | uniq", `{"hook_event_name":"PreToolUse","tool_name":"Bash","cwd":"P","tool_input":{"command":"grep -rn x . | sort | uniq -c | head"}}`, "allow"},
		{"A tar to a file", `{"hook_event_name":"PreToolUse","tool_name":"Bash","cwd":"P","tool_input":{"command":"tar czf src.tgz ."}}`, "allow"},
		{"A git grep", `{"hook_event_name":"PreToolUse","tool_name":"Bash","cwd":"P","tool_input":{"command":"git grep -n TODO"}}`, "block"},     // no repository: git may read an entry's text from an index guard does not read
		{"A git grep -P", `{"hook_event_name":"PreToolUse","tool_name":"Bash","cwd":"P","tool_input":{"command":"git grep -nP TODO"}}`, "block"}, // -P not modelled
		{"A grep -r | rev, no .env", `{"hook_event_name":"PreToolUse","tool_name":"Bash","cwd":"Q","tool_input":{"command":"grep -r . . | rev"}}`, "allow"},
		// A tree printed without each line's file name.
		{"A find | xargs cat", `{"hook_event_name":"PreToolUse","tool_name":"Bash","cwd":"P","tool_input":{"command":"find . -type f | xargs cat"}}`, "block"},
		{"A find -exec cat", `{"hook_event_name":"PreToolUse","tool_name":"Bash","cwd":"P","tool_input":{"command":"find . -type f -exec cat {} +"}}`, "block"},
		{"A cat $(find)", `{"hook_event_name":"PreToolUse","tool_name":"Bash","cwd":"P","tool_input":{"command":"cat $(find . -type f)"}}`, "block"},
		{"A ls -A | xargs cat", `{"hook_event_name":"PreToolUse","tool_name":"Bash","cwd":"P","tool_input":{"command":"ls -A | xargs cat"}}`, "block"},
		{"A head $(ls -A)", `{"hook_event_name":"PreToolUse","tool_name":"Bash","cwd":"P","tool_input":{"command":"head -n 99 $(ls -A)"}}`, "block"},
		{"C more $(ls -A)", `{"hook_event_name":"BeforeTool","tool_name":"run_shell_command","cwd":"P","tool_input":{"command":"more $(ls -A)"}}`, "block"},
		{"A find | xargs grep -n", `{"hook_event_name":"PreToolUse","tool_name":"Bash","cwd":"P","tool_input":{"command":"find . -type f | xargs grep -n x"}}`, "block"}, // xargs: a name may be an option
		{"A wc -l $(find)", `{"hook_event_name":"PreToolUse","tool_name":"Bash","cwd":"P","tool_input":{"command":"wc -l $(find . -type f)"}}`, "allow"},
		{"A find -exec cat, no .env", `{"hook_event_name":"PreToolUse","tool_name":"Bash","cwd":"Q","tool_input":{"command":"find . -type f -exec cat {} +"}}`, "allow"},
		{"A grep -rl | xargs sed, no .env", `{"hook_event_name":"PreToolUse","tool_name":"Bash","cwd":"Q","tool_input":{"command":"grep -rl foo . | xargs sed -i s/foo/bar/"}}`, "allow"},
	} {
		var f fake
		payload := strings.ReplaceAll(tt.payload, `"P"`, `"`+proj+`"`)
		cfg := f.config(strings.ReplaceAll(payload, `"Q"`, `"`+bare+`"`), nil)
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
