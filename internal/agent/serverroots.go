package agent

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/guardhq/guard/internal/event"
)

// maxServerRootPaths bounds the paths joinServerRoots adds for one tool
// input; an input that would need more blocks (guard cannot check it whole).
const maxServerRootPaths = 512

// joinServerRoots adds, for an MCP tool (mcp false: a tool of the agent's
// own client, which resolves against the working directory), each relative path
// its path fields name (serverRels) joined to each directory its server
// may resolve it against other than the call's working directory (which
// ResolvePaths joins): the home directory and every ancestor of the
// working directory. A server is a process guard does not run, and its
// root is its own configuration: the reference filesystem server resolves
// a relative path against each of its allowed directories (the home
// directory, often), others against the directory they were started in
// (the session's first directory, an ancestor of the working directory
// after a `cd`), so `{"path":".bashrc"}` from a project may write
// ~/.bashrc. A tool of a server known to read remote repositories
// (remoteServer) whose input names one (repoPaths) names paths in that
// repository, which the working directory stands for already. The input
// alone never skips the join: its owner and repo fields are the model's
// choice, and any other server drops the fields it does not know and reads
// its disk (FINDINGS59a A1).
func (t *toolValues) joinServerRoots(toolName, cwd string, mcp bool) error {
	if !mcp || t.repoPaths && t.remoteServer || len(t.serverRels) == 0 {
		return nil
	}
	roots := serverRoots(cwd)
	if len(t.serverRels)*len(roots) > maxServerRootPaths {
		return fmt.Errorf("names more relative paths than guard checks under every directory a server may resolve them against (%d)", maxServerRootPaths)
	}
	via := toolName + " (its server may resolve a relative path against the home directory or a parent directory: an absolute path says which)"
	for _, r := range t.serverRels {
		// A hidden place is read whole under each root too, as under
		// the working directory (readings): a tool that lists or
		// searches {"path":".aws"} reads ~/.aws/** (FINDINGS59a A10).
		tree := hiddenOrUp(r.path) && !strings.ContainsAny(r.path, "*?[")
		for _, root := range roots {
			for _, in := range pathInputs(root+"/"+r.path, r.write, t.readOnly) {
				in.Via = via
				t.paths = append(t.paths, in)
			}
			if tree {
				t.paths = append(t.paths, event.Input{Kind: event.KindRead, Text: treeDir(root+"/"+r.path, "/") + "/**", Via: via})
			}
		}
	}
	return nil
}

// namedRelative reports whether p is a relative path that names an entry
// (.bashrc, src/x.go, ../.ssh/id_rsa), not only a directory of the walk
// up (., .., ../..), which under another root is that root or above it.
func namedRelative(p string) bool {
	if p == "" || strings.HasPrefix(p, "/") || strings.HasPrefix(p, `\`) || filepath.IsAbs(p) || homeRelative(p) ||
		len(p) > 1 && p[1] == ':' {
		return false
	}
	for _, e := range strings.FieldsFunc(p, func(r rune) bool { return r == '/' || r == '\\' }) {
		if e != "." && e != ".." {
			return true
		}
	}
	return false
}

// serverRoots returns the directories other than cwd a server may resolve
// a relative path against: ~ and each ancestor of cwd (when cwd is
// absolute), nearest first.
func serverRoots(cwd string) []string {
	roots := []string{"~"}
	c := filepath.ToSlash(cwd)
	if !strings.HasPrefix(c, "/") && !(len(c) > 2 && c[1] == ':' && c[2] == '/') {
		return roots
	}
	for c = strings.TrimRight(c, "/"); ; {
		i := strings.LastIndex(c, "/")
		if i < 0 {
			break
		}
		c = c[:i]
		roots = append(roots, c) // "" for the root: joined, "/NAME"
	}
	return roots
}

// hiddenOrUp reports whether a relative path has an element that is a
// hidden name or .. (.bashrc, .ssh/id_rsa, x/../.aws): what may name a
// protected place under another root than the working directory, where
// the protected places of the home are hidden ones. ./x and x/y do not.
func hiddenOrUp(p string) bool {
	for _, e := range strings.FieldsFunc(p, func(r rune) bool { return r == '/' || r == '\\' }) {
		if e[0] == '.' && e != "." {
			return true
		}
	}
	return false
}
