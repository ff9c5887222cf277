// Package testenv is for tests that need a program the machine may lack (a
// browser, goreleaser, shellcheck…): under CI, which installs them all, a
// missing one fails the test; elsewhere the test is skipped, and the skip
// is noted so that `make test` can say what it did not run, why, and how to
// run it (scripts/test-skips.sh). Only tests import it.
package testenv

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// EnvSkips names the file skips are noted in, one line each:
// <package directory> TAB <test> TAB <reason>. The Makefile's test target
// sets it; unset, skips are not noted. Read by tests only.
const EnvSkips = "GUARD_TEST_SKIPS"

// InCI reports whether the tests run under CI, where every tool is
// installed and a missing one is a failure.
func InCI() bool { return os.Getenv("CI") != "" }

// Need returns the path of each tool found on PATH. A missing tool fails
// the test under CI and skips it elsewhere, noting the skip.
func Need(t testing.TB, tools ...string) []string {
	t.Helper()
	paths := make([]string, len(tools))
	for i, tool := range tools {
		p, err := exec.LookPath(tool)
		if err != nil {
			Missing(t, tool)
		}
		paths[i] = p
	}
	return paths
}

// Missing fails the test under CI, else notes and skips it: tool is not
// installed (or not found under any of its names).
func Missing(t testing.TB, tool string) {
	t.Helper()
	if InCI() {
		t.Fatalf("%s is required in CI: not found", tool)
		return
	}
	note(t, tool+" not installed")
	t.Skipf("%s not installed", tool)
}

var mu sync.Mutex

// note appends the skip of t to the file EnvSkips names, if any. A failure
// to write is ignored: the note is a courtesy, the skip stands.
func note(t testing.TB, reason string) {
	path := os.Getenv(EnvSkips)
	if path == "" {
		return
	}
	dir, _ := os.Getwd()
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	line := fmt.Sprintf("%s\t%s\t%s\n", dir, t.Name(), strings.ReplaceAll(reason, "\t", " "))
	mu.Lock()
	defer mu.Unlock()
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return
	}
	_, _ = f.WriteString(line)
	_ = f.Close()
}
