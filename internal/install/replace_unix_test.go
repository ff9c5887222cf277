//go:build unix

package install

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestReplaceRefused: a read-only settings file, or one another user owns,
// is left as it is (same content, mode and owner), and no backup appears.
func TestReplaceRefused(t *testing.T) {
	tests := []struct {
		name  string
		mode  os.FileMode
		chown bool // give the file to uid 65534 (needs root)
	}{
		{"read-only", 0o444, false},
		{"no write bit, group read", 0o440, false},
		{"owned by another user", 0o644, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.chown && os.Geteuid() != 0 {
				t.Skip("chown needs root")
			}
			dir := t.TempDir()
			settings := filepath.Join(dir, "settings.json")
			writeFile(t, settings, `{"x": 1}`)
			if err := os.Chmod(settings, tt.mode); err != nil {
				t.Fatal(err)
			}
			if tt.chown {
				if err := os.Chown(settings, 65534, -1); err != nil {
					t.Fatal(err)
				}
			}
			fi, _ := os.Stat(settings)
			_, err := Apply(settings, Options{Agent: AgentA, Self: goldenSelf, GOOS: "linux", LockDir: filepath.Join(dir, "locks")})
			var fe *FileError
			if !errors.As(err, &fe) {
				t.Fatalf("Apply = %v, want a *FileError", err)
			}
			got, _ := os.ReadFile(settings)
			fi2, _ := os.Stat(settings)
			if string(got) != `{"x": 1}` || !os.SameFile(fi, fi2) || fi2.Mode() != fi.Mode() {
				t.Errorf("file replaced: %s %v", got, fi2.Mode())
			}
			if b := backups(t, settings); len(b) != 0 {
				t.Errorf("backup written: %v", b)
			}
			// A dry run still shows what would change.
			if res, err := Apply(settings, Options{Agent: AgentA, Self: goldenSelf, GOOS: "linux", DryRun: true}); err != nil || !res.Changed {
				t.Errorf("dry run: %v %+v", err, res)
			}
		})
	}
}
