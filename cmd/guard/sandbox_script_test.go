package main

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/testenv"
	"github.com/rogpeppe/go-internal/testscript"
)

// TestSandboxScript runs the scripts in testdata/sandbox: `guard run` under
// bubblewrap, the acceptance of issue 25. They need bubblewrap and a kernel
// that lets it make namespaces, git and go: CI installs bubblewrap and runs
// them; elsewhere a missing tool or a refused namespace skips them, saying
// which.
func TestSandboxScript(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("guard run's end-to-end test runs on Linux (bubblewrap); sandbox-exec's profile is unit-tested in internal/sandbox")
	}
	testenv.Need(t, "bwrap", "git", "go")
	if out, err := exec.Command("bwrap", "--dev-bind", "/", "/", "--unshare-pid", "--proc", "/proc", "--", "true").CombinedOutput(); err != nil {
		msg := "bubblewrap cannot make a sandbox on this machine (unprivileged user namespaces off?): " + strings.TrimSpace(string(out))
		if testenv.InCI() {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	goEnv := func(k string) string {
		out, err := exec.Command("go", "env", k).Output()
		if err != nil {
			t.Fatal(err)
		}
		return strings.TrimSpace(string(out))
	}
	gocache, gomodcache := goEnv("GOCACHE"), goEnv("GOMODCACHE")
	self, err := exec.LookPath("guard") // testscript's hard link to the test binary
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir: filepath.Join("testdata", "sandbox"),
		Setup: func(env *testscript.Env) error {
			home := filepath.Join(env.WorkDir, "home")
			if err := os.MkdirAll(home, 0o755); err != nil {
				return err
			}
			// guard run refuses a guard program with a second name (a hard
			// link writes it from inside): give the script its own copy.
			bin := filepath.Join(env.WorkDir, "bin")
			if err := copyFile(self, filepath.Join(bin, "guard")); err != nil {
				return err
			}
			env.Setenv("PATH", bin+string(filepath.ListSeparator)+env.Getenv("PATH"))
			env.Setenv("HOME", home)
			env.Setenv("GUARD_HOME", "")
			env.Setenv("AGENT_A_HOOK_EVENT", "")
			env.Setenv("AGENT_B_PROJECT_DIR", "")
			env.Setenv("GUARD_POLICY_URL", "")
			env.Setenv("GUARD_POLICY_KEY", "")
			env.Setenv("XDG_RUNTIME_DIR", "")
			// The project builds with the machine's caches (writable in the
			// sandbox, like every cache) and never downloads.
			env.Setenv("GOCACHE", gocache)
			env.Setenv("GOMODCACHE", gomodcache)
			env.Setenv("GOFLAGS", "-mod=mod")
			env.Setenv("GOTOOLCHAIN", "local")
			env.Setenv("GOPROXY", "off")
			// As root, guard run refuses unless told (the script checks
			// that), so the runs say --allow-root=$ALLOWROOT.
			env.Setenv("ALLOWROOT", strconv.FormatBool(os.Geteuid() == 0))
			return nil
		},
		Condition: func(cond string) (bool, error) {
			if cond == "root" {
				return os.Geteuid() == 0, nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
		Cmds:                scriptCommands(),
		RequireExplicitExec: true,
	})
}

func copyFile(from, to string) error {
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		return err
	}
	src, err := os.Open(from)
	if err != nil {
		return err
	}
	defer src.Close()
	dst, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o755)
	if err != nil {
		return err
	}
	if _, err := io.Copy(dst, src); err != nil {
		dst.Close()
		return err
	}
	return dst.Close()
}
