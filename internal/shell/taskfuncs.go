package shell

// Task renders a command's {{…}} with Go's text/template, slim-sprig's
// functions and its own (FINDINGS55a N15): a call of a pure function on
// literal arguments (print "~" "/.bash" "rc", joinPath (env "HOME")
// ".bashrc", printf "%s/.%s" (env "HOME") "bashrc") is a text guard can
// compute, and does; any other action stays a value guard cannot tell.

import (
	"path"
	"runtime"
	"strconv"
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// taskAction returns the text Task's template action in (the text
// between {{ and }}, trim markers removed) renders to, with vars' single
// values for .NAME and an environment variable as ${NAME}; false when it
// is anything but literals, .NAME and the functions of taskFunc, in a
// pipeline (.HOME | trim: each command's value the next one's last
// argument).
func taskAction(in string, vars map[string][]string) (string, bool) {
	toks, ok := taskTokens(in)
	if !ok || len(toks) == 0 {
		return "", false
	}
	cmds := [][]string{nil}
	for _, t := range toks {
		if t == "|" {
			cmds = append(cmds, nil)
			continue
		}
		cmds[len(cmds)-1] = append(cmds[len(cmds)-1], t)
	}
	v, rest, ok := taskExpr(cmds[0], vars, 0)
	for _, c := range cmds[1:] {
		if !ok || len(rest) != 0 || len(c) == 0 || !word.IsName(c[0]) {
			return "", false
		}
		args, r, argsOK := taskArgs(c[1:], vars, 0)
		if !argsOK || len(r) != 0 {
			return "", false
		}
		v, ok = taskFunc(c[0], append(args, v))
	}
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
	args, rest, ok := taskArgs(toks[1:], vars, depth)
	if !ok {
		return "", nil, false
	}
	v, ok := taskFunc(fn, args)
	return v, rest, ok
}

// taskArgs evaluates the operands at the start of toks up to a ) or
// their end; it returns their values and the tokens after them.
func taskArgs(toks []string, vars map[string][]string, depth int) ([]string, []string, bool) {
	var args []string
	for len(toks) > 0 && toks[0] != ")" {
		v, r, ok := taskOperand(toks, vars, depth)
		if !ok {
			return nil, nil, false
		}
		args, toks = append(args, v), r
	}
	return args, toks, true
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
	case t == "OS" || t == "ARCH" || t == "exeExt" || t == "numCPU":
		v, ok := taskMachine(t, nil) // eq OS "windows": a function without arguments
		return v, toks[1:], ok
	case strings.HasPrefix(t, "."):
		name := t[1:]
		switch vals, ok := vars[name]; {
		case ok && len(vals) == 1:
			return vals[0], toks[1:], true
		case !ok && name == "HOME":
			return "~", toks[1:], true // the home as guard writes it, as taskFill's {{.HOME}}
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
		if len(args) == 1 && args[0] == "HOME" {
			return "~", true // the home as guard writes it, as {{.HOME}} (taskfile.go)
		}
		if len(args) == 1 && word.IsName(args[0]) {
			return "${" + args[0] + "}", true
		}
	case "exeExt", "OS", "ARCH", "numCPU":
		return taskMachine(fn, args)
	case "eq", "ne":
		if len(args) < 2 {
			return "", false
		}
		eq := false
		for _, a := range args[1:] {
			eq = eq || a == args[0] // eq x a b: x is any of them
		}
		return strconv.FormatBool(eq == (fn == "eq")), true
	case "not":
		if len(args) != 1 {
			return "", false
		}
		return strconv.FormatBool(!taskTrue(args[0])), true
	case "joinPath":
		if !taskCleanable(strings.Join(args, "/")) {
			return "", false
		}
		return path.Join(args...), true
	}
	return taskTextFunc(fn, args)
}

// taskCleanable reports whether path p may have its . and .. taken out
// by name: not when a .. follows what guard writes for a value (the home
// as ~, a variable's ${NAME}), which the .. would remove with it.
func taskCleanable(p string) bool {
	return !(strings.Contains(p, "$") || strings.HasPrefix(p, "~")) || !strings.Contains("/"+p+"/", "/../")
}

// taskTextFunc applies sprig's functions of one text argument: trim
// (blanks at both ends), clean (a path's . and .. taken out, as
// joinPath), lower and upper; a value holding a variable's value guard
// does not know (${NAME}), or the home for a change of case, is not
// computed.
func taskTextFunc(fn string, args []string) (string, bool) {
	if len(args) != 1 || strings.Contains(args[0], "$") {
		return "", false
	}
	switch a := args[0]; fn {
	case "trim":
		return strings.TrimSpace(a), true
	case "clean":
		if !taskCleanable(a) {
			return "", false
		}
		return path.Clean(a), true
	case "lower", "upper":
		if strings.HasPrefix(a, "~") {
			return "", false
		}
		if fn == "lower" {
			return strings.ToLower(a), true
		}
		return strings.ToUpper(a), true
	}
	return "", false
}

// taskMachine returns Task's functions of the machine it runs on, which
// is the one guard runs on: OS and ARCH (Go's GOOS and GOARCH), exeExt
// (".exe" on Windows, else ""), numCPU.
func taskMachine(fn string, args []string) (string, bool) {
	if len(args) != 0 {
		return "", false
	}
	switch fn {
	case "OS":
		return runtime.GOOS, true
	case "ARCH":
		return runtime.GOARCH, true
	case "numCPU":
		return strconv.Itoa(runtime.NumCPU()), true
	}
	if runtime.GOOS == "windows" {
		return ".exe", true
	}
	return "", true
}

// taskTrue reports whether a rendered value is true to a template's if:
// not empty, not false (a bool guard printed), not 0.
func taskTrue(v string) bool {
	return v != "" && v != "false" && v != "0"
}

// taskIfs renders, in text v, each {{if COND}}A{{else}}B{{end}} whose
// condition taskAction computes (eq OS "windows") and whose branches hold
// no other if, range or with: the branch the condition picks. Any other
// stays as it is, a template guard cannot tell (FINDINGS56b FP2).
func taskIfs(v string, vars map[string][]string) string {
	for n := 0; n < 16; n++ {
		i := strings.Index(v, "{{")
		found := false
		for ; i >= 0; i = nextAction(v, i) {
			act, end, ok := actionAt(v, i)
			if !ok {
				break
			}
			cond, isIf := strings.CutPrefix(act, "if ")
			if !isIf {
				continue
			}
			x, known := taskAction(strings.TrimSpace(cond), vars)
			a, b, stop, ok := ifBranches(v, end)
			if !known || !ok {
				continue
			}
			pick := b
			if taskTrue(x) {
				pick = a
			}
			v, found = v[:i]+pick+v[stop:], true
			break
		}
		if !found {
			return v
		}
	}
	return v
}

// nextAction returns where the next {{ after the one at v[i] starts, or -1.
func nextAction(v string, i int) int {
	j := strings.Index(v[i+2:], "{{")
	if j < 0 {
		return -1
	}
	return i + 2 + j
}

// actionAt returns the text of the action at v[i] ({{ … }}, trim markers
// and blanks taken off) and where it ends.
func actionAt(v string, i int) (string, int, bool) {
	e := strings.Index(v[i:], "}}")
	if e < 0 {
		return "", 0, false
	}
	in := strings.TrimSpace(strings.Trim(strings.TrimSpace(v[i+2:i+e]), "-"))
	return in, i + e + 2, true
}

// ifBranches reads, from v[from] (after an if's action), its branches up
// to its {{end}}: the text before {{else}} and after it, and where the
// {{end}} ends; false when a branch holds another block action.
func ifBranches(v string, from int) (a, b string, stop int, ok bool) {
	elseAt, elseEnd, start := -1, -1, from
	for i := strings.Index(v[from:], "{{"); i >= 0; {
		i += from
		act, end, ok := actionAt(v, i)
		if !ok {
			return "", "", 0, false
		}
		switch {
		case act == "end" && elseAt < 0:
			return v[start:i], "", end, true
		case act == "end":
			return v[start:elseAt], v[elseEnd:i], end, true
		case act == "else" && elseAt < 0:
			elseAt, elseEnd = i, end
		case strings.HasPrefix(act, "if ") || strings.HasPrefix(act, "range ") || strings.HasPrefix(act, "with ") ||
			strings.HasPrefix(act, "else") || strings.HasPrefix(act, "define ") || strings.HasPrefix(act, "block "):
			return "", "", 0, false
		}
		from = end
		i = strings.Index(v[from:], "{{")
	}
	return "", "", 0, false
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
