package home

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestUserHome covers issue 11 item 5: an unset, empty or relative HOME
// falls back to the account database, and an unknown home is an error (the
// hook then blocks) rather than a silent "" that switches off every ~ rule.
func TestUserHome(t *testing.T) {
	abs := func(p string) string { a, _ := filepath.Abs(p); return a }
	account := abs("/account/home")
	tests := []struct {
		name    string
		env     string
		account string
		accErr  error
		want    string
		wantErr string
	}{
		{"absolute HOME wins", abs("/env/home"), account, nil, abs("/env/home"), ""},
		{"empty HOME", "", account, nil, account, ""},
		{"relative HOME", "rel/home", account, nil, account, ""},
		{"neither known", "", "", errors.New("no passwd entry"), "", "no passwd entry"},
		{"account home relative", "", "rel", nil, "", "no absolute home"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv(envHome(), tt.env)
			old := accountHome
			accountHome = func() (string, error) { return tt.account, tt.accErr }
			defer func() { accountHome = old }()
			got, err := UserHome()
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) || !errors.Is(err, ErrNoHome) {
					t.Fatalf("UserHome() = %q, %v; want error containing %q", got, err, tt.wantErr)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("UserHome() = %q, %v; want %q", got, err, tt.want)
			}
		})
	}
}

// TestDirNeedsHome: with GUARD_HOME unset, guard's directory is under the
// home directory, so an unknown home is an error too.
func TestDirNeedsHome(t *testing.T) {
	t.Setenv(EnvDir, "")
	t.Setenv(envHome(), "")
	old := accountHome
	accountHome = func() (string, error) { return "", errors.New("no passwd entry") }
	defer func() { accountHome = old }()
	if d, err := Dir(); err == nil {
		t.Fatalf("Dir() = %q, want an error", d)
	}
	t.Setenv(EnvDir, t.TempDir())
	if _, err := Dir(); err != nil {
		t.Fatalf("Dir() with GUARD_HOME: %v", err)
	}
}

// TestStateDir: the anchor's directory is derived from the home directory
// alone, per system.
func TestStateDir(t *testing.T) {
	h := filepath.FromSlash("/home/ada")
	for _, tt := range []struct{ goos, want string }{
		{"linux", "/home/ada/.local/state/guard"},
		{"freebsd", "/home/ada/.local/state/guard"},
		{"darwin", "/home/ada/Library/Application Support/guard"},
		{"windows", "/home/ada/AppData/Local/guard"},
	} {
		if got := stateDirIn(h, tt.goos); got != filepath.FromSlash(tt.want) {
			t.Errorf("%s: %q, want %q", tt.goos, got, tt.want)
		}
	}
	t.Setenv(envHome(), t.TempDir())
	t.Setenv("XDG_STATE_HOME", t.TempDir()) // not read: see StateDir
	d, err := StateDir()
	if err != nil || !strings.HasPrefix(d, os.Getenv(envHome())) {
		t.Errorf("StateDir() = %q, %v; want it under the home directory", d, err)
	}
}
