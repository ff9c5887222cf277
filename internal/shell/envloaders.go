package shell

import (
	"path"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// The .env file programs and libraries load with no word naming it
// (catalogue.EnvLoaderModules, Prefix.EnvDefault, Interp.EnvDefault).

// interpEnvDefault: interpreter in loads the working directory's .env
// into its environment by default (bun), or under an option given
// without a value (deno run --env-file x.ts).
func (c *cmd) interpEnvDefault(in catalogue.Interp) {
	if in.EnvDefault == "" {
		return
	}
	if in.EnvDefaultOpts != "" && !c.hasArg(func(s string) bool { return in.EnvDefaultOpts.Has(s) }) {
		return
	}
	c.envDefault(in.EnvDefault, "env") // its values as env sets them: the interpreter itself would load it again
}

// hasArg reports whether one of the command's words satisfies f.
func (c *cmd) hasArg(f func(string) bool) bool {
	for _, a := range c.args {
		if f(a.Text) {
			return true
		}
	}
	return false
}

// loadsEnv: the interpreter loads module v first (node -r dotenv/config):
// one that loads .env reads it.
func (c *cmd) loadsEnv(v word.Word) {
	if v.Known && catalogue.EnvLoaderModules.Has(v.Text) {
		c.envDefault(".env", c.name)
	}
}

// codeLoadsEnv: code given on the command line that imports a library
// loading .env (import dotenv; dotenv.load_dotenv(), require("dotenv")
// .config()) reads .env, whether or not one is there yet: a read the
// code names, as open('.env') is (python-dotenv also looks in the parent
// directories, whose .env files the same rule holds).
func (c *cmd) codeLoadsEnv(code string) {
	f := lang.FamilyOf(c.name)
	if f == lang.NoFamily || !strings.Contains(code, "dotenv") {
		return
	}
	for _, m := range lang.Imports(f, code).Modules {
		if catalogue.EnvLoaderModules.Has(m) {
			c.w.Read(".env")
			return
		}
	}
}

// envLoaderTool: uvx runs words, a tool's command; one that is a
// catalogue program loading .env by default (dotenv, from python-dotenv)
// is walked as that program.
func (c *cmd) envLoaderTool(words []word.Word) {
	name := word.Base(words[0].Text)
	if prog := catalogue.PackageProgramOf(name); prog != "" {
		name = prog
	}
	if p, ok := catalogue.PrefixOf(name); ok && words[0].Known && p.EnvDefault != "" {
		words = append([]word.Word{{Text: name, Known: true}}, words[1:]...)
		c.extra = append(c.extra, c.inner(words).lines()...)
	}
}

// taskEnvOpts: a task runner's option that loads .env (just
// --dotenv-load) reads it; --dotenv-filename F, --dotenv-path F read F.
func (c *cmd) taskEnvOpts(tr *catalogue.TaskRunner, args []word.Word) {
	for j, a := range args {
		opt, v, eq := strings.Cut(a.Text, "=")
		if !tr.EnvOpts.Has(opt) {
			continue
		}
		if !eq && tr.WithArg.Has(opt) && j+1 < len(args) {
			v, eq = args[j+1].Text, true
		}
		if eq {
			c.w.Read(v)
		} else {
			c.envDefault(".env", "env")
		}
	}
}

// taskEnvSettings: task file f (text t) sets one of tr's settings that
// load .env (just: set dotenv-load): the .env beside f is read when one
// is there; a file the setting names is among f's words, read as they are.
func (c *cmd) taskEnvSettings(tr *catalogue.TaskRunner, f, t string) {
	if tr.EnvSettings == "" || !strings.Contains(t, "set") {
		return
	}
	for _, l := range strings.Split(t, "\n") {
		fs := strings.Fields(l)
		if len(fs) >= 2 && fs[0] == "set" && tr.EnvSettings.Has(fs[1]) {
			c.envDefault(path.Join(path.Dir(f), ".env"), "env")
			return
		}
	}
}
