package service

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"golang.org/x/sys/windows"
	"golang.org/x/sys/windows/registry"
)

// runKey is where Windows keeps the current user's logon programs; writing
// it needs no administrator rights.
const runKey = `Software\Microsoft\Windows\CurrentVersion\Run`

// runKeyBackend starts `guard serve` at logon through the user's Run key
// (which runs `guard service start`) and controls it through a process-id
// file. A Windows service proper would need an elevated prompt to install
// and would run outside the user's profile, away from ~/.guard.
type runKeyBackend struct {
	spec    Spec
	value   string // the Run-key command line
	pidFile string
}

func newBackend(spec Spec) (backend, error) {
	return &runKeyBackend{
		spec:    spec,
		value:   RunCommandLine(spec.Executable, "service", "start"),
		pidFile: filepath.Join(filepath.Dir(spec.LogFile), "service.pid"),
	}, nil
}

func (b *runKeyBackend) platform() string { return "Windows logon (Run key)" }
func (b *runKeyBackend) location() string { return `HKCU\` + runKey + `\` + RunValueName }
func (b *runKeyBackend) logHint() string  { return "see its log in " + b.spec.LogFile }

func (b *runKeyBackend) defined() (bool, bool, error) {
	k, err := registry.OpenKey(registry.CURRENT_USER, runKey, registry.QUERY_VALUE)
	if errors.Is(err, registry.ErrNotExist) {
		return false, false, nil
	}
	if err != nil {
		return false, false, fmt.Errorf("open %s: %w", b.location(), err)
	}
	defer k.Close()
	v, _, err := k.GetStringValue(RunValueName)
	if errors.Is(err, registry.ErrNotExist) {
		return false, false, nil
	}
	if err != nil {
		return false, false, fmt.Errorf("read %s: %w", b.location(), err)
	}
	return true, v == b.value, nil
}

func (b *runKeyBackend) preflight() error { return nil }

func (b *runKeyBackend) install() error {
	k, _, err := registry.CreateKey(registry.CURRENT_USER, runKey, registry.SET_VALUE)
	if err != nil {
		return fmt.Errorf("open %s: %w", b.location(), err)
	}
	defer k.Close()
	if err := k.SetStringValue(RunValueName, b.value); err != nil {
		return fmt.Errorf("write %s: %w", b.location(), err)
	}
	return nil
}

func (b *runKeyBackend) uninstall() error {
	k, err := registry.OpenKey(registry.CURRENT_USER, runKey, registry.SET_VALUE)
	if errors.Is(err, registry.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("open %s: %w", b.location(), err)
	}
	defer k.Close()
	if err := k.DeleteValue(RunValueName); err != nil && !errors.Is(err, registry.ErrNotExist) {
		return fmt.Errorf("delete %s: %w", b.location(), err)
	}
	return nil
}

// start runs `guard serve` detached from any console, its output appended
// to the log, and records its process id.
func (b *runKeyBackend) start() error {
	if st, _ := b.state(); st == Running {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(b.spec.LogFile), 0o700); err != nil {
		return fmt.Errorf("create %s: %w", filepath.Dir(b.spec.LogFile), err)
	}
	log, err := os.OpenFile(b.spec.LogFile, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return fmt.Errorf("open %s: %w", b.spec.LogFile, err)
	}
	defer log.Close()
	cmd := exec.Command(b.spec.Executable, b.spec.Args...)
	cmd.Stdout, cmd.Stderr = log, log
	cmd.SysProcAttr = &syscall.SysProcAttr{
		HideWindow:    true,
		CreationFlags: windows.DETACHED_PROCESS | windows.CREATE_NEW_PROCESS_GROUP,
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("run %s: %w", b.spec.Executable, err)
	}
	pid := cmd.Process.Pid
	_ = cmd.Process.Release()
	if err := os.WriteFile(b.pidFile, []byte(strconv.Itoa(pid)+"\n"), 0o600); err != nil {
		return fmt.Errorf("write %s: %w", b.pidFile, err)
	}
	return nil
}

func (b *runKeyBackend) stop() error {
	h, err := b.process(windows.PROCESS_TERMINATE)
	if err != nil || h == 0 {
		return err
	}
	defer windows.CloseHandle(h)
	if err := windows.TerminateProcess(h, 1); err != nil {
		return fmt.Errorf("stop process: %w", err)
	}
	_, _ = windows.WaitForSingleObject(h, 10_000)
	_ = os.Remove(b.pidFile)
	return nil
}

func (b *runKeyBackend) restart() error {
	if err := b.stop(); err != nil {
		return err
	}
	return b.start()
}

func (b *runKeyBackend) state() (State, error) {
	h, err := b.process(0)
	if err != nil {
		return Stopped, err
	}
	if h == 0 {
		return Stopped, nil
	}
	windows.CloseHandle(h)
	return Running, nil
}

// process opens the recorded process if it still runs our executable;
// 0 means it does not run.
func (b *runKeyBackend) process(access uint32) (windows.Handle, error) {
	raw, err := os.ReadFile(b.pidFile)
	if errors.Is(err, os.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("read %s: %w", b.pidFile, err)
	}
	pid, err := strconv.ParseUint(strings.TrimSpace(string(raw)), 10, 32)
	if err != nil {
		return 0, nil // a damaged file names no process
	}
	h, err := windows.OpenProcess(access|windows.PROCESS_QUERY_LIMITED_INFORMATION|windows.SYNCHRONIZE, false, uint32(pid))
	if err != nil {
		return 0, nil // gone, or not ours to open
	}
	var code uint32
	if windows.GetExitCodeProcess(h, &code) != nil || code != 259 { // STILL_ACTIVE
		windows.CloseHandle(h)
		return 0, nil
	}
	buf := make([]uint16, windows.MAX_LONG_PATH)
	n := uint32(len(buf))
	if windows.QueryFullProcessImageName(h, 0, &buf[0], &n) != nil ||
		!strings.EqualFold(filepath.Clean(windows.UTF16ToString(buf[:n])), filepath.Clean(b.spec.Executable)) {
		windows.CloseHandle(h) // the id was reused by another program
		return 0, nil
	}
	return h, nil
}

func (b *runKeyBackend) notes() []string {
	return []string{"it starts again at your next logon; if it stops, run 'guard service start'"}
}
