package policy

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/shell"
)

// preparedHome is a home whose project has a hook entry, so that building
// the write rules reads and analyses hook files.
func preparedHome(t *testing.T) (home, proj string) {
	t.Helper()
	home = t.TempDir()
	proj = filepath.Join(home, "proj")
	f := filepath.Join(proj, ".agent_b", "hooks.json")
	if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(f, []byte(`{"hooks":{"beforeShellExecution":[{"command":"./hooks/b.sh"}]}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	return home, proj
}

func preparedPolicy(t *testing.T, home, proj string) *Policy {
	t.Helper()
	p, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	p.Home = home
	p.UseCwd(proj)
	return p
}

// panicFiles is a file reader that panics, as a bug in a build would.
type panicFiles struct{}

func (panicFiles) ReadFile(string, int) ([]byte, shell.FileStatus) { panic("read") }

// TestBrokenRulesFailClosed: a panic while the write rules are built
// (here, reading a hook entry's script) leaves no half-built rules behind:
// every later check of a write fails with an error (the hook blocks).
func TestBrokenRulesFailClosed(t *testing.T) {
	home, proj := preparedHome(t)
	p := preparedPolicy(t, home, proj)
	p.UseFiles(panicFiles{})
	func() {
		defer func() { _ = recover() }()
		_, _ = p.Evaluate([]event.Input{{Kind: event.KindWrite, Text: "x"}})
	}()
	if p.cache.progsRead {
		t.Error("the hook programs read half way were kept")
	}
	for _, in := range []event.Input{
		{Kind: event.KindWrite, Text: filepath.Join(proj, "hooks", "b.sh")},
		{Kind: event.KindWrite, Text: filepath.Join(proj, "main.go")},
		{Kind: event.KindTouch, Text: "x"},
	} {
		if _, err := p.Evaluate([]event.Input{in}); err == nil {
			t.Errorf("%s %q: evaluated after a panic in the build, want an error", in.Kind, in.Text)
		}
	}
}
