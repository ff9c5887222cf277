package install

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// SelfPath returns the absolute path of the running guard binary, as the
// user reached it: a symlink such as /usr/local/bin/guard stays a symlink, so
// the hook keeps working after a package manager swaps the file it points to.
// It falls back to os.Executable when os.Args[0] does not lead to the same
// file.
func SelfPath() (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("locate the guard binary: %w", err)
	}
	exeInfo, err := os.Stat(exe)
	if err != nil {
		return "", fmt.Errorf("locate the guard binary: %w", err)
	}
	if len(os.Args) > 0 && os.Args[0] != "" {
		cand := os.Args[0]
		if !strings.ContainsAny(cand, `/\`) {
			cand, _ = exec.LookPath(cand)
		}
		if cand != "" {
			if abs, err := filepath.Abs(cand); err == nil {
				if fi, err := os.Stat(abs); err == nil && os.SameFile(fi, exeInfo) {
					return abs, nil
				}
			}
		}
	}
	return filepath.Abs(exe)
}

// Command returns the hook command that runs the binary at path on goos:
// forward slashes on Windows, double-quoted (with POSIX escapes) when the
// path holds a space or any other character a shell would read.
func Command(path, goos string) string {
	if goos == "windows" {
		path = strings.ReplaceAll(path, `\`, "/")
	}
	if !needsQuote(path) {
		return path
	}
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range path {
		switch r {
		case '"', '\\', '$', '`':
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	b.WriteByte('"')
	return b.String()
}

func needsQuote(s string) bool {
	if s == "" {
		return true
	}
	for _, c := range []byte(s) {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case strings.IndexByte("-_./:@+,=%", c) >= 0:
		default:
			return true
		}
	}
	return false
}

// firstWord returns the program part of a hook command: a double- or
// single-quoted word with its quotes removed (and POSIX backslash escapes
// resolved inside double quotes), or everything up to the first blank.
func firstWord(cmd string) string {
	cmd = strings.TrimLeft(cmd, " \t")
	if cmd == "" {
		return ""
	}
	switch cmd[0] {
	case '"':
		var b strings.Builder
		for i := 1; i < len(cmd); i++ {
			c := cmd[i]
			if c == '"' {
				return b.String()
			}
			if c == '\\' && i+1 < len(cmd) && strings.IndexByte("\"\\$`", cmd[i+1]) >= 0 {
				i++
				c = cmd[i]
			}
			b.WriteByte(c)
		}
		return b.String()
	case '\'':
		if j := strings.IndexByte(cmd[1:], '\''); j >= 0 {
			return cmd[1 : 1+j]
		}
		return cmd[1:]
	}
	if j := strings.IndexAny(cmd, " \t"); j >= 0 {
		return cmd[:j]
	}
	return cmd
}

// binary recognises hook commands that run guard.
type binary struct {
	self    string // the running binary, forward slashes
	windows bool   // compare paths case-insensitively
}

func newBinary(self, goos string) binary {
	return binary{self: strings.ReplaceAll(self, `\`, "/"), windows: goos == "windows"}
}

// runsGuard reports whether cmd's program is guard: a file named guard or
// guard.exe, or exactly the running binary whatever its name.
func (b binary) runsGuard(cmd string) bool {
	w := strings.ReplaceAll(firstWord(cmd), `\`, "/")
	if w == "" {
		return false
	}
	if w == b.self || (b.windows && strings.EqualFold(w, b.self)) {
		return true
	}
	base := w[strings.LastIndexByte(w, '/')+1:]
	return base == "guard" || strings.EqualFold(base, "guard.exe")
}
