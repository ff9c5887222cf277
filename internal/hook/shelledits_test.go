package hook

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestShellEditSecrets: a shell command that changes a
// file holding a secret in place (sed -i, perl -pi, interpreter code, dd
// conv=notrunc) blocks on every agent unless guard computes the change and
// it leaves the secret whole (sed -i with literal substitutions); a clean
// file's edit, a copy or an output over the file, and an edit beside the
// secret pass.
func TestShellEditSecrets(t *testing.T) {
	tok := "ghp_" + "16C7e42F292c6912E7710c838347Ae178B4a"
	_, proj := scriptWorld(t, map[string]string{"settings.py": "DEBUG = True\nTOKEN = \"" + tok + "\"\n", "main.go": "package main\n\nfunc foo() {}\n",
		"other.py": "x = 1\n"})
	p := realPolicy(t, "")
	agents := map[string]func(string) string{
		"A": func(cmd string) string {
			return `{"hook_event_name":"PreToolUse","tool_name":"Bash","cwd":` + jsonString(proj) + `,"tool_input":{"command":` + jsonString(cmd) + `}}`
		},
		"B": func(cmd string) string {
			return `{"hookEventName":"beforeShellExecution","cwd":` + jsonString(proj) + `,"command":` + jsonString(cmd) + `}`
		},
		"C": func(cmd string) string {
			return `{"hook_event_name":"BeforeTool","tool_name":"run_shell_command","cwd":` + jsonString(proj) + `,"tool_input":{"command":` + jsonString(cmd) + `}}`
		},
	}
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{`sed -i 's/E7710/E77 10/' settings.py`, true},           // computed: the token reshaped
		{`sed -i 's/E77.10/E77 10/' settings.py`, true},          // a pattern guard does not compute
		{`perl -pi -e 's/E7710/E77 10/' settings.py`, true},      // perl's code
		{`sed -i 's/ghp_16C7e42F292c/&\xff/' settings.py`, true}, // a byte inside the token
		{`sed -i 's/E7710/E77 10/' *.py`, true},                  // the shell's pattern names it
		{`sed -i 's/E77.10/E77 10/' "$PWD/settings.py"`, true},
		{`cd .. && sed -i 's/E77.10/E77 10/' proj/settings.py`, true},
		{`cp settings.py s2.py && sed -i 's/E77.10/E77 10/' s2.py`, true}, // a copy the command made, then edited
		{`cp settings.py s2.py && sed -i 's/E7710/E77 10/' s2.py`, true},
		{`python3 -c "p='settings.py';t=open(p).read();open(p,'w').write(t.replace('E7710','E77 10'))"`, true},
		{`printf ' ' | dd of=settings.py bs=1 seek=30 conv=notrunc`, true},
		{`truncate -s 30 settings.py`, true},
		{`sed -i 's/foo/bar/' main.go`, false},           // a clean file
		{`sed -i 's/fo*/bar/' main.go`, false},           // a pattern, a clean file
		{`perl -pi -e 's/x/y/' other.py`, false},         // perl, a clean file
		{`sed -i 's/DEBUG/VERBOSE/' settings.py`, false}, // computed: beside the token
		{`sed -i 's/TOKEN = /TOKEN=/' settings.py`, false},
		{`echo 'x = 2' > settings.py`, false}, // known text replaces it
		{`echo 'x = 2' >> settings.py`, false},
		{`mytool > settings.py`, false},            // the shell empties it first
		{`cp other.py settings.py`, false},         // another file's text whole
		{`chmod 600 settings.py`, false},           // no text changed
		{`git add settings.py`, false},             // the index, not the file
		{`sed -i 's/E7710/E77 10/' new.py`, false}, // no such file
	} {
		for name, payload := range agents {
			code, stdout, stderr, _ := runReal(t, p, payload(tc.cmd))
			blocked := code == 2 || strings.Contains(stdout, `"deny"`) || json.Valid([]byte(stdout)) && containsDeny(stdout)
			if blocked != tc.block {
				t.Errorf("%s %s: blocked = %v, want %v: %s%s", name, tc.cmd, blocked, tc.block, stdout, stderr)
			}
			if blocked && strings.Contains(stdout+stderr, "E7710c838347") {
				t.Errorf("%s %s: the reason quotes the secret: %s%s", name, tc.cmd, stdout, stderr)
			}
		}
	}
}
