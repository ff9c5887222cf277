//go:build unix

package hook

import (
	"os/exec"
	"path/filepath"
	"testing"
)

// TestGitCoreWorktree: core.worktree in the configuration of a git
// directory not named .git (--git-dir=x.git, GIT_DIR=x.git) sets git's
// work tree, relative to the git directory: a work tree of ~/.ssh stages,
// prints and pushes the keys, one of ~/.guard has checkout write guard's
// files (FINDINGS47b G4). A work tree that holds nothing protected, and a
// git directory without core.worktree, pass. Both bash.match modes.
func TestGitCoreWorktree(t *testing.T) {
	homeDir, proj := gitKeyWorld(t, map[string]string{"README.md": "x\n", "src/notes.md": "n\n"})
	for d, tree := range map[string]string{
		"x.git": "../../home/.ssh", "q.git": "../../home/.guard", "a.git": filepath.Join(homeDir, ".ssh"),
		"z.git": "../src", "y.git": "",
	} {
		gitIn(t, proj, "init", "-q", "--bare", d)
		gitIn(t, proj, "--git-dir="+d, "config", "core.bare", "false")
		if tree != "" {
			gitIn(t, proj, "--git-dir="+d, "config", "core.worktree", tree)
		}
	}
	runHookCases(t, []hookCase{
		{proj, "git --git-dir=x.git add -A", true},
		{proj, "GIT_DIR=x.git git add -A", true},
		{proj, "git --git-dir=x.git cat-file -p :id_rsa", true},
		{proj, "git --git-dir=x.git log -p", true},
		{proj, "git --git-dir=a.git status", true},
		{proj, "git --git-dir=q.git checkout FETCH_HEAD -- rules.json", true},
		{filepath.Join(proj, "src"), "git --git-dir=../q.git checkout FETCH_HEAD -- rules.json", true},
		{proj, "git --git-dir=z.git status", false},
		{proj, "git --git-dir=y.git status", false},
		{proj, "git --git-dir=x.git --work-tree=src status", false}, // --work-tree wins over core.worktree
	})
}

// TestGitCommonDir: git reads the configuration and runs the hooks of a
// git directory's common directory: the one its commondir file names
// (FINDINGS47b G6), or GIT_COMMON_DIR's (G6b), whatever its own test of
// HEAD says; a hook or a configuration that runs commands there is what
// git runs. Worktrees git worktree add makes pass. Both bash.match modes.
func TestGitCommonDir(t *testing.T) {
	_, proj := gitKeyWorld(t, map[string]string{"README.md": "x\n"})
	hook := "#!/bin/sh\ncat ~/.ssh/id_rsa >&2\n"
	cfg := "[core]\n\trepositoryformatversion = 0\n[user]\n\tname = a\n\temail = a@b\n"
	writeFiles(t, proj, map[string]string{
		"cm/hooks/post-commit": hook, "cm/config": cfg, "cm/objects/.k": "", "cm/refs/.k": "",
		"x4.git/HEAD": "ref: refs/heads/main\n", "x4.git/commondir": "../cm\n",
		"ok/config": cfg, "ok/objects/.k": "", "ok/refs/.k": "",
		"x6.git/HEAD": "ref: refs/heads/main\n", "x6.git/commondir": "../ok\n",
		"cm2/hooks/pre-commit": hook, "cm2/config": cfg, "cm2/objects/.k": "", "cm2/refs/.k": "",
		"x5/HEAD": "ref: refs/heads/main\n", "src/a.md": "a\n",
		"cm4/config": "[core]\n\tfsmonitor = \"cat ~/.ssh/id_rsa >&2; false\"\n", "cm4/objects/.k": "", "cm4/refs/.k": "",
	})
	// cm5: relative, git tests proj/cm5 from src, then loads ../cm5 from
	// the top (proj): the root's.
	writeFiles(t, proj, map[string]string{"cm5/objects/.k": "", "cm5/refs/.k": ""})
	writeFiles(t, filepath.Dir(proj), map[string]string{"cm5/objects/.k": "", "cm5/refs/.k": "",
		"cm5/config": "[core]\n\tfsmonitor = \"cat ~/.ssh/id_rsa >&2; false\"\n"})
	gitIn(t, proj, "init", "-q", "-b", "main")
	gitIn(t, proj, "add", "README.md")
	gitIn(t, proj, "commit", "-qm", "one")
	gitIn(t, proj, "worktree", "add", "-q", "../wt", "-b", "side")
	wt := filepath.Join(filepath.Dir(proj), "wt")
	runHookCases(t, []hookCase{
		{proj, "git --git-dir=x4.git --work-tree=src commit -q --allow-empty -m x", true},
		{filepath.Join(proj, "x4.git"), "git branch -f k", true}, // discovered: HEAD and commondir
		{proj, "GIT_DIR=x5 GIT_COMMON_DIR=$PWD/cm2 git --work-tree=src commit -q --allow-empty -m x", true},
		{filepath.Join(proj, "src"), "GIT_DIR=../x5 GIT_COMMON_DIR=../cm2 git commit -q --allow-empty -m x", true},
		{proj, "GIT_COMMON_DIR=cm4 git status", true},
		{filepath.Join(proj, "src"), "GIT_COMMON_DIR=../cm5 git status", true},
		{proj, "git --git-dir=x6.git --work-tree=src commit -q --allow-empty -m x", false},
		{proj, "git status && git add README.md && git commit -qm two", false},
		{wt, "git status && git add -A && git commit -qm x && git log -1", false},
	})
}

// gitKeyWorld is scriptWorld with files in the project, a stand-in key at
// ~/.ssh/id_rsa and git's system configuration left out; it skips the
// test where git is not installed.
func gitKeyWorld(t *testing.T, files map[string]string) (homeDir, proj string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	homeDir, proj = scriptWorld(t, files)
	writeFiles(t, homeDir, map[string]string{".ssh/id_rsa": "FAKEKEY-SECRET\n"})
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	return homeDir, proj
}

// TestGitDirAsFound: --git-dir naming the git directory git discovers
// anyway moves nothing and writes no configuration (git --git-dir=.git
// log); another directory, the same one as the work tree, init, or the
// variable's spelling (accepted: GIT_DIR=.git git log) still block.
func TestGitDirAsFound(t *testing.T) {
	_, proj := gitKeyWorld(t, map[string]string{"README.md": "x\n"})
	gitIn(t, proj, "init", "-q", "-b", "main")
	for _, mode := range []string{"", `{"bash":{"match":"commands"}}`} {
		p := realPolicy(t, mode)
		for _, tc := range []struct {
			cmd   string
			block bool
		}{
			{"git --git-dir=.git log", false},
			{"git --git-dir .git status", false},
			{"git --git-dir=./.git/ log --oneline", false},
			{"git --git-dir=.git init", true},
			{"git --git-dir=.git --work-tree=.git status", true},
			{"GIT_WORK_TREE=.git git --git-dir=.git status", true},
			{"GIT_WORK_TREE=.git git checkout -- config", true},
			{"git --git-dir=$HOME/.guard log", true},
			{"GIT_DIR=.git git log", true},
		} {
			checkBlock(t, p, proj, tc.cmd, tc.block, "")
		}
	}
}
