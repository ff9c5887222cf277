package sandbox

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
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

// bwrapPaths are where guard looks for bubblewrap: system directories only,
// never PATH, where a program the agent wrote earlier (~/.local/bin/bwrap)
// would be found first and could run the next session unsandboxed.
var bwrapPaths = []string{"/usr/bin/bwrap", "/bin/bwrap", "/usr/local/bin/bwrap"}

// sandboxExecPath is macOS's sandbox-exec, a system program.
const sandboxExecPath = "/usr/bin/sandbox-exec"

// FindEngine returns the engine for the system goos, found only at fixed
// system paths, in files and directories that root owns and nobody else
// can write (see [TrustedSystemFile]).
func FindEngine(goos string) (Engine, error) {
	return findEngine(goos, TrustedSystemFile)
}

func findEngine(goos string, trusted func(string) error) (Engine, error) {
	switch goos {
	case "linux":
		return findAt("bubblewrap", bwrapPaths, trusted,
			"bubblewrap (bwrap) is not installed; install it (Debian, Ubuntu: apt-get install bubblewrap; Fedora: dnf install bubblewrap; Arch: pacman -S bubblewrap)")
	case "darwin":
		return findAt("sandbox-exec", []string{sandboxExecPath}, trusted, "sandbox-exec is missing from /usr/bin")
	}
	return Engine{}, fmt.Errorf("%w: guard has no sandbox engine for %s (it uses bubblewrap on Linux and sandbox-exec on macOS); run the agent in a Linux VM or container (WSL2 on Windows) with bubblewrap installed", ErrNoEngine, goos)
}

// findAt returns the first of paths that exists and is trusted; one that
// exists and is not is an error (never the next one, nor PATH).
func findAt(name string, paths []string, trusted func(string) error, missing string) (Engine, error) {
	for _, p := range paths {
		if _, err := os.Lstat(p); err != nil {
			continue
		}
		if err := trusted(p); err != nil {
			return Engine{}, fmt.Errorf("%w: %s at %s cannot be trusted: %v; guard runs the sandbox only from a program that root owns and only root can change (it never looks it up through PATH)", ErrNoEngine, name, p, err)
		}
		return Engine{Name: name, Path: p}, nil
	}
	return Engine{}, fmt.Errorf("%w: %s (looked in %s, never PATH)", ErrNoEngine, missing, strings.Join(paths, ", "))
}

// TrustedSystemFile returns an error unless p, what it resolves to, and
// every directory on the way are owned by root and writable by no one else
// (no group or other write bit): then only root can replace the program.
func TrustedSystemFile(p string) error {
	real, err := filepath.EvalSymlinks(p)
	if err != nil {
		return err
	}
	for _, q := range []string{p, real} {
		for a := q; ; a = filepath.Dir(a) {
			fi, err := os.Lstat(a)
			if err != nil {
				return err
			}
			if uid, ok := owner(fi); !ok || uid != 0 {
				return fmt.Errorf("%s is not owned by root", a)
			}
			if fi.Mode()&fs.ModeSymlink == 0 && fi.Mode().Perm()&0o022 != 0 {
				return fmt.Errorf("%s can be written by others than root (mode %v)", a, fi.Mode().Perm())
			}
			if a == "/" || a == "." {
				break
			}
		}
	}
	return nil
}

// Options are what a sandboxed command gets besides the plan.
type Options struct {
	// Env is the command's environment.
	Env []string
	// NewSession starts the command in a new session, without the
	// terminal: then it cannot push input into the terminal (TIOCSTI) that
	// a shell outside the sandbox would read. Set it when standard input is
	// not a terminal, or when there is no seccomp filter.
	NewSession bool
	// SeccompFD, when not 0, is the descriptor (in bubblewrap) it reads
	// the seccomp program of [SeccompFilter] from.
	SeccompFD int
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
// lead around the rules), /sys and /proc/sys read-only, no capabilities
// (root could otherwise unmount the rules), the seccomp filter when given, then each rule of the plan, parents first; the
// hidden directories are made read-only last, once the files allow_read
// puts back are bound into them. Paths that did not exist at the start are
// left out (bubblewrap would create them in the real file system).
func BwrapArgs(p *Plan, o Options, argv []string) []string {
	args := []string{"--dev-bind", "/", "/", "--unshare-pid", "--proc", "/proc",
		// The kernel's settings, read-only even for root (core_pattern
		// runs a program outside as root).
		"--ro-bind", "/sys", "/sys", "--ro-bind", "/proc/sys", "/proc/sys",
		"--ro-bind-try", "/proc/sysrq-trigger", "/proc/sysrq-trigger",
		"--die-with-parent", "--cap-drop", "ALL"}
	if o.NewSession {
		args = append(args, "--new-session")
	}
	if o.SeccompFD != 0 {
		args = append(args, "--seccomp", strconv.Itoa(o.SeccompFD))
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
