package hook

import (
	"bytes"
	"io"
	"os/exec"
	"path/filepath"

	"github.com/guardhq/guard/internal/regularfile"
)

// copyRunners are the programs a compiled program run by its path is
// compared with (effect.Identifier.CopyOf): git runs hooks and programs
// its configuration names, the others run code or programs they are
// handed or their settings name. A copy or a link of one is walked as the
// program it is (FINDINGS55b B17: `cp /usr/bin/git g` in one call, `./g
// -c core.hooksPath=hk commit` in the next).
var copyRunners = [...]string{"git", "bash", "sh", "dash", "zsh", "ksh", "busybox", "env", "python3", "python",
	"perl", "ruby", "node", "lua", "php", "tclsh", "expect", "make", "xargs", "find", "awk", "gawk", "mawk", "sed",
	"tar", "zip", "rsync", "ssh", "scp", "sftp", "curl", "wget", "docker", "podman", "vim", "nvim", "vi", "less",
	"man", "gdb", "strace", "timeout", "nice", "nohup", "stdbuf", "sudo", "flock", "script", "watch"}

// copyHead is how much of a file CopyOf compares: an executable's headers
// and the start of its code, which a byte appended or changed past them
// (the program runs the same) leaves as they are.
const copyHead = 8 << 10

// CopyOf implements effect.Identifier: p's link target when that is a
// system file, else the first of copyRunners found on PATH whose file
// begins with the bytes p's begins with (its headers and first code: a
// copy, with or without bytes appended).
func (f runFiles) CopyOf(p string) string {
	full, ok := f.resolve(p)
	if !ok {
		return ""
	}
	if real, err := filepath.EvalSymlinks(full); err == nil && real != full && systemFile(real) {
		return real // ./g -> /usr/bin/git
	}
	head, ok := fileHead(full)
	if !ok {
		return ""
	}
	for _, name := range copyRunners {
		lp, err := exec.LookPath(name)
		if err != nil {
			continue
		}
		real, err := filepath.EvalSymlinks(lp)
		if err != nil {
			continue
		}
		if h, ok := fileHead(real); ok && bytes.Equal(h, head) {
			return real
		}
	}
	return ""
}

// fileHead returns the first copyHead bytes of the regular file p (all of
// a shorter one); false when it cannot be read or is shorter than an
// executable's headers.
func fileHead(p string) ([]byte, bool) {
	f, err := regularfile.Open(p)
	if err != nil {
		return nil, false
	}
	defer f.Close()
	b := make([]byte, copyHead)
	n, err := io.ReadFull(f, b)
	if err != nil && err != io.ErrUnexpectedEOF || n < 512 {
		return nil, false
	}
	return b[:n], true
}
