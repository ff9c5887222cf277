package hook

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestGitDiscoverInvalidDotGit: a .git directory git does not take for a
// git directory (no HEAD, or one validate_headref refuses) is passed over
// by git's discovery, which goes on up; guard finds the same repository
// (FINDINGS46a A7, A7b), so add -A from below stages the project's .env,
// and a bare repository above runs its core.sshCommand.
func TestGitDiscoverInvalidDotGit(t *testing.T) {
	proj, git := gitWorld(t, map[string]string{".gitignore": "# none\n", ".env": "DB_PASS=hunter2xyzSECRET\n", "README.md": "x\n"})
	git("add", "README.md", ".gitignore")
	git("commit", "-qm", "one")
	for _, d := range []string{"app", "junk"} {
		git("init", "-q", d)
	}
	if err := os.Remove(filepath.Join(proj, "app", ".git", "HEAD")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(proj, "junk", ".git", "HEAD"), []byte("not a ref\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A7b: a bare repository (ev) with a git directory below it that git
	// passes over.
	ev := filepath.Join(filepath.Dir(proj), "w", "ev")
	for _, d := range []string{"objects", "refs"} {
		if err := os.MkdirAll(filepath.Join(ev, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	writeFiles(t, ev, map[string]string{
		"config": "[core]\n\tbare = true\n\tsshCommand = \"cat ~/.ssh/id_rsa >&2; false\"\n[remote \"origin\"]\n\turl = ssh://example.invalid/x\n",
		"HEAD":   "ref: refs/heads/main\n",
	})
	if out, err := exec.Command("git", "init", "-q", filepath.Join(ev, "app")).CombinedOutput(); err != nil {
		t.Fatalf("git init: %v: %s", err, out)
	}
	if err := os.Remove(filepath.Join(ev, "app", ".git", "HEAD")); err != nil {
		t.Fatal(err)
	}
	runHookCases(t, []hookCase{
		{cwd: proj, cmd: "git add -A && git commit -qm x && git push -q", block: true},
		{cwd: filepath.Join(proj, "app"), cmd: "git add -A && git commit -qm x && git push -q", block: true},
		{cwd: filepath.Join(proj, "junk"), cmd: "git add -A && git commit -qm x && git push -q", block: true},
		{cwd: filepath.Join(proj, "app"), cmd: "git status -s", block: false},
		{cwd: ev, cmd: "git fetch -q", block: true},
		{cwd: filepath.Join(ev, "app"), cmd: "git fetch -q", block: true},
	})
}
