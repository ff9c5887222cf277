package main

import (
	"errors"
	"os/exec"
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
