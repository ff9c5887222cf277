package hook

import (
	"os"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/policy"
)

// TestNullCmdEnv: zsh runs $NULLCMD (cat) for a command of redirections
// only, and $READNULLCMD (more) for a lone <; the values the hook's
// environment gives are the program, and one guard cannot read as a
// program name blocks.
func TestNullCmdEnv(t *testing.T) {
	hermetic(t)
	t.Setenv("SHELL", "/bin/zsh")
	p, err := policy.Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, value, cmd, verdict, reason string
	}{
		{"NULLCMD", "", "<<<hello | grep h", "allow", ""},
		{"NULLCMD", "cat", "<<<hello | grep h", "allow", ""},
		{"NULLCMD", "$(mytool)", "<<<hello | grep h", "block", "$NULLCMD"},
		{"NULLCMD", "cat -v", "> out.txt", "block", "$NULLCMD"},
		{"READNULLCMD", "less", "< notes.txt", "allow", ""},
		{"READNULLCMD", "x;sh", "< notes.txt", "block", "$READNULLCMD"},
		{"READNULLCMD", "x;sh", "<<<hello", "allow", ""}, // a here-string runs $NULLCMD
	} {
		for _, n := range []string{"NULLCMD", "READNULLCMD"} {
			t.Setenv(n, tc.value) // (restored after the test)
			if n != tc.name || tc.value == "" {
				if err := os.Unsetenv(n); err != nil {
					t.Fatal(err)
				}
			}
		}
		r, err := DryRun(p, "command", tc.cmd, "/home/dev/proj")
		if err != nil {
			t.Fatal(err)
		}
		if r.Verdict != tc.verdict || !strings.Contains(r.Reason, tc.reason) {
			t.Errorf("%s=%q %q: %s (%s), want %s with %q", tc.name, tc.value, tc.cmd, r.Verdict, r.Reason, tc.verdict, tc.reason)
		}
	}
}
