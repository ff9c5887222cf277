package agent

import (
	"slices"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/event"
)

func TestPathValue(t *testing.T) {
	tests := []struct {
		v, want string
		ok      bool
	}{
		{"file:///home/u/.ssh/id_rsa", "/home/u/.ssh/id_rsa", true},
		{"FILE://host/home/u/.zshrc?x=1", "/home/u/.zshrc", true},
		{"~/.bashrc", "~/.bashrc", true},
		{"/home/u/.ssh/id_rsa", "/home/u/.ssh/id_rsa", true},
		{"HEAD:.ssh/id_rsa", ".ssh/id_rsa", true},
		// escapes decoded, as the server opens the URI (fifth attack M6)
		{"file:///h/.s%73h/id_rsa", "/h/.ssh/id_rsa", true},
		{"file:///h/%2ebashrc", "/h/.bashrc", true},
		{"file://localhost/h/%2Essh/id%5frsa", "/h/.ssh/id_rsa", true},
		{"File:/h/%2ebashrc", "/h/.bashrc", true},
		{"file:///C:/Users/u/.ssh/id_rsa", "C:/Users/u/.ssh/id_rsa", true},
		{"file://host", "", false},
		{"https://example.com/a", "", false},
		{"a b/../../.bashrc", "", false}, // not one token: a path by what it names (toolValues.loose)
		// a relative path under any key
		{"../.guard/rules.json", "../.guard/rules.json", true},
		{".agent_a/settings.json", ".agent_a/settings.json", true},
		{`..\.bashrc`, `..\.bashrc`, true},
		{"..", "..", true},
		{".env", ".env", true},
		{"owner/repo", "owner/repo", true},
		{"main", "", false},
		{"*.go", "", false},
		// prose that mentions a path is not a path value
		{"please read ~/.bashrc and fix it", "", false},
		{"see ../.bashrc", "", false},
		{"Fix the bug in /etc/hosts\nthanks", "", false},
		{"hello", "", false},
		{"", "", false},
	}
	for _, tt := range tests {
		got, ok := pathValue(tt.v)
		if got != tt.want || ok != tt.ok {
			t.Errorf("pathValue(%q) = %q, %v; want %q, %v", tt.v, got, ok, tt.want, tt.ok)
		}
	}
}

func TestFileURIPath(t *testing.T) {
	tests := []struct {
		v, want string
		ok      bool
	}{
		{"file:///h/.ssh/id_rsa", "/h/.ssh/id_rsa", true},
		{"FILE:///h/.s%73h/id_rsa", "/h/.ssh/id_rsa", true},
		{"file://localhost/h/%2ebashrc", "/h/.bashrc", true},
		{"file://server/share/%2Ebashrc", "/share/.bashrc", true},
		{"file:/h/%2ebashrc?x=%2e#f", "/h/.bashrc", true},
		{"file:h/%2ebashrc", "h/.bashrc", true},
		{"file:///C:/Users/u/%2essh/id_rsa", "C:/Users/u/.ssh/id_rsa", true},
		{"file:///c|/Users/u/.aws/credentials", "c:/Users/u/.aws/credentials", true},
		{"file:///h/my%20file.txt", "/h/my file.txt", true},
		// what does not decode is a part guard cannot tell
		{"file:///h/.s%7sh/id_rsa", "/h/.s\x007sh/id_rsa", true},
		{"file:///h/.bashrc%", "/h/.bashrc\x00", true},
		{"file:///h/.bashrc%00.txt", "/h/.bashrc\x00.txt", true},
		{"file://host", "", false},
		{"file:", "", false},
		{"/h/.bashrc", "", false},
		{"files:///h/.bashrc", "", false},
	}
	for _, tt := range tests {
		got, ok := fileURIPath(tt.v)
		if got != tt.want || ok != tt.ok {
			t.Errorf("fileURIPath(%q) = %q, %v; want %q, %v", tt.v, got, ok, tt.want, tt.ok)
		}
	}
}

// TestUnknownFieldPaths sends real payload shapes of MCP and unknown tools
// whose path sits under a key guard does not know.
func TestUnknownFieldPaths(t *testing.T) {
	tests := []struct {
		agent, payload string
		want           event.Input
	}{
		{"a", `{"hook_event_name":"PreToolUse","tool_name":"mcp__fs__read_resource","tool_input":{"uri":"file:///h/.ssh/id_rsa"}}`, in(event.KindRead, "/h/.ssh/id_rsa")},
		{"a", `{"hook_event_name":"PreToolUse","tool_name":"mcp__fs__write","tool_input":{"location":"~/.bashrc","content":"x"}}`, in(event.KindWrite, "~/.bashrc")},
		{"a", `{"hook_event_name":"PreToolUse","tool_name":"mcp__fs__read_resource","tool_input":{"uri":"file:///h/.s%73h/id_rsa"}}`, in(event.KindRead, "/h/.ssh/id_rsa")},
		{"a", `{"hook_event_name":"PreToolUse","tool_name":"mcp__fs__write_file","tool_input":{"uri":"file:///h/%2ebashrc","content":"x"}}`, in(event.KindWrite, "/h/.bashrc")},
		{"a", `{"hook_event_name":"PreToolUse","tool_name":"mcp__fs__write_file","tool_input":{"path":"file:/h/%2ebashrc","content":"x"}}`, in(event.KindWrite, "/h/.bashrc")},
		{"a", `{"hook_event_name":"PreToolUse","tool_name":"mcp__fs__write_file","tool_input":{"path":"file:///h/my%20dir/.bash rc","content":"x"}}`, in(event.KindWrite, "/h/my dir/.bash rc")},
		{"b", `{"hook_event_name":"beforeMCPExecution","tool_name":"read","tool_input":"{\"uri\":\"file://localhost/h/.s%73h/id_rsa\"}"}`, in(event.KindRead, "/h/.ssh/id_rsa")},
		{"c", `{"hook_event_name":"BeforeTool","tool_name":"mcp_fs_read","tool_input":{"uri":"file:///h/.s%73h/id_rsa"}}`, in(event.KindRead, "/h/.ssh/id_rsa")},
		{"a", `{"hook_event_name":"PreToolUse","tool_name":"WebFetch","tool_input":{"url":"file:///h/.s%73h/id_rsa","prompt":"x"}}`, in(event.KindRead, "/h/.ssh/id_rsa")},
		{"a", `{"hook_event_name":"PreToolUse","tool_name":"mcp__x__y","tool_input":{"args":{"deep":[{"name":"/h/.ssh/id_rsa"}]}}}`, in(event.KindRead, "/h/.ssh/id_rsa")},
		{"a", `{"hook_event_name":"PreToolUse","cwd":"/proc/wd","tool_name":"mcp__git__git_show","tool_input":{"repo_path":"~","revision":"HEAD:.ssh/id_rsa"}}`, in(event.KindRead, "/proc/wd/.ssh/id_rsa")},
		{"a", `{"hook_event_name":"PreToolUse","tool_name":"mcp__x__save","tool_input":{"out":"/h/.zshrc"}}`, in(event.KindWrite, "/h/.zshrc")},
		{"b", `{"hook_event_name":"beforeMCPExecution","tool_name":"write","tool_input":"{\"location\":\"/h/.bashrc\"}"}`, in(event.KindWrite, "/h/.bashrc")},
		{"c", `{"hook_event_name":"BeforeTool","tool_name":"mcp_fs_write","tool_input":{"location":"/h/.bashrc"}}`, in(event.KindWrite, "/h/.bashrc")},
		// a value that is no one token is a path all the same
		{"a", `{"hook_event_name":"PreToolUse","cwd":"/h/proj","tool_name":"mcp__fs__write_file","tool_input":{"location":"/h/proj/a b/../../.bashrc","content":"x"}}`, in(event.KindWrite, "/h/proj/a b/../../.bashrc")},
		{"a", `{"hook_event_name":"PreToolUse","cwd":"/h/proj","tool_name":"mcp__fs__write_file","tool_input":{"location":"a b/../../.bashrc","content":"x"}}`, in(event.KindWrite, "/h/proj/a b/../../.bashrc")},
		{"a", `{"hook_event_name":"PreToolUse","cwd":"/h/proj","tool_name":"mcp__fs__read_text","tool_input":{"location":"/h/.ssh/id_rsa\t"}}`, in(event.KindRead, "/h/.ssh/id_rsa")},
		{"a", `{"hook_event_name":"PreToolUse","cwd":"/h/proj","tool_name":"mcp__fs__read_text","tool_input":{"location":" /h/.ssh/id_rsa"}}`, in(event.KindRead, "/h/.ssh/id_rsa")},
		{"b", `{"hook_event_name":"beforeMCPExecution","workspace_roots":["/h/proj"],"tool_name":"write_file","tool_input":"{\"location\":\"a b/../../.bashrc\",\"content\":\"x\"}"}`, in(event.KindWrite, "/h/proj/a b/../../.bashrc")},
		{"c", `{"hook_event_name":"BeforeTool","cwd":"/h/proj","tool_name":"mcp_fs_write_file","tool_input":{"location":"a b/../../.agent_a/settings.json"}}`, in(event.KindWrite, "/h/proj/a b/../../.agent_a/settings.json")},
		// a URI of a server's own scheme names a path
		{"a", `{"hook_event_name":"PreToolUse","cwd":"/proc/wd","tool_name":"ReadMcpResourceTool","tool_input":{"server":"fs","uri":"fs:///h/.ssh/id_rsa"}}`, in(event.KindRead, "/h/.ssh/id_rsa")},
		{"a", `{"hook_event_name":"PreToolUse","cwd":"/proc/wd","tool_name":"ReadMcpResourceTool","tool_input":{"server":"fs","uri":"resource://h/.s%73h/id_rsa?x=1"}}`, in(event.KindRead, "/h/.ssh/id_rsa")},
		{"a", `{"hook_event_name":"PreToolUse","cwd":"/proc/wd","tool_name":"ReadMcpResourceTool","tool_input":{"server":"fs","uri":"resource://tmp/h/.ssh/id_rsa"}}`, in(event.KindRead, "/h/.ssh/id_rsa")},
	}
	for _, tt := range tests {
		p, err := Decode([]byte(tt.payload))
		if err != nil {
			t.Fatalf("%s: %v", tt.payload, err)
		}
		c, err := Parse(tt.agent, p, opts(nil))
		if err != nil {
			t.Fatalf("%s: %v", tt.payload, err)
		}
		found := false
		for _, x := range pathInputsOf(c.Inputs) {
			found = found || x == tt.want
		}
		if !found {
			t.Errorf("%s: inputs %+v lack %+v", tt.payload, c.Inputs, tt.want)
		}
	}
}

// TestUnknownFieldProse: ordinary MCP fields holding prose name no path
// but the file the sentence would be, taken whole (what a value names
// keeps prose out, not its look).
func TestUnknownFieldProse(t *testing.T) {
	p, err := Decode([]byte(`{"hook_event_name":"PreToolUse","cwd":"/proc/wd","tool_name":"mcp__github__create_issue","tool_input":{"title":"crash in /usr/lib","body":"see ~/.bashrc line 3 for the alias","query":"is:open label:bug"}}`))
	if err != nil {
		t.Fatal(err)
	}
	c, err := Parse("a", p, opts(nil))
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range c.Inputs {
		if x.Kind != event.KindRead && x.Kind != event.KindWrite && x.Kind != event.KindTouch {
			continue
		}
		if x.Text == "~/.bashrc" || x.Text == "/usr/lib" || !strings.HasPrefix(x.Text, "/proc/wd/see ~/.bashrc line 3 for the alias") {
			t.Errorf("prose gave a path input %+v", x)
		}
	}
}

// FuzzTreeInputs: brace expansion and path values stay bounded and never
// panic on any input.
func FuzzTreeInputs(f *testing.F) {
	for _, s := range []string{"{.netrc,x}", "**/*.{go,{mod,sum}}", "{", "}{", "file:///a", "HEAD:.ssh/x", "~", "file://localhost/%2e%7", "FILE:///C|/x%00",
		"fs:///h/.ssh/x", "res://h/%2essh?x", "a b/../../.bashrc", "x://", "x:///"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if alts, ok := braces(s, maxTreeGlobs); ok && len(alts) > maxTreeGlobs {
			t.Fatalf("braces(%q) gave %d alternatives", s, len(alts))
		}
		if len(treeReads("/d", []string{s})) > maxTreeGlobs {
			t.Fatalf("treeReads(%q) over the bound", s)
		}
		if p, ok := pathValue(s); ok && p == "" {
			t.Fatalf("pathValue(%q) ok with no path", s)
		}
		if p, ok := fileURIPath(s); ok && (p == "" || len(p) > len(s)) {
			t.Fatalf("fileURIPath(%q) = %q, %v", s, p, ok)
		}
		for _, p := range schemePaths(s) {
			if p == "" || len(p) > len(s) {
				t.Fatalf("schemePaths(%q) gave %q", s, p)
			}
		}
		if mayNamePath(s) && s == "" {
			t.Fatal("mayNamePath of nothing")
		}
	})
}

func TestSchemePathsAndLoose(t *testing.T) {
	for _, tt := range []struct {
		v    string
		want []string
	}{
		{"fs:///h/.ssh/id_rsa", []string{"/h/.ssh/id_rsa"}},
		{"resource://tmp/h/.ssh/id_rsa", []string{"/tmp/h/.ssh/id_rsa", "tmp/h/.ssh/id_rsa", "/h/.ssh/id_rsa"}},
		{"x-db://~/.netrc#f", []string{"~/.netrc"}},
		{"https://example.com/h/.ssh/id_rsa", nil},
		{"WSS://example.com/.ssh/id_rsa", nil},
		{"git+ssh://host/.ssh", nil},
		{"file:///h/.ssh/id_rsa", nil}, // fileURIPath's
		{"fs://", nil},
		{"not a uri", nil},
	} {
		if got := schemePaths(tt.v); !slices.Equal(got, tt.want) {
			t.Errorf("schemePaths(%q) = %q, want %q", tt.v, got, tt.want)
		}
	}
	for _, tt := range []struct {
		v  string
		ok bool
	}{
		{"a b/../../.bashrc", true}, {"~/x y", true}, {"/h/x y", true}, {`a b\..\.env`, true}, {"notes/.env file", true},
		{"crash in /usr/lib", false}, {"is:open label:bug", false}, {"hello world", false}, {"", false}, {"src/main.go and more", false},
	} {
		if got := mayNamePath(tt.v); got != tt.ok {
			t.Errorf("mayNamePath(%q) = %v, want %v", tt.v, got, tt.ok)
		}
	}
}
