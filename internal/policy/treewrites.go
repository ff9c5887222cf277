package policy

import (
	"path/filepath"

	"github.com/guardhq/guard/internal/detect/path"
)

// TreeWriteRule returns a check of whether a write of the file at abs (an
// absolute, slash-separated path a git tree writes) may meet the write
// rules: a block_write glob (with Trees: a path that holds what one
// protects, .agent_a as a link), guard's own directories, the hooks
// directory git runs for the repository (core.hooksPath) and the files its
// configuration includes. The hook compares only such files of a revision
// with the disk (review 11 F9: a committed virtual environment's thousand
// hidden files are not). Allow globs are left out: the check may take more
// files, never fewer, than the write rules block. nil when the rules cannot
// be compiled: the caller keeps its broader names. It takes no lock of
// p's, so the command analysis may call it while the policy evaluates.
func (p *Policy) TreeWriteRule() func(abs string) bool {
	var protected []string
	if dirs, err := p.guardDirs(); err == nil {
		protected = dirs
	}
	d, err := path.Compile(path.Rules{Block: p.FilePaths.BlockWrite, Protected: protected, Home: p.Home, Trees: true})
	if err != nil {
		return nil
	}
	hooks := &hooksDirs{home: filepath.Clean(p.Home)}
	return func(abs string) bool {
		if _, hit := d.Check(abs); hit {
			return true
		}
		_, hit := hooks.check(abs)
		return hit
	}
}
