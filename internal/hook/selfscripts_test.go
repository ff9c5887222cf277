package hook

import (
	"os"
	"testing"
)

// TestOwnScriptsAsCommands: guard's own helper scripts, pasted whole as a
// command, pass: [ is test, awk's comparisons print into no file, and
// awk code that opens nothing only reads its operands.
func TestOwnScriptsAsCommands(t *testing.T) {
	text, err := os.ReadFile("../../scripts/test-skips.sh")
	if err != nil {
		t.Fatal(err)
	}
	_, proj := scriptWorld(t, map[string]string{"a.txt": "a\n"})
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		r, err := DryRun(p, "command", string(text), proj)
		if err != nil || r.Verdict != "allow" {
			t.Errorf("%s: scripts/test-skips.sh: %+v %v, want allowed", mode, r, err)
		}
	}
}
