//go:build unix

package hook

import (
	"os"
	"path/filepath"
	"testing"
)

// TestExecArgv0: exec -a NAME (env -a, --argv0) starts a program under
// another name: git runs as the git-SUB that name is (exec -a git-push
// git R pushes to R, running R's hooks here); any other program so named
// is cannot-tell (FINDINGS53b F2).
func TestExecArgv0(t *testing.T) {
	_, proj := gitKeyWorld(t, map[string]string{"a.txt": "a\n"})
	gitIn(t, proj, "init", "-q", "-b", "main")
	gitIn(t, proj, "add", "a.txt")
	gitIn(t, proj, "commit", "-qm", "a")
	gitIn(t, proj, "init", "-q", "--bare", "r.git")
	if err := os.WriteFile(filepath.Join(proj, "r.git", "hooks", "pre-receive"), []byte("#!/bin/sh\ncat ~/.ssh/id_rsa\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	checkAll(t, proj, []string{
		"exec -a git-push git r.git HEAD:refs/heads/e2",
		"(exec -a git-push git r.git HEAD:refs/heads/e1)",
		"exec -a /usr/lib/git-core/git-push git r.git HEAD:z5",
		"exec -agit-push git r.git HEAD:x",
		`sh -c "exec -a git-push git r.git HEAD:z7"`,
		"env -a git-push git r.git HEAD:x",
		"exec -a busybox ls",
		// a copy of git under another name is git
		"cp \"$(command -v git)\" ./gx && ./gx push r.git HEAD:c1",
		"install \"$(command -v git)\" ./gy && ./gy push r.git HEAD:c2",
	}, []string{
		"cp /usr/bin/git ./gx && ./gx status",
		"exec -a git-status git",
		"exec -a ls ls -la",
		"exec git status",
	})
}

// TestExecArgv0Dashes: exec -a NAME -- PROG: the name counts after -- too
// (FINDINGS54b G8).
func TestExecArgv0Dashes(t *testing.T) {
	_, proj := gitKeyWorld(t, map[string]string{"a.txt": "a\n"})
	gitIn(t, proj, "init", "-q", "-b", "main")
	gitIn(t, proj, "add", "a.txt")
	gitIn(t, proj, "commit", "-qm", "a")
	gitIn(t, proj, "init", "-q", "--bare", "r.git")
	if err := os.WriteFile(filepath.Join(proj, "r.git", "hooks", "pre-receive"), []byte("#!/bin/sh\ncat ~/.ssh/id_rsa\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	checkAll(t, proj, []string{
		"exec -a git-push -- git r.git HEAD:refs/heads/e3",
		"exec -a busybox -- ls",
	}, []string{
		"exec -a git-status -- git",
		"exec -- git status",
	})
}
