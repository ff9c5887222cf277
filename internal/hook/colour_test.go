package hook

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestColouredResultRedacted: a result coloured by grep --color=always or
// rg, whose escapes split a secret or its key name, reaches the model with
// the secret redacted.
func TestColouredResultRedacted(t *testing.T) {
	p := realPolicy(t, "")
	const red, off = `\u001b[01;31m\u001b[K`, `\u001b[m\u001b[K`
	secretVal := "wJalrXUtnFEMI/K7MDENG/bPxRfiCYzz8k3lqP0"
	for _, tt := range []struct {
		name, stdout, gone string
	}{
		{"the key name split", `./app.cfg:DB_` + red + `PASS` + off + `WORD=` + secretVal + `\n`, secretVal},
		{"the token's prefix split", `cfgd/app.yaml:value: ` + red + `ghp` + off + ghTok[3:] + `\n`, ghTok[3:]},
	} {
		t.Run(tt.name, func(t *testing.T) {
			payload := `{"session_id":"s","transcript_path":"/t","cwd":"/proj","hook_event_name":"PostToolUse","tool_name":"Bash",` +
				`"tool_use_id":"toolu_01","tool_input":{"command":"grep -r --color=always -e ghp -e AWS ."},` +
				`"tool_response":{"stdout":"` + tt.stdout + `","stderr":"","interrupted":false,"isImage":false}}`
			code, stdout, stderr, _ := runReal(t, p, payload)
			if code != 0 {
				t.Fatalf("code %d; stderr %q", code, stderr)
			}
			if strings.Contains(stdout, tt.gone) || strings.Contains(stderr, tt.gone) {
				t.Fatalf("the secret reaches the model: %s", stdout)
			}
			var a answerA
			if err := json.Unmarshal([]byte(stdout), &a); err != nil {
				t.Fatalf("answer %q: %v", stdout, err)
			}
			out, _ := json.Marshal(a.Specific.UpdatedToolOutput)
			if !strings.Contains(string(out), "[REDACTED:") || !strings.Contains(string(out), "cfgd/app.yaml:value: ") && !strings.Contains(string(out), "./app.cfg:") {
				t.Fatalf("answer %s", out)
			}
		})
	}
}
