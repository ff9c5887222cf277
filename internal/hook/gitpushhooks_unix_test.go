//go:build unix

package hook

import (
	"os"
	"path/filepath"
	"testing"
)

// TestGitPushLocalHooks: git push to a repository on this machine runs
// the receiving repository's hooks (pre-receive, update, post-receive…)
// here, as the user: guard reads them as the scripts they are, whether
// the destination is a path, a file:// URL or a remote whose url is one;
// a push to another machine runs none here (FINDINGS50a F7's copy route).
func TestGitPushLocalHooks(t *testing.T) {
	leak := "#!/bin/sh\ncat ~/.ssh/id_rsa > leak.txt\n"
	_, proj := gitKeyWorld(t, map[string]string{"a.txt": "a\n"})
	gitIn(t, proj, "init", "-q", "-b", "main")
	gitIn(t, proj, "add", "a.txt")
	gitIn(t, proj, "commit", "-qm", "a")
	gitIn(t, proj, "init", "-q", "--bare", "r.git")
	gitIn(t, proj, "init", "-q", "--bare", "clean.git")
	gitIn(t, filepath.Dir(proj), "init", "-q", "other")
	for p, text := range map[string]string{
		filepath.Join(proj, "r.git", "hooks", "pre-receive"):                        leak,
		filepath.Join(filepath.Dir(proj), "other", ".git", "hooks", "post-receive"): leak,
	} {
		if err := os.WriteFile(p, []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	gitIn(t, proj, "remote", "add", "origin", "r.git")
	gitIn(t, proj, "remote", "add", "up", "../other")
	gitIn(t, proj, "remote", "add", "gh", "git@github.com:a/b.git")
	gitIn(t, proj, "remote", "add", "ok", "clean.git")
	gitIn(t, proj, "config", "url."+filepath.Join(proj, "r.git")+".insteadOf", "gh2:")
	gitIn(t, proj, "config", "url.git@github.com:.insteadOf", "https://github.com/")
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		for _, cmd := range []string{
			"git push r.git HEAD:refs/heads/zz", "git push ./r.git HEAD:zz", `git push "file://$PWD/r.git" HEAD:zz`,
			"git push", "git push origin main", "git push -u origin main", "git push up HEAD:x", "git push ../other HEAD:x",
			"git -C .. push " + filepath.Base(proj) + "/r.git HEAD:zz", "git push gh2: main",
			"git send-pack ./r.git main", "echo 0000 | git receive-pack r.git",
			// receive-pack tries the name with /.git, .git/.git and .git
			// after it, as git's enter_repo does.
			"git push ./r HEAD:zz", "git push r HEAD:zz", "echo 0000 | git receive-pack r",
		} {
			checkRule(t, p, proj, cmd, "blocked_path", "")
		}
		// A destination the command's own settings name: not followed.
		checkRule(t, p, proj, "git -c remote.x.url=r.git push x", "unparsable_command", "")
		for _, cmd := range []string{
			"git push gh main", "git push -u gh feature", "git push --force-with-lease gh main", "git push --tags gh",
			"git push ok main", "git push clean.git HEAD:x", "git push https://github.com/a/b main",
			"git -c http.extraHeader=x push gh main", "git send-pack git@github.com:a/b main",
		} {
			checkRule(t, p, proj, cmd, "", "")
		}
	}
}
