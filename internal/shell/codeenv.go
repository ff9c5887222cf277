package shell

// Environment writes of interpreter code that starts a program:
// os.environ['BASH_ENV'] = './evil.sh'; os.system('bash -c true'),
// subprocess.run([…], env={…}), perl's $ENV{…}, php's putenv, node's
// process.env.X, ruby's ENV[…]. The child inherits them: each entry guard
// can read is the shell's assignment of the same variable (commandVar);
// in a one-liner, an entry whose name guard cannot tell, or a variable
// that holds or names code, or a search path, set to a value guard cannot
// tell, is code guard cannot see.

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// searchVars name where a program or what it loads finds its code.
const searchVars word.Set = " PATH LD_LIBRARY_PATH PYTHONPATH PYTHONHOME NODE_PATH PERL5LIB PERLLIB RUBYLIB GEM_PATH GEM_HOME "

// codeEnv analyses the environment entries code in language fam sets
// before it starts a program (see the file's comment): the entries guard
// can read always, those it cannot when oneLiner.
func (c *cmd) codeEnv(code string, fam lang.Family, oneLiner bool) {
	if fam == lang.NoFamily || !lang.StartsChild(code) {
		return
	}
	for _, e := range lang.EnvWrites(fam, code) {
		switch {
		case !e.NameKnown:
			if oneLiner {
				c.w.hide("runs in %s code that sets environment variables whose names guard cannot tell and starts a program: BASH_ENV, LD_PRELOAD or PATH may hold what guard cannot see", c.name)
				return
			}
		case oneLiner && searchVars.Has(e.Name):
			c.w.hide("runs in %s code that sets %s and starts a program: guard cannot tell where the program finds its code", c.name, e.Name)
			return
		case oneLiner && !e.ValueKnown && codeVar(e.Name):
			c.w.hide("runs in %s code that sets %s to a value it computes and starts a program: it runs code guard cannot see", c.name, e.Name)
			return
		case !oneLiner && e.ValueKnown:
			c.w.envAssign(e.Name + "=" + e.Value)
		}
	}
}

// codeVar reports whether the variable name holds or names code a
// program runs or loads.
func codeVar(name string) bool {
	return runsVar(name) || catalogue.HiddenVars.Has(name) || catalogue.EditorLoadVars.Has(name) || catalogue.LoadedVars.Has(name) ||
		strings.HasPrefix(name, "BASH_FUNC_") || strings.HasPrefix(name, "GIT_")
}
