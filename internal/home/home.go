// Package home locates guard's per-user directory and the files in it.
//
// The directory is ~/.guard unless GUARD_HOME names another one.
package home

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
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

// UserHome returns the current user's home directory, the one `~` stands for
// in path rules and agent settings paths.
func UserHome() (string, error) {
	h, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("locate home directory: %w", err)
	}
	if h == "" {
		return "", errors.New("locate home directory: HOME is empty")
	}
	return h, nil
}

// File returns the path of name inside guard's directory.
func File(name string) (string, error) {
	d, err := Dir()
	if err != nil {
		return "", err
	}
	return filepath.Join(d, name), nil
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
