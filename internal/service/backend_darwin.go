package service

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"

	kservice "github.com/kardianos/service"
)

// launchdBackend is a launchd agent in ~/Library/LaunchAgents driven
// through `launchctl`.
type launchdBackend struct {
	plist string // the rendered plist
	path  string // ~/Library/LaunchAgents/io.github.guardhq.guard.plist
	log   string
	svc   kservice.Service
}

func newBackend(spec Spec) (backend, error) {
	plist, err := LaunchdPlist(spec)
	if err != nil {
		return nil, err
	}
	// The library finds the home directory through os/user first; so do we.
	h := os.Getenv("HOME")
	if u, err := user.Current(); err == nil && u.HomeDir != "" {
		h = u.HomeDir
	}
	if h == "" {
		return nil, errors.New("locate home directory: HOME is empty")
	}
	svc, err := kardianos("darwin-launchd", LaunchdLabel, plist, spec, kservice.KeyValue{
		"UserService":   true,
		"RunAtLoad":     true,
		"LaunchdConfig": plist,
	})
	if err != nil {
		return nil, err
	}
	return &launchdBackend{
		plist: plist,
		path:  filepath.Join(h, "Library", "LaunchAgents", LaunchdLabel+".plist"),
		log:   spec.LogFile,
		svc:   svc,
	}, nil
}

func (b *launchdBackend) platform() string { return "launchd agent" }
func (b *launchdBackend) location() string { return b.path }
func (b *launchdBackend) logHint() string {
	return fmt.Sprintf("see its log in %s and its state with 'launchctl list %s'", b.log, LaunchdLabel)
}

func (b *launchdBackend) defined() (bool, bool, error) { return readDefinition(b.path, b.plist) }

func (b *launchdBackend) preflight() error {
	if _, err := exec.LookPath("launchctl"); err != nil {
		return hint(errors.New("launchctl not found"), "run guard service from a normal macOS login session (PATH must include /bin)")
	}
	return nil
}

func (b *launchdBackend) install() error {
	// launchd does not create the log's directory; the job would not start.
	if err := os.MkdirAll(filepath.Dir(b.log), 0o700); err != nil {
		return fmt.Errorf("create %s: %w", filepath.Dir(b.log), err)
	}
	if err := b.svc.Install(); err != nil {
		_ = os.Remove(b.path)
		return err
	}
	return nil
}

func (b *launchdBackend) uninstall() error {
	if err := b.svc.Uninstall(); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return nil
}

// start loads the agent; a job that launchd still holds (stopped after a
// failure) is unloaded first, since load refuses a loaded job.
func (b *launchdBackend) start() error {
	if err := b.svc.Start(); err != nil {
		_ = b.svc.Stop()
		return b.svc.Start()
	}
	return nil
}

func (b *launchdBackend) stop() error { return b.svc.Stop() }

func (b *launchdBackend) restart() error {
	_ = b.svc.Stop() // not loaded is fine
	return b.svc.Start()
}

func (b *launchdBackend) state() (State, error) { return kstate(b.svc) }

func (b *launchdBackend) notes() []string { return nil }
