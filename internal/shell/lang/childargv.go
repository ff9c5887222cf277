package lang

import (
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// argvCalls start a child program from an argument vector: the shell-
// running calls' list form (subprocess.run(["rm", x])) and the exec and
// spawn families that take the program first (os.execvp("rm", ["rm", x]),
// execFileSync("rm", [x]), spawn("rm", [x])).
var argvCalls = [...]string{"run", "call", "Popen", "check_output", "check_call", "spawnSync", "spawn",
	"execFile", "execFileSync", "execv", "execvp", "execve", "execvpe", "spawnv", "spawnvp", "spawnve", "spawnvpe",
	"posix_spawn", "posix_spawnp", "system", "exec", "popen", "Process.spawn"}

// pyVarargCalls are python's calls that take the child's words one an
// argument (os.execlp("rm", "rm", x), os.spawnlp(os.P_WAIT, "rm", "rm", x)).
var pyVarargCalls = []string{"execl", "execlp", "execle", "execlpe", "spawnl", "spawnlp", "spawnle", "spawnlpe"}

// listVarargCalls are perl's and ruby's: system LIST, exec LIST, spawn
// (system("truncate", "-s0", scalar reverse "…"), system("rm", x)).
var listVarargCalls = []string{"system", "exec", "spawn"}

// maxArgvScan bounds how far into a call's arguments ComputedArgv looks.
const maxArgvScan = 4096

// ComputedArgv reports whether code in language f starts a child program
// from an argument vector with an element that is not a plain string
// literal (subprocess.run(["truncate", "-s0", name]), os.execvp("rm", ["rm",
// "…"[::-1]]), execFileSync("rm", [x]), os.spawnlp(os.P_WAIT, "rm", "rm",
// x), perl's system("rm", $x), ruby's system("rm", x)): the words the child
// is handed are ones guard cannot tell, a name it may write among them.
func ComputedArgv(f Family, code string) bool {
	var varargs []string
	switch f {
	case Python:
		varargs = pyVarargCalls
	case Perl, Ruby:
		varargs = listVarargCalls
	}
	for _, fn := range argvCalls {
		if computedCalls(code, fn, slices.Contains(varargs, fn)) {
			return true
		}
	}
	for _, fn := range varargs {
		if computedCalls(code, fn, true) {
			return true
		}
	}
	return false
}

// computedCalls reports whether a call of fn in code has an argument
// vector with a computed element (computedList).
func computedCalls(code, fn string, vararg bool) bool {
	for off := 0; off < len(code); {
		at, next, ok := nextCall(code, fn, off)
		if at < 0 {
			return false
		}
		off = next
		if ok && computedList(code[at:min(len(code), at+maxArgvScan)], vararg) {
			return true
		}
	}
	return false
}

// computedList reports whether the call arguments in rest hold an
// argument vector with an element that is not a plain literal: a list
// after at most one literal (the program) and a spawn mode, or, for a
// call that takes the words one an argument (vararg), the arguments after
// a literal program. Keyword arguments and option objects are not words.
func computedList(rest string, vararg bool) bool {
	args := topLevel(callArg(rest))
	for i := range args {
		args[i] = strings.TrimSpace(args[i])
	}
	for _, a := range args {
		if n, v, ok := strings.Cut(a, "="); ok && strings.TrimSpace(n) == "executable" && computedWord(v) {
			return true // Popen(["ls"], executable=x): the program runs in argv[0]'s place (argvcontext.go)
		}
	}
	if len(args) > 1 && spawnMode(args[0]) {
		args = args[1:] // os.spawnv(os.P_WAIT, "rm", ["rm", x])
	}
	if len(args) == 0 || args[0] == "" {
		return false
	}
	if plainWord(args[0]) && len(args) > 1 {
		if vararg && !strings.HasPrefix(args[1], "[") {
			return slices.ContainsFunc(args[1:], computedWord)
		}
		args = args[1:]
	}
	list := args[0]
	if !strings.HasPrefix(list, "[") {
		return false // f("…"): a command string, read as the shell's
	}
	if skipGroup(list, 0) < len(strings.TrimSpace(list)) {
		return true // ["cat"] + os.listdir("."): a list joined with another
	}
	return slices.ContainsFunc(topLevel(callArg(list[1:])), computedWord)
}

// spawnMode reports whether a, a call's first argument, is the mode of
// python's os.spawn* (os.P_WAIT, P_NOWAIT, 0).
func spawnMode(a string) bool {
	a = strings.TrimPrefix(a, "os.")
	return strings.HasPrefix(a, "P_") || a != "" && a[0] >= '0' && a[0] <= '9'
}

// plainWord reports whether el is a plain string literal or the code's
// own interpreter (sys.executable).
func plainWord(el string) bool {
	return el != "" && (el[0] == '"' || el[0] == '\'') && quoteEnd(el, 0) == len(el)-1 || slices.Contains(selfPrograms[:], el)
}

// computedWord reports whether el, an element of an argument vector, is a
// word guard cannot tell: not a plain literal, a keyword argument
// (check=True, chdir: d), an option object or hash ({stdio: "inherit"}).
func computedWord(el string) bool {
	el = strings.TrimSpace(el)
	if el == "" || plainWord(el) || el[0] == '{' {
		return false
	}
	if i := strings.IndexAny(el, "=:"); i > 0 && word.IsName(el[:i]) && (i+1 == len(el) || el[i+1] != '=' && el[i+1] != ':') {
		return false // check=True, chdir: d (not ==, ::)
	}
	return true
}

// topLevel splits s at the commas outside brackets and quotes.
func topLevel(s string) []string {
	var out []string
	for _, sp := range topLevelSpans(s) {
		out = append(out, s[sp[0]:sp[1]])
	}
	return out
}

// topLevelSpans returns the spans of s between the commas outside
// brackets and quotes; an unclosed quote makes the rest one span.
func topLevelSpans(s string) [][2]int {
	var out [][2]int
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '"', '\'', '`':
			if end := quoteEnd(s, i); end > i {
				i = end
			} else {
				return append(out, [2]int{start, len(s)}) // unclosed: the rest is one element
			}
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, [2]int{start, i})
				start = i + 1
			}
		}
	}
	return append(out, [2]int{start, len(s)})
}
