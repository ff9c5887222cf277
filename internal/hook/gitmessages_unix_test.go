//go:build unix

package hook

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/guardhq/guard/internal/policy"
)

// TestGitMessageOptions: a word after -b, -t, -n or --message is a
// message only where the subcommand's own options say so:
// in a work tree, git diff -b KEY /dev/null goes no-index and prints the
// key, commit -t reads its template, blame -b is a flag before --contents.
func TestGitMessageOptions(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	homeDir, proj := scriptWorld(t, map[string]string{"f": "a\n"})
	if err := os.WriteFile(filepath.Join(homeDir, ".ssh", "id_rsa"), []byte("KEY\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	gitIn(t, proj, "init", "-q", "-b", "main")
	gitIn(t, proj, "add", "-A")
	gitIn(t, proj, "commit", "-qm", "one")
	text := realPolicy(t, "")
	commands := realPolicy(t, "")
	commands.Bash.Match = policy.MatchCommands
	for _, p := range []*policy.Policy{text, commands} {
		for _, tc := range []struct{ cmd, rule string }{
			{"git diff -b ~/.ssh/id_rsa /dev/null", "blocked_path"},
			{"git diff -t ~/.ssh/id_rsa /dev/null", "blocked_path"},
			{"git diff --stat -n ~/.ssh/id_rsa /dev/null", "blocked_path"},
			{"git diff --message ~/.ssh/id_rsa /dev/null", "blocked_path"},
			{"git diff -Rm ~/.ssh/id_rsa /dev/null", "blocked_path"},
			{"git commit -t ~/.ssh/id_rsa", "blocked_path"},
			{"git -c core.editor=true commit --allow-empty-message -t ~/.ssh/id_rsa", "blocked_path"},
			{"git blame -b --contents=$HOME/.ssh/id_rsa f", "blocked_path"},
			{"git blame -t --contents=$HOME/.ssh/id_rsa f", "blocked_path"},
			{"git commit -m 'fix: read ~/.ssh/id_rsa'", ""},
			{"git commit -qam 'fix: read ~/.ssh/id_rsa'", ""},
			{"git commit --message='fix: read ~/.ssh/id_rsa'", ""},
			{"git tag -a v1 -m 'drop ~/.ssh/id_rsa'", ""},
			{"git log --grep ~/.ssh/id_rsa", ""},
		} {
			checkRule(t, p, proj, tc.cmd, tc.rule, "")
		}
	}
}

// TestGitMessageNoRevision: a conventional commit's message ("docs:
// explain x") is a message, not a REV:PATH whose file git would print
// (agent B, whose results guard cannot redact, blocked it).
func TestGitMessageNoRevision(t *testing.T) {
	proj, git := gitWorld(t, map[string]string{"a.go": "package a\n", "certs/dev.pem": "-----BEGIN PRIVATE KEY-----\n"})
	git("add", "-A")
	git("commit", "-qm", "init")
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{`git commit -m "docs: explain certs/dev.pem usage"`, false},
		{`git tag -a v1 -m "feat: certs/dev.pem"`, false},
		{`git show HEAD:certs/dev.pem`, true},
	} {
		wantBlock(t, p, tc.cmd, shellPayloadB(proj, tc.cmd), tc.block)
	}
}
