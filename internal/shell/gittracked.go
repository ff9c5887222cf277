package shell

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// gitGrepTracked reports whether git grep, its subcommand word at
// c.args[at-1], reads only the files git tracks: no
// --untracked or --no-index (the whole directory: gitWholeTree), no
// --recurse-submodules (other repositories' indexes), no global option
// but -C, --no-pager and -P (--git-dir, --work-tree, -c may move the
// repository, the index or grep.fallbackToNoIndex), and no GIT_*
// variable of the command outside gitQuietEnv (GIT_INDEX_FILE, GIT_DIR).
// The hook then counts the files git's index holds (policy: event.Input
// Tracked).
func (c *cmd) gitGrepTracked(at int) bool {
	if at < 1 || at > len(c.args) || c.gitEnvMoves() != "" {
		return false
	}
	for i := 0; i < at-1; i++ {
		switch s := c.args[i].Text; {
		case s == "-C" && i+1 < at-1:
			i++
		case s == "--no-pager" || s == "-P":
		default:
			return false
		}
	}
	args := word.Texts(c.args[at:])
	if gitWholeTree("grep", args) {
		return false
	}
	for _, a := range args {
		if a == "--" {
			break
		}
		name, _, _ := strings.Cut(a, "=")
		if len(name) > 2 && strings.HasPrefix(name, "--") && gitGrepWide(name) {
			return false
		}
	}
	return true
}

// gitGrepWide reports whether long option name is, or abbreviates as git
// takes a unique prefix, one that widens git grep past the tracked files.
func gitGrepWide(name string) bool {
	for _, o := range []string{"--untracked", "--no-index", "--recurse-submodules"} {
		if strings.HasPrefix(o, name) {
			return true
		}
	}
	return false
}
