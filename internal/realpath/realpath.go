// Package realpath finds where a file path really leads, so that path rules
// cannot be sidestepped with a symbolic link: a read of ./notes.txt that is
// a link to ~/.ssh/id_ed25519 is a read of the key.
//
// Resolution reads the file system (lstat and readlink, never open), so it
// lives here, outside the pure path detector; the hook path checks both the
// path the agent named and the path it leads to.
package realpath

import (
	"path/filepath"

	"github.com/guardhq/guard/internal/detect/path"
)

// Target returns the path p leads to after following symbolic links, and
// whether that differs from p. p must be absolute or start at the home
// directory (~, $HOME, ${HOME}: expanded to home as the path rules do). For a path that does not exist yet (a file about to be written),
// the links in its directory are followed. When nothing can be resolved, it
// returns "", false: the path as named is still checked.
func Target(p, home string) (string, bool) {
	if p == "" {
		return "", false
	}
	p = filepath.FromSlash(path.Normalize(p, home))
	if !filepath.IsAbs(p) {
		return "", false
	}
	clean := filepath.Clean(p)
	real, err := filepath.EvalSymlinks(clean)
	if err != nil {
		dir, derr := filepath.EvalSymlinks(filepath.Dir(clean))
		if derr != nil {
			return "", false
		}
		real = filepath.Join(dir, filepath.Base(clean))
	}
	if real == clean {
		return "", false
	}
	return real, true
}
