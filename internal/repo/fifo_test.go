//go:build unix

package repo

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestNameNeverWaitsOnAFIFO: a .git/config or a .git file that is a FIFO
// (the working directory comes from the payload, and the agent can make one)
// names no repository instead of blocking the hook call until the agent gives
// up on it. Without the guard in readBounded, Name waits for a writer forever:
// the bound below only turns that hang into a failure, it measures no speed.
func TestNameNeverWaitsOnAFIFO(t *testing.T) {
	root := t.TempDir()
	cfgFIFO := filepath.Join(root, "cfg")
	if err := os.MkdirAll(filepath.Join(cfgFIFO, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	gitFIFO := filepath.Join(root, "gitfile")
	if err := os.MkdirAll(gitFIFO, 0o755); err != nil {
		t.Fatal(err)
	}
	fifos := []string{filepath.Join(cfgFIFO, ".git", "config"), filepath.Join(gitFIFO, ".git")}
	for _, p := range fifos {
		if err := syscall.Mkfifo(p, 0o600); err != nil {
			t.Skipf("mkfifo: %v", err)
		}
	}
	for i, dir := range []string{cfgFIFO, gitFIFO} {
		done := make(chan string, 1)
		go func() { done <- Name(dir) }()
		select {
		case got := <-done:
			if got != "" {
				t.Errorf("Name(%s) = %q, want \"\"", dir, got)
			}
		case <-time.After(time.Minute):
			// Release the reader so the test binary can end.
			if w, err := os.OpenFile(fifos[i], os.O_WRONLY, 0); err == nil {
				w.Close()
			}
			t.Fatalf("Name(%s) blocked on a FIFO", dir)
		}
	}
}
