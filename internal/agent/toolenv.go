package agent

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// toolEnv collects the environment a tool input gives the command it
// carries ({"command":"bash -c true","env":{"BASH_ENV":"./e.sh"}}): a
// server that runs the command passes it, and a variable there (BASH_ENV,
// NODE_OPTIONS, GIT_PAGER) makes the program run other code. byFields
// checks each command after the variables are exported, so every rule of
// a typed `export NAME=VALUE; COMMAND` applies. An environment guard cannot
// read whole (a value that is no string, a nested object, a name no shell
// variable has, such as BASH_FUNC_ls%%, which imports a function) is a
// problem: the call is blocked.
type toolEnv struct {
	pending string      // the name whose value comes next
	pairs   [][2]string // NAME, VALUE in document order
	problem string
}

// maxEnvVars bounds the variables an input's environment may set.
const maxEnvVars = 256

// isEnvKey reports whether a normalised key names an environment object.
func isEnvKey(k string) bool {
	switch k {
	case "env", "environment", "envvars", "environmentvariables", "envs":
		return true
	}
	return false
}

// add reads leaf l of the tool input (keyedLeaves: a key before its value).
func (e *toolEnv) add(l leaf) {
	if l.isKey {
		if !isEnvKey(normKey(l.key)) {
			return
		}
		if len(e.pairs) >= maxEnvVars {
			e.fail("sets more than 256 environment variables")
		}
		e.pending = l.value
		return
	}
	if e.pending == "" {
		return
	}
	if l.key != e.pending {
		e.fail("holds an environment object guard cannot read (a nested value)")
		e.pending = ""
		return
	}
	v := l.value
	if !l.isString {
		v = strings.TrimSpace(v) // a number or a boolean, as its text
	}
	e.pairs = append(e.pairs, [2]string{e.pending, v})
	e.pending = ""
}

func (e *toolEnv) fail(problem string) {
	if e.problem == "" {
		e.problem = problem + ": the command runs with variables guard cannot check, which may make it run other code"
	}
}

// prefix returns the exports that give a command line the environment:
// "" when there is none. [{"name":N,"value":V}] entries are N=V.
func (e *toolEnv) prefix() string {
	pairs := e.pairs
	var b strings.Builder
	for i := 0; i < len(pairs); i++ {
		name, value := pairs[i][0], pairs[i][1]
		if k := normKey(name); (k == "name" || k == "key") && i+1 < len(pairs) && normKey(pairs[i+1][0]) == "value" {
			name, value = value, pairs[i+1][1]
			i++
		}
		if !validEnvName(name) {
			e.fail("sets an environment variable no shell variable can hold (" + word.Quote(name) + ")")
			return ""
		}
		b.WriteString("export " + name + "=" + word.Quote(value) + "; ")
	}
	return b.String()
}

// validEnvName reports whether name is a shell variable's name.
func validEnvName(name string) bool {
	if name == "" || name[0] >= '0' && name[0] <= '9' {
		return false
	}
	for i := 0; i < len(name); i++ {
		if !word.IsWordChar(name[i]) {
			return false
		}
	}
	return true
}
