//go:build unix

package install

import (
	"path/filepath"
	"syscall"
	"testing"
)

// TestSettingsFIFO: a settings file that leads to a FIFO is refused at once,
// not waited on.
func TestSettingsFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip(err)
	}
	settings := filepath.Join(dir, "settings.json")
	mustSymlink(t, fifo, settings)
	if _, err := Apply(settings, Options{Agent: AgentC, Self: goldenSelf, GOOS: "linux", LockDir: filepath.Join(dir, "locks")}); err == nil {
		t.Fatal("Apply accepted a FIFO")
	}
}
