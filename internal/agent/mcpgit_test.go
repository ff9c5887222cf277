package agent

import "testing"

func TestMCPGitCommand(t *testing.T) {
	tests := []struct {
		tool string
		strs map[string]string
		want string // "" for none
	}{
		{"mcp__git__git_checkout", map[string]string{"repopath": "/r", "branchname": "evil"}, "git -C '/r' checkout 'evil'"},
		{"mcp__git__git_reset", map[string]string{"repopath": "/r", "ref": "x", "mode": "hard"}, "git -C '/r' reset '--hard' 'x'"},
		{"mcp_git_cherry_pick", map[string]string{"commit": "abc"}, "git cherry-pick 'abc'"},
		{"mcp__git__git_checkout", map[string]string{"branchname": "a'b"}, `git checkout 'a'\''b'`},
		{"mcp__git__git_status", map[string]string{"repopath": "/r"}, ""},
		{"mcp__fs__checkout_file", map[string]string{"path": "x"}, ""}, // not git's
	}
	for _, tt := range tests {
		got, ok := mcpGitCommand(tt.tool, tt.strs)
		if !ok {
			got = ""
		}
		if got != tt.want {
			t.Errorf("mcpGitCommand(%q, %v) = %q, want %q", tt.tool, tt.strs, got, tt.want)
		}
	}
}
