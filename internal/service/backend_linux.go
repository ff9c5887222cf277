package service

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strings"

	kservice "github.com/kardianos/service"
)

// systemdBackend is a systemd user unit driven through `systemctl --user`.
type systemdBackend struct {
	unit string // the rendered unit file
	path string // ~/.config/systemd/user/guard.service
	svc  kservice.Service
}

func newBackend(spec Spec) (backend, error) {
	unit, err := SystemdUnit(spec)
	if err != nil {
		return nil, err
	}
	// The library writes the unit under os.UserHomeDir; so do we.
	h, err := os.UserHomeDir()
	if err != nil {
		return nil, fmt.Errorf("locate home directory: %w", err)
	}
	svc, err := kardianos("linux-systemd", strings.TrimSuffix(UnitName, ".service"), unit, spec, kservice.KeyValue{
		"UserService":   true,
		"SystemdScript": unit,
	})
	if err != nil {
		return nil, err
	}
	return &systemdBackend{unit: unit, path: filepath.Join(h, ".config", "systemd", "user", UnitName), svc: svc}, nil
}

func (b *systemdBackend) platform() string { return "systemd --user" }
func (b *systemdBackend) location() string { return b.path }
func (b *systemdBackend) logHint() string {
	return "see its log with 'journalctl --user -u guard' and its state with 'systemctl --user status guard'"
}

func (b *systemdBackend) defined() (bool, bool, error) { return readDefinition(b.path, b.unit) }

// preflight explains the usual reasons `systemctl --user` cannot work:
// no systemd, no XDG_RUNTIME_DIR (su, sudo, cron), no user manager.
func (b *systemdBackend) preflight() error {
	if _, err := exec.LookPath("systemctl"); err != nil {
		return hint(errors.New("systemctl not found: 'guard service' needs systemd on linux"),
			"start the console yourself with 'guard serve', for example from your desktop's autostart or your shell's login file")
	}
	if os.Getenv("XDG_RUNTIME_DIR") == "" && os.Getenv("DBUS_SESSION_BUS_ADDRESS") == "" {
		return hint(errors.New("XDG_RUNTIME_DIR is not set, so 'systemctl --user' cannot reach your systemd user manager"),
			"run this from your own login session (desktop or ssh, not su or sudo), or first run: export XDG_RUNTIME_DIR=/run/user/$(id -u)")
	}
	_, stderr, err := runBounded("systemctl", "--user", "show-environment")
	if err == nil {
		return nil
	}
	msg := firstLine(stderr)
	if msg == "" {
		msg = err.Error()
	}
	u := userName()
	if strings.Contains(msg, "bus") || strings.Contains(msg, "No medium found") || strings.Contains(msg, "Connection refused") {
		return hint(fmt.Errorf("no systemd user manager is running for %s (systemctl --user: %s)", u, msg),
			fmt.Sprintf("log in through a desktop or ssh session so that systemd starts one; on a server, let it run without a login: loginctl enable-linger %s", u))
	}
	return hint(fmt.Errorf("systemctl --user does not work here: %s", msg), "run 'systemctl --user status' to see what systemd says")
}

func (b *systemdBackend) install() error {
	if err := b.svc.Install(); err != nil {
		_ = os.Remove(b.path) // leave nothing half-installed behind
		return hint(fmt.Errorf("systemctl --user enable %s: %w", UnitName, err), "run 'systemctl --user enable guard' to see what systemd says")
	}
	return nil
}

func (b *systemdBackend) uninstall() error {
	if err := b.svc.Uninstall(); err != nil {
		// disable fails for a unit systemd never read; the file must go anyway.
		if rmErr := os.Remove(b.path); rmErr != nil && !errors.Is(rmErr, os.ErrNotExist) {
			return fmt.Errorf("systemctl --user disable %s: %w", UnitName, errors.Join(err, rmErr))
		}
		_, _, _ = runBounded("systemctl", "--user", "daemon-reload")
	}
	_, _, _ = runBounded("systemctl", "--user", "reset-failed", UnitName)
	return nil
}

func (b *systemdBackend) start() error   { return b.svc.Start() }
func (b *systemdBackend) stop() error    { return b.svc.Stop() }
func (b *systemdBackend) restart() error { return b.svc.Restart() }

func (b *systemdBackend) state() (State, error) { return kstate(b.svc) }

// notes warns when the user manager, and so the console, ends at logout.
func (b *systemdBackend) notes() []string {
	u := userName()
	out, _, err := runBounded("loginctl", "show-user", u, "--property=Linger")
	if err != nil {
		return nil
	}
	if linger, ok := ParseLinger(out); ok && !linger {
		return []string{fmt.Sprintf("the console stops when you log out; to keep it running, run: loginctl enable-linger %s", u)}
	}
	return nil
}

func userName() string {
	if u, err := user.Current(); err == nil && u.Username != "" {
		return u.Username
	}
	if u := os.Getenv("USER"); u != "" {
		return u
	}
	return "$USER"
}
