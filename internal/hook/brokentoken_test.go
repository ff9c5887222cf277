package hook

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestBrokenTokenResultRedacted: agent A's PostToolUse of a command that
// printed a token with one line break in it (a newline, or \n escaped)
// withholds the result by its JSON answer, the token redacted on both
// sides of the break and the lines around it kept.
func TestBrokenTokenResultRedacted(t *testing.T) {
	p := realPolicy(t, "")
	head, tail := ghTok[:20], ghTok[20:]
	for _, tt := range []struct{ name, stdout string }{
		{"a newline", `x ` + head + `\n` + tail + `\ndone\n`},
		{"an escaped newline", `x ` + head + `\\n` + tail + `\ndone\n`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			payload := `{"session_id":"s","transcript_path":"/t","cwd":"/proj","hook_event_name":"PostToolUse","tool_name":"Bash",` +
				`"tool_use_id":"toolu_01","tool_input":{"command":"python3 show.py"},` +
				`"tool_response":{"stdout":"` + tt.stdout + `","stderr":"","interrupted":false,"isImage":false}}`
			code, stdout, stderr, _ := runReal(t, p, payload)
			if code != 0 {
				t.Fatalf("code %d; stderr %q", code, stderr)
			}
			for _, g := range []string{head[4:], tail} {
				if strings.Contains(stdout, g) || strings.Contains(stderr, g) {
					t.Fatalf("%q reaches the model: %s", g, stdout)
				}
			}
			var a answerA
			if err := json.Unmarshal([]byte(stdout), &a); err != nil {
				t.Fatalf("answer %q: %v", stdout, err)
			}
			if a.Decision != "block" || a.Specific.UpdatedToolOutput == nil {
				t.Fatalf("not withheld: %s", stdout)
			}
			out, _ := json.Marshal(a.Specific.UpdatedToolOutput)
			if !strings.Contains(string(out), "[REDACTED:vcs_token_ghp]") || !strings.Contains(string(out), "done") {
				t.Fatalf("answer %s", out)
			}
		})
	}
}
