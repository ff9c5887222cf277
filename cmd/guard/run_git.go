package main

import (
	"io"
	"os"
	"path/filepath"

	"github.com/guardhq/guard/internal/repo"
)

// maxRepoDepth bounds the directories gitFiles walks up.
const maxRepoDepth = 64

// repoRoots returns the work trees of the git repositories the directory
// wd is in, innermost first (a submodule, then its superproject): each
// directory from wd up to / that holds a .git.
func repoRoots(wd string) []string {
	var out []string
	d := filepath.Clean(wd)
	for range maxRepoDepth {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			out = append(out, d)
		}
		up := filepath.Dir(d)
		if up == d {
			break
		}
		d = up
	}
	return out
}

// gitFiles returns what git reads as code, of each repository wd is in: its
// config (core.fsmonitor, core.pager, aliases run programs) and its hooks
// directory, in the common git directory and, for a linked worktree, its
// own config.worktree. When wd holds no repository, the paths a `git init`
// in wd would create are returned, so that guard run can report them.
func gitFiles(wd string) []string {
	roots := repoRoots(wd)
	if len(roots) == 0 || roots[0] != filepath.Clean(wd) {
		out := []string{filepath.Join(wd, ".git", "config"), filepath.Join(wd, ".git", "hooks")}
		for _, r := range roots {
			out = append(out, repoGitFiles(r)...)
		}
		return out
	}
	var out []string
	for _, r := range roots {
		out = append(out, repoGitFiles(r)...)
	}
	return out
}

// repoGitFiles returns the config and hooks of the repository whose work
// tree is root, following a .git file (a linked worktree, a submodule) to
// its git directory and that to its common directory.
func repoGitFiles(root string) []string {
	gitDir := filepath.Join(root, ".git")
	if fi, err := os.Stat(gitDir); err == nil && !fi.IsDir() {
		p, ok := repo.GitFileDir(readSmall(gitDir)) // as git reads it
		if !ok {
			return nil
		}
		gitDir = relTo(root, p)
	}
	common := gitDir
	if c, ok := repo.CommonDirName(readSmall(filepath.Join(gitDir, "commondir"))); ok {
		common = relTo(gitDir, c)
	}
	out := []string{filepath.Join(common, "config"), filepath.Join(common, "hooks")}
	if common != gitDir {
		out = append(out, filepath.Join(gitDir, "config.worktree"))
	}
	return out
}

// relTo returns p, taken relative to dir when it is not absolute.
func relTo(dir, p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(dir, p)
}

// readSmall returns the start of a small file (a .git file, commondir), ""
// when it cannot be read.
func readSmall(p string) string {
	f, err := os.Open(p)
	if err != nil {
		return ""
	}
	defer f.Close()
	b, _ := io.ReadAll(io.LimitReader(f, 4096))
	return string(b)
}
