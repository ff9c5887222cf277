package agent

import (
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/shell/word"
)

// maxJoined bounds the directories and the relative paths of one tool
// input that joinRoots pairs.
const maxJoined = 8

// joinRoots adds, for a tool guard does not know, each relative path a
// field names joined to each absolute or home directory another field of
// the same input names ({"root":"/home/u","name":".ssh/id_rsa"}): servers
// resolve a relative path against their root, workspace, cwd or repository
// field, not the agent's working directory, which guard checked it against
// already (review 9 F11).
func (t *toolValues) joinRoots() {
	for _, d := range t.dirs {
		for _, r := range t.rels {
			p := strings.TrimSuffix(d, "/") + "/" + r.path
			t.paths = append(t.paths, pathInputs(p, r.write, t.readOnly)...)
		}
	}
}

// notePath files p, a path a field names, as a directory other paths may
// be relative to (absolute or under ~), or as a relative path.
func (t *toolValues) notePath(p string, write bool) {
	switch {
	case strings.HasPrefix(p, "/") || strings.HasPrefix(p, "~") || len(p) > 2 && p[1] == ':' && (p[2] == '\\' || p[2] == '/'):
		if len(t.dirs) < maxJoined {
			t.dirs = append(t.dirs, p)
		}
	case p != "" && p != ".":
		if len(t.rels) < maxJoined {
			t.rels = append(t.rels, relPath{p, write})
		}
	}
}

// relPath is a relative path a field names, and whether the tool writes it.
type relPath struct {
	path  string
	write bool
}

// gitTreeVerbs are the words of a tool's name that say it writes the
// working tree from a revision or a patch (git's verbs; "cherry" for
// cherry_pick). sync and update count only in a tool named git's.
var gitTreeVerbs = []string{"checkout", "switch", "reset", "restore", "merge", "rebase", "pull", "stash", "cherry",
	"revert", "bisect", "worktree", "apply", "am"}

// gitDirKeys name the repository a git tool works in; gitRevKeys the
// revision (the first found); gitSubKeys a sub-verb (stash pop, worktree
// add, bisect start); gitPathKeys a second directory (worktree add PATH).
var (
	gitDirKeys  = []string{"repopath", "repository", "repo", "gitdir", "path", "cwd", "dir", "directory", "workdir", "root", "project"}
	gitRevKeys  = []string{"branchname", "branch", "branchorpath", "ref", "revision", "rev", "target", "commit", "commitish", "commitref", "treeish", "sha", "stashref", "stash", "upstream", "onto", "source", "badref", "goodref"}
	gitSubKeys  = []string{"mode", "action", "command", "operation", "subcommand"}
	gitPathKeys = []string{"worktreepath", "newpath", "destination", "dest"}
	// gitDataKeys are fields that change nothing git writes.
	gitDataKeys = []string{"message", "msg", "title", "description", "body", "author", "email", "note"}
)

// gitSubVerbs returns the sub-verbs guard passes on as words for verb.
func gitSubVerbs(verb string) []string {
	switch verb {
	case "stash":
		return []string{"push", "save", "pop", "apply", "drop", "list", "show", "clear", "branch", "create", "store"}
	case "worktree":
		return []string{"add", "list", "remove", "prune", "move", "lock", "unlock", "repair"}
	case "bisect":
		return []string{"start", "good", "bad", "new", "old", "skip", "reset", "log", "visualize", "terms"}
	case "reset":
		return []string{"soft", "mixed", "hard", "merge", "keep"}
	}
	return nil
}

// gitReadVerbs are the words of a git tool's name that say it only reads,
// or writes nothing of the working tree (commit, add, push, branch
// create): such a tool stands for no command. A tool named git's whose
// name holds neither one of these nor a gitTreeVerbs word is taken as a
// tree write guard cannot tell (review 11 F8: git_fast_forward, co).
var gitReadVerbs = []string{"status", "log", "diff", "show", "blame", "grep", "describe", "shortlog", "ls", "list",
	"rev", "cat", "reflog", "branch", "branches", "tag", "tags", "commit", "add", "stage", "staged", "unstaged",
	"push", "fetch", "remote", "remotes", "head", "current", "get", "read", "search", "info", "version",
	"history", "files", "tree", "count", "create", "init"}

// gitRepoKeys are fields that say the tool is git's when they name a
// repository by its path.
var gitRepoKeys = []string{"repopath", "repository", "repo", "gitdir"}

// gitInput is what mcpGitCommand reads of a tool's input: the first
// string of each key, the number and boolean literals, and the strings of
// an args array or a command field, in order.
type gitInput struct {
	strs map[string]string
	lits map[string]string
	args []string
	cwd  string // the call's working directory: a repository there is no -C
}

// add takes leaf l of a tool's input, bounded.
func (g *gitInput) add(l leaf) {
	k := normKey(l.key)
	if !l.isString {
		if len(g.lits) < 64 {
			g.lits[k] = l.value
		}
		return
	}
	if (isArgsKey(k) || k == "command" || k == "cmd") && len(g.args) < 64 {
		g.args = append(g.args, l.value)
	}
	if _, ok := g.strs[k]; !ok && len(g.strs) < 64 {
		g.strs[k] = l.value
	}
}

// mcpGitCommand returns the git command a tool guard does not know stands
// for when it is git's (its name says git, or a field names a repository
// by its path) and its name does not say it only reads (gitReadVerbs), so
// that the shell analysis reads the revision's files as for a Bash git
// command (mcp__git__git_checkout {"repo_path":…, "branch_name":…} is git
// -C … checkout …). Default deny: a field the mapping does not know, a
// sub-verb it does not list, a boolean it cannot map, or a git tool
// whose name holds no verb guard knows becomes a word guard cannot tell
// (a substitution), so the analysis blocks what it cannot read (review 10
// F9); a generic runner's args or command are the git command's words
// (review 11 F8).
func mcpGitCommand(toolName string, in gitInput) (string, bool) {
	git, verb, read := false, "", false
	for _, w := range nameWords(toolName) {
		switch {
		case w == "git":
			git = true
		case verb == "" && slices.Contains(gitTreeVerbs, w):
			verb = w
		case slices.Contains(gitReadVerbs, w):
			read = true
		}
	}
	dirKey, dir := firstOf(in.strs, gitDirKeys)
	byPath := dirKey != "" && (strings.HasPrefix(dir, "/") || strings.HasPrefix(dir, "~") || dir == ".")
	if k, _ := firstOf(in.strs, gitRepoKeys); k != "" && k == dirKey && byPath {
		git = true
	}
	switch {
	case !git && !byPath:
		return "", false // a remote API's tool (a GitHub repository's name), or none of git's
	case verb == "" && (read || !git):
		return "", false
	}
	cmd := []string{"git"}
	// A repository that is the call's working directory is git run there,
	// as the same Bash command (review 11 F9).
	if dirKey != "" && (in.cwd == "" || !filepath.IsAbs(dir) || filepath.Clean(dir) != filepath.Clean(in.cwd)) {
		cmd = append(cmd, "-C", word.Quote(dir))
	}
	if verb == "" {
		return strings.Join(append(cmd, gitRunnerWords(in)), " "), true
	}
	return strings.Join(append(cmd, gitVerbWords(verb, dirKey, in)...), " "), true
}

// gitRunnerWords returns the words of a git tool whose name holds no verb:
// its args or command field, as the git command line it is, or else a
// checkout of a revision guard cannot tell.
func gitRunnerWords(in gitInput) string {
	if len(in.args) == 0 {
		return `checkout "$(mcp-field)"` // a tree write from a revision guard cannot tell
	}
	if len(in.args) == 1 { // "checkout evil": a command line
		return strings.TrimPrefix(strings.TrimSpace(in.args[0]), "git ")
	}
	words := make([]string, 0, len(in.args))
	for i, a := range in.args {
		if i == 0 && a == "git" {
			continue
		}
		words = append(words, word.Quote(a))
	}
	return strings.Join(words, " ")
}

// gitVerbWords returns the words after git -C DIR for a tool whose name
// holds tree-writing verb.
func gitVerbWords(verb, dirKey string, in gitInput) []string {
	if verb == "cherry" {
		verb = "cherry-pick"
	}
	used := map[string]bool{dirKey: true}
	cmd := []string{verb}
	unknown := false
	if k, sub := firstOf(in.strs, gitSubKeys); k != "" {
		used[k] = true
		sub = strings.ToLower(strings.TrimLeft(sub, "-"))
		switch {
		case verb == "reset" && slices.Contains(gitSubVerbs("reset"), sub):
			cmd = append(cmd, "--"+sub)
		case slices.Contains(gitSubVerbs(verb), sub):
			cmd = append(cmd, sub)
		default:
			unknown = true
		}
	}
	if k, p := firstOf(in.strs, gitPathKeys); k != "" {
		used[k] = true
		cmd = append(cmd, word.Quote(p))
	}
	for _, k := range gitRevKeys {
		if v, ok := in.strs[k]; ok {
			used[k] = true
			cmd = append(cmd, word.Quote(v))
		}
	}
	for k := range in.strs {
		if !used[k] && !slices.Contains(gitDataKeys, k) {
			unknown = true // a patch, a pull request, a field guard cannot map
		}
	}
	for _, k := range slices.Sorted(maps.Keys(in.lits)) {
		switch v := in.lits[k]; {
		case v == "false" || v == "null":
		case v == "true" && verb == "reset" && slices.Contains(gitSubVerbs("reset"), k):
			cmd = append(cmd, "--"+k) // {"hard":true}
		case v == "true" && k == "force":
			cmd = append(cmd, "--force")
		case v == "true" && (verb == "checkout" || verb == "switch") && slices.Contains([]string{"create", "createbranch", "newbranch"}, k):
			opt := "-c" // {"create":true}: a new branch
			if verb == "checkout" {
				opt = "-b"
			}
			cmd = slices.Insert(cmd, 1, opt)
		default:
			unknown = true // a boolean or number guard cannot map
		}
	}
	if unknown || verb == "apply" || verb == "am" {
		cmd = append(cmd, `"$(mcp-field)"`)
	}
	return cmd
}

// firstOf returns the first of keys strs holds, and its value.
func firstOf(strs map[string]string, keys []string) (string, string) {
	for _, k := range keys {
		if v, ok := strs[k]; ok {
			return k, v
		}
	}
	return "", ""
}

// gitToolInputs returns the command input mcpGitCommand finds for a tool,
// if any.
func gitToolInputs(toolName string, in gitInput) []event.Input {
	if cmd, ok := mcpGitCommand(toolName, in); ok {
		return []event.Input{{Kind: event.KindCommand, Text: cmd}}
	}
	return nil
}
