package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

func TestStartedIn(t *testing.T) {
	for status, want := range map[string]bool{
		"":                         false,
		`{"child-pid": 12}` + "\n": true,
		`{"exit-code": 1}`:         false,
	} {
		if got := startedIn(strings.NewReader(status)); got != want {
			t.Errorf("%q: %v, want %v", status, got, want)
		}
	}
}

func TestWithoutVar(t *testing.T) {
	env := []string{"A=1", "GUARD_SOCKET=/x", "GUARD_SOCKETS=2", "B=GUARD_SOCKET=3"}
	got := withoutVar(env, "GUARD_SOCKET")
	if want := []string{"A=1", "GUARD_SOCKETS=2", "B=GUARD_SOCKET=3"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	if env[1] != "GUARD_SOCKET=/x" {
		t.Error("the input was changed")
	}
}

func TestExitStatus(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("sh")
	}
	err := exitStatus(exec.Command("sh", "-c", "exit 7").Run())
	var ee *exitError
	if !errors.As(err, &ee) || ee.code != 7 || ee.err != nil {
		t.Errorf("exit 7: %#v", err)
	}
	err = exitStatus(exec.Command("sh", "-c", "kill -TERM $$").Run())
	if !errors.As(err, &ee) || ee.code != 128+15 {
		t.Errorf("SIGTERM: %#v", err)
	}
	if exitStatus(nil) != nil {
		t.Error("success is an error")
	}
}

func TestSandboxEnv(t *testing.T) {
	env := []string{"HOME=/h", "SSH_AUTH_SOCK=/tmp/ssh/agent", "DISPLAY=:0", "SSH_AUTH_SOCKX=kept", "DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/1/bus,guid=x"}
	out, withheld := sandboxEnv(env, []string{"DISPLAY"})
	if want := []string{"HOME=/h", "DISPLAY=:0", "SSH_AUTH_SOCKX=kept"}; !slices.Equal(out, want) {
		t.Errorf("env %q, want %q", out, want)
	}
	if !slices.Contains(withheld, "SSH_AUTH_SOCK") || slices.Contains(withheld, "DISPLAY") {
		t.Errorf("withheld %q", withheld)
	}
	d := t.TempDir()
	sock := filepath.Join(d, "agent")
	if err := os.WriteFile(sock, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	got := withheldSockets([]string{"SSH_AUTH_SOCK=" + sock, "XDG_RUNTIME_DIR=" + d}, nil)
	if !slices.Equal(got, []string{sock}) {
		t.Errorf("sockets %q", got)
	}
	if got := withheldSockets([]string{"SSH_AUTH_SOCK=" + sock}, []string{"SSH_AUTH_SOCK"}); len(got) != 0 {
		t.Errorf("passed, yet hidden: %q", got)
	}
}

func TestGitFiles(t *testing.T) {
	d := t.TempDir()
	repo, wt := filepath.Join(d, "repo"), filepath.Join(d, "wt")
	for _, p := range []string{filepath.Join(repo, ".git", "worktrees", "wt"), filepath.Join(repo, "sub"), wt} {
		if err := os.MkdirAll(p, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(wt, ".git"), []byte("gitdir: "+filepath.Join(repo, ".git", "worktrees", "wt")+"\n"), 0o644)
	os.WriteFile(filepath.Join(repo, ".git", "worktrees", "wt", "commondir"), []byte("../..\n"), 0o644)
	g := filepath.Join(repo, ".git")
	if got, want := gitFiles(filepath.Join(repo, "sub")), []string{
		filepath.Join(repo, "sub", ".git", "config"), filepath.Join(repo, "sub", ".git", "hooks"),
		filepath.Join(g, "config"), filepath.Join(g, "hooks"),
	}; !slices.Equal(got, want) {
		t.Errorf("in a subdirectory: %q, want %q", got, want)
	}
	if got, want := gitFiles(wt), []string{
		filepath.Join(g, "config"), filepath.Join(g, "hooks"), filepath.Join(g, "worktrees", "wt", "config.worktree"),
	}; !slices.Equal(got, want) {
		t.Errorf("in a linked worktree: %q, want %q", got, want)
	}
}
