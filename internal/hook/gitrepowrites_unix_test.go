//go:build unix

package hook

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestGitRepositoryWrites: what git writes into the repository itself
// (the index, objects and refs of the git directory it uses; the .git, or
// with --bare the directory, git init makes where it runs) and the file
// bugreport and format-patch write where they run are writes the write
// rules decide: a repository in guard's directory or an agent's blocks; a
// project's own .git and its patches pass.
func TestGitRepositoryWrites(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	homeDir, proj := scriptWorld(t, map[string]string{"src/a.go": "package a\n"})
	os.MkdirAll(filepath.Join(homeDir, ".agent_a"), 0o755)
	gitIn(t, proj, "init", "-q", "-b", "main")
	gitIn(t, proj, "add", "-A")
	gitIn(t, proj, "commit", "-qm", "one")
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd, rule, reason string
	}{
		{"git -C ~/.guard init", "blocked_path", ".guard/.git/HEAD"},
		{"git -C ~/.guard init --bare", "blocked_path", ".guard/HEAD"},
		{"cd ~/.agent_a && git init", "blocked_path", ".agent_a/.git/HEAD"},
		{"git -C ~/.guard bugreport", "blocked_path", ".guard/git-bugreport-"},
		{"cd ~/.agent_a && git bugreport", "blocked_path", ".agent_a/git-bugreport-"},
		{"cd ~/.guard && git --git-dir=" + proj + "/.git format-patch -1", "blocked_path", ".guard/0001-"},
		{"git init", "", ""},
		{"git add -A && git commit -qm x", "", ""},
		{"git status", "", ""},
		{"git bugreport", "", ""},
		{"git bugreport -o out", "", ""},
		{"git format-patch -1", "", ""},
		{"git -C ~/.guard log", "", ""},
	} {
		checkRule(t, p, proj, tc.cmd, tc.rule, tc.reason)
	}
	gitIn(t, filepath.Join(homeDir, ".guard"), "init", "-q") // an empty .git is none: git would go on up
	for _, cmd := range []string{"git -C ~/.guard add -A", "git -C ~/.guard commit -qm x", "cd ~/.guard && git tag v1", "git --git-dir ~/.guard/.git update-ref refs/heads/x HEAD"} {
		checkRule(t, p, proj, cmd, "blocked_path", ".guard/.git/index")
	}
}
