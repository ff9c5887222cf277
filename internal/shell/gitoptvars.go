package shell

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
)

// gitOptionVars sets, for git's global options before its subcommand
// that stand for an environment variable (catalogue.GitOptionVars), that
// variable in the command's environment, as NAME=VALUE git would: the
// variable's rules apply (git --exec-path=D runs D's helpers: hidden, as
// GIT_EXEC_PATH=D; --namespace moves what revisions name).
func (c *cmd) gitOptionVars() {
	if c.name != "git" {
		return
	}
	_, at := gitSubcommand(c.args)
	for j := 0; j < len(c.args) && j < at; j++ {
		s := c.args[j].Text
		if s == "-C" || s == "-c" || s == "--config-env" {
			j++
			continue
		}
		for _, o := range catalogue.GitOptionVars {
			v, ok := "", false
			switch {
			case o.Option == "--bare":
				v, ok = ".", s == o.Option
			case strings.HasPrefix(s, o.Option+"="):
				v, ok = s[len(o.Option)+1:], true
			case s == o.Option && !o.Joined && j+1 < len(c.args):
				v, ok = c.args[j+1].Text, true
			}
			if ok {
				c.w.envAssign(o.Var + "=" + v) // commandVar: GIT_EXEC_PATH is hidden
				c.env = append(c.env, v)
				c.tempVar(o.Var, v)
				if o.Var == "GIT_DIR" && o.Option != "--bare" && c.gitDirAsFound(v) {
					c.gitDirWordsData(j) // git --git-dir=.git log: the git directory git finds anyway
				}
			}
		}
	}
}

// gitDirWordsData makes data of git's --git-dir option at j and its value:
// they name the git directory git discovers anyway (gitDirAsFound), whose
// configuration and hooks are read as for any git call.
func (c *cmd) gitDirWordsData(j int) {
	c.kinds[j] = argData
	if c.args[j].Text == "--git-dir" && j+1 < len(c.args) {
		c.kinds[j+1] = argData
	}
}
