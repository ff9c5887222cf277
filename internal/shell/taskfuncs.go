package shell

// Task renders a command's {{…}} with Go's text/template, slim-sprig's
// functions and its own (FINDINGS55a N15): a call of a pure function on
// literal arguments (print "~" "/.bash" "rc", joinPath (env "HOME")
// ".bashrc", printf "%s/.%s" (env "HOME") "bashrc") is a text guard can
// compute, and does; any other action stays a value guard cannot tell.

import (
	"path"
	"strconv"
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// taskAction returns the text Task's template action in (the text
// between {{ and }}, trim markers removed) renders to, with vars' single
// values for .NAME and an environment variable as ${NAME}; false when it
// is anything but literals, .NAME and the functions of taskFunc.
func taskAction(in string, vars map[string][]string) (string, bool) {
	toks, ok := taskTokens(in)
	if !ok || len(toks) == 0 {
		return "", false
	}
	v, rest, ok := taskExpr(toks, vars, 0)
	return v, ok && len(rest) == 0
}

// taskTokens splits a template action into tokens: quoted strings (as
// written), ( ), and the words between.
func taskTokens(in string) ([]string, bool) {
	var toks []string
	for i := 0; i < len(in); {
		switch c := in[i]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c == '(' || c == ')':
			toks = append(toks, in[i:i+1])
			i++
		case c == '"' || c == '`':
			j := i + 1
			for j < len(in) && in[j] != c {
				if c == '"' && in[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(in) {
				return nil, false
			}
			toks = append(toks, in[i:j+1])
			i = j + 1
		default:
			j := i
			for j < len(in) && !strings.ContainsRune(" \t\n\r()\"`", rune(in[j])) {
				j++
			}
			toks = append(toks, in[i:j])
			i = j
		}
	}
	return toks, true
}

// taskExpr evaluates a function call (a name and its arguments) or one
// operand at the start of toks; it returns the value and the tokens
// after it.
func taskExpr(toks []string, vars map[string][]string, depth int) (string, []string, bool) {
	if depth > 8 || len(toks) == 0 {
		return "", nil, false
	}
	fn := toks[0]
	if !word.IsName(fn) {
		v, rest, ok := taskOperand(toks, vars, depth)
		return v, rest, ok
	}
	var args []string
	rest := toks[1:]
	for len(rest) > 0 && rest[0] != ")" {
		v, r, ok := taskOperand(rest, vars, depth)
		if !ok {
			return "", nil, false
		}
		args, rest = append(args, v), r
	}
	v, ok := taskFunc(fn, args)
	return v, rest, ok
}

// taskOperand evaluates one operand at the start of toks: a string
// literal, .NAME, or a parenthesised call.
func taskOperand(toks []string, vars map[string][]string, depth int) (string, []string, bool) {
	t := toks[0]
	switch {
	case t == "(":
		v, rest, ok := taskExpr(toks[1:], vars, depth+1)
		if !ok || len(rest) == 0 || rest[0] != ")" {
			return "", nil, false
		}
		return v, rest[1:], true
	case strings.HasPrefix(t, `"`) || strings.HasPrefix(t, "`"):
		s, err := strconv.Unquote(t)
		return s, toks[1:], err == nil
	case strings.HasPrefix(t, "."):
		name := t[1:]
		switch vals, ok := vars[name]; {
		case name == "TASKFILE_DIR" || name == "ROOT_DIR" || name == "ROOT_TASKFILE_DIR" || name == "TASK_DIR":
			return ".", toks[1:], true
		case ok && len(vals) == 1:
			return vals[0], toks[1:], true
		case !ok && envName(name):
			return "${" + name + "}", toks[1:], true
		}
	}
	return "", nil, false
}

// taskFunc applies template function fn to string arguments: Go's print,
// println and printf (%s, %v and %% only), sprig's env (the variable's
// value, as ${NAME}) and Task's joinPath (path.Join, unless a value guard
// does not know stands before a .. that Join would remove with it).
func taskFunc(fn string, args []string) (string, bool) {
	switch fn {
	case "print":
		return strings.Join(args, ""), true // Sprint: no blank between strings
	case "println":
		return strings.Join(args, " ") + "\n", true
	case "printf":
		if len(args) == 0 {
			return "", false
		}
		return taskPrintf(args[0], args[1:])
	case "env":
		if len(args) == 1 && word.IsName(args[0]) {
			return "${" + args[0] + "}", true
		}
	case "joinPath":
		if strings.Contains(strings.Join(args, "/"), "$") && strings.Contains("/"+strings.Join(args, "/")+"/", "/../") {
			return "", false
		}
		return path.Join(args...), true
	}
	return "", false
}

// taskPrintf formats args by format f with the verbs %s, %v and %%.
func taskPrintf(f string, args []string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			b.WriteByte(f[i])
			continue
		}
		if i+1 >= len(f) {
			return "", false
		}
		i++
		switch f[i] {
		case '%':
			b.WriteByte('%')
		case 's', 'v':
			if len(args) == 0 {
				return "", false
			}
			b.WriteString(args[0])
			args = args[1:]
		default:
			return "", false
		}
	}
	return b.String(), len(args) == 0
}
