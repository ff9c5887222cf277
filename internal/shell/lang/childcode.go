package lang

// A child process whose program is a shell or an interpreter:
// subprocess.run(["bash", "-c", x]), os.execvp("sh", ["sh", "-c", x]),
// execFileSync("sh", ["-c", x]), perl's system("sh", "-c", $x) run the
// text x as a program; subprocess.run(["sh"], stdin=open(F)),
// spawnSync("sh", {input: t}), perl's open(P, "|sh"), ruby's
// IO.popen("sh", "w") run what the code writes to the child. Unless that
// text is one plain literal, guard cannot tell what runs.

import (
	"path"
	"sort"
	"strings"
)

// childPrograms are the programs that run a text they are given as a
// program: the shells and the interpreters.
const childPrograms = " sh bash dash zsh ksh mksh ash busybox fish csh tcsh python python2 python3 pypy pypy3 node nodejs deno bun " +
	"perl ruby php lua luajit tclsh wish expect osascript pwsh powershell Rscript julia "

// startsProcesses are texts of the calls by which code starts a program.
var startsProcesses = [...]string{"subprocess", "Popen", "system", "exec", "spawn", "popen", "child_process", "Open3", "pty",
	"pexpect", "fork", "IO.", "run", "open"}

// StartsChild reports whether code may start a child program: it names
// a process-starting call (startsProcesses) or holds backticks or qx.
func StartsChild(code string) bool {
	for _, s := range startsProcesses {
		if strings.Contains(code, s) {
			return true
		}
	}
	return strings.Contains(code, "`") || strings.Contains(code, "qx")
}

// maxChildStatement bounds the text of the statement read around a
// program's name.
const maxChildStatement = 4096

// RunsChildText reports whether code hands a shell or an interpreter it
// starts a program that is not one plain literal: a -c/-e argument that
// is not a literal, or (with no script operand) its standard input from
// the code (stdin=, input=, communicate, a write pipe). Shell is true when
// that program is a shell's.
func RunsChildText(code string) (runs, shell bool) {
	starts := false
	for _, s := range startsProcesses {
		starts = starts || strings.Contains(code, s)
	}
	if !starts {
		return false, false
	}
	lits := litSpans(code)
	for i, l := range lits {
		if i >= maxLiterals {
			break
		}
		t := strings.TrimSpace(Unescape(code[l.start:l.end]))
		pipe := false
		if p, ok := strings.CutPrefix(t, "|"); ok {
			t, pipe = strings.TrimSpace(p), true // perl's open(P, "|sh")
		}
		words := strings.Fields(t)
		if len(words) == 0 || !childProgram(words[0]) {
			continue
		}
		if inlineScript(words[1:]) {
			continue // "python3 x.py", "sh -c 'ls'": the command line is the literal
		}
		if pipe || childRuns(code, lits, lits[i].next, i+1) {
			return true, shellProgram(words[0])
		}
	}
	return selfChild(code, lits), false
}

// selfPrograms are the texts by which code names its own interpreter as
// a child's program: python's sys.executable, node's process.execPath and
// process.argv0, perl's $^X, ruby's RbConfig.ruby and Gem.ruby, php's
// PHP_BINARY.
var selfPrograms = [...]string{"sys.executable", "process.execPath", "process.argv0", "$^X", "RbConfig.ruby", "Gem.ruby",
	"PHP_BINARY"}

// selfChild reports whether code starts its own interpreter with no
// script and feeds its standard input: subprocess.run([sys.executable],
// input=x), spawn(process.execPath, [], {stdio: ['pipe']}).
func selfChild(code string, lits []lit) bool {
	for _, s := range selfPrograms {
		found := outsideLits(code, s, lits, func(k int) bool {
			off := k + len(s)
			j := sort.Search(len(lits), func(j int) bool { return lits[j].open >= off })
			return childRuns(code, lits, off, j)
		})
		if found {
			return true
		}
	}
	return false
}

// shellProgram reports whether program word p names a shell.
func shellProgram(p string) bool {
	return strings.Contains(" sh bash dash zsh ksh mksh ash busybox fish csh tcsh pwsh powershell ", " "+path.Base(p)+" ")
}

// inlineScript reports whether the words after a program's name in one
// literal give it its program: a script operand, or a code option with
// its text.
func inlineScript(words []string) bool {
	for k, w := range words {
		if !strings.HasPrefix(w, "-") {
			return true
		}
		if codeOption(w) {
			return k+1 < len(words)
		}
	}
	return false
}

// childProgram reports whether the program word p names a shell or an
// interpreter (sh, /bin/bash, python3.12).
func childProgram(p string) bool {
	b := path.Base(p)
	if b == "" || b == "." || b == "/" || strings.ContainsAny(b, " \t{}$") {
		return false
	}
	if strings.HasPrefix(b, "python") && strings.Trim(b[len("python"):], "0123456789.") == "" {
		return true
	}
	return strings.Contains(childPrograms, " "+b+" ")
}

// childRuns reports, for the name of a shell or an interpreter that ends
// at code[from] (lits[first] the first literal after it), whether the
// arguments after it in its statement give it a program that is not a
// plain literal (-c x), or, when no script follows, whether its standard
// input is the code's (childStdin).
func childRuns(code string, lits []lit, from, first int) bool {
	end := childStatementEnd(code, lits, from)
	script := false
	for j, prev := first, from; j < len(lits) && lits[j].open < end; prev, j = lits[j].next, j+1 {
		if g := strings.Join(strings.Fields(code[prev:lits[j].open]), ""); g != "," && g != ",[" {
			break // the arguments end: stdin=open("F") is not a script
		}
		t := Unescape(code[lits[j].start:lits[j].end])
		if t == "w" || t == "r+" || t == "w+" || t == "a" {
			continue // IO.popen("sh", "w"): a mode
		}
		if !strings.HasPrefix(t, "-") || t == "-" {
			if childProgram(t) {
				continue // ["env", "sh", …], ["sh", "sh", "-c", …]
			}
			script = t != "-"
			break
		}
		if codeOption(t) && !literalArg(code, argAfter(code, lits[j].next), lits) {
			return true // ["bash", "-c", open(F).read()]
		}
		if codeOption(t) {
			return false // ["sh", "-c", "ls -l"]: a literal program
		}
	}
	if script {
		return false
	}
	return childStdin(code, code[from:end])
}

// childStdin reports whether a child with no script, started by statement
// st of code, reads a standard input the code gives it: one the statement
// feeds (stdin=, input=, stdio:, communicate, a write pipe), or one the
// code rebinds or writes (os.dup2(fd, 0), perl's open(STDIN, …), ruby's
// $stdin.reopen, node's child.stdin.write).
func childStdin(code, st string) bool {
	for _, m := range [...]string{"stdin", "input", "stdio", "communicate", ".write", "<<", `"w"`, `'w'`, `"r+"`, `'r+'`, `"w+"`, `'w+'`} {
		if strings.Contains(st, m) {
			return true // subprocess.run(["sh"], stdin=open(F)), IO.popen("sh", "w")
		}
	}
	for _, m := range [...]string{"stdin", "STDIN", "dup2", "reopen"} {
		if strings.Contains(code, m) {
			return true
		}
	}
	return false
}

// codeOption reports whether option word t of a shell or an interpreter
// takes its program as the next argument: a cluster holding c or e
// (-c, -lc, -ec, -e, -pe), perl's -E, php's -r, --eval, --command.
func codeOption(t string) bool {
	if strings.HasPrefix(t, "--") {
		return t == "--eval" || t == "--command" || t == "--print" || t == "--exec"
	}
	return strings.ContainsAny(t[1:], "ceEr") && len(t) <= 6
}

// argAfter returns the index where the argument after the one ending at
// code[i] starts: past blanks and one comma.
func argAfter(code string, i int) int {
	i = skipBlanks(code, i)
	if i < len(code) && code[i] == ',' {
		i++
	}
	return skipBlanks(code, i)
}

// childStatementEnd returns the end of the statement around code[i]: a
// semicolon or a newline outside brackets opened after i and outside
// literals, or the end of the code, within maxChildStatement bytes.
func childStatementEnd(code string, lits []lit, i int) int {
	depth, limit := 0, min(len(code), i+maxChildStatement)
	for k := i; k < limit; k++ {
		if l, ok := litAt(lits, k); ok {
			k = l.next - 1
			continue
		}
		switch code[k] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case ';', '\n':
			if depth <= 0 {
				return k
			}
		}
	}
	return limit
}

// literalArg reports whether code from i holds one literal that is not a
// command's output, followed by the end of an argument: a program text
// the walker reads ("x=1; cat $HOME/.profile" is the shell's $HOME).
func literalArg(code string, i int, lits []lit) bool {
	l, ok := litAt(lits, i)
	if !ok || l.command || code[l.open] == '`' {
		return false
	}
	j := skipBlanks(code, l.next)
	return j < len(code) && strings.IndexByte(",)]", code[j]) >= 0
}
