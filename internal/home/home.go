// Package home locates guard's per-user directory and the files in it, and
// the user's home directory that ~ stands for in path rules.
//
// The directory is ~/.guard unless GUARD_HOME names another one.
//
// # The home directory
//
// ~ is $HOME (%USERPROFILE% on Windows) when that is an absolute path, as
// the shells that run an agent's commands expand it. When it is unset, empty
// or relative, the home directory comes from the account database (the
// passwd entry of the current user), so that an agent started without HOME
// cannot switch off every ~ rule. When neither is known, [UserHome] fails and
// the hook blocks.
package home

import (
	"errors"
	"fmt"
	"os"
	"os/user"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
)

// EnvDir is the environment variable that moves guard's directory.
const EnvDir = "GUARD_HOME"

// Dir returns guard's per-user directory: $GUARD_HOME if set, else ~/.guard.
// It does not create the directory.
func Dir() (string, error) {
	if d := os.Getenv(EnvDir); d != "" {
		return filepath.Abs(d)
	}
	h, err := UserHome()
	if err != nil {
		return "", err
	}
	return filepath.Join(h, ".guard"), nil
}

// ErrNoHome is returned (wrapped) when the home directory is not known.
var ErrNoHome = errors.New("home directory unknown")

// UserHome returns the current user's home directory, the one `~` stands for
// in path rules and agent settings paths: $HOME when it is an absolute path,
// else the account database's entry for the current user (see the package
// documentation). An error means neither is known.
func UserHome() (string, error) {
	if h := os.Getenv(envHome()); filepath.IsAbs(h) {
		return h, nil
	}
	h, err := accountHome()
	if err != nil {
		return "", fmt.Errorf("%w: %s is unset, empty or relative, and the account database has no home for this user (%v)", ErrNoHome, envHome(), err)
	}
	if !filepath.IsAbs(h) {
		return "", fmt.Errorf("%w: %s is unset, empty or relative, and the account database has no absolute home for this user (%q)", ErrNoHome, envHome(), h)
	}
	return h, nil
}

// envHome is the variable the platform keeps the home directory in.
func envHome() string {
	switch runtime.GOOS {
	case "windows":
		return "USERPROFILE"
	case "plan9":
		return "home"
	}
	return "HOME"
}

// accountHome returns the home directory the account database records for
// the current user. A test may replace it.
var accountHome = func() (string, error) {
	u, err := user.Current()
	if err != nil {
		return "", err
	}
	if u.HomeDir == "" {
		return "", errors.New("no home directory recorded")
	}
	return u.HomeDir, nil
}

// File returns the path of name inside guard's directory.
func File(name string) (string, error) {
	d, err := Dir()
	if err != nil {
		return "", err
	}
	return filepath.Join(d, name), nil
}

// StateDir returns the directory where guard keeps state outside its own
// directory: the audit log's anchor (package audit). It is derived from the
// home directory alone, so that the hook (started by an agent's client), the
// command line and the console service, whose environments differ, all find
// the same one:
//
//	Linux and other Unix: ~/.local/state/guard (XDG_STATE_HOME's default)
//	macOS:                ~/Library/Application Support/guard
//	Windows:              ~\AppData\Local\guard (%LOCALAPPDATA%'s default)
//
// $XDG_STATE_HOME and %LOCALAPPDATA% are not read: a process started without
// them (a service, an app launched from the desktop) would look elsewhere
// and find no anchor. It does not create the directory.
func StateDir() (string, error) {
	h, err := UserHome()
	if err != nil {
		return "", err
	}
	return StateDirFor(h), nil
}

// StateDirFor is StateDir for the home directory h.
func StateDirFor(h string) string { return stateDirIn(h, runtime.GOOS) }

// stateDirIn is StateDir for the home directory h on the system goos.
func stateDirIn(h, goos string) string {
	switch goos {
	case "darwin", "ios":
		return filepath.Join(h, "Library", "Application Support", "guard")
	case "windows":
		return filepath.Join(h, "AppData", "Local", "guard")
	}
	return filepath.Join(h, ".local", "state", "guard")
}

// Names of the files guard keeps in its directory.
const (
	PolicyName    = "rules.json"
	SignatureName = "rules.json.sig"
	AuditName     = "audit.log"
)

// Ensure creates guard's directory with mode 0700 if it does not exist and
// returns its path.
func Ensure() (string, error) {
	d, err := Dir()
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(d, 0o700); err != nil {
		return "", fmt.Errorf("create %s: %w", d, err)
	}
	return d, nil
}

// SelfName returns the name guard's own executable runs as: its base name,
// lower case, without .exe ("" when the system does not say). A command
// that runs a program of that name runs guard, however it was renamed.
var SelfName = sync.OnceValue(func() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	return strings.TrimSuffix(strings.ToLower(filepath.Base(exe)), ".exe")
})
