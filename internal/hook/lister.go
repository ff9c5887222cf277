package hook

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/guardhq/guard/internal/archive"
	"github.com/guardhq/guard/internal/regularfile"
	"github.com/guardhq/guard/internal/shell/effect"
)

// Members implements effect.Lister: the members of the archive file at p,
// read with package archive's bounds.
func (f runFiles) Members(p string) ([]effect.Member, bool) {
	full, ok := f.resolve(p)
	if !ok || strings.HasPrefix(full, "/dev/") || strings.HasPrefix(full, "/proc/") {
		return nil, false
	}
	file, err := regularfile.Open(full)
	if err != nil {
		return nil, false
	}
	defer file.Close()
	fi, err := file.Stat()
	if err != nil {
		return nil, false
	}
	ms, err := archive.List(file, fi.Size())
	if err != nil || len(ms) > effect.MaxMembers {
		return nil, false
	}
	out := make([]effect.Member, len(ms))
	for i, m := range ms {
		out[i] = effect.Member{Name: m.Name, Link: m.Link, Kind: effect.MemberKind(m.Kind)} // the same order of kinds
	}
	return out, true
}

// Tree implements effect.Lister: the names below directory p, depth
// levels down, links not followed, within effect.MaxMembers and
// effect.MaxTreeDepth.
func (f runFiles) Tree(p string, depth int) ([]string, bool) {
	full, ok := f.resolve(p)
	if !ok {
		return nil, false
	}
	full = filepath.Clean(full) // x/. walks as x
	if fi, err := os.Lstat(full); err != nil || !fi.IsDir() {
		return nil, false
	}
	var out []string
	err := filepath.WalkDir(full, func(q string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if q == full {
			return nil
		}
		rel := strings.TrimPrefix(q, full+string(filepath.Separator))
		level := strings.Count(rel, string(filepath.Separator)) + 1
		if len(out) >= effect.MaxMembers || level > effect.MaxTreeDepth {
			return fs.ErrInvalid
		}
		if !d.IsDir() {
			out = append(out, filepath.ToSlash(rel))
			return nil
		}
		out = append(out, filepath.ToSlash(rel)+"/")
		if level >= depth {
			return fs.SkipDir
		}
		return nil
	})
	return out, err == nil
}
