package policy

// The hook programs of the project a write lands in: the
// write rules hold the programs of the user's hook files and of those from
// the call's working directory up to its repository's top (hookPrograms),
// read once a call. A path written elsewhere (a parent project above a
// nested repository, another project by an absolute or ../ path, a `cd`
// before the write) meets the hook files of every directory above it up
// to the home directory: they are read on the first check of a path below
// them, once a call per directory, and the programs found are checked as
// the write rules check theirs.

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/detect/path"
	"github.com/guardhq/guard/internal/event"
)

// maxProjectLevels bounds the directories walked up from a written path.
const maxProjectLevels = 32

// projectPrograms checks text, a path written (or touched, touch) against
// the programs the hook files of the directories above it run, those the
// call's own lookup read (hookPrograms) left out. A path with a part guard
// cannot work out is left to the other rules (it meets the programs'
// globs there when it may); one with a glob character (a file named
// `h[1].sh`, or a pattern) reads the projects above its fixed part.
func (p *Policy) projectPrograms(text string, touch bool) (event.Finding, bool) {
	if strings.Contains(text, path.Unknown) {
		return event.Finding{}, false
	}
	n := path.Normalize(text, p.Home)
	if !strings.HasPrefix(n, "/") && !filepath.IsAbs(filepath.FromSlash(n)) || strings.Contains(n, "/../") {
		return event.Finding{}, false
	}
	if strings.ContainsAny(n, "*?[") {
		if n = path.FixedDir(n); n == "" {
			return event.Finding{}, false
		}
	}
	globs, err := p.projectGlobs(filepath.Clean(filepath.FromSlash(n)))
	if err == nil && len(globs) == 0 {
		return event.Finding{}, false
	}
	var d *path.Detector
	if err == nil {
		d, err = p.projectDetector(globs, touch)
	}
	if err != nil {
		return event.Finding{Detector: event.DetectorPaths, Rule: "blocked_path", Severity: "high",
			Reason: "guard could not build its write rules: " + err.Error(), LogReason: "guard could not build its write rules"}, true
	}
	return d.Check(text)
}

// projectGlobs returns the programs (as block globs) of the hook files in
// the directories from p (itself when a directory: a tree written whole)
// up to the home directory or the root, but those hookPrograms read.
// Each directory is read once a call (p.cache.dirProgs). A path in the
// cwd's own project (below the top of its repository, or the cwd without
// one) costs nothing: hookPrograms read the directories above it, and a
// project nested inside it with hook files of its own is not looked for
// (a look-up per directory of every write: docs/DECISIONS.md).
func (p *Policy) projectGlobs(p0 string) ([]string, error) {
	home := filepath.Clean(p.Home)
	c := &p.cache
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.broken {
		return nil, errBroken
	}
	p.programs() // the directories it read: progDirs, projectTop
	if t := c.projectTop; t != "" && (p0 == t || strings.HasPrefix(p0, strings.TrimSuffix(t, string(filepath.Separator))+string(filepath.Separator))) {
		return nil, nil // in the cwd's own project, whose directories up to the home were read
	}
	d := p0
	if fi, err := os.Lstat(d); err != nil || !fi.IsDir() {
		d = filepath.Dir(d)
	}
	var globs []string
	for range maxProjectLevels {
		if d == home {
			break // the user's: read by hookPrograms
		}
		if !slices.Contains(c.progDirs, d) {
			globs = append(globs, p.dirPrograms(d)...)
		}
		up := filepath.Dir(d)
		if up == d {
			break
		}
		d = up
	}
	return capList(globs), nil
}

// dirPrograms returns the programs the hook files of project directory d
// run, as block globs, read once a call; the caller holds p.cache.mu.
func (p *Policy) dirPrograms(d string) []string {
	c := &p.cache
	if g, ok := c.dirProgs[d]; ok {
		return g
	}
	if c.dirProgs == nil {
		c.dirProgs = map[string][]string{}
	}
	c.dirProgs[d] = nil // a panic half way leaves the directory read as empty: errBroken then
	out, globs := p.hookDir(d, true, d)
	o, g := p.pluginPrograms(false) // the project's local marketplaces
	out, globs = append(out, o...), append(globs, g...)
	var list []string
	for _, q := range append(out, globs...) { // globs, literal names escaped
		if path.FixedDir(q) != "" && !slices.Contains(list, q) {
			list = append(list, q)
		}
	}
	c.dirProgs[d] = list
	for _, q := range list {
		if !slices.Contains(c.projectProgs, q) {
			c.projectProgs = append(c.projectProgs, q) // why.go names them
		}
	}
	return list
}

// projectDetector compiles globs as the write rules compile the hook
// programs (Trees for writes: a tree written whole meets a program below
// it; for touches a path meets one only by naming it: touchPrograms),
// once a call per set.
func (p *Policy) projectDetector(globs []string, touch bool) (*path.Detector, error) {
	key := strings.Join(globs, "\n")
	if touch {
		key = "touch\n" + key
	}
	c := &p.cache
	c.mu.Lock()
	d, ok := c.projectRules[key]
	if ok {
		c.mu.Unlock()
		return d, nil
	}
	variants := p.linkVariants(globs, p.FilePaths.AllowWrite)
	c.mu.Unlock()
	d, err := path.Compile(path.Rules{Block: globs, Allow: p.FilePaths.AllowWrite, Home: p.Home,
		Variants: variants, Trees: !touch, Named: true})
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	if c.projectRules == nil {
		c.projectRules = map[string]*path.Detector{}
	}
	c.projectRules[key] = d
	c.mu.Unlock()
	return d, nil
}
