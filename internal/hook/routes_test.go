package hook

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/policy"
)

// TestToolRoutes sends real payload shapes of each agent's search, read,
// fetch and MCP tools: a content search of a directory holding protected
// files is a recursive read (as grep -r in Bash), a path value under any
// key of an unknown tool is checked, and everyday searches and MCP prose
// pass.
func TestToolRoutes(t *testing.T) {
	home, proj := scriptWorld(t, map[string]string{".env": "DB_PASSWORD=x\n", "main.go": "package main\n"})
	for _, f := range []string{".aws/credentials", ".ssh/id_rsa", ".netrc"} {
		p := filepath.Join(home, f)
		os.MkdirAll(filepath.Dir(p), 0o700)
		if err := os.WriteFile(p, []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	a := func(tool, in string) string {
		return `{"hook_event_name":"PreToolUse","cwd":"` + proj + `","tool_name":"` + tool + `","tool_input":` + in + `}`
	}
	b := func(tool, in string) string {
		return `{"hook_event_name":"preToolUse","conversation_id":"c","cwd":"` + proj + `","tool_name":"` + tool + `","tool_input":` + in + `}`
	}
	c := func(tool, in string) string {
		return `{"hook_event_name":"BeforeTool","session_id":"s","cwd":"` + proj + `","tool_name":"` + tool + `","tool_input":` + in + `}`
	}
	ch := func(tool, in string) string { // a session started in the home
		return `{"hook_event_name":"BeforeTool","session_id":"s","cwd":"` + home + `","tool_name":"` + tool + `","tool_input":` + in + `}`
	}
	p := realPolicy(t, "")
	for _, tc := range []struct {
		name, payload string
		block         bool
	}{
		{"A Grep ~/.aws", a("Grep", `{"pattern":"secret","path":"~/.aws","output_mode":"content"}`), true},
		{"A Grep ~", a("Grep", `{"pattern":"x","path":"~"}`), true},
		{"A Grep in home, no path", `{"hook_event_name":"PreToolUse","cwd":"` + home + `","tool_name":"Grep","tool_input":{"pattern":"BEGIN"}}`, true},
		{"A Grep brace glob", a("Grep", `{"pattern":"x","path":"~","glob":"{.netrc,x}"}`), true},
		{"A Grep **/credentials", a("Grep", `{"pattern":"x","path":"~","glob":"**/credentials"}`), true},
		{"A Grep ~/.guard", a("Grep", `{"pattern":"x","path":"~/.guard"}`), bashBlocks(t, p, proj, "grep -r x ~/.guard")},
		{"B Grep ~/.aws", b("Grep", `{"pattern":"x","path":"~/.aws"}`), true},
		{"C search_file_content ~/.aws", c("search_file_content", `{"pattern":"x","dir_path":"~/.aws"}`), true},
		{"C read_many_files ~/.aws", c("read_many_files", `{"paths":["~/.aws"]}`), true},
		{"C read_many_files ~ credentials", c("read_many_files", `{"paths":["~"],"include":["**/credentials"]}`), true},
		{"B read_file target_file key", b("read_file", `{"target_file":"~/.ssh/id_rsa"}`), true},
		{"B read_file target_file .env", b("read_file", `{"target_file":".env"}`), true},
		// a glob is the read of its base's tree, narrowed by its last element.
		{"C read_many_files **/id_rsa", ch("read_many_files", `{"paths":["**/id_rsa"]}`), true},
		{"C read_many_files **/credentials", ch("read_many_files", `{"paths":["**/credentials"]}`), true},
		{"C read_many_files **", ch("read_many_files", `{"paths":["**"],"useDefaultExcludes":false}`), true},
		{"C read_many_files *", ch("read_many_files", `{"paths":["*"]}`), true},
		{"C read_many_files **/*", ch("read_many_files", `{"paths":["**/*"]}`), true},
		{"C read_many_files include **/*", ch("read_many_files", `{"include":["**/*"],"useDefaultExcludes":false}`), true},
		{"C read_many_files ** include id_rsa", ch("read_many_files", `{"paths":["**"],"include":["id_rsa"]}`), true},
		{"C read_many_files ../**/id_rsa", c("read_many_files", `{"paths":["../**/id_rsa"]}`), true},
		{"C read_many_files ../*/id_*", c("read_many_files", `{"paths":["../*/id_*"]}`), true},
		{"C read_many_files **/.e*", c("read_many_files", `{"paths":["**/.e*"]}`), true},
		{"C read_many_files {x,**/id_rsa}", ch("read_many_files", `{"paths":["{x,**/id_rsa}"]}`), true},
		{"C read_many_files unbalanced brace", ch("read_many_files", `{"paths":["{x,**/id_rsa"]}`), true},
		{"A WebFetch file://", a("WebFetch", `{"url":"file://`+home+`/.ssh/id_rsa","prompt":"x"}`), true},
		{"A MCP uri file://", a("mcp__fs__read_resource", `{"uri":"file://`+home+`/.ssh/id_rsa"}`), true},
		{"A MCP location write", a("mcp__fs__write", `{"location":"~/.bashrc","content":"x"}`), true},
		{"A MCP nested name", a("mcp__x__y", `{"args":{"files":[{"name":"~/.ssh/id_rsa"}]}}`), true},
		{"C MCP location", c("mcp_fs_write", `{"location":"~/.bashrc"}`), true},
		// everyday
		{"A Grep project", a("Grep", `{"pattern":"PASSWORD"}`), false},
		{"A Grep project .", a("Grep", `{"pattern":"x","path":"."}`), false},
		{"A Grep **/*.go", a("Grep", `{"pattern":"x","glob":"**/*.{go,mod}"}`), false},
		{"A Glob **/*.go", a("Glob", `{"pattern":"**/*.go"}`), false},
		{"C search project", c("search_file_content", `{"pattern":"x","include":"**/*.go"}`), false},
		{"C read_many_files src", c("read_many_files", `{"paths":["main.go","."]}`), false},
		// agent B's read_file spells its path target_file.
		{"B read_file target_file", b("read_file", `{"target_file":"main.go"}`), false},
		{"C read_many_files **/*.go", c("read_many_files", `{"paths":["**/*.go"],"include":["*.md"]}`), false},
		{"C read_many_files **", c("read_many_files", `{"paths":["**"]}`), false}, // as "." (agent C's result is redacted)
		{"A MCP prose", a("mcp__github__create_issue", `{"title":"crash in ~/.bashrc alias","body":"see ~/.ssh/config and /etc/hosts","query":"is:open label:bug"}`), false},
	} {
		code, _, stderr, _ := runReal(t, p, tc.payload)
		if blocked := code == 2 || strings.Contains(stderr, "BLOCKED"); blocked != tc.block {
			t.Errorf("%s: code %d, want block %v: %s", tc.name, code, tc.block, stderr)
		}
	}
}

// bashBlocks reports whether the same read through Bash blocks: a tool
// route must decide as the shell does.
func bashBlocks(t *testing.T, p *policy.Policy, cwd, cmd string) bool {
	t.Helper()
	code, _, _, _ := runReal(t, p, bashPayload(t, cwd, cmd))
	return code == 2
}

// TestNoWorkingDirectory: a relative path in a payload whose cwd is
// relative blocks: guard cannot tell the directory the client means. No
// cwd (the spec's agent A form) or a null one is the hook's own working
// directory; an absolute path needs none.
func TestNoWorkingDirectory(t *testing.T) {
	t.Setenv("AGENT_B_PROJECT_DIR", "")
	p := realPolicy(t, "")
	for _, tc := range []struct {
		name, payload string
		block         bool
	}{
		{"A Read relative cwd", `{"hook_event_name":"PreToolUse","cwd":"relative/.ssh","tool_name":"Read","tool_input":{"file_path":"id_rsa"}}`, true},
		{"A Bash relative cwd", `{"hook_event_name":"PreToolUse","cwd":"proj","tool_name":"Bash","tool_input":{"command":"cat id_rsa"}}`, true},
		{"B shell relative cwd", `{"hook_event_name":"beforeShellExecution","conversation_id":"c","cwd":"proj","command":"cat id_rsa"}`, true},
		{"C read_file relative cwd", `{"hook_event_name":"BeforeTool","session_id":"s","cwd":"proj","tool_name":"read_file","tool_input":{"file_path":"id_rsa"}}`, true},
		{"A Read no cwd", `{"hook_event_name":"PreToolUse","tool_name":"Read","tool_input":{"file_path":"notes.txt"},"session_id":"s"}`, false},
		{"A Read null cwd", `{"hook_event_name":"PreToolUse","cwd":null,"tool_name":"Read","tool_input":{"file_path":"notes.txt"}}`, false},
		{"A Bash no cwd", `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"make deploy"}}`, false},
		{"A Bash Windows cwd", `{"hook_event_name":"PreToolUse","cwd":"C:\\src\\app","tool_name":"Bash","tool_input":{"command":"make deploy"}}`, false},
		{"A Read absolute", `{"hook_event_name":"PreToolUse","tool_name":"Read","tool_input":{"file_path":"/etc/hostname"}}`, false},
		{"A Bash no path", `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"echo hi"}}`, false},
	} {
		code, _, stderr, _ := runReal(t, p, tc.payload)
		if blocked := code == 2; blocked != tc.block || tc.block && !strings.Contains(stderr, "no usable working directory") {
			t.Errorf("%s: code %d, want block %v: %s", tc.name, code, tc.block, stderr)
		}
	}
}
