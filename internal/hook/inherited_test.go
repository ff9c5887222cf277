package hook

import (
	"os"
	"testing"

	"github.com/guardhq/guard/internal/policy"
)

// TestInheritedExports: a variable in the agent's environment (guard's) is
// exported in the command's shell, so a plain assignment to it hands its
// value to every program run after it, in both bash.match
// modes; without it in the environment the value stays the shell's own.
func TestInheritedExports(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("HOME", dir)
	t.Setenv("GUARD_HOME", "")
	text, err := policy.Default()
	if err != nil {
		t.Fatal(err)
	}
	commands, _ := policy.Default()
	commands.Bash.Match = policy.MatchCommands
	tests := []struct {
		cmd, env string
		block    bool
	}{
		{"KUBECONFIG=~/.bashrc; kubectl config set-context x", "/tmp/k", true},
		{"DOCKER_CONFIG=~/.ssh; docker login", "/tmp/d", true},
		// (a command of its own: analyses are remembered by their text)
		{"KUBECONFIG=~/.bashrc; kubectl config set-context y", "", false},
		{"KUBECONFIG=./kubeconfig; kubectl get pods", "/tmp/k", false},
	}
	for _, tt := range tests {
		for _, name := range []string{"KUBECONFIG", "DOCKER_CONFIG"} {
			if tt.env != "" {
				t.Setenv(name, tt.env)
			} else {
				t.Setenv(name, "")
				os.Unsetenv(name)
			}
		}
		for _, p := range []*policy.Policy{text, commands} {
			r, err := DryRun(p, "command", tt.cmd, dir)
			if err != nil {
				t.Fatal(err)
			}
			if got := r.Verdict == "block"; got != tt.block {
				t.Errorf("%q (%s, env %q): blocked = %v (%s), want %v", tt.cmd, p.Bash.Match, tt.env, got, r.Reason, tt.block)
			}
		}
	}
}
