package lang

// What else an exec-form call says about the program it starts besides the
// list (FINDINGS56d P7): python's subprocess calls take the list as args=
// too, run executable= in place of argv[0] (which is then only the name
// the program is told), and look a bare program up on the PATH of the
// env= mapping they hand the child; os.execvpe, os.spawnvpe (and the
// other *e calls) take that mapping last. ArgvLines writes the mapping as
// env's entries before the line (env K=V … PROG …: the walker's PATH
// lookup then uses its PATH) and the executable as the program word.

import (
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// keywordArgs returns the spans of the values of the keyword arguments
// (name=value) among args, by name.
func keywordArgs(code string, args [][2]int) map[string][2]int {
	out := map[string][2]int{}
	for _, a := range args {
		t := code[a[0]:a[1]]
		i := strings.IndexByte(t, '=')
		if i <= 0 || i+1 < len(t) && t[i+1] == '=' {
			continue
		}
		name := strings.TrimSpace(t[:i])
		if !word.IsName(name) {
			continue
		}
		s := a[0] + i + 1
		for s < a[1] && (code[s] == ' ' || code[s] == '\t' || code[s] == '\n') {
			s++
		}
		out[name] = [2]int{s, a[1]}
	}
	return out
}

// pySubprocess reports whether fm is one of python's subprocess calls,
// which take args=, executable= and env= (run, call, check_call,
// check_output, Popen).
func pySubprocess(fm argvForm) bool { return fm.shape == shapeList }

// childContext returns words (the child's, from argvWords) with the
// program an executable= argument names in argv[0]'s place, and the words
// that set the child's environment before it: env's, from an env=
// mapping or a *e call's last argument when it is a dict guard reads
// (see envWords); none when there is no mapping or guard cannot read it.
func (j *joiner) childContext(fm argvForm, at int, words []string) (env, out []string) {
	args := argSpans(j.code, at)
	kw := keywordArgs(j.code, args)
	out = words
	if e, ok := kw["executable"]; ok && pySubprocess(fm) && len(words) > 0 {
		out = append([]string{j.argvWord(e)}, words[1:]...) // Popen(["ls"], executable="./x.sh") runs ./x.sh
	}
	mapping, ok := kw["env"]
	if !ok && envLast(fm) {
		pos := args
		if fm.mode && len(pos) > 1 && spawnMode(j.code[pos[0][0]:pos[0][1]]) {
			pos = pos[1:]
		}
		if len(pos) > 2 {
			mapping, ok = pos[2], true // os.execvpe("ls", ["ls"], {"PATH": "bin"})
		}
	}
	if ok {
		env = j.envWords(mapping)
	}
	return env, out
}

// envLast reports whether fm's call takes the child's environment as its
// last positional argument (os.execve, os.execvpe, os.spawnve,
// os.spawnvpe, os.posix_spawn, os.posix_spawnp).
func envLast(fm argvForm) bool {
	if fm.shape != shapeProgList {
		return false
	}
	return strings.HasSuffix(fm.name, "e") || strings.HasPrefix(fm.name, "posix_spawn")
}

// inheritedValue returns the variable whose inherited value python
// expression t reads (os.environ["K"], os.environ.get("K", …),
// os.getenv("K", …)), or "".
func inheritedValue(t string) string {
	t = strings.TrimSpace(t)
	var rest, end string
	switch {
	case strings.HasPrefix(t, "os.environ["):
		rest, end = t[len("os.environ["):], "]"
	case strings.HasPrefix(t, "os.environ.get("):
		rest, end = t[len("os.environ.get("):], ")"
	case strings.HasPrefix(t, "os.getenv("):
		rest, end = t[len("os.getenv("):], ")"
	default:
		return ""
	}
	rest = strings.TrimSpace(rest)
	if rest == "" || rest[0] != '"' && rest[0] != '\'' || !strings.HasSuffix(rest, end) {
		return ""
	}
	q := quoteEnd(rest, 0)
	if q < 0 || strings.ContainsAny(rest[q+1:len(rest)-1], "()[]") {
		return ""
	}
	if name := rest[1:q]; word.IsName(name) {
		return name
	}
	return ""
}

// unknownPath is env's words for a child environment whose PATH guard
// cannot tell: the program's lookup is then hidden.
func unknownPath() []string { return []string{"env", word.Quote("PATH=" + ShellUnknown)} }

// inheritedEnv reports whether python expression t is the environment the
// code inherited, as it is: os.environ, os.environ.copy(),
// dict(os.environ), {**os.environ}.
func inheritedEnv(t string) bool {
	t = strings.Join(strings.Fields(t), "")
	switch t {
	case "os.environ", "os.environ.copy()", "dict(os.environ)", "{**os.environ}", "environ", "environ.copy()", "dict(environ)":
		return true
	}
	// dict(os.environ, GIT_PAGER="cat"): keywords that name no PATH.
	rest, ok := strings.CutPrefix(t, "dict(os.environ,")
	if !ok || !strings.HasSuffix(rest, ")") {
		return false
	}
	for _, a := range argSpans(rest, 0) {
		k, _, eq := strings.Cut(rest[a[0]:a[1]], "=")
		if !eq || !word.IsName(k) || k == "PATH" {
			return false
		}
	}
	return true
}

// envWords returns env's words, shell-quoted, for the environment
// mapping at span s when it is a dict literal: each entry as K=V, the
// program then looked up on the PATH it gives. A PATH whose value guard
// cannot tell, or an entry whose key it cannot read, is a PATH guard
// cannot tell (the lookup is then hidden). An entry that hands on the
// value the code inherited ("HOME": os.environ["HOME"]), or another value
// guard cannot tell, is left out, and so is env's -i: the walker reads the
// rest of the child's environment as the command's, as it reads a call
// without env=. The inherited environment itself (os.environ.copy(), or a
// name only ever given it and never a PATH: envName) is no change (nil).
// Any other mapping (dict(os.environ, PATH=…), a name given something
// else, a call) is a PATH guard cannot tell (FINDINGS58a A5).
func (j *joiner) envWords(s [2]int) []string {
	t := j.code[s[0]:s[1]]
	switch {
	case inheritedEnv(t):
		return nil
	case word.IsName(strings.TrimSpace(t)):
		if envName(j.code, strings.TrimSpace(t)) {
			return nil
		}
		return unknownPath()
	case t == "" || t[0] != '{' || skipGroup(t, 0) != len(t):
		return unknownPath()
	}
	out := []string{"env"}
	stops := j.stops
	defer func() { j.stops = stops }()
	for _, e := range argSpans(j.code[:s[1]-1], s[0]+1) {
		et := j.code[e[0]:e[1]]
		if strings.HasPrefix(et, "**") {
			continue // {**os.environ, "PATH": "bin"}
		}
		k := topColon(et)
		if k < 0 {
			return nil
		}
		j.stops = stops + ":"
		key := j.argvWord([2]int{e[0], e[0] + k})
		j.stops = stops
		v := e[0] + k + 1
		for v < e[1] && (j.code[v] == ' ' || j.code[v] == '\t') {
			v++
		}
		val := j.argvWord([2]int{v, e[1]})
		switch {
		case strings.Contains(key, ShellUnknown) || !word.IsName(key):
			out = append(out, word.Quote("PATH="+ShellUnknown)) // any variable: PATH among them
		case inheritedValue(j.code[v:e[1]]) == key:
		case strings.Contains(val, ShellUnknown) && key == "PATH":
			out = append(out, word.Quote(key+"="+ShellUnknown))
		case !strings.Contains(val, ShellUnknown):
			out = append(out, word.Quote(key+"="+val))
		}
	}
	if len(out) == 1 {
		return nil
	}
	return out
}

// topColon returns the index of the first colon of t outside quotes and
// brackets, or -1.
func topColon(t string) int {
	depth := 0
	for i := 0; i < len(t); i++ {
		switch c := t[i]; c {
		case '"', '\'':
			if end := quoteEnd(t, i); end > i {
				i = end
			}
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case ':':
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// envName reports whether the name n of python code is only ever the
// inherited environment with no PATH of its own: every assignment to it
// is one inheritedEnv takes, there is at least one, and no item of it is
// set by a key that is PATH or not a literal, nor by update/setdefault/|=.
// e = os.environ.copy(); e["LANG"] = "C" is; e["PATH"] = … is not.
func envName(code, n string) bool {
	assigned := false
	for off := 0; ; {
		i := strings.Index(code[off:], n)
		if i < 0 {
			return assigned
		}
		at := off + i
		off = at + len(n)
		if at > 0 && (IdentByte(code[at-1]) || code[at-1] == '.') || off < len(code) && IdentByte(code[off]) {
			continue
		}
		rest := strings.TrimLeft(code[off:], " \t")
		switch {
		case strings.HasPrefix(rest, "=") && !strings.HasPrefix(rest, "==") && statementStart(code[:at]):
			v := strings.TrimLeft(rest[1:], " \t")
			end := strings.IndexAny(v, "\n;")
			if end < 0 {
				end = len(v)
			}
			if !inheritedEnv(v[:end]) {
				return false
			}
			assigned = true
		case strings.HasPrefix(rest, "["):
			if !literalNonPathKey(rest[1:strings.IndexByte(rest+"]", ']')]) {
				return false
			}
		case strings.HasPrefix(rest, ".update"), strings.HasPrefix(rest, ".setdefault"), strings.HasPrefix(rest, "|="),
			strings.HasPrefix(rest, ".__setitem__"):
			return false
		}
	}
}

// ChangesOwnPath reports whether python code may change its own
// environment in a way that sets the PATH its later children look
// programs up on. It fails closed (FINDINGS58d D8): every mention of the
// environment mapping (environ, environb, as a name or a string:
// setattr(os, 'environ', …)) is a change unless it is a known read
// (envRead), and putenv, unsetenv and writes to the os module's
// attributes (setattr(os, …), vars(os), os.__dict__) are changes. An
// item given by a literal key other than PATH (os.environ["LANG"] = "C")
// is no change (FINDINGS58a A5).
func ChangesOwnPath(code string) bool {
	for _, w := range []string{"putenv", "unsetenv", "setattr(os", "vars(os", "os.__dict__"} {
		if strings.Contains(code, w) {
			return true
		}
	}
	if !strings.Contains(code, "environ") {
		return false // environb too
	}
	bound := osNamesBound(code)
	for _, n := range []string{"environ", "environb"} {
		for off := 0; ; {
			i := strings.Index(code[off:], n)
			if i < 0 {
				break
			}
			at := off + i
			off = at + len(n)
			if at > 0 && IdentByte(code[at-1]) || off < len(code) && IdentByte(code[off]) {
				continue // another name: environment, my_environ
			}
			if !envRead(code[:at], code[off:], bound) {
				return true
			}
		}
	}
	return false
}

// envReadMethods are the methods of os.environ that only read it.
var envReadMethods = [...]string{".get(", ".copy(", ".items(", ".keys(", ".values(", ".__getitem__(", ".__contains__(", ".__len__("}

// envRead reports whether a mention of the environment mapping, between
// before and rest, only reads it: a subscript that is not assigned to (or
// is assigned with a literal key other than PATH), a read method, or the
// whole mapping handed to dict(), **, in, or an env= argument of a call.
// A bare name (bound by from os import environ) is read by the same
// rules, and its import is no change (FINDINGS59c C9); where the code
// imports no name from os (bound), a bare name is another mapping (a WSGI
// app's environ). Anything else (an alias e = os.environ, from os import
// environ as e, a function given the mapping, a string naming it) may
// write it.
func envRead(before, rest string, bound bool) bool {
	b0 := strings.TrimRight(before, " \t")
	switch {
	case strings.HasSuffix(b0, "."):
	case b0 != "" && (b0[len(b0)-1] == '\'' || b0[len(b0)-1] == '"'):
		return false // a string: setattr(os, 'environ', …), getattr(os, "environ")
	case fromOsImport(lineOf(b0)):
		return !strings.HasPrefix(strings.TrimLeft(rest, " \t"), "as") // from os import environ as e: an alias
	case !bound:
		return true // def app(environ, start_response): not the process's
	}
	if strings.HasPrefix(rest, "[") {
		end := strings.IndexByte(rest, ']')
		if end < 0 {
			return false
		}
		after := strings.TrimLeft(rest[end+1:], " \t")
		return !envAssigns(after) && !envTarget(before, after) || literalNonPathKey(rest[1:end])
	}
	for _, m := range envReadMethods {
		if strings.HasPrefix(rest, m) {
			return true
		}
	}
	r := strings.TrimLeft(rest, " \t")
	if r != "" && !strings.ContainsAny(r[:1], "),}]:;\n") {
		return false
	}
	b := strings.TrimRight(before, " \t")
	b = strings.TrimRight(strings.TrimSuffix(strings.TrimSuffix(b, "."), "os"), " \t")
	if strings.Contains(lineOf(before), "def ") {
		return false // def f(env=os.environ): f's env is the mapping itself
	}
	return envHandedRead(b)
}

// fromOsImport reports whether line, the text of a line before a name,
// is the start of a from os import statement that the name is in
// (from os import path, environ).
func fromOsImport(line string) bool {
	f := strings.Fields(strings.NewReplacer(",", " ", "(", " ").Replace(line))
	if len(f) < 3 || f[0] != "from" || f[1] != "os" && f[1] != "posix" || f[2] != "import" {
		return false
	}
	for _, n := range f[3:] {
		if !word.IsName(n) || n == "as" {
			return false // from os import getenv as g, environ: read as any other mention
		}
	}
	return true
}

// osNamesBound reports whether code may bind a bare name to the
// environment mapping: a from os (posix, nt) import of any form, the
// statement's names on later lines too (from os import (⏎ environ), from
// os \⏎ import environ); an import of a name environ from any module
// (one that re-exports os's: from envmod import environ); or an
// assignment to it outside a function's parameters (environ =
// getattr(os, 'environ')). Only a code that does none of these has a bare
// environ that is some other mapping (a WSGI app's parameter:
// FINDINGS60b B1).
func osNamesBound(code string) bool {
	f := strings.Fields(strings.NewReplacer("(", " ", ",", " ", ";", " ", "\\", " ", ")", " ").Replace(code))
	for i := 0; i+2 < len(f); i++ {
		if f[i] == "from" && (f[i+1] == "os" || f[i+1] == "posix" || f[i+1] == "nt") && f[i+2] == "import" {
			return true
		}
	}
	lines := strings.Split(strings.ReplaceAll(code, "\\\n", " "), "\n")
	for i := 0; i < len(lines); i++ {
		stmt := lines[i]
		if strings.Contains(stmt, "import") && strings.Contains(stmt, "(") {
			for ; !strings.Contains(stmt, ")") && i+1 < len(lines); i++ {
				stmt += " " + lines[i+1] // from envmod import (⏎ environ⏎ )
			}
		}
		g := strings.Fields(strings.NewReplacer("(", " ", ",", " ", ")", " ", ";", " ").Replace(stmt))
		for j, w := range g {
			if w == "import" && slices.Contains(g[j+1:], "environ") {
				return true // from envmod import environ
			}
		}
	}
	for _, line := range lines {
		t := strings.TrimSpace(line)
		if rest, ok := strings.CutPrefix(t, "environ"); ok {
			rest = strings.TrimLeft(rest, " \t")
			if strings.HasPrefix(rest, "=") && !strings.HasPrefix(rest, "==") || strings.HasPrefix(rest, ":") || strings.HasPrefix(rest, ",") {
				return true // environ = …, environ: dict = …, environ, x = …
			}
		}
		if strings.HasPrefix(t, "global ") && strings.Contains(t, "environ") {
			return true
		}
	}
	return false
}

// envTarget reports whether a subscript of the environment mapping, with
// before and after the text around it, may be an assignment's target
// other than X[k] = …: an item of a tuple target (X[k], = …), an
// annotated one (X[k]: str = …), a for or with … as target, or del
// (FINDINGS59c C1). A tuple that only reads (v = X[k], 1) counts too.
func envTarget(before, after string) bool {
	if (strings.HasPrefix(after, ",") || strings.HasPrefix(after, ":") && !strings.HasPrefix(after, ":=")) &&
		assignsAtTop(bracketDepth(lineOf(before)), after) {
		return true
	}
	b := strings.TrimRight(lineOf(before), " \t")
	b = strings.TrimRight(strings.TrimSuffix(strings.TrimSuffix(b, "."), "os"), " \t")
	for _, kw := range []string{"del", "for", "as"} {
		if b == kw || strings.HasSuffix(b, kw) && !IdentByte(b[len(b)-len(kw)-1]) {
			return true
		}
	}
	return false
}

// bracketDepth returns how many brackets line leaves open (strings
// skipped).
func bracketDepth(line string) int {
	d := 0
	ScanCode(line, func(_ int, c byte) bool {
		switch c {
		case '(', '[', '{':
			d++
		case ')', ']', '}':
			d--
		}
		return true
	})
	return d
}

// assignsAtTop reports whether s, the rest of a logical line whose start
// leaves depth brackets open, assigns (=, +=, not ==, <=, :=) where all
// brackets are closed: the statement is an assignment whose target the
// text before s is in (a, X[k] = …; (X[k], y) = …; X[k]: T = …), not a
// keyword argument or a value inside a call or a literal.
func assignsAtTop(depth int, s string) bool {
	found := false
	prev := byte(0)
	ScanCode(s, func(i int, c byte) bool {
		switch c {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case '\n', ';':
			return false
		case '=':
			if depth == 0 && !strings.ContainsRune("=!<>:", rune(prev)) && (i+1 == len(s) || s[i+1] != '=') {
				found = true
				return false
			}
		}
		prev = c
		return true
	})
	return found
}

// ScanCode calls fn with each byte of code s (Python, JavaScript…) that
// is outside its '…' and "…" strings, and its index, until fn returns
// false; a backslash in a string escapes the byte after it.
func ScanCode(s string, fn func(int, byte) bool) {
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case !fn(i, c):
			return
		}
	}
}

// envHandedRead reports whether b, the text before the whole environment
// mapping (past os.), hands it to something known only to read it:
// {**X}, k in X, the builtin dict(X), copy.copy(X), copy.deepcopy(X), or
// an env= keyword argument of a call. A function of another name
// (set_dict(X), obj.dict(X)) may write it (FINDINGS59c C1), and env=X
// outside a call's parentheses is an alias.
func envHandedRead(b string) bool {
	switch {
	case strings.HasSuffix(b, "**"), strings.HasSuffix(b, " in"),
		strings.HasSuffix(b, "copy.copy("), strings.HasSuffix(b, "copy.deepcopy("):
		return true
	case strings.HasSuffix(b, "dict("):
		return len(b) == len("dict(") || !IdentByte(b[len(b)-len("dict(")-1]) && b[len(b)-len("dict(")-1] != '.'
	case strings.HasSuffix(b, "env="):
		if len(b) > len("env=") && IdentByte(b[len(b)-len("env=")-1]) {
			return false // myenv=X: another keyword, or an alias
		}
		l := lineOf(b)
		return strings.Count(l, "(") > strings.Count(l, ")")
	}
	return false
}

// envAssigns reports whether after, the text after a subscript, assigns
// to it: =, or an augmented assignment (+=, |=, …), not ==.
func envAssigns(after string) bool {
	op := strings.TrimLeft(after, "+-*/%&|^@<>")
	return strings.HasPrefix(op, "=") && !strings.HasPrefix(op, "==") &&
		(op == after || !strings.HasPrefix(after, "<=") && !strings.HasPrefix(after, ">="))
}

// lineOf returns the last line of s.
func lineOf(s string) string {
	return s[strings.LastIndexByte(s, '\n')+1:]
}

// literalNonPathKey reports whether k, an environment item's key as the
// code writes it between [ and ], is a quoted literal that does not name
// PATH.
func literalNonPathKey(k string) bool {
	k = strings.TrimSpace(k)
	return len(k) >= 2 && (k[0] == '"' || k[0] == '\'') && !strings.Contains(k, "PATH")
}

// envItemsOnly reports whether the environment mapping n of code (os.environ)
// is only read, or given items by literal keys other than PATH.
func envItemsOnly(code, n string) bool {
	for off := 0; ; {
		i := strings.Index(code[off:], n)
		if i < 0 {
			return true
		}
		at := off + i
		off = at + len(n)
		if at > 0 && (IdentByte(code[at-1]) || code[at-1] == '.' && n == "environ") || off < len(code) && IdentByte(code[off]) {
			continue
		}
		rest := code[off:]
		switch {
		case strings.HasPrefix(rest, "["):
			end := strings.IndexByte(rest, ']')
			if end < 0 {
				return false
			}
			after := strings.TrimLeft(rest[end+1:], " \t")
			if !strings.HasPrefix(after, "=") || strings.HasPrefix(after, "==") {
				continue // a read
			}
			if !literalNonPathKey(rest[1:end]) {
				return false
			}
		case strings.HasPrefix(rest, ".update"), strings.HasPrefix(rest, ".setdefault"), strings.HasPrefix(rest, ".__setitem__"),
			strings.HasPrefix(strings.TrimLeft(rest, " \t"), "|="):
			return false
		}
	}
}

// shellTrueLine returns, for a python subprocess call that hands a string
// to the shell (shell=True) with an executable= (the shell it runs in
// /bin/sh's place) or an env= (the shell's environment), the command line
// that runs it so: EXE -c LINE by exec, env K=V sh -c LINE (FINDINGS58a
// A5). The line itself is read as the shell's too (ShellStrings).
func (j *joiner) shellTrueLine(fm argvForm, at int) (string, bool) {
	if !pySubprocess(fm) {
		return "", false
	}
	args := argSpans(j.code, at)
	kw := keywordArgs(j.code, args)
	sh, ok := kw["shell"]
	pos := positional(j.code, args)
	if !ok || strings.TrimSpace(j.code[sh[0]:sh[1]]) == "False" || len(pos) == 0 || isList(j.code[pos[0][0]:pos[0][1]]) {
		return "", false
	}
	line := j.argvWord(pos[0])
	exe, hasExe := kw["executable"]
	mapping, hasEnv := kw["env"]
	if !hasExe && !hasEnv {
		return "", false
	}
	words := []string{"sh", "-c", line}
	if hasExe {
		words[0] = j.argvWord(exe)
	}
	var env []string
	if hasEnv {
		env = j.envWords(mapping)
	}
	if strings.Contains(words[0], ShellUnknown) {
		env = unknownPath() // a shell guard cannot tell: hidden as an unknown lookup
		words[0] = "sh"
	}
	if strings.Contains(line, ShellUnknown) {
		return "", false // the shell string's own reading hides it
	}
	return execLine(env, word.QuoteAll(words)), true
}

// statementStart reports whether the code before a name ends a statement
// (the name is assigned, not a keyword argument: f(env=e)).
func statementStart(before string) bool {
	before = strings.TrimRight(before, " \t")
	return before == "" || strings.HasSuffix(before, "\n") || strings.HasSuffix(before, ";")
}
