package agent

import (
	"strings"
)

// A tool guard does not know that runs a command may run it in a
// directory its own input names ({"command":"rm -rf ../.guard",
// "cwd":"/h/proj"}, mcp-shell-server's "directory", options.cwd…): which
// field the server honours is its choice. So every value
// of such an input that may name a directory is a root the command's
// relative words are checked under too, as a command tool's directory
// field (commandDir) and agent B's workspace roots are (Call.OtherRoots).

// maxCommandRoots bounds the directories one input adds; past it the call
// blocks.
const maxCommandRoots = 32

// commandRoots gathers the directories the values of one input may name.
type commandRoots struct {
	dirs    []string
	problem string
}

// add takes the value v under key as a directory the command may run in:
// any absolute or ~ value whatever its key, and any value under a key
// that names a directory (dirRootKey), relative ones under the call's
// directory. A value under such a key that the server computes ($HOME,
// `pwd`) is a directory guard cannot tell.
func (r *commandRoots) add(key, v string) {
	v = strings.TrimSpace(v)
	if v == "" || len(v) > maxPathLen || strings.ContainsAny(v, "\n\r") || strings.Contains(v, "://") {
		return
	}
	abs := (v[0] == '/' || v[0] == '~') && !strings.ContainsAny(v, " \t")
	if !abs && !dirRootKey(key) {
		return
	}
	if strings.ContainsAny(v, "$`%") {
		if dirRootKey(key) && r.problem == "" {
			r.problem = "names a directory the server computes (" + v + "): guard cannot tell where the command's relative words lead"
		}
		return
	}
	if len(r.dirs) >= maxCommandRoots {
		r.problem = "names more directories than guard checks a command under"
		return
	}
	r.dirs = append(r.dirs, v)
}

// dirRootKey reports whether a normalised key names a directory a
// command may run in: cwd, dir, directory, workdir, working_dir, path,
// root, base, location, workspace, at, folder, home… or ends in dir,
// directory, folder, cwd, root or path.
func dirRootKey(k string) bool {
	switch k {
	case "cwd", "pwd", "wd", "chdir", "cd", "path", "root", "base", "location", "workspace", "at", "folder", "home",
		"project":
		return true
	}
	for _, suf := range []string{"dir", "directory", "folder", "cwd", "root", "path", "workspace", "location"} {
		if strings.HasSuffix(k, suf) {
			return true
		}
	}
	return false
}

// apply adds the directories to the call's other roots, when the input
// carries a command.
func (r *commandRoots) apply(c *Call, hasCommand bool, field string) error {
	if !hasCommand {
		return nil
	}
	if r.problem != "" {
		return &Error{Field: field, Limit: true, Problem: r.problem}
	}
	for _, d := range r.dirs {
		d = joinDir(c.Cwd, d)
		if c.Cwd == "" || sameDirText(d) != sameDirText(c.Cwd) {
			c.OtherRoots = append(c.OtherRoots, d)
		}
	}
	return nil
}
