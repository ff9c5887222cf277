package hook

import (
	"fmt"
	"io"
	"os"

	"github.com/guardhq/guard/internal/gobinary"
	"github.com/guardhq/guard/internal/regularfile"
)

// guardModule is guard's main module path, as its Go build info names it
// (go.mod): every build of guard, of any version, carries it.
const guardModule = "github.com/guardhq/guard"

// maxBuildInfoRead bounds the bytes read from a program to find its Go
// build info: its headers and the section that holds the info (a few KiB
// in a Go program; a program of another language's data segment is
// searched up to the bound, then taken for no Go program).
const maxBuildInfoRead = 8 << 20

// IsGuard implements shell.Identifier: the file at p (as ReadFile names
// it) is guard's own executable (the same device and inode: a hard link),
// or a Go program built from guard's module (a copy under any name, another
// version). The operating system's directories are not looked at: the
// agent cannot write there.
func (f runFiles) IsGuard(p string) bool {
	full, ok := f.resolve(p)
	if !ok || systemFile(full) {
		return false
	}
	file, err := regularfile.Open(full)
	if err != nil {
		return false
	}
	defer file.Close()
	if self, err := os.Executable(); err == nil {
		fi, err1 := file.Stat()
		si, err2 := os.Stat(self)
		if err1 == nil && err2 == nil && os.SameFile(fi, si) {
			return true
		}
	}
	return isGuardBuild(file)
}

// isGuardBuild reports whether r holds a Go program whose main module is
// guard's, reading at most maxBuildInfoRead bytes of it. A file whose
// headers make the reader fail hard (a panic) is taken for guard: fail
// closed.
func isGuardBuild(r io.ReaderAt) (guard bool) {
	defer func() {
		if recover() != nil {
			guard = true
		}
	}()
	path, err := gobinary.MainModule(&boundedReaderAt{r: r, left: maxBuildInfoRead})
	return err == nil && path == guardModule
}

// boundedReaderAt is an io.ReaderAt that fails once left bytes were read.
type boundedReaderAt struct {
	r    io.ReaderAt
	left int64
}

func (b *boundedReaderAt) ReadAt(p []byte, off int64) (int, error) {
	if int64(len(p)) > b.left {
		return 0, fmt.Errorf("more than %d bytes read for build info", maxBuildInfoRead)
	}
	b.left -= int64(len(p))
	return b.r.ReadAt(p, off)
}
