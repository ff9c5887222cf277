package hook

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTreeSecrets: a recursive read prints lines of the tree's ordinary
// files too. Where guard cannot redact what it prints (agent B, agent A's
// failure route) or the command reshapes it (rg -o, rg -r, a pipe to tr),
// a file the read may print a line of that holds a secret blocks as a
// named one does; a search whose pattern meets no line of it, or a route
// whose result scan sees the lines as the file holds them, stays allowed.
func TestTreeSecrets(t *testing.T) {
	tok := "ghp_" + "16C7e42F292c6912E7710c838347Ae178B4a"
	_, proj := scriptWorld(t, map[string]string{
		"settings.py": "DEBUG = True\nTOKEN = \"" + tok + "\"\n",
		"src/a.go":    "package a // TODO tidy\n",
		"conf/app.py": "# TODO rotate\nNAME = \"app\"\nTOKEN = \"" + tok + "\"  # TOKEN_LINE\nPORT = 80\n",
	})
	p := realPolicy(t, "")
	cPayload := func(cmd string) string {
		s, _ := json.Marshal(map[string]any{"hook_event_name": "BeforeTool", "tool_name": "run_shell_command", "cwd": proj,
			"tool_input": map[string]any{"command": cmd}})
		return string(s)
	}
	for _, tc := range []struct {
		cmd     string
		a, b, c bool // blocks for agent A, B, C
	}{
		{"grep -rn ghp .", true, true, false},
		{"grep -r TOKEN .", true, true, false},
		{"rg ghp", true, true, false},
		{"rg -e DEBUG -e ghp", true, true, false},
		{"grep -r -A1 DEBUG .", true, true, false},
		{"rg --passthru DEBUG", true, true, false},
		{"grep -rn ghp . ; false", true, true, false},
		{"rg -e DEBUG -e ghp || true", true, true, false},
		{"grep -rn ghp . | head ; false", true, true, false},
		{"grep -rn ghp src", false, false, false},
		{"rg -r '$1 $2' '(ghp_.{10})(.*)'", true, true, true},
		{"rg -o '.{10}'", true, true, true},
		{"rg -o 'E7710.*'", true, true, true},
		{"rg -M 30 ghp", true, true, true},
		{"ag -o 'E7710.*'", true, true, true},
		{"grep -rn ghp . | tr 7 ' '", true, true, true},
		{"grep -rn ghp . | fold -w10", true, true, true},
		{"grep -ro 'E7710.*' .", true, true, true},
		// Everyday: no line of settings.py matches, or the scan redacts.
		{"grep -rn TODO .", false, false, false},
		{"rg TODO", false, false, false},
		{"rg -o TODO", false, false, false},
		{"grep -rn TODO . | tr a b", false, false, false},
		// Per line: conf/app.py prints its TODO line, not its token's.
		{"grep -rn TODO conf", false, false, false},
		{"rg -n TODO conf", false, false, false},
		{"ag TODO conf", false, false, false},
		{"grep -rn -A1 TODO conf", false, false, false},
		{"grep -rn -1 NAME conf", true, true, false},
		{"grep -rn -A2 TODO conf", true, true, false},
		{"grep -rn -B1 PORT conf", true, true, false},
		{"rg -C1 NAME conf", true, true, false},
		{"ag -A1 NAME conf", true, true, false},
		{"grep -rn TOKEN_LINE conf", true, true, false},
		{"rg -o '.{10}' conf", true, true, true},
		// A --pre program's output is what rg searches and prints.
		{"rg --pre cat TODO", true, true, true},
		{"rg --pre=cat -n TODO src", false, false, false},
	} {
		wantBlock(t, p, "A "+tc.cmd, bashPayloadA(proj, tc.cmd, false), tc.a)
		wantBlock(t, p, "B "+tc.cmd, shellPayloadB(proj, tc.cmd), tc.b)
		code, stdout, stderr, _ := runReal(t, p, cPayload(tc.cmd))
		if blocked := code == 2 || strings.Contains(stdout, `"decision":"deny"`); blocked != tc.c {
			t.Errorf("C %s: blocked = %v, want %v: %s%s", tc.cmd, blocked, tc.c, stdout, stderr)
		}
	}
}

// TestTreeSecretsBound: past the walk's bound (here its bytes) guard
// cannot tell what a tree read prints on a route that cannot redact it,
// and blocks, saying so.
func TestTreeSecretsBound(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{"README": "hello TODO\n"})
	line := "TODO " + strings.Repeat("x", 58) + "\n"
	if err := os.WriteFile(filepath.Join(proj, "big.txt"), []byte(strings.Repeat(line, maxTreeBytes/len(line)+1)), 0o644); err != nil {
		t.Fatal(err)
	}
	p := realPolicy(t, "")
	// The size bound, not the call's time-out: under the race detector
	// the 16 MiB scan may take longer than CheckTimeout.
	f := &fake{}
	cfg := f.config(shellPayloadB(proj, "grep -rn TODO ."), nil)
	cfg.LoadPolicy = func() (Policy, string, error) { return p, p.Version, nil }
	cfg.CheckTimeout = -1
	code, stdout := Run(cfg), f.stdout.String()
	if code != 2 || !strings.Contains(stdout, "scans at most 4096 files and 16 MiB") {
		t.Errorf("past the bound: code %d: %s", code, stdout)
	}
	wantBlock(t, p, "no file printed", shellPayloadB(proj, "grep -rn TODO README"), false)
}
