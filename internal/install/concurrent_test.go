package install

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/guardhq/guard/internal/lockfile"
)

// childEnv makes the test binary act as one `guard init` process: it applies
// agent A's entries for the binary path in the variable to the settings file
// in GUARD_INSTALL_TEST_FILE. The variable is read only by this test file.
const childEnv = "GUARD_INSTALL_TEST_CHILD"

func TestMain(m *testing.M) {
	if self := os.Getenv(childEnv); self != "" {
		_, err := Apply(os.Getenv("GUARD_INSTALL_TEST_FILE"), Options{
			Agent:   AgentA,
			Self:    self,
			LockDir: os.Getenv("GUARD_INSTALL_TEST_LOCKS"),
		})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(3)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// TestConcurrentProcesses starts 16 init processes at once on one file, each
// writing the entry of a differently named binary (so none counts another's
// entry as its own). A lost update would drop an entry.
func TestConcurrentProcesses(t *testing.T) {
	const procs = 16
	dir := t.TempDir()
	settings := filepath.Join(dir, "settings.json")
	writeFile(t, settings, "{\n  \"model\": \"opus\"\n}\n")
	selfOf := func(i int) string {
		p := fmt.Sprintf("/opt/tool%d/guard-%d", i, i)
		if runtime.GOOS == "windows" {
			p = fmt.Sprintf(`C:\tool%d\guard-%d.exe`, i, i)
		}
		return p
	}
	cmds := make([]*exec.Cmd, procs)
	for i := range cmds {
		cmds[i] = exec.Command(os.Args[0], "-test.run=^$")
		cmds[i].Env = append(os.Environ(),
			childEnv+"="+selfOf(i),
			"GUARD_INSTALL_TEST_FILE="+settings,
			"GUARD_INSTALL_TEST_LOCKS="+filepath.Join(dir, "locks"))
		var stderr strings.Builder
		cmds[i].Stderr = &stderr
		if err := cmds[i].Start(); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range cmds {
		if err := c.Wait(); err != nil {
			t.Fatalf("child: %v: %s", err, c.Stderr)
		}
	}
	data, err := os.ReadFile(settings)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Model string
		Hooks map[string][]struct{ Command string }
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatalf("result does not parse: %v", err)
	}
	for _, h := range AgentA.Hooks() {
		ev := doc.Hooks[h]
		if len(ev) != procs {
			t.Fatalf("%s has %d groups, want %d: a lost update", h, len(ev), procs)
		}
		seen := map[string]bool{}
		for _, g := range ev {
			seen[g.Command] = true
		}
		for i := range procs {
			if !seen[Command(selfOf(i), runtime.GOOS)] {
				t.Errorf("%s lacks the entry of process %d", h, i)
			}
		}
	}
	if m := backups(t, settings); len(m) != 1 {
		t.Errorf("backups = %v, want exactly one", m)
	}
	if doc.Model != "opus" {
		t.Errorf("another key was lost")
	}
}

// TestLockWaitBounded: a process that holds the lock and never lets go makes
// Apply fail with a message naming the lock, not hang; the file is untouched.
func TestLockWaitBounded(t *testing.T) {
	dir := t.TempDir()
	settings := filepath.Join(dir, "settings.json")
	writeFile(t, settings, "{}\n")
	locks := filepath.Join(dir, "locks")
	mustMkdir(t, locks)
	release, err := lockfile.LockPath(lockPath(locks, settings, runtime.GOOS))
	if err != nil {
		t.Fatal(err)
	}
	_, err = Apply(settings, Options{Agent: AgentA, Self: goldenSelf, LockDir: locks, LockWait: 50 * time.Millisecond})
	if err == nil || !strings.Contains(err.Error(), "another process has held its lock") {
		t.Errorf("Apply under a held lock: %v", err)
	}
	if got, _ := os.ReadFile(settings); string(got) != "{}\n" {
		t.Errorf("file changed: %q", got)
	}
	if err := release(); err != nil {
		t.Fatal(err)
	}
	if _, err := Apply(settings, Options{Agent: AgentA, Self: goldenSelf, LockDir: locks}); err != nil {
		t.Errorf("Apply after the lock was released: %v", err)
	}
}
