package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/user"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/sandbox"
)

// withheldEnv are the variables guard run does not pass into the sandbox
// unless --pass-env names them: each leads to an agent or service outside
// that acts with the user's keys or session (ssh-agent signs with the
// hidden key, the desktop bus starts programs outside, the X server takes
// keystrokes, a Kerberos cache is a ticket).
var withheldEnv = []string{"SSH_AUTH_SOCK", "SSH_AGENT_PID", "GPG_AGENT_INFO", "DBUS_SESSION_BUS_ADDRESS",
	"DISPLAY", "WAYLAND_DISPLAY", "XAUTHORITY", "KRB5CCNAME"}

// sandboxEnv returns env without the withheld variables that pass does not
// name, and the names withheld.
func sandboxEnv(env, pass []string) (out, withheld []string) {
	for _, n := range withheldEnv {
		if !slices.Contains(pass, n) {
			withheld = append(withheld, n)
		}
	}
	for _, kv := range env {
		name, _, _ := strings.Cut(kv, "=")
		if !slices.Contains(withheld, name) {
			out = append(out, kv)
		}
	}
	return out, withheld
}

// withheldSockets returns the sockets (and socket directories) that the
// withheld variables name, or that programs find without them ($XDG_RUNTIME_DIR/bus,
// gpg-agent's directory), which exist: guard run hides them.
func withheldSockets(env, pass []string) []string {
	get := func(name string) string {
		for _, kv := range env {
			if v, ok := strings.CutPrefix(kv, name+"="); ok {
				return v
			}
		}
		return ""
	}
	withheld := func(name string) bool { return !slices.Contains(pass, name) }
	var out []string
	addAbs := func(p string) {
		if filepath.IsAbs(p) {
			if _, err := os.Lstat(p); err == nil {
				out = append(out, filepath.Clean(p))
			}
		}
	}
	if withheld("SSH_AUTH_SOCK") {
		addAbs(get("SSH_AUTH_SOCK"))
	}
	rt := get("XDG_RUNTIME_DIR")
	if withheld("DBUS_SESSION_BUS_ADDRESS") {
		for _, part := range strings.Split(get("DBUS_SESSION_BUS_ADDRESS"), ";") {
			if _, rest, ok := strings.Cut(part, "unix:path="); ok {
				p, _, _ := strings.Cut(rest, ",")
				addAbs(p)
			}
		}
		if rt != "" {
			addAbs(filepath.Join(rt, "bus"))
		}
	}
	if w := get("WAYLAND_DISPLAY"); withheld("WAYLAND_DISPLAY") && w != "" && rt != "" && !filepath.IsAbs(w) {
		addAbs(filepath.Join(rt, w))
	}
	if withheld("GPG_AGENT_INFO") && rt != "" {
		addAbs(filepath.Join(rt, "gnupg"))
	}
	if k := get("KRB5CCNAME"); withheld("KRB5CCNAME") {
		addAbs(strings.TrimPrefix(k, "FILE:"))
	}
	return out
}

// userName is the user guard run stamps on the records it appends.
func userName() string {
	for _, k := range []string{"USER", "USERNAME", "LOGNAME"} {
		if v := os.Getenv(k); v != "" {
			return v
		}
	}
	if u, err := user.Current(); err == nil {
		return u.Username
	}
	return ""
}

// seccompPipe returns the read end of a pipe that holds the seccomp filter
// for this machine, nil when there is none for its architecture.
func seccompPipe() (*os.File, error) {
	prog := sandbox.SeccompFilter(runtime.GOARCH)
	if prog == nil {
		return nil, nil
	}
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	defer w.Close()
	if _, err := w.Write(prog); err != nil { // a few hundred bytes: within the pipe's buffer
		r.Close()
		return nil, fmt.Errorf("seccomp filter: %w", err)
	}
	return r, nil
}

// RuleSandboxChanged is the rule of the audit record guard run appends for
// a protected path created during the session.
const RuleSandboxChanged = "sandbox_changed"

// reportChanges tells the user, on stderr and in the audit log, of each
// protected path that did not exist at the start and was created during
// the session: the kernel could not hold it, and what is in it runs or is
// read outside the sandbox later (a login shell's start-up file, git's
// config, a hook file).
func reportChanges(s *streams, changes []sandbox.Change, appendRec func(*event.Record) error, usr, host string) {
	for _, c := range changes {
		fmt.Fprintf(s.err, "guard: warning: %s was created during the session (%s): it did not exist at the start, so the sandbox could not hold it, and it is run or read outside the sandbox later; check it before you use it\n", c.Path, c.Source)
		sum := sha256.Sum256([]byte(c.Path))
		rec := &event.Record{
			TS: time.Now().UTC().Format("2006-01-02T15:04:05.000Z07:00"), Hook: event.HookStop,
			// Nothing was blocked: a finding recorded, as a logging hook's
			// (an allow carries no reason; stderr named the path).
			Verdict: string(event.Allow), Findings: []string{RuleSandboxChanged},
			User: usr, Host: host, InputHash: hex.EncodeToString(sum[:]), Event: "guard_run_end", Tag: "guard_run",
		}
		if err := appendRec(rec); err != nil {
			fmt.Fprintf(s.err, "guard: cannot record it in the audit log: %v\n", err)
		}
	}
}
