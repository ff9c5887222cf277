package lang

import (
	gopath "path"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/word"
)

// BareRoot reports whether a literal of code is only a separator or a
// root ('/', '.', '~'): a join's separator or a base to expand, more often
// than a file the code writes (its recursive deletes are found apart).
func BareRoot(l string) bool {
	switch strings.TrimRight(l, "/") {
	case "", ".", "..", "~", "$HOME", "${HOME}":
		return true
	}
	return false
}

// Literals returns the string literals inside code: quoted ('…', "…" or
// `…`) or written with a quote-like operator (perl's q(…), ruby's %q(…)).
func Literals(code string) []string {
	var out []string
	eachLiteral(code, func(start, end int) bool {
		out = append(out, Readings(code[start:end])...) // every language's reading
		if t := code[start:end]; strings.Contains(t, "{") {
			if v := literalInterps(t); v != t {
				out = append(out, Unescape(v)) // `/h/ho${""}me`
			}
		}
		return true
	})
	return out
}

// literalInterps returns template text with each interpolation that is one
// string literal (${""}, #{'x'}, {"x"} of an f-string) written as the
// literal's text: JavaScript, ruby and python join it in.
func literalInterps(t string) string { return interps(t, quotedInner) }

// interps returns template text t with each interpolation ({…}, with the
// $ or # before it) replaced by what repl returns for its inner text, or
// kept as written when repl returns false.
func interps(t string, repl func(inner string) (string, bool)) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(t, '{')
		if i < 0 {
			break
		}
		j := strings.IndexByte(t[i:], '}')
		if j < 0 {
			break
		}
		start := i
		if i > 0 && (t[i-1] == '$' || t[i-1] == '#') {
			start = i - 1
		}
		b.WriteString(t[:start])
		if v, ok := repl(t[i+1 : i+j]); ok {
			b.WriteString(v)
		} else {
			b.WriteString(t[start : i+j+1])
		}
		t = t[i+j+1:]
	}
	b.WriteString(t)
	return b.String()
}

// eachLiteral calls fn with the bounds of the text of each string literal
// inside code (quoted, or a quote-like operator: quotelike.go), in order,
// until fn returns false.
func eachLiteral(code string, fn func(start, end int) bool) {
	eachLit(code, func(l lit) bool { return fn(l.start, l.end) })
}

// Deletes returns the literal paths given to a recursive delete in
// interpreter code: shutil.rmtree('/'), FileUtils.rm_rf("~"),
// fs.rmSync('/', {recursive: true}), rmtree("/"), remove_tree('/').
func Deletes(code string) []string {
	var out []string
	for _, fn := range catalogue.Deleters {
		for off := 0; off < len(code) && len(out) < 8; {
			i := strings.Index(code[off:], fn)
			if i < 0 {
				break
			}
			i += off
			off = i + len(fn)
			// rmSync and rm are recursive only when asked to be.
			if (fn == "rmSync" || fn == "rmdirSync" || fn == ".rm(") && !strings.Contains(code[i:], "recursive") {
				continue
			}
			rest := code[off:min(len(code), off+80)]
			k := strings.IndexAny(rest, `'"%`+"`")
			if k < 0 || strings.ContainsAny(rest[:k], ";\n") {
				continue
			}
			open, q := k, rest[k]
			if q == '%' { // ruby's %q(…), %Q[…], %(…)
				open = k + 1
				if open < len(rest) && (rest[open] == 'q' || rest[open] == 'Q') {
					open++
				}
				if open >= len(rest) {
					continue
				}
				q = closing(rest[open])
			}
			end := strings.IndexByte(rest[open+1:], q)
			if end < 0 {
				continue
			}
			out = append(out, rest[open+1:open+1+end])
		}
	}
	return out
}

// closing returns the delimiter that closes a literal opened by c: ) for (,
// and so on; c itself otherwise.
func closing(c byte) byte {
	switch c {
	case '(':
		return ')'
	case '[':
		return ']'
	case '{':
		return '}'
	case '<':
		return '>'
	}
	return c
}

// shellCalls are the functions of interpreter code that run a shell command
// given as a string.
var shellCalls = []string{"system", "popen", "exec", "execSync", "spawnSync", "shell_exec", "passthru", "proc_open",
	"check_output", "check_call", "getoutput", "getstatusoutput", "run", "call", "Popen", "execute", "spawn"}

// ShellStrings returns the string literals interpreter code hands to a
// shell: the first argument of a call of shellCalls (a list of literals
// joined: subprocess.run(["rm", "-rf", "/"]); an expression that joins
// literals as the whole it builds: joins.go), the command line of each
// exec-form call (argvlines.go), and backtick literals and
// perl's qx(…) and ruby's %x(…).
func ShellStrings(code string) []string {
	out := FirstLiterals(code, shellCalls, true)
	out = append(out, joinedShell(code, shellCalls)...)
	out = append(out, ArgvLines(code)...)       // argvlines.go
	for alias, fn := range PyRunAliases(code) { // from os import system as s (pyrunalias.go)
		if slices.Contains(shellCalls, fn) {
			out = append(out, FirstLiterals(code, []string{alias}, true)...)
			out = append(out, joinedShell(code, []string{alias})...)
		}
	}
	out = append(out, awkPipes(code)...)
	eachLit(code, func(l lit) bool {
		if l.command {
			out = append(out, Unescape(code[l.start:l.end])) // `…`, qx(…), %x(…)
		}
		return len(out) < 32
	})
	return out
}

// awkPipes returns the double-quoted literals awk code runs as commands:
// "CMD" | getline, and print … | "CMD" (or |& "CMD").
func awkPipes(code string) []string {
	var out []string
	for i := 0; i < len(code) && len(out) < 16; i++ {
		if code[i] != '"' {
			continue
		}
		end := strings.IndexByte(code[i+1:], '"')
		if end < 0 {
			break
		}
		lit := code[i+1 : i+1+end]
		before := strings.TrimRight(code[:i], " \t")
		after := strings.TrimLeft(code[i+2+end:], " \t")
		if strings.HasSuffix(before, "|") || strings.HasSuffix(before, "|&") ||
			strings.HasPrefix(after, "|") && strings.HasPrefix(strings.TrimLeft(strings.TrimLeft(after, "|&"), " \t"), "getline") {
			out = append(out, lit)
		}
		// print "rm x" | "sh": the printed literal is the shell's script.
		if strings.HasPrefix(after, "|") {
			rest := strings.TrimLeft(strings.TrimLeft(after, "|&"), " \t")
			if strings.HasPrefix(rest, `"`) {
				if e := strings.IndexByte(rest[1:], '"'); e >= 0 && catalogue.Shells.Has(gopath.Base(rest[1:1+e])) {
					out = append(out, lit)
				}
			}
		}
		i += end + 1
	}
	return out
}

// AwkFamily reports whether name is an awk: POSIX awk, gawk, mawk, the
// one true awk (nawk, Debian's original-awk) and the Go and Rust ones.
func AwkFamily(name string) bool {
	switch name {
	case "awk", "gawk", "mawk", "nawk", "original-awk", "goawk", "frawk":
		return true
	}
	return false
}

// AwkOutputs returns the files awk code prints into: > "file" and
// >> "file", and a target that joins literals (> dir "/f", > f where f was
// assigned a join), its parts not known written as markers. Only a print
// or printf statement's redirection writes (awkRedirect): a > elsewhere
// compares (x = n > 1 ? ", " : "").
func AwkOutputs(code string) []string {
	var out []string
	j := &joiner{code: code, stops: ";}\n|)", window: 256}
	for name, k := range codeIdents(code, litSpans(code)) {
		if name != "print" && name != "printf" {
			continue
		}
		if len(out) >= 16 {
			break
		}
		t, pipe := awkRedirect(code, k)
		if t < 0 || pipe {
			continue
		}
		if tt, ok := j.awkTarget(t); ok {
			out = append(out, tt) // > ENVIRON["HOME"] "/.bash" "rc", > f
			continue
		}
		if rest := code[t:]; strings.HasPrefix(rest, `"`) {
			if e := strings.IndexByte(rest[1:], '"'); e > 0 {
				out = append(out, rest[1:1+e])
			}
		}
	}
	return out
}

// nextCall finds the next call of function fn in code from off: at is
// where its first argument starts (after up to four blanks or opening
// parentheses: f(x), f x), -1 when there is none; next is where the search
// goes on; ok is false when the name found is part of a longer word.
func nextCall(code, fn string, off int) (at, next int, ok bool) {
	i := strings.Index(code[off:], fn)
	if i < 0 {
		return -1, len(code), false
	}
	i += off
	next = i + len(fn)
	if i > 0 && word.IsWordChar(code[i-1]) || next < len(code) && word.IsWordChar(code[next]) {
		return next, next, false
	}
	k := next
	for k < len(code) && k < next+4 && (code[k] == ' ' || code[k] == '(') {
		k++
	}
	return k, next, true
}

// FirstLiterals returns, for each call in code of a function named in fns,
// its first string argument: f('x'), f "x" (ruby, perl), and with lists
// f(['a', 'b']) as "a b".
func FirstLiterals(code string, fns []string, lists bool) []string {
	var out []string
	for _, fn := range fns {
		for off := 0; off < len(code) && len(out) < 16; {
			at, next, ok := nextCall(code, fn, off)
			if at < 0 {
				break
			}
			off = next
			if !ok {
				continue
			}
			rest := code[off:]
			k := at - off
			if k == len(rest) {
				continue
			}
			if lists && (rest[k] == '[' || rest[k] == '{') {
				end := strings.IndexAny(rest[k:], "]}")
				if end < 0 {
					continue
				}
				if ls := Literals(rest[k : k+end]); len(ls) > 0 {
					out = append(out, strings.Join(ls, " "))
				}
				continue
			}
			if l, ok := quoteLike(rest[:min(len(rest), k+maxExpr)], k); ok {
				out = append(out, rest[l.start:l.end]) // system q(…), system %q(…)
				continue
			}
			q := rest[k]
			if q != '\'' && q != '"' && q != '`' {
				// f(os.path.expanduser('~')): a literal a little further in.
				j := strings.IndexAny(rest[k:min(len(rest), k+40)], `'"`)
				if j < 0 || strings.ContainsAny(rest[k:k+j], ";,)\n") {
					continue
				}
				k += j
				q = rest[k]
			}
			end := quoteEnd(rest, k)
			if end < 0 {
				continue
			}
			out = append(out, Unescape(rest[k+1:end]))
		}
	}
	return out
}

// OpensForWriting returns the literal paths code opens for writing:
// open('f', 'w'), open("f", "a"), File.open('f', 'w').
func OpensForWriting(code string) []string {
	var out []string
	for off := 0; off < len(code) && len(out) < 16; {
		i := strings.Index(code[off:], "open(")
		if i < 0 {
			break
		}
		i += off
		off = i + len("open(")
		end := strings.IndexByte(code[off:], ')')
		if end < 0 {
			break
		}
		args := Literals(code[off : off+end])
		if len(args) >= 2 && strings.ContainsAny(args[1], "wax+") && len(args[1]) <= 3 {
			out = append(out, args[0])
		}
	}
	return out
}

// FlagCluster reports whether s is single-letter flags up to an e that
// carries code: "e'print 1'", "ne…", "pie…". -MFile::Path is not one.
func FlagCluster(s string, e byte) bool {
	k := strings.IndexByte(s, e)
	if k < 0 {
		return false
	}
	return strings.Trim(s[:k], "aclnpsw") == ""
}
