package policy

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/guardhq/guard/internal/detect/path"
	"github.com/guardhq/guard/internal/event"
)

// maxOpaqueEntries bounds the directory entries checkOpaque looks at.
const maxOpaqueEntries = 4096

// checkOpaque checks a read of a directory whole whose output guard cannot
// redact (event.Input.Opaque). Where it meets a block glob only because its
// output is opaque (**/.env under a project), guard looks whether the
// directory holds such a file: the read blocks when one is there, or when
// guard cannot tell (more than maxOpaqueEntries entries, a directory it
// cannot read, a symbolic link, a relative directory). A directory that
// does not exist holds nothing.
func (p *Policy) checkOpaque(d *path.Detector, in event.Input) (event.Finding, bool) {
	f, hit := d.CheckOpaque(in.Text)
	if !hit || f.Reach != event.ReachOpaque {
		return f, hit
	}
	why := " (" + in.Opaque + ")"
	switch found, sure := holdsBlocked(d, path.Normalize(strings.TrimSuffix(in.Text, "/**"), p.Home)); {
	case found:
		why += "; the directory holds such a file"
	case !sure:
		why += "; guard could not tell whether the directory holds such a file"
	default:
		return event.Finding{}, false
	}
	f.Reason += why
	f.LogReason += why
	return f, true
}

// holdsBlocked walks directory dir, at most maxOpaqueEntries entries,
// and reports whether a file in it is one d blocks, and whether it could
// tell (false: the bound, an error, a symbolic link or a relative dir).
func holdsBlocked(d *path.Detector, dir string) (found, sure bool) {
	if !filepath.IsAbs(filepath.FromSlash(dir)) {
		return false, false
	}
	queue := []string{filepath.FromSlash(dir)}
	seen := 0
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		entries, err := os.ReadDir(cur)
		if (errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR)) && cur == filepath.FromSlash(dir) {
			return false, true // nothing there to read, or a file: the read of it is checked as one
		}
		if err != nil {
			return false, false
		}
		for _, e := range entries {
			if seen++; seen > maxOpaqueEntries {
				return false, false
			}
			full := filepath.Join(cur, e.Name())
			switch {
			case e.Type()&os.ModeSymlink != 0:
				if _, hit := d.Check(filepath.ToSlash(full)); hit {
					return true, true
				}
				return false, false
			case e.IsDir():
				queue = append(queue, full)
			default:
				if _, hit := d.Check(filepath.ToSlash(full)); hit {
					return true, true
				}
			}
		}
	}
	return false, true
}
