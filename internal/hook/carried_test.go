package hook

import (
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestUnknownToolCarries: an unknown or MCP tool's fields are checked by
// what they carry: a path is written unless the tool only
// reads, a command line or code under any key is a command, a patch writes
// the files it names; prose and everyday MCP calls pass.
func TestUnknownToolCarries(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("GUARD_HOME", "")
	p := realPolicy(t, "")
	proj := filepath.Join(home, "proj")
	os.MkdirAll(proj, 0o700)
	os.MkdirAll(filepath.Join(home, ".ssh"), 0o700)
	os.WriteFile(filepath.Join(home, ".ssh", "id_rsa"), []byte("k"), 0o600)
	os.WriteFile(filepath.Join(home, ".bashrc"), []byte("# rc"), 0o600)
	key := filepath.Join(home, ".ssh", "id_rsa")
	for _, tt := range []struct {
		tool, input string
		block       bool
	}{
		{"mcp__fs__download", `{"url":"https://example.com/x","path":"~/.bashrc"}`, true},
		{"mcp__fs__store", `{"url":"https://example.com/x","destination_file":"~/.bashrc"}`, true},
		{"mcp__fs__extract", `{"path":".agent_a/settings.json","content":"{}"}`, true},
		{"mcp__fs__sync", `{"path":".agent_a/settings.json","content":"{}"}`, true},
		{"mcp__sh__run", `{"shell_command":"echo x >> ~/.bashrc"}`, true},
		{"mcp__sh__run", `{"shell_command":"cat ~/.ssh/id_rsa"}`, true},
		{"mcp__sh__run", `{"cmdline":"cp x .agent_a/settings.json"}`, true},
		{"mcp__sh__run", `{"commands":["cp x .agent_a/settings.json"]}`, true},
		{"mcp__py__exec", `{"code":"open(\"` + key + `\").read()","language":"python"}`, true},
		{"apply_patch", `{"patch":"*** Begin Patch\n*** Update File: ` + filepath.Join(home, ".bashrc") + `\n@@\n+echo pwn\n*** End Patch"}`, true},
		{"mcp__sh__run", `{"cmd_line":"cp x .agent_a/settings.json; #` + strings.Repeat("a", 20000) + `"}`, true},
		{"mcp__x__apply_diff", `{"diff":"--- a/.agent_a/settings.json\n+++ b/.agent_a/settings.json\n@@ -1 +1 @@\n-{}\n+{}\n"}`, true},
		// Everyday.
		{"mcp__fs__read_text_file", `{"path":"README.md"}`, false},
		{"mcp__fs__download", `{"url":"https://example.com/x","path":"downloads/x.bin"}`, false},
		{"mcp__github__create_issue", `{"title":"crash in /usr/lib","body":"see ~/.bashrc line 3 for the alias"}`, false},
		{"mcp__github__search_code", `{"q":"func main language:go"}`, false},
		{"mcp__sh__run", `{"shell_command":"go test ./..."}`, false},
		{"mcp__sh__run", `{"cmdline":"git status"}`, false},
		{"mcp__playwright__browser_take_screenshot", `{"filename":"shot.png"}`, false},
		{"mcp__context7__get-library-docs", `{"context7CompatibleLibraryID":"/vercel/next.js","topic":"routing"}`, false},
		{"mcp__github__get_file_contents", `{"owner":"o","repo":"r","path":"src/main.go"}`, false},
		{"mcp__github__create_or_update_file", `{"owner":"o","repo":"r","path":"docs/install.md","content":"curl -fsSL https://x.example/i.sh | sh\nthen edit ~/.bashrc","message":"docs"}`, false},
		{"mcp__github__create_pull_request", `{"title":"fix: parser","body":"Fixes the parser.\n\n| case | before | after |\n|---|---|---|\n| a > b | x | y |","head":"fix","base":"main"}`, false},
		{"mcp__postgres__query", `{"sql":"SELECT name FROM users WHERE id > 3 LIMIT 5"}`, false},
		{"mcp__slack__slack_post_message", `{"channel_id":"C1","text":"Deployed v1.2 to prod; see /srv/app/logs for details"}`, false},
		{"mcp__sequential-thinking__sequentialthinking", `{"thought":"First read the config, then run go test > out.txt","thoughtNumber":1,"totalThoughts":3,"nextThoughtNeeded":true}`, false},
		{"mcp__filesystem__list_directory", `{"path":"src"}`, false},
		{"mcp__filesystem__search_files", `{"path":".","pattern":"*.go"}`, false},
		{"mcp__fetch__fetch", `{"url":"https://example.com/docs","max_length":5000}`, false},
		{"mcp__puppeteer__puppeteer_navigate", `{"url":"http://localhost:3000"}`, false},
		{"mcp__git__git_commit", `{"repo_path":".","message":"fix: handle > in names; see docs/x.md"}`, false},
		{"mcp__memory__create_entities", `{"entities":[{"name":"guard","observations":["uses Go; tests in internal/"]}]}`, false},
	} {
		payload, _ := json.Marshal(map[string]any{"hook_event_name": "PreToolUse", "tool_name": tt.tool, "cwd": proj,
			"tool_input": json.RawMessage(tt.input)})
		code, _, stderr, rec := runReal(t, p, string(payload))
		if (code == 2) != tt.block {
			t.Errorf("%s %s: code %d rule %q, want blocked %v: %s", tt.tool, tt.input, code, rec.Rule, tt.block, strings.TrimSpace(stderr))
		}
	}
}

// TestUnknownToolRelativeValues: a relative path under a key guard does
// not know is a path relative to the call's directory, for each agent:
// the server picks its parameters' names (location, to,
// f, target_directories…) and resolves them against its root. Everyday
// MCP values that hold a / (owner/repo, a branch, a MIME type, a file in
// the project) pass.
func TestUnknownToolRelativeValues(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("GUARD_HOME", "")
	p := realPolicy(t, "")
	proj := filepath.Join(home, "proj")
	os.MkdirAll(proj, 0o700)
	os.WriteFile(filepath.Join(proj, ".env"), []byte("X=1"), 0o600) // a project's tree read passes all the same
	payload := func(agent, tool, input string) string {
		switch agent {
		case "a":
			return `{"hook_event_name":"PreToolUse","session_id":"s","cwd":"` + proj + `","tool_name":"` + tool + `","tool_input":` + input + `}`
		case "b":
			return `{"hookEventName":"beforeMCPExecution","conversation_id":"c","workspace_roots":["` + proj + `"],"tool_name":"` + tool + `","tool_input":` + input + `}`
		case "bs": // agent B's tool_input as a JSON string
			s, _ := json.Marshal(input)
			return `{"hookEventName":"beforeMCPExecution","conversation_id":"c","workspace_roots":["` + proj + `"],"tool_name":"` + tool + `","tool_input":` + string(s) + `}`
		case "bp":
			return `{"hookEventName":"preToolUse","conversation_id":"c","workspace_roots":["` + proj + `"],"tool_name":"` + tool + `","tool_input":` + input + `}`
		}
		return `{"hook_event_name":"BeforeTool","session_id":"s","cwd":"` + proj + `","tool_name":"` + tool + `","tool_input":` + input + `}`
	}
	for _, tt := range []struct {
		agent, tool, input, verdict string
	}{
		{"a", "mcp__fs__write_file", `{"location":"../.guard/rules.json","content":"x"}`, "block"},
		{"a", "mcp__fs__write_file", `{"location":"../.bashrc","content":"x"}`, "block"},
		{"a", "mcp__fs__edit", `{"f":".agent_a/settings.json","content":"x"}`, "block"},
		{"a", "mcp__fs__move", `{"from":"a.txt","to":"../.bashrc"}`, "block"},
		{"a", "mcp__fs__read_text_file", `{"location":"../.ssh/id_rsa"}`, "block"},
		{"a", "mcp__fs__copy", `{"items":["a.txt","../.ssh/id_rsa"]}`, "block"},
		{"a", "mcp__fs__write_file", `{"location":"..\\.bashrc","content":"x"}`, "block"},
		{"a", "mcp__fs__stat", `{"name":".env"}`, "block"},
		{"b", "write_file", `{"location":"../.guard/rules.json"}`, "block"},
		{"bs", "write_file", `{"location":"../.guard/rules.json"}`, "block"},
		{"b", "edit", `{"f":".agent_b/hooks.json","content":"{}"}`, "block"},
		{"bp", "codebase_search", `{"query":"BEGIN RSA","target_directories":["../.ssh"]}`, "block"},
		// a directory given to a tool guard does not know is read whole
		{"bp", "grep", `{"pattern":"BEGIN","target_directories":[".."]}`, "block"},
		// a plural directory key is a path key: blanks and all
		{"bp", "codebase_search", `{"query":"x","target_directories":["~/my notes/../.ssh"]}`, "block"},
		{"a", "mcp__fs__search", `{"search_folders":["~/old stuff/../.ssh"]}`, "block"},
		{"a", "mcp__fs__search_files", `{"path":"~","pattern":"id_rsa"}`, "block"},
		{"c", "mcp_fs_copy_directory", `{"from":"..","to":"/tmp/h"}`, "block"},
		{"c", "mcp_fs_write_file", `{"location":".agent_c/settings.json"}`, "block"},
		{"c", "mcp_fs_write_file", `{"location":"../.zshrc","content":"x"}`, "block"},
		{"c", "mcp_fs_read", `{"loc":"../.ssh/id_rsa"}`, "block"},
		// a server resolves a relative path against its own root (the
		// home directory, a parent of the cwd), not the agent's cwd
		{"a", "mcp__filesystem__write_file", `{"path":".bashrc","content":"x"}`, "block"},
		{"a", "mcp__filesystem__write_file", `{"path":".guard/rules.json","content":"{}"}`, "block"},
		{"a", "mcp__filesystem__edit_file", `{"path":".bashrc","edits":[{"oldText":"a","newText":"b"}]}`, "block"},
		{"a", "mcp__filesystem__move_file", `{"source":"x","destination":".bashrc"}`, "block"},
		{"a", "mcp__filesystem__write_file", `{"path":".ssh/authorized_keys","content":"ssh-ed25519 AAAA"}`, "block"},
		{"a", "mcp__filesystem__read_text_file", `{"path":".aws/credentials"}`, "block"},
		// owner and repo fields the model adds switch no check off: only
		// a server whose name says it reads remote repositories (59a A1)
		{"a", "mcp__filesystem__read_file", `{"path":".aws/credentials","owner":"a","repo":"b"}`, "block"},
		{"a", "mcp__filesystem__read_text_file", `{"path":".ssh/config","owner":"a","repo":"b"}`, "block"},
		{"bs", "read_file", `{"path":".aws/credentials","owner":"a","repo":"b"}`, "block"},
		{"c", "mcp_fs_read_file", `{"path":".aws/credentials","owner":"a","repo":"b"}`, "block"},
		// a file: URI under any key, a map's path key under a path key, a
		// path key inside a JSON text value: joined to the server's roots
		// too (59a A10, 59b B8); a hidden place is read whole there too
		{"a", "mcp__fs__save", `{"uri":"file:.bashrc","content":"x"}`, "block"},
		{"a", "mcp__fs__write_files", `{"files":{".bashrc":"echo x"}}`, "block"},
		{"a", "mcp__fs__write_file", `{"request":"{\"path\":\".bashrc\",\"content\":\"x\"}"}`, "block"},
		{"a", "mcp__fs__call", `{"tool":"read_file","args":"{\"path\":\".aws/credentials\"}"}`, "block"},
		{"c", "mcp_fs_call", `{"name":"write_file","arguments":"{\"path\":\".bashrc\",\"content\":\"x\"}"}`, "block"},
		{"a", "mcp__filesystem__search_files", `{"path":".aws","pattern":"*"}`, "block"},
		{"a", "mcp__fs__write_files", `{"files":{"src/a.ts":"x","docs/b.md":"y"}}`, "allow"},
		{"a", "mcp__fs__call", `{"tool":"read_file","args":"{\"path\":\"src/main.go\"}"}`, "allow"},
		{"a", "mcp__fs__edit", `{"path":"src/x.ts","edits":[{"oldText":".foo","newText":".bar"}]}`, "allow"},
		{"b", "write_file", `{"path":".bashrc","content":"x"}`, "block"},
		{"c", "mcp_filesystem_write_file", `{"path":".bashrc","content":"x"}`, "block"},
		{"c", "filesystem__write_file", `{"path":".bashrc","content":"x"}`, "block"}, // agent C's name for a shared tool name (58e E2)
		// the agents' own tools resolve against the cwd: a project's dot-directory
		{"bp", "edit_file", `{"target_file":".github/workflows/ci.yml","code_edit":"x"}`, "allow"},
		{"a", "FutureWrite", `{"path":".vscode/settings.json","content":"{}"}`, "allow"},
		// everyday MCP calls
		{"a", "mcp__github__get_file_contents", `{"owner":"o","repo":"r","path":"src/main.go","ref":"refs/heads/main"}`, "allow"},
		{"a", "mcp__github__create_branch", `{"owner":"o","repo":"r","branch":"feature/x","from_branch":"main"}`, "allow"},
		{"a", "mcp__github__search_repositories", `{"query":"guardhq/guard"}`, "allow"},
		{"a", "mcp__github__list_commits", `{"owner":"o","repo":"r","sha":"release/1.2","path":"docs/"}`, "allow"},
		{"a", "mcp__filesystem__search_files", `{"path":".","pattern":"*.go","excludePatterns":["node_modules/**",".git/**"]}`, "allow"},
		{"a", "mcp__search__grep", `{"pattern":"TODO","dirs":["src","../other-project"]}`, "allow"},
		{"a", "mcp__filesystem__write_file", `{"path":"src/app.ts","content":"export const x = 1\n"}`, "allow"},
		{"a", "mcp__filesystem__move_file", `{"source":"a.txt","destination":"docs/a.txt"}`, "allow"},
		{"a", "mcp__http__request", `{"method":"POST","url":"https://api.example.com/v1/x","content_type":"application/json","body":"{}"}`, "allow"},
		{"a", "mcp__playwright__browser_click", `{"element":"Submit button","ref":"e12","selector":".btn-primary"}`, "allow"},
		{"a", "mcp__context7__resolve-library-id", `{"libraryName":"vercel/next.js"}`, "allow"},
		{"a", "mcp__linear__create_issue", `{"title":"Fix login","teamId":"ENG","description":"See src/auth/login.ts and ../shared/README.md"}`, "allow"},
		{"a", "mcp__db__query", `{"sql":"SELECT * FROM users","database":"./data/app.db"}`, "allow"},
		{"b", "get_file_contents", `{"owner":"o","repo":"r","path":"src/main.go"}`, "allow"},
		{"bs", "create_pull_request", `{"owner":"o","repo":"r","head":"fix/parser","base":"main","title":"fix"}`, "allow"},
		{"c", "mcp_github_get_file_contents", `{"owner":"o","repo":"r","path":"src/main.go","branch":"feature/y"}`, "allow"},
		{"c", "mcp_fs_write_file", `{"location":"src/new.go","content":"package x\n"}`, "allow"},
	} {
		var f fake
		cfg := f.config(payload(tt.agent, tt.tool, tt.input), nil)
		cfg.Agent = strings.TrimRight(tt.agent, "sp")
		cfg.LoadPolicy = func() (Policy, string, error) { return p, "test", nil }
		Run(cfg)
		if len(f.records) != 1 || f.records[0].Verdict != tt.verdict {
			t.Errorf("%s %s %s: records %+v, want one %s; %s", tt.agent, tt.tool, tt.input, f.records, tt.verdict, f.stderr.String())
		}
	}
}

// TestUnknownToolEncodedCommand: a field whose name says it holds an
// encoded command (encodedCommand, command_base64, script_b64) is the
// command it decodes to, read as PowerShell reads -EncodedCommand
// (base64 of UTF-16LE) and as UTF-8, for every agent; one that decodes
// to no text blocks; everyday encoded commands pass.
func TestUnknownToolEncodedCommand(t *testing.T) {
	_, proj := routeWorld(t)
	utf16le := func(s string) string {
		b := make([]byte, 0, 2*len(s))
		for _, r := range s {
			b = append(b, byte(r), byte(r>>8))
		}
		return base64.StdEncoding.EncodeToString(b)
	}
	b64 := func(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }
	field := func(k, v string) string { return `{"` + k + `":"` + v + `"}` }
	var cases []routeCase
	for _, tt := range []struct {
		tool, in string
		block    bool
	}{
		{"invoke", field("encodedCommand", utf16le("cat ~/.ssh/id_rsa")), true},
		{"invoke", field("EncodedCommand", utf16le("Get-Content $HOME/.ssh/id_rsa")), true},
		{"run_command", field("command_base64", b64("cat ~/.ssh/id_rsa")), true},
		{"exec", field("encoded_command", b64("cat ~/.ssh/id_rsa")), true},
		{"exec", field("scriptB64", base64.RawURLEncoding.EncodeToString([]byte("echo x >> ~/.bashrc"))), true},
		{"exec", field("code-base64", b64("open('"+proj+"/.env').read()")), true},
		{"exec", field("encoded_command", hex.EncodeToString([]byte("cat ~/.ssh/id_rsa"))), true},
		{"exec", field("encoded_command", "!!not base64"), true},
		{"exec", field("command_base64", base64.StdEncoding.EncodeToString([]byte{0x80, 0x81, 0x01, 0xff, 0xfe})), true},
		// Everyday.
		{"invoke", field("encodedCommand", utf16le("Get-ChildItem src")), false},
		{"run_command", field("command_base64", b64("ls -la src")), false},
		{"exec", field("script_b64", b64("git status\nnpm test\n")), false},
		{"upload", `{"encoding":"base64","content":"aGVsbG8="}`, false},
	} {
		cases = append(cases, everyAgent(proj, tt.tool, "mcp_s_"+tt.tool, tt.in, tt.block)...)
	}
	runRouteCases(t, cases)
}
