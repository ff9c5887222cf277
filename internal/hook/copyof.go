package hook

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/guardhq/guard/internal/regularfile"
)

// copyRunners are the programs a compiled program run by its path is
// compared with (effect.Identifier.CopyOf): git runs hooks and programs
// its configuration names, the others run code they are handed. A copy
// or a link of one is walked as the program it is (FINDINGS55b B17: `cp
// /usr/bin/git g` in one call, `./g -c core.hooksPath=hk commit` in the
// next).
var copyRunners = [...]string{"git", "bash", "sh", "dash", "zsh", "ksh", "busybox", "env", "python3", "python",
	"perl", "ruby", "node", "make", "xargs", "find", "awk", "gawk", "ssh", "docker", "podman"}

// maxCopyCompare bounds the bytes CopyOf compares.
const maxCopyCompare = 256 << 20

// CopyOf implements effect.Identifier: p's link target when that is a
// system file, else the first of copyRunners found on PATH whose file has
// p's size and bytes.
func (f runFiles) CopyOf(p string) string {
	full, ok := f.resolve(p)
	if !ok {
		return ""
	}
	if real, err := filepath.EvalSymlinks(full); err == nil && real != full && systemFile(real) {
		return real // ./g -> /usr/bin/git
	}
	fi, err := os.Stat(full)
	if err != nil || !fi.Mode().IsRegular() || fi.Size() > maxCopyCompare {
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
		if si, err := os.Stat(real); err == nil && si.Size() == fi.Size() && sameBytes(full, real) {
			return real
		}
	}
	return ""
}

// sameBytes reports whether the regular files a and b hold the same bytes.
func sameBytes(a, b string) bool {
	fa, err := regularfile.Open(a)
	if err != nil {
		return false
	}
	defer fa.Close()
	fb, err := regularfile.Open(b)
	if err != nil {
		return false
	}
	defer fb.Close()
	ba, bb := make([]byte, 64<<10), make([]byte, 64<<10)
	for {
		na, ea := io.ReadFull(fa, ba)
		nb, eb := io.ReadFull(fb, bb)
		if na != nb || !bytes.Equal(ba[:na], bb[:nb]) {
			return false
		}
		if ea != nil || eb != nil {
			return (ea == io.EOF || ea == io.ErrUnexpectedEOF) && (eb == io.EOF || eb == io.ErrUnexpectedEOF)
		}
	}
}
