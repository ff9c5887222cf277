package shell

// Code that evaluates text it reads at run time (exec(sys.stdin.read()),
// perl's eval <STDIN>, SourceFileLoader(…).load_module()): what the
// command feeds it is read as code.

import (
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// maxEvalFiles bounds the files read as code for one evaluating run.
const maxEvalFiles = 8

// maxEvalWords bounds the words looked up as files for one evaluating run.
const maxEvalWords = 64

// evaluatedFeed: interpreter code (text, at depth: 0 the command's own)
// evaluates something that is not a literal (lang.Evaluates). Every file
// the command feeds it is read as a program the interpreter runs: its
// standard input (< F, cat F |, a here-document's text), its operands,
// the files the code names in its literals and in the shell commands it
// runs (eval `cat F`). A program's output on standard input is hidden; and
// the command's own code that evaluates what none of these gives runs
// what guard cannot tell.
func (c *cmd) evaluatedFeed(text string, depth int) {
	if lang.FamilyOf(c.name) == lang.Python && lang.EvaluatesTransformed(text) {
		// exec(open(F).read()[::-1]): not F's code (FINDINGS58a A11)
		c.w.hide("runs in %s code that evaluates text it computes from a file's content: it cannot tell what code runs", c.name)
		return
	}
	found := c.evalStdin() && c.readsInput(text) // counts only when the code reads it
	if c.w.err != nil {
		return
	}
	n := 0
	for _, p := range c.evalFiles(text) {
		if n >= maxEvalFiles {
			c.w.hide("evaluates in %s more files than guard reads (%d): it cannot tell what code runs", c.name, maxEvalFiles)
			return
		}
		n++
		c.w.Read(p)
		c.runProgram(word.Word{Text: p, Known: true})
		found = found || c.readsInput(text) || codeReads(text, p) // an operand counts only when the code reads it
	}
	if !found && depth == 0 {
		c.w.hide("runs in %s code that evaluates text guard cannot see: it cannot tell what code runs", c.name)
	}
}

// evalStdin reads, for evaluating code, what the command gives it on
// standard input as code, unless that is its program already; it reports
// whether there was something to read.
func (c *cmd) evalStdin() bool {
	if c.fromStdin {
		return false // python3 < x.py: the program
	}
	switch {
	case c.stdin.sub != "":
		c.runSub(c.stdin.sub, true)
	case c.stdin.text != "" && !c.stdin.fromPipe:
		if code, ok := c.hereCode(); ok {
			c.oneLiner(code) // python3 -m code <<< "$X": the gate of interpStdin's
		}
	case c.stdin.known && c.stdin.text != "":
		c.oneLiner(c.stdin.text) // its imports too: echo 'import m' | python3 -i -c 1
	case c.stdin.file != "":
		c.w.Read(c.stdin.file)
		c.runProgram(word.Word{Text: c.stdin.file, Known: true}) // exec(sys.stdin.read()) < F, cat F | …
	case c.pipedHidden():
		c.w.hide("evaluates in %s what a program prints to it, which guard cannot see: it cannot tell what code runs", c.name)
	default:
		return false
	}
	return true
}

// evalDirs returns the directories code changes to (os.chdir('sub'),
// lang.Chdirs) other than the command's, as the walker names them, and
// whether it changes to one guard cannot tell.
func (c *cmd) evalDirs(text string) ([]string, bool) {
	cd := lang.Chdirs(text)
	var dirs []string
	for _, d := range cd.Dirs {
		if d = c.w.dest(d); d != c.w.Dir && !slices.Contains(dirs, d) {
			dirs = append(dirs, d)
		}
	}
	return dirs, cd.Unknown || slices.ContainsFunc(dirs, func(d string) bool { return !word.IsKnown(d) })
}

// evalFiles returns the files evaluating code may read its code from: the
// command's operands, the literals of the code, the words of the shell
// commands it runs, each that is a file; a relative name also in each of
// the directories the code changes to (os.chdir("sub"); exec(open("x.py")
// .read()) runs sub/x.py: FINDINGS58d D4). Code that changes to a
// directory guard cannot tell and names a file by a relative name hides
// the command: the file it reads may be another directory's.
func (c *cmd) evalFiles(text string) []string {
	dirs, unknown := c.evalDirs(text)
	var words []string
	for j, a := range c.args {
		if a.Known && !c.isSpent(j) && !strings.HasPrefix(a.Text, "-") && a.Text != text {
			words = append(words, a.Text)
		}
	}
	words = append(words, lang.Literals(text)...)
	for _, sc := range lang.ShellStrings(text) {
		words = append(words, strings.Fields(sc)...)
	}
	words = words[:min(len(words), maxEvalWords)]
	for _, p := range words[:len(words):len(words)] {
		if p != "" && !strings.HasPrefix(p, "/") && !strings.HasPrefix(p, "~") && word.IsKnown(p) {
			for _, d := range dirs {
				words = append(words, word.DirMark(d)+"/"+p) // os.chdir("sub"); exec(open("x.py").read())
			}
		}
	}
	var out []string
	for _, p := range words {
		if len(out) > maxEvalFiles || p == "" || strings.ContainsAny(p, "\n*?[") || !word.IsKnown(p) || len(p) > 4096 {
			continue
		}
		if _, ok := effect.Candidate(p); !ok || !c.w.IsFile(p) {
			continue
		}
		if unknown && !strings.HasPrefix(p, "/") && !strings.HasPrefix(p, "~") {
			c.w.hide("runs in %s code that evaluates a file after changing to a directory guard cannot tell: it cannot tell what code runs", c.name)
			return nil
		}
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

// stdinModules are python's modules that, run as the program (-m),
// evaluate what they read on standard input: the consoles and debuggers.
const stdinModules word.Set = " code pdb ipdb pudb idlelib IPython ptpython bpython asyncio "

// interactiveFeed: an interpreter switched to read its standard input as
// code after its program (python3 -i -c 1, node -i -e 1, perl -d, php
// -a), or running as its program a console or debugger (python3 -m code,
// -m pdb), runs what the command feeds it: read as a program. Without a
// feed it reads the terminal: the user's session. The options are the
// words up to end, the option cluster that names the code (-ic CODE)
// included.
func (c *cmd) interactiveFeed(in catalogue.Interp, end int) {
	if in.Interactive == "" && in.Module == "" {
		return
	}
	for j := 0; j <= end && j < len(c.args); j++ { // end too: python3 -ic CODE
		if interactiveOption(in, c.args[j].Text) {
			c.evalStdin()
			return
		}
	}
	if end < len(c.args) && in.Module != "" && stdinModules.Has(moduleAt(in, c.args, end)) {
		c.evalStdin()
	}
}

// interactiveOption reports whether option s (a long option, or a
// cluster of short ones read up to the first that takes a value) holds
// one of in's interactive switches.
func interactiveOption(in catalogue.Interp, s string) bool {
	if in.Interactive.Has(s) {
		return true
	}
	if len(s) < 2 || s[0] != '-' || s[1] == '-' {
		return false
	}
	for k := 1; k < len(s); k++ {
		opt := "-" + s[k:k+1]
		switch {
		case in.Interactive.Has(opt):
			return true
		case !in.Flags.Has(opt):
			return false // a letter that takes a value ends the cluster
		}
	}
	return false
}

// moduleAt returns the module the option at args[end] names (python3 -m
// code, -mcode, -qm code), or "".
func moduleAt(in catalogue.Interp, args []word.Word, end int) string {
	s := args[end].Text
	if len(s) < 2 || s[0] != '-' || s[1] == '-' {
		return ""
	}
	for k := 1; k < len(s); k++ {
		if in.Module.Has("-" + s[k:k+1]) {
			if k+1 < len(s) {
				return s[k+1:]
			}
			if end+1 < len(args) {
				return args[end+1].Text
			}
			return ""
		}
	}
	return ""
}

// codecFeed: python code that evaluates text it reads takes that text in
// the codec the reading call names (open(F, encoding="utf-7"),
// .decode("cp932"), codecs.open), or, for standard input,
// PYTHONIOENCODING. Each file the command feeds it is
// read again decoded with each such codec that does not write ASCII as
// itself; a codec guard does not decode, or one it cannot read from the
// code, leaves it unable to tell what code runs.
func (c *cmd) codecFeed(text string) {
	codecs, unknown := lang.ReadCodecs(text)
	if v, ok := c.envValue("PYTHONIOENCODING"); ok && strings.Contains(text, "stdin") {
		cd, _, _ := strings.Cut(v, ":")
		unknown = unknown || word.HasMark(cd)
		codecs = append(codecs, cd)
	}
	if unknown {
		c.w.hide("evaluates in %s text it reads with a codec guard cannot read from the code: it cannot tell what code runs", c.name)
		return
	}
	var files []string
	if c.stdin.file != "" && !c.fromStdin {
		files = append(files, c.stdin.file)
	}
	files = append(files, c.evalFiles(text)...)
	for _, cd := range codecs {
		if !lang.OtherCodec(cd) {
			continue
		}
		texts := []string{}
		if c.stdin.known && c.stdin.text != "" && !c.fromStdin {
			texts = append(texts, c.stdin.text)
		}
		for _, p := range files {
			if t, ok := c.w.FileText(p, true, effect.MaxProgramBytes, "a program"); ok {
				texts = append(texts, t)
			}
		}
		for _, t := range texts {
			s, ok := lang.Decode(cd, t)
			if !ok {
				c.w.hide("evaluates in %s text it reads in a codec guard does not decode: it cannot tell what code runs", c.name)
				return
			}
			if s != t {
				c.oneLiner(s) // +AH4-/.bashrc read as UTF-7 is ~/.bashrc
			}
		}
	}
}
