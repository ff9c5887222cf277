package agent

import "testing"

func TestMCPGitCommand(t *testing.T) {
	tests := []struct {
		tool string
		strs map[string]string
		want string // "" for none
		lits map[string]string
		args []string
	}{
		{"mcp__git__git_checkout", map[string]string{"repopath": "/r", "branchname": "evil"}, "git -C '/r' checkout 'evil'", nil, nil},
		{"mcp__git__git_reset", map[string]string{"repopath": "/r", "ref": "x", "mode": "hard"}, "git -C '/r' reset --hard 'x'", nil, nil},
		{"mcp_git_cherry_pick", map[string]string{"commit": "abc"}, "git cherry-pick 'abc'", nil, nil},
		{"mcp__git__git_checkout", map[string]string{"branchname": "a'b"}, `git checkout 'a'\''b'`, nil, nil},
		{"mcp__git__git_status", map[string]string{"repopath": "/r"}, "", nil, nil},
		{"mcp__git__git_stash", map[string]string{"path": "/r", "mode": "pop"}, "git -C '/r' stash pop", nil, nil},
		{"mcp__git__git_stash", map[string]string{"path": "/r", "mode": "apply", "stashref": "stash@{0}"}, "git -C '/r' stash apply 'stash@{0}'", nil, nil},
		{"mcp__git__git_stash", map[string]string{"path": "/r", "mode": "explode"}, `git -C '/r' stash "$(mcp-field)"`, nil, nil},
		{"mcp__git__git_checkout", map[string]string{"path": "/r", "branchorpath": "side"}, "git -C '/r' checkout 'side'", nil, nil},
		{"mcp__git__git_checkout", map[string]string{"path": "/r", "whatever": "side"}, `git -C '/r' checkout "$(mcp-field)"`, nil, nil},
		{"mcp__git__git_worktree", map[string]string{"path": "/r", "mode": "add", "worktreepath": "/r/w", "commitish": "side"}, "git -C '/r' worktree add '/r/w' 'side'", nil, nil},
		{"mcp__git__git_apply", map[string]string{"path": "/r", "patch": "diff"}, `git -C '/r' apply "$(mcp-field)"`, nil, nil},
		{"mcp__vcs__checkout", map[string]string{"repo": "/r", "ref": "side"}, "git -C '/r' checkout 'side'", nil, nil},
		{"mcp__github__checkout_pull_request", map[string]string{"repo": "/r", "pr": "3"}, `git -C '/r' checkout "$(mcp-field)"`, nil, nil},
		{"mcp__github__merge_pull_request", map[string]string{"owner": "o", "repo": "r", "pullnumber": "3"}, "", nil, nil}, // GitHub's, remote
		{"mcp__git__git_commit", map[string]string{"repopath": "/r", "message": "x"}, "", nil, nil},
		{"mcp__fs__checkout_file", map[string]string{"path": "x"}, "", nil, nil}, // not git's
		{"mcp__fs__read_file", map[string]string{"path": "/r/x"}, "", nil, nil},  // not git's, no verb
		// A git tool with no verb guard knows, a runner's args or
		// command, a boolean mode.
		{"mcp__git__co", map[string]string{"repopath": "/r", "branch": "evil"}, `git -C '/r' checkout "$(mcp-field)"`, nil, nil},
		{"mcp__git__git_fast_forward", map[string]string{"repopath": "/r", "branch": "evil"}, `git -C '/r' checkout "$(mcp-field)"`, nil, nil},
		{"mcp__x__fast_forward", map[string]string{"repopath": "/r"}, `git -C '/r' checkout "$(mcp-field)"`, nil, nil},
		{"mcp__git__git", map[string]string{"repopath": "/r", "args": "checkout"}, `git -C '/r' 'checkout' 'evil'`, nil, []string{"checkout", "evil"}},
		{"mcp__git__run_git", map[string]string{"cwd": "/r", "command": "checkout evil"}, `git -C '/r' checkout evil`, nil, []string{"checkout evil"}},
		{"mcp__git__git_reset", map[string]string{"repopath": "/r", "target": "evil"}, `git -C '/r' reset 'evil' --hard`, map[string]string{"hard": "true"}, nil},
		{"mcp__git__git_checkout", map[string]string{"repopath": "/r", "branch": "x"}, `git -C '/r' checkout 'x' "$(mcp-field)"`, map[string]string{"detach": "true"}, nil},
		{"mcp__git__git_checkout", map[string]string{"repopath": "/r", "branch": "x"}, `git -C '/r' checkout -b 'x'`, map[string]string{"create": "true"}, nil},
		{"mcp__git__git_log", map[string]string{"repopath": "/r"}, "", map[string]string{"maxcount": "10"}, nil},
		{"mcp__git__git_diff_unstaged", map[string]string{"repopath": "/r"}, "", nil, nil},
		{"mcp__git__git_create_branch", map[string]string{"repopath": "/r", "branchname": "b", "basebranch": "main"}, "", nil, nil},
		// The fields ask for more than the name says.
		{"mcp__git__git_branch", map[string]string{"repopath": "/r", "action": "checkout", "name": "evil"}, `git -C '/r' checkout "$(mcp-field)"`, nil, nil},
		{"mcp__git__git_branch", map[string]string{"repopath": "/r", "action": "checkout", "branch": "evil"}, `git -C '/r' checkout 'evil'`, nil, nil},
		{"mcp__git__git_branch", map[string]string{"repopath": "/r", "action": "checkout evil"}, `git -C '/r' checkout "$(mcp-field)"`, nil, nil},
		{"mcp__git__git_branch", map[string]string{"repopath": "/r", "branch": "evil"}, `git -C '/r' checkout 'evil'`, map[string]string{"checkout": "true"}, nil},
		{"mcp__git__git_create_branch", map[string]string{"repopath": "/r", "branchname": "x", "basebranch": "evil"}, `git -C '/r' switch -c 'x' 'evil'`, map[string]string{"switch": "true"}, nil},
		{"mcp__git__git_tag", map[string]string{"repopath": "/r", "name": "t"}, `git -C '/r' checkout "$(mcp-field)"`, map[string]string{"checkout": "true"}, nil},
		{"mcp__git__git_branch", map[string]string{"repopath": "/r", "action": "frobnicate"}, `git -C '/r' checkout "$(mcp-field)"`, nil, nil},
		{"mcp__git__git_branch", map[string]string{"repopath": "/r", "action": "delete", "name": "x"}, "", nil, nil},
		{"mcp__git__git_branch", map[string]string{"repopath": "/r", "action": "list"}, "", nil, nil},
		{"mcp__git__git_branch", map[string]string{"repopath": "/r", "branch": "x"}, "", map[string]string{"checkout": "false"}, nil},
		{"mcp__git__git_log", map[string]string{"repopath": "/r"}, `git -C '/r' 'checkout' 'evil'`, nil, []string{"checkout", "evil"}},
		{"mcp__git__git_status", map[string]string{"repopath": "/r", "command": "checkout evil"}, `git -C '/r' checkout evil`, nil, []string{"checkout evil"}},
		{"mcp__repo__use_branch", map[string]string{"path": "/r", "branch": "evil"}, `git -C '/r' checkout "$(mcp-field)"`, nil, nil},
		{"mcp__vcs__goto", map[string]string{"path": "/r", "rev": "evil"}, `git -C '/r' checkout "$(mcp-field)"`, nil, nil},
		{"mcp__myserver__git_status", map[string]string{"repopath": "/r"}, "", nil, nil},
		{"mcp__fs__read_file", map[string]string{"path": "/r/x", "action": "compress"}, "", nil, nil}, // not git's: its actions are its own
		{"mcp__fs__read_file", map[string]string{"path": "/r/x", "target": "y"}, "", nil, nil},        // target is no revision alone
	}
	for _, tt := range tests {
		got, ok := mcpGitCommand(tt.tool, gitInput{strs: tt.strs, lits: tt.lits, args: tt.args})
		if !ok {
			got = ""
		}
		if got != tt.want {
			t.Errorf("mcpGitCommand(%q, %v) = %q, want %q", tt.tool, tt.strs, got, tt.want)
		}
	}
}

// TestMCPGitCommandCwd: a repository path that is the call's working
// directory is git run there, no -C.
func TestMCPGitCommandCwd(t *testing.T) {
	for _, tt := range []struct{ dir, want string }{
		{"/r/p", "git checkout 'feat'"},
		{"/r/p/", "git checkout 'feat'"},
		{"/r/q", "git -C '/r/q' checkout 'feat'"},
		{"/r/p/sub", "git -C '/r/p/sub' checkout 'feat'"},
	} {
		got, _ := mcpGitCommand("mcp__git__git_checkout", gitInput{strs: map[string]string{"repopath": tt.dir, "branchname": "feat"}, cwd: "/r/p"})
		if got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.dir, got, tt.want)
		}
	}
}
