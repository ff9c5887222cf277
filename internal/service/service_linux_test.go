package service

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fakeSystemd puts the fake systemctl and loginctl of testdata first on
// PATH, with a throwaway HOME and state directory, and returns the state
// directory (its file "calls" logs every call).
func fakeSystemd(t *testing.T) string {
	t.Helper()
	state := t.TempDir()
	bin, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	fake := t.TempDir()
	for _, tool := range []string{"systemctl", "loginctl"} {
		if err := os.Symlink(filepath.Join(bin, tool), filepath.Join(fake, tool)); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("PATH", fake+string(os.PathListSeparator)+os.Getenv("PATH"))
	t.Setenv("HOME", t.TempDir())
	t.Setenv("GUARD_HOME", "")
	t.Setenv("XDG_RUNTIME_DIR", "/run/user/1000")
	t.Setenv("FAKE_SYSTEMD_DIR", state)
	t.Setenv("FAKE_LINGER", "yes")
	return state
}

func newTestManager(t *testing.T, exe string) *Manager {
	t.Helper()
	m, err := New(Options{Executable: exe})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// calls returns the fake's call log since the last call of calls.
func calls(t *testing.T, state string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(state, "calls"))
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		t.Fatal(err)
	}
	_ = os.Remove(filepath.Join(state, "calls"))
	return string(b)
}

func TestSystemdLifecycle(t *testing.T) {
	state := fakeSystemd(t)
	m := newTestManager(t, "/usr/local/bin/guard")
	unitPath := filepath.Join(os.Getenv("HOME"), ".config", "systemd", "user", UnitName)

	type step struct {
		op        string
		action    string   // want Result.Action ("" for status)
		state     State    // want state after the step
		wantCalls []string // systemctl calls that must have happened
		noCalls   []string // and calls that must not
	}
	steps := []step{
		{op: "status", state: NotInstalled, noCalls: []string{"systemctl"}},
		{op: "stop", action: "not installed; nothing to stop", state: NotInstalled, noCalls: []string{"systemctl"}},
		{op: "uninstall", action: "not installed; nothing to do", state: NotInstalled, noCalls: []string{"systemctl"}},
		{op: "install", action: "installed and started", state: Running,
			wantCalls: []string{"systemctl enable --user guard.service", "systemctl daemon-reload --user", "systemctl start --user guard.service"}},
		{op: "install", action: "already installed and running", state: Running,
			noCalls: []string{"enable", "start --user"}},
		{op: "stop", action: "stopped", state: Stopped, wantCalls: []string{"systemctl stop --user guard.service"}},
		{op: "stop", action: "already stopped", state: Stopped, noCalls: []string{"stop --user"}},
		{op: "install", action: "already installed; started", state: Running,
			wantCalls: []string{"systemctl start --user guard.service"}, noCalls: []string{"enable"}},
		{op: "start", action: "already running", state: Running, noCalls: []string{"start --user"}},
		{op: "restart", action: "restarted", state: Running, wantCalls: []string{"systemctl restart --user guard.service"}},
		{op: "uninstall", action: "stopped and uninstalled", state: NotInstalled,
			wantCalls: []string{"systemctl stop --user guard.service", "systemctl disable --user guard.service"}},
		{op: "uninstall", action: "not installed; nothing to do", state: NotInstalled, noCalls: []string{"systemctl"}},
	}
	for i, s := range steps {
		var r Result
		var err error
		switch s.op {
		case "install":
			r, err = m.Install()
		case "uninstall":
			r, err = m.Uninstall()
		case "start":
			r, err = m.Start()
		case "stop":
			r, err = m.Stop()
		case "restart":
			r, err = m.Restart()
		case "status":
		}
		if err != nil {
			t.Fatalf("step %d %s: %v", i, s.op, err)
		}
		if r.Action != s.action {
			t.Errorf("step %d %s: action %q, want %q", i, s.op, r.Action, s.action)
		}
		log := calls(t, state)
		for _, c := range s.wantCalls {
			if !strings.Contains(log, c+"\n") {
				t.Errorf("step %d %s: no call %q in\n%s", i, s.op, c, log)
			}
		}
		for _, c := range s.noCalls {
			if strings.Contains(log, c) {
				t.Errorf("step %d %s: unexpected %q in\n%s", i, s.op, c, log)
			}
		}
		st, err := m.Status()
		_ = calls(t, state)
		if err != nil || st.State != s.state {
			t.Errorf("step %d %s: state %v (%v), want %v", i, s.op, st.State, err, s.state)
		}
		_, statErr := os.Stat(unitPath)
		if exists := statErr == nil; exists != (s.state != NotInstalled) {
			t.Errorf("step %d %s: unit file exists = %v in state %v", i, s.op, exists, s.state)
		}
	}
}

// TestSystemdFailedUnit: a unit systemd gave up on reports Failed, with
// where to look; install and start bring it back; uninstall removes it.
func TestSystemdFailedUnit(t *testing.T) {
	for _, tc := range []struct {
		op     func(*Manager) (Result, error)
		action string
		after  State
	}{
		{(*Manager).Install, "already installed; started", Running},
		{(*Manager).Start, "started", Running},
		{(*Manager).Stop, "already stopped", Failed},
		{(*Manager).Restart, "restarted", Running},
		{(*Manager).Uninstall, "uninstalled", NotInstalled},
	} {
		state := fakeSystemd(t)
		m := newTestManager(t, "/usr/local/bin/guard")
		if _, err := m.Install(); err != nil {
			t.Fatal(err)
		}
		// The console exited with an error and systemd stopped restarting it.
		if err := os.Remove(filepath.Join(state, "active")); err != nil {
			t.Fatal(err)
		}
		touch(t, filepath.Join(state, "failed"))
		st, err := m.Status()
		if err != nil || st.State != Failed || !strings.Contains(st.Log, "journalctl --user -u guard") {
			t.Fatalf("status %+v (%v), want failed with the journal hint", st, err)
		}
		r, err := tc.op(m)
		if err != nil || r.Action != tc.action {
			t.Errorf("on a failed unit: action %q (%v), want %q", r.Action, err, tc.action)
		}
		if st, err := m.Status(); err != nil || st.State != tc.after {
			t.Errorf("after %q: state %v (%v), want %v", tc.action, st.State, err, tc.after)
		}
	}
}

func TestSystemdInstallWritesGoldenUnit(t *testing.T) {
	fakeSystemd(t)
	if _, err := newTestManager(t, "/usr/local/bin/guard").Install(); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join(os.Getenv("HOME"), ".config", "systemd", "user", UnitName))
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "default.service", string(got))
}

func TestSystemdInstallReplacesAnotherBinary(t *testing.T) {
	state := fakeSystemd(t)
	if _, err := newTestManager(t, "/old/guard").Install(); err != nil {
		t.Fatal(err)
	}
	_ = calls(t, state)
	r, err := newTestManager(t, "/new/guard").Install()
	if err != nil {
		t.Fatal(err)
	}
	if r.Action != "updated and restarted" {
		t.Errorf("action %q, want updated and restarted", r.Action)
	}
	unit, err := os.ReadFile(r.Location)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(unit), "ExecStart=/new/guard serve\n") {
		t.Errorf("unit still runs the old binary:\n%s", unit)
	}
	log := calls(t, state)
	for _, c := range []string{"stop --user", "disable --user", "enable --user", "start --user"} {
		if !strings.Contains(log, c) {
			t.Errorf("no %q call in\n%s", c, log)
		}
	}
}

func TestSystemdGuardHomeIsPassedOn(t *testing.T) {
	fakeSystemd(t)
	gh := t.TempDir()
	t.Setenv("GUARD_HOME", gh)
	r, err := newTestManager(t, "/usr/local/bin/guard").Install()
	if err != nil {
		t.Fatal(err)
	}
	unit, err := os.ReadFile(r.Location)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(unit), "\nEnvironment=GUARD_HOME="+gh+"\n") {
		t.Errorf("GUARD_HOME not passed on:\n%s", unit)
	}
}

func TestSystemdLingerNote(t *testing.T) {
	for _, tc := range []struct {
		linger string
		note   bool
	}{{"yes", false}, {"no", true}} {
		t.Run("linger="+tc.linger, func(t *testing.T) {
			fakeSystemd(t)
			t.Setenv("FAKE_LINGER", tc.linger)
			r, err := newTestManager(t, "/usr/local/bin/guard").Install()
			if err != nil {
				t.Fatal(err)
			}
			got := strings.Join(r.Notes, "\n")
			if has := strings.Contains(got, "loginctl enable-linger"); has != tc.note {
				t.Errorf("notes %q: linger hint shown = %v, want %v", got, has, tc.note)
			}
		})
	}
}

func TestSystemdFailuresExplained(t *testing.T) {
	for _, tc := range []struct {
		name     string
		setup    func(t *testing.T, state string)
		op       func(*Manager) (Result, error)
		wantErr  string
		wantHint string
		unitLeft bool
	}{
		{
			name:     "no systemctl",
			setup:    func(t *testing.T, _ string) { t.Setenv("PATH", t.TempDir()) },
			op:       (*Manager).Install,
			wantErr:  "systemctl not found",
			wantHint: "guard serve",
		},
		{
			name: "no XDG_RUNTIME_DIR",
			setup: func(t *testing.T, _ string) {
				t.Setenv("XDG_RUNTIME_DIR", "")
				t.Setenv("DBUS_SESSION_BUS_ADDRESS", "")
			},
			op:       (*Manager).Install,
			wantErr:  "XDG_RUNTIME_DIR is not set",
			wantHint: "export XDG_RUNTIME_DIR=/run/user/$(id -u)",
		},
		{
			name:     "no user manager",
			setup:    func(t *testing.T, state string) { touch(t, filepath.Join(state, "nobus")) },
			op:       (*Manager).Install,
			wantErr:  "no systemd user manager is running",
			wantHint: "loginctl enable-linger",
		},
		{
			name:     "start fails",
			setup:    func(t *testing.T, state string) { touch(t, filepath.Join(state, "failstart")) },
			op:       (*Manager).Install,
			wantErr:  "start the console service",
			wantHint: "journalctl --user -u guard",
			unitLeft: true,
		},
		{
			name:     "start when not installed",
			setup:    func(*testing.T, string) {},
			op:       (*Manager).Start,
			wantErr:  "not installed",
			wantHint: "guard service install",
		},
		{
			name:     "restart when not installed",
			setup:    func(*testing.T, string) {},
			op:       (*Manager).Restart,
			wantErr:  "not installed",
			wantHint: "guard service install",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			state := fakeSystemd(t)
			tc.setup(t, state)
			m := newTestManager(t, "/usr/local/bin/guard")
			_, err := tc.op(m)
			var he *HintError
			if !errors.As(err, &he) {
				t.Fatalf("error %v has no hint", err)
			}
			if !strings.Contains(err.Error(), tc.wantErr) || !strings.Contains(he.Hint, tc.wantHint) {
				t.Errorf("got %q / hint %q; want %q / %q", err, he.Hint, tc.wantErr, tc.wantHint)
			}
			_, statErr := os.Stat(filepath.Join(os.Getenv("HOME"), ".config", "systemd", "user", UnitName))
			if left := statErr == nil; left != tc.unitLeft {
				t.Errorf("unit file left behind = %v, want %v", left, tc.unitLeft)
			}
		})
	}
}

func touch(t *testing.T, path string) {
	t.Helper()
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		t.Fatal(err)
	}
}
