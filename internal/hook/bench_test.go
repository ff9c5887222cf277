package hook

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkRun measures one hook call in process: payload decoding, policy
// load, evaluation, the audit append and the answer, everything but process
// start-up (scripts/benchhook measures the whole round trip).
func BenchmarkRun(b *testing.B) {
	dir := b.TempDir()
	b.Setenv("HOME", dir)                               // the anchor goes under it (home.StateDir)
	b.Setenv("GUARD_HOME", filepath.Join(dir, "guard")) // beside the project: a bare name there would be guard's
	b.Setenv("AGENT_A_HOOK_EVENT", "")
	b.Setenv("AGENT_B_PROJECT_DIR", "")
	work := filepath.Join(dir, "src", "widgets")
	if err := os.MkdirAll(filepath.Join(work, ".git"), 0o755); err != nil {
		b.Fatal(err)
	}
	os.WriteFile(filepath.Join(work, ".git", "config"), []byte("[remote \"origin\"]\n\turl = git@example.com:acme/widgets.git\n"), 0o644)
	payload := []byte(`{"session_id":"5f0c6a8e","cwd":"` + work + `","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"go test ./... -run TestParse -count=1 2>&1 | tail -n 40"}}`)
	for b.Loop() {
		code := Run(Config{Stdin: bytes.NewReader(payload), Stdout: io.Discard, Stderr: io.Discard})
		if code != 0 {
			b.Fatalf("exit %d", code)
		}
	}
}
