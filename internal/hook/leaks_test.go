package hook

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/event"
)

// The leaks of issue 21, in the shapes the real clients of agents A and C
// send them.

// leakKey is a private key as `cat ~/.ssh/id_rsa` prints it (fake material,
// the shape of an OpenSSH key).
func leakKey() string {
	var body []byte
	sum := sha256.Sum256([]byte("issue 21 planted key"))
	for len(body) < 400 {
		body = append(body, sum[:]...)
		sum = sha256.Sum256(sum[:])
	}
	b64 := base64.StdEncoding.EncodeToString(body)
	var lines []string
	for len(b64) > 70 {
		lines = append(lines, b64[:70])
		b64 = b64[70:]
	}
	lines = append(lines, b64)
	return "-----BEGIN OPENSSH PRIVATE KEY-----\n" + strings.Join(lines, "\n") + "\n-----END OPENSSH PRIVATE KEY-----\n"
}

// wrapped is base64 of s as coreutils' base64 prints it: lines of 76.
func wrapped(s string) string {
	b := base64.StdEncoding.EncodeToString([]byte(s))
	var out strings.Builder
	for len(b) > 76 {
		out.WriteString(b[:76] + "\n")
		b = b[76:]
	}
	out.WriteString(b + "\n")
	return out.String()
}

// leakSecretKey is an AWS secret access key (40 characters of base64, not
// AWS's documented example, which passes as a placeholder).
const leakSecretKey = "Zq8vL2mN4pR7sT1uW3xY5zA6bC9dE0fG2hJ4kL6m"

// leakCase is one leak: a tool result that carries a secret, and the parts
// of it that must not reach the model.
type leakCase struct {
	name    string
	aTool   string // agent A's tool and its tool_response
	aResult string
	cTool   string // agent C's tool and its llmContent
	cText   string
	needles []string
}

func leakCases() []leakCase {
	key := leakKey()
	b64 := wrapped(key)
	var b64Lines []string
	for _, l := range strings.Split(strings.TrimSpace(b64), "\n") {
		b64Lines = append(b64Lines, l)
	}
	keyLines := strings.Split(strings.TrimSpace(key), "\n")
	material := keyLines[1 : len(keyLines)-1]
	bash := func(stdout string) string {
		return `{"stdout":` + string(mustMarshal(stdout)) + `,"stderr":"","interrupted":false,"isImage":false}`
	}
	shell := func(cmd, stdout string) string {
		return "Command: " + cmd + "\nDirectory: (root)\nStdout: " + stdout + "\nStderr: (empty)\nError: (none)\nExit Code: 0\nSignal: (none)\nBackground PIDs: (none)\nProcess Group PGID: 4242"
	}
	yaml := "default:\n  region: eu-west-1\n  aws_access_key_id: ASIAQWERTYUIOPASDFGH\n  aws_secret_access_key: " + leakSecretKey + "\n"
	pair := "[default]\naws_access_key_id: AKIAQWERTYUIOPASDFGH\naws_secret_access_key: " + leakSecretKey + "\n"
	sts := "{\n    \"Credentials\": {\n        \"AccessKeyId\": \"ASIAQWERTYUIOPASDFGH\",\n        \"SecretAccessKey\": \"" + leakSecretKey + "\",\n        \"Expiration\": \"2026-11-23T11:00:00+00:00\"\n    }\n}\n"
	markdown := "# Deploy\n\nSet the keys:\n\n    aws\\_access\\_key\\_id = ASIAQWERTYUIOPASDFGH\n    aws\\_secret\\_access\\_key = " + leakSecretKey + "\n"
	return []leakCase{
		{name: "find -exec base64 of a private key", aTool: "Bash", aResult: bash(b64),
			cTool: "run_shell_command", cText: shell("find ~ -name id_rsa -exec base64 {} +", b64),
			needles: b64Lines},
		{name: "base64 -w0 of a private key", aTool: "Bash", aResult: bash(strings.ReplaceAll(b64, "\n", "")),
			cTool: "run_shell_command", cText: shell("base64 -w0 id_rsa", strings.ReplaceAll(b64, "\n", "")),
			needles: b64Lines},
		{name: "cat of a private key", aTool: "Bash", aResult: bash(key),
			cTool: "run_shell_command", cText: shell("cat id_rsa", key), needles: material},
		{name: "secret access key in YAML", aTool: "Bash", aResult: bash(yaml),
			cTool: "run_shell_command", cText: shell("cat deploy/aws.yml", yaml),
			needles: []string{leakSecretKey}},
		// Agent C's deny reason carried this one back: the key id was
		// redacted, the secret beside it passed on in the reason.
		{name: "secret access key beside a key id", aTool: "Bash", aResult: bash(pair),
			cTool: "run_shell_command", cText: shell("cat aws.txt", pair),
			needles: []string{leakSecretKey, "AKIAQWERTYUIOPASDFGH"}},
		{name: "secret access key in JSON", aTool: "Bash", aResult: bash(sts),
			cTool: "run_shell_command", cText: shell("aws sts assume-role --role-arn r --role-session-name s", sts),
			needles: []string{leakSecretKey}},
		{name: "secret access key in fetched markdown", aTool: "WebFetch",
			aResult: `{"bytes":120,"code":200,"codeText":"OK","result":` + string(mustMarshal(markdown)) + `,"durationMs":40,"url":"https://example.com/deploy"}`,
			cTool:   "web_fetch", cText: markdown,
			needles: []string{leakSecretKey}},
		{name: "secret access key in grep output", aTool: "Grep",
			aResult: `{"mode":"content","numFiles":1,"filenames":["config/prod.env"],"content":"config/prod.env:3:AWS_SECRET_ACCESS_KEY=` + leakSecretKey + `","numLines":1}`,
			cTool:   "grep_search", cText: "Found 1 match for pattern \"AWS\" in path \".\":\n---\nFile: config/prod.env\nL3: AWS_SECRET_ACCESS_KEY=" + leakSecretKey + "\n---",
			needles: []string{leakSecretKey}},
		{name: "secret access key in grep -n of Bash", aTool: "Bash", aResult: bash("config/prod.env:3:AWS_SECRET_ACCESS_KEY=" + leakSecretKey + "\n"),
			cTool: "run_shell_command", cText: shell("grep -rn AWS config", "config/prod.env:3:AWS_SECRET_ACCESS_KEY="+leakSecretKey),
			needles: []string{leakSecretKey}},
		{name: "kube client-key-data", aTool: "Bash", aResult: bash("users:\n- name: dev\n  user:\n    client-key-data: " + strings.ReplaceAll(b64, "\n", "") + "\n"),
			cTool: "run_shell_command", cText: shell("cat deploy/kubeconfig", "users:\n- name: dev\n  user:\n    client-key-data: "+strings.ReplaceAll(b64, "\n", "")),
			needles: b64Lines},
	}
}

func mustMarshal(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// TestIssue21LeaksAgentA: agent A's PostToolUse withholds each leak by its
// JSON answer (exit 0, decision block, updatedToolOutput), redacted or
// withheld whole, and nothing of the secret is in any form of the answer.
func TestIssue21LeaksAgentA(t *testing.T) {
	p := realPolicy(t, "")
	for _, lc := range leakCases() {
		t.Run(lc.name, func(t *testing.T) {
			payload := `{"session_id":"s","transcript_path":"/t","cwd":"/home/dev/.ssh","permission_mode":"default","hook_event_name":"PostToolUse","tool_name":"` +
				lc.aTool + `","tool_input":{},"tool_use_id":"toolu_01","tool_response":` + lc.aResult + `}`
			got := runPlanted(t, p, payload, "")
			if got.stdout == "" {
				t.Fatalf("code %d: the result reached the model as it is", got.code)
			}
			var a answerA
			if err := json.Unmarshal([]byte(got.stdout), &a); err != nil || got.code != 0 {
				t.Fatalf("code %d, answer %q: %v", got.code, got.stdout, err)
			}
			if a.Decision != "block" || a.Specific.HookEventName != "PostToolUse" || a.Specific.UpdatedToolOutput == nil {
				t.Fatalf("not withheld by the JSON answer: %s", got.stdout)
			}
			checkLeak(t, got, lc.needles)
		})
	}
}

// TestIssue21LeaksAgentC: agent C's AfterTool replaces each leak (exit 0,
// decision deny, the reason in the result's place: the redacted result
// after guard's notice, or the notice alone), and nothing of the secret is
// in any form of the answer.
func TestIssue21LeaksAgentC(t *testing.T) {
	p := realPolicy(t, "")
	for _, lc := range leakCases() {
		t.Run(lc.name, func(t *testing.T) {
			payload := `{"session_id":"s","transcript_path":"/t/c.json","cwd":"/home/dev/.ssh","hook_event_name":"AfterTool","timestamp":"2026-11-23T10:00:00Z","tool_name":"` +
				lc.cTool + `","tool_input":{},"tool_response":{"llmContent":` + string(mustMarshal(lc.cText)) + `,"returnDisplay":"done"}}`
			got := runPlanted(t, p, payload, "")
			var c struct{ Decision, Reason string }
			if err := json.Unmarshal([]byte(got.stdout), &c); err != nil || got.code != 0 {
				t.Fatalf("code %d, answer %q: %v", got.code, got.stdout, err)
			}
			if c.Decision != "deny" || !strings.HasPrefix(c.Reason, "[guard] redacted ") && !strings.HasPrefix(c.Reason, "[guard] withheld this result") {
				t.Fatalf("not replaced: %s", got.stdout)
			}
			checkLeak(t, got, lc.needles)
		})
	}
}

// checkLeak fails when any needle is in any form of the answer, and checks
// the record says what was done.
func checkLeak(t *testing.T, got answerForms, needles []string) {
	t.Helper()
	for _, n := range needles {
		checkPlanted(t, got, plantedValue{name: "leaked", value: n, needle: n}, false)
	}
	var rec event.Record
	if len(got.records) == 1 {
		if err := json.Unmarshal([]byte(got.records[0]), &rec); err != nil {
			t.Fatal(err)
		}
	}
	if rec.Verdict != "block" || rec.Action != event.ActionRedacted && rec.Action != event.ActionWithheld {
		t.Errorf("record %+v", rec)
	}
}

// TestIssue21KeyCommands: the commands of the issue that print a private
// key in base64 are blocked before they run, for agents A and C, in their
// real clients' shapes (agent C's dir_path, agent A's cwd in ~/.ssh).
func TestIssue21KeyCommands(t *testing.T) {
	t.Setenv("HOME", "/home/dev")
	t.Setenv("GUARD_HOME", "")
	p := realPolicy(t, "")
	for _, tt := range []struct{ name, payload string }{
		{"A find -exec base64", `{"hook_event_name":"PreToolUse","cwd":"/home/dev/proj","tool_name":"Bash","tool_input":{"command":"find ~ -name id_rsa -exec base64 {} +"}}`},
		{"A base64 in ~/.ssh", `{"hook_event_name":"PreToolUse","cwd":"/home/dev/.ssh","tool_name":"Bash","tool_input":{"command":"base64 id_rsa"}}`},
		{"A cd ~/.ssh && base64", `{"hook_event_name":"PreToolUse","cwd":"/home/dev/proj","tool_name":"Bash","tool_input":{"command":"cd ~/.ssh && base64 id_rsa"}}`},
		{"C find -exec base64", `{"hook_event_name":"BeforeTool","cwd":"/home/dev/proj","tool_name":"run_shell_command","tool_input":{"command":"find ~ -name id_rsa -exec base64 {} +"}}`},
		{"C base64 in dir_path ~/.ssh", `{"hook_event_name":"BeforeTool","cwd":"/home/dev/proj","tool_name":"run_shell_command","tool_input":{"command":"base64 id_rsa","dir_path":"/home/dev/.ssh"}}`},
		{"C base64 with cwd ~/.ssh", `{"hook_event_name":"BeforeTool","cwd":"/home/dev/.ssh","tool_name":"run_shell_command","tool_input":{"command":"base64 id_rsa"}}`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := runPlanted(t, p, tt.payload, "")
			blocked := got.code == 2
			if strings.HasPrefix(tt.name, "C ") {
				blocked = got.code == 0 && strings.HasPrefix(got.stdout, `{"decision":"deny"`)
			}
			if !blocked || !strings.Contains(got.stderr, "~/.ssh/**") {
				t.Fatalf("code %d stdout %q stderr %q", got.code, got.stdout, got.stderr)
			}
		})
	}
}
