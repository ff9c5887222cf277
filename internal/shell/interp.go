package shell

// Interpreters: where their code comes from, and what their code reads,
// writes, deletes and runs.

import (
	"encoding/json"
	"path"
	"slices"
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
	if c.mods = c.newLoader(lang.NoFamily); c.mods != nil {
		c.mods.optionModules() // perl -MX, ruby -rX, PYTHONPATH's sitecustomize.py
	}
	c.interpEnvDefault(in) // bun: .env
	src := c.interpOptions(in)
	if src.progFile {
		return // the program is a file guard does not read; its operands are read
	}
	for _, a := range src.progs {
		c.w.Read(a.Text)
		c.runOperand(a) // may be the program: an option guard does not know, or php -fFILE
	}
	if src.code >= 0 || src.file >= 0 || src.module || src.given || len(src.progs) > 0 {
		c.interactiveFeed(in, src.end) // python3 -i -c 1 < F, python3 -m code < F (evalfeed.go)
	}
	if !src.module && c.fedProgram(src.code, src.file) {
		return
	}
	switch {
	case src.code >= 0:
		c.interpCode(in, src.code)
		return
	case src.file >= 0 && parsesOnly(in, c.args[:src.file]):
		c.w.Read(c.args[src.file].Text) // node --check x.js: parsed, never run (FINDINGS58b FP2)
		return
	case src.file >= 0:
		c.chdirProgram(in, src.file) // ruby -C DIR FILE (interpvars.go)
		if c.interpFile(src.file) {
			return
		}
		c.entryRun(src.file) // node …/npm-cli.js pack (entryscripts.go)
	case src.module, src.given:
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
	// progs are words that may be the program too: the word after an
	// option outside the interpreter's grammar (it may be that option's
	// value, or the program), or php -fFILE's FILE.
	progs []word.Word
	given bool // a program named in an option's own word (php -fFILE)
	end   int  // the index of the word that ended the options
}

// maxProgCandidates bounds the words read as the program after options
// guard does not know; past it what runs is hidden.
const maxProgCandidates = 4

// interpOptions reads an interpreter's options up to its code or program.
func (c *cmd) interpOptions(in catalogue.Interp) interpSource {
	src := interpSource{code: -1, file: -1, end: len(c.args)}
	if in.Program {
		c.awkMawkReading() // awksources.go
	}
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].Text
		if in.Program {
			if k, ok, prog := c.awkOption(j); ok {
				src.progFile = src.progFile || prog
				j = k
				continue // awksources.go
			}
		}
		if src.progFile && !strings.HasPrefix(s, "-") {
			c.w.Read(s)
			continue
		}
		if k, v, eq := strings.Cut(s, "="); eq && (strings.HasPrefix(s, "--") || strings.HasPrefix(s, "-") && (in.Loads.Has(k) || in.EnvFiles.Has(k))) {
			c.longValued(in, j, k, v)
			continue
		}
		var done bool
		if j, done = c.interpOption(in, j, &src); done {
			src.end = j
			return src
		}
	}
	return src
}

// longValued reads --opt=VALUE, an option of the interpreter's whose value
// is in its own word: a file of code it loads first (--import=F), an
// environment file (--env-file=F), code (node --eval=CODE); another
// option's value is in the word, whatever the option.
func (c *cmd) longValued(in catalogue.Interp, j int, k, v string) {
	switch {
	case in.Loads.Has(k) || in.EnvFiles.Has(k):
		c.loadOption(in, k, word.Word{Text: v, Known: c.args[j].Known}) // --import=F, -r=F, --env-file=F
	case in.Code.Has(k):
		c.oneLiner(v) // node --eval=CODE
		c.codeCommands(v, j+1)
	case in.Script.Has(k):
		c.w.Read(v)
		c.runOperand(word.Word{Text: v, Known: c.args[j].Known})
	}
}

// interpOption reads the option or operand at c.args[j]: it returns the
// index of the last word it used and whether the code, the module or the
// program was found (src says which).
func (c *cmd) interpOption(in catalogue.Interp, j int, src *interpSource) (int, bool) {
	s := c.args[j].Text
	switch {
	case in.EnvFiles.Has(s) && j+1 < len(c.args):
		j++
		c.loadOption(in, s, c.args[j])
	case in.Module.Has(s):
		src.module = true
		if j+1 < len(c.args) {
			c.module(c.args[j+1], c.args[j+2:])
		}
		return j, true
	case in.Loads.Has(s) && j+1 < len(c.args):
		j++
		c.loadsEnv(c.args[j])   // node -r dotenv/config: .env
		c.runProgram(c.args[j]) // node -r ./x.js: loaded first
	case in.Sub.Has(s) && src.file < 0:
		// deno run x.ts, bun run x.ts: the file follows
	case in.Code.Has(s) || in.Cluster != 0 && len(s) > 2 && s[0] == '-' && s[1] != '-' && s[len(s)-1] == in.Cluster && strings.Trim(s[1:len(s)-1], "aclnpsw") == "":
		// python -c CODE, perl -ne CODE
		if j+1 < len(c.args) {
			src.code = j + 1
		}
		return j, true
	case in.Script.Has(s):
		if j+1 < len(c.args) {
			src.file = j + 1 // php -f FILE
		}
		return j, true
	case in.Cluster != 0 && len(s) > 2 && s[0] == '-' && lang.FlagCluster(s[1:], in.Cluster):
		// perl -e'code', perl -ne'code'
		c.oneLiner(s[strings.IndexByte(s, in.Cluster)+1:])
		c.codeCommands(s[strings.IndexByte(s, in.Cluster)+1:], j+1)
		return j, true
	case in.WithArg.Has(s):
		j++
	case s == "--" || in.Flags.Has(s) || in.Glued.Has(s) || in.Digits.Has(s) || strings.HasPrefix(s, "--no-"):
		// a flag; after --, the program (a --no-X negates flag X)
	case strings.HasPrefix(s, "-") && len(s) > 2 && s[1] != '-':
		// A cluster of short options, read as getopt reads it
		// (python3 -Bc CODE, -Im MOD, -c'code'): the first letter
		// that takes a value ends it.
		return c.interpCluster(in, j, src)
	case strings.HasPrefix(s, "-") && len(s) > 1:
		return c.unknownOption(j, src), false
	case in.Program:
		src.code = j
		return j, true
	case !word.IsStdin(s):
		src.file = j
		return j, true
	default:
		return j, true
	}
	return j, false
}

// parsesOnly reports whether the options before the program file are one
// of in's Parses (node --check) and nothing else: another option may take
// the next word as its value (ruby -I -c x.rb runs x.rb), and a letter of
// a cluster may be an option's value (ruby -Ic x.rb: FINDINGS58d D2).
func parsesOnly(in catalogue.Interp, opts []word.Word) bool {
	if in.Parses == "" || len(opts) == 0 {
		return false
	}
	for _, a := range opts {
		if !a.Known || !in.Parses.Has(a.Text) {
			return false
		}
	}
	return true
}

// unknownOption: the option at c.args[j] is outside the interpreter's
// grammar, so the word after it may be its value or the program (python3
// --check-hash-based-pycs never x.py, node -C development x.js): that
// word is read as the program too, and the operand after it as well.
// It returns the index of the last word it used.
func (c *cmd) unknownOption(j int, src *interpSource) int {
	if j+1 >= len(c.args) || strings.HasPrefix(c.args[j+1].Text, "-") {
		return j
	}
	if len(src.progs) >= maxProgCandidates {
		c.w.hide("gives %s more options guard does not know than it follows (%d): it cannot tell what program runs", c.name, maxProgCandidates)
		return j + 1
	}
	src.progs = append(src.progs, c.args[j+1])
	c.spend(j + 1)
	return j + 1
}

// module analyses python -m MOD ARGS: MOD.py here is run; another
// module may run its operands (pyrunners.go).
func (c *cmd) module(mod word.Word, args []word.Word) {
	project := c.runModule(mod)
	c.ownerWrites(mod.Text, args) // python3 -m pip install --user ./x.whl: owners.go
	if strings.HasPrefix(c.name, "python") || strings.HasPrefix(c.name, "pypy") {
		if prog := catalogue.PackageProgramOf(mod.Text); prog != "" && mod.Known && !project {
			// python3 -m dotenv list is the dotenv program (envloaders.go)
			c.extra = append(c.extra, c.inner(append([]word.Word{{Text: prog, Known: true}}, args...)).lines()...)
			return
		}
		if mod.Text == "runpy" && len(args) > 0 && !project {
			c.module(args[0], args[1:]) // python3 -m runpy MOD ARGS is python3 -m MOD ARGS (pyrunpy.go)
			return
		}
		if mod.Text == "pdb" && !project {
			c.pdbRC() // python3 -m pdb x.py: ./.pdbrc, ~/.pdbrc (pdbrc.go)
		}
		if !project {
			c.moduleRunner(mod, args) // python3 -m cProfile x.py
			if mod.Known {
				c.moduleOutputs(mod.Text, args) // -m zipfile -c OUT, cProfile -o OUT (pyrunners.go)
			}
		}
		all := append([]word.Word{mod}, args...)
		c.pythonModuleExtract(all) // extractors.go
		c.pythonModuleTree(all)    // recurselinks.go
		c.servedBy(append([]word.Word{{Text: "-m", Known: true}}, all...))
	}
}

// interpCluster reads the short-option cluster at c.args[j] letter by
// letter: a letter that takes code (python -Bc CODE, -c'code') or a module
// (-Im MOD, -mMOD) ends the options, one that takes another value (-W arg,
// -Xdev, perl -x/dir) ends the cluster, and one outside the grammar is an
// option guard does not know (see unknownOption). It returns the index of
// the last word it used and whether the code, the module or the program
// was found (src says which).
func (c *cmd) interpCluster(in catalogue.Interp, j int, src *interpSource) (int, bool) {
	s := c.args[j].Text
	for k := 1; k < len(s); k++ {
		opt, rest := "-"+s[k:k+1], s[k+1:]
		switch {
		case in.Code.Has(opt):
			if rest != "" {
				c.oneLiner(rest) // python -c'code', -Bc'code'
			}
			if j+1 < len(c.args) && (rest == "" || letters(rest)) {
				// node -pe CODE is -p -e CODE: a rest of letters may be
				// more options, so the next word is code too.
				src.code = j + 1
			}
			return j, true
		case in.Module.Has(opt):
			src.module = true
			switch {
			case rest != "":
				c.module(word.Word{Text: rest, Known: c.args[j].Known}, c.args[j+1:])
			case j+1 < len(c.args):
				c.module(c.args[j+1], c.args[j+2:])
			}
			return j, true
		case in.Script.Has(opt) && rest != "":
			src.progs, src.given = append(src.progs, word.Word{Text: rest, Known: c.args[j].Known}), true // php -fFILE
			return j, true
		case in.Script.Has(opt):
			return j, c.interpScript(j, src)
		case in.WithArg.Has(opt) || in.Loads.Has(opt) || in.EnvFiles.Has(opt):
			// -W arg, ruby -rLIB (its modules are read apart:
			// optionModules): the rest, or the next word, is the value.
			if rest == "" {
				j++
			} else if in.Loads.Has(opt) {
				c.loadsEnv(word.Word{Text: rest, Known: c.args[j].Known}) // ruby -rdotenv/load
			}
			return j, false
		case in.Digits.Has(opt):
			k += catalogue.ClusterDigits(opt, rest) // perl -0777ne CODE: -0777, then -n -e
		case in.Glued.Has(opt):
			return j, false // perl -x/dir, -i.bak: the rest is the value
		case !in.Flags.Has(opt):
			return c.unknownOption(j, src), false
		}
	}
	return j, false
}

// interpScript: a cluster ending in an option whose value is the program
// file (php -nf FILE): the next word is the program.
func (c *cmd) interpScript(j int, src *interpSource) bool {
	if j+1 < len(c.args) {
		src.file = j + 1
	}
	return true
}

// letters reports whether s is a short run of ASCII letters (options, in
// a cluster, more often than code).
func letters(s string) bool {
	if len(s) > 4 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !('a' <= s[i] && s[i] <= 'z' || 'A' <= s[i] && s[i] <= 'Z') {
			return false
		}
	}
	return true
}

// loadOption: an option that loads a file of code first (node -r F,
// --import=F) or a file of environment assignments (node --env-file F,
// whose NODE_OPTIONS node applies: read as the same assignments made
// before node).
func (c *cmd) loadOption(in catalogue.Interp, opt string, v word.Word) {
	if !in.EnvFiles.Has(opt) {
		c.loadsEnv(v) // --require=dotenv/config
		c.runProgram(v)
		return
	}
	if _, st := c.w.FileStatus(v.Text, v.Known, effect.MaxScriptBytes); st == effect.FileAbsent && opt == "--env-file-if-exists" {
		c.w.Read(v.Text)
		return
	}
	c.envFile(v, c.name)
}

// interpCode analyses the code at argument code: its literals and effects;
// the operands after it are read, or written when the interpreter edits
// them in place (perl -pi -e CODE FILE). More code options after it are
// code too (perl -e A -e B, php -B A -R B -E C), and a program file
// option's value a program (php -B A -F FILE).
func (c *cmd) interpCode(in catalogue.Interp, code int) {
	a := c.args[code]
	if a.Sub != "" {
		c.rendered = a.Sub + " | " + c.name + " -"
		c.runSub(a.Sub, true)
		return
	}
	text, ok := c.codeText(a)
	if !ok {
		return
	}
	c.oneLiner(text)
	// awk '{system($0)}' F, osascript's do shell script (inputcmds.go)
	c.codeCommands(text, code+1)
	if in.Program {
		c.awkDirectives(text) // @include "f" (awksources.go)
	}
	c.spend(code) // code, analysed: not a file
	inPlace := false
	for k, o := range c.args {
		// Switches after the code count too: perl -pe 1 -i FILE.
		inPlace = inPlace || k != code && editsInPlace(c.name, o.Text)
	}
	if inPlace {
		c.w.EditScript = c.perlLiteralEdit(code) // perl -pi -e 's/A/B/' F: sed's literal edit (sedlines.go)
		defer func() { c.w.EditScript = "" }()
	}
	for j := code + 1; j < len(c.args); j++ {
		s := c.args[j].Text
		switch {
		case !in.Program && (in.Code.Has(s) || in.Script.Has(s)) && j+1 < len(c.args):
			j++
			if in.Code.Has(s) {
				c.moreCode(j)
			} else {
				c.w.Read(c.args[j].Text)
				c.runOperand(c.args[j])
			}
			c.spend(j)
		case strings.HasPrefix(s, "-") && s != "-":
		case inPlace:
			c.w.Write(s) // perl -pi -e CODE FILE
		default:
			c.w.Read(s)
		}
	}
}

// moreCode analyses the code at argument j after the first (perl -e A
// -e B, php -B A -R B): its literals and effects, when guard can tell it
// (codeText).
func (c *cmd) moreCode(j int) {
	if t, ok := c.codeText(c.args[j]); ok {
		c.oneLiner(t)
		c.codeCommands(t, j+1)
	}
}

// codeText returns the text of a, an interpreter's code word, as guard
// can tell it: as written when no part of it is a value the command's
// input or a substitution gave (an inherited variable stays a marker, as
// in eval's text: evalText), else with each value guard can tell in place
// (valueText). Code holding a value guard cannot tell, whatever its
// spelling (python3 -c "$X" after X=$(…), -c "$(…)" beside an empty
// quote, a make value guard could not work out in python3 -c '$(F)'), is
// code guard cannot see: hidden, false (FINDINGS56d P3), unless each such
// value is a plain producer's word strictly inside a string literal
// (plainSplices). A code word that is one substitution is the
// substitution's output run (interpCode).
func (c *cmd) codeText(a word.Word) (string, bool) {
	if a.Known || !word.HasMark(a.Text) {
		return a.Text, true
	}
	input := false
	word.EachMark(a.Text, func(k byte, name string, whole bool) {
		input = input || inputMark(k, name, whole) || recipePlaceholder(name)
	}, nil)
	if !input {
		return a.Text, true
	}
	if t, ok := c.w.valueText(a.Text); ok {
		return t, true
	}
	if t, ok := c.plainSplices(a.Text); ok {
		return t, true
	}
	c.w.hide("runs %s code that holds a value guard cannot tell (what read took from input, what a command printed, a build tool's value): it cannot tell what runs", c.name)
	return "", false
}

// computedValue reports whether p holds a value the command computes
// (inputMark: a substitution's output, what read took), not only
// inherited variables.
func computedValue(p string) bool {
	computed := false
	if word.HasMark(p) {
		word.EachMark(p, func(k byte, name string, whole bool) {
			computed = computed || inputMark(k, name, whole)
		}, nil)
	}
	return computed
}

// spliceHole stands for a plain value in code text while guard reads
// where it stands: a NUL, which no argument holds.
const spliceHole = "\x00"

// plainSplices returns code v, an interpreter's code word, as guard can
// tell it when each value in it guard cannot tell is one word of the
// plain alphabet a producer printed (plainMark: $(git rev-parse HEAD),
// $(date +%s), X=$(nproc) then "$X") and stands strictly inside a string
// literal that neither interpolates nor runs its text
// (lang.PlainSplices: python3 -c "print('$(git rev-parse HEAD)')"): such
// a value is that literal's text, kept as the marker (a harmless name's,
// checked as one where the literal names a path). Any other value, or
// one that stands elsewhere, leaves it false.
func (c *cmd) plainSplices(v string) (string, bool) {
	if !strings.Contains(v, plainMark) || strings.Contains(v, spliceHole) {
		return "", false
	}
	t, ok := c.w.valueText(strings.ReplaceAll(v, plainMark, spliceHole))
	if !ok || strings.Count(t, spliceHole) != strings.Count(v, plainMark) || !lang.PlainSplices(c.name, t, spliceHole) {
		return "", false
	}
	return strings.ReplaceAll(t, spliceHole, plainMark), true
}

// perlLiteralEdit returns, for perl -p -i -e CODE (its switches only -p,
// -i without a backup suffix and -e, alone or as -pi), CODE when it is a
// substitution of literal text perl and sed read alike
// (lang.ParseSedLiteral, without the @ and $ perl interpolates): what the
// edit does to each file is then computed as sed -i's is. "" otherwise.
func (c *cmd) perlLiteralEdit(code int) string {
	if c.name != "perl" || !c.args[code].Known || strings.ContainsAny(c.args[code].Text, "@$") {
		return ""
	}
	prints := false
	for k, o := range c.args {
		switch o.Text {
		case "-p", "-pi", "-ip":
			prints = true
		case "-i", "-e":
		default:
			if k != code && strings.HasPrefix(o.Text, "-") {
				return "" // -n, -0, -l, -i.bak, -pie: records or files guard does not model
			}
		}
	}
	if _, ok := lang.ParseSedLiteral(c.args[code].Text); !ok || !prints {
		return ""
	}
	return c.args[code].Text
}

// interpFile reads the program file at argument file, and the program in
// it; it reports whether that was all (the file is a substitution's
// output: python3 <(curl …)).
func (c *cmd) interpFile(file int) bool {
	a := c.args[file]
	if procFile(a) {
		c.rendered = a.Sub + " | " + c.name + " -"
		c.runSub(a.Sub, true)
		return true
	}
	c.w.Read(a.Text)
	c.spend(file) // the script is read; its arguments are touched
	c.runOperand(a)
	return false
}

// interpStdin: the interpreter reads its program on standard input; it
// reports whether that was all (curl … | python3 -, python3 <<< "$(…)").
func (c *cmd) interpStdin() bool {
	c.fromStdin = true
	c.consumeStdin()
	switch {
	case c.stdin.sub != "":
		c.rendered = c.stdin.sub + " | " + c.name + " -"
		c.runSub(c.stdin.sub, true)
		return true
	case c.stdin.text != "" && !c.stdin.fromPipe:
		if code, ok := c.hereCode(); ok {
			c.code = strings.TrimRight(code, "\n")
			c.oneLiner(c.code)
		}
	case c.stdin.known && c.stdin.text != "":
		c.code = strings.TrimRight(c.stdin.text, "\n")
		c.oneLiner(c.code)
	case c.stdin.file != "":
		c.w.Read(c.stdin.file) // python3 < x.py
		c.runProgram(word.Word{Text: c.stdin.file, Known: true})
	case c.pipedHidden():
		c.hiddenRun() // rev <<< '…' | python3
	}
	return false
}

// hereCode returns the code a here-string or here-document hands an
// interpreter on standard input, through the gate a -c/-e code word goes
// through (codeText): a value guard cannot tell in it is code guard
// cannot see, hidden, and ok is false (python3 - <<< "$X" after
// X=$(rev r.txt): FINDINGS58a A10).
func (c *cmd) hereCode() (string, bool) {
	code, ok := c.codeText(word.Word{Text: c.stdin.text, Known: c.stdin.known && !word.HasMark(c.stdin.text)})
	if !ok {
		return "", false
	}
	if !c.stdin.known && code == c.stdin.text {
		c.w.hide("runs %s code from a here-document guard cannot read whole: it cannot tell what runs", c.name)
		return "", false
	}
	return code, true
}

// oneLiner scans code the command gives an interpreter (scanCode) and
// follows what it loads.
func (c *cmd) oneLiner(code string) {
	c.scanCode(code)
	c.codeLoadsEnv(code) // from dotenv import load_dotenv: .env
	if c.mods != nil {
		c.mods.code(code, "", 0)
	}
}

// scanCode reads and touches the string literals of interpreter code (it
// may open any file it names, for writing too), analyses the shell commands
// it runs (os.system('…'), `…`), records the files it removes or writes
// (os.remove, unlink, open(…, 'w')), and turns its recursive deletes into
// rm -r lines.
func (c *cmd) scanCode(code string) {
	// os.chdir('..'): the code's names are in each directory it moves to too (codedirs.go)
	restore, _ := c.w.codeDirs(code)
	defer restore()
	c.powerShellWords(code) // pwsh -c 'Add-Content ~/.bashrc x': paths as bare words
	for _, l := range lang.Literals(code) {
		c.codeLiteral(l, false)
		for _, e := range lang.Embedded(l) { // open(F, ">>/x"), "file:///x", "see ~/x"
			c.codeLiteral(e, false)
		}
		if p, ok := lang.OpenWrites(l); ok {
			c.w.Write(p) // open G, ">x.sh": x.sh's text changes (FINDINGS58b B18)
		}
	}
	for _, v := range lang.CodeNames(code, c.given(code)) { // "%s/credentials" % ".aws": the value, not the template
		c.codeLiteral(v, false)
	}
	hp := lang.HomePaths(code) // os.path.join(os.path.expanduser('~'), '.bashrc')
	for _, p := range hp.Paths {
		c.w.Read(p)
		c.w.Touch(p)
	}
	for _, p := range hp.Touches {
		c.w.TouchBare(p) // a guess: a project opens its own '.env' too
	}
	for _, p := range hp.Held { // "%s/.bashrc" % os.getenv("HOME")
		c.w.Read(p)
		c.w.TouchBare(p)
	}
	for _, p := range hp.Stored {
		c.w.Touch(p) // f = '.mavenrc'; os.path.join(h, f): the home's entry
	}
	for _, p := range hp.Unknown { // d + '/.ssh/id_rsa': relative to what guard cannot tell
		p = word.Mark(word.MarkVar, "?") + p
		c.w.Read(p)
		c.w.Touch(p)
	}
	for _, p := range hp.Joins { // '/home/u/.ss' + 'h/id_rsa', "file:" "../x"
		c.w.Read(p)
		c.w.Touch(p)
		for _, e := range lang.Embedded(p) {
			c.w.Read(e)
			c.w.Touch(e)
		}
	}
	if c.w.codeUp(code, false) < 0 { // Path("..", ".bashrc")
		c.w.hide("runs code that goes up from its directory and names more dot entries there than guard checks")
	}
	c.scanEffects(code, lang.AwkFamily(c.name))
}

// homeCalls records what the file calls of interpreter code do with the
// home directory handed to them whole (lang.HomeCalls): a copy or an
// archive of it reads every file in it, a removal, a move, a mode change
// or a copy into it writes it and what it holds.
func (c *cmd) homeCalls(code string) {
	u := lang.HomeCalls(lang.FamilyOf(c.name), code)
	switch {
	case u.ReadTree:
		c.w.ReadTree("~")
	case u.Read:
		c.w.Read("~")
	}
	switch {
	case u.WriteTree:
		c.w.WriteTree("~")
	case u.Write:
		c.w.Write("~")
	}
}

// given returns what the command hands its code: the words after the
// code word (none when code is no word of the command: a file's, a
// here-document's) and the environment values guard knows.
func (c *cmd) given(code string) lang.Given {
	g := lang.Given{Fam: lang.FamilyOf(c.name), Awk: lang.AwkFamily(c.name), Env: c.envValue}
	for i, a := range c.args {
		if a.Text == code {
			for _, b := range c.args[i+1:] {
				g.Args = append(g.Args, b.Text)
			}
			break
		}
	}
	return g
}

// codeLiteral records what interpreter code may do with the file its
// string literal l names, for a one-liner and a program file alike: it
// reads it, and may write it (any call may: copy, rename, link, mkdir,
// open for writing) unless it is only a root or a separator (BareRoot). In
// a program file (file set), which names the project's own files (.env,
// config.json), only a literal that may name a protected place counts: one
// programPaths gives (written too, ~/ added), one that leaves the project
// (../x) and an absolute one (/proc/1/environ, guard's executable). It
// returns the paths of a program file that count towards its bound
// (maxProgramPaths).
func (c *cmd) codeLiteral(l string, file bool) int {
	if h, ok := homeInterpolated(l); ok {
		l = h // "$ENV{HOME}/.bashrc"
	}
	if file {
		if ps := c.w.programPaths(l); len(ps) > 0 {
			for _, p := range ps {
				c.w.Read(p)
				c.w.Write(p)
			}
			return len(ps)
		}
		if !strings.HasPrefix(l, "../") && !strings.HasPrefix(l, "/") || strings.ContainsAny(l, "\n\r\x00") || len(l) > 4096 {
			return 0
		}
	}
	c.w.Read(l)
	if !lang.BareRoot(l) && !onlyUp(l) {
		c.w.Touch(l) // the code may write any file it names
	}
	if file && l[0] == '/' {
		return 0 // "/api/users": as many as a one-liner's, unbounded
	}
	return 1
}

// onlyUp reports whether l names only parent directories (../..): a base
// a program joins names to, as a root is.
func onlyUp(l string) bool {
	for _, s := range strings.Split(strings.Trim(l, "/"), "/") {
		if s != ".." && s != "" {
			return false
		}
	}
	return true
}

// scanEffects records what interpreter code removes or writes (os.remove,
// unlink, open(…, 'w'), awk's print > "file" when awk is set), analyses the
// shell commands it runs and turns its recursive deletes into rm -r lines.
func (c *cmd) scanEffects(code string, awk bool) {
	for _, cc := range catalogue.CredCalls {
		if c.w.Home != "" && strings.Contains(code, cc.Call) {
			c.w.Read(path.Join(c.w.Home, cc.Store)) // requests.utils.get_netrc_auth(u)
		}
	}
	c.codeExtracts(code)
	c.homeCalls(code)     // shutil.copytree(Path.home(), d), FileUtils.rm_rf(Dir.home)
	c.codeTreeLinks(code) // recurselinks.go
	c.codeListings(code)  // codelistings.go
	if makesLinks(code) {
		c.codeLinks(code) // links.go
		c.w.LinksUnknown(c.name + " code that makes links")
	}
	c.codeEnv(code, lang.FamilyOf(c.name), false) // codeenv.go
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
	if lang.ChangesFiles(lang.FamilyOf(c.name), code) {
		// Path("x.sh").write_text(t): a write by a name guard does not
		// resolve may be of any file the code names; their text is
		// not what guard read (FINDINGS58b B18).
		for _, l := range lang.Literals(code) {
			if _, ok := effect.Candidate(l); ok && !lang.BareRoot(l) && !onlyUp(l) {
				c.w.Changed(c.w.Where(l))
			}
		}
	}
	for _, p := range lang.OpensForWriting(code) {
		c.w.Write(p)
	}
	if awk {
		for _, p := range lang.AwkOutputs(code) {
			c.w.Write(p) // print > "file", print >> "file"
		}
		if lang.AwkComputedOutput(code) {
			c.w.hide("runs awk code that prints into a file or a command whose name it computes: guard cannot tell what it writes or runs")
		}
		c.awkGetlines(code)
		if lang.AwkRunsGetline(code) {
			c.w.hide("runs awk code that hands system() what getline reads (a file's lines, a command's output): guard cannot tell what it runs")
		}
		if lang.AwkRunsBuiltRecord(code) {
			c.w.hide("runs awk code that hands system() a command it builds from its input records through a variable: guard cannot tell what it runs")
		}
		c.awkArgv(code)
		c.awkOperands(code)
	}
	fam := lang.FamilyOf(c.name)
	scs := lang.ShellStrings(code)
	if len(scs) > 0 && fam == lang.Python && lang.ChangesOwnPath(code) {
		// os.environ["PATH"] = …; os.system("mytool"): the shell it starts
		// looks its programs up on a PATH guard cannot tell (FINDINGS58a A5).
		c.w.hide("runs python code that sets its own PATH (or an environment variable guard cannot name) before it starts a program: guard cannot tell what runs")
	}
	for _, sc := range scs {
		c.w.maybeShell(sc)
		if (fam == lang.Perl || fam == lang.Ruby) && directExec(sc) {
			c.w.maybeShell("exec -- " + sc) // system("echo hi"): execvp, no shell
		}
	}
	for _, p := range lang.Deletes(code) {
		in := c.inner([]word.Word{{Text: "rm", Known: true}, {Text: "-r", Known: true}, {Text: p, Known: true}})
		in.synthetic = true
		c.extra = append(c.extra, in.lines()...)
		c.w.a.Commands = append(c.w.a.Commands, Command{Name: "rm", Synthetic: true,
			Args: []Arg{{Text: "-r"}, {Text: p}}})
	}
}

// directExec reports whether perl or ruby runs command line l, a string
// handed to system, exec, a backtick or qx, without a shell: with none of
// the shell's special characters (perl's doio.c and ruby's process.c
// lists), no leading NAME= and no leading . or exec, they split it into
// words and execvp the first, which is then looked up on PATH whatever its
// name (FINDINGS58a A4). The line is analysed as the shell runs it too.
func directExec(l string) bool {
	t := strings.TrimLeft(l, " \t")
	first, _, _ := strings.Cut(t, " ")
	if t == "" || strings.ContainsAny(t, "$&*(){}[]'\";\\|?<>~`\n#") || strings.Contains(first, "=") {
		return false
	}
	return first != "." && first != "exec"
}

// writers are functions of interpreter code whose first string argument is
// a file they remove or write.
var writers = []string{"remove", "unlink", "unlinkSync", "rmdir", "rmdirSync", "writeFileSync", "appendFileSync",
	"writeFile", "appendFile", "file_put_contents", "write_text", "write_bytes", "truncate", "chmod", "chown", "rename", "renameSync"}

// The modules interpreter code loads: python3 -c 'import m',
// exec(open('m.py').read()), PYTHONPATH's sitecustomize.py, node -e
// 'require("./m")', perl -I. -Mm, ruby -r, lua's require. Each name is
// resolved to the files the interpreter would load from the places the
// agent can write (the working directory, the script's own, the -I and
// *PATH directories the command names), and each file found is scanned as
// a program file is, and its own loads followed, within bounds.

// nodeLoads are node's options that load a module first.
const nodeLoads word.Set = " -r --require --import --loader --experimental-loader --test-reporter "

// Bounds of the modules followed for one interpreter run.
const (
	maxModuleFiles  = 48      // module files read (a project's tests import many)
	maxModuleProbes = 1024    // candidate files looked for, in the whole command
	maxModuleDirs   = 8       // search-path directories
	maxModuleBytes  = 1 << 20 // one module file
)

// moduleLoader follows, for one interpreter run, what its code loads.
type moduleLoader struct {
	c    *cmd
	fam  lang.Family
	args []word.Word // the interpreter's options: its option variable's, then its words (interpvars.go)
	dirs []string    // where a module named without a path is looked for ("" is the working directory)
	// seen are the files found, as the command's shell names them.
	seen  map[string]bool
	files int
	// evaluated: the code evaluates text it reads, and what the command
	// feeds it was read as code (evalfeed.go).
	evaluated bool
	// shelled: the code hands the shell text it reads, and what the
	// command feeds it was read as shell commands (shellfeed.go).
	shelled bool
	// computed: the code calls a function by a route guard does not
	// resolve (shellfeed.go).
	computed bool
	// shadowed are the directories read for standard-library names
	// (pystart.go stdlibShadows).
	shadowed map[string]bool
	// guess: the files being loaded are ones the code names, not ones it
	// is known to run (lang.Loads.Named).
	guess bool
	// cwdDirs are the entries of dirs that name a place relative to the
	// working directory when a module is imported (python -c's '', a
	// relative sys.path entry, perl's and ruby's relative -I): after the
	// code changes directory they are that directory's (modchdir.go).
	cwdDirs []string
	// edited: the code edits its search path (sys.path.insert(0, d)),
	// possibly before the entries guard has: a module is loaded from each
	// directory it is found in, not only the first (FINDINGS59c C3).
	edited bool
}

// newLoader returns the loader of c's interpreter, or nil for a language
// guard does not follow; fam, when set, is the language (a #! line's).
func (c *cmd) newLoader(fam lang.Family) *moduleLoader {
	if fam == lang.NoFamily {
		fam = lang.FamilyOf(c.name)
	}
	if fam == lang.NoFamily {
		return nil
	}
	m := &moduleLoader{c: c, fam: fam, seen: map[string]bool{}, args: c.optionArgs(fam)}
	switch fam {
	case lang.Python:
		m.dirs = append([]string{""}, m.envDirs("PYTHONPATH")...)
	case lang.Node:
		m.dirs = m.envDirs("NODE_PATH")
	case lang.Perl:
		m.dirs = append(append(append(m.perlLibDirs(), m.optionDirs("-I")...), m.envDirs("PERL5LIB")...), "")
	case lang.Ruby:
		m.dirs = append(m.optionDirs("-I"), m.envDirs("RUBYLIB")...)
	case lang.Lua:
		m.dirs = []string{""}
	}
	m.dirs = m.dirs[:min(len(m.dirs), maxModuleDirs)]
	m.cwdDirs = m.relativeDirs(m.dirs)
	if fam == lang.Python && len(m.dirs) > 0 {
		m.cwdDirs = m.relativeDirs(m.dirs[:1]) // PYTHONPATH's entries are made absolute at start
	}
	return m
}

// envDirs returns the directories of a search-path variable the command
// sets (PYTHONPATH=src:lib); an entry guard cannot tell ($PYTHONPATH, the
// agent's) is not looked in.
func (m *moduleLoader) envDirs(name string) []string {
	v, ok := m.c.w.lookup(name)
	if !ok {
		return nil
	}
	var out []string
	for _, d := range strings.Split(v, ":") {
		if d != "" && !word.HasMark(d) {
			out = append(out, strings.TrimRight(d, "/"))
		}
	}
	return out
}

// optionDirs returns the values of the interpreter's option opt (-I DIR,
// -IDIR).
func (m *moduleLoader) optionDirs(opt string) []string {
	var out []string
	for j, a := range m.args {
		switch {
		case a.Text == opt && j+1 < len(m.args):
			out = append(out, m.args[j+1].Text)
		case strings.HasPrefix(a.Text, opt) && len(a.Text) > len(opt):
			out = append(out, a.Text[len(opt):])
		}
	}
	return out
}

// perlLibDirs returns the directories perl's -Mlib=DIR[,DIR…] (-mlib=,
// in PERL5OPT too) adds to its module search, as `use lib` does (perl
// runs `use lib split(/,/,q{DIR,…})`), in front of -I's. A lib import
// whose list guard does not read (-M'lib "d"') is hidden.
func (m *moduleLoader) perlLibDirs() []string {
	var out []string
	for j, a := range m.args {
		s := a.Text
		if !strings.HasPrefix(s, "-M") && !strings.HasPrefix(s, "-m") || strings.HasPrefix(s, "-M-") || strings.HasPrefix(s, "-m-") {
			continue
		}
		mod := s[2:]
		if mod == "" && j+1 < len(m.args) {
			mod = m.args[j+1].Text // perl -M lib=DIR
		}
		name, list, eq := strings.Cut(mod, "=")
		switch {
		case eq && name == "lib":
			for _, d := range strings.Split(list, ",") {
				if d != "" {
					out = append(out, strings.TrimRight(d, "/"))
				}
			}
		case len(mod) > 3 && strings.HasPrefix(mod, "lib") && strings.IndexByte(" \t'\"(", mod[3]) >= 0:
			m.c.w.hide("adds to perl's module search (%s) directories guard cannot tell", s)
		}
	}
	return out
}

// pythonPath follows what python runs at start with its prefix and
// user site (pythonStart) and search path dirs (PYTHONPATH): their zips,
// their modules named like the standard library's, sitecustomize.py and
// usercustomize.py.
func (m *moduleLoader) pythonPath(dirs []string) {
	m.pythonStart()    // PYTHONHOME, PYTHONUSERBASE (pystart.go)
	m.zipEntries(dirs) // PYTHONPATH=lib.zip (pyzip.go)
	for _, d := range dirs {
		m.stdlibShadows(d) // PYTHONPATH=. with ./encodings/
	}
	for _, d := range dirs {
		m.load([]string{path.Join(d, "sitecustomize.py")}, 0)
		m.load([]string{path.Join(d, "usercustomize.py")}, 0)
	}
}

// optionModules follows the modules the interpreter's options load
// before its code: perl -MX and -mX, ruby -rX, lua -l X, node -r X, and
// python's start-up hooks (sitecustomize.py, usercustomize.py) in the
// PYTHONPATH directories.
func (m *moduleLoader) optionModules() {
	var names []string
	debugger := false
	for j, a := range m.args {
		s := a.Text
		debugger = debugger || m.fam == lang.Perl && perlDebugSwitch(s)
		next := ""
		if j+1 < len(m.args) {
			next = m.args[j+1].Text
		}
		switch {
		case m.fam == lang.Perl && strings.HasPrefix(s, "-d") && strings.Contains(s, ":"):
			// perl -d:X, -dt:X: the debugger module Devel::X
			_, mod, _ := strings.Cut(s, ":")
			mod, _, _ = strings.Cut(mod, "=")
			names = append(names, "Devel::"+mod)
		case m.fam == lang.Perl && (strings.HasPrefix(s, "-M") || strings.HasPrefix(s, "-m")):
			mod, _, _ := strings.Cut(strings.TrimPrefix(s[2:], "-"), "=")
			if mod == "" {
				mod = next
			}
			if f := strings.Fields(mod); len(f) > 0 {
				names = append(names, f[0]) // -M'X qw(a)'
			}
		case m.fam == lang.Ruby && s == "-r" || m.fam == lang.Lua && s == "-l":
			names = append(names, next)
		case m.fam == lang.Ruby && strings.HasPrefix(s, "-r") && len(s) > 2:
			names = append(names, s[2:])
		case m.fam == lang.Node && (s == "--build-snapshot-config" || strings.HasPrefix(s, "--build-snapshot-config=")):
			m.snapshotBuilder(s, next) // its builder script runs (interpvars.go)
		case m.fam == lang.Node && nodeLoads.Has(s):
			names = append(names, next) // node -r ./x: x.js
		case m.fam == lang.Node && strings.HasPrefix(s, "--"):
			if k, v, ok := strings.Cut(s, "="); ok && nodeLoads.Has(k) {
				names = append(names, v)
			}
		}
	}
	if m.fam == lang.Python {
		m.stdlibShadows(m.dirs[0]) // the script's directory
		m.pythonPath(m.dirs[1:])
	}
	m.follow(lang.Loads{Modules: names}, "", 0)
	m.varModules() // NODE_REPL_EXTERNAL_MODULE (interpvars.go)
	if debugger {
		m.perlDebugger() // perl -d: PERL5DB's code (interpvars.go)
	}
}

// code follows what code the interpreter runs loads: the command's own
// code (a one-liner: depth 0), or a file's, from its directory. A name
// guard cannot read is hidden in either: the files the loader looks in
// are all in places the agent can write.
func (m *moduleLoader) code(text, dir string, depth int) {
	if m.fam == lang.Python {
		t, ok := sourceText(text) // # coding: utf-7 (files.go)
		if !ok {
			m.c.w.hide("loads a python module that declares a source encoding guard does not decode: it cannot tell what code runs")
			return
		}
		text = t
	}
	l := lang.Imports(m.fam, text)
	if l.Dynamic {
		m.c.w.hide("hands %s's module loader a name guard cannot read: it cannot tell what code runs", m.c.name)
		return
	}
	if !m.evaluated && lang.Evaluates(m.fam, text) {
		m.evaluated = true
		m.c.evaluatedFeed(text, depth) // exec(sys.stdin.read()) < F (evalfeed.go)
		if m.fam == lang.Python {
			m.c.codecFeed(text) // exec(open(F, encoding="utf-7").read())
		}
	}
	if m.fam == lang.Python {
		m.c.codeCGI(text)      // http.server.test(HandlerClass=CGIHTTPRequestHandler) (pycgi.go)
		m.c.runpyModules(text) // runpy.run_module("http.server", run_name="__main__") (pyrunpy.go)
		m.c.codePdb(text)      // breakpoint(): .pdbrc (pdbrc.go)
	}
	if !m.shelled && lang.RunsShellText(m.fam, text) {
		m.shelled = true
		m.c.shellFeed(text, depth) // os.system(sys.stdin.read()) < F (shellfeed.go)
	}
	if m.fam == lang.Python && lang.PyRunValue(text) {
		// map(os.system, […]), partial(subprocess.run, …): the function
		// runs what it is handed where guard does not follow (pyrunalias.go)
		m.c.w.hide("runs in %s code that hands on a function that runs programs (os.system, subprocess.run…) as a value: guard cannot tell what it runs", m.c.name)
	}
	m.childFeed(text, depth)     // subprocess.run(["sh", "-c", x]), stdin=open(F)
	m.computedFeed(text, depth)  // operator.attrgetter("system")(os)(x)
	m.computedNames(text, depth) // open('crhsab./~'[::-1], 'a')
	n := len(m.dirs)
	if l.WorkDir && !slices.Contains(m.dirs, "") && len(m.dirs) < maxModuleDirs {
		m.dirs = append(m.dirs, "") // sys.path.append(os.getcwd())
	}
	m.edited = m.edited || len(l.Dirs) > 0 || l.WorkDir
	for _, d := range l.Dirs {
		if len(m.dirs) < maxModuleDirs {
			m.dirs = append(m.dirs, path.Join(dir, d))
			m.cwdDirs = append(m.cwdDirs, m.relativeDirs(m.dirs[len(m.dirs)-1:])...)
		}
	}
	m.zipEntries(m.dirs[n:]) // sys.path.insert(0, "lib.zip") (pyzip.go)
	// site.addsitedir("d") runs d's .pth files (pystart.go)
	m.siteDirs(l.SiteDirs, dir)
	m.follow(l, dir, depth)
	m.movedLoads(text, l, depth) // os.chdir("sub"); import x (modchdir.go)
}

// program follows what the program file at p loads: python looks for its
// modules in the file's directory first (not the working directory).
func (m *moduleLoader) program(text, p string) {
	dirs := m.moduleDirs(p)
	if m.fam == lang.Python && len(m.dirs) > 0 && m.dirs[0] == "" {
		// sys.path[0] is the directory of the script's real file; the
		// link's own directory is searched too (a superset of python's).
		var first []string
		for _, d := range dirs {
			if d == "." {
				first = append(first, "") // the working directory
				continue
			}
			m.stdlibShadows(d) // the script's directory comes before the standard library
			first = append(first, d)
		}
		slices.Reverse(first) // the real file's directory first
		m.dirs = append(first, m.dirs[1:]...)
		m.cwdDirs = nil // sys.path[0] is the script's directory, made absolute
	}
	m.seen[word.Clean(m.c.w.Where(p))] = true
	for _, d := range dirs {
		m.code(text, d, 1)
	}
}

// maxModuleLinks bounds the symbolic links followed from one module file.
const maxModuleLinks = 8

// moduleDirs returns the directories a module file at p (as the command
// names it) resolves its relative names from: its own, and where it is a
// symbolic link, each target's in turn. node resolves a module's
// require("./x") and import "./x" from its real file (unless
// --preserve-symlinks), python sets sys.path[0] to the script's real
// directory: a bin/main.js -> ../lib/main.js loads lib/helper.js, not
// bin/helper.js. guard looks in both. The file's real path, with the
// links among its directories resolved as the kernel does (a ln -> x/lib
// whose main.js requires ../helper loads x/helper.js: FINDINGS59c C6),
// gives one more.
func (m *moduleLoader) moduleDirs(p string) []string {
	dirs := []string{path.Dir(p)}
	st, ok := m.c.w.Files.(effect.Stater)
	if !ok {
		return dirs
	}
	real, resolved := m.c.w.physicalName(p)
	// Looked up outside the link look-ups' budget (effect.MaxLinks): the
	// module files are bounded (maxModuleFiles).
	for i := 0; i < maxModuleLinks && word.IsKnown(p); i++ {
		kind, text := st.Lstat(m.c.w.Where(p))
		if kind != effect.EntryLink || text == "" {
			break
		}
		if !strings.HasPrefix(text, "/") {
			text = path.Join(path.Dir(p), text)
		}
		p = text
		if d := path.Dir(p); !slices.Contains(dirs, d) {
			dirs = append(dirs, d)
		}
	}
	if d := path.Dir(real); resolved && !slices.Contains(dirs, d) {
		dirs = append(dirs, d)
	}
	return dirs
}

// follow loads, from dir, each module and file l names; a library that
// reads a credential file by default reads it (catalogue.CredModules).
func (m *moduleLoader) follow(l lang.Loads, dir string, depth int) {
	m.credModules(l.Modules)
	for _, f := range l.Files {
		m.load(m.fileCandidates(f), depth)
	}
	m.guess = true // a "x.py" literal: skipped when the command changes it unseen
	for _, f := range l.Named {
		m.load(m.fileCandidates(f), depth)
	}
	m.guess = false
	for _, name := range l.Modules {
		if m.fam == lang.Node && m.nodeSpecifier(name, dir, depth) {
			continue // data:…, node:fs, the package's own name (noderesolve.go)
		}
		for _, in := range m.candidates(name, dir) {
			found := false
			for _, cands := range in {
				found = m.load(cands, depth) || found
			}
			if found && !m.edited {
				break // found in this directory: the ones after it are not looked in
			}
		}
	}
	m.stars(l.Stars, dir, depth) // pyall.go
}

// load scans the first of cands that is a file (each a path as the
// command names it) as a program the interpreter runs, and follows what it
// loads; it reports whether one was found.
func (m *moduleLoader) load(cands []string, depth int) bool {
	w := m.c.w
	for _, p := range cands {
		if computedValue(p) {
			// require('./$(git rev-parse --short HEAD)'): a name the
			// command computes, which may be a file the agent made
			w.hide("hands %s's module loader a name it computes (a command's output): guard cannot tell what code runs", m.c.name)
			return true
		}
		if p == "" || word.HasMark(p) || strings.ContainsAny(p, "*?[\n") {
			continue
		}
		if word.IsStdin(p) && p != "-" {
			m.c.evalStdin() // runpy.run_path("/dev/stdin") < F: what the command feeds it
			return true
		}
		key := word.Clean(w.Where(p))
		if m.seen[key] {
			return true
		}
		if !m.isFile(p, key, depth) {
			if m.fam == lang.Python && strings.HasSuffix(p, ".py") && m.bare(p+"c", depth) {
				return true // NAME.pyc where no NAME.py is (pycache.go)
			}
			continue
		}
		m.seen[key] = true
		if m.nodeAddon(p) {
			return true
		}
		if m.files >= maxModuleFiles || w.Nread >= effect.MaxFiles-2 {
			m.full(depth)
			return true
		}
		m.files++
		w.Read(p)
		t, ok := w.WrittenText(p)
		written := ok
		if !ok {
			t, ok = w.FileText(p, true, maxModuleBytes, "a module")
		}
		if ok && m.fam == lang.Node && json.Valid([]byte(t)) {
			// require("./package.json"): JSON text is data to node's
			// loader, and no code to any other (a loader that runs it as
			// JavaScript meets an object literal, or a syntax error).
			return true
		}
		if written {
			m.c.scanWritten(t) // the command wrote it: its text is the command's
		} else if ok {
			m.c.scanFile(t, false)
		}
		if ok { // the depth is bounded by maxModuleFiles: each level reads a new file
			for _, d := range m.moduleDirs(p) {
				m.code(t, d, depth+1)
			}
		}
		if m.fam == lang.Python && strings.HasSuffix(p, ".py") {
			m.cached(p, depth) // __pycache__/NAME.*.pyc (pycache.go)
		}
		return true
	}
	return false
}

// isFile reports whether p (key, as the shell names it) is a file, looked
// up once for the whole command within maxModuleProbes; past the bound it
// is none, recorded by full.
func (m *moduleLoader) isFile(p, key string, depth int) bool {
	w := m.c.w
	if _, written := w.WrittenEntry(key); written {
		// The command's own file: text it wrote, a copy or move of another
		// file (read as its source), or a change guard cannot see (a link
		// it made, an archive extracted): load reads the one and hides the
		// other.
		_, st := w.FileStatus(p, true, maxModuleBytes)
		return st != effect.FileAbsent && (!m.guess || st == effect.FileWhole)
	}
	if is, ok := w.modFiles[key]; ok {
		return is
	}
	if w.modProbes >= maxModuleProbes {
		m.full(depth)
		return false
	}
	w.modProbes++
	if w.modFiles == nil {
		w.modFiles = map[string]bool{}
	}
	is := w.IsFile(p)
	w.modFiles[key] = is
	return is
}

// full records that a bound of the modules followed was passed: hidden,
// whether the command's own code or a module file names the module (the
// loader looks only where the agent can write).
func (m *moduleLoader) full(int) {
	m.c.w.hide("loads more of the project's modules than guard reads (%d files, %d look-ups)", maxModuleFiles, maxModuleProbes)
}

// modFiles are the files importing a module from one directory runs: of
// each list, the first that is a file.
type modFiles [][]string

// candidates returns, for each directory in the order the interpreter
// looks in them, the files module name may be, imported from code in dir:
// python's a.b is a/__init__.py and a/b/__init__.py or a/b.py (.b from
// dir), node's ./x is x, x.js, x/index.js… (nodePaths), perl's A::B is
// A/B.pmc or A/B.pm, ruby's
// x is x.rb, lua's a.b is a/b.lua or a/b/init.lua. A name guard cannot
// resolve to a file of the agent's (node's and ruby's packages, a URL) has
// none.
func (m *moduleLoader) candidates(name, dir string) []modFiles {
	var out []modFiles
	switch m.fam {
	case lang.Python:
		rest := strings.TrimLeft(name, ".")
		if dots := len(name) - len(rest); dots > 0 {
			base := dir
			for range dots - 1 {
				base = path.Join(base, "..")
			}
			return []modFiles{pythonFiles(base, rest)}
		}
		for _, d := range m.dirs {
			out = append(out, pythonFiles(d, rest))
		}
	case lang.Node:
		if strings.Contains(name, ":") {
			return nil // node:fs, data:…: nodeSpecifier (noderesolve.go)
		}
		if strings.HasPrefix(name, "./") || strings.HasPrefix(name, "../") || strings.HasPrefix(name, "/") {
			return []modFiles{{m.c.nodePaths(path.Join(dir, name))}}
		}
		if m.nodeModule(name, dir) { // nodemodules.go
			return nil
		}
		for _, d := range m.dirs {
			out = append(out, modFiles{m.c.nodePaths(path.Join(d, name))})
		}
	case lang.Perl:
		for _, d := range m.dirs {
			p := path.Join(d, strings.ReplaceAll(name, "::", "/"))
			out = append(out, modFiles{{p + ".pmc", p + ".pm"}}) // require tries NAME.pmc first
		}
	case lang.Ruby:
		if strings.HasPrefix(name, "./") || strings.HasPrefix(name, "../") || strings.HasPrefix(name, "/") {
			return []modFiles{{{path.Join(dir, name) + ".rb", path.Join(dir, name)}}}
		}
		for _, d := range m.dirs {
			out = append(out, modFiles{{path.Join(d, name) + ".rb", path.Join(d, name)}})
		}
	case lang.Lua:
		p := strings.ReplaceAll(name, ".", "/")
		out = append(out, modFiles{{p + ".lua", p + "/init.lua"}})
	}
	return out
}

// pythonFiles returns the files importing the dotted module name from
// directory d runs: each package's __init__.py on the way, then the
// module's file or its package's.
func pythonFiles(d, name string) modFiles {
	if name == "" {
		return modFiles{{path.Join(d, "__init__.py")}} // from . import m
	}
	parts := strings.Split(name, ".")
	var out modFiles
	for i := 1; i < len(parts); i++ {
		out = append(out, []string{path.Join(d, strings.Join(parts[:i], "/"), "__init__.py")})
	}
	p := path.Join(d, strings.Join(parts, "/"))
	// FileFinder tries the package directory before the module file.
	return append(out, []string{p + "/__init__.py", p + ".py"})
}

// extractCalls are the archive-extracting calls of interpreter code:
// python's shutil and tarfile/zipfile, perl's Archive::Extract and
// Archive::Tar, PHP's ZipArchive and PharData, node's adm-zip, tar and
// extract-zip, ruby's Zip::File and Gem::Package.
var extractCalls = [...]string{"unpack_archive", "extractall", ".extract(", "Archive::Extract", "Archive::Tar", "ZipArchive",
	"extractTo", "extractAllTo", "adm-zip", "extract-zip", "tar.x(", "tar.extract", "Zip::File", "Gem::Package", "PharData"}

// maxCodeExtractDirs bounds the destinations one code text is taken to
// extract into.
const maxCodeExtractDirs = 4

// codeExtracts records, for interpreter code that extracts an archive
// (shutil.unpack_archive("x.zip"), zipfile.ZipFile(…).extractall()), an
// extraction of each archive literal it names (by suffix, or by its bytes)
// into the working directory and each other directory-like literal (its
// extract_dir, path=…): what the archive holds is written there, read as
// tar's and unzip's handlers read it.
func (c *cmd) codeExtracts(code string) {
	found := false
	for _, k := range extractCalls {
		found = found || strings.Contains(code, k)
	}
	if !found {
		return
	}
	lits := lang.Literals(code)
	var archives []string
	dirs := []string{"."}
	for _, l := range lits {
		if p, ok := effect.Candidate(l); !ok || !word.IsKnown(p) || strings.ContainsAny(p, " \t\n*?[") {
			continue
		}
		if head, _ := c.head(l); catalogue.Archive(path.Base(l), head) {
			archives = append(archives, l)
		} else if len(dirs) < maxCodeExtractDirs && !strings.ContainsAny(l, "%{}()=:,;<>|&$") && !strings.HasPrefix(l, "-") {
			// extract_dir, path=…: a mode ("r") is a harmless guess
			dirs = append(dirs, l)
		}
	}
	for _, a := range archives {
		c.extractsInto(a, dirs...)
	}
}

// credModules records a read of the credential file each module of names
// reads at its default place (import netrc, boto3).
func (m *moduleLoader) credModules(names []string) {
	if m.c.w.Home == "" {
		return
	}
	var fam string
	switch m.fam {
	case lang.Python:
		fam = "python"
	case lang.Node:
		fam = "node"
	case lang.Perl:
		fam = "perl"
	case lang.Ruby:
		fam = "ruby"
	default:
		return
	}
	for _, n := range names {
		if store, ok := catalogue.ModuleStore(fam, n); ok {
			m.c.w.Read(path.Join(m.c.w.Home, store))
		}
	}
}

// awkOperands spends awk's operands (its input files, x=1 assignments)
// and the values of its -v and --assign options (-v root="$2/": a
// variable's text) when code cannot hand any of them to something that
// writes, opens or runs it: no getline, system(), close(), ARGV, and no
// print into a file (a -v value may be joined into its name). awk then
// only reads its input files (recorded as reads apart): they are no
// touches. The program is the whole of it (awkProgramTexts: every -e
// piece and the program operand, as gawk and as mawk read the words). Other options' values stay as they were (gawk -f F). A library
// loaded (gawk -i inplace, -l, @include, @load) may write them: kept.
func (c *cmd) awkOperands(code string) {
	if !lang.AwkFamily(c.name) {
		return
	}
	// the whole program decides, not the piece scanned: -e A -e B is one
	// program, and a library A includes may write what B only prints
	code = strings.Join(append(c.awkProgramTexts(), code), "\n")
	if lang.AwkComputedOutput(code) || len(lang.AwkOutputs(code)) > 0 || !c.awkOptionsPrintOnly() {
		return
	}
	for _, s := range []string{"getline", "system", "ARGV", "close", "fflush", "FILENAME", "@include", "@load", "inplace"} {
		if strings.Contains(code, s) {
			return
		}
	}
	in, _ := catalogue.InterpreterOf(c.name)
	ends := false
	for j := 0; j < len(c.args); j++ {
		switch s := c.args[j].Text; {
		case ends || !strings.HasPrefix(s, "-") || s == "-":
			c.spend(j)
		case s == "--":
			ends = true
		case s == "-v" || s == "--assign":
			if j++; j < len(c.args) {
				c.spend(j)
			}
		case strings.HasPrefix(s, "-v") || strings.HasPrefix(s, "--assign="):
			c.spend(j)
		case in.WithArg.Has(s):
			j++
		}
	}
}

// awkArgv checks the files awk code names by setting ARGV, the list of
// files awk reads after BEGIN: a value joined from literals is a file
// read (relative to the working directory), one with a part guard does
// not know is a run-time name read, and a change guard cannot follow
// (split(s, ARGV), gsub into an element) is hidden.
func (c *cmd) awkArgv(code string) {
	a := lang.AwkArgs(code)
	if a.Computed {
		c.w.hide("runs awk code that changes its list of input files (ARGV) in a way guard cannot follow (split, sub, getline or a function storing into it): guard cannot tell what files it reads")
	}
	for _, f := range a.Files {
		c.w.Read(f) // ARGV[1] = "a" x
	}
}

// awkGetlines checks what awk code's getline calls start and read: a
// command joined from literals is analysed as shell text, one built from
// a part guard does not know is hidden (as a computed call), a file name
// with such a part is a run-time name read.
func (c *cmd) awkGetlines(code string) {
	g := lang.AwkGetlines(code)
	if g.Computed {
		c.w.hide("runs awk code that starts a command whose text it computes (EXPR | getline): guard cannot tell what it runs")
	}
	for _, sc := range g.Commands {
		c.w.maybeShell(sc)
	}
	for _, f := range g.Files {
		c.w.Read(f) // getline l < $0
	}
}
