package testenv

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// fakeTB records what Need and Missing do to a test.
type fakeTB struct {
	testing.TB
	fatal, skip string
}

func (f *fakeTB) Helper()                           {}
func (f *fakeTB) Name() string                      { return "TestFake/sub" }
func (f *fakeTB) Fatalf(format string, args ...any) { f.fatal = format }
func (f *fakeTB) Skipf(format string, args ...any)  { f.skip = format }

func TestNeed(t *testing.T) {
	notes := filepath.Join(t.TempDir(), "skips")
	t.Setenv(EnvSkips, notes)
	t.Setenv("CI", "")
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	f := &fakeTB{TB: t}
	if got := Need(f, "sh"); len(got) != 1 || got[0] != sh || f.skip != "" || f.fatal != "" {
		t.Errorf("sh: %q, skip %q, fatal %q", got, f.skip, f.fatal)
	}
	Need(f, "no-such-tool-guard-test")
	if f.skip == "" || f.fatal != "" {
		t.Errorf("missing tool outside CI: skip %q, fatal %q", f.skip, f.fatal)
	}
	b, _ := os.ReadFile(notes)
	wd, _ := os.Getwd()
	if want := wd + "\tTestFake/sub\tno-such-tool-guard-test not installed\n"; string(b) != want {
		t.Errorf("noted %q, want %q", b, want)
	}

	t.Setenv("CI", "true")
	f = &fakeTB{TB: t}
	Need(f, "no-such-tool-guard-test")
	if f.fatal == "" {
		t.Errorf("missing tool under CI: not a failure")
	}
	if b2, _ := os.ReadFile(notes); string(b2) != string(b) {
		t.Errorf("a failure under CI was noted as a skip: %q", b2)
	}
}

// TestSkipsSummary runs scripts/test-skips.sh, what make test prints at
// its end: each suite skipped, why, and how to install what is missing.
func TestSkipsSummary(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	root, _ := filepath.Abs(filepath.Join("..", ".."))
	notes := filepath.Join(t.TempDir(), "skips")
	lines := []string{
		root + "/installers\tTestSnapshotArchives/linux\tgoreleaser not installed",
		root + "/installers\tTestSnapshotArchives/darwin\tgoreleaser not installed",
		root + "/installers\tTestGoreleaserCheck\tgoreleaser not installed",
		root + "/internal/console\tTestConsoleBrowser\tchromium not installed",
		root + "/installers\tTestPowerShellSignatureAlgorithm/good\tssh-keygen not installed",
	}
	if err := os.WriteFile(notes, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(file string, env ...string) string {
		cmd := exec.Command(sh, filepath.Join(root, "scripts", "test-skips.sh"), file, root)
		cmd.Env = append(os.Environ(), env...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("test-skips.sh: %v\n%s", err, out)
		}
		return string(out)
	}
	out := run(notes, "CI=")
	for _, want := range []string{
		"make test: outside CI (CI is not set), these suites were skipped",
		"  installers: 2 tests (TestSnapshotArchives, TestGoreleaserCheck): goreleaser not installed\n",
		"  internal/console: 1 test (TestConsoleBrowser): chromium not installed\n",
		"  installers: 1 test (TestPowerShellSignatureAlgorithm): ssh-keygen not installed\n",
		"  goreleaser: go install github.com/goreleaser/goreleaser/v2@",
		"  chromium: apt-get install chromium\n",
		"  ssh-keygen: apt-get install openssh-client",
		"or run .ci/run, which installs them and runs make test with CI=true",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("summary lacks %q:\n%s", want, out)
		}
	}
	if out := run(filepath.Join(t.TempDir(), "none"), "CI="); out != "make test: nothing was skipped\n" {
		t.Errorf("nothing skipped: %q", out)
	}
	if out := run(filepath.Join(t.TempDir(), "none"), "CI=true"); out != "" {
		t.Errorf("under CI: %q", out)
	}
}
