package policy

// Variables that move a protected file (the table is catalogue.EnvMoves):
// with GIT_CONFIG_GLOBAL=~/dotfiles/gitconfig in the agent's environment,
// git reads that file in place of ~/.gitconfig, and the write rules that
// protect ~/.gitconfig must protect it too; KUBECONFIG, DOCKER_CONFIG,
// GNUPGHOME… likewise, for reads and writes. Each entry names the place the
// variable replaces; every read or write glob of the policy at that place
// is added again at the variable's value (a list for KUBECONFIG). A
// variable whose program has no default place in the lists
// (RIPGREP_CONFIG_PATH, PYTHONSTARTUP's file) makes its value a write glob:
// its program runs what it says.

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
	"github.com/guardhq/guard/internal/shell/catalogue"
)

// movedGlobs returns globs at the places the variables lookup knows (the
// hook's environment, or what the start-up files set) move: for each glob
// of globs at a moved place, the same glob at the variable's value; write
// adds the values of variables with no place in the lists.
func movedGlobs(home string, globs []string, write bool, lookup func(string) (string, bool)) []string {
	var out []string
	for _, m := range catalogue.EnvMoves() {
		v, ok := lookup(m.Name)
		if !ok || v == "" {
			continue
		}
		vals := []string{v}
		switch {
		case m.List:
			vals = filepath.SplitList(v)
		case m.Program:
			vals = strings.Fields(v)[:1]
		}
		for _, val := range vals {
			val = movedPath(home, val)
			if val == "" {
				continue
			}
			if m.From == "" {
				if write && len(m.Files) == 0 {
					out = append(out, val)
				}
				for _, f := range m.Files {
					if write {
						out = append(out, filepath.ToSlash(filepath.Join(val, f)))
					}
				}
				continue
			}
			for _, g := range globs {
				switch {
				case g == m.From || !m.Dir && globMatches(g, m.From):
					out = append(out, val) // ~/.kube/** protects ~/.kube/config, and so its moved place
				case m.Dir && strings.HasPrefix(g, m.From+"/"):
					out = append(out, filepath.ToSlash(val)+g[len(m.From):])
				}
			}
		}
	}
	return out
}

// globMatches reports whether glob g (a ** one) matches path p, both as
// the lists spell them (~/…).
func globMatches(g, p string) bool {
	if !strings.Contains(g, "*") {
		return false
	}
	// The whole elements before g's first wildcard, escape or brace are
	// literal: a path that does not start with them cannot match (most of
	// the policy's globs, for a variable's one place).
	if i := strings.IndexAny(g, "*?[{\\"); i > 0 {
		if j := strings.LastIndexByte(g[:i], '/'); j > 0 && !strings.HasPrefix(p, g[:j]) {
			return false
		}
	}
	// So is a last element without them: the path's must be the same.
	if last := g[strings.LastIndexByte(g, '/')+1:]; !strings.ContainsAny(last, "*?[]{}\\") &&
		!(p == last || strings.HasSuffix(p, "/"+last)) {
		return false
	}
	ok, err := doublestar.Match(g, p)
	return err == nil && ok
}

// movedPath returns a variable's value as an absolute path (~ expanded),
// "" when it is none or holds a glob character (it is a name, not a
// pattern).
func movedPath(home, v string) string {
	if v == "~" || strings.HasPrefix(v, "~/") {
		v = home + v[1:]
	}
	if !filepath.IsAbs(v) || hasGlobChar(v) {
		return ""
	}
	v = filepath.Clean(v)
	if v == "/" || v == filepath.Clean(home) {
		return "" // the root or the home: every file there would be protected
	}
	return v
}

// envLookup looks a variable up in the hook's environment.
func envLookup(name string) (string, bool) { return os.LookupEnv(name) }
