package hook

import (
	"errors"
	"os"
	"os/user"
	"path/filepath"
	"testing"
)

// TestAccountHome: ~NAME is the user's home when the account database
// gives NAME the home $HOME is (their links resolved), another's home
// when it gives another, and not known when the look-up fails; the
// look-ups of a call are bounded. The database is injected.
func TestAccountHome(t *testing.T) {
	home := t.TempDir()
	link := filepath.Join(t.TempDir(), "h")
	if err := os.Symlink(home, link); err != nil {
		t.Fatal(err)
	}
	t.Setenv("HOME", home)
	db := map[string]string{"me": home, "viaLink": link, "bob": "/home/bob"}
	find := func(name string) (*user.User, error) {
		if h, ok := db[name]; ok {
			return &user.User{Username: name, HomeDir: h}, nil
		}
		return nil, errors.New("unknown user")
	}
	clear(accountHomes)
	t.Cleanup(func() { clear(accountHomes) })
	for _, tc := range []struct {
		name, want string
		known      bool
	}{
		{"me", "~", true},
		{"viaLink", "~", true},
		{"bob", "/home/bob", true},
		{"gone", "", false},
		{"me", "~", true}, // answered again from what the call found
	} {
		if got, known := accountHome(tc.name, find); got != tc.want || known != tc.known {
			t.Errorf("accountHome(%q) = %q, %v; want %q, %v", tc.name, got, known, tc.want, tc.known)
		}
	}
	for i := range maxAccountLookups {
		accountHome(string(rune('a'+i)), find)
	}
	if _, known := accountHome("me2", func(string) (*user.User, error) { return &user.User{HomeDir: home}, nil }); known {
		t.Error("an account looked up past the bound is known, want not known")
	}
}
