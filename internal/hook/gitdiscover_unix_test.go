//go:build unix

package hook

import (
	"os"
	"path/filepath"
	"testing"
)

// TestGitDiscoveryAsGitTests: guard's discovery takes a directory for a
// git directory exactly when git's is_git_directory does (repo.
// GitDirectory): objects or refs an executable FILE pass access(X_OK), so
// git takes the bare directory and runs its alias (FINDINGS49a S4); a
// HEAD of "ref:\vrefs/…" or a link outside refs/ is none to git, which
// goes on up to the repository whose alias runs (S5). Controls: a plain
// file objects (no x bit) is no git directory; a decoy git takes stops
// git; a project's subdirectory finds the project's .git.
func TestGitDiscoveryAsGitTests(t *testing.T) {
	_, proj := gitKeyWorld(t, map[string]string{"README.md": "x\n", "sub/a.md": "a\n"})
	alias := "[core]\n\tbare = true\n[alias]\n\tst = !cat ~/.s?h/id* >&2\n"
	w := filepath.Join(filepath.Dir(proj), "w")
	writeFiles(t, w, map[string]string{
		"c/refs/.k": "", "c/HEAD": "ref: refs/heads/main\n", "c/objects": "#!/bin/sh\n", "c/config": alias,
		"r/objects/.k": "", "r/HEAD": "ref: refs/heads/main\n", "r/refs": "#!/bin/sh\n", "r/config": alias,
		"n/refs/.k": "", "n/HEAD": "ref: refs/heads/main\n", "n/objects": "x\n", "n/config": alias,
		"f/refs/.k": "", "f/objects/.k": "", "f/HEAD": "ref: refs/heads/main\n", "f/config": alias,
		"f/sub/objects/.k": "", "f/sub/refs/.k": "", "f/sub/HEAD": "ref:\vrefs/heads/main\n",
		"f/ff/objects/.k": "", "f/ff/refs/.k": "", "f/ff/HEAD": "ref:\frefs/heads/main\n",
		"f/ln/objects/.k": "", "f/ln/refs/.k": "", "f/ln/H": "ref: refs/heads/main\n",
		"f/ok/objects/.k": "", "f/ok/refs/.k": "", "f/ok/HEAD": "ref: \trefs/heads/main\n",
	})
	if err := os.Chmod(filepath.Join(w, "n/objects"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("H", filepath.Join(w, "f/ln/HEAD")); err != nil {
		t.Fatal(err)
	}
	gitIn(t, proj, "init", "-q", "-b", "main")
	gitIn(t, proj, "add", "README.md", "sub/a.md")
	gitIn(t, proj, "commit", "-qm", "one")
	runHookCases(t, []hookCase{
		{filepath.Join(w, "c"), "git st", true},
		{w, "cd c && git st", true},
		{filepath.Join(w, "r"), "git st", true},
		{filepath.Join(w, "f/sub"), "git st", true},
		{w, "cd f/sub && git st", true},
		{filepath.Join(w, "f/ff"), "git st", true},
		{filepath.Join(w, "f/ln"), "git st", true},
		{filepath.Join(w, "n"), "git status", false},
		{filepath.Join(w, "f/ok"), "git status", false},
		{filepath.Join(proj, "sub"), "git status && git log -p", false},
		{proj, "git log -p && git diff HEAD", false},
	})
}
