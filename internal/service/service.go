// Package service runs the guard console (`guard serve`) as a per-user
// background service, installed without administrator rights.
//
// # Platforms
//
//   - Linux: a systemd user unit, ~/.config/systemd/user/guard.service, with
//     WantedBy=default.target, driven through `systemctl --user`.
//   - macOS: a launchd agent, ~/Library/LaunchAgents/io.github.guardhq.guard.plist,
//     with RunAtLoad, driven through `launchctl`.
//   - Windows: a value named guard under
//     HKCU\Software\Microsoft\Windows\CurrentVersion\Run that runs
//     `guard service start` at logon, which starts `guard serve` detached and
//     records its process id. Windows services proper need an elevated prompt
//     and run outside the user's profile, so they are not used.
//
// On Linux and macOS, github.com/kardianos/service writes the definition and
// calls the service manager; this package renders the definition itself (so
// it can be checked against golden files on any system), makes every
// operation idempotent, and turns the service manager's failures into
// errors that say what to do (see HintError).
package service

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/guardhq/guard/internal/home"
)

// State is what the service manager reports about the console service.
type State int

// The states of the console service.
const (
	NotInstalled State = iota // no service definition exists
	Stopped                   // installed, not running
	Running                   // installed and running
	Failed                    // installed, stopped after a failure
)

func (s State) String() string {
	switch s {
	case NotInstalled:
		return "not installed"
	case Stopped:
		return "stopped"
	case Running:
		return "running"
	case Failed:
		return "failed"
	}
	return fmt.Sprintf("state(%d)", int(s))
}

// Status describes the console service.
type Status struct {
	State    State
	Platform string // the service manager, e.g. "systemd --user"
	Location string // the service definition: a file path or a registry value
	Log      string // where to read its output
}

// Result says what an operation did, in words for a person, with notes to
// show after it (such as how to keep the service running after logout).
type Result struct {
	Action   string
	Platform string
	Location string
	Notes    []string
}

// ErrNotInstalled is returned by Start and Restart when there is nothing to
// start.
var ErrNotInstalled = errors.New("the guard console service is not installed")

// HintError is an error with a hint that tells a person what to do about it.
type HintError struct {
	Err  error
	Hint string
}

func (e *HintError) Error() string { return e.Err.Error() }
func (e *HintError) Unwrap() error { return e.Err }

func hint(err error, h string) error { return &HintError{Err: err, Hint: h} }

// backend is one platform's service manager.
type backend interface {
	platform() string
	location() string
	logHint() string
	// defined reports whether a service definition exists and, if so,
	// whether it is the one this binary would write.
	defined() (exists, current bool, err error)
	// preflight checks that the service manager can be reached.
	preflight() error
	install() error   // write the definition and enable it; none exists
	uninstall() error // disable and remove the definition; it is stopped
	start() error
	stop() error
	restart() error
	state() (State, error) // of an existing definition
	notes() []string       // shown after install
}

// Manager installs and controls the console service for the current user.
type Manager struct {
	b backend
}

// Install writes the service definition, enables it and starts it. When a
// definition exists it is replaced if it differs (another binary path, say)
// and started if it is not running; otherwise nothing changes.
func (m *Manager) Install() (Result, error) {
	r := m.result("")
	exists, current, err := m.b.defined()
	if err != nil {
		return r, err
	}
	if err := m.b.preflight(); err != nil {
		return r, err
	}
	switch {
	case !exists:
		if err := m.b.install(); err != nil {
			return r, fmt.Errorf("install %s: %w", m.b.location(), err)
		}
		r.Action = "installed and started"
	case !current:
		_ = m.b.stop() // it may not be running; uninstall reports real trouble
		if err := m.b.uninstall(); err != nil {
			return r, fmt.Errorf("replace %s: %w", m.b.location(), err)
		}
		if err := m.b.install(); err != nil {
			return r, fmt.Errorf("install %s: %w", m.b.location(), err)
		}
		r.Action = "updated and restarted"
	default:
		st, err := m.b.state()
		if err != nil {
			return r, err
		}
		if st == Running {
			r.Action = "already installed and running"
			r.Notes = m.b.notes()
			return r, nil
		}
		r.Action = "already installed; started"
	}
	if err := m.b.start(); err != nil {
		return r, hint(fmt.Errorf("start the console service: %w", err), m.b.logHint())
	}
	r.Notes = m.b.notes()
	return r, nil
}

// Uninstall stops the service if it runs and removes its definition. With
// nothing installed it does nothing.
func (m *Manager) Uninstall() (Result, error) {
	r := m.result("not installed; nothing to do")
	exists, _, err := m.b.defined()
	if err != nil || !exists {
		return r, err
	}
	if err := m.b.preflight(); err != nil {
		return r, err
	}
	st, err := m.b.state()
	if err != nil {
		return r, err
	}
	r.Action = "uninstalled"
	if st == Running {
		if err := m.b.stop(); err != nil {
			return r, fmt.Errorf("stop the console service: %w", err)
		}
		r.Action = "stopped and uninstalled"
	} else {
		_ = m.b.stop() // clears a failed or half-loaded job; harmless otherwise
	}
	if err := m.b.uninstall(); err != nil {
		return r, fmt.Errorf("uninstall %s: %w", m.b.location(), err)
	}
	return r, nil
}

// Start starts the installed service unless it is running.
func (m *Manager) Start() (Result, error) {
	r := m.result("")
	st, err := m.current()
	if err != nil {
		return r, err
	}
	switch st {
	case NotInstalled:
		return r, hint(ErrNotInstalled, "run 'guard service install'")
	case Running:
		r.Action = "already running"
		return r, nil
	}
	if err := m.b.start(); err != nil {
		return r, hint(fmt.Errorf("start the console service: %w", err), m.b.logHint())
	}
	r.Action = "started"
	return r, nil
}

// Stop stops the service if it runs. With nothing installed or nothing
// running it does nothing.
func (m *Manager) Stop() (Result, error) {
	r := m.result("")
	st, err := m.current()
	if err != nil {
		return r, err
	}
	switch st {
	case NotInstalled:
		r.Action = "not installed; nothing to stop"
		return r, nil
	case Stopped, Failed:
		r.Action = "already stopped"
		return r, nil
	}
	if err := m.b.stop(); err != nil {
		return r, fmt.Errorf("stop the console service: %w", err)
	}
	r.Action = "stopped"
	return r, nil
}

// Restart stops the service if it runs, then starts it.
func (m *Manager) Restart() (Result, error) {
	r := m.result("")
	st, err := m.current()
	if err != nil {
		return r, err
	}
	if st == NotInstalled {
		return r, hint(ErrNotInstalled, "run 'guard service install'")
	}
	if err := m.b.restart(); err != nil {
		return r, hint(fmt.Errorf("restart the console service: %w", err), m.b.logHint())
	}
	r.Action = "restarted"
	return r, nil
}

// Status reports the service's state without changing anything.
func (m *Manager) Status() (Status, error) {
	st, err := m.current()
	return Status{State: st, Platform: m.b.platform(), Location: m.b.location(), Log: m.b.logHint()}, err
}

// current is the state, checking the service manager only when a
// definition exists (so that "not installed" needs no service manager).
func (m *Manager) current() (State, error) {
	exists, _, err := m.b.defined()
	if err != nil || !exists {
		return NotInstalled, err
	}
	if err := m.b.preflight(); err != nil {
		return NotInstalled, err
	}
	return m.b.state()
}

// Options configure New; the zero value installs the running binary.
type Options struct {
	// Executable is the guard binary the service runs; empty means the
	// running one.
	Executable string
}

// New returns the Manager for this platform's per-user service manager.
func New(opts Options) (*Manager, error) {
	spec, err := newSpec(opts)
	if err != nil {
		return nil, err
	}
	b, err := newBackend(spec)
	if err != nil {
		return nil, err
	}
	return &Manager{b: b}, nil
}

func newSpec(opts Options) (Spec, error) {
	exe := opts.Executable
	if exe == "" {
		var err error
		if exe, err = os.Executable(); err != nil {
			return Spec{}, fmt.Errorf("locate the guard binary: %w", err)
		}
	}
	exe, err := filepath.Abs(exe)
	if err != nil {
		return Spec{}, fmt.Errorf("locate the guard binary: %w", err)
	}
	dir, err := home.Dir()
	if err != nil {
		return Spec{}, err
	}
	s := Spec{Executable: exe, Args: []string{"serve"}, LogFile: filepath.Join(dir, "service.log")}
	if os.Getenv(home.EnvDir) != "" {
		s.GuardHome = dir
	}
	return s, s.check()
}

func (m *Manager) result(action string) Result {
	return Result{Action: action, Platform: m.b.platform(), Location: m.b.location()}
}
