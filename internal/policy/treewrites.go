package policy

import (
	"path/filepath"

	"github.com/guardhq/guard/internal/detect/path"
)

// TreeWriteRule returns a check of whether a write of the file at abs (an
// absolute, slash-separated path a git tree writes; link: a symbolic link)
// may meet the write rules: a block_write glob (for a link also a path
// that holds what one protects: .agent_a -> elsewhere; a file holds
// nothing, and the check of holding costs), guard's own directories, the hooks
// directory git runs for the repository (core.hooksPath) and the files its
// configuration includes. The hook compares only such files of a revision
// with the disk (a committed virtual environment's thousand hidden files are
// not). Allow globs are left out: the check may take more files, never fewer,
// than the write rules block. nil when the rules cannot be compiled: the
// caller keeps its broader names. It takes no lock of p's, so the command
// analysis may call it while the policy evaluates.
func (p *Policy) TreeWriteRule() func(abs string, link bool) bool {
	var protected []string
	if dirs, err := p.guardDirs(); err == nil {
		protected = dirs
	}
	r := path.Rules{Block: p.FilePaths.BlockWrite, Protected: protected, Home: p.Home}
	files, err := path.Compile(r)
	if err != nil {
		return nil
	}
	r.Trees = true
	links, err := path.Compile(r)
	if err != nil {
		return nil
	}
	hooks := &hooksDirs{home: filepath.Clean(p.Home)}
	return func(abs string, link bool) bool {
		d := files
		if link {
			d = links
		}
		if _, hit := d.Check(abs); hit {
			return true
		}
		_, hit := hooks.check(abs)
		return hit
	}
}
