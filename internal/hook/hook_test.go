package hook

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/guardhq/guard/internal/agent"
	"github.com/guardhq/guard/internal/audit"
	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/policy"
)

// fake is a Config with every outside dependency replaced.
type fake struct {
	records  []event.Record
	notified []event.Record
	inputs   [][]event.Input
	stdout   bytes.Buffer
	stderr   bytes.Buffer
}

const marker = "PLANTED-MARKER-7f3a"

func sha(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// evalFunc is a Policy whose Evaluate is the function and whose Redact
// finds nothing.
type evalFunc func([]event.Input) (event.Verdict, error)

func (f evalFunc) Evaluate(in []event.Input) (event.Verdict, error) { return f(in) }
func (f evalFunc) Redact(k event.Kind, text string) (string, []string, error) {
	return text, nil, nil
}

// blockOn returns an evaluator that blocks the first input containing word,
// with a reason quoting the input (as a command rule does) and a LogReason
// that does not.
func blockOn(word string) evalFunc {
	return func(inputs []event.Input) (event.Verdict, error) {
		for _, in := range inputs {
			if strings.Contains(in.Text, word) {
				return event.Verdict{Decision: event.Block, Finding: event.Finding{
					Detector: event.DetectorCommands, Rule: "rule_" + word,
					Reason:    "matched /" + word + "/ in '" + in.Text + "'",
					LogReason: "matched /" + word + "/ in '" + event.Redacted + "'",
				}}, nil
			}
		}
		return event.Verdict{Decision: event.Allow}, nil
	}
}

func (f *fake) config(payload string, eval evalFunc) Config {
	return Config{
		Stdin:  strings.NewReader(payload),
		Stdout: &f.stdout,
		Stderr: &f.stderr,
		Getenv: func(string) string { return "" },
		Getwd:  func() (string, error) { return "/work/dir", nil },
		LoadPolicy: func() (Policy, string, error) {
			return evalFunc(func(in []event.Input) (event.Verdict, error) {
				f.inputs = append(f.inputs, in)
				return eval(in)
			}), "9.9.9", nil
		},
		AuditPath: func() (string, error) { return "/audit.log", nil },
		Append: func(path string, rec *event.Record) error {
			if path != "/audit.log" {
				return errors.New("wrong path " + path)
			}
			rec.PrevHash = event.ZeroHash
			f.records = append(f.records, *rec)
			return nil
		},
		ReadTranscript: func(string) ([]byte, bool, error) { return nil, false, errors.New("no such file or directory") },
		Now:            func() time.Time { return time.Date(2026, 3, 4, 5, 6, 7, 891234567, time.FixedZone("X", 3600)) },
		User:           func() string { return "alice" },
		Host:           func() string { return "box" },
		Repo: func(dir string) string {
			if dir == "/proj" || dir == "/work/dir" {
				return "acme/" + filepath.Base(dir)
			}
			return ""
		},
		Notify: func(r event.Record) { f.notified = append(f.notified, r) },
	}
}

func TestRunVerdicts(t *testing.T) {
	tests := []struct {
		name      string
		agent     string
		payload   string
		env       map[string]string
		code      int
		stdout    string
		stderr    string // exact; "" means empty
		want      event.Record
		wantInput []event.Input
	}{
		{
			name:    "A prompt allowed",
			payload: `{"hook_event_name":"UserPromptSubmit","prompt":"hello","cwd":"/proj"}`,
			code:    0,
			want: event.Record{Hook: "UserPromptSubmit", Verdict: "allow", Repo: "acme/proj", InputHash: sha("hello"), TokensIn: 2,
				Agent: "a", Event: "UserPromptSubmit"},
			wantInput: []event.Input{{Kind: event.KindPrompt, Text: "hello"}},
		},
		{
			name:    "A command blocked",
			payload: `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf /` + marker + `"}}`,
			code:    2,
			stderr:  "[guard] BLOCKED: matched /rm/ in 'rm -rf /" + marker + "'\n",
			want: event.Record{Hook: "PreToolUse", Verdict: "block", Rule: "rule_rm", Reason: "matched /rm/ in '<redacted>'",
				Repo: "acme/dir", InputHash: sha("rm -rf /" + marker), TokensIn: 7, Agent: "a", Event: "PreToolUse", Tool: "Bash"},
		},
		{
			name:    "A task tagged",
			payload: `{"hook_event_name":"PreToolUse","tool_name":"Task","tool_input":{"prompt":"rm"}}`,
			code:    0,
			want: event.Record{Hook: "PreToolUse", Verdict: "allow", Repo: "acme/dir", InputHash: sha(""), Agent: "a",
				Event: "PreToolUse", Tool: "Task", Tag: "subagent_spawn"},
		},
		{
			name:    "A event from environment",
			payload: `{"prompt":"hi"}`,
			env:     map[string]string{"AGENT_A_HOOK_EVENT": "UserPromptSubmit"},
			code:    0,
			want: event.Record{Hook: "UserPromptSubmit", Verdict: "allow", Repo: "acme/dir", InputHash: sha("hi"), TokensIn: 1,
				Agent: "a", Event: "UserPromptSubmit"},
		},
		{
			name:    "B shell allowed",
			payload: `{"hookEventName":"beforeShellExecution","command":"ls","cwd":"/proj"}`,
			code:    0,
			stdout:  "{}\n",
			want: event.Record{Hook: "PreToolUse", Verdict: "allow", Repo: "acme/proj", InputHash: sha("ls"), TokensIn: 1,
				Agent: "b", Event: "beforeShellExecution"},
		},
		{
			name:    "B read blocked on path, both inputs hashed",
			payload: `{"hookEventName":"beforeReadFile","file_path":"/rm","content":"abc"}`,
			code:    2,
			stdout:  `{"permission":"deny","user_message":"[guard] BLOCKED: matched /rm/ in '/rm'","agent_message":"matched /rm/ in '/rm'"}` + "\n",
			stderr:  "[guard] BLOCKED: matched /rm/ in '/rm'\n",
			want: event.Record{Hook: "PreToolUse", Verdict: "block", Rule: "rule_rm", Reason: "matched /rm/ in '<redacted>'",
				Repo: "acme/dir", InputHash: sha("/rm\x00abc"), TokensIn: 2, Agent: "b", Event: "beforeReadFile"},
		},
		{
			name:    "B logging hook never blocks",
			payload: `{"hookEventName":"afterShellExecution","output":"rm everything"}`,
			code:    0,
			stdout:  "{}\n",
			want: event.Record{Hook: "PostToolUse", Verdict: "allow", Repo: "acme/dir", InputHash: sha("rm everything"), TokensIn: 4,
				Agent: "b", Event: "afterShellExecution", Findings: []string{"rule_rm"}},
		},
		{
			name:    "B project dir names the repo",
			payload: `{"hookEventName":"beforeSubmitPrompt","prompt":"x"}`,
			env:     map[string]string{"AGENT_B_PROJECT_DIR": "/proj"},
			code:    0,
			stdout:  "{}\n",
			want: event.Record{Hook: "UserPromptSubmit", Verdict: "allow", Repo: "acme/proj", InputHash: sha("x"), TokensIn: 1,
				Agent: "b", Event: "beforeSubmitPrompt"},
		},
		{
			name:    "C allowed",
			payload: `{"hook_event_name":"before_tool","tool_name":"run_shell_command","tool_input":{"command":"ls"}}`,
			code:    0,
			stdout:  `{"decision":"allow"}` + "\n",
			want: event.Record{Hook: "PreToolUse", Verdict: "allow", Repo: "acme/dir", InputHash: sha("ls"), TokensIn: 1,
				Agent: "c", Event: "before_tool", Tool: "run_shell_command"},
		},
		{
			name:    "C result withheld",
			payload: `{"hook_event_name":"after_tool","tool_name":"read_file","tool_response":"rm"}`,
			code:    0,
			stdout:  `{"decision":"deny","reason":"[guard] withheld this result: matched /rm/ in 'rm'"}` + "\n",
			stderr:  "[guard] BLOCKED: matched /rm/ in 'rm'; guard withheld the whole result\n",
			want: event.Record{Hook: "PostToolUse", Verdict: "block", Rule: "rule_rm", Reason: "matched /rm/ in '<redacted>'; withheld",
				Repo: "acme/dir", InputHash: sha("rm"), TokensIn: 1, Agent: "c", Event: "after_tool", Tool: "read_file", Action: "withheld"},
		},
		{
			name:    "C denied before a tool",
			payload: `{"hook_event_name":"BeforeTool","tool_name":"run_shell_command","tool_input":{"command":"rm -rf /"}}`,
			code:    0,
			stdout:  `{"decision":"deny","reason":"matched /rm/ in 'rm -rf /'"}` + "\n",
			stderr:  "[guard] BLOCKED: matched /rm/ in 'rm -rf /'\n",
			want: event.Record{Hook: "PreToolUse", Verdict: "block", Rule: "rule_rm", Reason: "matched /rm/ in '<redacted>'",
				Repo: "acme/dir", InputHash: sha("rm -rf /"), TokensIn: 2, Agent: "c", Event: "BeforeTool", Tool: "run_shell_command"},
		},
		{
			name:    "A result withheld through the JSON answer",
			payload: `{"hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{"command":"x"},"tool_response":{"stdout":"rm","stderr":"","interrupted":false}}`,
			code:    0,
			stdout: `{"decision":"block","reason":"matched /rm/ in 'rm'; guard withheld the whole result","hookSpecificOutput":{"hookEventName":"PostToolUse",` +
				`"updatedToolOutput":{"stdout":"[guard] withheld this result: matched /rm/ in 'rm'","stderr":"","interrupted":false}}}` + "\n",
			stderr: "[guard] BLOCKED: matched /rm/ in 'rm'; guard withheld the whole result\n",
			want: event.Record{Hook: "PostToolUse", Verdict: "block", Rule: "rule_rm", Reason: "matched /rm/ in '<redacted>'; withheld",
				Repo: "acme/dir", InputHash: sha("rm\x00\x00stdout\nstderr\ninterrupted\n"), TokensIn: 8, Agent: "a", Event: "PostToolUse", Tool: "Bash", Action: "withheld"},
		},
		{
			name:    "A stop blocked asks for a new answer",
			payload: `{"hook_event_name":"Stop","stop_hook_active":false,"last_assistant_message":"rm"}`,
			code:    2,
			stderr:  "[guard] BLOCKED: matched /rm/ in 'rm'; answer again without it\n",
			want: event.Record{Hook: "Stop", Verdict: "block", Rule: "rule_rm", Reason: "matched /rm/ in '<redacted>'",
				Repo: "acme/dir", InputHash: sha("rm"), TokensIn: 1, Agent: "a", Event: "Stop"},
		},
		{
			name:    "A stop already retried is not blocked again",
			payload: `{"hook_event_name":"Stop","stop_hook_active":true,"last_assistant_message":"rm"}`,
			code:    0,
			stderr:  "[guard] NOTE: matched /rm/ in 'rm'; not blocked again: the agent is already answering again after a block (stop_hook_active), and another block would loop\n",
			want: event.Record{Hook: "Stop", Verdict: "allow", Repo: "acme/dir", InputHash: sha("rm"), TokensIn: 1, Agent: "a", Event: "Stop",
				Findings: []string{"rule_rm"}},
		},
		{
			name:    "C after agent retried is not blocked again",
			payload: `{"hook_event_name":"AfterAgent","prompt":"p","prompt_response":"rm","stop_hook_active":true}`,
			code:    0,
			stdout:  `{"decision":"allow"}` + "\n",
			stderr:  "[guard] NOTE: matched /rm/ in 'rm'; not blocked again: the agent is already answering again after a block (stop_hook_active), and another block would loop\n",
			want: event.Record{Hook: "Stop", Verdict: "allow", Repo: "acme/dir", InputHash: sha("rm"), TokensIn: 1, Agent: "c", Event: "AfterAgent",
				Findings: []string{"rule_rm"}},
		},
		{
			name:    "B prompt denied in its form",
			payload: `{"hook_event_name":"beforeSubmitPrompt","prompt":"rm","conversation_id":"c"}`,
			code:    2,
			stdout:  `{"continue":false,"user_message":"[guard] BLOCKED: matched /rm/ in 'rm'"}` + "\n",
			stderr:  "[guard] BLOCKED: matched /rm/ in 'rm'\n",
			want: event.Record{Hook: "UserPromptSubmit", Verdict: "block", Rule: "rule_rm", Reason: "matched /rm/ in '<redacted>'",
				Repo: "acme/dir", InputHash: sha("rm"), TokensIn: 1, Agent: "b", Event: "beforeSubmitPrompt"},
		},
		{
			name:    "unknown event that is text is checked, its name not stored",
			payload: `{"hook_event_name":"please ` + marker + `"}`,
			code:    0,
			stdout:  `{"decision":"allow"}` + "\n",
			want:    event.Record{Hook: "PreToolUse", Verdict: "allow", Repo: "acme/dir", InputHash: sha(""), Agent: "c", Event: "<redacted>"},
		},
		{
			name:    "MCP tool name kept",
			payload: `{"hook_event_name":"PreToolUse","tool_name":"mcp__github__create_issue","tool_input":{"title":"x"}}`,
			code:    0,
			// The MCP tool_input is checked (review red 1): the hash is of its rendering.
			want: event.Record{Hook: "PreToolUse", Verdict: "allow", Repo: "acme/dir", InputHash: sha("title: x\n"), TokensIn: 3, Agent: "a",
				Event: "PreToolUse", Tool: "mcp__github__create_issue"},
		},
		{
			name:    "tool name that is text is not stored",
			payload: `{"hook_event_name":"PreToolUse","tool_name":"my password is ` + marker + `","tool_input":{}}`,
			code:    0,
			want: event.Record{Hook: "PreToolUse", Verdict: "allow", Repo: "acme/dir", InputHash: sha(""), Agent: "a",
				Event: "PreToolUse", Tool: "<redacted>"},
		},
		{
			name:    "over-long tool name is not stored",
			payload: `{"hook_event_name":"PreToolUse","tool_name":"mcp__` + strings.Repeat("x", 100<<10) + `","tool_input":{}}`,
			code:    0,
			want: event.Record{Hook: "PreToolUse", Verdict: "allow", Repo: "acme/dir", InputHash: sha(""), Agent: "a",
				Event: "PreToolUse", Tool: "<redacted>"},
		},
		{
			name:    "forced agent",
			agent:   "c",
			payload: `{"hook_event_name":"before_tool","tool_name":"zz"}`,
			code:    0,
			stdout:  `{"decision":"allow"}` + "\n",
			want: event.Record{Hook: "PreToolUse", Verdict: "allow", Repo: "acme/dir", InputHash: sha(""), Agent: "c",
				Event: "before_tool", Tool: "zz"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &fake{}
			cfg := f.config(tt.payload, blockOn("rm"))
			cfg.Agent = tt.agent
			cfg.Getenv = func(k string) string { return tt.env[k] }
			code := Run(cfg)
			if code != tt.code || f.stdout.String() != tt.stdout || f.stderr.String() != tt.stderr {
				t.Fatalf("got code %d stdout %q stderr %q\nwant code %d stdout %q stderr %q",
					code, f.stdout.String(), f.stderr.String(), tt.code, tt.stdout, tt.stderr)
			}
			if len(f.records) != 1 {
				t.Fatalf("%d records", len(f.records))
			}
			want := tt.want
			want.TS = "2026-03-04T04:06:07.891Z"
			want.User, want.Host, want.PolicyVersion, want.PrevHash = "alice", "box", "9.9.9", event.ZeroHash
			if !reflect.DeepEqual(f.records[0], want) {
				t.Fatalf("record\n got %+v\nwant %+v", f.records[0], want)
			}
			if (want.Verdict == "block") != (len(f.notified) == 1) || len(f.notified) > 1 {
				t.Fatalf("notified %d times for verdict %s", len(f.notified), want.Verdict)
			}
			if tt.wantInput != nil && !reflect.DeepEqual(f.inputs[0], tt.wantInput) {
				t.Fatalf("inputs %+v", f.inputs[0])
			}
		})
	}
}

func TestRunNotesRecorded(t *testing.T) {
	f := &fake{}
	cfg := f.config(`{"hook_event_name":"UserPromptSubmit","prompt":"my ssn"}`, func([]event.Input) (event.Verdict, error) {
		return event.Verdict{Decision: event.Allow, Notes: []event.Finding{{Rule: "pii_ssn"}, {Rule: "pii_email"}, {Rule: "pii_ssn"}}}, nil
	})
	if code := Run(cfg); code != 0 {
		t.Fatalf("code %d", code)
	}
	r := f.records[0]
	if r.Verdict != "allow" || r.Rule != "" || r.Reason != "" || !reflect.DeepEqual(r.Findings, []string{"pii_ssn", "pii_email"}) {
		t.Fatalf("record %+v", r)
	}
}

// TestRunFailClosed covers every way guard can fail to check a call: each
// ends in exit 2, one BLOCKED line and, when the log is writable, a record.
func TestRunFailClosed(t *testing.T) {
	boom := func([]event.Input) (event.Verdict, error) { panic("boom " + marker) }
	tests := []struct {
		name    string
		agent   string
		payload string
		edit    func(*Config)
		stderr  string // substring of the one line
		stdout  string
		rule    string // recorded rule; "" means no record
		hook    string
		reason  string
		// wantStdout is a substring of stdout; set for agent A's tool
		// result, which is withheld by exit 0 and a JSON answer.
		wantStdout string
	}{
		{name: "empty", payload: "", stderr: "payload is empty", rule: RuleInvalidPayload, hook: "PreToolUse", reason: "payload is empty: the agent sent nothing on standard input"},
		{name: "array", payload: "[]", stderr: "payload is an array, want a JSON object", rule: RuleInvalidPayload, hook: "PreToolUse"},
		{name: "garbage", payload: "{" + marker, stderr: "payload is not valid JSON", rule: RuleInvalidPayload, hook: "PreToolUse"},
		{name: "no agent", payload: `{"prompt":"` + marker + `"}`, stderr: "names no hook event", rule: RuleInvalidPayload, hook: "PreToolUse"},
		{name: "wrong type", payload: `{"hook_event_name":"UserPromptSubmit","prompt":["` + marker + `"]}`, stderr: "payload field prompt: is an array, want a string", rule: RuleInvalidPayload, hook: "UserPromptSubmit"},
		{name: "A result unreadable is withheld by JSON", payload: `{"hook_event_name":"PostToolUse","tool_name":7,"tool_response":{"stdout":"` + marker + `"}}`,
			stderr: "payload field tool_name: is a number", stdout: `{"decision":"block","reason":"payload field tool_name: is a number, want a string; guard expects`,
			rule: RuleInvalidPayload, hook: "PostToolUse", wantStdout: `"updatedToolOutput":{"stdout":"[guard] withheld this result: payload field tool_name`},
		{name: "C wrong type answers deny too", payload: `{"hook_event_name":"before_tool","tool_name":7}`, stderr: "payload field tool_name: is a number",
			stdout: `{"decision":"deny","reason":"payload field tool_name: is a number, want a string; guard expects`, rule: RuleInvalidPayload, hook: "PreToolUse"},
		{name: "oversized", payload: `{"prompt":"` + strings.Repeat("a", MaxPayload) + `"}`, stderr: "payload is larger than 8 MiB", rule: RuleInvalidPayload, hook: "PreToolUse"},
		{name: "bad agent flag", agent: "d", payload: `{}`, stderr: `unknown agent "d": --agent takes a, b or c`, rule: RuleInvalidPayload, hook: "PreToolUse"},
		{name: "policy broken", payload: `{"hookEventName":"beforeSubmitPrompt","prompt":"x"}`,
			edit: func(c *Config) {
				c.LoadPolicy = func() (Policy, string, error) {
					return nil, "", errors.New("policy /h/rules.json: bash.block_patterns[0].pattern: missing )")
				}
			},
			stderr: "policy /h/rules.json: bash.block_patterns[0].pattern: missing ); fix the policy file", stdout: `{"continue":false,"user_message":"[guard] BLOCKED: policy`,
			rule: RulePolicyError, hook: "UserPromptSubmit", reason: "the policy could not be loaded"},
		{name: "evaluation error", payload: `{"hookEventName":"beforeSubmitPrompt","prompt":"x"}`,
			edit: func(c *Config) {
				c.LoadPolicy = func() (Policy, string, error) {
					return evalFunc(func([]event.Input) (event.Verdict, error) { return event.Verdict{}, errors.New("detector broke") }), "1", nil
				}
			},
			stderr: "evaluation failed: detector broke", stdout: `{"continue":false,"user_message":"[guard] BLOCKED: evaluation failed`,
			rule: RuleInternalError, hook: "UserPromptSubmit", reason: "evaluation failed"},
		{name: "panic", payload: `{"hook_event_name":"before_tool","tool_name":"run_shell_command","tool_input":{"command":"x"}}`,
			edit: func(c *Config) {
				c.LoadPolicy = func() (Policy, string, error) { return evalFunc(boom), "1", nil }
			},
			stderr: "guard hit an internal error", stdout: `{"decision":"deny"`, rule: RuleInternalError, hook: "PreToolUse", reason: "internal error: panic"},
		{name: "A result, policy broken: withheld by JSON", payload: `{"hook_event_name":"PostToolUse","tool_name":"Bash","tool_response":{"stdout":"` + marker + `"}}`,
			edit: func(c *Config) {
				c.LoadPolicy = func() (Policy, string, error) { return nil, "", errors.New("policy /h/rules.json: bad") }
			},
			stderr: "policy /h/rules.json: bad", stdout: `{"decision":"block","reason":"policy /h/rules.json: bad`,
			rule: RulePolicyError, hook: "PostToolUse", reason: "the policy could not be loaded",
			wantStdout: `"updatedToolOutput":{"stdout":"[guard] withheld this result: policy`},
		{name: "A result, panic: withheld by JSON", payload: `{"hook_event_name":"PostToolUse","tool_name":"mcp__x__y","tool_response":[{"type":"text","text":"` + marker + `"}]}`,
			edit: func(c *Config) {
				c.LoadPolicy = func() (Policy, string, error) { return evalFunc(boom), "1", nil }
			},
			stderr: "guard hit an internal error", stdout: `{"decision":"block","reason":"guard hit an internal error`,
			rule: RuleInternalError, hook: "PostToolUse", reason: "internal error: panic",
			wantStdout: `"updatedMCPToolOutput":[{"type":"text","text":"[guard] withheld this result: guard hit an internal error`},
		{name: "audit log unwritable", payload: `{"hook_event_name":"UserPromptSubmit","prompt":"x"}`,
			edit: func(c *Config) {
				c.Append = func(string, *event.Record) error { return errors.New("open audit.log: permission denied") }
			},
			stderr: "cannot write the audit log: open audit.log: permission denied; make guard's directory"},
		{name: "audit log not a regular file", payload: `{"hook_event_name":"UserPromptSubmit","prompt":"x"}`,
			edit: func(c *Config) {
				c.Append = func(path string, _ *event.Record) error {
					return fmt.Errorf("audit log %s: %w", path, audit.ErrNotRegular)
				}
			},
			stderr: "cannot write the audit log: audit log /audit.log: not a regular file; move it away: guard creates a new log"},
		{name: "audit lock held", payload: `{"hook_event_name":"UserPromptSubmit","prompt":"x"}`,
			edit: func(c *Config) {
				c.Append = func(string, *event.Record) error {
					return fmt.Errorf("audit log /a: %w (waited 10s)", audit.ErrLockTimeout)
				}
			},
			stderr: "another process has held the lock too long (waited 10s); end the process that keeps audit.log.lock locked"},
		{name: "audit dir missing", payload: `{"hook_event_name":"UserPromptSubmit","prompt":"x"}`,
			edit: func(c *Config) {
				c.AuditPath = func() (string, error) { return "", errors.New("create /x: read-only file system") }
			},
			stderr: "cannot write the audit log: create /x: read-only file system"},
		{name: "stdin never closes", payload: "",
			edit: func(c *Config) {
				pr, _ := io.Pipe()
				c.Stdin = pr
				c.StdinTimeout = time.Millisecond
			},
			stderr: "payload did not arrive within 1ms", rule: RuleInvalidPayload, hook: "PreToolUse"},
		{name: "stdin error", payload: "",
			edit:   func(c *Config) { c.Stdin = errReader{} },
			stderr: "payload could not be read from standard input: read: input/output error", rule: RuleInvalidPayload, hook: "PreToolUse"},
		{name: "stdout closed", payload: `{"hookEventName":"beforeSubmitPrompt","prompt":"x"}`,
			edit:   func(c *Config) { c.Stdout = errWriter{} },
			stderr: "cannot write the answer to standard output", rule: ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &fake{}
			cfg := f.config(tt.payload, blockOn("never"))
			cfg.Agent = tt.agent
			if tt.edit != nil {
				tt.edit(&cfg)
			}
			code := Run(cfg)
			wantCode := 2
			if tt.wantStdout != "" {
				wantCode = 0
			}
			if code != wantCode {
				t.Fatalf("code %d, stderr %q", code, f.stderr.String())
			}
			if !strings.Contains(f.stdout.String(), tt.wantStdout) || strings.Contains(f.stdout.String(), marker) {
				t.Fatalf("stdout %q, want it to hold %q and no payload text", f.stdout.String(), tt.wantStdout)
			}
			line := f.stderr.String()
			if strings.Count(line, "\n") != 1 || !strings.HasPrefix(line, "[guard] BLOCKED: ") || !strings.Contains(line, tt.stderr) {
				t.Fatalf("stderr %q, want one BLOCKED line containing %q", line, tt.stderr)
			}
			if !strings.HasPrefix(f.stdout.String(), tt.stdout) || (tt.stdout == "" && f.stdout.Len() > 0 && tt.name != "stdout closed") {
				t.Fatalf("stdout %q, want prefix %q", f.stdout.String(), tt.stdout)
			}
			if strings.Contains(line, marker) {
				t.Fatalf("stderr quotes the payload: %q", line)
			}
			if tt.name == "stdout closed" {
				if len(f.records) != 1 || f.records[0].Verdict != "allow" {
					t.Fatalf("records %+v", f.records)
				}
				return
			}
			if tt.rule == "" {
				if len(f.records) != 0 {
					t.Fatalf("records %+v", f.records)
				}
				return
			}
			if len(f.records) != 1 {
				t.Fatalf("%d records", len(f.records))
			}
			r := f.records[0]
			if r.Verdict != "block" || r.Rule != tt.rule || r.Hook != tt.hook || len(r.InputHash) != 64 {
				t.Fatalf("record %+v", r)
			}
			if tt.reason != "" && r.Reason != tt.reason {
				t.Fatalf("reason %q, want %q", r.Reason, tt.reason)
			}
			if strings.Contains(r.Reason, marker) || strings.Contains(r.Event, marker) || strings.Contains(r.Tool, marker) {
				t.Fatalf("record quotes the payload: %+v", r)
			}
			if len(f.notified) != 1 {
				t.Fatalf("notified %d times", len(f.notified))
			}
		})
	}
}

type errReader struct{}

func (errReader) Read([]byte) (int, error) {
	return 0, &os.PathError{Op: "read", Path: "/secret/path", Err: errors.New("input/output error")}
}

type errWriter struct{}

func (errWriter) Write([]byte) (int, error) { return 0, errors.New("broken pipe") }

func TestRunNotifyCannotChangeVerdict(t *testing.T) {
	for _, payload := range []string{
		`{"hook_event_name":"UserPromptSubmit","prompt":"rm"}`,
		`{"hook_event_name":"UserPromptSubmit","prompt":"ok"}`,
	} {
		f := &fake{}
		cfg := f.config(payload, blockOn("rm"))
		calls := 0
		cfg.Notify = func(event.Record) { calls++; panic("webhook exploded") }
		code := Run(cfg)
		want := 0
		if strings.Contains(payload, "rm") {
			want = 2
		}
		if code != want || len(f.records) != 1 || strings.Contains(f.stderr.String(), "internal error") {
			t.Fatalf("%s: code %d records %d stderr %q", payload, code, len(f.records), f.stderr.String())
		}
		if calls != want/2 {
			t.Fatalf("%s: notify called %d times", payload, calls)
		}
	}
}

func TestReadTail(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "t.jsonl")
	if err := os.WriteFile(p, []byte("line one\nline two\nline three\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		max  int64
		want string
		cut  bool
	}{
		{1 << 20, "line one\nline two\nline three\n", false},
		// issue 11 item 9: the cut line is kept, for the caller to check.
		{15, "two\nline three\n", true},
		{5, "hree\n", true},
	} {
		got, cut, err := ReadTail(p, tt.max)
		if err != nil || string(got) != tt.want || cut != tt.cut {
			t.Errorf("ReadTail(%d) = %q, %v, %v; want %q, %v", tt.max, got, cut, err, tt.want, tt.cut)
		}
	}
	if _, _, err := ReadTail(dir, 10); err == nil || err.Error() != "not a regular file" {
		t.Errorf("ReadTail(dir) error = %v", err)
	}
	_, _, err := ReadTail(filepath.Join(dir, "missing-"+marker), 10)
	if err == nil || strings.Contains(err.Error(), marker) {
		t.Errorf("ReadTail(missing) error = %v: want an error without the path", err)
	}
}

func TestDigest(t *testing.T) {
	for _, tt := range []struct {
		inputs []event.Input
		hash   string
		tokens int
	}{
		{nil, sha(""), 0},
		{[]event.Input{{Text: "abcd"}}, sha("abcd"), 1},
		{[]event.Input{{Text: "abcde"}}, sha("abcde"), 2},
		{[]event.Input{{Text: "ab"}, {Text: "cd"}}, sha("ab\x00cd"), 2},
	} {
		h, n := digest(tt.inputs)
		if h != tt.hash || n != tt.tokens {
			t.Errorf("digest(%v) = %s, %d; want %s, %d", tt.inputs, h, n, tt.hash, tt.tokens)
		}
	}
}

func TestUserName(t *testing.T) {
	env := map[string]string{"USERNAME": "win"}
	if got := userName(func(k string) string { return env[k] }); got != "win" {
		t.Fatalf("userName = %q", got)
	}
	if got := userName(func(string) string { return "" }); got == "" {
		t.Log("no account database entry for this user") // may happen in minimal containers
	}
}

func TestName(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"", ""},
		{"PreToolUse", "PreToolUse"},
		{"before_tool", "before_tool"},
		{"mcp__github__create_issue", "mcp__github__create_issue"},
		{"server:tool-v1.2/x@y", "server:tool-v1.2/x@y"},
		{strings.Repeat("a", MaxName), strings.Repeat("a", MaxName)},
		{strings.Repeat("a", MaxName+1), event.Redacted},
		{"my password is hunter2", event.Redacted},
		{"tool\nx", event.Redacted},
		{"t\x1b[2J", event.Redacted},
		{"outil_é", event.Redacted},
		{`a"b`, event.Redacted},
	} {
		if got := name(tt.in); got != tt.want {
			t.Errorf("name(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestKnownNamesClean holds name's shortcut for the agents' own event and
// tool names to what the detectors say of them: each is recorded as it is,
// and policy.Sensitive finds nothing in any of its spellings.
func TestKnownNamesClean(t *testing.T) {
	for _, n := range agent.KnownNames() {
		for _, s := range []string{n, strings.ReplaceAll(n, "__", " "), strings.ReplaceAll(n, "_", " ")} {
			if policy.Sensitive(s) {
				t.Errorf("%q (as %q) holds a secret or PII value", n, s)
			}
		}
		if len(n) > MaxName || strings.Trim(n, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.:/@") != "" {
			t.Errorf("%q: not a name's characters", n)
		}
	}
}
