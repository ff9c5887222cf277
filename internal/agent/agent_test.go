package agent

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/event"
)

// parseCase is one payload and what Parse must make of it.
type parseCase struct {
	name    string
	payload string
	env     map[string]string
	want    *Call  // Agent is filled in by run
	wantErr string // substring of the error; "" means no error
}

func in(k event.Kind, text string) event.Input { return event.Input{Kind: k, Text: text} }

func opts(env map[string]string) Options {
	return Options{
		Getenv: func(k string) string { return env[k] },
		Getwd:  func() (string, error) { return "/proc/wd", nil },
		ReadTranscript: func(path string) ([]byte, error) {
			switch path {
			case "/t/session.jsonl":
				return []byte(`{"type":"user","message":{"role":"user","content":"hi"}}
{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"first answer"}]}}
{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"final answer"},{"type":"tool_use","name":"Bash"}]}}
{"type":"assistant","message":{"role":"assistant","content":[{"type":"tool_use","name":"Bash"}]}}
{"type":"user","message":{"role":"user","content":"thanks"}}
{"type":"assistant","message":{"role":"assis`), nil
			case "/t/plain.jsonl":
				return []byte("{\"role\":\"assistant\",\"content\":\"plain\"}\n\n"), nil
			}
			return nil, errors.New("no such file or directory")
		},
	}
}

func runParse(t *testing.T, agentName string, tests []parseCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Decode([]byte(tt.payload))
			var c *Call
			if err == nil {
				c, err = Parse(agentName, p, opts(tt.env))
			}
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error = %v, want one containing %q", err, tt.wantErr)
				}
				if c != nil {
					t.Fatalf("call %+v returned with an error", c)
				}
				return
			}
			if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			want := *tt.want
			want.Agent = agentName
			if !reflect.DeepEqual(c, &want) {
				t.Fatalf("got  %+v\nwant %+v", c, &want)
			}
		})
	}
}

func TestParseA(t *testing.T) {
	const pre, post = event.HookPreToolUse, event.HookPostToolUse
	runParse(t, A, []parseCase{
		{name: "prompt", payload: `{"hook_event_name":"UserPromptSubmit","prompt":"hello","cwd":"/w"}`,
			want: &Call{Event: "UserPromptSubmit", Hook: event.HookUserPromptSubmit, Cwd: "/w", Inputs: []event.Input{in(event.KindPrompt, "hello")}}},
		{name: "event from env", payload: `{"prompt":"hi"}`, env: map[string]string{EnvAgentAEvent: "UserPromptSubmit"},
			want: &Call{Event: "UserPromptSubmit", Hook: event.HookUserPromptSubmit, Inputs: []event.Input{in(event.KindPrompt, "hi")}}},
		{name: "bash", payload: `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls -la","description":"x"}}`,
			want: &Call{Event: "PreToolUse", Hook: pre, Tool: "Bash", Inputs: []event.Input{in(event.KindCommand, "ls -la")}}},
		{name: "write relative to cwd", payload: `{"hook_event_name":"PreToolUse","tool_name":"Write","cwd":"/proj","tool_input":{"file_path":"src/../.env","content":"x"}}`,
			want: &Call{Event: "PreToolUse", Hook: pre, Tool: "Write", Cwd: "/proj", Inputs: []event.Input{in(event.KindWrite, "/proj/.env")}}},
		{name: "edit relative to process wd", payload: `{"hook_event_name":"PreToolUse","tool_name":"Edit","tool_input":{"file_path":"a.go"}}`,
			want: &Call{Event: "PreToolUse", Hook: pre, Tool: "Edit", Inputs: []event.Input{in(event.KindWrite, "/proc/wd/a.go")}}},
		// review red 1: a second path spelling is checked too.
		{name: "write both spellings", payload: `{"hook_event_name":"PreToolUse","tool_name":"Write","tool_input":{"file_path":"/tmp/ok","path":"/etc/passwd"}}`,
			want: &Call{Event: "PreToolUse", Hook: pre, Tool: "Write", Inputs: []event.Input{in(event.KindWrite, "/tmp/ok"), in(event.KindWrite, "/etc/passwd")}}},
		{name: "write spellings equal", payload: `{"hook_event_name":"PreToolUse","tool_name":"Write","tool_input":{"file_path":"/tmp/ok","path":"/tmp/ok"}}`,
			want: &Call{Event: "PreToolUse", Hook: pre, Tool: "Write", Inputs: []event.Input{in(event.KindWrite, "/tmp/ok")}}},
		{name: "multiedit", payload: `{"hook_event_name":"PreToolUse","tool_name":"MultiEdit","tool_input":{"file_path":"/etc/hosts"}}`,
			want: &Call{Event: "PreToolUse", Hook: pre, Tool: "MultiEdit", Inputs: []event.Input{in(event.KindWrite, "/etc/hosts")}}},
		{name: "notebook", payload: `{"hook_event_name":"PreToolUse","tool_name":"NotebookEdit","tool_input":{"notebook_path":"/n.ipynb"}}`,
			want: &Call{Event: "PreToolUse", Hook: pre, Tool: "NotebookEdit", Inputs: []event.Input{in(event.KindWrite, "/n.ipynb")}}},
		{name: "read home", payload: `{"hook_event_name":"PreToolUse","tool_name":"Read","tool_input":{"file_path":"~/.ssh/id_rsa"}}`,
			want: &Call{Event: "PreToolUse", Hook: pre, Tool: "Read", Inputs: []event.Input{in(event.KindRead, "~/.ssh/id_rsa")}}},
		{name: "grep path", payload: `{"hook_event_name":"PreToolUse","tool_name":"Grep","tool_input":{"pattern":"x","path":"/home/u/.ssh"}}`,
			want: &Call{Event: "PreToolUse", Hook: pre, Tool: "Grep", Inputs: []event.Input{in(event.KindRead, "/home/u/.ssh")}}},
		{name: "grep no path", payload: `{"hook_event_name":"PreToolUse","tool_name":"Grep","tool_input":{"pattern":"x"}}`,
			want: &Call{Event: "PreToolUse", Hook: pre, Tool: "Grep"}},
		{name: "webfetch", payload: `{"hook_event_name":"PreToolUse","tool_name":"WebFetch","tool_input":{"url":"http://169.254.169.254/","prompt":"p"}}`,
			want: &Call{Event: "PreToolUse", Hook: pre, Tool: "WebFetch", Inputs: []event.Input{in(event.KindURL, "http://169.254.169.254/")}}},
		{name: "websearch", payload: `{"hook_event_name":"PreToolUse","tool_name":"WebSearch","tool_input":{"query":"go fuzz"}}`,
			want: &Call{Event: "PreToolUse", Hook: pre, Tool: "WebSearch", Inputs: []event.Input{in(event.KindQuery, "go fuzz")}}},
		{name: "task", payload: `{"hook_event_name":"PreToolUse","tool_name":"Task","tool_input":{"prompt":"do it"}}`,
			want: &Call{Event: "PreToolUse", Hook: pre, Tool: "Task", Tag: TagSubagentSpawn}},
		{name: "todowrite", payload: `{"hook_event_name":"PreToolUse","tool_name":"TodoWrite","tool_input":{"todos":[]}}`,
			want: &Call{Event: "PreToolUse", Hook: pre, Tool: "TodoWrite"}},
		{name: "unknown tool", payload: `{"hook_event_name":"PreToolUse","tool_name":"Glob","tool_input":{"pattern":"*","path":"/etc"}}`,
			want: &Call{Event: "PreToolUse", Hook: pre, Tool: "Glob"}},
		// review red 1: MCP tools get beforeMCPExecution's three stages.
		{name: "mcp tool", payload: `{"hook_event_name":"PreToolUse","tool_name":"mcp__x__y","tool_input":{"command":"rm -rf /","endpoint":"http://169.254.169.254/","key":"\u0041KIA"}}`,
			want: &Call{Event: "PreToolUse", Hook: pre, Tool: "mcp__x__y", Inputs: []event.Input{
				in(event.KindURL, "http://169.254.169.254/"), in(event.KindCommand, "rm -rf /"),
				in(event.KindToolInput, "command: rm -rf /\nendpoint: http://169.254.169.254/\nkey: AKIA\n")}}},
		{name: "mcp tool no input", payload: `{"hook_event_name":"PreToolUse","tool_name":"MCP:search"}`,
			want: &Call{Event: "PreToolUse", Hook: pre, Tool: "MCP:search"}},
		// review red 1: agent C's tool names under an agent A event.
		{name: "c tool under a event", payload: `{"hook_event_name":"PreToolUse","tool_name":"run_shell_command","tool_input":{"command":"rm -rf /"}}`,
			want: &Call{Event: "PreToolUse", Hook: pre, Tool: "run_shell_command", Inputs: []event.Input{in(event.KindCommand, "rm -rf /")}}},
		// review red 1: Grep's glob filter names the files read.
		{name: "grep glob", payload: `{"hook_event_name":"PreToolUse","tool_name":"Grep","tool_input":{"pattern":".","path":"/home/u","glob":"**/.ssh/*"}}`,
			want: &Call{Event: "PreToolUse", Hook: pre, Tool: "Grep", Inputs: []event.Input{in(event.KindRead, "/home/u"), in(event.KindRead, "/home/u/.ssh/*")}}},
		{name: "grep glob no path", payload: `{"hook_event_name":"PreToolUse","tool_name":"Grep","cwd":"/home/u","tool_input":{"pattern":".","glob":"*.pem"}}`,
			want: &Call{Event: "PreToolUse", Hook: pre, Tool: "Grep", Cwd: "/home/u", Inputs: []event.Input{in(event.KindRead, "/home/u/*.pem")}}},
		{name: "grep glob all", payload: `{"hook_event_name":"PreToolUse","tool_name":"Grep","tool_input":{"pattern":".","glob":"**"}}`,
			want: &Call{Event: "PreToolUse", Hook: pre, Tool: "Grep"}},
		// review red 1: $HOME is the path rules' to expand, not joined with cwd.
		{name: "read $HOME", payload: `{"hook_event_name":"PreToolUse","tool_name":"Read","cwd":"/w","tool_input":{"file_path":"$HOME/.ssh/id_rsa"}}`,
			want: &Call{Event: "PreToolUse", Hook: pre, Tool: "Read", Cwd: "/w", Inputs: []event.Input{in(event.KindRead, "$HOME/.ssh/id_rsa")}}},
		{name: "read ${HOME}", payload: `{"hook_event_name":"PreToolUse","tool_name":"Read","cwd":"/w","tool_input":{"file_path":"${HOME}/.ssh/id_rsa"}}`,
			want: &Call{Event: "PreToolUse", Hook: pre, Tool: "Read", Cwd: "/w", Inputs: []event.Input{in(event.KindRead, "${HOME}/.ssh/id_rsa")}}},
		{name: "read $HOMEX relative", payload: `{"hook_event_name":"PreToolUse","tool_name":"Read","cwd":"/w","tool_input":{"file_path":"$HOMEX/a"}}`,
			want: &Call{Event: "PreToolUse", Hook: pre, Tool: "Read", Cwd: "/w", Inputs: []event.Input{in(event.KindRead, "/w/$HOMEX/a")}}},
		{name: "read content", payload: `{"hook_event_name":"PostToolUse","tool_name":"Read","tool_input":{"file_path":"a"},"tool_response":{"content":"file text"}}`,
			want: &Call{Event: "PostToolUse", Hook: post, Tool: "Read", Inputs: []event.Input{in(event.KindFileContent, "file text")}}},
		{name: "read content nested", payload: `{"hook_event_name":"PostToolUse","tool_name":"Read","tool_response":{"type":"text","file":{"filePath":"/a","content":"nested"}}}`,
			want: &Call{Event: "PostToolUse", Hook: post, Tool: "Read", Inputs: []event.Input{in(event.KindFileContent, "nested")}}},
		{name: "webfetch content string", payload: `{"hook_event_name":"PostToolUse","tool_name":"WebFetch","tool_response":"page"}`,
			want: &Call{Event: "PostToolUse", Hook: post, Tool: "WebFetch", Inputs: []event.Input{in(event.KindWebContent, "page")}}},
		{name: "websearch results", payload: `{"hook_event_name":"PostToolUse","tool_name":"WebSearch","tool_response":{"query":"q","results":[{"title":"t","n":3}]}}`,
			want: &Call{Event: "PostToolUse", Hook: post, Tool: "WebSearch", Inputs: []event.Input{in(event.KindWebContent, "q\nt")}}},
		{name: "bash output passes", payload: `{"hook_event_name":"PostToolUse","tool_name":"Bash","tool_response":{"stdout":"AKIA"}}`,
			want: &Call{Event: "PostToolUse", Hook: post, Tool: "Bash"}},
		{name: "stop transcript", payload: `{"hook_event_name":"Stop","transcript":[{"role":"user","content":"q"},{"role":"assistant","content":"answer"},{"role":"user","content":"more"}]}`,
			want: &Call{Event: "Stop", Hook: event.HookStop, Inputs: []event.Input{in(event.KindResponse, "answer")}}},
		{name: "stop transcript blocks", payload: `{"hook_event_name":"Stop","transcript":[{"role":"assistant","content":[{"type":"text","text":"a"},{"type":"text","text":"b"}]}]}`,
			want: &Call{Event: "Stop", Hook: event.HookStop, Inputs: []event.Input{in(event.KindResponse, "a\nb")}}},
		{name: "stop last message", payload: `{"hook_event_name":"Stop","last_assistant_message":"bye","transcript_path":"/t/session.jsonl"}`,
			want: &Call{Event: "Stop", Hook: event.HookStop, Inputs: []event.Input{in(event.KindResponse, "bye")}}},
		{name: "stop transcript path", payload: `{"hook_event_name":"Stop","transcript_path":"/t/session.jsonl","stop_hook_active":false}`,
			want: &Call{Event: "Stop", Hook: event.HookStop, Inputs: []event.Input{in(event.KindResponse, "final answer")}}},
		{name: "stop plain jsonl", payload: `{"hook_event_name":"Stop","transcript_path":"/t/plain.jsonl"}`,
			want: &Call{Event: "Stop", Hook: event.HookStop, Inputs: []event.Input{in(event.KindResponse, "plain")}}},
		{name: "stop nothing", payload: `{"hook_event_name":"Stop"}`,
			want: &Call{Event: "Stop", Hook: event.HookStop}},
		{name: "stop no assistant", payload: `{"hook_event_name":"Stop","transcript":[{"role":"user","content":"q"}]}`,
			want: &Call{Event: "Stop", Hook: event.HookStop}},

		{name: "stop unreadable transcript", payload: `{"hook_event_name":"Stop","transcript_path":"/t/missing"}`, wantErr: "transcript_path: cannot be read"},
		{name: "stop transcript wrong type", payload: `{"hook_event_name":"Stop","transcript":{"role":"assistant"}}`, wantErr: "transcript: is an object, want an array"},
		{name: "stop entry role type", payload: `{"hook_event_name":"Stop","transcript":[{"role":1,"content":"x"}]}`, wantErr: "transcript[0].role: is a number, want a string"},
		{name: "stop content type", payload: `{"hook_event_name":"Stop","transcript":[{"role":"assistant","content":7}]}`, wantErr: "transcript[0].content"},
		{name: "prompt missing", payload: `{"hook_event_name":"UserPromptSubmit"}`, wantErr: "prompt: missing"},
		{name: "prompt number", payload: `{"hook_event_name":"UserPromptSubmit","prompt":42}`, wantErr: "prompt: is a number, want a string"},
		{name: "no event", payload: `{"prompt":"x"}`, wantErr: "hook_event_name: missing"},
		{name: "unknown event", payload: `{"hook_event_name":"Notification"}`, wantErr: "names an event guard does not handle"},
		{name: "event number", payload: `{"hook_event_name":3}`, wantErr: "hook_event_name: is a number"},
		{name: "bash without command", payload: `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{}}`, wantErr: "tool_input.command: missing"},
		{name: "bash command array", payload: `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":["rm"]}}`, wantErr: "tool_input.command: is an array"},
		{name: "tool input string", payload: `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":"rm -rf /"}`, wantErr: "tool_input: is a string, want an object"},
		{name: "no tool input", payload: `{"hook_event_name":"PreToolUse","tool_name":"Read"}`, wantErr: "tool_input: missing"},
		{name: "empty path", payload: `{"hook_event_name":"PreToolUse","tool_name":"Read","tool_input":{"file_path":""}}`, wantErr: "is empty, want a file path"},
		{name: "no tool name", payload: `{"hook_event_name":"PreToolUse","tool_input":{}}`, wantErr: "tool_name: missing"},
		{name: "read response missing", payload: `{"hook_event_name":"PostToolUse","tool_name":"Read"}`, wantErr: "tool_response: missing"},
		{name: "read response number", payload: `{"hook_event_name":"PostToolUse","tool_name":"Read","tool_response":5}`, wantErr: "tool_response: is a number"},
		{name: "read content number", payload: `{"hook_event_name":"PostToolUse","tool_name":"Read","tool_response":{"content":5}}`, wantErr: "tool_response.content: is a number"},
		{name: "cwd number", payload: `{"hook_event_name":"UserPromptSubmit","prompt":"x","cwd":1}`, wantErr: "cwd: is a number"},
	})
}

func TestParseB(t *testing.T) {
	const pre, post = event.HookPreToolUse, event.HookPostToolUse
	runParse(t, B, []parseCase{
		{name: "prompt", payload: `{"hookEventName":"beforeSubmitPrompt","prompt":"hello"}`,
			want: &Call{Event: "beforeSubmitPrompt", Hook: event.HookUserPromptSubmit, Inputs: []event.Input{in(event.KindPrompt, "hello")}}},
		{name: "snake case event key", payload: `{"hook_event_name":"beforeSubmitPrompt","prompt":"hello"}`,
			want: &Call{Event: "beforeSubmitPrompt", Hook: event.HookUserPromptSubmit, Inputs: []event.Input{in(event.KindPrompt, "hello")}}},
		{name: "shell", payload: `{"hookEventName":"beforeShellExecution","command":"rm -rf /","cwd":"/p"}`,
			want: &Call{Event: "beforeShellExecution", Hook: pre, Cwd: "/p", Inputs: []event.Input{in(event.KindCommand, "rm -rf /")}}},
		{name: "read file with content", payload: `{"hookEventName":"beforeReadFile","file_path":".env","content":"A=1"}`, env: map[string]string{EnvAgentBProjectDir: "/proj"},
			want: &Call{Event: "beforeReadFile", Hook: pre, Inputs: []event.Input{in(event.KindRead, "/proj/.env"), in(event.KindFileContent, "A=1")}}},
		{name: "tab read empty content", payload: `{"hookEventName":"beforeTabFileRead","file_path":"/a/b","content":""}`,
			want: &Call{Event: "beforeTabFileRead", Hook: pre, Inputs: []event.Input{in(event.KindRead, "/a/b")}}},
		{name: "pretooluse shell", payload: `{"hookEventName":"preToolUse","tool_name":"Shell","tool_input":{"command":"ls"}}`,
			want: &Call{Event: "preToolUse", Hook: pre, Tool: "Shell", Inputs: []event.Input{in(event.KindCommand, "ls")}}},
		{name: "pretooluse delete", payload: `{"hookEventName":"preToolUse","tool_name":"Delete","tool_input":{"path":"/usr/bin/x"}}`,
			want: &Call{Event: "preToolUse", Hook: pre, Tool: "Delete", Inputs: []event.Input{in(event.KindWrite, "/usr/bin/x")}}},
		{name: "mcp three stages", payload: `{"hookEventName":"beforeMCPExecution","tool_name":"fetch","server_url":"https://mcp.example","tool_input":{"target":{"url":"http://169.254.169.254/x"},"command":["rm","-rf","/"],"note":"https://a.example","api_key":"k"}}`,
			want: &Call{Event: "beforeMCPExecution", Hook: pre, Tool: "fetch", Inputs: []event.Input{
				in(event.KindURL, "https://mcp.example"),
				in(event.KindURL, "http://169.254.169.254/x"),
				in(event.KindURL, "https://a.example"),
				in(event.KindCommand, "rm -rf /"),
				in(event.KindToolInput, "url: http://169.254.169.254/x\ncommand: rm\ncommand: -rf\ncommand: /\nnote: https://a.example\napi_key: k\n"),
			}}},
		{name: "mcp stdio server", payload: `{"hookEventName":"beforeMCPExecution","tool_name":"t","command":"npx srv","tool_input":{"n":1,"cmd":"ls"}}`,
			want: &Call{Event: "beforeMCPExecution", Hook: pre, Tool: "t", Inputs: []event.Input{
				in(event.KindCommand, "npx srv"), in(event.KindCommand, "ls"), in(event.KindToolInput, "n: 1\ncmd: ls\n"),
			}}},
		{name: "post tool use logs", payload: `{"hookEventName":"postToolUse","tool_name":"Read","tool_output":{"content":"out"}}`,
			want: &Call{Event: "postToolUse", Hook: post, Tool: "Read", Logging: true, Inputs: []event.Input{in(event.KindToolOutput, "out")}}},
		{name: "after shell", payload: `{"hookEventName":"afterShellExecution","command":"ls","output":"x"}`,
			want: &Call{Event: "afterShellExecution", Hook: post, Logging: true, Inputs: []event.Input{in(event.KindShellOutput, "x")}}},
		{name: "after mcp", payload: `{"hookEventName":"afterMCPExecution","tool_name":"t","result_json":"{\"a\":1}"}`,
			want: &Call{Event: "afterMCPExecution", Hook: post, Tool: "t", Logging: true, Inputs: []event.Input{in(event.KindToolResult, `{"a":1}`)}}},
		{name: "after response", payload: `{"hookEventName":"afterAgentResponse","text":"done"}`,
			want: &Call{Event: "afterAgentResponse", Hook: event.HookStop, Logging: true, Inputs: []event.Input{in(event.KindResponse, "done")}}},
		{name: "after response empty", payload: `{"hookEventName":"afterAgentResponse"}`,
			want: &Call{Event: "afterAgentResponse", Hook: event.HookStop, Logging: true}},

		{name: "unknown event", payload: `{"hookEventName":"beforeLunch"}`, wantErr: "names an event guard does not handle for agent B"},
		{name: "agent A event", payload: `{"hookEventName":"PreToolUse"}`, wantErr: "does not handle"},
		{name: "shell command missing", payload: `{"hookEventName":"beforeShellExecution"}`, wantErr: "command: missing"},
		{name: "read path number", payload: `{"hookEventName":"beforeReadFile","file_path":1}`, wantErr: "file_path: is a number"},
		{name: "read content object", payload: `{"hookEventName":"beforeReadFile","file_path":"/a","content":{}}`, wantErr: "content: is an object"},
		{name: "mcp server url bool", payload: `{"hookEventName":"beforeMCPExecution","server_url":true}`, wantErr: "server_url: is a boolean"},
		{name: "after shell output number", payload: `{"hookEventName":"afterShellExecution","output":5}`, wantErr: "output: is a number"},
	})
}

func TestParseC(t *testing.T) {
	const pre, post = event.HookPreToolUse, event.HookPostToolUse
	runParse(t, C, []parseCase{
		{name: "shell", payload: `{"hook_event_name":"before_tool","tool_name":"run_shell_command","tool_input":{"command":"rm -rf /"}}`,
			want: &Call{Event: "before_tool", Hook: pre, Tool: "run_shell_command", Inputs: []event.Input{in(event.KindCommand, "rm -rf /")}}},
		{name: "camel event", payload: `{"hook_event_name":"BeforeTool","tool_name":"read_file","cwd":"/p","tool_input":{"absolute_path":"x/.env"}}`,
			want: &Call{Event: "BeforeTool", Hook: pre, Tool: "read_file", Cwd: "/p", Inputs: []event.Input{in(event.KindRead, "/p/x/.env")}}},
		{name: "write", payload: `{"hook_event_name":"before_tool","tool_name":"write_file","tool_input":{"file_path":"/etc/passwd","content":"x"}}`,
			want: &Call{Event: "before_tool", Hook: pre, Tool: "write_file", Inputs: []event.Input{in(event.KindWrite, "/etc/passwd")}}},
		{name: "replace", payload: `{"hook_event_name":"before_tool","tool_name":"replace","tool_input":{"file_path":"/a"}}`,
			want: &Call{Event: "before_tool", Hook: pre, Tool: "replace", Inputs: []event.Input{in(event.KindWrite, "/a")}}},
		// review red 1: every path spelling is checked, not the first only.
		{name: "read both spellings", payload: `{"hook_event_name":"BeforeTool","tool_name":"read_file","tool_input":{"file_path":"/tmp/x","absolute_path":"/h/.ssh/id_rsa"}}`,
			want: &Call{Event: "BeforeTool", Hook: pre, Tool: "read_file", Inputs: []event.Input{in(event.KindRead, "/tmp/x"), in(event.KindRead, "/h/.ssh/id_rsa")}}},
		// review red 1: read_many_files' paths and search_file_content's include.
		{name: "read many files", payload: `{"hook_event_name":"BeforeTool","tool_name":"read_many_files","cwd":"/p","tool_input":{"paths":["src/a.go","/h/.ssh/id_rsa",7,"**/*.pem"],"include":"**"}}`,
			want: &Call{Event: "BeforeTool", Hook: pre, Tool: "read_many_files", Cwd: "/p", Inputs: []event.Input{
				in(event.KindRead, "/p/src/a.go"), in(event.KindRead, "/h/.ssh/id_rsa"), in(event.KindRead, "/p/*.pem")}}},
		{name: "read many files bad paths", payload: `{"hook_event_name":"BeforeTool","tool_name":"read_many_files","tool_input":{"paths":{"a":1}}}`,
			wantErr: "tool_input.paths: is an object"},
		{name: "search include", payload: `{"hook_event_name":"BeforeTool","tool_name":"search_file_content","tool_input":{"pattern":"KEY","path":"/h","include":".ssh/*"}}`,
			want: &Call{Event: "BeforeTool", Hook: pre, Tool: "search_file_content", Inputs: []event.Input{
				in(event.KindRead, "/h"), in(event.KindWrite, "/h"), in(event.KindRead, "/h/.ssh/*")}}},
		// review red 1: an MCP tool's input is scanned whole.
		{name: "mcp tool", payload: `{"hook_event_name":"BeforeTool","tool_name":"kv__put","tool_input":{"value":"\u0041KIA"}}`,
			want: &Call{Event: "BeforeTool", Hook: pre, Tool: "kv__put", Inputs: []event.Input{in(event.KindToolInput, "value: AKIA\n")}}},
		{name: "web fetch url", payload: `{"hook_event_name":"before_tool","tool_name":"web_fetch","tool_input":{"url":"https://pastebin.com/x"}}`,
			want: &Call{Event: "before_tool", Hook: pre, Tool: "web_fetch", Inputs: []event.Input{in(event.KindURL, "https://pastebin.com/x")}}},
		{name: "web fetch prompt", payload: `{"hook_event_name":"before_tool","tool_name":"web_fetch","tool_input":{"prompt":"summarise <https://a.example/x> and http://169.254.169.254/."}}`,
			want: &Call{Event: "before_tool", Hook: pre, Tool: "web_fetch", Inputs: []event.Input{in(event.KindURL, "https://a.example/x"), in(event.KindURL, "http://169.254.169.254/")}}},
		{name: "search", payload: `{"hook_event_name":"before_tool","tool_name":"google_web_search","tool_input":{"query":"q"}}`,
			want: &Call{Event: "before_tool", Hook: pre, Tool: "google_web_search", Inputs: []event.Input{in(event.KindQuery, "q")}}},
		{name: "unknown tool fields", payload: `{"hook_event_name":"before_tool","tool_name":"mystery","tool_input":{"command":"ls","path":"/etc/x","url":"http://u"}}`,
			want: &Call{Event: "before_tool", Hook: pre, Tool: "mystery", Inputs: []event.Input{
				in(event.KindCommand, "ls"), in(event.KindRead, "/etc/x"), in(event.KindWrite, "/etc/x"), in(event.KindURL, "http://u")}}},
		{name: "unknown tool nothing", payload: `{"hook_event_name":"before_tool","tool_name":"list_directory"}`,
			want: &Call{Event: "before_tool", Hook: pre, Tool: "list_directory"}},
		{name: "after read", payload: `{"hook_event_name":"after_tool","tool_name":"read_file","tool_response":{"llmContent":"text","returnDisplay":"shown"}}`,
			want: &Call{Event: "after_tool", Hook: post, Tool: "read_file", Inputs: []event.Input{in(event.KindFileContent, "text\nshown")}}},
		{name: "after fetch", payload: `{"hook_event_name":"AfterTool","tool_name":"web_fetch","tool_response":"page"}`,
			want: &Call{Event: "AfterTool", Hook: post, Tool: "web_fetch", Inputs: []event.Input{in(event.KindWebContent, "page")}}},
		{name: "after shell passes", payload: `{"hook_event_name":"after_tool","tool_name":"run_shell_command","tool_response":"x"}`,
			want: &Call{Event: "after_tool", Hook: post, Tool: "run_shell_command"}},

		{name: "unknown event", payload: `{"hook_event_name":"Notification"}`, wantErr: "does not handle for agent C"},
		{name: "shell no command", payload: `{"hook_event_name":"before_tool","tool_name":"run_shell_command","tool_input":{}}`, wantErr: "tool_input.command: missing"},
		{name: "fetch no tool input", payload: `{"hook_event_name":"before_tool","tool_name":"web_fetch"}`, wantErr: "tool_input: missing"},
		{name: "shell no tool input", payload: `{"hook_event_name":"before_tool","tool_name":"run_shell_command"}`, wantErr: "tool_input: missing"},
		{name: "fetch nothing", payload: `{"hook_event_name":"before_tool","tool_name":"web_fetch","tool_input":{}}`, wantErr: "url|prompt: missing"},
		{name: "unknown tool command type", payload: `{"hook_event_name":"before_tool","tool_name":"x","tool_input":{"command":1}}`, wantErr: "tool_input.command: is a number"},
		{name: "tool input array", payload: `{"hook_event_name":"before_tool","tool_name":"x","tool_input":[]}`, wantErr: "tool_input: is an array"},
		{name: "after read no response", payload: `{"hook_event_name":"after_tool","tool_name":"read_file"}`, wantErr: "tool_response: missing"},
	})
}

func TestDecode(t *testing.T) {
	for _, tt := range []struct{ payload, wantErr string }{
		{"", "payload is empty"},
		{" \n\t", "payload is empty"},
		{"[]", "payload is an array, want a JSON object"},
		{"null", "payload is null"},
		{`"x"`, "payload is a string"},
		{"{", "payload is not valid JSON (at byte 1)"},
		{`{"a":1} {"b":2}`, "not valid JSON"},
		{`{"a":1}`, ""},
	} {
		_, err := Decode([]byte(tt.payload))
		if tt.wantErr == "" {
			if err != nil {
				t.Errorf("Decode(%q): %v", tt.payload, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
			t.Errorf("Decode(%q) error = %v, want %q", tt.payload, err, tt.wantErr)
		}
	}
}

func TestDetect(t *testing.T) {
	for _, tt := range []struct {
		name, payload string
		env           map[string]string
		want          string
	}{
		{"env A wins", `{"hookEventName":"beforeSubmitPrompt"}`, map[string]string{EnvAgentAEvent: "Stop", EnvAgentBProjectDir: "/p"}, A},
		{"env B", `{"hook_event_name":"before_tool"}`, map[string]string{EnvAgentBProjectDir: "/p"}, B},
		{"camel key", `{"hookEventName":"x"}`, nil, B},
		{"snake key is C", `{"hook_event_name":"before_tool"}`, nil, C},
		{"snake key unknown is C", `{"hook_event_name":"whatever"}`, nil, C},
		{"A event names", `{"hook_event_name":"PostToolUse"}`, nil, A},
		{"B event under snake key", `{"hook_event_name":"beforeShellExecution"}`, nil, B},
		{"null key ignored", `{"hookEventName":null,"hook_event_name":"Stop"}`, nil, A},
		{"nothing", `{"prompt":"x"}`, nil, ""},
		{"empty env is unset", `{}`, map[string]string{EnvAgentAEvent: ""}, ""},
	} {
		p, err := Decode([]byte(tt.payload))
		if err != nil {
			t.Fatal(err)
		}
		got, err := Detect(p, func(k string) string { return tt.env[k] })
		if got != tt.want || (tt.want == "") != (err != nil) {
			t.Errorf("%s: Detect = %q, %v; want %q", tt.name, got, err, tt.want)
		}
	}
}

func TestParseUnknownAgent(t *testing.T) {
	p, _ := Decode([]byte(`{}`))
	if c, err := Parse("d", p, Options{}); c != nil || !errors.Is(err, ErrUnknownAgent) {
		t.Fatalf("Parse(d) = %v, %v", c, err)
	}
	if c, err := Parse(A, Payload{}, Options{}); c != nil || err == nil {
		t.Fatalf("Parse of a zero payload = %v, %v", c, err)
	}
}

func TestEventNameAndHookFor(t *testing.T) {
	p, _ := Decode([]byte(`{"hookEventName":"afterAgentResponse"}`))
	if got := EventName(B, p, nil); got != "afterAgentResponse" {
		t.Fatalf("EventName = %q", got)
	}
	if h, ok := HookFor(B, "afterAgentResponse"); !ok || h != event.HookStop {
		t.Fatalf("HookFor = %q, %v", h, ok)
	}
	p, _ = Decode([]byte(`{}`))
	if got := EventName(A, p, func(string) string { return "Stop" }); got != "Stop" {
		t.Fatalf("EventName from env = %q", got)
	}
	for _, tc := range []struct{ agent, ev, hook string }{
		{A, "UserPromptSubmit", event.HookUserPromptSubmit},
		{B, "beforeMCPExecution", event.HookPreToolUse},
		{B, "afterShellExecution", event.HookPostToolUse},
		{C, "after_tool", event.HookPostToolUse},
		{C, "PreToolUse", ""},
	} {
		h, ok := HookFor(tc.agent, tc.ev)
		if h != tc.hook || ok != (tc.hook != "") {
			t.Errorf("HookFor(%s, %s) = %q, %v", tc.agent, tc.ev, h, ok)
		}
	}
}

func TestAnswers(t *testing.T) {
	for _, tt := range []struct {
		name string
		got  Answer
		code int
		out  string
	}{
		{"A allow", Allow(A), 0, ""},
		{"B allow", Allow(B), 0, "{}\n"},
		{"C allow", Allow(C), 0, `{"decision":"allow"}` + "\n"},
		{"A deny", Deny(A, "r"), 2, ""},
		{"B deny", Deny(B, "r"), 2, ""},
		{"C deny", Deny(C, "matched /x/ in 'a\nb \"q\"'"), 0, `{"decision":"deny","reason":"matched /x/ in 'a\\nb \"q\"'"}` + "\n"},
		{"A fail", Fail(A, "r"), 2, ""},
		{"unknown fail", Fail("", "r"), 2, ""},
		{"C fail", Fail(C, "bad"), 2, `{"decision":"deny","reason":"bad"}` + "\n"},
	} {
		if tt.got.Code != tt.code || string(tt.got.Stdout) != tt.out {
			t.Errorf("%s: got %d %q, want %d %q", tt.name, tt.got.Code, tt.got.Stdout, tt.code, tt.out)
		}
	}
}

func TestOneLine(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"plain 'text' é", "plain 'text' é"},
		{"a\nb\r\tc", `a\nb\r\tc`},
		{"esc\x1b[31m", `esc\x1b[31m`},
		{"bad\xffutf8", `bad\xffutf8`},
		{"c1\u0085", `c1\xc2\x85`},
	} {
		if got := OneLine(tt.in); got != tt.want {
			t.Errorf("OneLine(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if got := BlockedLine("x\ny"); got != "[guard] BLOCKED: x\\ny\n" {
		t.Errorf("BlockedLine = %q", got)
	}
}
