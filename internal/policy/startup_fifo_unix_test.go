//go:build unix

package policy

import (
	"path/filepath"
	"syscall"
	"testing"

	"github.com/guardhq/guard/internal/event"
)

// TestStartupFIFO: a start-up file that is a FIFO nobody writes to is
// skipped at once, not waited on (the test would hang otherwise): every
// write the hook checks reads the start-up files.
func TestStartupFIFO(t *testing.T) {
	home := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(home, ".bashrc"), 0o600); err != nil {
		t.Skip("mkfifo:", err)
	}
	p := mustParse(t, `{}`)
	p.Home, p.ZDotDir = home, ""
	v, err := p.Evaluate([]event.Input{{Kind: event.KindWrite, Text: filepath.Join(home, "proj", "main.go")}})
	if err != nil || v.Blocked() {
		t.Fatalf("a project write: %v, %v", v.Finding.Reason, err)
	}
}
