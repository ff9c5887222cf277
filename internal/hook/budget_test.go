package hook

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestWebhookWithinBudget: a blocked call waits for its webhook only for
// what is left of CallBudget, so that the client gets the exit code
// before its own time-out; with nothing left it sends nothing and says so.
func TestWebhookWithinBudget(t *testing.T) {
	var posts atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		posts.Add(1)
	}))
	defer srv.Close()
	for _, tt := range []struct {
		name    string
		elapsed time.Duration // between the call's start and its webhook
		posts   int32
		stderr  string
	}{
		{"within the budget", time.Second, 1, ""},
		{"budget spent", CallBudget, 0, "webhook: not sent"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			posts.Store(0)
			dir := t.TempDir()
			t.Setenv("HOME", dir)
			t.Setenv("GUARD_HOME", filepath.Join(dir, ".guard"))
			t.Setenv("GUARD_POLICY_URL", "")
			t.Setenv("AGENT_A_HOOK_EVENT", "")
			t.Setenv("AGENT_B_PROJECT_DIR", "")
			os.MkdirAll(filepath.Join(dir, ".guard"), 0o700)
			rules := `{"webhook":{"enabled":true,"url":"` + srv.URL + `/hook","timeout_ms":60000}}`
			if err := os.WriteFile(filepath.Join(dir, ".guard", "rules.json"), []byte(rules), 0o600); err != nil {
				t.Fatal(err)
			}
			t0 := time.Date(2026, 11, 27, 8, 0, 0, 0, time.UTC)
			calls := 0
			now := func() time.Time {
				calls++
				if calls == 1 {
					return t0 // the call's start
				}
				return t0.Add(tt.elapsed)
			}
			payload := `{"session_id":"s","cwd":"` + dir + `","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf /"}}`
			var stdout, stderr bytes.Buffer
			code := Run(Config{Stdin: strings.NewReader(payload), Stdout: &stdout, Stderr: &stderr, Now: now})
			if code != 2 {
				t.Fatalf("exit %d, want 2; stderr %s", code, stderr.String())
			}
			if got := posts.Load(); got != tt.posts {
				t.Errorf("webhook posts %d, want %d; stderr %s", got, tt.posts, stderr.String())
			}
			if tt.stderr != "" && !strings.Contains(stderr.String(), tt.stderr) {
				t.Errorf("stderr %q lacks %q", stderr.String(), tt.stderr)
			}
		})
	}
}
