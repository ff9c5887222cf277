package agent

import "testing"

func TestMCPGitCommand(t *testing.T) {
	tests := []struct {
		tool string
		strs map[string]string
		want string // "" for none
	}{
		{"mcp__git__git_checkout", map[string]string{"repopath": "/r", "branchname": "evil"}, "git -C '/r' checkout 'evil'"},
		{"mcp__git__git_reset", map[string]string{"repopath": "/r", "ref": "x", "mode": "hard"}, "git -C '/r' reset --hard 'x'"},
		{"mcp_git_cherry_pick", map[string]string{"commit": "abc"}, "git cherry-pick 'abc'"},
		{"mcp__git__git_checkout", map[string]string{"branchname": "a'b"}, `git checkout 'a'\''b'`},
		{"mcp__git__git_status", map[string]string{"repopath": "/r"}, ""},
		{"mcp__git__git_stash", map[string]string{"path": "/r", "mode": "pop"}, "git -C '/r' stash pop"},
		{"mcp__git__git_stash", map[string]string{"path": "/r", "mode": "apply", "stashref": "stash@{0}"}, "git -C '/r' stash apply 'stash@{0}'"},
		{"mcp__git__git_stash", map[string]string{"path": "/r", "mode": "explode"}, `git -C '/r' stash "$(mcp-field)"`},
		{"mcp__git__git_checkout", map[string]string{"path": "/r", "branchorpath": "side"}, "git -C '/r' checkout 'side'"},
		{"mcp__git__git_checkout", map[string]string{"path": "/r", "whatever": "side"}, `git -C '/r' checkout "$(mcp-field)"`},
		{"mcp__git__git_worktree", map[string]string{"path": "/r", "mode": "add", "worktreepath": "/r/w", "commitish": "side"}, "git -C '/r' worktree add '/r/w' 'side'"},
		{"mcp__git__git_apply", map[string]string{"path": "/r", "patch": "diff"}, `git -C '/r' apply "$(mcp-field)"`},
		{"mcp__vcs__checkout", map[string]string{"repo": "/r", "ref": "side"}, "git -C '/r' checkout 'side'"},
		{"mcp__github__checkout_pull_request", map[string]string{"repo": "/r", "pr": "3"}, `git -C '/r' checkout "$(mcp-field)"`},
		{"mcp__github__merge_pull_request", map[string]string{"owner": "o", "repo": "r", "pullnumber": "3"}, ""}, // GitHub's, remote
		{"mcp__git__git_commit", map[string]string{"repopath": "/r", "message": "x"}, ""},
		{"mcp__fs__checkout_file", map[string]string{"path": "x"}, ""}, // not git's
	}
	for _, tt := range tests {
		got, ok := mcpGitCommand(tt.tool, tt.strs, "/r/p")
		if !ok {
			got = ""
		}
		if got != tt.want {
			t.Errorf("mcpGitCommand(%q, %v) = %q, want %q", tt.tool, tt.strs, got, tt.want)
		}
	}
}

// TestMCPGitCommandCwd covers review 11 F9: a repository path that is the
// call's working directory is git run there, no -C.
func TestMCPGitCommandCwd(t *testing.T) {
	for _, tt := range []struct{ dir, want string }{
		{"/r/p", "git checkout 'feat'"},
		{"/r/p/", "git checkout 'feat'"},
		{"/r/q", "git -C '/r/q' checkout 'feat'"},
		{"/r/p/sub", "git -C '/r/p/sub' checkout 'feat'"},
	} {
		got, _ := mcpGitCommand("mcp__git__git_checkout", map[string]string{"repopath": tt.dir, "branchname": "feat"}, "/r/p")
		if got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.dir, got, tt.want)
		}
	}
}
