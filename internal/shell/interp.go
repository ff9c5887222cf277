package shell

// Interpreters: where their code comes from, and what their code reads,
// writes, deletes and runs.

import (
	gopath "path"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/word"
)

// interp: an interpreter's code (-c, -e, -r, awk's program, or what it reads
// on standard input) stays in the line; its string literals are read, and
// its recursive deletes are written as rm -r.
func (c *cmd) interp(in catalogue.Interp) {
	src := c.interpOptions(in)
	if src.progFile {
		return // the program is a file guard does not read; its operands are read
	}
	if !src.module && c.fedProgram(src.code, src.file) {
		return
	}
	switch {
	case src.code >= 0:
		c.interpCode(src.code)
		return
	case src.file >= 0:
		if c.interpFile(src.file) {
			return
		}
	case src.module:
	default:
		if c.interpStdin() {
			return
		}
	}
	c.generic()
}

// interpSource is where an interpreter's code comes from.
type interpSource struct {
	// code is the argument that is code (python -c CODE, awk's program),
	// file the program file it runs; -1 for none. Code written in an
	// option's own word (perl -e'…') is scanned where it is found.
	code, file int
	module     bool // python -m MOD: the program is a module
	progFile   bool // awk -f PROG: every operand is data it reads
}

// interpOptions reads an interpreter's options up to its code or program.
func (c *cmd) interpOptions(in catalogue.Interp) interpSource {
	src := interpSource{code: -1, file: -1}
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].Text
		if in.Program && (s == "-f" || s == "--file" || strings.HasPrefix(s, "--file=") || strings.HasPrefix(s, "-f") && len(s) > 2) {
			src.progFile = true
			j = c.awkProgram(j)
			continue
		}
		if src.progFile && !strings.HasPrefix(s, "-") {
			c.w.read(s)
			continue
		}
		switch {
		case s == "-m" && !in.Program && c.name != "perl":
			src.module = true
			if j+1 < len(c.args) {
				c.runModule(c.args[j+1]) // python -m x: x.py here is run
			}
			return src
		case in.Loads.Has(s) && j+1 < len(c.args):
			j++
			c.runProgram(c.args[j]) // node -r ./x.js: loaded first
		case in.Sub.Has(s) && src.file < 0:
			// deno run x.ts, bun run x.ts: the file follows
		case in.Code.Has(s) || in.Cluster != 0 && len(s) > 2 && s[0] == '-' && s[1] != '-' && s[len(s)-1] == in.Cluster && strings.Trim(s[1:len(s)-1], "aclnpsw") == "":
			// python -c CODE, perl -ne CODE
			if j+1 < len(c.args) {
				src.code = j + 1
			}
			return src
		case in.Cluster != 0 && len(s) > 2 && s[0] == '-' && flagCluster(s[1:], in.Cluster):
			// perl -e'code', perl -ne'code'
			c.scanCode(s[strings.IndexByte(s, in.Cluster)+1:])
			return src
		case in.WithArg.Has(s):
			j++
		case strings.HasPrefix(s, "-") && len(s) > 1:
			if len(s) > 2 && s[1] != '-' && in.Code.Has(s[:2]) {
				c.scanCode(s[2:]) // python -c'code'
				return src
			}
		case in.Program:
			src.code = j
			return src
		case !word.IsStdin(s):
			src.file = j
			return src
		default:
			return src
		}
	}
	return src
}

// awkProgram: awk -f PROG FILE… runs the program in PROG (at j); every
// operand is data it reads. It returns the index of the last word used.
func (c *cmd) awkProgram(j int) int {
	s := c.args[j].Text
	if s == "-f" || s == "--file" {
		j++
	}
	if j < len(c.args) {
		prog := strings.TrimPrefix(strings.TrimPrefix(c.args[j].Text, "--file="), "-f")
		c.w.read(prog)
		c.spend(j)
		c.runProgram(word.Word{Text: prog, Known: c.args[j].Known})
	}
	return j
}

// interpCode analyses the code at argument code: its literals and effects;
// the operands after it are read, or written when the interpreter edits
// them in place (perl -pi -e CODE FILE).
func (c *cmd) interpCode(code int) {
	a := c.args[code]
	if a.Sub != "" {
		c.rendered = a.Sub + " | " + c.name + " -"
		c.runSub(a.Sub, true)
		return
	}
	c.scanCode(a.Text)
	c.spend(code) // code, analysed: not a file
	inPlace := false
	for k, o := range c.args {
		// Switches after the code count too: perl -pe 1 -i FILE.
		inPlace = inPlace || k != code && editsInPlace(c.name, o.Text)
	}
	for j := code + 1; j < len(c.args); j++ {
		if strings.HasPrefix(c.args[j].Text, "-") && c.args[j].Text != "-" {
			continue
		}
		if inPlace {
			c.w.write(c.args[j].Text) // perl -pi -e CODE FILE
		} else {
			c.w.read(c.args[j].Text)
		}
	}
}

// interpFile reads the program file at argument file, and the program in
// it; it reports whether that was all (the file is a substitution's
// output: python3 <(curl …)).
func (c *cmd) interpFile(file int) bool {
	a := c.args[file]
	if a.Sub != "" {
		c.rendered = a.Sub + " | " + c.name + " -"
		c.runSub(a.Sub, true)
		return true
	}
	c.w.read(a.Text)
	c.spend(file) // the script is read; its arguments are touched
	c.runProgram(a)
	return false
}

// interpStdin: the interpreter reads its program on standard input; it
// reports whether that was all (curl … | python3 -, python3 <<< "$(…)").
func (c *cmd) interpStdin() bool {
	c.fromStdin = true
	switch {
	case c.stdin.sub != "":
		c.rendered = c.stdin.sub + " | " + c.name + " -"
		c.runSub(c.stdin.sub, true)
		return true
	case c.stdin.known && c.stdin.text != "":
		c.code = strings.TrimRight(c.stdin.text, "\n")
		c.scanCode(c.code)
	case c.stdin.file != "":
		c.w.read(c.stdin.file) // python3 < x.py
		c.runProgram(word.Word{Text: c.stdin.file, Known: true})
	}
	return false
}

// scanCode reads and touches the string literals of interpreter code (it
// may open any file it names, for writing too), analyses the shell commands
// it runs (os.system('…'), `…`), records the files it removes or writes
// (os.remove, unlink, open(…, 'w')), and turns its recursive deletes into
// rm -r lines.
func (c *cmd) scanCode(code string) {
	for _, l := range literals(code) {
		c.w.read(l)
		if !bareRoot(l) {
			c.w.touch(l) // the code may write any file it names
		}
	}
	hp := homePaths(code) // os.path.join(os.path.expanduser('~'), '.bashrc')
	for _, p := range hp.paths {
		c.w.read(p)
		c.w.touch(p)
	}
	for _, p := range hp.touches {
		c.w.touch(p)
	}
	for _, p := range hp.joins { // '/home/u/.ss' + 'h/id_rsa'
		c.w.read(p)
		c.w.touch(p)
	}
	c.scanEffects(code, awkFamily(c.name))
}

// scanEffects records what interpreter code removes or writes (os.remove,
// unlink, open(…, 'w'), awk's print > "file" when awk is set), analyses the
// shell commands it runs and turns its recursive deletes into rm -r lines.
func (c *cmd) scanEffects(code string, awk bool) {
	for _, p := range firstLiterals(code, writers, false) {
		c.w.write(p)
	}
	for _, p := range opensForWriting(code) {
		c.w.write(p)
	}
	if awk {
		for _, p := range awkOutputs(code) {
			c.w.write(p) // print > "file", print >> "file"
		}
	}
	for _, sc := range shellStrings(code) {
		c.w.tentative(sc)
	}
	for _, p := range deletes(code) {
		in := c.inner([]word.Word{{Text: "rm", Known: true}, {Text: "-r", Known: true}, {Text: p, Known: true}})
		in.synthetic = true
		c.extra = append(c.extra, in.lines()...)
		c.w.a.Commands = append(c.w.a.Commands, Command{Name: "rm", Synthetic: true,
			Args: []Arg{{Text: "-r"}, {Text: p}}})
	}
}

// bareRoot reports whether a literal of code is only a separator or a
// root ('/', '.', '~'): a join's separator or a base to expand, more often
// than a file the code writes (its recursive deletes are found apart).
func bareRoot(l string) bool {
	switch strings.TrimRight(l, "/") {
	case "", ".", "..", "~", "$HOME", "${HOME}":
		return true
	}
	return false
}

// literals returns the quoted strings ('…', "…" or `…`) inside code.
func literals(code string) []string {
	var out []string
	eachLiteral(code, func(start, end int) bool {
		out = append(out, code[start:end])
		return true
	})
	return out
}

// eachLiteral calls fn with the bounds of the text of each quoted string
// ('…', "…" or `…`) inside code, in order, until fn returns false or a
// quote is left open.
func eachLiteral(code string, fn func(start, end int) bool) {
	for i := 0; i < len(code); i++ {
		q := code[i]
		if q != '\'' && q != '"' && q != '`' {
			continue
		}
		end := strings.IndexByte(code[i+1:], q)
		if end < 0 || !fn(i+1, i+1+end) {
			return
		}
		i += end + 1
	}
}

// deletes returns the literal paths given to a recursive delete in
// interpreter code: shutil.rmtree('/'), FileUtils.rm_rf("~"),
// fs.rmSync('/', {recursive: true}), rmtree("/"), remove_tree('/').
func deletes(code string) []string {
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

// writers are functions of interpreter code whose first string argument is
// a file they remove or write.
var writers = []string{"remove", "unlink", "unlinkSync", "rmdir", "rmdirSync", "writeFileSync", "appendFileSync",
	"writeFile", "appendFile", "file_put_contents", "write_text", "write_bytes", "truncate", "chmod", "chown", "rename", "renameSync"}

// shellStrings returns the string literals interpreter code hands to a
// shell: the first argument of a call of shellCalls (a list of literals
// joined: subprocess.run(["rm", "-rf", "/"])), and backtick literals (ruby,
// perl, php).
func shellStrings(code string) []string {
	out := firstLiterals(code, shellCalls, true)
	out = append(out, awkPipes(code)...)
	for i := 0; i < len(code) && len(out) < 16; i++ {
		if code[i] != '`' {
			continue
		}
		end := strings.IndexByte(code[i+1:], '`')
		if end < 0 {
			break
		}
		out = append(out, code[i+1:i+1+end])
		i += end + 1
	}
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

// awkFamily reports whether name is awk.
func awkFamily(name string) bool {
	return name == "awk" || name == "gawk" || name == "mawk" || name == "nawk"
}

// awkOutputs returns the double-quoted files awk code prints into:
// > "file" and >> "file".
func awkOutputs(code string) []string {
	var out []string
	for i := 0; i < len(code) && len(out) < 16; i++ {
		if code[i] != '>' {
			continue
		}
		if i+1 < len(code) && code[i+1] == '>' {
			i++ // >> "file": one redirection
		}
		rest := strings.TrimLeft(code[i+1:], " \t")
		if !strings.HasPrefix(rest, `"`) {
			continue
		}
		if e := strings.IndexByte(rest[1:], '"'); e > 0 {
			out = append(out, rest[1:1+e])
		}
	}
	return out
}

// firstLiterals returns, for each call in code of a function named in fns,
// its first string argument: f('x'), f "x" (ruby, perl), and with lists
// f(['a', 'b']) as "a b".
func firstLiterals(code string, fns []string, lists bool) []string {
	var out []string
	for _, fn := range fns {
		for off := 0; off < len(code) && len(out) < 16; {
			i := strings.Index(code[off:], fn)
			if i < 0 {
				break
			}
			i += off
			off = i + len(fn)
			if i > 0 && word.IsWordChar(code[i-1]) || off < len(code) && word.IsWordChar(code[off]) {
				continue
			}
			rest := code[off:]
			k := 0
			for k < len(rest) && k < 4 && (rest[k] == ' ' || rest[k] == '(') {
				k++
			}
			if k == len(rest) {
				continue
			}
			if lists && (rest[k] == '[' || rest[k] == '{') {
				end := strings.IndexAny(rest[k:], "]}")
				if end < 0 {
					continue
				}
				if ls := literals(rest[k : k+end]); len(ls) > 0 {
					out = append(out, strings.Join(ls, " "))
				}
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
			end := strings.IndexByte(rest[k+1:], q)
			if end < 0 {
				continue
			}
			out = append(out, rest[k+1:k+1+end])
		}
	}
	return out
}

// opensForWriting returns the literal paths code opens for writing:
// open('f', 'w'), open("f", "a"), File.open('f', 'w').
func opensForWriting(code string) []string {
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
		args := literals(code[off : off+end])
		if len(args) >= 2 && strings.ContainsAny(args[1], "wax+") && len(args[1]) <= 3 {
			out = append(out, args[0])
		}
	}
	return out
}

// flagCluster reports whether s is single-letter flags up to an e that
// carries code: "e'print 1'", "ne…", "pie…". -MFile::Path is not one.
func flagCluster(s string, e byte) bool {
	k := strings.IndexByte(s, e)
	if k < 0 {
		return false
	}
	return strings.Trim(s[:k], "aclnpsw") == ""
}
