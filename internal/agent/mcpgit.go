package agent

import (
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

// gitTreeVerbs are the words of a git tool's name that say it writes the
// working tree from a revision.
var gitTreeVerbs = []string{"checkout", "switch", "reset", "restore", "merge", "rebase", "pull", "stash", "cherry", "revert"}

// mcpGitCommand returns the git command a tool guard does not know stands
// for when its name says it is git's and writes the working tree
// (mcp__git__git_checkout {"repo_path":…, "branch_name":…}), so that the
// shell analysis reads the revision's files as it does for a Bash git
// command: the fields give the repository (-C) and the revision. A tool
// of that kind whose revision field guard cannot find stands for the
// verb alone, which the analysis takes for what it is (git checkout with
// no revision writes nothing; git reset --hard writes HEAD's tree).
func mcpGitCommand(toolName string, strs map[string]string) (string, bool) {
	words := nameWords(toolName)
	git, verb := false, ""
	for _, w := range words {
		if w == "git" {
			git = true
		}
		for _, v := range gitTreeVerbs {
			if w == v && verb == "" {
				verb = v
			}
		}
	}
	if !git || verb == "" {
		return "", false
	}
	if verb == "cherry" {
		verb = "cherry-pick"
	}
	cmd := []string{"git"}
	for _, k := range []string{"repopath", "repo", "repository", "path", "cwd", "dir", "directory", "workdir", "root"} {
		if v, ok := strs[k]; ok {
			cmd = append(cmd, "-C", shellQuote(v))
			break
		}
	}
	cmd = append(cmd, verb)
	if m, ok := strs["mode"]; ok && verb == "reset" {
		cmd = append(cmd, shellQuote("--"+strings.TrimLeft(m, "-")))
	}
	for _, k := range []string{"branchname", "branch", "ref", "revision", "rev", "target", "commit", "commitish", "sha", "name", "upstream", "onto"} {
		if v, ok := strs[k]; ok {
			cmd = append(cmd, shellQuote(v))
			break
		}
	}
	return strings.Join(cmd, " "), true
}

// shellQuote returns s as one shell word.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// gitToolInputs returns the command input mcpGitCommand finds for a tool,
// if any.
func gitToolInputs(toolName string, strs map[string]string) []event.Input {
	if cmd, ok := mcpGitCommand(toolName, strs); ok {
		return []event.Input{{Kind: event.KindCommand, Text: cmd}}
	}
	return nil
}
