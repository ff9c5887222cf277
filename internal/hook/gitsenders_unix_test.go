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

// TestGitSendersIgnored: after git add without -f (git add -A, git add
// ., commit -a), a printer or a sender reads the index's files and the
// untracked ones git's ignore rules do not ignore: a protected file those
// rules surely ignore (a pattern of a .gitignore or .git/info/exclude, no
// negation anywhere) does not count; one they do not ignore, one the
// index holds, a negation, or an earlier command that may have changed
// the rules (a write, a program guard does not know) blocks.
func TestGitSendersIgnored(t *testing.T) {
	text := realPolicy(t, "")
	commands := realPolicy(t, "")
	commands.Bash.Match = policy.MatchCommands
	pushes := []string{"git add -A && git commit -m x && git push", "git add . && git commit -qm x && git push origin main",
		"git add -A && git commit -qam x && git push", "git add --all -v && git diff --cached", "git stage -A && git push"}
	for _, tc := range []struct {
		name   string
		files  map[string]string
		exclud string // .git/info/exclude
		block  bool
	}{
		{"ignored .env", map[string]string{".gitignore": ".env\n"}, "", false},
		{"ignored by a glob", map[string]string{".gitignore": "# local\n.env*\n*.pem\n"}, "", false},
		{"ignored by info/exclude", map[string]string{}, ".env\n", false},
		{"ignored directory", map[string]string{".gitignore": "/secrets/\n.env\n", "secrets/id_rsa": "KEY\n"}, "", false},
		{"a sub-directory's .gitignore", map[string]string{"app/.gitignore": ".env\n", "app/.env": "DB_PASS=hunter2xyz\n", ".gitignore": "/.env\n"}, "", false},
		{"not ignored", map[string]string{".gitignore": "node_modules/\n"}, "", true},
		{"ignored elsewhere only", map[string]string{".gitignore": "/app/.env\n"}, "", true},
		{"a negation", map[string]string{".gitignore": ".env\n!.env.example\n"}, "", true},
		{"a directory pattern", map[string]string{".gitignore": ".env/\n"}, "", true},
		{"a pem not ignored", map[string]string{".gitignore": ".env\n", "certs/server.pem": "KEY\n"}, "", true},
	} {
		files := map[string]string{"README": "a\n", ".env": "DB_PASS=hunter2xyz\n"}
		for k, v := range tc.files {
			files[k] = v
		}
		proj, git := gitWorld(t, files)
		if tc.exclud != "" {
			appendFile(t, filepath.Join(proj, ".git", "info", "exclude"), tc.exclud)
		}
		git("add", "README")
		git("commit", "-qm", "one")
		for _, p := range []*policy.Policy{text, commands} {
			for _, cmd := range pushes {
				if tc.block {
					checkRule(t, p, proj, cmd, "blocked_path", "the directory holds such a file")
				} else {
					checkRule(t, p, proj, cmd, "", "")
				}
			}
			if tc.block {
				continue
			}
			// Forced, or the rules may have changed before git add read them.
			for _, cmd := range []string{"git add -Af && git push", "git add --force . && git push",
				"git update-index --add --stdin < README && git push", "echo > .gitignore && git add -A && git push",
				"./gen.sh && git add -A && git commit -qm x && git push", "git rm -q --cached .gitignore && git add -A && git push",
				"git checkout -q main && git add -A && git push", "git add -A && git stash -a && git push"} {
				checkRule(t, p, proj, cmd, "blocked_path", "")
			}
		}
		git("add", "-f", ".env") // the index holds it, ignored or not
		for _, p := range []*policy.Policy{text, commands} {
			for _, cmd := range pushes {
				checkRule(t, p, proj, cmd, "blocked_path", ".env")
			}
		}
	}
}
