package agent

import (
	"errors"
	"slices"
	"testing"

	"github.com/guardhq/guard/internal/event"
)

// TestRootDir: agent B's workspace roots as guard reads them: a file:
// URI of this machine is its path, percent escapes decoded; any other
// scheme, another host and a relative text are no directory.
func TestRootDir(t *testing.T) {
	for _, tt := range []struct {
		root, want string
		ok         bool
	}{
		{"/h/proj", "/h/proj", true},
		{"~", "~", true},
		{"~/proj", "~/proj", true},
		{"file:///h/proj", "/h/proj", true},
		{"file://localhost/h/proj", "/h/proj", true},
		{"FILE://LocalHost/h/a%20b", "/h/a b", true},
		{"file:/h/proj", "/h/proj", true},
		{"file:///h/%2Essh", "/h/.ssh", true},
		{"file://box/h/proj", "", false},
		{"file:///h/%zz", "", false},
		{"file://", "", false},
		{"vscode-remote://ssh-remote+box/h/proj", "", false},
		{"proj", "", false},
		{"./proj", "", false},
	} {
		got, ok := rootDir(tt.root)
		if got != tt.want || ok != tt.ok {
			t.Errorf("rootDir(%q) = %q, %v; want %q, %v", tt.root, got, ok, tt.want, tt.ok)
		}
	}
}

// TestUnknownRoot: a root guard cannot read makes a relative path of the
// call an error (guard cannot tell where it is); absolute paths, and
// readable roots, are checked as before.
func TestUnknownRoot(t *testing.T) {
	for _, tt := range []struct {
		roots, input string
		fails        bool
		want         event.Input
	}{
		{`["vscode-remote://ssh-remote+box/h"]`, `{"file_path":".ssh/id_rsa"}`, true, event.Input{}},
		{`["/h/proj","proj2"]`, `{"file_path":"README.md"}`, true, event.Input{}},
		{`["",""]`, `{"file_path":"/h/x"}`, false, event.Input{Kind: event.KindRead, Text: "/h/x"}},
		{`["/h/proj","file://box/h"]`, `{"file_path":"README.md"}`, true, event.Input{}},
		{`["vscode-remote://ssh-remote+box/h"]`, `{"file_path":"/h/proj/README.md"}`, false, event.Input{Kind: event.KindRead, Text: "/h/proj/README.md"}},
		{`["file:///h"]`, `{"file_path":".ssh/id_rsa"}`, false, event.Input{Kind: event.KindRead, Text: "/h/.ssh/id_rsa"}},
		{`["/h/proj","file://localhost/h"]`, `{"file_path":".ssh/id_rsa"}`, false, event.Input{Kind: event.KindRead, Text: "/h/.ssh/id_rsa"}},
	} {
		payload := `{"hookEventName":"preToolUse","conversation_id":"c","workspace_roots":` + tt.roots +
			`,"tool_name":"Read","tool_input":` + tt.input + `}`
		p, err := Decode([]byte(payload))
		if err != nil {
			t.Fatalf("%s: %v", payload, err)
		}
		c, err := Parse("b", p, opts(nil))
		var e *Error
		if tt.fails {
			if !errors.As(err, &e) || e.Field == "" {
				t.Errorf("%s: err %v, want a field error", payload, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", payload, err)
		}
		if !slices.Contains(c.Inputs, tt.want) {
			t.Errorf("%s: inputs %+v lack %+v", payload, c.Inputs, tt.want)
		}
	}
}
