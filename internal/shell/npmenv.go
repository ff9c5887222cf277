package shell

// The variables a package manager sets for every script it runs
// (FINDINGS55a N13, K14): npm_config_* (userconfig, cache, prefix,
// globalconfig, init_module, local_prefix…), npm_package_* from
// package.json, npm_lifecycle_event and npm_lifecycle_script, INIT_CWD.
// The word scan reads a $NAME the line does not set as an inherited
// value, which a path around it (`>> ${npm_config_userconfig%/*}/.bashrc`)
// does not show; so a script line that reads one is analysed as the
// typed command it is, with npm's values where guard reads them from
// package.json itself and unknown (placeholderVar: never empty) where
// they come from settings guard does not read whole (the .npmrc files of
// the project, the user, node's prefix; the environment; the command
// line: any of them moves userconfig, cache or prefix).

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/guardhq/guard/internal/shell/word"
)

// npmEnvScripts analyses as typed each script of names ("*": all; with
// their pre and post scripts) that reads a variable the package manager
// sets (npmSetVar), after the assignments of npmScriptEnv.
func (c *cmd) npmEnvScripts(pkg map[string]json.RawMessage, scripts map[string]any, names []string) {
	var keys []string
	if slices.Contains(names, "*") {
		for k := range scripts {
			keys = append(keys, k)
		}
		slices.Sort(keys)
	} else {
		for _, n := range names {
			keys = append(keys, "pre"+n, n, "post"+n)
		}
	}
	var env []string
	for _, k := range keys {
		s, ok := taskCommand(scripts[k])
		if !ok || !readsNpmVar(s) {
			continue
		}
		if env == nil {
			env = c.npmScriptEnv(pkg)
		}
		text := strings.Join(append(slices.Clip(env), "npm_lifecycle_event="+word.Quote(k), s), "\n")
		w := c.w
		changer, changers, last := w.changer, w.changers, w.lastChanger
		w.tentative(text)
		w.changer, w.changers, w.lastChanger = changer, changers, last
	}
}

// readsNpmVar reports whether script line s reads a variable npmSetVar
// names anywhere (an argument, a redirection, a substitution); a line
// that does not parse is left to the word scan.
func readsNpmVar(s string) bool {
	if !strings.Contains(s, "npm_") && !strings.Contains(s, "INIT_CWD") {
		return false
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(s), "")
	if err != nil {
		return false
	}
	found := false
	syntax.Walk(f, func(n syntax.Node) bool {
		if x, ok := n.(*syntax.ParamExp); ok && x.Param != nil && npmSetVar(x.Param.Value) {
			found = true
		}
		return !found
	})
	return found
}

// npmSetVar reports whether name is one a package manager sets for its
// scripts.
func npmSetVar(name string) bool {
	return strings.HasPrefix(name, "npm_") || name == "INIT_CWD"
}

// npmScriptEnv returns the assignments, one a line, of the npm_package_*
// values npm (7 and later, @npmcli/run-script's packageEnvs) gives a
// script from package.json pkg: name, version, and the members of config
// and engines flattened with _ (a list's items by index). A value
// guard cannot write as npm does (a number that is not a plain integer)
// or a name two members give is left unknown. Other package managers
// give other sets: none is assigned for them.
func (c *cmd) npmScriptEnv(pkg map[string]json.RawMessage) []string {
	out := []string{}
	for n, v := range c.npmPackageVars(pkg) {
		out = append(out, n+"="+word.Quote(v))
	}
	slices.Sort(out)
	return out
}

// npmPackageVars returns npmScriptEnv's variables and values.
func (c *cmd) npmPackageVars(pkg map[string]json.RawMessage) map[string]string {
	vals := map[string]string{}
	seen := map[string]int{}
	if c.name == "npm" {
		// Not bin: npm rewrites its paths before it hands them over
		// (../../x becomes x): its values stay unknown (FINDINGS55d D5).
		for _, k := range []string{"name", "version", "config", "engines"} {
			var v any
			if raw, ok := pkg[k]; ok && json.Unmarshal(raw, &v) == nil {
				npmPackageEnv("npm_package_"+k, v, vals, seen, 0)
			}
		}
	}
	for n := range vals {
		if seen[n] != 1 || !word.IsName(n) {
			delete(vals, n)
		}
	}
	return vals
}

// npmRecipeEnv returns the build-file environment (walker.recipeEnv)
// of npm's scripts: env with npmPackageVars', which the recipe walk
// gives a line that reads one (as a makefile's exports).
func (c *cmd) npmRecipeEnv(env []word.Word, pkg map[string]json.RawMessage) []word.Word {
	vals := c.npmPackageVars(pkg)
	names := make([]string, 0, len(vals))
	for n := range vals {
		names = append(names, n)
	}
	slices.Sort(names)
	env = slices.Clip(env)
	for _, n := range names {
		env = append(env, word.Word{Text: n + "=" + vals[n], Known: true})
	}
	return env
}

// npmPackageEnv adds the variables value v gives under name to vals, as
// packageEnvs does: an object's members as name_KEY, a list's items as
// name_INDEX, null and false as "", a string, true or an integer as its
// text; seen counts the names given.
func npmPackageEnv(name string, v any, vals map[string]string, seen map[string]int, depth int) {
	if depth > 8 {
		return
	}
	switch t := v.(type) {
	case map[string]any:
		for k, e := range t {
			npmPackageEnv(name+"_"+k, e, vals, seen, depth+1)
		}
		return
	case []any:
		for i, e := range t {
			npmPackageEnv(name+"_"+strconv.Itoa(i), e, vals, seen, depth+1)
		}
		return
	}
	seen[name]++
	switch t := v.(type) {
	case nil:
		vals[name] = ""
	case bool:
		vals[name] = map[bool]string{true: "true", false: ""}[t]
	case string:
		vals[name] = t
	case float64:
		if t == float64(int64(t)) && t > -1e15 && t < 1e15 {
			vals[name] = strconv.FormatInt(int64(t), 10)
		} else {
			seen[name]++ // JavaScript's number text: left unknown
		}
	}
}
