//go:build unix

package hook

import (
	"os/exec"
	"path/filepath"
	"testing"
)

// TestGitWorktreeConfigWorkTree: with extensions.worktreeConfig in the
// common configuration, git takes core.worktree from a git directory's
// config.worktree even when it has a common directory (a commondir file,
// GIT_COMMON_DIR): a work tree of ~/.ssh stages and prints the keys, one
// of ~/.guard has checkout write guard's files (FINDINGS48a R6). A git
// directory with a commondir and no core.worktree passes.
func TestGitWorktreeConfigWorkTree(t *testing.T) {
	_, proj := gitKeyWorld(t, map[string]string{"README.md": "x\n"})
	common := "[core]\n\trepositoryformatversion = 1\n[extensions]\n\tworktreeConfig = true\n"
	w := filepath.Join(filepath.Dir(proj), "w")
	writeFiles(t, w, map[string]string{
		"cm10/objects/.k": "", "cm10/refs/heads/.k": "", "cm10/config": common,
		"x10/HEAD": "ref: refs/heads/main\n", "x10/commondir": "../cm10\n",
		"x10/config.worktree": "[core]\n\tworktree = ../../home/.ssh\n",
		"x11/HEAD":            "ref: refs/heads/main\n", "x11/commondir": "../cm10\n",
		"x11/config.worktree": "[core]\n\tworktree = ../../home/.guard\n",
		"x12/HEAD":            "ref: refs/heads/main\n", "x12/config.worktree": "[core]\n\tworktree = ../../home/.ssh\n",
		"cm13/objects/.k": "", "cm13/refs/heads/.k": "",
		"cm13/config": common + "[core]\n\tworktree = ../../home/.ssh\n",
		"x13/HEAD":    "ref: refs/heads/main\n", "x13/commondir": "../cm13\n",
		"x14/HEAD": "ref: refs/heads/main\n", "x14/commondir": "../cm10\n",
		"src/a.md": "a\n",
	})
	runHookCases(t, []hookCase{
		{w, "git --git-dir=x10 add -A", true},
		{w, "git --git-dir=x10 status", true},
		{w, "git --git-dir=x11 checkout FETCH_HEAD -- rules.json", true},
		{w, "GIT_DIR=x12 GIT_COMMON_DIR=cm10 git add -A", true},
		{w, "git --git-dir=x13 add -A", true}, // the common configuration's core.worktree
		{w, "git --git-dir=x14 --work-tree=src status", false},
		{w, "git --git-dir=x14 --work-tree=src add -A", false},
	})
}

// TestGitConfigWorkTreeStages: git add in the work tree core.worktree of
// a named git directory sets reads that tree's ignore files only, not the
// project's .gitignore above it: an ignored backend/.env is staged, as
// with --work-tree= (FINDINGS48a R2, FINDINGS47b G9). git add -A in the
// project itself, which ignores its .env, passes.
func TestGitConfigWorkTreeStages(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	_, proj := scriptWorld(t, map[string]string{".gitignore": ".env\n", ".env": "DB_PASS=hunter2xyzSECRET\n",
		"a.txt": "a\n", "backend/.env": "API_KEY=backendSECRET\n", "backend/app.py": "print(1)\n"})
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	gitIn(t, proj, "init", "-q", "-b", "main")
	gitIn(t, proj, "add", "-A")
	gitIn(t, proj, "commit", "-qm", "one")
	w := filepath.Join(filepath.Dir(proj), "w")
	writeFiles(t, w, map[string]string{
		"q3.git/objects/.k": "", "q3.git/refs/heads/.k": "", "q3.git/HEAD": "ref: refs/heads/main\n",
		"q3.git/config": "[core]\n\trepositoryformatversion = 0\n\tbare = false\n\tworktree = ../../proj/backend\n",
	})
	runHookCases(t, []hookCase{
		{w, "git --git-dir=q3.git add -A", true},
		{w, "GIT_DIR=q3.git git add .", true},
		{w, "git --git-dir=q3.git --work-tree=../proj/backend add -A", true},
		{proj, "git add -A && git commit -qm two", false},
		{w, "git --git-dir=q3.git status", false},
	})
}
