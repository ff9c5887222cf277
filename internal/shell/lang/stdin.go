package lang

import "strings"

// stdinReads are the spellings by which code reads its standard input:
// python's sys.stdin, input(), fileinput, open(0); node's process.stdin,
// readFileSync(0), /dev/stdin; perl's <STDIN>, <>; ruby's $stdin, STDIN,
// gets, ARGF; a REPL or a debugger's command loop (code.interact,
// pdb, node's repl, irb).
var stdinReads = [...]string{"stdin", "STDIN", "input(", "fileinput", "open(0", "read(0", "fdopen(0", "readFileSync(0",
	"/dev/fd/0", "<>", "<<>>", "gets", "ARGF", "readline", "$<", "interact", "cmdloop", "Pdb", "pdb.", "repl", "REPL",
	"irb", "pry", "breakpoint", "set_trace", "IPython", "asyncio"}

// ReadsStdin reports whether code reads its standard input (stdinReads):
// what a command feeds it can be what the code hands the shell or an
// evaluator only then.
func ReadsStdin(code string) bool {
	for _, s := range stdinReads {
		if strings.Contains(code, s) {
			return true
		}
	}
	return false
}
