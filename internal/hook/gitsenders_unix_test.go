//go:build unix

package hook

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/guardhq/guard/internal/policy"
)

// TestGitSenders: git's senders (git push, send-pack, bundle create,
// send-email, request-pull, svn dcommit, p4 submit, an alias or a name
// guard cannot resolve) read the repository's tree as its printers do: as
// the index holds it, or as on disk after a git command of the same
// command line that may stage untracked files (git add -f ., a glob, a
// magic pathspec, --pathspec-from-file, update-index --add). A project
// whose .env is ignored and not staged still pushes; one whose index
// tracks .env does not.
func TestGitSenders(t *testing.T) {
	proj, git := gitWorld(t, map[string]string{"README": "a\n", ".gitignore": ".env\n", "list": ".env\n"})
	git("add", "README", ".gitignore")
	git("commit", "-qm", "one")
	clean, cgit := gitWorld(t, map[string]string{"README": "a\n"})
	cgit("add", "README")
	cgit("commit", "-qm", "one")
	if err := os.WriteFile(filepath.Join(proj, ".env"), []byte("DB_PASS=hunter2xyz\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	text := realPolicy(t, "")
	commands := realPolicy(t, "")
	commands.Bash.Match = policy.MatchCommands
	everyday := []string{"git push", "git push origin main", "git commit -am x && git push", "git fetch", "git log --oneline",
		"git add -u && git commit -qm x && git push", "git add README && git commit -qm x && git push origin main",
		"git status && git push -u origin HEAD"}
	staging := []string{"git add -f . && git commit -m x && git push origin main", "git add -f -A && git commit -qm x && git push",
		`git add -f "*.env" && git commit -qm x && git push`, `git add -f ':(glob)**/*.env' && git commit -qm x && git push`,
		"git add -f --pathspec-from-file=list && git commit -qm x && git push",
		"git add -f --pathspec-from-file=- < list && git commit -qm x && git push",
		"git update-index --add --stdin < list && git commit -qm x && git push",
		"git add -f -- . && git commit -qm x && git push", "git nosuchsub && git commit -qm x && git push",
		"git add -f . && git commit -qm x && git send-pack origin main",
		"git add -f . && git commit -qm x && git bundle create /tmp/x.bundle HEAD"}
	for _, p := range []*policy.Policy{text, commands} {
		for _, cmd := range append(everyday, staging...) { // no protected file anywhere
			checkRule(t, p, clean, cmd, "", "")
		}
		for _, cmd := range everyday { // .env ignored, neither tracked nor staged
			checkRule(t, p, proj, cmd, "", "")
		}
		for _, cmd := range staging {
			checkRule(t, p, proj, cmd, "blocked_path", ".env")
		}
	}
	git("add", "-f", ".env") // an earlier call staged it: the index holds it
	for _, p := range []*policy.Policy{text, commands} {
		for _, cmd := range []string{"git push", "git push origin main", "git commit -qm x && git push", "git commit -am x && git push",
			"git send-pack origin main", "git bundle create /tmp/x.bundle HEAD", "git send-email HEAD~1", "git request-pull v1 origin",
			"git svn dcommit", "git p4 submit", "git -c alias.p=push p"} {
			checkRule(t, p, proj, cmd, "blocked_path", ".env")
		}
		checkRule(t, p, proj, "git fetch", "", "")
	}
}
