package lang

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// Text that becomes a shell command: os.system,
// subprocess with shell=True, node's child_process.exec, perl's and
// ruby's system and backticks, php's shell_exec hand the shell their
// argument. When it is a literal the shell walker reads it; when it is not
// (os.system(open(F).read()), system(<F>), execSync(readFileSync(F))), the
// text comes from a file, standard input or a computation at run time,
// and package shell reads what the command feeds as shell commands, as it
// reads what it feeds an evaluator as code (evaluates.go).

// shellCall is a call that hands the shell its first argument; when is a
// text the code must hold for the name to be that call (shell = True for
// subprocess.run, child_process for node's exec), "" for always.
type shellCall struct{ name, when string }

// shellRunners returns the shell-running calls of language f.
func shellRunners(f Family) []shellCall {
	switch f {
	case Python:
		return []shellCall{{"system", ""}, {"popen", ""}, {"getoutput", ""}, {"getstatusoutput", ""},
			{"create_subprocess_shell", ""}, {"spawn", "pty"},
			{"run", "shell"}, {"call", "shell"}, {"check_call", "shell"}, {"check_output", "shell"}, {"Popen", "shell"}}
	case Node:
		return []shellCall{{"execSync", ""}, {"exec", "child_process"}, {"spawn", "shell"}, {"spawnSync", "shell"},
			{"execaCommand", ""}, {"execaCommandSync", ""}}
	case Lua:
		return []shellCall{{"execute", ""}, {"popen", ""}}
	case Perl:
		return []shellCall{{"system", ""}, {"exec", ""}, {"readpipe", ""}}
	case Ruby:
		return []shellCall{{"system", ""}, {"exec", ""}, {"spawn", ""}, {"popen", ""}, {"capture2", ""}, {"capture2e", ""},
			{"capture3", ""}, {"pipeline", ""}}
	case PHP:
		return []shellCall{{"shell_exec", ""}, {"system", ""}, {"exec", ""}, {"passthru", ""}, {"popen", ""}, {"proc_open", ""}}
	}
	return nil
}

// RunsShellText reports whether code in language f hands the shell a
// command that is not a string literal: a shell-running call on anything
// else (a file's text, standard input, a variable), or perl's, ruby's or
// php's backticks and qx around an interpolation.
func RunsShellText(f Family, code string) bool {
	calls := shellRunners(f)
	if calls == nil {
		return false
	}
	if f == Python {
		for alias, fn := range PyRunAliases(code) { // from os import system as s (pyrunalias.go)
			for _, sc := range calls {
				if sc.name == fn {
					calls = append(calls[:len(calls):len(calls)], shellCall{alias, sc.when})
				}
			}
		}
	}
	if (f == Perl || f == Ruby || f == PHP) && interpolatedBackticks(code) {
		return true
	}
	for _, sc := range calls {
		if sc.when != "" && !strings.Contains(code, sc.when) {
			continue
		}
		for off := 0; off < len(code); {
			at, next, ok := nextCall(code, sc.name, off)
			if at < 0 {
				break
			}
			off = next
			if ok && builtShellArg(f, code, next-len(sc.name), at) {
				return true
			}
		}
	}
	return false
}

// builtShellArg reports whether the call whose name starts at code[i] and
// whose argument starts at code[at] has an argument that is not a
// literal.
func builtShellArg(f Family, code string, i, at int) bool {
	if i > 0 && shellNameNotCall(f, code[i-1]) {
		return false // "system": a word; $system, @exec: a variable
	}
	rest := strings.TrimLeft(code[at:], " \t")
	if !strings.Contains(code[i:at], "(") && (f == Python || f == Node || f == PHP) {
		return false // the name without a call: a word, an attribute
	}
	switch {
	case rest == "" || rest[0] == ')' || rest[0] == ';' || rest[0] == '}' || rest[0] == ',':
		return false // system(): no argument
	case rest[0] == '[' && f == Python:
		return false // subprocess.run(["ls", x]): an argument vector, no shell
	case rest[0] == '`' && f != Node:
		return true // system(`cat F`): a command's output
	case rest[0] == '{' && f == Perl:
		return true // system { $prog } …: indirect object
	}
	arg := callArg(rest[:min(len(rest), maxShellArg)])
	if literalStart(f, rest) || strings.ContainsAny(arg, "\"'`") {
		// "ls " + d, "ls {}".format(x), str().join(("a", "b")): the
		// literal readers join what they can; text read at run time
		// (a file's, standard input's, a variable's) is not theirs
		return readsText(arg) || computedArg(f, code, arg)
	}
	return true // os.system(cmd), system $c: a name guard cannot read
}

// shellNameNotCall reports whether a shell call's name after the byte
// before is, in language f's syntax, not the call: a word in a string, a
// variable ($system; perl's @exec and %exec, ruby's @exec). Another
// language's spelling is not excluded: JavaScript's d=>execSync(d) is an
// arrow, php's @system($x) silences the call's errors.
func shellNameNotCall(f Family, before byte) bool {
	switch before {
	case '"', '\'', '$':
		return true
	case '@':
		return f == Perl || f == Ruby
	case '%':
		return f == Perl
	}
	return false
}

// maxShellArg bounds the argument text looked at for a read.
const maxShellArg = 2048

// literalStart reports whether rest starts with a string literal of
// language f (a python prefix, perl's q and qq, node's template) or a
// list or join of them.
func literalStart(f Family, rest string) bool {
	k := 0
	for k < len(rest) && k < 2 && strings.IndexByte("rRbBuUfF", rest[k]) >= 0 && f == Python {
		k++
	}
	if k < len(rest) && (rest[k] == '"' || rest[k] == '\'' || rest[k] == '`' && f == Node) {
		return true
	}
	if k < len(rest) && rest[k] == '[' || strings.HasPrefix(rest, "join(") {
		return true // ["cat x", "y"].join(""), perl's join("", …): the join readers'
	}
	if f == Perl {
		for _, q := range [...]string{"qq", "q"} {
			if t, ok := strings.CutPrefix(rest, q); ok {
				if t = strings.TrimLeft(t, " "); t != "" && strings.IndexByte("{([</|!#", t[0]) >= 0 {
					return true
				}
			}
		}
	}
	return false
}

// readMarkers are the calls and operators by which code reads text at run
// time: a file's, standard input's, a socket's, the environment's (the
// command's own arguments are words guard reads).
var readMarkers = [...]string{"read", "stdin", "input(", "recv", "getline", "gets", "file_get_contents", "<STDIN>", "File.", "IO.", "open(",
	"environ", "getenv", "ENV[", "process.env"}

// readsText reports whether a call's argument text (see callArg) reads
// text at run time, or reads a perl filehandle (<F>).
func readsText(arg string) bool {
	line := arg
	for _, m := range readMarkers {
		if strings.Contains(line, m) {
			return true
		}
	}
	if i := strings.IndexByte(line, '<'); i >= 0 {
		if j := strings.IndexByte(line[i:], '>'); j > 1 && identifier(line[i+1:i+j]) {
			return true
		}
	}
	return false
}

// interpolatedBackticks reports whether code holds a backtick or qx
// command with an interpolation ($x, #{x}): what runs is built at run
// time.
func interpolatedBackticks(code string) bool {
	for i := 0; i < len(code); i++ {
		if code[i] != '`' {
			continue
		}
		end := strings.IndexByte(code[i+1:], '`')
		if end < 0 {
			return false
		}
		if body := code[i+1 : i+1+end]; strings.Contains(body, "$") || strings.Contains(body, "#{") || strings.Contains(body, "<") {
			return true
		}
		i += end + 1
	}
	for _, q := range [...]string{"qx", "%x"} {
		for off := 0; off < len(code); {
			k := strings.Index(code[off:], q)
			if k < 0 {
				break
			}
			k += off
			off = k + len(q)
			if k > 0 && (code[k-1] == '_' || code[k-1] >= 'a' && code[k-1] <= 'z' || code[k-1] >= 'A' && code[k-1] <= 'Z') {
				continue
			}
			if off < len(code) && strings.IndexByte("({[</|!", code[off]) >= 0 {
				line, _, _ := strings.Cut(code[off:], "\n")
				if strings.Contains(line, "$") || strings.Contains(line, "#{") {
					return true
				}
			}
		}
	}
	return false
}

// callArg returns the text of rest up to the bracket that closes the call
// it is the argument of, a line's end or a semicolon outside brackets;
// quoted text is skipped whole.
func callArg(rest string) string {
	depth := 0
	for i := 0; i < len(rest); i++ {
		switch c := rest[i]; c {
		case '"', '\'', '`':
			for i++; i < len(rest) && rest[i] != c; i++ {
				if rest[i] == '\\' {
					i++
				}
			}
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			if depth == 0 {
				return rest[:i]
			}
			depth--
		case '\n', ';':
			if depth == 0 {
				return rest[:i]
			}
		}
	}
	return rest
}

// computedArg reports whether the first argument in arg (a shell-running
// call's argument text) is a command the literal readers do not fold:
// a literal transformed by a call or a slice
// (base64.b64decode("…").decode(), "…"[::-1], "".join(reversed("…"))),
// or a command whose start is filled in at run time (f"{x}", "%s" % x,
// "{}".format(x), "#{x}", `${x}`, "" + x). Literals joined, formatted or
// concatenated with names are folded, the names as parts not known
// ("ls " + d).
func computedArg(f Family, code, arg string) bool {
	lits := litSpans(arg)
	depth, first := 0, true
	for i := 0; i < len(arg); i++ {
		if l, ok := litAt(lits, i); ok {
			if first && startFilled(f, arg, l) {
				return true
			}
			first = first && strings.TrimSpace(arg[l.start:l.end]) == "" // " ".join([x]): a separator
			if j := skipBlanks(arg, l.next); j < len(arg) && arg[j] == '[' {
				return true // "x ohce"[::-1]
			}
			i = l.next - 1
			continue
		}
		switch c := arg[i]; {
		case c == ',' && depth == 0:
			return false // the first argument ends
		case c == '(' || c == '[':
			depth++
		case c == ')' || c == ']':
			depth--
		case word.IsWordChar(c):
			k := i
			for k < len(arg) && word.IsWordChar(arg[k]) {
				k++
			}
			if j := skipBlanks(arg, k); j < len(arg) && arg[j] == '(' && !foldedCall(arg[i:k]) {
				return true // b64decode(…), .decode(), reversed(…)
			}
			if j := skipBlanks(arg, k); first && (j >= len(arg) || arg[j] != '(' && arg[j] != '"' && arg[j] != '\'') && !literalBound(code, arg[i:k]) {
				return true // " ".join([x]), x + " -l": a name is the command
			}
			i = k - 1
		}
	}
	return false
}

// literalBound reports whether code binds name to a literal or a list of
// them (a = ["cat x", "y"]): the literal readers fold it.
func literalBound(code, name string) bool {
	for off := 0; off < len(code); {
		k := strings.Index(code[off:], name)
		if k < 0 {
			return false
		}
		k += off
		off = k + len(name)
		if k > 0 && word.IsWordChar(code[k-1]) {
			continue
		}
		rest := strings.TrimLeft(code[off:], " \t")
		if v, ok := strings.CutPrefix(rest, "="); ok && !strings.HasPrefix(v, "=") {
			v = strings.TrimLeft(v, " \t")
			return v != "" && strings.IndexByte("[(\"'", v[0]) >= 0
		}
	}
	return false
}

// foldedCall reports whether a call named name is one the literal readers
// fold (joins.go): a join, a format, a concatenation, a replacement, chr.
func foldedCall(name string) bool {
	switch name {
	case "join", "format", "str", "concat", "replace", "chr", "String":
		return true
	}
	return false
}

// namesAfter reports whether code from i, outside its literals, holds a
// name that is not a call the literal readers fold.
func namesAfter(code string, i int) bool {
	rest := code[i:]
	for name, k := range codeIdents(rest, litSpans(rest)) {
		if j := skipBlanks(rest, k); !(j < len(rest) && rest[j] == '(' && foldedCall(name)) {
			return true
		}
	}
	return false
}

// startFilled reports whether literal l, the first of a command, starts
// with a part filled in at run time ({x}, %s, #{x}, ${x}, $x) or is empty
// before a concatenation ("" + x).
func startFilled(f Family, code string, l lit) bool {
	t := strings.TrimLeft(code[l.start:l.end], " \t")
	if t == "" {
		after := strings.TrimLeft(code[l.next:], " \t")
		return strings.HasPrefix(after, "+") || strings.HasPrefix(after, "%") ||
			(f == Perl || f == PHP) && strings.HasPrefix(after, ".")
	}
	if interpolated(f, code, l) {
		return strings.HasPrefix(t, "{") || strings.HasPrefix(t, "#{") || strings.HasPrefix(t, "$")
	}
	if !strings.HasPrefix(t, "%") && !strings.HasPrefix(t, "{") || !namesAfter(code, l.next) {
		return false // "{}{}".format("a", "b"): literals the readers fold
	}
	for _, p := range [...]string{"{", "%", "#{", "${", "$"} {
		if strings.HasPrefix(t, p) {
			return true
		}
	}
	return false
}

// interpolated reports whether literal l of code holds a part filled in at
// run time: a python f-string's {…}, a javascript template's ${…}, ruby's
// #{…}, a perl or php double-quoted $name.
func interpolated(f Family, code string, l lit) bool {
	t := code[l.start:l.end]
	pre := code[max(0, l.open-2):l.open]
	switch {
	case l.command:
		return true
	case f == Python:
		return strings.ContainsAny(pre, "fF") && strings.Contains(t, "{")
	case f == Node:
		return code[l.open] == '`' && strings.Contains(t, "${")
	case f == Ruby:
		return code[l.open] != '\'' && strings.Contains(t, "#{")
	case f == Perl || f == PHP:
		return code[l.open] == '"' && strings.Contains(t, "$")
	}
	return false
}
