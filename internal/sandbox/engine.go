package sandbox

import (
	"errors"
	"fmt"
	"os/exec"
	"strings"
)

// Engine names the program that makes the sandbox.
type Engine struct {
	// Name is "bubblewrap" or "sandbox-exec".
	Name string `json:"name"`
	// Path is the program's path.
	Path string `json:"path"`
}

// ErrNoEngine is returned (wrapped, with why and what to install) when no
// engine can sandbox on this system.
var ErrNoEngine = errors.New("no sandbox engine")

// FindEngine returns the engine for the system goos, looking programs up
// with lookPath (exec.LookPath).
func FindEngine(goos string, lookPath func(string) (string, error)) (Engine, error) {
	switch goos {
	case "linux":
		p, err := lookPath("bwrap")
		if err != nil {
			return Engine{}, fmt.Errorf("%w: bubblewrap (bwrap) is not installed; install it (Debian, Ubuntu: apt-get install bubblewrap; Fedora: dnf install bubblewrap; Arch: pacman -S bubblewrap)", ErrNoEngine)
		}
		return Engine{Name: "bubblewrap", Path: p}, nil
	case "darwin":
		p, err := lookPath("sandbox-exec")
		if err != nil {
			p = "/usr/bin/sandbox-exec"
		}
		return Engine{Name: "sandbox-exec", Path: p}, nil
	}
	return Engine{}, fmt.Errorf("%w: guard has no sandbox engine for %s (it uses bubblewrap on Linux and sandbox-exec on macOS); run the agent in a Linux VM or container (WSL2 on Windows) with bubblewrap installed", ErrNoEngine, goos)
}

// Options are what a sandboxed command gets besides the plan.
type Options struct {
	// Env is the command's environment.
	Env []string
	// NewSession starts the command in a new session, without the
	// terminal: then it cannot push input into the terminal (TIOCSTI) that
	// a shell outside the sandbox would read. Set it when standard input is
	// not a terminal.
	NewSession bool
}

// Command returns the command that runs argv under the plan with the engine.
func Command(e Engine, p *Plan, argv []string, o Options) *exec.Cmd {
	var cmd *exec.Cmd
	switch e.Name {
	case "sandbox-exec":
		cmd = exec.Command(e.Path, append([]string{"-p", SeatbeltProfile(p), "--"}, argv...)...)
	default:
		cmd = exec.Command(e.Path, BwrapArgs(p, o, argv)...)
	}
	cmd.Env = o.Env
	return cmd
}

// BwrapArgs returns bubblewrap's arguments that run argv under the plan:
// the whole file system as it is (devices included), a new PID namespace
// with its own /proc (so that /proc/PID/root of a process outside cannot
// lead around the rules), no capabilities even for root (which could
// otherwise unmount the rules), then each rule of the plan, parents first; the
// hidden directories are made read-only last, once the files allow_read
// puts back are bound into them. Paths that did not exist at the start are
// left out (bubblewrap would create them in the real file system).
func BwrapArgs(p *Plan, o Options, argv []string) []string {
	args := []string{"--dev-bind", "/", "/", "--unshare-pid", "--proc", "/proc", "--die-with-parent", "--cap-drop", "ALL"}
	if o.NewSession {
		args = append(args, "--new-session")
	}
	var hidden []string
	for _, e := range p.Entries {
		if !e.Exists {
			continue
		}
		switch {
		case e.Kind == Hide && e.Dir:
			args = append(args, "--perms", "0700", "--tmpfs", e.Path)
			hidden = append(hidden, e.Path)
		case e.Kind == Hide:
			args = append(args, "--ro-bind", "/dev/null", e.Path)
		case e.Kind == Pin:
			args = append(args, "--bind", e.Path, e.Path)
		default:
			args = append(args, "--ro-bind", e.Path, e.Path)
		}
	}
	for _, h := range hidden {
		args = append(args, "--remount-ro", h)
	}
	args = append(args, "--")
	return append(args, argv...)
}

// SeatbeltProfile returns the sandbox-exec profile of the plan: everything
// allowed, then reading and writing denied in hidden paths, writing denied
// in read-only ones, and reading allowed again for the files allow_read
// puts back (a later rule wins). Unlike bubblewrap, it holds paths that do
// not exist yet.
func SeatbeltProfile(p *Plan) string {
	var b strings.Builder
	b.WriteString("(version 1)\n(allow default)\n")
	for _, e := range p.Entries {
		match := "literal"
		if e.Dir {
			match = "subpath"
		}
		rule := "(deny file-write*"
		switch e.Kind {
		case Pin:
			match = "literal" // the directory itself: not renamed, not removed
		case Hide:
			rule = "(deny file-read* file-write*"
		case Reveal:
			rule = "(allow file-read*"
		}
		fmt.Fprintf(&b, "%s (%s %s)) ; %s\n", rule, match, sbplString(e.Path), oneLine(e.Source))
	}
	return b.String()
}

// sbplString quotes s as a string of the profile language.
func sbplString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// oneLine keeps a comment on its line.
func oneLine(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return ' '
		}
		return r
	}, s)
}
