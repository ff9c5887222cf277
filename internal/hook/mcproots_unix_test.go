//go:build unix

package hook

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestMCPRootsAndGit: a tool guard does not know is checked with each
// relative path joined to each directory another field names, as servers
// resolve them, and a git tool that writes the working tree is checked as
// the git command it stands for.
func TestMCPRootsAndGit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	home, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("HOME", home)
	t.Setenv("GUARD_HOME", "")
	proj := filepath.Join(home, "proj")
	for _, d := range []string{filepath.Join(proj, "sub"), filepath.Join(home, ".ssh")} {
		os.MkdirAll(d, 0o700)
	}
	os.WriteFile(filepath.Join(proj, "README"), []byte("a\n"), 0o644)
	gitIn(t, proj, "init", "-q", "-b", "main")
	gitIn(t, proj, "add", "-A")
	gitIn(t, proj, "commit", "-qm", "one")
	gitIn(t, proj, "checkout", "-qb", "evil")
	os.MkdirAll(filepath.Join(proj, ".agent_a"), 0o755)
	os.WriteFile(filepath.Join(proj, ".agent_a", "settings.json"), []byte("{}\n"), 0o644)
	gitIn(t, proj, "add", "-A")
	gitIn(t, proj, "commit", "-qm", "evil")
	gitIn(t, proj, "checkout", "-q", "main")
	gitIn(t, proj, "checkout", "-qb", "ok")
	os.WriteFile(filepath.Join(proj, "x.go"), []byte("package x\n"), 0o644)
	gitIn(t, proj, "add", "-A")
	gitIn(t, proj, "commit", "-qm", "ok")
	gitIn(t, proj, "checkout", "-q", "main")
	p := realPolicy(t, "")
	for _, tt := range []struct {
		tool, input, verdict string
	}{
		// The relative path against the cwd names nothing protected; against
		// the root field, the key.
		{"mcp__fs__read_file", `{"root":"` + proj + `/sub","name":"../../.ssh/id_rsa"}`, "block"},
		{"mcp__fs__write_file", `{"workspace":"` + proj + `/sub","relative_path":"../../.bashrc","content":"x"}`, "block"},
		{"mcp__serena__create_text_file", `{"project":"` + proj + `/sub","relative_path":"../.agent_a/settings.json","content":"{}"}`, "block"},
		{"mcp__git__git_checkout", `{"repo_path":"` + proj + `","branch_name":"evil"}`, "block"},
		{"mcp__git__git_reset", `{"repo_path":"` + proj + `","ref":"evil","mode":"hard"}`, "block"},
		// other shapes of git servers' tools
		{"mcp__git__git_checkout", `{"path":"` + proj + `","branchOrPath":"evil"}`, "block"},
		{"mcp__vcs__checkout", `{"repo":"` + proj + `","ref":"evil"}`, "block"},
		{"mcp__git__git_worktree", `{"path":"` + proj + `","mode":"add","worktreePath":"` + proj + `/w","commitish":"evil"}`, "block"},
		{"mcp__git__git_bisect", `{"path":"` + proj + `","command":"start","badRef":"HEAD","goodRef":"evil"}`, "block"},
		{"mcp__git__git_apply", `{"path":"` + proj + `","patch":"--- a/x\n+++ b/x\n"}`, "block"},
		{"mcp__github__checkout_pull_request", `{"repo":"` + proj + `","pr":"3"}`, "block"},
		{"mcp__git__git_checkout", `{"path":"` + proj + `","branchOrPath":"ok"}`, "allow"},
		{"mcp__git__git_stash", `{"path":"` + proj + `","mode":"list"}`, "allow"},
		{"mcp__github__merge_pull_request", `{"owner":"o","repo":"r","pull_number":3}`, "allow"},
		// A git tool with no verb guard knows, a runner's args or command, a
		// boolean mode.
		{"mcp__git__co", `{"repo_path":"` + proj + `","branch":"evil"}`, "block"},
		{"mcp__git__git", `{"repo_path":"` + proj + `","args":["checkout","evil"]}`, "block"},
		{"mcp__git__run_git", `{"cwd":"` + proj + `","command":"checkout evil"}`, "block"},
		{"mcp__git__git_fast_forward", `{"repo_path":"` + proj + `","branch":"evil"}`, "block"},
		{"mcp__git__git_reset", `{"repo_path":"` + proj + `","hard":true,"target":"evil"}`, "block"},
		{"mcp__git__git", `{"repo_path":"` + proj + `","args":["checkout","ok"]}`, "allow"},
		{"mcp__git__git_commit", `{"repo_path":"` + proj + `","message":"m","all":true}`, "allow"},
		{"mcp__git__git_diff", `{"repo_path":"` + proj + `","target":"main"}`, "allow"},
		{"mcp__git__git_create_branch", `{"repo_path":"` + proj + `","branch_name":"b","base_branch":"main"}`, "allow"},
		// The fields ask for more than a read verb in the name says; a
		// tool naming its repository path with a verb off the list.
		{"mcp__git__git_branch", `{"repo_path":"` + proj + `","action":"checkout","name":"evil"}`, "block"},
		{"mcp__git__git_branch", `{"repo_path":"` + proj + `","branch":"evil","checkout":true}`, "block"},
		{"mcp__git__git_create_branch", `{"repo_path":"` + proj + `","branch_name":"x","base_branch":"evil","switch":true}`, "block"},
		{"mcp__git__git_tag", `{"repo_path":"` + proj + `","name":"t","checkout":true}`, "block"},
		{"mcp__repo__use_branch", `{"path":"` + proj + `","branch":"evil"}`, "block"},
		{"mcp__vcs__goto", `{"path":"` + proj + `","rev":"evil"}`, "block"},
		{"mcp__git__git_log", `{"repo_path":"` + proj + `","args":["checkout","evil"]}`, "block"},
		{"mcp__git__git_status", `{"repo_path":"` + proj + `","command":"checkout evil"}`, "block"},
		{"mcp__git__git_branch", `{"repo_path":"` + proj + `","branch":"ok","checkout":true}`, "allow"},
		{"mcp__git__git_create_branch", `{"repo_path":"` + proj + `","branch_name":"y","base_branch":"ok","switch":true}`, "allow"},
		{"mcp__git__git_branch", `{"repo_path":"` + proj + `","action":"list"}`, "allow"},
		{"mcp__git__git_branch", `{"repo_path":"` + proj + `","action":"delete","name":"ok"}`, "allow"},
		{"mcp__git__git_log", `{"repo_path":"` + proj + `","args":["--oneline","-5"]}`, "allow"},
		{"mcp__fs__read_file", `{"path":"` + proj + `/README","ref":"main"}`, "allow"},
		// everyday
		{"mcp__fs__read_file", `{"root":"` + proj + `","name":"README"}`, "allow"},
		{"mcp__git__git_checkout", `{"repo_path":"` + proj + `","branch_name":"ok"}`, "allow"},
		{"mcp__git__git_status", `{"repo_path":"` + proj + `"}`, "allow"},
		{"mcp__git__git_log", `{"repo_path":"` + proj + `","max_count":10}`, "allow"},
	} {
		var f fake
		cfg := f.config(`{"hook_event_name":"PreToolUse","session_id":"s","cwd":"`+proj+`","tool_name":"`+tt.tool+`","tool_input":`+tt.input+`}`, nil)
		cfg.Agent = "a"
		cfg.LoadPolicy = func() (Policy, string, error) { return p, "test", nil }
		Run(cfg)
		if len(f.records) != 1 || f.records[0].Verdict != tt.verdict {
			t.Errorf("%s %s: records %+v, want one %s; %s", tt.tool, tt.input, f.records, tt.verdict, f.stderr.String())
		}
	}
}
