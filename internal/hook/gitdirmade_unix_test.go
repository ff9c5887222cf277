//go:build unix

package hook

import (
	"testing"
)

// TestGitDirMade: a directory given a git configuration or a hook before
// its HEAD becomes a git directory with the write of its HEAD, objects or
// refs (or git init there), and git push to it then runs them
// (FINDINGS50a F7): that write is judged as a write of its configuration.
// A new repository made by hand or by git init, a project's hooks/ or
// objects/ folders, pass.
func TestGitDirMade(t *testing.T) {
	_, proj := gitKeyWorld(t, map[string]string{
		"r/config": "[core]\n\tbare = true\n\thooksPath = /tmp/x\n", "r/objects/.keep": "", "r/refs/heads/.keep": "",
		"q/hooks/pre-receive": "#!/bin/sh\n", "s/src/hooks/useThing.ts": "x\n", "s/config": "", "a.txt": "a\n",
	})
	for _, mode := range []string{"text", "commands"} {
		p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
		for _, cmd := range []string{
			"echo 'ref: refs/heads/master' > r/HEAD", "git init -q --bare r", "cd r && git init --bare",
			"touch r/refs/heads/x", "echo 'ref: refs/heads/master' > q/HEAD", "mkdir q/objects q/refs",
		} {
			checkRule(t, p, proj, cmd, "blocked_path", "may make its directory a git directory")
		}
		for _, cmd := range []string{
			"git init -q n", "git init -q --bare b.git", "mkdir -p m/objects m/refs && echo 'ref: refs/heads/main' > m/HEAD",
			"mkdir -p s/src/objects && echo x > s/src/objects/a.ts", "echo 'ref: refs/heads/main' > s/HEAD", "echo hi > a.txt",
		} {
			checkRule(t, p, proj, cmd, "", "")
		}
	}
}
