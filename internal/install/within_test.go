package install

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"
)

// TestWithin: a settings file whose symlinks (of the file or of a directory
// on its path) lead out of Options.Within is refused and the file it leads
// to is left as it was; links that stay inside are followed.
func TestWithin(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symlinks need privileges on Windows")
	}
	tests := []struct {
		name   string
		setup  func(t *testing.T, proj, outside string) string // returns the settings path
		refuse bool
	}{
		{"plain file", func(t *testing.T, proj, outside string) string {
			return filepath.Join(proj, ".agent_c", "settings.json")
		}, false},
		{"link inside", func(t *testing.T, proj, outside string) string {
			mustMkdir(t, filepath.Join(proj, ".agent_c"))
			writeFile(t, filepath.Join(proj, "conf.json"), `{}`)
			mustSymlink(t, filepath.Join("..", "conf.json"), filepath.Join(proj, ".agent_c", "settings.json"))
			return filepath.Join(proj, ".agent_c", "settings.json")
		}, false},
		{"file link out", func(t *testing.T, proj, outside string) string {
			mustMkdir(t, filepath.Join(proj, ".agent_c"))
			mustSymlink(t, filepath.Join(outside, "victim.json"), filepath.Join(proj, ".agent_c", "settings.json"))
			return filepath.Join(proj, ".agent_c", "settings.json")
		}, true},
		{"relative link out", func(t *testing.T, proj, outside string) string {
			mustMkdir(t, filepath.Join(proj, ".agent_c"))
			mustSymlink(t, filepath.Join("..", "..", "outside", "victim.json"), filepath.Join(proj, ".agent_c", "settings.json"))
			return filepath.Join(proj, ".agent_c", "settings.json")
		}, true},
		{"link out to a new file", func(t *testing.T, proj, outside string) string {
			mustMkdir(t, filepath.Join(proj, ".agent_c"))
			mustSymlink(t, filepath.Join(outside, "new.json"), filepath.Join(proj, ".agent_c", "settings.json"))
			return filepath.Join(proj, ".agent_c", "settings.json")
		}, true},
		{"directory link out", func(t *testing.T, proj, outside string) string {
			mustSymlink(t, outside, filepath.Join(proj, ".agent_c"))
			return filepath.Join(proj, ".agent_c", "victim.json")
		}, true},
		{"dangling directory link", func(t *testing.T, proj, outside string) string {
			mustSymlink(t, filepath.Join(outside, "nodir"), filepath.Join(proj, ".agent_c"))
			return filepath.Join(proj, ".agent_c", "settings.json")
		}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			proj, outside := filepath.Join(dir, "proj"), filepath.Join(dir, "outside")
			mustMkdir(t, proj)
			mustMkdir(t, outside)
			victim := filepath.Join(outside, "victim.json")
			writeFile(t, victim, `{"a": 1}`)
			path := tt.setup(t, proj, outside)
			_, err := Apply(path, Options{Agent: AgentC, Self: goldenSelf, GOOS: "linux", LockDir: filepath.Join(dir, "locks"), Within: proj, Now: time.Now})
			var fe *FileError
			if tt.refuse != (err != nil) || (err != nil && !errors.As(err, &fe)) {
				t.Fatalf("Apply: %v, want refused=%v as a *FileError", err, tt.refuse)
			}
			if got, _ := os.ReadFile(victim); string(got) != `{"a": 1}` {
				t.Errorf("file outside changed: %s", got)
			}
			ents, _ := os.ReadDir(outside)
			if len(ents) != 1 {
				t.Errorf("files appeared outside: %v", ents)
			}
		})
	}
}

func mustSymlink(t *testing.T, old, new string) {
	t.Helper()
	if err := os.Symlink(old, new); err != nil {
		t.Fatal(err)
	}
}
