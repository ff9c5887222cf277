//go:build unix

package realpath

import (
	"os"
	"path/filepath"
	"testing"
)

func TestTarget(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	home := filepath.Join(root, "home")
	ssh := filepath.Join(home, ".ssh")
	if err := os.MkdirAll(ssh, 0o700); err != nil {
		t.Fatal(err)
	}
	key := filepath.Join(ssh, "id_ed25519")
	os.WriteFile(key, []byte("k"), 0o600)
	proj := filepath.Join(root, "proj")
	os.MkdirAll(proj, 0o755)
	os.Symlink(key, filepath.Join(proj, "notes.txt")) // file link
	os.Symlink(ssh, filepath.Join(proj, "keys"))      // directory link
	os.WriteFile(filepath.Join(proj, "plain.txt"), nil, 0o644)

	tests := []struct {
		path, want string
		moved      bool
	}{
		{filepath.Join(proj, "notes.txt"), key, true},
		{filepath.Join(proj, "keys", "id_ed25519"), key, true},
		{filepath.Join(proj, "keys", "new_key"), filepath.Join(ssh, "new_key"), true}, // not there yet: its directory is followed
		{filepath.Join(proj, "plain.txt"), "", false},
		{filepath.Join(proj, "missing", "deeper"), "", false},
		{"~/.ssh/id_ed25519", "", false},       // ~ expands to home, which holds no link
		{"$HOME/../proj/notes.txt", key, true}, // $HOME expands as in the path rules
		{"relative/path", "", false},
	}
	for _, tt := range tests {
		got, moved := Target(tt.path, home)
		if got != tt.want || moved != tt.moved {
			t.Errorf("Target(%q) = %q, %v; want %q, %v", tt.path, got, moved, tt.want, tt.moved)
		}
	}
}
