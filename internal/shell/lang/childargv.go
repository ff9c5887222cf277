package lang

import (
	"slices"
	"strings"
)

// argvCalls start a child program from an argument vector: the shell-
// running calls' list form (subprocess.run(["rm", x])) and the exec and
// spawn families that take the program first (os.execvp("rm", ["rm", x]),
// execFileSync("rm", [x]), spawn("rm", [x])).
var argvCalls = [...]string{"run", "call", "Popen", "check_output", "check_call", "spawnSync", "spawn",
	"execFile", "execFileSync", "execv", "execvp", "execve", "execvpe", "spawnv", "spawnvp", "spawnve", "posix_spawn",
	"posix_spawnp", "system", "exec", "popen", "Process.spawn"}

// maxArgvScan bounds how far into a call's arguments ComputedArgv looks.
const maxArgvScan = 4096

// ComputedArgv reports whether code starts a child program from an
// argument vector with an element that is not a plain string literal
// (subprocess.run(["truncate", "-s0", name]), os.execvp("rm", ["rm",
// "…"[::-1]]), execFileSync("rm", [x])): the words the child is handed are
// ones guard cannot tell, a name it may write among them.
func ComputedArgv(code string) bool {
	for _, fn := range argvCalls {
		for off := 0; off < len(code); {
			at, next, ok := nextCall(code, fn, off)
			if at < 0 {
				break
			}
			off = next
			if ok && computedList(code[at:min(len(code), at+maxArgvScan)]) {
				return true
			}
		}
	}
	return false
}

// computedList reports whether the call arguments in rest start with a
// list (after at most one literal, the program) holding an element that
// is not a plain literal.
func computedList(rest string) bool {
	k := skipBlanks(rest, 0)
	if k < len(rest) && (rest[k] == '"' || rest[k] == '\'') {
		end := quoteEnd(rest, k)
		if end < 0 {
			return false
		}
		k = skipBlanks(rest, end+1)
		if k >= len(rest) || rest[k] != ',' {
			return false // f("…"): a command string, read as the shell's
		}
		k = skipBlanks(rest, k+1)
	}
	if k >= len(rest) || rest[k] != '[' {
		return false
	}
	list := callArg(rest[k+1:])
	for _, el := range topLevel(list) {
		el = strings.TrimSpace(el)
		if el == "" {
			continue
		}
		if (el[0] == '"' || el[0] == '\'') && quoteEnd(el, 0) == len(el)-1 || slices.Contains(selfPrograms[:], el) {
			continue // a literal, or the code's own interpreter (sys.executable)
		}
		return true
	}
	return false
}

// topLevel splits s at the commas outside brackets and quotes.
func topLevel(s string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '"', '\'', '`':
			if end := quoteEnd(s, i); end > i {
				i = end
			} else {
				return append(out, s[start:]) // unclosed: the rest is one element
			}
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}
