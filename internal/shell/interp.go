package shell

// Interpreters: where their code comes from, and what their code reads,
// writes, deletes and runs.

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
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
			c.w.Read(s)
			continue
		}
		if k, v, eq := strings.Cut(s, "="); eq && strings.HasPrefix(s, "-") && (in.Loads.Has(k) || in.EnvFiles.Has(k)) {
			c.loadOption(in, k, word.Word{Text: v, Known: c.args[j].Known}) // --import=F, -r=F, --env-file=F
			continue
		}
		switch {
		case in.EnvFiles.Has(s) && j+1 < len(c.args):
			j++
			c.loadOption(in, s, c.args[j])
		case s == "-m" && !in.Program && c.name != "perl":
			src.module = true
			if j+1 < len(c.args) {
				c.runModule(c.args[j+1]) // python -m x: x.py here is run
				if strings.HasPrefix(c.name, "python") || strings.HasPrefix(c.name, "pypy") {
					c.pythonModuleExtract(c.args[j+1:]) // extractors.go
				}
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
		case in.Cluster != 0 && len(s) > 2 && s[0] == '-' && lang.FlagCluster(s[1:], in.Cluster):
			// perl -e'code', perl -ne'code'
			c.scanCode(s[strings.IndexByte(s, in.Cluster)+1:])
			c.codeCommands(s[strings.IndexByte(s, in.Cluster)+1:], j+1)
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

// loadOption: an option that loads a file of code first (node -r F,
// --import=F) or a file of environment assignments (node --env-file F,
// whose NODE_OPTIONS node applies: read as the same assignments made
// before node).
func (c *cmd) loadOption(in catalogue.Interp, opt string, v word.Word) {
	if !in.EnvFiles.Has(opt) {
		c.runProgram(v)
		return
	}
	c.w.Read(v.Text)
	if _, st := c.w.FileStatus(v.Text, v.Known, effect.MaxScriptBytes); st == effect.FileAbsent && opt == "--env-file-if-exists" {
		return
	}
	t, ok := c.w.configText(v.Text, "an environment file of "+c.name)
	if !ok {
		return
	}
	var b strings.Builder
	for _, kv := range lang.EnvFileLines(t) {
		b.WriteString(kv[0] + "=" + shellQuote(kv[1]) + " ")
	}
	if b.Len() > 0 {
		c.w.tentative(b.String() + c.name)
	}
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
		c.w.Read(prog)
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
	// awk '{system($0)}' F, osascript's do shell script (inputcmds.go)
	c.codeCommands(a.Text, code+1)
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
			c.w.Write(c.args[j].Text) // perl -pi -e CODE FILE
		} else {
			c.w.Read(c.args[j].Text)
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
	c.w.Read(a.Text)
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
		c.w.Read(c.stdin.file) // python3 < x.py
		c.runProgram(word.Word{Text: c.stdin.file, Known: true})
	case c.pipedHidden():
		c.hiddenRun() // rev <<< '…' | python3
	}
	return false
}

// scanCode reads and touches the string literals of interpreter code (it
// may open any file it names, for writing too), analyses the shell commands
// it runs (os.system('…'), `…`), records the files it removes or writes
// (os.remove, unlink, open(…, 'w')), and turns its recursive deletes into
// rm -r lines.
func (c *cmd) scanCode(code string) {
	for _, l := range lang.Literals(code) {
		c.w.Read(l)
		if !lang.BareRoot(l) {
			c.w.Touch(l) // the code may write any file it names
		}
	}
	hp := lang.HomePaths(code) // os.path.join(os.path.expanduser('~'), '.bashrc')
	for _, p := range hp.Paths {
		c.w.Read(p)
		c.w.Touch(p)
	}
	for _, p := range hp.Touches {
		c.w.TouchBare(p) // a guess: a project opens its own '.env' too
	}
	for _, p := range hp.Joins { // '/home/u/.ss' + 'h/id_rsa'
		c.w.Read(p)
		c.w.Touch(p)
	}
	c.scanEffects(code, lang.AwkFamily(c.name))
}

// scanEffects records what interpreter code removes or writes (os.remove,
// unlink, open(…, 'w'), awk's print > "file" when awk is set), analyses the
// shell commands it runs and turns its recursive deletes into rm -r lines.
func (c *cmd) scanEffects(code string, awk bool) {
	if makesLinks(code) {
		c.w.LinksUnknown(c.name + " code that makes links") // links.go
	}
	if strings.Contains(code, "BASH_FUNC_") {
		// os.environ['BASH_FUNC_ls%%'] = '() { …; }': a function every
		// bash the code starts imports (cmdvars.go).
		for _, l := range lang.Literals(code) {
			c.w.functionImport("", l)
		}
	}
	for _, p := range lang.FirstLiterals(code, writers, false) {
		c.w.Write(p)
	}
	for _, p := range lang.OpensForWriting(code) {
		c.w.Write(p)
	}
	if awk {
		for _, p := range lang.AwkOutputs(code) {
			c.w.Write(p) // print > "file", print >> "file"
		}
	}
	for _, sc := range lang.ShellStrings(code) {
		c.w.maybeShell(sc)
	}
	for _, p := range lang.Deletes(code) {
		in := c.inner([]word.Word{{Text: "rm", Known: true}, {Text: "-r", Known: true}, {Text: p, Known: true}})
		in.synthetic = true
		c.extra = append(c.extra, in.lines()...)
		c.w.a.Commands = append(c.w.a.Commands, Command{Name: "rm", Synthetic: true,
			Args: []Arg{{Text: "-r"}, {Text: p}}})
	}
}

// writers are functions of interpreter code whose first string argument is
// a file they remove or write.
var writers = []string{"remove", "unlink", "unlinkSync", "rmdir", "rmdirSync", "writeFileSync", "appendFileSync",
	"writeFile", "appendFile", "file_put_contents", "write_text", "write_bytes", "truncate", "chmod", "chown", "rename", "renameSync"}
