package agent

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/event"
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

// mcpGitCommand returns the git command a tool guard does not know stands
// for when its name says it writes the working tree and it is git's (its
// name says git, or a field names a repository by its path), so that the
// shell analysis reads the revision's files as for a Bash git command
// (mcp__git__git_checkout {"repo_path":…, "branch_name":…} is git -C …
// checkout …). Default deny: a field the mapping does not know, or a
// sub-verb it does not list, becomes a word guard cannot tell (a
// substitution), so the analysis blocks what it cannot read (review 10
// F9).
//
// A repository path that is the call's working directory cwd (cleaned) is
// no -C: git run there, as the same Bash command (review 11 F9).
func mcpGitCommand(toolName string, strs map[string]string, cwd string) (string, bool) {
	git, verb := false, ""
	for _, w := range nameWords(toolName) {
		switch {
		case w == "git":
			git = true
		case verb == "" && slices.Contains(gitTreeVerbs, w):
			verb = w
		}
	}
	dirKey, dir := firstOf(strs, gitDirKeys)
	if !git && (dirKey == "" || !strings.HasPrefix(dir, "/") && !strings.HasPrefix(dir, "~") && dir != ".") {
		return "", false // a remote API's tool (a GitHub repository's name), or none of git's
	}
	if verb == "" {
		return "", false
	}
	if verb == "cherry" {
		verb = "cherry-pick"
	}
	used := map[string]bool{}
	cmd := []string{"git"}
	if dirKey != "" {
		used[dirKey] = true
		if cwd == "" || !filepath.IsAbs(dir) || filepath.Clean(dir) != filepath.Clean(cwd) {
			cmd = append(cmd, "-C", shellQuote(dir))
		}
	}
	cmd = append(cmd, verb)
	unknown := false
	if k, sub := firstOf(strs, gitSubKeys); k != "" {
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
	if k, p := firstOf(strs, gitPathKeys); k != "" {
		used[k] = true
		cmd = append(cmd, shellQuote(p))
	}
	for _, k := range gitRevKeys {
		if v, ok := strs[k]; ok {
			used[k] = true
			cmd = append(cmd, shellQuote(v))
		}
	}
	for k := range strs {
		if !used[k] && !slices.Contains(gitDataKeys, k) {
			unknown = true // a patch, a pull request, a field guard cannot map
		}
	}
	if unknown || verb == "apply" || verb == "am" {
		cmd = append(cmd, `"$(mcp-field)"`)
	}
	return strings.Join(cmd, " "), true
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

// shellQuote returns s as one shell word.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// gitToolInputs returns the command input mcpGitCommand finds for a tool,
// if any.
func gitToolInputs(toolName string, strs map[string]string, cwd string) []event.Input {
	if cmd, ok := mcpGitCommand(toolName, strs, cwd); ok {
		return []event.Input{{Kind: event.KindCommand, Text: cmd}}
	}
	return nil
}
