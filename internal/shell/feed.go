package shell

// Programs that run other commands with what they are fed: xargs,
// parallel, find -exec and -delete.

import (
	"cmp"
	"path"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// inner analyses a command another one runs (xargs, parallel, find -exec,
// rg --pre, screen, cmake -E chdir) as a pipeline stage of its own, and
// returns it.
func (c *cmd) inner(words []word.Word) *cmd { return c.innerFed(words, nil) }

// innerFed is inner for a command that a runner hands what fed says. The
// runner executes the program (no shell between): a name the shell has
// as a builtin (echo, true, [) is the program found on PATH, in the
// runner's environment (viaProgram, runFound: FINDINGS56d P8).
func (c *cmd) innerFed(words []word.Word, fed *fedInput) *cmd {
	in := &cmd{w: c.w, piped: c.piped, redirs: c.redirs, handed: fed, viaProgram: true}
	in.run(words)
	return in
}

// fedInput is what a runner hands a command it runs that guard cannot
// tell: the operands xargs or parallel read (appended, or in place of a
// replace string), or the text tar pipes into its --to-command. A shell or
// interpreter whose script or program is among it runs code guard cannot
// see (see hiddenFeed).
type fedInput struct {
	by    string // the runner, for the reason
	repl  string // the replace string that stands for the operands (xargs -I R), or ""
	stdin bool   // what is fed is standard input, not operands
	wild  bool   // the names appended may be any path (runnames.go)
	// operand: the runner appends an operand of its own to the command's
	// words (git's editor: the file to edit), which only a program known
	// to open it as a file takes as data (handedOperand); use is what
	// that operand is (catalogue.HandedUse).
	operand bool
	use     catalogue.HandedUse
	// text: what is fed on standard input is text of the runner's own
	// (git's log to a pager, a file to a filter), which only a program
	// known to read it as data takes as data (fedReader).
	text bool
}

// hiddenFeed reports whether the script or program of c, a shell or an
// interpreter a runner runs, is what the runner feeds it, and then records
// that it runs what guard cannot see: own (its script file or program
// file) when it holds the replace string, or (text, a -c script or code)
// when it is the replace string; with no such word of its own (own nil),
// the operands the runner appends, or its standard input when that is what
// the runner feeds and no redirection replaced it. A -c script that only
// holds the replace string (xargs -I{} sh -c 'wc -l {}') is analysed as
// written.
func (c *cmd) hiddenFeed(own *word.Word, text bool, what string) bool {
	f := c.handed
	switch {
	case f == nil:
		return false
	case own != nil && (f.repl == "" || !text && !strings.Contains(own.Text, f.repl) || text && strings.TrimSpace(own.Text) != f.repl):
		return false
	case own == nil && f.stdin && c.stdinReplaced():
		return false
	}
	c.w.hide("runs as %s what %s hands it, which guard cannot tell", what, f.by)
	return true
}

// fedShell is hiddenFeed for a shell: its -c script or its script file,
// else what the runner appends (its first operand is the script; not with
// -s, whose script is standard input) or feeds on standard input.
func (c *cmd) fedShell(script, file int, sflag bool) bool {
	switch {
	case c.handed == nil && script >= 0:
		return c.fedPositional(c.args[script], "a script")
	case c.handed == nil && file >= 0:
		return c.fedPositional(c.args[file], "a script")
	case c.handed == nil:
		return false
	case script >= 0:
		return c.hiddenFeed(&c.args[script], true, "a script")
	case file >= 0:
		return c.hiddenFeed(&c.args[file], false, "a script")
	case sflag && !c.handed.stdin:
		return false // xargs sh -s: the operands are arguments; standard input is empty
	}
	return c.hiddenFeed(nil, false, "a script")
}

// fedPositional reports whether a, the script or program file of a shell
// or interpreter inside an sh -c script a runner hands its operands
// (xargs sh -c 'bash "$1"' _), is one of those positional parameters, and
// then records that it runs what guard cannot see.
func (c *cmd) fedPositional(a word.Word, what string) bool {
	if c.w.fedArgs == "" || a.Known || !positionalWord(word.Render(a.Text)) {
		return false
	}
	c.w.hide("runs as %s what %s hands it, which guard cannot tell", what, c.w.fedArgs)
	return true
}

// positionalWord reports whether s is a positional parameter as an
// unresolved word writes it: $0 … $9, $@, $*.
func positionalWord(s string) bool {
	return len(s) == 2 && s[0] == '$' && (s[1] >= '0' && s[1] <= '9' || s[1] == '@' || s[1] == '*')
}

// fedProgram is hiddenFeed for an interpreter: its code or program file,
// else what the runner appends or feeds (its program).
func (c *cmd) fedProgram(code, file int) bool {
	switch {
	case c.handed == nil && code >= 0:
		return c.fedPositional(c.args[code], "code")
	case c.handed == nil && file >= 0:
		return c.fedPositional(c.args[file], "a program")
	case c.handed == nil:
		return false
	case code >= 0:
		return c.hiddenFeed(&c.args[code], true, "code")
	case file >= 0:
		return c.hiddenFeed(&c.args[file], false, "a program")
	}
	return c.hiddenFeed(nil, false, "a program")
}

// adopt makes c stand for the command it runs.
func (c *cmd) adopt(in *cmd) {
	c.name, c.args, c.kinds = in.name, in.args, in.kinds
	c.rendered = in.rendered
	c.own = append(c.own, in.own...)
	c.extra = append(c.extra, in.extra...)
	c.out = in.out
}

// fed returns what is piped into xargs or parallel, when known: echo's
// words (its lines with byLine: xargs -I, parallel), find's paths.
func (c *cmd) fed(byLine bool) []word.Word {
	switch {
	case c.stdin.known && byLine:
		var out []word.Word
		for _, l := range strings.Split(strings.TrimRight(c.stdin.text, "\n"), "\n") {
			out = append(out, word.Word{Text: l, Known: word.IsKnown(l)})
		}
		return out
	case c.stdin.known && c.name == "xargs" && strings.ContainsAny(c.stdin.text, `\'"`):
		return xargsWords(c.stdin.text)
	case c.stdin.known:
		return word.Split(c.stdin.text)
	case len(c.stdin.paths) > 0 && !c.stdin.entries: // ls's: the runner's names (runWith)
		var out []word.Word
		for _, p := range c.stdin.paths {
			out = append(out, word.Word{Text: p, Known: true})
		}
		return out
	case c.stdin.file != "":
		return c.argFileWords(word.Word{Text: c.stdin.file, Known: true}, byLine) // xargs cat < F (namelists.go)
	}
	return nil
}

// xargsWords splits text as xargs reads its input without -0 or -d:
// blanks separate words, a backslash takes the next character as it is,
// and single or double quotes hold blanks (xargs hands echo \056 for
// the input \\056).
func xargsWords(text string) []word.Word {
	var out []word.Word
	var b strings.Builder
	in, quote := false, byte(0)
	flush := func() {
		if in {
			out = append(out, word.Word{Text: b.String(), Known: word.IsKnown(b.String())})
		}
		b.Reset()
		in = false
	}
	for i := 0; i < len(text); i++ {
		ch := text[i]
		switch {
		case quote != 0 && ch == quote:
			quote = 0
		case quote != 0:
			b.WriteByte(ch)
		case ch == '\\' && i+1 < len(text):
			i++
			b.WriteByte(text[i])
			in = true
		case ch == '\'' || ch == '"':
			quote, in = ch, true
		case ch == ' ' || ch == '\t' || ch == '\n':
			flush()
		default:
			b.WriteByte(ch)
			in = true
		}
	}
	flush()
	return out
}

// xargsLines splits text as xargs -I (-i, --replace) reads its input
// (GNU findutils' read_line with a replace string): an item a line, its
// leading blanks skipped, empty lines none; blanks inside are kept, yet
// single and double quotes are still removed and a backslash takes the
// next character as it is (a newline too: the item goes on). A quote left
// open at the line's end is xargs's error: it reads no further.
func xargsLines(text string) []word.Word {
	var out []word.Word
	var b strings.Builder
	lead, quote := true, byte(0)
	for i := 0; i < len(text); i++ {
		ch := text[i]
		switch {
		case quote != 0 && ch == '\n':
			return out // unmatched quote: xargs stops
		case quote != 0 && ch == quote:
			quote = 0
			lead = false
		case quote != 0:
			b.WriteByte(ch)
		case lead && (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\v' || ch == '\f' || ch == '\r'):
		case ch == '\n':
			if b.Len() > 0 {
				out = append(out, word.Word{Text: b.String(), Known: word.IsKnown(b.String())})
			}
			b.Reset()
			lead = true
		case ch == '\\' && i+1 < len(text):
			i++
			b.WriteByte(text[i])
			lead = false
		case ch == '\'' || ch == '"':
			quote, lead = ch, false
		default:
			b.WriteByte(ch)
			lead = false
		}
	}
	if quote == 0 && b.Len() > 0 {
		out = append(out, word.Word{Text: b.String(), Known: word.IsKnown(b.String())})
	}
	return out
}

// xargsShort are xargs's short options that take a value (GNU's
// getopt string, and BSD's -J); -e, -i and -l take one only in their word.
const xargsShort = "aEIJLnsPd"

var xargsWithArg = word.Set(" -n -P -L -d -s -E -a --max-args --max-procs --max-lines --delimiter --max-chars --eof --arg-file ")

// xargs runs its command with the words it reads appended, or put in place
// of the replace string (-I R, -i, --replace[=R], BSD's -J R).
func (c *cmd) xargs() {
	saved := c.args
	split, added := word.SplitClusters(c.args, xargsShort, "eil") // -tI{}, -ti, -rI R: as xargs's getopt reads them
	c.args = split
	o, j := c.xargsOptions()
	c.args, j = saved, j-added
	if c.stdin.nulOnly && !o.whole {
		c.stdin.paths, c.stdin.names, c.stdin.tame = nil, nil, false // split at blanks: any name (splitnames.go)
	}
	words := c.args[min(j, len(c.args)):]
	if len(words) == 0 {
		words = []word.Word{{Text: "echo", Known: true}}
	}
	// -L reads lines, yet splits each into words as without it: only a
	// replace string makes the line one item (xargsLines).
	inputs := c.delimFed(o.repl != "", o.delim)
	if o.argFile != nil {
		inputs = c.argFileWords(*o.argFile, o.repl != "")
	}
	if quoted, ok := c.xargsQuoted(o); ok {
		inputs = quoted
	}
	if o.whole {
		if t, ok := c.xargsText(o); ok {
			inputs = nulItems(t)
			if len(inputs) > maxListNames {
				c.w.hide("runs a command on more than %d items xargs reads, more than guard checks", maxListNames)
			}
		}
	}
	if o.argFile == nil {
		c.w.inStdin = nil // xargs reads the words on standard input: its command's is /dev/null
	}
	// xargs CMD < F reads F as xargs -a F does: a file whose text guard
	// cannot tell (the command wrote it) gives names that may be any path.
	c.runWith(words, inputs, o.repl, o.argFile != nil || c.stdin.file != "")
}

// cArgs cuts each of a program's arguments at its first NUL, as execve
// passes them (C strings): an item xargs read with a NUL in it (-d, no
// -0) ends there, in the words it is put in too.
func cArgs(ws []word.Word) {
	for i := range ws {
		if t, _, cut := strings.Cut(ws[i].Text, "\x00"); cut {
			ws[i] = word.Word{Text: t, Known: ws[i].Known}
		}
	}
}

// xargsText returns the text xargs reads its items from, wherever they
// come from: its list file (-a F), its known standard input (a pipe, a
// here-string) or the file it is redirected from (with -0 too:
// FINDINGS60b B24); false where guard cannot read it.
func (c *cmd) xargsText(o xargsOpts) (string, bool) {
	switch {
	case o.argFile != nil:
		return c.listFile(*o.argFile)
	case c.stdin.known:
		return c.stdin.text, true
	case len(c.stdin.paths) == 0 && c.stdin.file != "":
		return c.listFile(word.Word{Text: c.stdin.file, Known: true})
	}
	return "", false
}

// nulItems returns the items xargs -0 (or -d '\0') reads from known text:
// one for each NUL-ended piece, the last one whether or not a NUL ends it
// (printf 'a\0~/.bashrc\0' is two items, FINDINGS59a A6); text with no
// NUL is one item (echo's, less its newline).
func nulItems(text string) []word.Word {
	pieces := strings.Split(text, "\x00")
	if len(pieces) == 1 {
		t := strings.TrimSuffix(text, "\n")
		return []word.Word{{Text: t, Known: word.IsKnown(t)}}
	}
	if pieces[len(pieces)-1] == "" {
		pieces = pieces[:len(pieces)-1]
	}
	out := make([]word.Word, 0, len(pieces))
	for _, p := range pieces {
		out = append(out, word.Word{Text: p, Known: word.IsKnown(p)})
	}
	return out
}

// xargsQuoted returns the items xargs reads where neither -0 nor -d
// turns its quoting off: of its list file (-a F), its known standard
// input or the file it is redirected from, read by xargs's own rules
// (xargsLines with a replace string, xargsWords without); false where it
// reads none of those.
func (c *cmd) xargsQuoted(o xargsOpts) ([]word.Word, bool) {
	if o.delim != "" || o.whole {
		return nil, false
	}
	read := xargsWords
	if o.repl != "" {
		read = xargsLines
	}
	t, ok := c.xargsText(o)
	if !ok {
		return nil, false
	}
	ws := read(t)
	if o.argFile == nil && c.stdin.known {
		return ws, true
	}
	return ws[:min(len(ws), maxListNames)], true // as argFileWords
}

// xargsOpts are what xargs's options set: the replacement string (-I),
// whether the input is one item (-0 with echo's text) or read by lines
// (-L), the items' delimiter (-d C, as xargs decodes it) and the list file
// it reads (-a F: namelists.go).
type xargsOpts struct {
	repl, delim   string
	whole, byLine bool
	argFile       *word.Word
}

// xargsOptions reads xargs's options; it returns them and the index of the
// command's first word.
func (c *cmd) xargsOptions() (xargsOpts, int) {
	var o xargsOpts
	j := 0
	for j < len(c.args) {
		s := c.args[j].Text
		switch {
		case s == "--":
			return o, j + 1
		case s == "-I" || s == "-J":
			if j+1 < len(c.args) {
				o.repl = c.args[j+1].Text
			}
			j += 2
		case (strings.HasPrefix(s, "-I") || strings.HasPrefix(s, "-J") || strings.HasPrefix(s, "-i")) && len(s) > 2:
			o.repl = s[2:]
			j++
		case s == "-i" || s == "--replace":
			o.repl = "{}"
			j++
		case strings.HasPrefix(s, "--replace="):
			o.repl = strings.TrimPrefix(s, "--replace=")
			if o.repl == "" {
				o.repl = "{}"
			}
			j++
		case s == "-a" || s == "--arg-file" || xargsFlagsThenA(s):
			if j+1 < len(c.args) {
				c.w.Read(c.args[j+1].Text)
				o.argFile = &c.args[j+1]
			}
			j += 2
		case strings.HasPrefix(s, "--arg-file="), xargsJoinedArgFile(s) != "":
			// --arg-file=F, -aF, -raF: the list file joined to its option,
			// read as -a F is.
			f := c.args[j]
			if v, ok := strings.CutPrefix(s, "--arg-file="); ok {
				f.Text = v
			} else {
				f.Text = xargsJoinedArgFile(s)
			}
			c.w.Read(f.Text)
			o.argFile = &f
			j++
		case catalogue.XargsVarOpts.Has(s) && j+1 < len(c.args):
			c.slotVar(c.args[j+1].Text)
			j += 2
		case strings.HasPrefix(s, "--") && catalogue.XargsVarOpts.Has(strings.SplitN(s, "=", 2)[0]):
			c.slotVar(strings.SplitN(s, "=", 2)[1])
			j++
		case s == "-0" || s == "--null":
			o.whole, o.delim = true, "" // items end at NUL: echo's text is one
			j++
		case s == "-d" || s == "--delimiter" || strings.HasPrefix(s, "--delimiter=") || strings.HasPrefix(s, "-d") && len(s) > 2:
			var n int
			o.delim, o.whole, n = xargsDelimOpt(c.args, j, s)
			j += n
		case s == "-L" || s == "--max-lines":
			o.byLine = true
			j += 2
		case xargsWithArg.Has(s):
			j += 2
		case strings.HasPrefix(s, "-") && len(s) > 1:
			j++
		default:
			return o, j
		}
	}
	return o, j
}

// slotVar: xargs --process-slot-var=NAME sets NAME, in the environment of
// each command it runs, to its slot number: a value guard
// takes as one it cannot tell (BASH_ENV=0 sources the file 0).
func (c *cmd) slotVar(name string) {
	c.w.envAssign(name + "=" + word.Mark(word.MarkSubst, "slot"))
}

// runWith analyses words run with inputs (xargs, parallel, find -exec): in
// place of repl when it is set and appears, else appended. listed: the
// inputs are a list file's (-a F).
func (c *cmd) runWith(words, inputs []word.Word, repl string, listed bool) {
	uses := false
	if repl != "" {
		for _, x := range words {
			uses = uses || strings.Contains(x.Text, repl)
		}
	}
	var runs [][]word.Word
	switch {
	case uses && len(inputs) > 0:
		for _, in := range inputs[:min(len(inputs), 8)] {
			var ws []word.Word
			for _, x := range words {
				ws = append(ws, word.Word{Text: strings.ReplaceAll(x.Text, repl, in.Text), Known: x.Known && in.Known})
			}
			runs = append(runs, ws)
		}
	default:
		runs = [][]word.Word{append(append([]word.Word(nil), words...), inputs...)}
	}
	for _, ws := range runs {
		cArgs(ws)
	}
	var f *effect.Found // the paths find fed it: their reads are of what they stand for
	if len(c.stdin.paths) > 0 {
		f = &effect.Found{Paths: c.stdin.paths, Names: c.stdin.names, Entries: c.stdin.entries}
	}
	// What it reads is not known: its command gets that, appended or in
	// place of the replace string (with -I R and no R, nothing).
	var fed *fedInput
	name := fedName
	if c.wildFeed(listed) {
		name = wildName // names that may be any path (runnames.go)
	}
	switch {
	case len(inputs) > 0 || c.stdin.known && !listed: // a list file, not standard input, gives the names
	case uses:
		// The replace string stands for a name produced at run time,
		// written {} whatever the runner's string (the hook takes the
		// links of its directory as candidates).
		fed = &fedInput{by: c.name, repl: name}
		runs = [][]word.Word{replaced(words, repl, name)}
	case repl == "" || c.name == "parallel":
		fed = &fedInput{by: c.name, wild: name == wildName}
	}
	c.w.WithFound(f, func() {
		first := c.innerFed(runs[0], fed)
		if fed != nil && !fed.stdin && first.opensOperands() {
			c.hiddenNames = true // names guard cannot tell (namelists.go)
			if fed.repl == "" {
				c.appendedName(first, fed.wild)
			}
			if f != nil && f.Entries && first.readsAppended() {
				c.readEntries(first, f.Paths)
			}
		}
		c.adopt(first)
		if fed != nil && fed.repl == "" && c.out.known {
			// The names appended are not among its words: what it prints
			// is not known text (`… | rev | xargs | xargs rm`). A bare
			// echo prints them as they came (the runner's input: find's
			// paths, tame names); anything else (printf's format, other
			// words) may shape them: wild.
			c.out = output{}
			if first.name == "echo" && len(word.Operands(first.args)) == 0 && !fed.wild {
				c.out = output{paths: c.stdin.paths, names: c.stdin.names, tame: c.stdin.tame, entries: c.stdin.entries}
			}
		}
		for _, r := range runs[1:] {
			in := c.innerFed(r, nil)
			c.extra = append(c.extra, in.lines()...)
		}
	})
}

// readEntries records the reads of program first, run by the runner c
// with the names ls printed (paths: ls | xargs cat reads what cat * reads),
// judged as first's own reads (markReads): opaque where it reshapes what
// it reads, unprinted where it prints none of it (ls | xargs wc -l).
func (c *cmd) readEntries(first *cmd, paths []string) {
	from := len(c.w.a.Reads)
	for _, p := range paths {
		c.w.Read(p)
	}
	first.markReads(from, len(c.w.a.Reads))
}

// fedName is how a name a runner (xargs -I, parallel, find -exec) puts in
// place of its replace string is written when guard cannot tell it: the
// hook reads a {} element as a name produced at run time.
const fedName = "{}"

// appendedName records the name a runner appends to program first's words
// (ls -A | xargs rm -r), produced at run time, as the run-time name {}
// in the working directory: read by a program that only reads what it is
// given (readsAppended), else written (the hook then asks what it could
// name, and which links it could go through).
func (c *cmd) appendedName(first *cmd, wild bool) {
	name := fedName
	if wild {
		name = wildName
	}
	prog := first.name
	if first.readsAppended() {
		c.w.Read(name)
		if first.compilerInput(len(first.args)) {
			first.fedSources() // ls *.c | xargs gcc -E: sources (buildincludes.go)
		}
		return
	}
	meta := c.w.MetaOnly
	c.w.MetaOnly = catalogue.MetaWriters.Has(prog) // rm, chmod: no text changed
	c.w.Write(name)                                // rm, mv, an unknown program: it may write or remove them
	c.w.MetaOnly = meta
}

// readsAppended reports whether c, run with a name appended to its words,
// only reads the file it names, judged by c's own words: a program known
// to only read; gofmt without -w, which prints names or diffs; a compiler
// driver whose last word takes no value (compilerInput).
func (c *cmd) readsAppended() bool {
	if p := catalogue.ProgramNamed(c.name); p != nil && p.Access == catalogue.ReadsOnly {
		return true
	}
	return c.reformats() && !c.gofmtWrites() || c.compilerInput(len(c.args))
}

// compilerInput reports whether argument j of a compiler driver (j may be
// one past its words: a name appended) is an input it reads: the word
// before it is the program's name, an operand or an option's value, or an
// option known to take no next word (gcc -c NAME). After -o, -MF or an option guard does not
// list it may be a file the driver writes.
func (c *cmd) compilerInput(j int) bool {
	if !catalogue.CompilerDrivers.Has(c.name) || !c.w.trusts(c.prog, c.name) {
		return false
	}
	if j == 0 {
		return true
	}
	prev := c.args[j-1].Text
	return !strings.HasPrefix(prev, "-") || catalogue.CompilerTakesNone(prev)
}

// replaced returns words with repl written name (fedName or wildName).
func replaced(words []word.Word, repl, name string) []word.Word {
	out := make([]word.Word, len(words))
	for i, x := range words {
		out[i] = x
		if repl != name && strings.Contains(x.Text, repl) {
			out[i].Text = strings.ReplaceAll(x.Text, repl, name)
			out[i].Known = x.Known && name == fedName
		}
	}
	return out
}

// lines returns the lines a command stands for on its own.
func (c *cmd) lines() []string {
	if len(c.own) > 0 {
		return append(append([]string(nil), c.own...), c.extra...)
	}
	if c.rendered == "" {
		return c.extra
	}
	return append([]string{c.rendered}, c.extra...)
}

var parallelWithArg = word.Set(" -j -N -n -S -a -P --jobs --sshlogin --delay --timeout --joblog --results --colsep --tmpdir --arg-file --max-args -I --replace --wd --workdir ")

// parallel runs its command once per argument after :::, or per word it
// reads.
func (c *cmd) parallel() {
	j := 0
	repl := "{}"
	var argFiles []word.Word
	for j < len(c.args) && strings.HasPrefix(c.args[j].Text, "-") && c.args[j].Text != ":::" {
		s := c.args[j].Text
		if (s == "-I" || s == "--replace") && j+1 < len(c.args) {
			repl = c.args[j+1].Text
		}
		if (s == "-a" || s == "--arg-file") && j+1 < len(c.args) {
			c.w.Read(c.args[j+1].Text)
			argFiles = append(argFiles, c.args[j+1])
		}
		if (s == "--wd" || s == "--workdir") && j+1 < len(c.args) {
			c.parallelDir(c.args[j+1].Text) // unit.go
		}
		if parallelWithArg.Has(s) {
			j++
		}
		j++
	}
	words, inputs, seenSep := c.parallelInputs(j)
	if len(argFiles) > 0 && !seenSep {
		inputs, seenSep = c.listLines(argFiles, "the input of parallel"), true // -a F: as :::: F (inputcmds.go)
	}
	if !seenSep {
		inputs = c.fed(true)
		c.w.inStdin = nil // its standard input is the inputs, read
	}
	if len(words) == 0 {
		// parallel ::: CMD…: each input is a command line; read on
		// standard input guard cannot see, hidden.
		for _, in := range inputs {
			c.w.tentative(in.Text)
		}
		if !seenSep && len(inputs) == 0 && (c.stdin.fromPipe || c.stdin.file != "" || c.stdin.sub != "") {
			c.w.hide("runs as commands the lines parallel reads, which guard cannot tell")
		}
		return
	}
	c.parallelShell(words, inputs, repl) // 'CMD ARGS' ::: …: run by a shell too (unit.go)
	c.runWith(words, inputs, repl, len(argFiles) > 0 || c.stdin.file != "")
}

// parallelInputs returns, from args[j:] of parallel, its command's words,
// the inputs after ::: (and the lines of the files after ::::), and
// whether a separator was given.
func (c *cmd) parallelInputs(j int) (words, inputs []word.Word, seenSep bool) {
	files := false
	for _, x := range c.args[min(j, len(c.args)):] {
		switch {
		case x.Text == ":::" || x.Text == ":::+":
			seenSep, files = true, false
		case x.Text == "::::" || x.Text == "::::+":
			seenSep, files = true, true
		case seenSep && files:
			// :::: FILE: its lines are the inputs
			c.w.Read(x.Text)
			if t, ok := c.w.FileText(x.Text, x.Known, effect.MaxScriptBytes, "the input of parallel"); ok {
				for _, l := range strings.Split(strings.TrimRight(t, "\n"), "\n") {
					inputs = append(inputs, word.Word{Text: l, Known: true})
				}
			}
		case seenSep:
			inputs = append(inputs, x)
		default:
			words = append(words, x)
		}
	}
	return words, inputs, seenSep
}

// foundArgs: an argument that is what $(find …) prints stands for what the
// find found: read (as a tree, see found), and touched when the program
// may write.
func (c *cmd) foundArgs(p *catalogue.Program) {
	for j, a := range c.args {
		if l := c.w.leadOf(a); l != nil && c.kinds[j] == argPlain {
			c.foundLead(p, l) // printed.go
			continue
		}
		sub := a.Sub
		if sub == "" {
			sub = c.w.wholeFind(a) // $f after f=$(find …) or … | while read f
		}
		if sub == "" || a.Known || c.kinds[j] != argPlain {
			continue
		}
		f := c.w.FoundBy(sub)
		if f == nil {
			continue
		}
		for _, fp := range f.Paths {
			c.w.WithFound(f, func() { c.w.Read(fp) })
			if p == nil || p.Access == catalogue.MayWrite || c.mayWrite {
				c.w.Touch(fp)
			}
		}
	}
}

// findReplaced returns the word t of find's -exec with {} replaced by the
// path p it found; before a / ({}/id_rsa), a path found under
// DIR (DIR/…) is written DIR/{}: a name produced at run time, whose
// directory's links the hook takes as candidates.
func findReplaced(t, p string) string {
	if d, ok := strings.CutSuffix(p, "/…"); ok && strings.Contains(t, fedName+"/") {
		return strings.ReplaceAll(t, fedName+"/", d+"/"+fedName+"/")
	}
	return strings.ReplaceAll(t, fedName, p)
}

// findAction is what find does with what it finds: -delete, or a command
// (-exec and the like) run with each path.
type findAction struct {
	words  []word.Word
	delete bool
	// dir is where the command runs when not in the working directory:
	// -execdir and -okdir run it in each found file's parent, a
	// directory guard cannot tell.
	dir string
}

// find prints the paths under its start paths; -delete removes them and
// -exec runs a command on them.
func (c *cmd) find() {
	starts, j := c.findStarts()
	starts = c.findFollows(starts)
	narrowed, names, actions := c.findExpr(j)
	outs := make([]string, 0, len(starts))
	for _, s := range starts[:min(len(starts), 4)] {
		p := c.w.CanonPath(s)
		if narrowed {
			p = strings.TrimSuffix(p, "/") + "/…"
		}
		outs = append(outs, p)
	}
	if !slices.ContainsFunc(c.args, func(a word.Word) bool { return findFormats(a.Text) }) {
		c.out.paths, c.out.names = outs, names
	} // else it prints text of its own making (-printf "%p/id_rsa\n"): names guard cannot tell
	f := &effect.Found{Paths: outs, Names: names}
	c.w.LastFind = f
	c.foundActions(f, narrowed, execdirParents(c.w, starts, actions))
}

// execdirParents adds to actions, for each -execdir or -okdir one, its
// command run in the parent of each start path too: a found file's parent
// is that parent (the start itself found) or a directory below the start
// (guard cannot tell which: unknownDir).
func execdirParents(w *walker, starts []string, actions []findAction) []findAction {
	out := actions
	for _, act := range actions {
		if act.dir == "" {
			continue
		}
		for _, s := range starts[:min(len(starts), 4)] {
			out = append(out, findAction{words: act.words, dir: path.Dir(word.Clean(w.CanonPath(s)))})
		}
	}
	return out
}

// foundActions runs a tree walker's actions (find -delete and -exec, fd -x)
// with what it found, f.
func (c *cmd) foundActions(f *effect.Found, narrowed bool, actions []findAction) {
	outs := f.Paths
	for _, act := range actions {
		for _, p := range findActionPaths(outs, narrowed, act) {
			var words []word.Word
			if act.delete {
				words = []word.Word{{Text: "rm", Known: true}, {Text: "-r", Known: true}, {Text: p, Known: true}}
			} else {
				for _, x := range act.words {
					words = append(words, word.Word{Text: findReplaced(x.Text, p), Known: x.Known})
				}
			}
			if len(words) == 0 {
				continue
			}
			for _, below := range foundBelow(act.words, p, f.Names) {
				c.foundRun(f, act, below)
			}
			// What the inner command writes of START/… (find ~ -name
			// audit.log -delete) stands for START and all it holds (see
			// walker.record): a -name narrows which files, not where.
			var in *cmd
			saved := c.w.Dir
			if act.dir != "" {
				c.w.Dir = c.w.dest(act.dir)
			}
			c.w.WithFound(f, func() { in = c.inner(words) })
			c.w.Dir = saved
			in.synthetic = act.delete
			c.extra = append(c.extra, in.lines()...)
			if in.name != "" {
				c.w.a.Commands = append(c.w.a.Commands, in.command())
			}
		}
	}
}

// foundBelow returns, for a command with a name below what find found
// ({}/pre-commit, in its words or inside a -c script), the command with
// that name written as the found path p itself (DIR/…): a write below a
// found directory is a write of the found tree (DIR/**/NAME, which the
// tree rules weigh on disk: .git/hooks).
func foundBelow(words []word.Word, p string, _ []string) [][]word.Word {
	if !strings.HasSuffix(p, "/…") || !slices.ContainsFunc(words, func(x word.Word) bool { return strings.Contains(x.Text, fedName+"/") }) {
		return nil
	}
	var ws []word.Word
	for _, x := range words {
		ws = append(ws, word.Word{Text: cutBelowFed(x.Text, p), Known: x.Known})
	}
	return [][]word.Word{ws}
}

// cutBelowFed replaces each {}/REST in t (REST up to a blank, a quote or
// a shell operator) with p.
func cutBelowFed(t, p string) string {
	var b strings.Builder
	for {
		i := strings.Index(t, fedName+"/")
		if i < 0 {
			b.WriteString(t)
			return b.String()
		}
		b.WriteString(t[:i])
		b.WriteString(p)
		t = t[i+len(fedName):]
		end := strings.IndexAny(t, " \t\n;|&'\"()<>`")
		if end < 0 {
			end = len(t)
		}
		t = t[end:]
	}
}

// foundRun analyses words, a command find runs with what it found (f).
func (c *cmd) foundRun(f *effect.Found, act findAction, words []word.Word) {
	saved := c.w.Dir
	if act.dir != "" {
		c.w.Dir = c.w.dest(act.dir)
	}
	var in *cmd
	c.w.WithFound(f, func() { in = c.inner(words) })
	c.w.Dir = saved
	c.extra = append(c.extra, in.lines()...)
}

// findFormats reports whether find's word s makes it print text of its
// own format rather than the paths it found.
func findFormats(s string) bool {
	switch s {
	case "-printf", "-fprintf", "-ls", "-fls", "-fprint", "-fprint0":
		return true
	}
	return false
}

// findActionPaths returns the paths find runs action act with: its outs,
// and, when no test narrowed them (an out is the start path itself, and
// all below it), each start's DIR/… too for a command word that goes below
// what find found ({}/id_rsa): any path under the start, a link at any
// depth among them.
func findActionPaths(outs []string, narrowed bool, act findAction) []string {
	if narrowed || act.delete {
		return outs
	}
	below := false
	for _, x := range act.words {
		below = below || strings.Contains(x.Text, fedName+"/")
	}
	if !below {
		return outs
	}
	paths := slices.Clip(outs)
	for _, p := range outs {
		paths = append(paths, strings.TrimSuffix(p, "/")+"/…")
	}
	return paths
}

// findStarts returns find's start paths (each read; . when none) and the
// index of the first word of its expression.
func (c *cmd) findStarts() ([]string, int) {
	var starts []string
	j := 0
	for j < len(c.args) {
		s := c.args[j].Text
		if s == "-H" || s == "-L" || s == "-P" || strings.HasPrefix(s, "-O") || s == "-D" {
			if s == "-D" {
				j++
			}
			j++
			continue
		}
		break
	}
	for j < len(c.args) {
		s := c.args[j].Text
		if strings.HasPrefix(s, "-") || s == "(" || s == "!" || s == ")" || s == "," {
			break
		}
		starts = append(starts, s)
		c.w.Read(s)
		j++
	}
	if listed, ok := c.findListed(); ok {
		return listed, j
	}
	if len(starts) == 0 {
		starts = []string{"."}
	}
	return starts, j
}

// findListed returns the start paths of a find given -files0-from LIST
// (- for standard input) in place of operands: the names LIST holds, each
// read; one guard cannot tell when it cannot read LIST (any path).
func (c *cmd) findListed() ([]string, bool) {
	for j := 0; j+1 < len(c.args); j++ {
		if c.args[j].Text != "-files0-from" {
			continue
		}
		names, ok := c.listNames(c.args[j+1]) // namelists.go
		if !ok {
			names = []string{word.Mark(word.MarkSubst, "list")}
		}
		for _, n := range names {
			c.w.Read(n)
		}
		return names, true
	}
	return nil, false
}

// findFollows returns find's starts with, when it follows links (-L,
// -follow), where the links under each lead: find finds what is there as
// it finds what is under the start (treelinks.go).
func (c *cmd) findFollows(starts []string) []string {
	if !slices.ContainsFunc(c.args, func(a word.Word) bool { return a.Text == "-L" || a.Text == "-follow" }) {
		return starts
	}
	c.w.FollowLinks = c.name
	out := slices.Clone(starts)
	for i := 0; i < len(out) && len(out) <= 4; i++ {
		out = append(out, c.w.LinkTargets(out[i])...) // and the links there lead on
	}
	if len(out) > 4 {
		c.w.hide("%s follows links to more places than guard follows (%d)", c.name, 4)
	}
	return out
}

// findExpr reads find's expression from args[j:]: whether its tests narrow
// what it matches, the names its -name and -iname tests look for (none when
// one of them is negated: then anything may match), and its actions.
func (c *cmd) findExpr(j int) (narrowed bool, names []string, actions []findAction) {
	negated := false
	for j < len(c.args) {
		s := c.args[j].Text
		switch {
		case catalogue.FindExec.Has(s):
			k := catalogue.FindExecEnd(word.Texts(c.args), j)
			act := findAction{words: c.args[j+1 : k]}
			if s == "-execdir" || s == "-okdir" {
				act.dir = unknownDir
			}
			actions = append(actions, act)
			for m := j + 1; m < k; m++ {
				c.kinds[m] = argCode
			}
			j = k + 1
			continue
		case s == "-delete":
			actions = append(actions, findAction{delete: true})
		case catalogue.FindPatterns.Has(s):
			narrowed = true
			if j+1 < len(c.args) {
				c.kinds[j+1] = argData
				if s == "-name" || s == "-iname" {
					negated = negated || j > 0 && (c.args[j-1].Text == "!" || c.args[j-1].Text == "-not")
					names = append(names, c.args[j+1].Text)
				}
			}
			j += 2
			continue
		case catalogue.FindGlobalArg.Has(s):
			j += 2 // -files0-from's list: read as find's starts (findListed)
			continue
		case catalogue.FindGlobal.Has(s), s == "(", s == ")", s == "!", s == "-not", s == "-o", s == "-or", s == "-a", s == "-and", s == ",":
		case s == "-fprint" || s == "-fprint0" || s == "-fls" || s == "-fprintf":
			if j+1 < len(c.args) {
				c.w.Write(c.args[j+1].Text)
			}
			narrowed = true
		default:
			narrowed = true
		}
		j++
	}
	if negated || len(names) > maxFindNames {
		names = nil
	}
	return narrowed, names, actions
}

// maxFindNames bounds the names of one find that are followed; with more,
// it stands for everything under its start paths.
const maxFindNames = 8

// runsHanded analyses src, a command a program runs from one of its options
// or settings (tar --to-command CMD, git -c core.pager=CMD), as sh -c
// would, with what the program hands it (a member's text, its output, its
// own operands) unknown to guard: a shell or interpreter there with no
// script of its own runs what guard cannot tell (see hiddenFeed).
func (w *walker) runsHanded(src, by string) {
	saved := w.feeding
	w.feeding = &fedInput{by: by, stdin: true}
	w.tentative(src)
	w.feeding = saved
}

// runsFedText is runsHanded for a command git feeds text of its own on
// standard input (a pager, a filter): the program it runs first must be
// one known to read that text as data only (fedReader); ed, sqlite3,
// vim -es, bc read it as commands (FINDINGS49a S3).
func (w *walker) runsFedText(src, by string) {
	saved := w.feeding
	w.feeding = &fedInput{by: by, stdin: true, text: true}
	w.tentative(src)
	w.feeding = saved
}

// runsGiven is runsHanded for a command a runner appends operands to
// (git runs core.editor as sh -c 'EDITOR "$@"' EDITOR FILE, diff.external
// with a path and two files, core.sshCommand with a host): src must be
// one simple command, the one the operands go to, and a program known to
// take them as data, as use says they are (handedOperand).
func (w *walker) runsGiven(src, by string, use catalogue.HandedUse) {
	f, err := w.theParser().Parse(strings.NewReader(src), "")
	simple := err == nil && len(f.Stmts) <= 1
	if simple && len(f.Stmts) == 1 {
		_, call := f.Stmts[0].Cmd.(*syntax.CallExpr)
		simple = call && !f.Stmts[0].Background && !f.Stmts[0].Coprocess
	}
	if !simple {
		// Its text is analysed all the same: what it names says more.
		w.hideUnsure("%s hands words of its own (files, a host, a prompt) to a command line guard cannot tell the last command of, which may run them", by)
		w.runsHanded(src, by)
		return
	}
	if !operandReached(src) {
		w.runsHanded(src, by) // EDITOR='cp x y #': the comment takes the file
		return
	}
	saved := w.feeding
	w.feeding = &fedInput{by: by, stdin: true, operand: true, use: use}
	w.tentative(src)
	w.feeding = saved
}

// operandReached reports whether an operand appended to src as git
// appends it (sh -c 'SRC "$@"') is a word of its command, not inside a
// comment src ends with.
func operandReached(src string) bool {
	f, err := syntax.NewParser().Parse(strings.NewReader(src+` "$@"`), "")
	if err != nil {
		return true
	}
	found := false
	syntax.Walk(f, func(n syntax.Node) bool {
		if pe, ok := n.(*syntax.ParamExp); ok && pe.Param != nil && pe.Param.Value == "@" {
			found = true
		}
		return !found
	})
	return found
}

// handedOperand checks c, once analysed as written, when a runner appends
// operands to it (runsGiven): unless it is a program known to take them as
// data (catalogue.TakesHanded: vim, cat, difft for a diff, ssh for a
// host), or, for anything but an editor's file, a program file of its own
// that is there (a script is then read and checked with its arguments
// unknown, as any script guard runs is), what it does with them is not
// known: `. ` sources one, `make -f` reads it as a makefile, `env -S`
// splits it as a command (FINDINGS46a A5, REPORT-A57).
func (c *cmd) handedOperand() {
	f := c.handed
	if f == nil || c.compound {
		return
	}
	if !f.operand {
		c.fedAsFile()
		c.fedText()
		return
	}
	if c.name != "" && catalogue.TakesHanded(f.use, c.name, c.args) {
		if (f.use == catalogue.HandsDiff || f.use == catalogue.HandsConvert) && !slices.Contains(c.w.a.HandedPaths, c.w.Dir) {
			c.w.a.HandedPaths = append(c.w.a.HandedPaths, c.w.Dir) // git's paths, as written
		}
		return
	}
	if f.use != catalogue.HandsFile && strings.Contains(c.prog, "/") && c.w.IsFile(c.prog) {
		return
	}
	name := c.name
	if name == "" {
		name = "a command"
	}
	c.w.hideUnsure("%s hands %s words of its own (files, a host, a prompt), which guard does not know it takes as data (it may run them as code)", f.by, name)
}

// fedAsFile checks c, fed text on standard input by a runner (git's pager
// fed the log, a filter fed a buffer), when a word of its names standard
// input as a file (`make -f -`, `awk -f /dev/stdin`, `make --file=-`,
// `sed -f-`: namesStdin): unless it is a
// program known to only read (less -, cat -), what it does with that text
// is not known (a makefile, a script).
func (c *cmd) fedAsFile() {
	if !c.handed.stdin || c.stdinReplaced() {
		return
	}
	for _, a := range c.args {
		if !namesStdin(a.Text) {
			continue
		}
		if c.name == "" || !catalogue.OpensHanded(c.name, c.args) {
			c.w.hideUnsure("%s feeds %s text it reads as a file of its own (%s), which guard cannot tell", c.handed.by, cmp.Or(c.name, "a command"), a.Text)
		}
		return
	}
}

// fedText checks c, fed text of a runner's own on standard input
// (runsFedText), when no redirection or pipe of its own replaced it:
// unless c is a program known to read its standard input as data only
// (catalogue.FedReader: cat, less, grep, gzip, git lfs), what it does
// with the text is not known: ed, sqlite3, vim -es, bc, dc read it as
// commands (FINDINGS49a S3).
func (c *cmd) fedText() {
	f := c.handed
	if !f.text || c.stdinReplaced() || c.name != "" && catalogue.FedReader(c.name, c.args) {
		return
	}
	c.w.hideUnsure("%s feeds %s text on standard input, which guard does not know it reads as data only (it may run it as commands)", f.by, cmp.Or(c.name, "a command"))
}

// namesStdin reports whether s, a word of a fed program, names standard
// input as a file: whole (-, /dev/stdin), as an option's =-joined value
// (make --file=-) or attached to a short option (make -f-, sed -f-, xargs
// -a/dev/stdin: FINDINGS48a R10). Any option may take a file; guard does
// not ask which do.
func namesStdin(s string) bool {
	if word.IsStdin(s) {
		return true
	}
	if len(s) < 3 || s[0] != '-' {
		return false
	}
	if _, v, ok := strings.Cut(s, "="); ok && word.IsStdin(v) {
		return true
	}
	for k := 2; s[1] != '-' && k < len(s); k++ {
		if word.IsStdin(s[k:]) {
			return true
		}
	}
	return false
}

// stdinReplaced reports whether a redirection or a pipe of c's own gave it
// a standard input other than what a runner feeds it.
func (c *cmd) stdinReplaced() bool {
	return c.stdin.known || c.stdin.file != "" || c.stdin.sub != ""
}

// maxHandedFiles bounds the files a runner's program is analysed with one
// by one (rg --pre PROG FILE…).
const maxHandedFiles = 4

// handFiles analyses prog, a program a runner runs on files (rg --pre PROG
// runs PROG FILE for each file it searches), once with each of files, when
// every one is a file guard knows; otherwise (a directory searched whole,
// no operand, a file not there) once, handed what guard cannot tell. With
// whole (diff3 and sdiff --diff-program PROG, which hand PROG options of
// their own and then their files), once, handed what guard cannot tell.
func (c *cmd) handFiles(prog string, files []word.Word, whole bool, by string) {
	w := c.w
	ok := len(files) > 0 && len(files) <= maxHandedFiles
	for _, f := range files {
		ok = ok && f.Known && (whole || w.IsFile(f.Text))
	}
	p := word.Word{Text: prog, Known: true}
	var runs []*cmd
	switch {
	case !ok:
		runs = append(runs, c.innerFed([]word.Word{p}, &fedInput{by: by}))
	case whole:
		// diff3 and sdiff put options of their own before the files
		// (--horizon-lines=100 --): a shell or an interpreter given them
		// runs what guard cannot tell.
		runs = append(runs, c.innerFed([]word.Word{p}, &fedInput{by: by}))
	default:
		for _, f := range files {
			runs = append(runs, c.inner([]word.Word{p, f}))
		}
	}
	for _, in := range runs {
		c.extra = append(c.extra, in.lines()...)
		if in.name != "" {
			w.a.Commands = append(w.a.Commands, in.command())
		}
	}
}

// rgValued are rg's options that take the next word.
const rgValued word.Set = " -A -B -C -d -E -e -f -g -j -M -m -r -t -T --after-context --before-context --context " +
	"--colors --color --context-separator --dfa-size-limit --encoding --engine --field-context-separator " +
	"--field-match-separator --file --glob --hostname-bin --hyperlink-format --iglob --ignore-file --max-columns " +
	"--max-count --max-depth --max-filesize --path-separator --pre --pre-glob --regex-size-limit --regexp " +
	"--replace --sort --sortr --threads --type --type-not --type-add --type-clear --generate "

// rgFiles returns the paths rg searches: its operands after the pattern
// (none when -e or -f gives the patterns); "." when there are none.
func rgFiles(args []word.Word) []word.Word {
	var ops []word.Word
	patterns := false
	for j := 0; j < len(args); j++ {
		s := args[j].Text
		switch {
		case s == "--":
			ops = append(ops, args[j+1:]...)
			j = len(args)
		case s == "-e" || s == "--regexp" || s == "-f" || s == "--file" ||
			strings.HasPrefix(s, "--regexp=") || strings.HasPrefix(s, "--file=") ||
			len(s) > 2 && (s[:2] == "-e" || s[:2] == "-f"):
			patterns = true
			if rgValued.Has(s) {
				j++
			}
		case rgValued.Has(s):
			j++
		case strings.HasPrefix(s, "-") && s != "-":
		default:
			ops = append(ops, args[j])
		}
	}
	if !patterns && len(ops) > 0 {
		ops = ops[1:]
	}
	if len(ops) == 0 {
		return []word.Word{{Text: ".", Known: true}}
	}
	return ops
}

// diffFiles returns the file operands of diff3 or sdiff: the words that are
// neither options nor their values.
func diffFiles(args []word.Word) []word.Word {
	var ops []word.Word
	for j := 0; j < len(args); j++ {
		s := args[j].Text
		switch {
		case s == "--":
			return append(ops, args[j+1:]...)
		case diffWithArg.Has(s):
			j++
		case strings.HasPrefix(s, "-") && s != "-":
		default:
			ops = append(ops, args[j])
		}
	}
	return ops
}

// diffWithArg are the options of diff3 and sdiff that take the next word.
const diffWithArg word.Set = " -L -o -w -I --label --output --width --ignore-matching-lines --tabsize --diff-program "

// xargsJoinedArgFile returns the list file of a short option cluster of
// xargs whose flags (-0 -r -t -p -x) end in -a with its value joined
// (-al, -ral), else "".
func xargsJoinedArgFile(s string) string {
	if !strings.HasPrefix(s, "-") || strings.HasPrefix(s, "--") {
		return ""
	}
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '0', 'r', 't', 'p', 'x':
			continue
		case 'a':
			return s[i+1:]
		}
		return ""
	}
	return ""
}

// xargsFlagsThenA reports whether s is a short cluster of xargs's flags
// ending in -a, whose list file is the next word (-ra l).
func xargsFlagsThenA(s string) bool {
	return len(s) > 2 && strings.HasSuffix(s, "a") && xargsJoinedArgFile(s[:len(s)-1]+"ax") == "x"
}
