package agent

import (
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/event"
)

var validKinds = []event.Kind{
	event.KindPrompt, event.KindCommand, event.KindRead, event.KindWrite, event.KindTouch, event.KindURL,
	event.KindQuery, event.KindFileContent, event.KindWebContent, event.KindResponse,
	event.KindToolInput, event.KindToolOutput, event.KindToolResult, event.KindShellOutput, event.KindOutput,
}

// fuzzParse checks the invariants of parsing any payload as agentName: no
// panic; an error is an *Error and comes with a nil Call; a Call has the
// agent, a known event, one of the four audit hooks, valid input kinds and
// no empty path; parsing twice gives the same Call.
func fuzzParse(t *testing.T, agentName string, data []byte) {
	o := Options{
		Getenv:         func(string) string { return "" },
		Getwd:          func() (string, error) { return "/wd", nil },
		ReadTranscript: func(string) ([]byte, bool, error) { return data, len(data)%2 == 1, nil },
	}
	p, err := Decode(data)
	if err != nil {
		var pe *Error
		if !errors.As(err, &pe) {
			t.Fatalf("Decode error %T %v is not an *Error", err, err)
		}
		return
	}
	if got, err := Detect(p, o.Getenv); err == nil && got != A && got != B && got != C {
		t.Fatalf("Detect = %q", got)
	}
	c, err := Parse(agentName, p, o)
	if err != nil {
		var pe *Error
		if !errors.As(err, &pe) {
			t.Fatalf("Parse error %T %v is not an *Error", err, err)
		}
		if c != nil {
			t.Fatalf("Parse returned %+v with error %v", c, err)
		}
		if strings.ContainsAny(err.Error(), "\n\r") {
			t.Fatalf("multi-line error %q", err)
		}
		return
	}
	if c.Agent != agentName || !slices.Contains(event.Hooks, c.Hook) {
		t.Fatalf("bad call %+v", c)
	}
	if h, _ := HookFor(agentName, c.Event); h != c.Hook {
		t.Fatalf("event %q maps to %q, call says %q", c.Event, h, c.Hook)
	}
	if c.Result != nil {
		if c.Result.First+c.Result.Texts > len(c.Inputs) {
			t.Fatalf("result texts out of range: %+v", c.Result)
		}
		texts := make([]string, c.Result.Texts)
		for i := range texts {
			texts[i] = c.Inputs[c.Result.First+i].Text
		}
		out, err := c.Result.Rewrite(texts)
		if err != nil {
			t.Fatalf("Rewrite with the same texts: %v", err)
		}
		if !json.Valid(out) {
			t.Fatalf("Rewrite gives invalid JSON %q", out)
		}
		if w := c.Result.Withheld("notice"); !json.Valid(w) {
			t.Fatalf("Withheld gives invalid JSON %q", w)
		}
	}
	for _, in := range c.Inputs {
		if !slices.Contains(validKinds, in.Kind) {
			t.Fatalf("input kind %q", in.Kind)
		}
		if (in.Kind == event.KindRead || in.Kind == event.KindWrite) && in.Text == "" {
			t.Fatalf("empty path input in %+v", c)
		}
	}
	c2, err := Parse(agentName, p, o)
	if err != nil || !reflect.DeepEqual(c, c2) {
		t.Fatalf("second parse differs: %+v, %v", c2, err)
	}
}

func addSeeds(f *testing.F, seeds ...string) {
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Add([]byte(""))
	f.Add([]byte("[]"))
	f.Add([]byte(`{"a":[[[[{}]]]]}`))
}

func FuzzParseA(f *testing.F) {
	addSeeds(f,
		`{"hook_event_name":"UserPromptSubmit","prompt":"hello","cwd":"/w"}`,
		`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}`,
		`{"hook_event_name":"PreToolUse","tool_name":"Write","tool_input":{"file_path":"a/b"}}`,
		`{"hook_event_name":"PreToolUse","tool_name":"WebFetch","tool_input":{"url":"http://x"}}`,
		`{"hook_event_name":"PostToolUse","tool_name":"Read","tool_response":{"file":{"content":"x"}}}`,
		`{"hook_event_name":"PostToolUse","tool_name":"WebSearch","tool_response":{"results":[{"t":"x"}]}}`,
		`{"hook_event_name":"Stop","transcript":[{"role":"assistant","content":[{"type":"text","text":"x"}]}]}`,
		`{"hook_event_name":"Stop","transcript_path":"/t"}`,
		`{"role":"assistant","content":"x"}`,
	)
	f.Fuzz(func(t *testing.T, data []byte) { fuzzParse(t, A, data) })
}

func FuzzParseB(f *testing.F) {
	addSeeds(f,
		`{"hookEventName":"beforeSubmitPrompt","prompt":"hello"}`,
		`{"hookEventName":"beforeShellExecution","command":"rm -rf /","cwd":"/p"}`,
		`{"hookEventName":"beforeReadFile","file_path":".env","content":"A=1"}`,
		`{"hookEventName":"preToolUse","tool_name":"Delete","tool_input":{"path":"x"}}`,
		`{"hookEventName":"beforeMCPExecution","tool_name":"t","server_url":"https://m","tool_input":{"a":{"url":"http://x"},"command":["a","b"],"n":1.5,"b":true,"z":null}}`,
		`{"hookEventName":"postToolUse","tool_output":{"content":"x"}}`,
		`{"hookEventName":"afterMCPExecution","result_json":"{}"}`,
		`{"hookEventName":"preToolUse","tool_name":"Grep","tool_input":{"path":"~","glob":"**/**/.ssh/*"}}`,
		`{"hookEventName":"preToolUse","tool_name":"mcp__s__t","tool_input":{"endpoint":"http://x","command":"ls"}}`,
	)
	f.Fuzz(func(t *testing.T, data []byte) { fuzzParse(t, B, data) })
}

func FuzzParseC(f *testing.F) {
	addSeeds(f,
		`{"hook_event_name":"before_tool","tool_name":"run_shell_command","tool_input":{"command":"ls"}}`,
		`{"hook_event_name":"BeforeTool","tool_name":"read_file","cwd":"/p","tool_input":{"absolute_path":"x"}}`,
		`{"hook_event_name":"before_tool","tool_name":"web_fetch","tool_input":{"prompt":"get https://a.b/c."}}`,
		`{"hook_event_name":"before_tool","tool_name":"zz","tool_input":{"command":"ls","path":"p","url":"u"}}`,
		`{"hook_event_name":"after_tool","tool_name":"read_file","tool_response":{"llmContent":"x"}}`,
		`{"hook_event_name":"BeforeTool","tool_name":"read_many_files","tool_input":{"paths":["a","**/b",1],"include":"/**/"}}`,
		`{"hook_event_name":"BeforeTool","tool_name":"mcp_x","tool_input":{"cmd":["rm","-rf"],"u":"http://x"}}`,
	)
	f.Fuzz(func(t *testing.T, data []byte) { fuzzParse(t, C, data) })
}

func FuzzOneLine(f *testing.F) {
	f.Add("a\nb")
	f.Add("\x1b[2J\xff")
	f.Fuzz(func(t *testing.T, s string) {
		got := OneLine(s)
		for _, r := range got {
			if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || r == '\uFFFD' && !strings.ContainsRune(s, '\uFFFD') {
				t.Fatalf("OneLine(%q) = %q keeps %U", s, got, r)
			}
		}
	})
}

// FuzzRootDir: a workspace root guard reads is an absolute or home path
// with no unknown part; reading it again gives the same.
func FuzzRootDir(f *testing.F) {
	for _, s := range []string{"/h/p", "~", "file:///h/p", "file://localhost/h/%2Essh", "file://box/h", "vscode-remote://x/h", "p", "file:///%zz"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, r string) {
		d, ok := rootDir(r)
		if !ok {
			if d != "" {
				t.Fatalf("rootDir(%q) = %q, false", r, d)
			}
			return
		}
		if d == "" || strings.Contains(d, unknownPart) || under("/x", d) != d {
			t.Fatalf("rootDir(%q) = %q: not an absolute or home path", r, d)
		}
	})
}

// FuzzTyped: what a typed value yields is bounded: no panic, at most one
// command per line and string literal, and each a part of the value.
func FuzzTyped(f *testing.F) {
	for _, s := range []string{"cat ~/.ssh/id_rsa\n", "print(1+1)", "import os\nos.system('curl x | sh')", "x\n'\"", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		tv := &toolValues{}
		tv.typed(v)
		if len(tv.carried) > strings.Count(v, "\n")+1+strings.Count(v, "'")+strings.Count(v, `"`)+1 {
			t.Fatalf("typed(%q): %d commands", v, len(tv.carried))
		}
		for _, c := range tv.carried {
			if !strings.Contains(v, c) && !strings.Contains(c, "\n") {
				t.Fatalf("typed(%q): command %q is no part of it", v, c)
			}
		}
	})
}
