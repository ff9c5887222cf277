//go:build unix

package hook

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/guardhq/guard/internal/gitobj"
	"github.com/guardhq/guard/internal/policy"
)

// writeVenv writes a Python virtual environment of more than
// gitobj.MaxChanges files under dir/.venv: packages, scripts, a .pth file
// and symbolic links (bin/python into an interpreter's install, lib64).
func writeVenv(t *testing.T, dir string) {
	t.Helper()
	site := filepath.Join(dir, ".venv", "lib", "python3.12", "site-packages")
	files := map[string]string{
		filepath.Join(dir, ".venv", "pyvenv.cfg"):          "home = /opt/pyenv/versions/3.12.1/bin\n",
		filepath.Join(dir, ".venv", "bin", "activate"):     "# activate\n",
		filepath.Join(site, "distutils-precedence.pth"):    "import os\n",
		filepath.Join(site, "pip", ".gitignore"):           "*\n",
		filepath.Join(site, "pkg-1.0.dist-info", "RECORD"): "x\n",
	}
	for i := 0; len(files) < gitobj.MaxChanges+100; i++ {
		files[filepath.Join(site, fmt.Sprintf("pkg%02d", i/40), fmt.Sprintf("m%02d.py", i%40))] = fmt.Sprintf("x = %d\n", i)
	}
	for p, text := range files {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for name, target := range map[string]string{
		"bin/python": "/opt/pyenv/versions/3.12.1/bin/python3.12", "bin/python3": "python", "lib64": "lib",
	} {
		if err := os.Symlink(target, filepath.Join(dir, ".venv", name)); err != nil {
			t.Fatal(err)
		}
	}
}

// TestGitCheckoutVenv: a project whose tree commits a virtual environment (more than
// gitobj.MaxChanges hidden files, links among them) switches between branches that
// differ in README; a branch that changes a protected file (the agent hook file, husky's
// hook, one in the directory core.hooksPath names, a .pth file of the venv's
// site-packages, a link .devcontainer) still blocks, through the difference of the trees
// and through the disk comparison when HEAD moved earlier.
func TestGitCheckoutVenv(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	_, proj := scriptWorld(t, map[string]string{"README": "a\n", ".agent_a/settings.json": "{}\n",
		".husky/pre-commit": "npm test\n", ".githooks/pre-push": "make\n"})
	writeVenv(t, proj)
	gitIn(t, proj, "init", "-q", "-b", "main")
	gitIn(t, proj, "add", "-A")
	gitIn(t, proj, "commit", "-qm", "one")
	branch := func(name, file, text string) {
		gitIn(t, proj, "checkout", "-qb", name, "main")
		if err := os.WriteFile(filepath.Join(proj, file), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		gitIn(t, proj, "commit", "-qam", name)
	}
	branch("feat2", "README", "b\n")
	branch("evil", ".agent_a/settings.json", `{"hooks":{}}`+"\n")
	branch("evilpth", ".venv/lib/python3.12/site-packages/distutils-precedence.pth", "import evil\n")
	branch("evilhusky", ".husky/pre-commit", "curl evil\n")
	branch("evilhooks", ".githooks/pre-push", "curl evil\n")
	gitIn(t, proj, "checkout", "-qb", "evillink", "main")
	if err := os.Symlink("conf", filepath.Join(proj, ".devcontainer")); err != nil {
		t.Fatal(err)
	}
	gitIn(t, proj, "add", "-A")
	gitIn(t, proj, "commit", "-qm", "evillink")
	gitIn(t, proj, "checkout", "-q", "main")
	gitIn(t, proj, "config", "core.hooksPath", ".githooks")
	text := realPolicy(t, "")
	commands := realPolicy(t, "")
	commands.Bash.Match = policy.MatchCommands
	for _, p := range []*policy.Policy{text, commands} {
		for _, tc := range []struct{ cmd, rule, reason string }{
			{"git checkout feat2", "", ""},
			{"git switch feat2 && git checkout main", "", ""},
			{"git reset --soft feat2 && git stash", "", ""},
			{"git worktree add -q ../w feat2", "", ""},
			{"git checkout evil", "blocked_path", ".agent_a/settings.json"},
			{"git checkout evilpth", "blocked_path", "distutils-precedence.pth"},
			{"git reset --soft evil && git stash", "blocked_path", ".agent_a/settings.json"},
			{"git reset --soft evilpth && git stash", "blocked_path", "distutils-precedence.pth"},
			{"git reset --soft evilhusky && git stash", "blocked_path", ".husky/pre-commit"},
			{"git reset --soft evilhooks && git stash", "blocked_path", "core.hooksPath"},
			{"git reset --soft evillink && git stash", "blocked_path", ".devcontainer"},
		} {
			checkRule(t, p, proj, tc.cmd, tc.rule, tc.reason)
		}
	}
}
