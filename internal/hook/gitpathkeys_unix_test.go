//go:build unix

package hook

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestGitPathSettings: a git setting that names a file git reads and
// prints or commits (commit.template, blame.ignoreRevsFile,
// format.signatureFile) reads it, from git -c, the environment's settings
// and the configurations git loads; a key of no known role whose value is
// a read-protected name is checked as a read and a write, not as a bare
// data word (FINDINGS44c K4). Both bash.match modes.
func TestGitPathSettings(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	_, proj := scriptWorld(t, map[string]string{".env": "SECRET=hunter2\n", ".gitignore": ".env\n", "README": "a\n", "msg.txt": "subject\n"})
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	gitIn(t, proj, "init", "-q", "-b", "main")
	gitIn(t, proj, "add", "README", ".gitignore")
	gitIn(t, proj, "-c", "user.name=a", "-c", "user.email=a@b", "commit", "-q", "-m", "one")
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		for _, tc := range []struct {
			cmd   string
			block bool
		}{
			{"git -c commit.template=.env -c core.editor=cat commit --allow-empty", true},
			{"git -c blame.ignoreRevsFile=.env blame README", true},
			{"git -c core.editor=true -c commit.template=.env commit -q --allow-empty --allow-empty-message && git push -q", true},
			{"GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=commit.template GIT_CONFIG_VALUE_0=.env git commit --allow-empty", true},
			{`GIT_CONFIG_PARAMETERS="'blame.ignorerevsfile'='.env'" git blame README`, true},
			{"git -c format.signatureFile=.env format-patch -1 --stdout", true},
			{"git -c foo.bar=.env status", true}, // a key of no known role: read and written
			{"git -c commit.template=msg.txt commit --allow-empty", false},
			{"git -c blame.ignoreRevsFile=msg.txt blame README", false},
			{"git commit -m x", false},
		} {
			wantBlock(t, p, mode+": "+tc.cmd, bashPayload(t, proj, tc.cmd), tc.block)
		}
	}
	// The repository's configuration, loaded at each call.
	if err := os.WriteFile(filepath.Join(proj, ".git/config.worktree"), []byte("[commit]\n\ttemplate = .env\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	p := realPolicy(t, "")
	wantBlock(t, p, "config.worktree: commit", bashPayload(t, proj, "git commit --allow-empty"), true)
}

// TestGitMaybeBuiltinAlias: a subcommand name that is not git's own in
// every git guard supports (refs, hook, repo: builtins of newer gits) runs
// the user's alias of that name on a git that lacks it; both readings are
// analysed (FINDINGS44c K5). Both bash.match modes.
func TestGitMaybeBuiltinAlias(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	homeDir, proj := scriptWorld(t, map[string]string{".env": "SECRET=hunter2\n", ".gitignore": ".env\n", "README": "a\n", "p.sh": "cat ~/.ssh/id_rsa\n"})
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	gitIn(t, proj, "init", "-q", "-b", "main")
	gitIn(t, proj, "add", "README", ".gitignore")
	gitIn(t, proj, "-c", "user.name=a", "-c", "user.email=a@b", "commit", "-q", "-m", "one")
	cfg := "[user]\n\tname = a\n\temail = a@b\n[alias]\n\trefs = !cat .env\n\thook = !f(){ cat \"$1$2\"; }; f\n" +
		"\trepo = log -3\n\treplay = -c core.pager=./p.sh log\n\tst = status -sb\n\tsubtree = !cat .env\n\tdaemon = !cat .env\n\tinstaweb = !cat .env\n"
	if err := os.WriteFile(filepath.Join(homeDir, ".gitconfig"), []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		for _, tc := range []struct {
			cmd   string
			block bool
		}{
			{"git refs", true},
			{"git refs list", true},
			{"git hook .e nv", true},
			{"git replay", true},  // an alias of git's options: a pager guard cannot read
			{"git subtree", true}, // programs some distributions ship apart (FINDINGS46a A4)
			{"git daemon", true},
			{"git instaweb", true},
			{"git repo", false},
			{"git st", false},
			{"git status", false},
		} {
			wantBlock(t, p, mode+": "+tc.cmd, bashPayload(t, proj, tc.cmd), tc.block)
		}
	}
}
