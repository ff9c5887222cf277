package policy

import (
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/shell"
)

// prepareCases are inputs whose verdicts must not depend on whether the
// detectors were built by Prepare, on another goroutine, or by Evaluate.
func prepareCases(home string) []event.Input {
	return []event.Input{
		{Kind: event.KindCommand, Text: "go test ./... 2>&1 | tail -n 40"},
		{Kind: event.KindRead, Text: filepath.Join(home, ".ssh", "id_rsa")},
		{Kind: event.KindRead, Text: "README.md"},
		{Kind: event.KindWrite, Text: filepath.Join(home, ".bashrc")},
		{Kind: event.KindWrite, Text: filepath.Join(home, "proj", "hooks", "b.sh")}, // a hook entry's program
		{Kind: event.KindWrite, Text: filepath.Join(home, "proj", "main.go")},
		{Kind: event.KindTouch, Text: filepath.Join(home, ".agent_a", "settings.json")},
		{Kind: event.KindTouch, Text: "TestParse"},
	}
}

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

// TestPrepareSameVerdicts: each input gets the same verdict from a policy
// prepared on another goroutine, while it is evaluated, as from one that
// builds its detectors itself (go test -race shows a data race here).
func TestPrepareSameVerdicts(t *testing.T) {
	home, proj := preparedHome(t)
	for _, in := range prepareCases(home) {
		want, err := preparedPolicy(t, home, proj).Evaluate([]event.Input{in})
		if err != nil {
			t.Fatal(err)
		}
		p := preparedPolicy(t, home, proj)
		var wg sync.WaitGroup
		wg.Go(func() { p.Prepare(event.KindCommand, event.KindRead, event.KindWrite, event.KindTouch) })
		got, err := p.Evaluate([]event.Input{in})
		wg.Wait()
		if err != nil {
			t.Fatal(err)
		}
		if got.Blocked() != want.Blocked() || got.Finding.Rule != want.Finding.Rule {
			t.Errorf("%s %q: prepared blocked=%v (%s), alone blocked=%v (%s)", in.Kind, in.Text,
				got.Blocked(), got.Finding.Rule, want.Blocked(), want.Finding.Rule)
		}
	}
	// The hook entry's program is protected either way.
	v, _ := preparedPolicy(t, home, proj).Evaluate([]event.Input{{Kind: event.KindWrite, Text: filepath.Join(proj, "hooks", "b.sh")}})
	if !v.Blocked() {
		t.Error("the program of a project hook entry is not write-protected")
	}
}

// panicFiles is a file reader that panics, as a bug in a build would.
type panicFiles struct{}

func (panicFiles) ReadFile(string, int) ([]byte, shell.FileStatus) { panic("read") }

// TestPrepareBrokenFailsClosed: a panic while the write rules are built
// (here, reading a hook entry's script) leaves no half-built rules behind:
// every later check of a write fails with an error (the hook blocks), even
// one that reached the rules through WriteProtectedPaths first.
func TestPrepareBrokenFailsClosed(t *testing.T) {
	home, proj := preparedHome(t)
	p := preparedPolicy(t, home, proj)
	p.UseFiles(panicFiles{})
	func() {
		defer func() { _ = recover() }()
		p.Prepare(event.KindWrite)
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
