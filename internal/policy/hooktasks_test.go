package policy

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/detect/path"
)

// TestLiteralGlob: a literal name's glob matches that name only, and
// globLiteral undoes it.
func TestLiteralGlob(t *testing.T) {
	for _, tc := range []struct{ name, other string }{
		{"/p/tools/h[1].sh", "/p/tools/h1.sh"},
		{"/p/tools/s*.sh", "/p/tools/sx.sh"},
		{"/p/tools/q?.sh", "/p/tools/qa.sh"},
		{"/p/tools/{b}.sh", "/p/tools/b.sh"},
		{"/p/a]b/[[x", "/p/a]b/x"},
	} {
		g := literalGlob(tc.name)
		d, err := path.New([]string{g}, nil, "/h")
		if err != nil {
			t.Fatalf("%q: %v", g, err)
		}
		if _, hit := d.Check(tc.name); !hit {
			t.Errorf("%q does not match %q", g, tc.name)
		}
		if _, hit := d.Check(tc.other); hit {
			t.Errorf("%q matches %q", g, tc.other)
		}
		if back, ok := globLiteral(g); !ok || back != tc.name {
			t.Errorf("globLiteral(%q) = %q, %v", g, back, ok)
		}
	}
	if _, ok := globLiteral("/p/*.py"); ok {
		t.Error("globLiteral took a pattern for a literal")
	}
}

// TestDecodeHookFile: comments and trailing commas are read as agent C's
// client reads them; what is not JSON at all is an error.
func TestDecodeHookFile(t *testing.T) {
	for _, tc := range []struct {
		text string
		ok   bool
	}{
		{`{"a":1}`, true},
		{"{ /* c */ \"a\": 1, // x\n}", true},
		{"// only a comment\n", true},
		{"", true},
		{`{not json`, false},
		{`{"a":`, false},
		{"\xef\xbb\xbf{\"a\":1}", true},         // a BOM is dropped
		{"\xef\xbb\xbf{ // c\n\"a\":1,}", true}, // with comments too
		{"\xef\xbb\xbf\xef\xbb\xbf{}", false},   // one BOM only
		{"{}\xef\xbb\xbf", false},
	} {
		v, err := decodeHookFile([]byte(tc.text))
		if (err == nil) != tc.ok {
			t.Errorf("decodeHookFile(%q): err %v, want ok %v", tc.text, err, tc.ok)
		}
		if m, isMap := v.(map[string]any); tc.ok && strings.Contains(tc.text, `"a"`) && (!isMap || m["a"] != 1.0) {
			t.Errorf("decodeHookFile(%q) = %v, want a=1", tc.text, v)
		}
	}
}

func TestNpmTask(t *testing.T) {
	for _, tc := range []struct {
		prog string
		args []string
		want string
	}{
		{"npm", []string{"run", "lint"}, "lint"},
		{"npm", []string{"--silent", "run", "--if-present", "lint"}, "lint"},
		{"npm", []string{"test"}, "test"},
		{"npm", []string{"install"}, ""},
		{"npm", []string{"lint"}, ""},
		{"yarn", []string{"lint"}, "lint"},
		{"yarn", []string{"add", "x"}, ""},
		{"pnpm", []string{"run", "fmt"}, "fmt"},
		{"bun", []string{"x", "y"}, ""},
	} {
		if got := npmTask(tc.prog, tc.args); got != tc.want {
			t.Errorf("npmTask(%s %q) = %q, want %q", tc.prog, tc.args, got, tc.want)
		}
	}
}

func TestPythonScript(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"tools/hook.py"}, "tools/hook.py"},
		{[]string{"-u", "-X", "dev", "h.py", "a"}, "h.py"},
		{[]string{"-m", "black"}, ""},
		{[]string{"-Bc", "print(1)"}, ""},
		{[]string{"--", "x.py"}, "x.py"},
		{nil, ""},
	} {
		if got := pythonScript(tc.args); got != tc.want {
			t.Errorf("pythonScript(%q) = %q, want %q", tc.args, got, tc.want)
		}
	}
}

func TestGoRunGlobs(t *testing.T) {
	const d = "/p"
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"./cmd/hk"}, "/p/cmd/hk/*.go"},
		{[]string{"-tags", "x", "./cmd/..."}, "/p/cmd/**/*.go"},
		{[]string{"main.go", "util.go"}, "/p/*.go"},
		{[]string{"example.com/x/cmd/hk"}, "/p/**/*.go"},
		{[]string{"-C", "sub", "."}, "/p/sub/*.go"},
	} {
		got := goRunGlobs(tc.args, d)
		if !slices.Contains(got, tc.want) {
			t.Errorf("goRunGlobs(%q) = %q, lacks %q", tc.args, got, tc.want)
		}
	}
}

// TestEntryCommandsCd: a cd before a program (an MCP server's cwd) is the
// directory it runs in.
func TestEntryCommandsCd(t *testing.T) {
	line := serverLine(map[string]any{"command": "python3", "args": []any{"srv.py"}, "cwd": "./srvdir"}, "python3")
	cs := entryCommands(line, "/h", "/p")
	if len(cs) != 1 || cs[0].dir != "/p/srvdir" || cs[0].args[0] != "python3" {
		t.Fatalf("entryCommands(%q) = %+v", line, cs)
	}
	for _, tc := range []struct{ w, want string }{
		{"~", "/h"}, {"$AGENT_A_PROJECT_DIR", "/p"}, {"${HOME}/x", "/h/x"}, {"/abs", "/abs"}, {"$OTHER/x", ""}, {"sub", "/p/sub"},
	} {
		if got := cdDir(tc.w, "/h", "/p"); got != tc.want {
			t.Errorf("cdDir(%q) = %q, want %q", tc.w, got, tc.want)
		}
	}
}

// TestPythonImports reads the top-level names a script imports.
func TestPythonImports(t *testing.T) {
	f := filepath.Join(t.TempDir(), "h.py")
	os.WriteFile(f, []byte("import json, os.path as p\nfrom helper.sub import x\nfrom . import rel\n  import yaml\n"), 0o600)
	if got, want := pythonImports(f), []string{"json", "os", "helper", "yaml"}; !slices.Equal(got, want) {
		t.Errorf("pythonImports = %q, want %q", got, want)
	}
}

func FuzzTaskParsers(f *testing.F) {
	for _, s := range []string{"/p/h[1].sh", "run lint", "-X dev h.py", "[*][?][[]", "a\x00b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if back, ok := globLiteral(literalGlob(s)); !ok || back != filepath.ToSlash(s) {
			t.Fatalf("globLiteral(literalGlob(%q)) = %q, %v", s, back, ok)
		}
		args := []string{s, s}
		_ = npmTask("yarn", args)
		_ = pythonScript(args)
		_ = goRunGlobs(args, "/p")
		_, _ = decodeHookFile([]byte(s))
		_ = entryCommands(s, "/h", "/p")
	})
}

// TestUnreadHookFiles: a hook file that is there but cannot be read (a
// directory, a link to nothing, past the bound, not JSON) protects its
// directory whole; an absent one adds nothing.
func TestUnreadHookFiles(t *testing.T) {
	for _, tc := range []struct {
		name string
		make func(f string)
		want bool
	}{
		{"absent", func(string) {}, false},
		{"comments", func(f string) { os.WriteFile(f, []byte("// x\n{\"hooks\":{}}"), 0o600) }, false},
		{"directory", func(f string) { os.Mkdir(f, 0o755) }, true},
		{"dangling link", func(f string) { os.Symlink(f+".gone", f) }, true},
		{"too large", func(f string) { os.WriteFile(f, make([]byte, maxHookFileBytes+1), 0o600) }, true},
		{"not JSON", func(f string) { os.WriteFile(f, []byte("{hooks"), 0o600) }, true},
	} {
		proj := t.TempDir()
		os.Mkdir(filepath.Join(proj, ".agent_c"), 0o755)
		tc.make(filepath.Join(proj, ".agent_c", "settings.json"))
		p := &Policy{Home: "/nonexistent-home"}
		_, globs := p.hookDir(proj, true, proj)
		got := slices.Contains(globs, literalGlob(proj)+"/**")
		if got != tc.want || slices.Contains(p.cache.unreadHooks, literalGlob(proj)+"/**") != tc.want {
			t.Errorf("%s: directory protected whole = %v, want %v", tc.name, got, tc.want)
		}
	}
}
