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

	"github.com/guardhq/guard/internal/audit"
	"github.com/guardhq/guard/internal/event"
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

// blockOn returns an evaluator that blocks the first input containing word,
// with a reason quoting the input (as a command rule does) and a LogReason
// that does not.
func blockOn(word string) Evaluator {
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

func (f *fake) config(payload string, eval Evaluator) Config {
	return Config{
		Stdin:  strings.NewReader(payload),
		Stdout: &f.stdout,
		Stderr: &f.stderr,
		Getenv: func(string) string { return "" },
		Getwd:  func() (string, error) { return "/work/dir", nil },
		LoadPolicy: func() (Evaluator, string, error) {
			return func(in []event.Input) (event.Verdict, error) {
				f.inputs = append(f.inputs, in)
				return eval(in)
			}, "9.9.9", nil
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
		ReadTranscript: func(string) ([]byte, error) { return nil, errors.New("no such file or directory") },
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
			name:    "C denied",
			payload: `{"hook_event_name":"after_tool","tool_name":"read_file","tool_response":"rm"}`,
			code:    0,
			stdout:  `{"decision":"deny","reason":"matched /rm/ in 'rm'"}` + "\n",
			stderr:  "[guard] BLOCKED: matched /rm/ in 'rm'\n",
			want: event.Record{Hook: "PostToolUse", Verdict: "block", Rule: "rule_rm", Reason: "matched /rm/ in '<redacted>'",
				Repo: "acme/dir", InputHash: sha("rm"), TokensIn: 1, Agent: "c", Event: "after_tool", Tool: "read_file"},
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
	}{
		{name: "empty", payload: "", stderr: "payload is empty", rule: RuleInvalidPayload, hook: "PreToolUse", reason: "payload is empty: the agent sent nothing on standard input"},
		{name: "array", payload: "[]", stderr: "payload is an array, want a JSON object", rule: RuleInvalidPayload, hook: "PreToolUse"},
		{name: "garbage", payload: "{" + marker, stderr: "payload is not valid JSON", rule: RuleInvalidPayload, hook: "PreToolUse"},
		{name: "no agent", payload: `{"prompt":"` + marker + `"}`, stderr: "names no hook event", rule: RuleInvalidPayload, hook: "PreToolUse"},
		{name: "wrong type", payload: `{"hook_event_name":"UserPromptSubmit","prompt":["` + marker + `"]}`, stderr: "payload field prompt: is an array, want a string", rule: RuleInvalidPayload, hook: "UserPromptSubmit"},
		{name: "unknown event that is text", payload: `{"hook_event_name":"please ` + marker + `"}`, stderr: "names an event guard does not handle for agent C",
			stdout: `{"decision":"deny"`, rule: RuleInvalidPayload, hook: "PreToolUse"},
		{name: "unknown event", payload: `{"hook_event_name":"SessionStart"}`, stderr: "names an event guard does not handle for agent C", stdout: `{"decision":"deny"`, rule: RuleInvalidPayload, hook: "PreToolUse"},
		{name: "C wrong type answers deny too", payload: `{"hook_event_name":"before_tool","tool_name":7}`, stderr: "payload field tool_name: is a number",
			stdout: `{"decision":"deny","reason":"payload field tool_name: is a number, want a string; guard expects`, rule: RuleInvalidPayload, hook: "PreToolUse"},
		{name: "oversized", payload: `{"prompt":"` + strings.Repeat("a", MaxPayload) + `"}`, stderr: "payload is larger than 8 MiB", rule: RuleInvalidPayload, hook: "PreToolUse"},
		{name: "bad agent flag", agent: "d", payload: `{}`, stderr: `unknown agent "d": --agent takes a, b or c`, rule: RuleInvalidPayload, hook: "PreToolUse"},
		{name: "policy broken", payload: `{"hookEventName":"beforeSubmitPrompt","prompt":"x"}`,
			edit: func(c *Config) {
				c.LoadPolicy = func() (Evaluator, string, error) {
					return nil, "", errors.New("policy /h/rules.json: bash.block_patterns[0].pattern: missing )")
				}
			},
			stderr: "policy /h/rules.json: bash.block_patterns[0].pattern: missing ); fix the policy file", rule: RulePolicyError, hook: "UserPromptSubmit", reason: "the policy could not be loaded"},
		{name: "evaluation error", payload: `{"hookEventName":"beforeSubmitPrompt","prompt":"x"}`,
			edit: func(c *Config) {
				c.LoadPolicy = func() (Evaluator, string, error) {
					return func([]event.Input) (event.Verdict, error) { return event.Verdict{}, errors.New("detector broke") }, "1", nil
				}
			},
			stderr: "evaluation failed: detector broke", rule: RuleInternalError, hook: "UserPromptSubmit", reason: "evaluation failed"},
		{name: "panic", payload: `{"hook_event_name":"before_tool","tool_name":"run_shell_command","tool_input":{"command":"x"}}`,
			edit: func(c *Config) {
				c.LoadPolicy = func() (Evaluator, string, error) { return boom, "1", nil }
			},
			stderr: "guard hit an internal error", stdout: `{"decision":"deny"`, rule: RuleInternalError, hook: "PreToolUse", reason: "internal error: panic"},
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
			if code != 2 {
				t.Fatalf("code %d, stderr %q", code, f.stderr.String())
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
	}{
		{1 << 20, "line one\nline two\nline three\n"},
		{15, "line three\n"},
		{5, ""},
	} {
		got, err := ReadTail(p, tt.max)
		if err != nil || string(got) != tt.want {
			t.Errorf("ReadTail(%d) = %q, %v; want %q", tt.max, got, err, tt.want)
		}
	}
	if _, err := ReadTail(dir, 10); err == nil || err.Error() != "not a regular file" {
		t.Errorf("ReadTail(dir) error = %v", err)
	}
	_, err := ReadTail(filepath.Join(dir, "missing-"+marker), 10)
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
