package shell

import (
	"path"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// The .env file programs and libraries load with no word naming it
// (catalogue.EnvLoaderOf, Prefix.EnvDefault, Interp.EnvDefault).

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

// envLoader returns how code of interpreter name loads .env
// (catalogue.EnvLoaderOf).
func envLoader(name string) catalogue.EnvLoader {
	switch lang.FamilyOf(name) {
	case lang.Python:
		return catalogue.EnvLoaderOf("python")
	case lang.Node:
		return catalogue.EnvLoaderOf("node")
	case lang.Ruby:
		return catalogue.EnvLoaderOf("ruby")
	case lang.PHP:
		return catalogue.EnvLoaderOf("php")
	}
	return catalogue.EnvLoader{}
}

// loadsEnv: the interpreter loads module v first (node -r dotenv/config,
// ruby -rdotenv/load): one that loads .env reads it.
func (c *cmd) loadsEnv(v word.Word) {
	if v.Known && envLoader(c.name).Modules.Has(v.Text) {
		c.envDefault(".env", c.name)
	}
}

// codeLoadsEnv: code given on the command line that imports a library
// loading .env (import dotenv; dotenv.load_dotenv(), require("dotenv")
// .config(), require "dotenv/load") or calls a loader
// (process.loadEnvFile()) reads .env, whether or not one is there yet: a
// read the code names, as open('.env') is (python-dotenv also looks in
// the parent directories, whose .env files the same rule holds). A
// loader's name is looked for as a whole word anywhere in the code, not
// only as a dotted call: process["loadEnvFile"]() calls it too.
func (c *cmd) codeLoadsEnv(code string) {
	el := envLoader(c.name)
	for _, call := range el.Calls {
		if hasIdent(code, call) {
			c.w.Read(".env")
			return
		}
	}
	if el.Modules == "" || !slices.ContainsFunc(strings.Fields(string(el.Modules)), func(m string) bool {
		return strings.Contains(code, m)
	}) {
		return // no module's name in the code: most code
	}
	for _, m := range lang.Imports(lang.FamilyOf(c.name), code).Modules {
		if el.Modules.Has(m) {
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

// hasIdent reports whether name stands in code as a whole identifier
// (no identifier byte either side), in a string or not.
func hasIdent(code, name string) bool {
	for i := 0; ; {
		k := strings.Index(code[i:], name)
		if k < 0 {
			return false
		}
		k += i
		end := k + len(name)
		if (k == 0 || !lang.IdentByte(code[k-1])) && (end == len(code) || !lang.IdentByte(code[end])) {
			return true
		}
		i = k + 1
	}
}
