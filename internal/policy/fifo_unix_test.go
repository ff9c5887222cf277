//go:build unix

package policy

import (
	"errors"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/guardhq/guard/internal/regularfile"
)

// TestLoadRefusesAFIFO: a FIFO at rules.json must fail at once (every hook
// call would hang otherwise), with an error that blocks the hook.
func TestLoadRefusesAFIFO(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("GUARD_HOME", dir)
	if err := syscall.Mkfifo(filepath.Join(dir, "rules.json"), 0o600); err != nil {
		t.Skip("mkfifo:", err)
	}
	p, err := Load()
	if p != nil || !errors.Is(err, regularfile.ErrNotRegular) {
		t.Fatalf("Load = %v, %v; want a not-regular-file error", p, err)
	}
}
