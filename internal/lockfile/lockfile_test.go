package lockfile

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestMain lets the test binary act as a child process that increments a
// counter file under the lock, so the test exercises real cross-process
// locking rather than goroutines sharing one file table.
func TestMain(m *testing.M) {
	if p := os.Getenv("LOCKFILE_TEST_CHILD"); p != "" {
		if err := increment(p); err != nil {
			os.Stderr.WriteString(err.Error())
			os.Exit(3)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func increment(counter string) error {
	release, err := LockPath(counter + ".lock")
	if err != nil {
		return err
	}
	defer release()
	b, err := os.ReadFile(counter)
	if err != nil && !os.IsNotExist(err) {
		return err
	}
	n, _ := strconv.Atoi(strings.TrimSpace(string(b)))
	return os.WriteFile(counter, []byte(strconv.Itoa(n+1)), 0o600)
}

func TestLockPathSerialisesProcesses(t *testing.T) {
	counter := filepath.Join(t.TempDir(), "counter")
	const procs = 24
	cmds := make([]*exec.Cmd, procs)
	for i := range cmds {
		cmds[i] = exec.Command(os.Args[0], "-test.run=^$")
		cmds[i].Env = append(os.Environ(), "LOCKFILE_TEST_CHILD="+counter)
		if err := cmds[i].Start(); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range cmds {
		if err := c.Wait(); err != nil {
			t.Fatalf("child: %v", err)
		}
	}
	b, err := os.ReadFile(counter)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.TrimSpace(string(b)); got != strconv.Itoa(procs) {
		t.Fatalf("counter = %s after %d locked increments; a lost update means the lock did not hold", got, procs)
	}
}

func TestTryLockPath(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.lock")
	release, err := TryLockPath(path)
	if err != nil || release == nil {
		t.Fatalf("free lock: release %v, err %v", release != nil, err)
	}
	// A second open file description is a second holder, as another
	// process would be: the lock is busy.
	again, err := TryLockPath(path)
	if err != nil || again != nil {
		t.Fatalf("held lock: release %v, err %v; want nil, nil", again != nil, err)
	}
	if err := release(); err != nil {
		t.Fatal(err)
	}
	again, err = TryLockPath(path)
	if err != nil || again == nil {
		t.Fatalf("released lock: release %v, err %v", again != nil, err)
	}
	again()
}

func TestLockPathWithinGivesUp(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.lock")
	hold, err := TryLockPath(path)
	if err != nil || hold == nil {
		t.Fatal("could not take the lock", err)
	}
	if _, err := LockPathWithin(path, 50*time.Millisecond); !errors.Is(err, ErrTimeout) {
		t.Fatalf("held lock: err %v, want ErrTimeout", err)
	}
	hold()
	release, err := LockPathWithin(path, time.Second)
	if err != nil || release == nil {
		t.Fatalf("free lock: %v", err)
	}
	release()
}
