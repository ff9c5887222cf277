package lang

// The exec form: a child program started from a list of words
// (subprocess.run(["sh", "-c", "cd && …"]), os.execvp("sh", ["sh", "-c",
// …]), os.spawnlp(os.P_WAIT, "sh", "sh", "-c", …),
// asyncio.create_subprocess_exec("sh", "-c", …), pty.spawn([…]), perl's
// system("sh", "-c", …) and exec { "sh" } "sh", "-c", …). No shell splits
// those words, so they are not text for the shell: ArgvLines rebuilds each
// list as the command line that runs the same words by exec (exec -- and
// each word quoted), which the walker reads as a command, a shell's -c
// script as the nested shell it is.

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// argvShape says how a call's arguments give the child's words.
type argvShape byte

const (
	shapeList     argvShape = iota // LIST: the whole argv (subprocess.run, pty.spawn)
	shapeProgList                  // PROG, LIST with argv0 first (os.execvp, os.posix_spawnp)
	shapeProgArgs                  // PROG, LIST without argv0 (execFileSync, spawn)
	shapeWords                     // PROG, WORD…: one word an argument (create_subprocess_exec, perl's system LIST)
	shapeArgv0                     // PROG, ARGV0, WORD… (os.execlp)
)

// argvForm is an exec-form call: its name, its shape, whether a spawn
// mode comes first (os.spawnv(os.P_WAIT, …)) and whether an environment
// comes last (os.execle).
type argvForm struct {
	name      string
	shape     argvShape
	mode, env bool
}

// argvForms are the exec-form calls of python, node, perl and ruby. A
// call whose arguments do not fit its shape (system("ls -l"), one
// string: the shell's) gives no line here.
var argvForms = [...]argvForm{
	{"run", shapeList, false, false}, {"call", shapeList, false, false}, {"check_call", shapeList, false, false},
	{"check_output", shapeList, false, false}, {"Popen", shapeList, false, false},
	{"execv", shapeProgList, false, false}, {"execvp", shapeProgList, false, false}, {"execve", shapeProgList, false, false},
	{"execvpe", shapeProgList, false, false}, {"posix_spawn", shapeProgList, false, false}, {"posix_spawnp", shapeProgList, false, false},
	{"spawnv", shapeProgList, true, false}, {"spawnvp", shapeProgList, true, false}, {"spawnve", shapeProgList, true, false},
	{"spawnvpe", shapeProgList, true, false},
	{"execl", shapeArgv0, false, false}, {"execlp", shapeArgv0, false, false}, {"execle", shapeArgv0, false, true},
	{"execlpe", shapeArgv0, false, true}, {"spawnl", shapeArgv0, true, false}, {"spawnlp", shapeArgv0, true, false},
	{"spawnle", shapeArgv0, true, true}, {"spawnlpe", shapeArgv0, true, true},
	{"create_subprocess_exec", shapeWords, false, false},
	{"spawn", shapeProgArgs, false, false}, {"spawnSync", shapeProgArgs, false, false}, {"execFile", shapeProgArgs, false, false},
	{"execFileSync", shapeProgArgs, false, false},
	{"system", shapeWords, false, false}, {"exec", shapeWords, false, false},
}

// maxArgvLines bounds the command lines one code text yields.
const maxArgvLines = 16

// ArgvLines returns, for each exec-form call in code (see argvForms), the
// command line that runs the words it hands the child: each word quoted,
// the literals folded as the os.system path folds them (joins.go). A list
// with a part guard cannot fold gives no line (see argvLine).
func ArgvLines(code string) []string {
	j := &joiner{code: code, stops: ",)]}\n;"}
	var out []string
	forms := argvForms[:]
	for alias, fn := range PyRunAliases(code) { // f = os.execvp (pyrunalias.go)
		for _, fm := range argvForms {
			if fm.name == fn {
				fm.name = alias
				forms = append(forms, fm)
			}
		}
	}
	for _, fm := range forms {
		for off := 0; off < len(code) && len(out) < maxArgvLines; {
			at, next, ok := nextCall(code, fm.name, off)
			if at < 0 {
				break
			}
			off = next
			if !ok {
				continue
			}
			at = skipBlanks(code, next)
			if at < len(code) && code[at] == '(' {
				at = skipBlanks(code, at+1) // one call bracket: check_call(("sh", …)) is a tuple
			}
			if words, ok := j.argvWords(fm, at); ok {
				env, words := j.childContext(fm, at, words) // executable=, env= (argvcontext.go)
				if len(env) == 0 && ChangesOwnPath(code) {
					env = unknownPath() // os.environ["PATH"] = …: the child inherits it
				}
				if line, ok := argvLine(words); ok {
					out = append(out, execLine(env, line))
				}
			} else if line, ok := j.shellTrueLine(fm, at); ok {
				out = append(out, line)
			}
		}
	}
	return out
}

// execLine returns the shell text that starts line's program as the
// call does: by exec, with no shell between (FINDINGS58a A4). The
// program is then looked up on PATH whatever its name: echo is the first
// echo on PATH, as for env echo, never the shell's builtin. With env's
// words (the child's environment, argvcontext.go) env is that exec.
func execLine(env []string, line string) string {
	if len(env) == 0 {
		return "exec -- " + line
	}
	return strings.Join(env, " ") + " " + line
}

// argvLine returns words as a quoted command line; ok is false for a line
// with a part not known: a child handed a computed word is
// ComputedArgv's, a shell or an interpreter handed one RunsChildText's
// (they read the files and input it may come from).
func argvLine(words []string) (string, bool) {
	if len(words) == 0 {
		return "", false
	}
	for _, w := range words {
		if strings.Contains(w, ShellUnknown) {
			return "", false
		}
	}
	return word.QuoteAll(words), true
}

// argvWords returns the child's words of the call of fm whose arguments
// start at code[at]; ok is false when the arguments do not have fm's
// shape.
func (j *joiner) argvWords(fm argvForm, at int) ([]string, bool) {
	code := j.code
	args := argSpans(code, at)
	if fm.mode && len(args) > 1 && spawnMode(code[args[0][0]:args[0][1]]) {
		args = args[1:]
	}
	all := args
	args = positional(code, args)
	if a, ok := keywordArgs(code, all)["args"]; ok && len(args) == 0 && pySubprocess(fm) {
		args = [][2]int{a} // Popen(args=["ls"])
	}
	if len(args) == 0 {
		return nil, false
	}
	first := code[args[0][0]:args[0][1]]
	if first[0] == '{' && (fm.name == "system" || fm.name == "exec") {
		// perl's exec { "sh" } "sh", "-c", …: the block is the program
		prog := j.argvWord([2]int{args[0][0] + 1, args[0][0] + skipGroup(first, 0) - 1})
		rest := argSpans(code, args[0][0]+skipGroup(first, 0))
		if len(rest) == 0 {
			return nil, false
		}
		return append([]string{prog}, j.wordsOf(rest[1:])...), true
	}
	list := len(args) > 1 && isList(code[args[1][0]:args[1][1]])
	switch {
	case isList(first):
		if fm.shape != shapeList && fm.shape != shapeProgArgs {
			return nil, false
		}
		return j.listWords(args[0]), true
	case fm.shape == shapeProgList && list:
		ws := j.listWords(args[1])
		return append([]string{j.argvWord(args[0])}, ws[min(1, len(ws)):]...), true
	case fm.shape == shapeProgArgs && list:
		return append([]string{j.argvWord(args[0])}, j.listWords(args[1])...), true
	case fm.shape == shapeArgv0 && len(args) > 1:
		if fm.env {
			args = args[:len(args)-1]
		}
		return append([]string{j.argvWord(args[0])}, j.wordsOf(args[min(2, len(args)):])...), true
	case (fm.shape == shapeWords || fm.shape == shapeProgArgs) && len(args) > 1 && !list:
		return j.wordsOf(args), true
	case fm.shape == shapeProgArgs && len(args) == 1:
		return j.wordsOf(args), true // spawnSync("echo"): the program alone, by exec
	}
	return nil, false
}

// isList reports whether an argument's text is a list or a tuple.
func isList(t string) bool {
	return t != "" && (t[0] == '[' || t[0] == '(')
}

// positional returns the spans of args that are not keyword arguments,
// option objects or hashes (check=True, {stdio: "inherit"}): the words.
func positional(code string, args [][2]int) [][2]int {
	var out [][2]int
	for _, a := range args {
		t := code[a[0]:a[1]]
		if t == "" || t[0] == '{' && len(out) > 0 {
			continue
		}
		if i := strings.IndexAny(t, "=:"); i > 0 && word.IsName(strings.TrimSpace(t[:i])) && (i+1 == len(t) || t[i+1] != '=' && t[i+1] != ':') {
			continue // check=True, chdir: d
		}
		out = append(out, a)
	}
	return out
}

// listWords returns the words of the list or tuple whose span is s.
func (j *joiner) listWords(s [2]int) []string {
	return j.wordsOf(argSpans(j.code[:s[1]], s[0]+1))
}

// wordsOf returns the word each span of args gives.
func (j *joiner) wordsOf(args [][2]int) []string {
	out := make([]string, 0, len(args))
	for _, a := range args {
		out = append(out, j.argvWord(a))
	}
	return out
}

// argvWord returns the word the expression at span s gives: a literal's
// text, the literals it folds (joins.go), ShellUnknown for each part not
// known.
func (j *joiner) argvWord(s [2]int) string {
	j.lookups = 0
	ps, fmtd := j.pieces(s[0], 0)
	known := 0
	for _, p := range ps {
		if p.known {
			known++
		}
	}
	if known == 0 {
		return ShellUnknown
	}
	var b strings.Builder
	for _, p := range ps {
		switch {
		case !p.known:
			b.WriteString(ShellUnknown)
		case fmtd || len(ps) > known:
			b.WriteString(shellText(placeholders(p.text)))
		default:
			b.WriteString(p.text)
		}
	}
	return b.String()
}

// argSpans returns the spans of the arguments of the call whose first
// argument starts at code[at] (up to its closing bracket, a line's end or
// a semicolon: callArg), split at the commas outside brackets and quotes,
// each trimmed of blanks.
func argSpans(code string, at int) [][2]int {
	rest := callArg(code[at:min(len(code), at+maxArgvScan)])
	var out [][2]int
	for _, sp := range topLevelSpans(rest) {
		s, e := sp[0], sp[1]
		for s < e && (rest[s] == ' ' || rest[s] == '\t' || rest[s] == '\n') {
			s++
		}
		for e > s && (rest[e-1] == ' ' || rest[e-1] == '\t' || rest[e-1] == '\n') {
			e--
		}
		if s < e {
			out = append(out, [2]int{at + s, at + e})
		}
	}
	return out
}
