package hook

import (
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/agent"
	"github.com/guardhq/guard/internal/event"
)

// FuzzRun feeds any payload to the whole hook path, as each agent and
// detected: the answer is exit 0 or 2, exactly one record is written, a
// payload that does not parse is blocked as invalid_payload, nothing panics
// (a recovered panic would show as internal_error) and the BLOCKED line is
// one line.
func FuzzRun(f *testing.F) {
	for _, s := range []string{
		`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf /"}}`,
		`{"hookEventName":"beforeMCPExecution","tool_name":"t","tool_input":{"url":"http://x","command":["a"]}}`,
		`{"hook_event_name":"after_tool","tool_name":"read_file","tool_response":{"llmContent":"rm"}}`,
		`{"hook_event_name":"Stop","transcript":[{"role":"assistant","content":"rm\nx"}]}`,
		``, `[]`, `{"hook_event_name":1}`,
	} {
		for _, a := range []string{"", agent.A, agent.B, agent.C} {
			f.Add([]byte(s), a)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte, forced string) {
		switch forced {
		case "", agent.A, agent.B, agent.C:
		default:
			return
		}
		fk := &fake{}
		cfg := fk.config(string(data), blockOn("rm"))
		cfg.Agent = forced
		code := Run(cfg)
		if code != 0 && code != 2 {
			t.Fatalf("exit %d", code)
		}
		if len(fk.records) != 1 {
			t.Fatalf("%d records", len(fk.records))
		}
		r := fk.records[0]
		if r.Rule == RuleInternalError {
			t.Fatalf("internal error (a panic): %+v", r)
		}
		if r.Verdict == string(event.Block) && strings.Count(fk.stderr.String(), "\n") != 1 {
			t.Fatalf("stderr %q", fk.stderr.String())
		}
		p, err := agent.Decode(data)
		name := forced
		if err == nil && name == "" {
			name, err = agent.Detect(p, cfg.Getenv)
		}
		if err == nil {
			_, err = agent.Parse(name, p, agent.Options{Getenv: cfg.Getenv, Getwd: cfg.Getwd, ReadTranscript: cfg.ReadTranscript})
		}
		// Unparsable: blocked; at agent A's tool result by the JSON answer
		// that withholds it (exit 0), elsewhere by exit 2.
		withheld := code == 0 && strings.Contains(fk.stdout.String(), `"updatedToolOutput":`)
		if err != nil && (code != 2 && !withheld || r.Rule != RuleInvalidPayload) {
			t.Fatalf("unparsable payload (%v) answered %d, rule %q", err, code, r.Rule)
		}
	})
}
