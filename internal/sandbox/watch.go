package sandbox

import "os"

// maxWatch bounds the paths a Snapshot looks at.
const maxWatch = 1024

// Snapshot is the state, at the start, of the paths of a plan that the
// kernel could not hold because they did not exist: start-up files, hook
// files, git's config and hooks that a process inside could create, to be
// run or read outside the sandbox later.
type Snapshot struct {
	paths []watched
}

type watched struct {
	path, source string
}

// Change is a watched path that exists at the end of the session and did
// not at its start.
type Change struct {
	Path   string
	Source string // the rule that protects it
}

// Watch records which of the plan's absent paths are absent now.
func Watch(p *Plan) *Snapshot {
	s := &Snapshot{}
	for _, e := range p.Entries {
		if e.Exists || e.Kind == Reveal || e.Kind == Pin || len(s.paths) == maxWatch {
			continue
		}
		if _, err := os.Lstat(e.Path); err == nil {
			continue // made since the plan: not the sandbox's doing
		}
		s.paths = append(s.paths, watched{e.Path, e.Source})
	}
	return s
}

// Changes returns the watched paths that exist now.
func (s *Snapshot) Changes() []Change {
	var out []Change
	for _, w := range s.paths {
		if _, err := os.Lstat(w.path); err == nil {
			out = append(out, Change{Path: w.path, Source: w.source})
		}
	}
	return out
}
