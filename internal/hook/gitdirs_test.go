package hook

import (
	"testing"

	"github.com/guardhq/guard/internal/policy"
)

// TestGitDirByRole: a git directory's configuration and hooks are
// protected wherever it is and whatever it is called (jj's backing
// repository, a .git file's target, a GIT_DIR in the settings), the
// directory known by its role (HEAD, objects/, refs/), and jj's pointer
// to it. Both bash.match modes.
func TestGitDirByRole(t *testing.T) {
	_, proj := scriptWorld(t, map[string]string{
		".jj/repo/store/git/HEAD":             "ref: refs/heads/main\n",
		".jj/repo/store/git/objects/.keep":    "",
		".jj/repo/store/git/refs/heads/.keep": "",
		".jj/repo/store/git_target":           "git\n",
		"gitstore/HEAD":                       "ref: refs/heads/main\n",
		"gitstore/objects/.keep":              "",
		"gitstore/refs/.keep":                 "",
		"gitstore/worktrees/w/HEAD":           "ref: refs/heads/w\n",
		"gitstore/worktrees/w/commondir":      "../..\n",
		"notes/HEAD":                          "x\n",
		"notes/hooks/x":                       "",
		".agent_a/settings.json":              `{"env":{"GIT_DIR":"store2"}}`,
	})
	for _, mode := range []string{policy.MatchText, policy.MatchCommands} {
		for _, tc := range []struct {
			cmd   string
			block bool
		}{
			{"echo x > .jj/repo/store/git/config", true},
			{"echo x > .jj/repo/store/git_target", true},
			{"echo x > .jj/repo/store/git/hooks/pre-push", true},
			{"echo x > gitstore/config", true},
			{"echo x >> gitstore/hooks/post-checkout", true},
			{"echo x > gitstore/objects/info/alternates", true},
			{"echo x > gitstore/worktrees/w/config.worktree", true},
			{"echo x > store2/config", true},
			{"echo x > notes/config", false},
			{"echo x > notes/hooks/y", false},
			{"echo x > src/config", false},
		} {
			p := realPolicy(t, `{"bash":{"match":"`+mode+`"}}`)
			code, _, stderr, _ := runReal(t, p, bashPayload(t, proj, tc.cmd))
			if blocked := code == 2; blocked != tc.block {
				t.Errorf("%s: %q: blocked = %v, want %v: %s", mode, tc.cmd, blocked, tc.block, stderr)
			}
		}
	}
}
