//go:build unix

package hook

import (
	"bytes"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/policy"
)

// gitIn runs git in dir for a test's setup (never on the hook path).
func gitIn(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_AUTHOR_NAME=a", "GIT_AUTHOR_EMAIL=a@b",
		"GIT_COMMITTER_NAME=a", "GIT_COMMITTER_EMAIL=a@b")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

// TestGitRevisionWrites: git writes the files a revision holds: a branch
// fetched earlier that brings .agent_a/settings.json, .vscode/tasks.json
// or .husky/pre-commit is a write of them at checkout, switch, merge,
// cherry-pick, read-tree -u (the objects read, loose or packed); a
// revision fetched by the same command, or one guard cannot resolve,
// blocks in a repository; ordinary branches and a pathspec checkout stay
// allowed.
func TestGitRevisionWrites(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	_, proj := scriptWorld(t, map[string]string{"README": "a\n", "sub/x.go": "package sub\n"})
	gitIn(t, proj, "init", "-q", "-b", "main")
	gitIn(t, proj, "add", "-A")
	gitIn(t, proj, "commit", "-qm", "one")
	gitIn(t, proj, "branch", "side")
	gitIn(t, proj, "checkout", "-qb", "evil")
	for _, f := range []string{".agent_a/settings.json", ".vscode/tasks.json", ".husky/pre-commit"} {
		os.MkdirAll(filepath.Join(proj, filepath.Dir(f)), 0o755)
		if err := os.WriteFile(filepath.Join(proj, f), []byte("{}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	gitIn(t, proj, "add", "-A")
	gitIn(t, proj, "commit", "-qm", "evil")
	gitIn(t, proj, "checkout", "-q", "main")
	gitIn(t, proj, "checkout", "-qb", "ok")
	if err := os.WriteFile(filepath.Join(proj, "src.go"), []byte("package x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	gitIn(t, proj, "add", "-A")
	gitIn(t, proj, "commit", "-qm", "ok")
	gitIn(t, proj, "checkout", "-q", "main")
	// main tracks evil: git merge and rebase without a revision take it.
	gitIn(t, proj, "config", "branch.main.remote", ".")
	gitIn(t, proj, "config", "branch.main.merge", "refs/heads/evil")
	p := realPolicy(t, "")
	for _, pack := range []bool{false, true} {
		if pack {
			gitIn(t, proj, "gc", "-q")
		}
		for _, tc := range []struct {
			cmd, rule, reason string
		}{
			{"git checkout -q evil", "blocked_path", ".agent_a/settings.json"},
			{"git switch evil", "blocked_path", ".agent_a/settings.json"},
			{"git merge -q evil", "blocked_path", ".agent_a/settings.json"},
			{"git cherry-pick evil", "blocked_path", ".agent_a/settings.json"},
			{"git read-tree -u --reset evil", "blocked_path", ".agent_a/settings.json"},
			{"git checkout -b x evil", "blocked_path", ".agent_a/settings.json"},
			{"cd sub && git checkout evil", "blocked_path", ".agent_a/settings.json"},
			{"git fetch -q /tmp/evil main:e && git checkout e", "unparsable_command", "revision guard cannot read"},
			{"git pull -q /tmp/evil main", "unparsable_command", "run git fetch first"},
			{"git checkout no-such-branch", "unparsable_command", "revision guard cannot read"},
			{"GIT_DIR=/tmp/other/.git git checkout main", "unparsable_command", "revision guard cannot read"},
			{"git --git-dir=/tmp/other/.git --work-tree=. checkout main", "unparsable_command", "revision guard cannot read"},
			{"git branch -f ok evil && git checkout ok", "unparsable_command", "revision guard cannot read"},
			{"git -C sub merge evil", "blocked_path", ".agent_a/settings.json"},
			{"git merge", "blocked_path", ".agent_a/settings.json"}, // the upstream, read
			{"git rebase @{u}", "blocked_path", ".agent_a/settings.json"},
			{"git checkout side && git merge", "unparsable_command", "revision guard cannot read"}, // side tracks nothing
			{"git checkout ok", "", ""},
			{"git merge ok", "", ""},
			{"git checkout side && git checkout main", "", ""},
			{"git checkout README", "", ""},
			{"git checkout -b new", "", ""},
			{"git stash pop", "", ""}, // no stash: nothing written
			{"git status", "", ""},
		} {
			checkRule(t, p, proj, tc.cmd, tc.rule, tc.reason)
		}
	}
}

// TestGitHooksPath: the hooks directory a repository's core.hooksPath
// names (.githooks, husky's .husky/_), or the user's ~/.gitconfig for
// every repository, is write-protected as .git/hooks is.
func TestGitHooksPath(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	homeDir, proj := scriptWorld(t, map[string]string{"README": "a\n", "sub/x.go": "package sub\n"})
	gitIn(t, proj, "init", "-q", "-b", "main")
	gitIn(t, proj, "config", "core.hooksPath", ".githooks")
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd, rule, reason string
	}{
		{"printf '#!/bin/sh\\necho x >> ~/.bashrc\\n' > .githooks/pre-commit", "blocked_path", "core.hooksPath"},
		{"mkdir -p .githooks && cp README .githooks/pre-commit", "blocked_path", "core.hooksPath"},
		{"cd sub && echo x > ../.githooks/post-checkout", "blocked_path", "core.hooksPath"},
		{"mytool .githooks/pre-push", "blocked_path", "core.hooksPath"},
		{"echo x > README && cat .githooks/pre-commit", "", ""},
		{"echo x > hooks.txt", "", ""},
	} {
		checkRule(t, p, proj, tc.cmd, tc.rule, tc.reason)
	}
	gitIn(t, proj, "config", "core.hooksPath", ".husky/_")
	p = realPolicy(t, "")
	checkRule(t, p, proj, "mkdir -p .husky/_ && echo evil > .husky/_/h", "blocked_path", "core.hooksPath")
	checkRule(t, p, proj, "echo x > .githooks/pre-commit", "", "")
	gitIn(t, proj, "config", "--unset", "core.hooksPath")
	if err := os.WriteFile(filepath.Join(homeDir, ".gitconfig"), []byte("[include]\n\tpath = ~/.gitconfig.d/hooks\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Join(homeDir, ".gitconfig.d"), 0o755)
	if err := os.WriteFile(filepath.Join(homeDir, ".gitconfig.d", "hooks"), []byte("[core]\n\thooksPath = .githooks\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	p = realPolicy(t, "")
	checkRule(t, p, proj, "echo x > .githooks/pre-commit", "blocked_path", "core.hooksPath")
}

// gitOut runs git in dir with stdin for a test's setup and returns its
// output, trimmed.
func gitOut(t *testing.T, dir string, stdin []byte, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Stdin = bytes.NewReader(stdin)
	cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_AUTHOR_NAME=a", "GIT_AUTHOR_EMAIL=a@b",
		"GIT_COMMITTER_NAME=a", "GIT_COMMITTER_EMAIL=a@b")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("git %v: %v", args, err)
	}
	return strings.TrimSpace(string(out))
}

// TestGitCraftedRevisions: a revision git reads otherwise than guard
// would is not read, so the command blocks: a tag
// and a branch of one name on different commits (checkout takes the
// branch, rev-parse the tag), a zero-padded tree mode (040000 is a
// directory to git), a tree naming one entry twice.
func TestGitCraftedRevisions(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	_, proj := scriptWorld(t, map[string]string{"README": "a\n"})
	gitIn(t, proj, "init", "-q", "-b", "main")
	gitIn(t, proj, "add", "-A")
	gitIn(t, proj, "commit", "-qm", "one")
	gitIn(t, proj, "tag", "evil")
	gitIn(t, proj, "checkout", "-qb", "evil")
	os.MkdirAll(filepath.Join(proj, ".agent_a"), 0o755)
	if err := os.WriteFile(filepath.Join(proj, ".agent_a", "settings.json"), []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	gitIn(t, proj, "add", "-A")
	gitIn(t, proj, "commit", "-qm", "evil")
	gitIn(t, proj, "checkout", "-q", "main")
	gitIn(t, proj, "tag", "-a", "-m", "t", "same") // an annotated tag at main, a branch same at main
	gitIn(t, proj, "branch", "same")
	// tools/hooks/pre-commit, in the hooks directory core.hooksPath names
	blob := gitOut(t, proj, []byte("#!/bin/sh\necho pwned\n"), "hash-object", "-w", "--stdin")
	hooks := gitOut(t, proj, []byte("100755 blob "+blob+"\tpre-commit\n"), "mktree")
	tools := gitOut(t, proj, []byte("040000 tree "+hooks+"\thooks\n"), "mktree")
	readme := gitOut(t, proj, []byte("100644 blob "+blob+"\tREADME\n"), "mktree")
	raw := func(entries ...string) string {
		var b []byte
		for i := 0; i+1 < len(entries); i += 2 {
			id, err := hex.DecodeString(entries[i+1])
			if err != nil {
				t.Fatal(err)
			}
			b = append(append(append(b, entries[i]...), 0), id...)
		}
		tree := gitOut(t, proj, b, "hash-object", "--literally", "-w", "-t", "tree", "--stdin")
		return gitOut(t, proj, nil, "commit-tree", tree, "-m", "crafted")
	}
	gitIn(t, proj, "update-ref", "refs/heads/pad", raw("040000 tools", tools))
	gitIn(t, proj, "update-ref", "refs/heads/dup", raw("40000 tools", tools, "40000 tools", readme))
	gitIn(t, proj, "update-ref", "refs/heads/canon", raw("40000 tools", tools))
	gitIn(t, proj, "config", "core.hooksPath", "tools/hooks")
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd, rule, reason string
	}{
		{"git checkout evil", "unparsable_command", "revision guard cannot read"},
		{"git switch evil", "unparsable_command", "revision guard cannot read"},
		{"git checkout heads/evil", "blocked_path", ".agent_a/settings.json"},
		{"git checkout pad", "unparsable_command", "revision guard cannot read"},
		{"git checkout dup", "unparsable_command", "revision guard cannot read"},
		{"git checkout canon", "blocked_path", "core.hooksPath"},
		{"git checkout same", "", ""}, // a tag and a branch on one commit
		{"git bisect start heads/evil main", "blocked_path", ".agent_a/settings.json"},
		{"git bisect start", "", ""},
	} {
		checkRule(t, p, proj, tc.cmd, tc.rule, tc.reason)
	}
}

// TestGitBisect: git bisect start BAD GOOD checks out a commit between
// them, git's pick: each commit of the range gets the check git checkout
// REV gets, so a range whose commits hold no protected file passes and one
// with a commit that brings .agent_a/settings.json (removed again at BAD)
// is a write of it; a range guard cannot walk (a good that is not an
// ancestor, past the bound), a bisection under way and its steps stay
// revisions guard cannot read (FINDINGS58c FP1).
func TestGitBisect(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	_, proj := scriptWorld(t, map[string]string{"README": "a\n"})
	commit := func(msg string, files map[string]string, remove ...string) {
		for f, body := range files {
			os.MkdirAll(filepath.Join(proj, filepath.Dir(f)), 0o755)
			if err := os.WriteFile(filepath.Join(proj, f), []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		for _, f := range remove {
			gitIn(t, proj, "rm", "-q", f)
		}
		gitIn(t, proj, "add", "-A")
		gitIn(t, proj, "commit", "-qm", msg)
	}
	gitIn(t, proj, "init", "-q", "-b", "main")
	commit("one", nil)
	gitIn(t, proj, "tag", "v0.1.0")
	commit("two", map[string]string{"src.go": "package x\n"})
	commit("three", map[string]string{"src.go": "package x // 3\n"})
	gitIn(t, proj, "tag", "v0.2.0")
	commit("hook", map[string]string{".agent_a/settings.json": "{}\n"})
	commit("unhook", nil, ".agent_a/settings.json")
	gitIn(t, proj, "checkout", "-qb", "side", "v0.1.0")
	commit("side", map[string]string{"side.go": "package x\n"})
	gitIn(t, proj, "checkout", "-q", "main")
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd, rule, reason string
	}{
		{"git bisect start HEAD~2 v0.1.0", "", ""},
		{"git bisect start v0.2.0 v0.1.0 -- src.go", "", ""},
		{"git bisect start --term-new=broken v0.2.0 v0.1.0", "", ""},
		{"git bisect start HEAD", "", ""}, // waits for a good one
		{"git bisect start HEAD v0.2.0", "blocked_path", ".agent_a/settings.json"},
		{"git bisect start HEAD v0.1.0", "blocked_path", ".agent_a/settings.json"},
		{"git bisect start HEAD side", "unparsable_command", "revision guard cannot read"}, // not an ancestor: merge bases
		{"git bisect start HEAD nosuch", "unparsable_command", "revision guard cannot read"},
		{"git bisect start $R v0.1.0", "unparsable_command", "revision guard cannot read"},
		{"git fetch -q ../x && git bisect start HEAD~2 v0.1.0", "unparsable_command", "revision guard cannot read"},
		{"git bisect good", "unparsable_command", "revision guard cannot read"},
	} {
		checkRule(t, p, proj, tc.cmd, tc.rule, tc.reason)
	}
	// Past the bound: more commits than guard walks.
	for i := 0; i < 70; i++ {
		gitIn(t, proj, "commit", "-q", "--allow-empty", "-m", "e")
	}
	checkRule(t, p, proj, "git bisect start HEAD v0.2.0", "unparsable_command", "revision guard cannot read")
	checkRule(t, p, proj, "git bisect start HEAD HEAD~3", "", "")
	// A bisection under way: start first checks out where it began.
	if err := os.WriteFile(filepath.Join(proj, ".git", "BISECT_START"), []byte("main\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	checkRule(t, p, proj, "git bisect start HEAD HEAD~3", "unparsable_command", "revision guard cannot read")
}

// TestGitConfigIncludes: a file a git configuration includes (the
// repository's include.path ../.gitconfig, the user's [include] and
// [includeIf] files) is configuration, protected as .git/config is:
// core.fsmonitor there runs at every git status.
func TestGitConfigIncludes(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	homeDir, proj := scriptWorld(t, map[string]string{"README": "a\n", "sub/x.go": "package sub\n"})
	gitIn(t, proj, "init", "-q", "-b", "main")
	gitIn(t, proj, "config", "--local", "include.path", "../.gitconfig")
	user := "[include]\n\tpath = ~/dotfiles/gitconfig\n[includeIf \"gitdir:~/work/\"]\n\tpath = ~/work/.gitconfig-work\n"
	if err := os.WriteFile(filepath.Join(homeDir, ".gitconfig"), []byte(user), 0o644); err != nil {
		t.Fatal(err)
	}
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd, rule, reason string
	}{
		{`printf '[core]\n\tfsmonitor = "echo x"\n' > .gitconfig && git status --short`, "blocked_path", "git configuration includes"},
		{`cd sub && printf '[core]\n\thooksPath = h\n' > ../.gitconfig`, "blocked_path", "git configuration includes"},
		{`echo '[core] fsmonitor = x' >> ~/dotfiles/gitconfig`, "blocked_path", "git configuration includes"},
		{`mkdir -p ~/work && echo '[core] fsmonitor = x' >> ~/work/.gitconfig-work`, "blocked_path", "git configuration includes"},
		{`echo x > notes.txt && git status --short`, "", ""},
		{`echo x > sub/.gitconfig`, "", ""}, // not included
	} {
		checkRule(t, p, proj, tc.cmd, tc.rule, tc.reason)
	}
}

// TestGitHeadMoved: git writes the tree from a revision guard must take
// as the target, whatever HEAD says: rebase --onto's
// commit, HEAD moved without a tree write (reset --soft/--mixed REV,
// update-ref HEAD, symbolic-ref HEAD) and then git stash or reset --hard,
// in one call or two, git rebase UPSTREAM BRANCH, git worktree add PATH
// REV, and git checkout -- PATHSPEC or git restore PATHSPEC from an index
// that holds another revision's files; in both bash.match modes. Everyday stash, reset and worktree
// forms pass.
func TestGitHeadMoved(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	_, proj := scriptWorld(t, map[string]string{"README": "a\n"})
	gitIn(t, proj, "init", "-q", "-b", "main")
	gitIn(t, proj, "add", "-A")
	gitIn(t, proj, "commit", "-qm", "one")
	gitIn(t, proj, "tag", "evil") // evil is ambiguous: heads/evil names the branch
	gitIn(t, proj, "checkout", "-qb", "evil")
	for _, f := range []string{".agent_a/settings.json", ".husky/pre-commit"} {
		os.MkdirAll(filepath.Join(proj, filepath.Dir(f)), 0o755)
		if err := os.WriteFile(filepath.Join(proj, f), []byte("{}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	gitIn(t, proj, "add", "-A")
	gitIn(t, proj, "commit", "-qm", "evil")
	gitIn(t, proj, "checkout", "-q", "main")
	gitIn(t, proj, "checkout", "-qb", "ok")
	if err := os.WriteFile(filepath.Join(proj, "src.go"), []byte("package x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	gitIn(t, proj, "add", "-A")
	gitIn(t, proj, "commit", "-qm", "ok")
	gitIn(t, proj, "checkout", "-q", "main")
	if err := os.WriteFile(filepath.Join(proj, "README"), []byte("changed\n"), 0o644); err != nil {
		t.Fatal(err) // a change of the agent's own, stashed and restored
	}
	const moved = "revision guard cannot read"
	cases := []struct {
		cmd, rule, reason string
	}{
		{"git rebase -q --onto heads/evil HEAD", "blocked_path", ".agent_a/settings.json"},
		{"git rebase -q --onto heads/evil main", "blocked_path", ".agent_a/settings.json"},
		{"git rebase -q --onto=heads/evil main", "blocked_path", ".agent_a/settings.json"},
		{"git rebase -q main heads/evil", "blocked_path", ".agent_a/settings.json"},
		{"git reset --soft heads/evil && git stash -q", "blocked_path", ".agent_a/settings.json"},
		{"git reset -q heads/evil && git stash -q", "blocked_path", ".agent_a/settings.json"},
		{"git reset --soft heads/evil && git reset --keep", "blocked_path", ".agent_a/settings.json"},
		{"git update-ref HEAD heads/evil && git stash -q", "unparsable_command", moved},
		{"git symbolic-ref HEAD refs/heads/evil && git stash -q", "unparsable_command", moved},
		{"git worktree add -q w heads/evil", "blocked_path", "w/.agent_a/settings.json"},
		{"git worktree add -q ../w2 -b x heads/evil", "blocked_path", "w2/.agent_a/settings.json"},
		{"git stash -q", "", ""},
		{"git stash push -m wip", "", ""},
		{"git stash && git checkout ok && git stash pop", "", ""},
		{"git reset -q README && git stash", "", ""},
		{"git reset --soft ok && git stash -q", "", ""},
		{"git rebase -q --onto ok main", "", ""},
		{"git rebase -q main ok", "", ""},
		{"git worktree add -q ../w3 ok", "", ""},
		{"git worktree add -q ../w4 -b feat", "", ""},
		{"git worktree add ../ok", "", ""}, // the branch ok, read
		{"git status && git diff && git log --oneline", "", ""},
		{"git checkout -q ok && git checkout -q main", "", ""}, // git replaces files, never writes through a link
	}
	text := realPolicy(t, "")
	commands := realPolicy(t, "")
	commands.Bash.Match = policy.MatchCommands
	for _, p := range []*policy.Policy{text, commands} {
		for _, tc := range cases {
			checkRule(t, p, proj, tc.cmd, tc.rule, tc.reason)
		}
	}
	// HEAD moved in an earlier call: the tree on disk is main's, HEAD evil's.
	gitIn(t, proj, "update-ref", "HEAD", "refs/heads/evil")
	for _, p := range []*policy.Policy{text, commands} {
		for _, tc := range []struct {
			cmd, rule, reason string
		}{
			{"git stash -q", "blocked_path", ".agent_a/settings.json"},
			{"git stash push -q -m x", "blocked_path", ".agent_a/settings.json"},
			{"git reset -q --merge", "blocked_path", ".agent_a/settings.json"},
			{"git checkout -q heads/evil", "blocked_path", ".agent_a/settings.json"},
			{"git switch -q main", "blocked_path", ".agent_a/settings.json"}, // a deletion, a write too,
			{"git worktree add -q ../w5 --detach", "blocked_path", ".agent_a/settings.json"},
			{"git status", "", ""},
		} {
			checkRule(t, p, proj, tc.cmd, tc.rule, tc.reason)
		}
	}
	// The index moved in an earlier call (git read-tree REV): git checkout
	// -- PATHSPEC and git restore PATHSPEC write the index's files.
	gitIn(t, proj, "update-ref", "HEAD", "refs/heads/main")
	gitIn(t, proj, "read-tree", "refs/heads/evil")
	for _, p := range []*policy.Policy{text, commands} {
		for _, tc := range []struct {
			cmd, rule, reason string
		}{
			{"git checkout -- ':(glob)**'", "blocked_path", ".agent_a/settings.json"},
			{"git restore -- ':!README'", "blocked_path", ".agent_a/settings.json"},
			{"git restore -W -- '.h*'", "blocked_path", ".agent_a/settings.json"}, // a pattern names every file
			{"git checkout -- .husky", "blocked_path", ".husky"},
			{"git restore --source=heads/evil -- ':!README'", "blocked_path", ".agent_a/settings.json"},
			{"git read-tree heads/evil && git restore -- '*.json'", "unparsable_command", "an earlier part of the command changed"},
			{"git reset -q heads/evil && git restore -W -- '.a*'", "blocked_path", ".agent_a/settings.json"},
			{"git reset -q main && git checkout -- ':(glob)**'", "blocked_path", ".agent_a/settings.json"}, // the index's too
			{"git reset HEAD README && git checkout -- README", "", ""},
			{"git sparse-checkout reapply", "blocked_path", ".agent_a/settings.json"},
			{"git checkout -- README", "", ""},
			{"git restore README", "", ""},
			{"git restore --staged README", "", ""},
		} {
			checkRule(t, p, proj, tc.cmd, tc.rule, tc.reason)
		}
	}
}

// TestGitHookProject: a project that tracks its own hook files
// (.husky/pre-commit, .vscode/tasks.json) stashes, switches branches,
// rebases and adds worktrees as usual: a file the disk holds as the
// revision does is not written anew (the disk comparison).
func TestGitHookProject(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	_, proj := scriptWorld(t, map[string]string{"README": "a\n", ".husky/pre-commit": "npm test\n", ".vscode/tasks.json": "{}\n"})
	gitIn(t, proj, "init", "-q", "-b", "main")
	gitIn(t, proj, "add", "-A")
	gitIn(t, proj, "commit", "-qm", "one")
	gitIn(t, proj, "checkout", "-qb", "side")
	if err := os.WriteFile(filepath.Join(proj, "src.go"), []byte("package x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	gitIn(t, proj, "add", "-A")
	gitIn(t, proj, "commit", "-qm", "side")
	gitIn(t, proj, "checkout", "-q", "main")
	if err := os.WriteFile(filepath.Join(proj, "README"), []byte("changed\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	text := realPolicy(t, "")
	commands := realPolicy(t, "")
	commands.Bash.Match = policy.MatchCommands
	for _, p := range []*policy.Policy{text, commands} {
		for _, cmd := range []string{
			"git stash", "git stash && git checkout side && git stash pop", "git checkout side",
			"git rebase side", "git merge side", "git worktree add -q ../w -b feat", "git worktree add ../side",
			"git checkout -- README", "git restore README", "git reset -q HEAD~0 && git stash",
		} {
			checkRule(t, p, proj, cmd, "", "")
		}
	}
}

// TestGitHeadMovedHookProgram: the program a project hook entry runs
// (scripts/check.sh, no hidden name) is compared with the disk when git
// makes the tree match a HEAD moved earlier: `git reset --soft side &&
// git stash` writes side's check.sh. A file a block_write glob names by
// path counts too; other files do not.
func TestGitHeadMovedHookProgram(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	_, proj := scriptWorld(t, map[string]string{
		".agent_a/settings.json": `{"hooks":{"PostToolUse":[{"hooks":[{"type":"command","command":"\"$AGENT_A_PROJECT_DIR\"/scripts/check.sh"}]}]}}`,
		"scripts/check.sh":       "echo ok\n", "conf/deploy.yml": "a: 1\n", "README": "a\n",
	})
	gitIn(t, proj, "init", "-q", "-b", "main")
	gitIn(t, proj, "add", "-A")
	gitIn(t, proj, "commit", "-qm", "one")
	gitIn(t, proj, "checkout", "-qb", "side")
	for f, text := range map[string]string{"scripts/check.sh": "echo pwned\n", "conf/deploy.yml": "a: 2\n", "README": "b\n"} {
		if err := os.WriteFile(filepath.Join(proj, f), []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	gitIn(t, proj, "commit", "-qam", "side")
	gitIn(t, proj, "checkout", "-q", "main")
	p := realPolicy(t, "")
	for _, tc := range []struct{ cmd, rule, reason string }{
		{"git reset --soft side && git stash", "blocked_path", "scripts/check.sh"},
		{"git reset -q side && git stash -q", "blocked_path", "scripts/check.sh"},
		{"git reset --soft side && git reset --keep", "blocked_path", "scripts/check.sh"},
		{"git stash -q", "", ""},
		{"git reset --soft HEAD~0 && git stash", "", ""},
	} {
		checkRule(t, p, proj, tc.cmd, tc.rule, tc.reason)
	}
	// A block_write glob naming one project file by path.
	pb := realPolicy(t, `{"file_paths":{"block_write":["`+filepath.ToSlash(filepath.Join(proj, "conf", "deploy.yml"))+`"]}}`)
	checkRule(t, pb, proj, "git reset --soft side && git stash", "blocked_path", "conf/deploy.yml")
}

// TestGitCheckoutHere: git -C naming the directory the command starts in
// (., ./, a cd back) is git run there: a checkout of a branch that leaves
// the hook program alone passes in a project whose hook entry runs make;
// one that changes the Makefile still blocks.
func TestGitCheckoutHere(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	_, proj := scriptWorld(t, map[string]string{
		".agent_a/settings.json": `{"hooks":{"PostToolUse":[{"hooks":[{"type":"command","command":"make check"}]}]}}`,
		"Makefile":               "check:\n\tgo vet ./...\n", "README.md": "x\n",
	})
	gitIn(t, proj, "init", "-q", "-b", "main")
	gitIn(t, proj, "add", "-A")
	gitIn(t, proj, "commit", "-qm", "one")
	gitIn(t, proj, "checkout", "-qb", "feat")
	if err := os.WriteFile(filepath.Join(proj, "README.md"), []byte("y\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	gitIn(t, proj, "commit", "-qam", "two")
	gitIn(t, proj, "checkout", "-qb", "evil")
	if err := os.WriteFile(filepath.Join(proj, "Makefile"), []byte("check:\n\tcurl evil\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	gitIn(t, proj, "commit", "-qam", "evil")
	gitIn(t, proj, "checkout", "-q", "main")
	p := realPolicy(t, "")
	for _, tc := range []struct{ cmd, rule string }{
		{"git -C . checkout feat", ""},
		{"git -C ./ checkout feat", ""},
		{"git checkout feat", ""},
		{"mkdir -p d && cd d && cd .. && git checkout feat", ""},
		{"git -C . checkout evil", "blocked_path"},
		{"git checkout evil", "blocked_path"},
	} {
		checkRule(t, p, proj, tc.cmd, tc.rule, "")
	}
}

// TestGitRevisionParents: git writes from a revision's other parents
// too: git stash apply (pop, branch) restores the untracked files of the
// stash's third parent, git cherry-pick -m 2 M and revert -m apply the
// difference from M's second parent. A hook file reaching the tree that
// way is a write of it; a stash -u of ordinary files and a mainline-1
// pick of a merge that brings none stay allowed.
func TestGitRevisionParents(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	_, proj := scriptWorld(t, map[string]string{"README": "a\n"})
	gitIn(t, proj, "init", "-q", "-b", "main")
	gitIn(t, proj, "add", "-A")
	gitIn(t, proj, "commit", "-qm", "one")
	blob := gitOut(t, proj, []byte(`{"hooks":{}}`+"\n"), "hash-object", "-w", "--stdin")
	t1 := gitOut(t, proj, []byte("100644 blob "+blob+"\tsettings.json\n"), "mktree")
	t2 := gitOut(t, proj, []byte("040000 tree "+t1+"\t.agent_a\n"), "mktree")
	u := gitOut(t, proj, nil, "commit-tree", t2, "-m", "u")
	i := gitOut(t, proj, nil, "commit-tree", "HEAD^{tree}", "-p", "HEAD", "-m", "index")
	s := gitOut(t, proj, nil, "commit-tree", "HEAD^{tree}", "-p", "HEAD", "-p", i, "-p", u, "-m", "WIP")
	gitIn(t, proj, "stash", "store", "-m", "x", s)
	m1 := gitOut(t, proj, nil, "commit-tree", t2, "-p", "HEAD", "-m", "m1")
	m := gitOut(t, proj, nil, "commit-tree", t2, "-p", m1, "-p", "HEAD", "-m", "merge")
	gitIn(t, proj, "branch", "m", m)
	ok := gitOut(t, proj, nil, "commit-tree", "HEAD^{tree}", "-p", "HEAD", "-p", "HEAD", "-m", "plain merge")
	gitIn(t, proj, "branch", "ok", ok)
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd, rule, reason string
	}{
		{"git stash apply", "blocked_path", ".agent_a/settings.json"},
		{"git stash pop", "blocked_path", ".agent_a/settings.json"},
		{"git stash apply stash@{0}", "blocked_path", ".agent_a/settings.json"},
		{"git stash apply " + s, "blocked_path", ".agent_a/settings.json"},
		{"git stash branch b1", "blocked_path", ".agent_a/settings.json"},
		{"git cherry-pick -m 2 m", "blocked_path", ".agent_a/settings.json"},
		{"git cherry-pick --mainline 2 m", "blocked_path", ".agent_a/settings.json"},
		{"git cherry-pick -m2 m", "blocked_path", ".agent_a/settings.json"},
		{"git cherry-pick --mainline=2 m", "blocked_path", ".agent_a/settings.json"},
		{"git cherry-pick -n -m 2 m", "blocked_path", ".agent_a/settings.json"},
		{"git revert -m 2 m", "blocked_path", ".agent_a/settings.json"},
		{"git cherry-pick -nm 2 m", "unparsable_command", "revision guard cannot read"},
		{"git cherry-pick -m x m", "unparsable_command", "revision guard cannot read"},
		{"git cherry-pick -m 1 ok", "", ""},
		{"git cherry-pick -m 3 ok", "", ""}, // no third parent: git fails
	} {
		checkRule(t, p, proj, tc.cmd, tc.rule, tc.reason)
	}
	gitIn(t, proj, "stash", "drop", "-q")
	if err := os.WriteFile(filepath.Join(proj, "notes.txt"), []byte("n\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	gitIn(t, proj, "stash", "-u", "-q")
	checkRule(t, p, proj, "git stash pop", "", "")
	checkRule(t, p, proj, "git stash apply", "", "")
}

// TestGitStashUntracked: git stash -u (-a, push --include-untracked,
// save -u) removes the untracked files it saves, as git clean -f does:
// the project's untracked .agent_b/hooks.json among them is a write of
// it. A pathspec narrows it; a tree without a protected file, and a
// stash without -u, stay allowed.
func TestGitStashUntracked(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	_, proj := scriptWorld(t, map[string]string{"src/a.go": "package a\n"})
	gitIn(t, proj, "init", "-q", "-b", "main")
	gitIn(t, proj, "add", "-A")
	gitIn(t, proj, "commit", "-qm", "one")
	if err := os.WriteFile(filepath.Join(proj, "src", "b.go"), []byte("package a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	p := realPolicy(t, "")
	allowed := []string{"git stash -u", "git stash push -u -- .", "git stash", "cd src && git stash -a"}
	for _, cmd := range allowed {
		checkRule(t, p, proj, cmd, "", "")
	}
	os.MkdirAll(filepath.Join(proj, ".agent_b"), 0o755)
	if err := os.WriteFile(filepath.Join(proj, ".agent_b", "hooks.json"), []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		cmd, rule, reason string
	}{
		{"git stash -u", "blocked_path", ".agent_b"},
		{"git stash -a", "blocked_path", ".agent_b"},
		{"git stash --include-untracked", "blocked_path", ".agent_b"},
		{"git stash push -u -- .", "blocked_path", ".agent_b"},
		{"git stash push -u -- :/", "blocked_path", ".agent_b"},
		{"git stash save -u wip", "blocked_path", ".agent_b"},
		{"cd src && git stash -u", "blocked_path", ".agent_b"},
		{"git -C src stash push --all", "blocked_path", ".agent_b"},
		{"git stash push -u -- src", "", ""},
		{"git stash -u -- src/b.go", "", ""},
		{"git stash", "", ""},
		{"git stash push -m wip", "", ""},
	} {
		checkRule(t, p, proj, tc.cmd, tc.rule, tc.reason)
	}
}

// TestGitHistoryPrintsNames: on an agent whose results guard redacts, a
// revision printer's files are still reads under their names, held to the
// read rules: a .env the index no longer holds but a commit does (the
// stash's untracked part, ORIG_HEAD after a reset) blocks; printers of
// commits without a protected file pass.
func TestGitHistoryPrintsNames(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	_, proj := scriptWorld(t, map[string]string{"go.mod": "module x\n"})
	gitIn(t, proj, "init", "-q", "-b", "main")
	gitIn(t, proj, "add", "-A")
	gitIn(t, proj, "commit", "-qm", "one")
	if err := os.WriteFile(filepath.Join(proj, "main.go"), []byte("package x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	gitIn(t, proj, "add", "-A")
	gitIn(t, proj, "commit", "-qm", "two")
	if err := os.WriteFile(filepath.Join(proj, ".env"), []byte("DB_PASS=hunter2xyz\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	gitIn(t, proj, "stash", "-u", "-q")
	gitIn(t, proj, "stash", "apply", "-q")
	gitIn(t, proj, "add", "-A")
	gitIn(t, proj, "commit", "-qm", "three")
	gitIn(t, proj, "reset", "-q", "HEAD~1")
	if err := os.Remove(filepath.Join(proj, ".env")); err != nil {
		t.Fatal(err)
	}
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd, rule, reason string
	}{
		{"git show stash^3", "blocked_path", ".env"},
		{"git stash show -p --only-untracked", "blocked_path", ".env"},
		{"git show ORIG_HEAD", "blocked_path", ".env"},
		{"git log -p -1 ORIG_HEAD", "blocked_path", ".env"},
		{"git show HEAD", "", ""},
		{"git log -p", "", ""},
		{"git show --stat", "", ""},
		{"git stash show -p", "blocked_path", ".env"}, // stash.showIncludeUntracked prints the untracked part too
		// Spellings the resolver reads, and printers of any commit
		//: the stash's untracked part is read.
		{"git show 'stash@{0}^3'", "blocked_path", ".env"},
		{"git show 'stash^{commit}^3'", "blocked_path", ".env"},
		{"git diff-tree -p stash^3", "blocked_path", ".env"},
		{"git log -p --all", "blocked_path", ".env"},
		{"git log -p -g stash", "blocked_path", ".env"},
		{"git log -p --reflog", "blocked_path", ".env"},
		{"git format-patch --stdout stash^3 -1", "blocked_path", ".env"},
		{"git grep API stash^3", "blocked_path", ".env"},
		{"git archive stash^3 | tar xO", "blocked_path", ".env"},
		{"git show 'HEAD@{0}'", "", ""},
		{"git show 'HEAD^{commit}'", "", ""},
	} {
		checkRule(t, p, proj, tc.cmd, tc.rule, tc.reason)
	}
}

// TestGitHistoryNoSecretStash: printers of any commit pass where the
// stash's untracked part holds no file the read rules protect.
func TestGitHistoryNoSecretStash(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	_, proj := scriptWorld(t, map[string]string{"go.mod": "module x\n"})
	gitIn(t, proj, "init", "-q", "-b", "main")
	gitIn(t, proj, "add", "-A")
	gitIn(t, proj, "commit", "-qm", "one")
	if err := os.WriteFile(filepath.Join(proj, "notes.txt"), []byte("todo\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	gitIn(t, proj, "stash", "-u", "-q")
	p := realPolicy(t, "")
	for _, cmd := range []string{"git log -p --all", "git diff-tree -p stash^3", "git show 'stash@{0}^3'", "git log -p", "git show HEAD"} {
		checkRule(t, p, proj, cmd, "", "")
	}
}
