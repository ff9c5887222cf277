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
// already.
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
	gitDirKeys = []string{"repopath", "repository", "repo", "gitdir", "path", "cwd", "dir", "directory", "workdir", "root", "project"}
	gitRevKeys = []string{"branchname", "branch", "branchorpath", "ref", "revision", "rev", "target", "commit", "commitish", "commitref", "treeish", "sha", "stashref", "stash", "upstream", "onto", "source", "badref", "goodref", "basebranch", "startpoint"}
	// gitStrongRevKeys name a revision and nothing else: with a directory
	// field by path, the tool is git's whatever its names.
	gitStrongRevKeys = []string{"branchname", "branch", "ref", "revision", "rev", "commit", "commitish", "treeish", "sha"}
	gitSubKeys       = []string{"mode", "action", "command", "operation", "subcommand"}
	gitPathKeys      = []string{"worktreepath", "newpath", "destination", "dest"}
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
// tree write guard cannot tell (git_fast_forward, co).
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
// for when it is git's (its name says git, a field names a repository by
// its path, or a directory field by path comes with a revision field:
// goto {"path":…,"rev":…}) and it may write the working tree, so that the
// shell analysis reads the revision's files as for a Bash git command
// (mcp__git__git_checkout {"repo_path":…, "branch_name":…} is git -C …
// checkout …). The fields are read first: an action,
// mode or operation field whose value is a tree verb, or a true boolean
// whose key holds one ({"checkout":true}, {"switch":true}), is the verb
// whatever the name says, and an args or command field is the command
// line; only then does a name whose every word says it only reads
// (gitReadVerbs, gitNameNouns) stand for no command. Default deny: a
// field the mapping does not know, a sub-verb it does not list, a boolean
// it cannot map, an action it does not know, or a git tool whose name
// holds a word guard does not know becomes a word guard cannot tell (a
// substitution), so the analysis blocks what it cannot read; a generic
// runner's args or command are the git command's words.
func mcpGitCommand(toolName string, in gitInput) (string, bool) {
	nm := gitToolName(toolName)
	dirKey, dir := firstOf(in.strs, gitDirKeys)
	byPath := dirKey != "" && (strings.HasPrefix(dir, "/") || strings.HasPrefix(dir, "~") || dir == ".")
	if k, _ := firstOf(in.strs, gitRepoKeys); k != "" && k == dirKey && byPath {
		nm.git = true
	}
	if k, _ := firstOf(in.strs, gitStrongRevKeys); k != "" && byPath {
		nm.git = true // a repository on disk and a revision: git's, whatever the key's name
	}
	fv := gitVerb{used: map[string]bool{}}
	if nm.verb == "" {
		fv = fieldVerb(in)
	}
	verb := nm.verb + fv.verb
	switch {
	case !nm.git && !byPath:
		return "", false // a remote API's tool (a GitHub repository's name), or none of git's
	case verb != "":
	case nm.git && fv.unknown:
		in.args = nil // an action guard cannot map: a tree write it cannot tell
	case nm.git && len(in.args) > 0:
		// git_log {"args":["checkout","x"]}: the command line they are,
		// whatever the name says.
	case nm.read || !nm.git:
		return "", false
	}
	cmd := []string{"git"}
	// A repository that is the call's working directory is git run there,
	// as the same Bash command.
	if dirKey != "" && (in.cwd == "" || !filepath.IsAbs(dir) || filepath.Clean(dir) != filepath.Clean(in.cwd)) {
		cmd = append(cmd, "-C", word.Quote(dir))
	}
	if verb == "" {
		return strings.Join(append(cmd, gitRunnerWords(in)), " "), true
	}
	fv.used[dirKey] = true
	fv.create = fv.create || fv.verb != "" && nm.create
	return strings.Join(append(cmd, gitVerbWords(verb, fv, in)...), " "), true
}

// gitName is what a tool's name says of git: that it is git's, its
// tree verb, and whether every other word of it says it only reads.
type gitName struct {
	git, read, create bool
	verb              string
}

// gitNameNouns are words of a git tool's name that say what it works on,
// not what it does: with the read verbs, a name of only these reads.
var gitNameNouns = []string{"git", "repo", "repository", "working", "dir", "directory", "file", "changes", "summary",
	"all", "by", "of", "for", "and", "name", "names", "config", "details", "ref", "refs", "object", "objects"}

// gitToolName reads a tool's name (after mcp__SERVER__, the server's own
// name being any word): git's when a word is git; its verb, the first
// tree verb; read when it holds a read verb and every word is a read
// verb or a noun (use_branch is no read).
func gitToolName(toolName string) gitName {
	name := ownToolName(toolName)
	var nm gitName
	if strings.Contains(strings.ToLower(toolName), "git") {
		nm.git = slices.Contains(nameWords(toolName), "git")
	}
	hasRead, other := false, false
	for _, w := range nameWords(name) {
		switch {
		case nm.verb == "" && slices.Contains(gitTreeVerbs, w):
			nm.verb = w
		case slices.Contains(gitReadVerbs, w):
			hasRead = true
			nm.create = nm.create || w == "create"
		case slices.Contains(gitNameNouns, w), w == "mcp":
		default:
			other = true
		}
	}
	nm.read = hasRead && !other
	return nm
}

// gitVerb is what a tool's fields ask of git (fieldVerb).
type gitVerb struct {
	verb    string          // a tree verb a field asks for
	unknown bool            // an action guard cannot map, or more than one verb
	more    bool            // an action field holds more words than its verb
	create  bool            // the verb makes a new branch (a create tool that switches)
	used    map[string]bool // the fields the verb came from
}

// gitSafeActions are action values that write nothing of the working
// tree besides the read verbs (git branch -d, -m).
var gitSafeActions = []string{"delete", "rename", "copy", "remove", "prune", "none"}

// fieldVerb returns the tree verb the fields of a tool whose name holds
// none ask for: an action, mode or operation field whose value is one (its
// first word), or a true boolean whose key holds one ({"checkout":true},
// {"switch_to":true}); an action value neither a tree verb nor one that
// only reads, or two verbs, are unknown.
func fieldVerb(in gitInput) gitVerb {
	fv := gitVerb{used: map[string]bool{}}
	if k, v := firstOf(in.strs, gitSubKeys); k != "" && k != "command" {
		v = strings.TrimPrefix(strings.ToLower(strings.TrimSpace(v)), "git ")
		first, rest, _ := strings.Cut(strings.TrimLeft(v, "-"), " ")
		switch {
		case first == "cherry-pick" || slices.Contains(gitTreeVerbs, first):
			fv.verb, fv.more, fv.used[k] = strings.TrimSuffix(first, "-pick"), strings.TrimSpace(rest) != "", true
		case first == "" || slices.Contains(gitReadVerbs, first) || slices.Contains(gitSafeActions, first):
			fv.used[k] = true
		default:
			fv.unknown = true
		}
	}
	for _, k := range slices.Sorted(maps.Keys(in.lits)) {
		v := treeVerbIn(k)
		if in.lits[k] != "true" || v == "" {
			continue
		}
		if fv.verb != "" && fv.verb != v {
			fv.unknown = true
		}
		if fv.verb == "" {
			fv.verb = v
		}
		fv.used[k] = true
	}
	if fv.verb != "" && fv.unknown {
		fv.more, fv.unknown = true, false
	}
	return fv
}

// treeVerbIn returns the tree verb a boolean's key holds
// (checkout, switchto, checkoutafter), if any.
func treeVerbIn(key string) string {
	for _, v := range gitTreeVerbs {
		if len(v) >= 4 && strings.Contains(key, v) || key == v {
			return v
		}
	}
	return ""
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
// or fields ask for tree-writing verb; fv.used are the fields already read.
func gitVerbWords(verb string, fv gitVerb, in gitInput) []string {
	if verb == "cherry" {
		verb = "cherry-pick"
	}
	used := fv.used
	cmd := []string{verb}
	unknown := fv.more
	if k, sub := firstOf(in.strs, gitSubKeys); k != "" && !used[k] {
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
	create := fv.create
	for _, k := range slices.Sorted(maps.Keys(in.lits)) {
		switch v := in.lits[k]; {
		case used[k] || v == "false" || v == "null":
		case v == "true" && verb == "reset" && slices.Contains(gitSubVerbs("reset"), k):
			cmd = append(cmd, "--"+k) // {"hard":true}
		case v == "true" && k == "force":
			cmd = append(cmd, "--force")
		case v == "true" && (verb == "checkout" || verb == "switch") && slices.Contains([]string{"create", "createbranch", "newbranch"}, k):
			create = true // {"create":true}: a new branch
		default:
			unknown = true // a boolean or number guard cannot map
		}
	}
	if create && (verb == "checkout" || verb == "switch") {
		opt := "-c"
		if verb == "checkout" {
			opt = "-b"
		}
		cmd = slices.Insert(cmd, 1, opt)
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
