package hook

import (
	"testing"

	"github.com/guardhq/guard/internal/agent"
	"github.com/guardhq/guard/internal/policy"
	"github.com/guardhq/guard/internal/shell"
)

// TestSharedAnalysis: the runFiles the hook and the policy get for one
// call are equal, so the policy's analysis of a command is the hook's
// (shell.Analyze remembers it by its options), not a second one.
func TestSharedAnalysis(t *testing.T) {
	p, err := policy.Default()
	if err != nil {
		t.Fatal(err)
	}
	call := &agent.Call{Cwd: t.TempDir()}
	prot := newProtected(p)
	a, b := filesWith(call, agent.Options{}, prot), filesWith(call, agent.Options{}, prot)
	if a != b {
		t.Fatal("two runFiles for one call differ")
	}
	cmd := "git status && make -C build all"
	x := shell.Analyze(cmd, shell.Options{Home: a.home, Files: a})
	shell.Analyze("ls", shell.Options{Home: a.home, Files: a})
	if y := shell.Analyze(cmd, shell.Options{Home: b.home, Files: b}); x != y {
		t.Error("the same command analysed again with equal options")
	}
}
