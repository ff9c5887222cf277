package agent

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// toolEnv collects the environment a tool input gives the command it
// carries ({"command":"bash -c true","env":{"BASH_ENV":"./e.sh"}}): a
// server that runs the command passes it, and a variable there (BASH_ENV,
// NODE_OPTIONS, GIT_PAGER, PATH) makes the program run other code.
// byFields checks each command after the variables are exported, so every
// rule of a typed `export NAME=VALUE; COMMAND` applies. The shapes read:
// {"NAME":"value"}, [{"name":N,"value":V}] in either member order (or
// "key"), [["NAME","value"]], ["NAME=value"] and "NAME=value NAME=value".
// An environment guard cannot read whole (a nested value, a member it
// does not know, a name no shell variable has, such as BASH_FUNC_ls%%,
// which imports a function) is a problem: the call is blocked.
type toolEnv struct {
	pending string // the name whose value comes next
	members []member
	problem string
}

// member is one leaf of an environment: an object member (name, value) or
// an array element (name "", its array's id).
type member struct {
	name, value string
	array       int
}

// maxEnvVars bounds the leaves an input's environment may hold.
const maxEnvVars = 512

// isEnvKey reports whether a normalised key names an environment.
func isEnvKey(k string) bool {
	switch {
	case k == "variables" || k == "vars" || k == "environ" || k == "environment" || k == "environmentvariables":
		return true
	case strings.HasPrefix(k, "envelope"):
		return false
	}
	return strings.HasPrefix(k, "env") || strings.HasSuffix(k, "env")
}

// add reads leaf l of the tool input (keyedLeaves: a key before its value).
func (e *toolEnv) add(l leaf) {
	if len(e.members) >= maxEnvVars {
		e.fail("holds more than 512 environment entries")
		return
	}
	envKey := isEnvKey(normKey(l.key))
	switch {
	case l.isKey && envKey:
		e.pending = l.value
	case l.isKey:
		// A key inside an entry: {"name":…,"value":…} sit under the
		// array's key; anything deeper is a nested value.
		if e.pending != "" {
			e.fail("holds an environment entry guard cannot read (a nested value)")
			e.pending = ""
		}
	case e.pending != "" && l.key == e.pending:
		e.members = append(e.members, member{name: l.key, value: leafText(l), array: l.array})
		e.pending = ""
	case e.pending != "":
		e.fail("holds an environment entry guard cannot read (a nested value)")
		e.pending = ""
	case envKey:
		e.members = append(e.members, member{value: leafText(l), array: l.array}) // an element, or a string of entries
	}
}

// leafText is l's text: a number or a boolean as its literal.
func leafText(l leaf) string {
	if l.isString {
		return l.value
	}
	return strings.TrimSpace(l.value)
}

// fail notes why the environment cannot be read: never its text (the
// reason is logged).
func (e *toolEnv) fail(problem string) {
	if e.problem == "" {
		e.problem = problem + ": the command runs with variables guard cannot check, which may make it run other code"
	}
}

// prefix returns the exports that give a command line the environment:
// "" when there is none.
func (e *toolEnv) prefix() string {
	pairs, ok := e.pairs()
	if !ok {
		return ""
	}
	var b strings.Builder
	for _, p := range pairs {
		if !validEnvName(p[0]) {
			e.fail("sets an environment variable whose name no shell variable can hold (BASH_FUNC_…%% imports a function)")
			return ""
		}
		b.WriteString("export " + p[0] + "=" + word.Quote(p[1]) + "; ")
	}
	return b.String()
}

// pairs reads the members as NAME, VALUE pairs; false (with the problem
// set) when their shape is none guard reads.
func (e *toolEnv) pairs() ([][2]string, bool) {
	var out [][2]string
	ms := e.members
	for i := 0; i < len(ms); i++ {
		m := ms[i]
		k := normKey(m.name)
		switch {
		case m.name == "": // an element: [[N,V]], ["N=V"], or "N=V N=V"
			if i+1 < len(ms) && ms[i+1].name == "" && ms[i+1].array == m.array && m.array != 0 && !strings.Contains(m.value, "=") {
				out = append(out, [2]string{m.value, ms[i+1].value})
				i++
				continue
			}
			for _, f := range strings.Fields(m.value) {
				n, v, ok := strings.Cut(f, "=")
				if !ok {
					e.fail("holds an environment entry guard cannot read (a word without NAME=)")
					return nil, false
				}
				out = append(out, [2]string{n, v})
			}
		case k == "name" || k == "key" || k == "value" || k == "val":
			if i+1 >= len(ms) {
				e.fail("holds an environment entry guard cannot read (a name or a value alone)")
				return nil, false
			}
			n, v := m, ms[i+1]
			if k == "value" || k == "val" {
				n, v = v, m
			}
			nk, vk := normKey(n.name), normKey(v.name)
			if nk != "name" && nk != "key" || vk != "value" && vk != "val" {
				e.fail("holds an environment entry guard cannot read (members other than name and value)")
				return nil, false
			}
			out = append(out, [2]string{n.value, v.value})
			i++
		default:
			out = append(out, [2]string{m.name, m.value})
		}
	}
	return out, true
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
