package shell

import (
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
	"mvdan.cc/sh/v3/expand"
)

// Builtins that set variables, the positional parameters or the directory
// stack: set, shift, unset, read, mapfile, getopts, printf -v, declare and
// its kin run as commands (builtin declare …), cd, pushd, popd and dirs.

// builtin analyses a builtin that changes the shell's state; true when
// nothing more is to be made of the command.
func (c *cmd) builtin() bool {
	w := c.w
	c.nameOperands()
	c.noteLeave()
	switch c.name {
	case "set":
		c.set()
	case "shopt", "setopt", "unsetopt", "emulate":
		c.errexitOption()
		w.globOptions(c.args)
		if c.name != "shopt" {
			w.kshOptions(c.name, c.args)
		}
		w.physicalOption(c.args)
		if c.name == "shopt" {
			w.shoptEcho(c.args) // shopt -s xpg_echo (echodialect.go)
		}
	case "shift":
		c.shift()
	case "unset":
		c.unset()
		return true
	case "read", "mapfile", "readarray", "getopts":
		c.read()
		return true
	case "printf":
		return c.printfVar()
	case "pwd", "dirname", "basename", "realpath", "readlink", "type", "which", "mktemp":
		c.pathOutput()
	case "compgen", "locate", "plocate", "mlocate":
		c.matchOutput() // printed.go
	case "declare", "typeset", "local", "export", "readonly":
		if w.zshFuncDecl(c.args) {
			return true // zsh's typeset -fu NAME (zshfuncdecl.go)
		}
		f := declVariant(c.name)
		f.zsh = w.zsh
		for _, a := range c.args {
			w.declWord(a, &f)
		}
		return true
	}
	return false
}

// unset: unset NAME… removes variables, or with -f functions; without
// -f or -v a NAME that is no variable names a function, which is removed
// then (bash). A function removed no longer runs where its name is called
// (FINDINGS55b B5); one that may have been is called as code that may not
// run.
func (c *cmd) unset() {
	w := c.w
	funcs, vars, pattern := false, false, false
	for _, a := range c.args {
		if len(a.Text) > 1 && a.Text[0] == '-' && a.Known {
			funcs = funcs || strings.Contains(a.Text, "f")
			vars = vars || strings.ContainsAny(a.Text, "vn")
			pattern = pattern || strings.Contains(a.Text, "m")
			continue
		}
		if pattern && !word.IsName(a.Text) {
			// zsh's unset -m PATTERN: every variable (or, with -f,
			// function) the pattern matches (FINDINGS59b B11)
			w.unsetFuncs("")
			if !funcs {
				w.anyVarSet()
			}
			continue
		}
		if !a.Known || word.HasMark(a.Text) {
			w.unsetFuncs("") // unset -f "$f": any of them
		} else if !vars && word.IsName(a.Text) {
			w.unsetFuncs(a.Text)
		}
		if funcs {
			continue
		}
		if key, ok := strings.CutPrefix(a.Text, "mapfile["); ok && w.zshShell && strings.HasSuffix(key, "]") {
			w.Write(strings.TrimSuffix(key, "]")) // zsh's mapfile: removes the file
		}
		if word.IsName(a.Text) {
			if n := w.refTarget(a.Text, declFlags{}); !w.popLocal(n) {
				w.setVariable(n, expand.Variable{})
			}
		} else if !a.Known || word.HasMark(a.Text) {
			w.mayUnsetHome() // unset ${!HO*}, unset $(…)
		} else {
			w.unsetElem(a.Text)
		}
	}
}

// unsetElem applies unset 'NAME[I]' to an indexed array whose elements
// guard knows. bash leaves the array sparse: ${a[@]} lists the other
// elements while ${a[J]} keeps its index. guard's arrays are not sparse, so
// the array then holds two values, the elements without I (what ${a[@]}
// gives) and the elements as they were (what an index selects); the
// last element's removal is exact. An index guard cannot read (unset
// 'a[$i]') gives each removal as a value.
func (w *walker) unsetElem(s string) {
	name, idx, ok := strings.Cut(strings.TrimSuffix(s, "]"), "[")
	if !ok || !strings.HasSuffix(s, "]") || !word.IsName(name) {
		return
	}
	vr := w.variable(name)
	if vr.Kind != expand.Indexed || len(vr.List) == 0 || len(vr.List) > maxValues {
		return
	}
	without := func(n int) expand.Variable {
		return expand.Variable{Set: true, Kind: expand.Indexed, List: slices.Delete(slices.Clone(vr.List), n, n+1)}
	}
	n, err := strconv.Atoi(idx)
	switch {
	case err == nil && n == len(vr.List)-1:
		w.assignValues(name, []expand.Variable{without(n)})
	case err == nil && n >= 0 && n < len(vr.List):
		w.assignValues(name, []expand.Variable{without(n), vr})
	case err != nil:
		vals := []expand.Variable{vr}
		for k := range vr.List {
			vals = append(vals, without(k))
		}
		w.assignValues(name, vals)
	}
}

// set: set -- ARGS and set ARGS (after its options) set the positional
// parameters.
func (c *cmd) set() {
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].Text
		switch {
		case s == "--" || s == "-":
			c.setPositional(c.args[j+1:])
			return
		case c.w.zsh && (s == "-A" || s == "+A"):
			c.setArray(c.args[j+1:], s[0] == '+')
			return
		case !c.args[j].Known:
			c.w.errexit = false // set $opts: it may be +e
			c.w.keyword = true  // or -k
		case len(s) > 1 && (s[0] == '-' || s[0] == '+'):
			// each o of the word takes the next word as an option's
			// name, as bash's set does (set -euo pipefail, set -oo
			// pipefail errexit): not a positional parameter
			for range strings.Count(s[1:], "o") {
				if j+1 < len(c.args) {
					c.setOptionName(c.args[j+1], s[0] == '-')
					j++
				}
			}
			c.setFlags(s)
		default:
			c.setPositional(c.args[j:])
			return
		}
	}
}

// shift: shift [N] moves the positional parameters; zsh's shift [-p]
// [N] NAME… shifts (-p: pops) the arrays NAME instead, and leaves them
// alone (FINDINGS59b B11). bash refuses more than one operand and shifts
// nothing. A word guard cannot read, or one it does not model, leaves
// what shift may change unknown.
func (c *cmd) shift() {
	w := c.w
	n, pop, count := 1, false, false
	var names []string
	unknown := false
	for _, a := range c.args {
		s := a.Text
		switch {
		case !a.Known:
			unknown = true
		case s == "--":
		case s == "-p" && w.zsh && !count && len(names) == 0:
			pop = true
		case !count && len(names) == 0 && strings.Trim(s, "0123456789") == "" && s != "":
			n, _ = strconv.Atoi(s)
			count = true
		case word.IsName(s):
			names = append(names, s)
		default:
			unknown = true
		}
	}
	switch {
	case unknown:
		w.pos = nil // shifted by what guard does not know
		for _, a := range c.args {
			if word.IsName(a.Text) {
				w.setUnknown(a.Text)
			}
		}
	case len(names) > 0 && w.zsh:
		for _, name := range names {
			w.shiftArray(name, n, pop)
		}
	case len(names) > 0 || pop:
		// bash: too many arguments, nothing shifted
	case w.pos != nil && n >= 0 && n <= len(w.pos.args):
		w.pos = &positional{zero: w.pos.zero, args: w.pos.args[n:]}
	}
}

// shiftArray shifts (pop: pops) n elements off zsh array name when guard
// knows its one value; otherwise the array is one it cannot tell.
func (w *walker) shiftArray(name string, n int, pop bool) {
	if name == "argv" {
		if w.pos != nil && n <= len(w.pos.args) {
			args := w.pos.args[n:]
			if pop {
				args = w.pos.args[:len(w.pos.args)-n]
			}
			w.pos = &positional{zero: w.pos.zero, args: slices.Clone(args)}
		}
		return
	}
	v := w.variable(name)
	if v.Kind != expand.Indexed || len(w.alts.m[name]) > 0 || n > len(v.List) {
		w.setUnknown(name)
		return
	}
	list := v.List[n:]
	if pop {
		list = v.List[:len(v.List)-n]
	}
	w.setVariable(name, expand.Variable{Set: true, Kind: expand.Indexed, List: slices.Clone(list)})
}

// setArray: zsh's set -A NAME ARGS sets array NAME to ARGS; set +A NAME
// ARGS replaces its first elements only (FINDINGS59b B11). argv is the
// positional parameters (declattr.go). A name guard cannot read may be
// any variable; an array it does not know stays unknown under +A.
func (c *cmd) setArray(args []word.Word, keep bool) {
	w := c.w
	if len(args) == 0 {
		return // lists the arrays
	}
	name := args[0].Text
	if !w.varNameTold(name) || !word.IsName(name) {
		w.anyVarSet()
		return
	}
	list := make([]string, 0, len(args)-1)
	for _, a := range args[1:] {
		list = append(list, a.Text)
	}
	if keep {
		old := w.variable(name)
		if name == "argv" {
			old = w.argvValue(name)
		}
		if old.Kind != expand.Indexed || len(w.alts.m[name]) > 0 || word.HasMark(strings.Join(old.List, "")) && len(old.List) > len(list) {
			w.setUnknown(name)
			return
		}
		if len(old.List) > len(list) {
			list = append(list, old.List[len(list):]...)
		}
	}
	w.setVariable(name, expand.Variable{Set: true, Kind: expand.Indexed, List: list})
}

// setOptionName takes set's -o NAME (on) or +o NAME.
func (c *cmd) setOptionName(name word.Word, on bool) {
	if name.Text == "errexit" || !name.Known {
		c.w.setErrexit(on && name.Known)
	}
	switch name.Text {
	case "physical":
		c.w.setPhysical(on)
	case "keyword":
		c.w.setKeyword(on)
	}
	c.w.globOptions([]word.Word{name})
	c.w.kshOption(name, on)
}

// setFlags takes set's one-letter options in s (-eu, +e).
func (c *cmd) setFlags(s string) {
	if strings.Contains(s, "e") {
		c.w.setErrexit(s[0] == '-') // set -e, set -eu
	}
	if s[0] == '-' && strings.Contains(s, "a") {
		c.w.allexport = true // set -a: what is assigned next is exported
	}
	if strings.Contains(s, "P") {
		c.w.setPhysical(s[0] == '-') // set -P
	}
	if strings.Contains(s, "k") {
		c.w.setKeyword(s[0] == '-') // set -k
	}
}

// setErrexit notes set -e (on) or set +e. Turning it off always counts;
// turning it on only where the command surely runs it: not in a branch
// or after && (false && set -e; FINDINGS55b B2), so that errexit is on
// only where every way there turned it on.
func (w *walker) setErrexit(on bool) {
	if !on || w.cond == w.fileCond {
		w.errexit = on
	}
}

// errexitOption takes the errexit option set by shopt -o (shopt -u -o
// errexit), zsh's setopt and unsetopt (ERR_EXIT, NO_ERR_EXIT) and
// emulate: off where it may be, never turned on here; a word guard cannot
// read may name it. shopt's lastpipe, once it may be on, stays so.
func (c *cmd) errexitOption() {
	if c.name == "emulate" {
		c.w.errexit = false // the emulated shell's options
		return
	}
	shoptO, on := c.name != "shopt", false
	for _, a := range c.args {
		n := strings.ReplaceAll(strings.ToLower(a.Text), "_", "")
		switch {
		case !a.Known:
			c.w.errexit = false
			c.w.lastpipe = c.w.lastpipe || c.name == "shopt"
			c.w.keyword = c.w.keyword || c.name == "shopt" // shopt -so "$o"
			c.w.extdebug = c.w.extdebug || c.name == "shopt"
		case c.name == "shopt" && strings.HasPrefix(n, "-") && !strings.HasPrefix(n, "--"):
			shoptO = shoptO || strings.Contains(n, "o")
			on = on || strings.Contains(n, "s")
		case c.name == "shopt" && !shoptO && on && n == "extdebug":
			c.w.extdebug = true // may be on from here (debugskip.go)
		case c.name == "shopt" && shoptO && n == "keyword":
			c.w.setKeyword(on) // shopt -so keyword
		case shoptO && strings.Contains(n, "errexit") && !(on && n == "errexit"):
			c.w.errexit = false
		case c.name == "shopt" && n == "lastpipe" && on && !shoptO:
			c.w.lastpipe = true // may be on from here (shopt -u lastpipe in a branch: still may be)
		case c.name == "setopt" && n == "localoptions":
			c.w.localOpts = true // zsh: the function's options restored when it returns
		}
	}
}

// setPositional sets $1… to the words args, keeping $0.
func (c *cmd) setPositional(args []word.Word) {
	zero := ""
	if c.w.pos != nil {
		zero = c.w.pos.zero
	}
	p := &positional{zero: zero, args: make([]string, len(args))}
	for i, a := range args {
		p.args[i] = a.Text
	}
	c.w.pos = p
}

// mapWithArg are the options of mapfile that take a value.
const (
	mapWithArg word.Set = " -d -n -O -s -u -C -c "
)

// read: read NAME… (REPLY), read -a ARR, mapfile ARR (MAPFILE) and getopts
// SPEC NAME set variables to what they read: what a here-string, a
// here-document, echo or printf, or a file the command wrote with known
// text feeds read is split into them; in a loop that feeds it (while read
// f; do …; done <<< TEXT, printf … | while read f), every line it may read
// is a value the variables may hold (values.go). Anything else is not
// known.
func (c *cmd) read() {
	w := c.w
	if c.name == "mapfile" || c.name == "readarray" {
		c.callback()
	}
	names, array, raw, delim, opts := c.readNames()
	for _, n := range append(names, array) {
		w.varNameTold(n) // read "$n" (anyvar.go)
	}
	if c.name == "getopts" {
		w.setUnknown("OPTARG")
	}
	in, loop := c.readInput()
	text, known := w.inputText(in)
	switch {
	case known && (c.name == "mapfile" || c.name == "readarray"):
		if !opts {
			c.mapLines(text, names[0])
			return
		}
	case known && c.name == "read" && !opts:
		c.readLines(readRecords(text, delim, loop, raw), names, array, raw)
		return
	}
	if c.name == "read" && c.readFound(in, names) { // printed.go
		return
	}
	for _, n := range append(names, array) {
		switch {
		case !varTarget(n):
		case in.tame:
			w.setString(n, word.Mark(word.MarkName, n)) // harmless names (runnames.go)
		default:
			w.setUnknown(n)
		}
	}
}

// readRecords returns what read takes from text, records ended by delim
// (-d; a newline by default), each without its delimiter: the first, or
// in a loop every one. Without -r (raw false) a backslash takes the next
// character as it is, a delimiter too, and a backslash-newline is a line
// continuation: both go and the record goes on (bash's read); the other
// backslashes stay for the field split to remove.
func readRecords(text, delim string, loop, raw bool) []string {
	var recs []string
	var b strings.Builder
	for i := 0; i < len(text); i++ {
		switch {
		case !raw && text[i] == '\\' && i+1 < len(text):
			if text[i+1] != '\n' {
				b.WriteString(text[i : i+2])
			}
			i++
		case strings.HasPrefix(text[i:], delim):
			recs = append(recs, b.String())
			b.Reset()
			if !loop {
				return recs
			}
		default:
			b.WriteByte(text[i])
		}
	}
	if b.Len() > 0 || len(recs) == 0 {
		recs = append(recs, b.String())
	}
	if !loop {
		recs = recs[:1]
	}
	return recs
}

// readNames returns the variables read, mapfile or getopts sets, the
// array of read -a, whether read takes backslashes as they are (-r), the
// delimiter that ends what read takes ("\n", or -d's first character;
// NUL for -d ”), and whether it has an option guard does not follow
// (mapfile's -d, -n, -s…; read's -n, -N, -u but 0, zsh's -k, -q, -z…).
// The options are read as bash's getopt does (word.Getopt): read -rd ”
// c is -r -d ” and c.
func (c *cmd) readNames() (names []string, array string, raw bool, delim string, opts bool) {
	withArg, safe := "adinNptu", "rspte"
	switch {
	case c.name == "mapfile" || c.name == "readarray":
		withArg, safe = "dnOsuCc", "t"
	case c.name == "getopts":
		withArg, safe = "", ""
	case c.w.zsh:
		// zsh's -p reads a coprocess, and fails without one: its word
		// is taken as bash's prompt (read -p "$msg" x), never a name.
		withArg, safe = "dup", "rsp"
	}
	list, end := word.Getopt(c.args, withArg)
	delim = "\n"
	zshArray := false
	for _, o := range list {
		switch {
		case o.Letter == 'a' && c.name == "read" && !c.w.zsh:
			array = o.Value.Text
		case o.Letter == 'A' && c.name == "read" && c.w.zsh:
			zshArray = true
		case o.Letter == 'd' && c.name == "read" && o.Valued && word.IsKnown(o.Value.Text):
			delim = "\x00"
			if o.Value.Text != "" {
				delim = o.Value.Text[:1]
			}
		case o.Letter == 'u' && c.name == "read" && o.Value.Text == "0":
		case o.Letter == 'i' && c.name == "read" && !c.w.zsh: // readline's text, never read from the input
		case o.Letter != 0 && strings.IndexByte(safe, o.Letter) >= 0:
			raw = raw || o.Letter == 'r'
		default:
			opts = true
		}
	}
	names = word.Texts(c.args[end:])
	if zshArray && len(names) > 0 {
		array, names = names[0], names[1:]
	}
	switch c.name {
	case "mapfile", "readarray":
		names = append(names[:0:0], "MAPFILE")
		if last := len(c.args) - 1; last >= 0 && (word.IsName(c.args[last].Text) ||
			!word.IsKnown(c.args[last].Text) && (last == 0 || !mapWithArg.Has(c.args[last-1].Text))) {
			names[0] = c.args[last].Text // mapfile "$n": a name guard cannot tell
		}
	case "getopts":
		if len(names) > 1 {
			names = names[1:2]
		}
	default:
		if len(names) == 0 && array == "" {
			names = []string{"REPLY"}
		}
	}
	return names, array, raw, delim, opts
}

// readInput returns what the command reads on standard input: its own (a
// redirection, a pipe), else what the compound command around it is fed
// (loop: every line is read in turn).
func (c *cmd) readInput() (stdin, bool) {
	if c.stdin.inherited {
		return c.stdin, true
	}
	if c.stdin.known || c.stdin.file != "" || c.stdin.fromPipe || c.stdin.sub != "" || c.w.inStdin == nil {
		return c.stdin, false
	}
	return *c.w.inStdin, true
}

// inputText returns the text of standard input when it is known: a text,
// or a file the command wrote with known text.
func (w *walker) inputText(in stdin) (string, bool) {
	switch {
	case in.known:
		return in.text, true
	case in.sub != "":
		for _, st := range w.subTexts {
			if st[0] == in.sub {
				return st[1], true // < <(echo …)
			}
		}
	case in.file != "":
		if t, ok := w.WrittenText(in.file); ok {
			return t, true
		}
		// read l < F: the file's lines, when guard can read it whole.
		if t, st := w.FileStatus(in.file, true, effect.MaxScriptBytes); st == effect.FileWhole {
			return t, true
		}
	}
	return "", false
}

// readLines sets names (or array) to the fields of each line read, the
// values they may hold; none read: empty.
func (c *cmd) readLines(lines []string, names []string, array string, raw bool) {
	w := c.w
	cfg := w.config()
	ifs := cfgIFS(cfg)
	w.release()
	var arrays []expand.Variable
	vals := make([][]expand.Variable, len(names))
	for _, line := range lines {
		line = strings.TrimSuffix(line, "\n")
		if array != "" {
			arrays = append(arrays, expand.Variable{Set: true, Kind: expand.Indexed, List: readFields(line, ifs, -1, raw)})
		}
		if len(names) == 0 {
			continue
		}
		fields := readFields(line, ifs, len(names), raw)
		for i := range names {
			v := ""
			if i < len(fields) {
				v = fields[i]
			}
			vals[i] = append(vals[i], strVar(v))
		}
	}
	if array != "" && word.IsName(array) && len(arrays) > 0 {
		w.setVar(array, arrays...)
	}
	for i, n := range names {
		if varTarget(n) && len(vals[i]) > 0 {
			w.setVar(n, vals[i]...)
		}
	}
}

// varTarget reports whether s names a variable read or printf -v may
// set: NAME, or an element NAME[IDX] (read "CDPATH[0]": FINDINGS55b B7).
func varTarget(s string) bool {
	base, _, elem := strings.Cut(s, "[")
	return word.IsName(base) && (!elem || strings.HasSuffix(s, "]"))
}

// callback: mapfile -C CMD (-CCMD, -tC CMD: as bash's getopt reads a
// cluster) runs CMD every -c lines it reads, with the index of the element
// and the line appended.
func (c *cmd) callback() {
	for j := 0; j < len(c.args); j++ {
		if c.args[j].Text == "--" {
			return
		}
		if v, k, ok := word.OptionValue(c.args, j, 'C', "dnOsuc", ""); ok {
			// bash evaluates it in this shell, zero or more times: its cd
			// and assignments may last (FINDINGS55b B9).
			if word.Opaque(v) {
				c.w.hide("runs as mapfile's callback code guard cannot tell")
				return
			}
			// bash evaluates CMD INDEX 'LINE': the index and the line read
			// are CMD's words too, not known here (FINDINGS58b B1).
			v += " " + word.Mark(word.MarkArith, "") + " " + shellQuote(word.Mark(word.MarkVar, "MAPFILE"))
			c.w.conditional(func() { c.w.script(v, c.w.depth+1) })
			j = k
		}
	}
}

// mapLines sets array name to the lines of text (mapfile, readarray; -t
// drops their newlines).
func (c *cmd) mapLines(text, name string) {
	if !word.IsName(name) {
		return
	}
	strip := hasShort(c.args, 't')
	var list []string
	for _, l := range strings.SplitAfter(text, "\n") {
		if l == "" {
			continue
		}
		if strip {
			l = strings.TrimSuffix(l, "\n")
		}
		list = append(list, l)
	}
	c.w.setVar(name, expand.Variable{Set: true, Kind: expand.Indexed, List: list})
}

// printfVar: printf -v NAME FORMAT ARGS sets NAME to what it would print,
// and prints nothing. The options are read as bash's getopt does: -vNAME,
// and -- before the format (printf -v c -- FMT).
func (c *cmd) printfVar() bool {
	opts, end := word.Getopt(c.args, "v")
	if len(opts) == 0 || opts[0].Letter != 'v' {
		return false
	}
	c.allData()
	name := opts[len(opts)-1].Value.Text
	if !c.w.varNameTold(name) || !varTarget(name) {
		return true
	}
	out, ok := "", false
	if slices.IndexFunc(opts, func(o word.Opt) bool { return o.Letter != 'v' || !o.Valued }) < 0 && end < len(c.args) {
		out, ok = printfFormat(c.args[end].Text, word.Texts(c.args[end+1:]), c.w.zsh)
	}
	if ok {
		out, _, _ = strings.Cut(out, "\x00") // a variable holds a C string
		c.w.setString(name, out)
	} else {
		c.w.setUnknown(name)
	}
	return true
}

// printfFormat returns what printf FORMAT ARGS prints, the format repeated
// while arguments remain; false when it cannot tell (a conversion of a
// value guard does not know but %s and %b, a bad format). The format's
// escapes and the arguments of %b are decoded as the shell does
// (echoescapes.go), zsh's when zsh; expand.Format applies the conversions.
func printfFormat(format string, args []string, zsh bool) (string, bool) {
	if word.HasMark(format) {
		return "", false
	}
	d, fd := escBBash, escFormatBash
	if zsh {
		d, fd = escZsh, escFormatZsh
	}
	format, args, ok := bArgs(formatText(format, fd), args, d)
	if !ok {
		return "", false
	}
	for _, a := range args {
		if word.HasMark(a) && strings.Trim(strings.ReplaceAll(conversions(format), "%%", ""), "%sb") != "" {
			return "", false
		}
	}
	var b strings.Builder
	cfg := &expand.Config{}
	for range maxElems {
		out, n, err := expand.Format(cfg, format, args)
		if err != nil {
			return "", false
		}
		b.WriteString(out)
		if n == 0 || n >= len(args) {
			break
		}
		args = args[n:]
	}
	return b.String(), true // a NUL stays: a pipe passes it (printf 'a\0b' | xargs -0: FINDINGS57c A4)
}

// conversions returns the conversion letters of a printf format, each
// after a %.
func conversions(format string) string {
	var b strings.Builder
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		j := i + 1
		for j < len(format) && strings.IndexByte("-+ #0123456789.", format[j]) >= 0 {
			j++
		}
		if j < len(format) {
			b.WriteByte('%')
			b.WriteByte(format[j])
		}
		i = j
	}
	return b.String()
}

// cd, pushd, popd and dirs move where relative paths lead and keep the
// directory stack (~N, ~+N, ~-N name its entries).
func (c *cmd) cd() {
	if c.name != "dirs" {
		defer c.w.chpwdHooks() // zsh's chpwd (funcs.go)
	}
	w := c.w
	var dest, rot string
	var named []string // what a substitution that makes dest names
	var ops []string   // the operands as written
	noChange, physical, maybe := false, w.physical, w.physMaybe
	for _, a := range c.args {
		s := a.Text
		if s == "" || s[0] != '-' || s == "-" {
			ops = append(ops, s)
		}
		switch {
		case s == "":
			// An operand that is present but empty is not an absent one:
			// bash, zsh and dash all stay where they are (pushd "" pushes
			// the directory it is in), never the home cd alone means.
			dest = "."
		case s == "-":
			dest = s
		case (s[0] == '+' || s[0] == '-') && len(s) > 1 && strings.Trim(s[1:], "0123456789") == "" && c.name != "cd" && c.name != "chdir":
			rot = s
		case (s[0] == '+' || s[0] == '-') && len(s) > 1 && strings.Trim(s[1:], "0123456789") == "" && w.zsh:
			// zsh's cd +N, cd -N: an entry of the stack, by rules
			// (PUSHD_MINUS, AUTO_PUSHD) guard does not follow there
			dest, named = ".", append(named, effect.UnknownCd)
		case s == "-n":
			noChange = true
		case s == "-c" && c.name == "dirs":
			w.dirs = nil
			return
		case strings.HasPrefix(s, "-"):
			if i := strings.LastIndexAny(s, "LP"); i > 0 && !strings.HasPrefix(s, "--") {
				physical, maybe = s[i] == 'P', false // cd -P, cd -LP: the last one counts
			}
		default:
			dest, named = s, w.substPaths(a)
		}
	}
	if c.name == "dirs" {
		w.dirsLost = w.dirsLost || len(ops) > 0 && w.zsh // zsh's dirs DIR…: the stack loaded (FINDINGS59b B7)
		return
	}
	if len(ops) > 1 && rot == "" && c.name != "popd" {
		dest, named = w.severalOperands(ops)
	}
	vanished := c.cdVanished()
	if dest != "" && dest != "-" {
		w.Read(dest)
	}
	before := w.dirs
	stack := c.moveStack(w.dirStack(), dest, rot, noChange)
	if c.name == "pushd" && noChange && rot == "" {
		named = nil
	}
	// cd "$(git rev-parse --git-path hooks)": the shell may be in each
	// directory the substitution names (substnamed.go).
	for i, d := range named {
		named[i] = w.dest(d)
	}
	if c.name != "popd" && rot == "" && !noChange {
		named = append(append(named, w.cdPaths(dest)...), w.destFromOthers(dest)...)
	}
	if c.name != "popd" && rot == "" && dest != "" && dest != "-" && !noChange {
		stack[0], named = w.cdResolve(stack[0], named, physical, maybe)
	}
	if w.zsh && c.name == "pushd" && dest == "" && rot == "" {
		named = append(named, w.dest("")) // zsh's bare pushd: to $HOME (one entry, or PUSHD_TO_HOME)
	}
	hadAlt := w.dirsAlt != nil
	named = append(named, c.altStack(dest, rot, noChange)...)
	if dest == "-" && w.oldAlt != nil {
		named = append(named, *w.oldAlt) // cd - after a cd that may have failed
	}
	c.cdLand(stack, append(named, vanished...), before, hadAlt, noChange)
}

// cdLand moves the shell to the top of stack (or one of named, where it
// may be instead) and keeps the stack, PWD and OLDPWD as cd leaves them.
func (c *cmd) cdLand(stack, named, before []string, hadAlt, noChange bool) {
	w := c.w
	prev, oldPWD := w.Dir, w.dest("-")
	w.cdMove(stack[0], named, c.cdMayFail())
	w.cdSetsPWD(noChange)
	w.dirs = reversed(stack[1:])
	c.keepAltStack(before, hadAlt)
	if w.Dir != prev {
		w.OldDir = &prev
		w.keepOldPWD(prev, oldPWD)
	}
}

// cdSetsPWD forgets a value the command gave PWD (PWD=~; read PWD):
// cd, pushd and popd set it where they move, which $PWD and ~+ then
// read; after one that may not have moved the shell, it is either, which
// guard does not tell (FINDINGS55b B1).
func (w *walker) cdSetsPWD(noChange bool) {
	if _, ok := w.varMap()["PWD"]; !ok || noChange {
		return
	}
	if w.cdWasSure {
		w.dropVariable("PWD")
		return
	}
	w.setUnknown("PWD")
}

// logical returns d, where a cd (pushd) moves, as bash's logical cd does:
// with .. taken away with the name before it, not after a link the name
// is (cd LINK/.. goes back where the shell was: FINDINGS53b F4); when
// that is no directory the reader finds, bash tries d as the kernel
// resolves it too (cd lib/../../.aws, lib a link: FINDINGS55b B12), which
// is then added to named: the links followed, or a directory guard cannot
// tell where the command made links it cannot resolve there.
func (w *walker) logical(d string, named []string) (string, []string) {
	if d == "" || word.HasMark(d) {
		return d, named
	}
	l := word.Clean(d)
	if l == d {
		return d, named
	}
	if !w.knownDir(l) {
		switch r, ok := w.physicalDir(d); {
		case ok:
			named = append(named, r)
		case w.MadeLinks():
			named = append(named, effect.UnknownCd)
		default:
			named = append(named, d)
		}
	}
	return l, named
}

// altStack moves the other directory stack the shell may hold (a pushd
// or popd before that may have failed: FINDINGS53b F7) as pushd or popd
// moves the stack, and returns where the shell then may be too.
func (c *cmd) altStack(dest, rot string, noChange bool) []string {
	w := c.w
	if c.name == "cd" || c.name == "chdir" {
		return nil
	}
	var named []string
	if w.dirsAlt != nil {
		alt := c.moveStack(append([]string{w.Dir}, reversed(w.dirsAlt)...), dest, rot, noChange)
		named = append(named, alt[0])
		w.dirsAlt = reversed(alt[1:])
	}
	if w.dirsLost && (c.name == "popd" || dest == "" || rot != "") {
		named = append(named, effect.UnknownCd)
	}
	return named
}

// keepAltStack keeps before, the directory stack before a pushd or popd
// that may fail, as the other one the shell may hold: a failed pushd
// leaves the stack as it was. With one kept already, the stack is then
// one guard does not keep (dirsLost).
func (c *cmd) keepAltStack(before []string, hadAlt bool) {
	w := c.w
	if c.name != "cd" && c.name != "chdir" && !w.cdWasSure && !(w.cdSure && w.cond == w.sureCond) && !slices.Equal(before, w.dirs) {
		if hadAlt {
			w.dirsLost = true
		} else {
			w.dirsAlt = append([]string{}, before...)
		}
	}
	if slices.Equal(w.dirsAlt, w.dirs) {
		w.dirsAlt = nil
	}
}

// moveStack returns the directory stack (its top the directory the shell
// is in) after cd, pushd or popd with dest, rot (+N, -N) and -n.
func (c *cmd) moveStack(stack []string, dest, rot string, noChange bool) []string {
	w := c.w
	switch {
	case c.name == "popd":
		stack = popStack(stack, rot, noChange)
	case c.name == "pushd" && dest == "" && rot == "":
		if len(stack) > 1 {
			stack[0], stack[1] = stack[1], stack[0]
		}
	case c.name == "pushd" && noChange && rot == "":
		// pushd -n DIR puts DIR second and stays.
		stack = append([]string{stack[0], w.dest(dest)}, stack[1:]...)
	case c.name == "pushd" && rot != "" && noChange:
		// pushd -n +N rotates what is below the top: the directory stays.
	case c.name == "pushd" && rot != "":
		stack = rotateStack(stack, rot)
	case c.name == "pushd":
		stack = append([]string{w.dest(dest)}, stack...)
	default:
		stack[0] = w.dest(dest)
	}
	return stack
}

// reversed returns a reversed copy of list (the walker keeps the directory
// stack bottom first).
func reversed(list []string) []string {
	out := slices.Clone(list)
	slices.Reverse(out)
	return out
}

// severalOperands returns where cd (pushd, chdir) with more than one
// operand moves, and the other directories the shell may then be in:
// zsh's cd OLD NEW moves to $PWD with its first OLD replaced by NEW
// (pwdReplaced); otherwise the shell stays (bash 5, zsh: too many
// arguments) or, in other shells and versions, may take the first or the
// last.
func (w *walker) severalOperands(ops []string) (string, []string) {
	if w.zsh && len(ops) == 2 {
		return w.pwdReplaced(ops[0], ops[1]), nil
	}
	var named []string
	for _, o := range []string{ops[0], ops[len(ops)-1]} {
		if o == "" {
			o = "."
		}
		named = append(named, o)
	}
	return ".", named
}

// pwdReplaced returns the directory zsh's cd OLD NEW (pushd, chdir) moves
// to: the absolute working directory with the first OLD in it replaced by
// NEW ("" removes it: cd proj "" from /h/proj is /h/); a directory guard
// cannot tell when the working directory or a word is not known; where it
// is when OLD is not in it (zsh stays).
func (w *walker) pwdReplaced(old, new string) string {
	unknown := word.Mark(word.MarkWord, "")
	pwd := w.Dir
	if !strings.HasPrefix(pwd, "/") {
		wd := w.workDir()
		if wd == "" || word.HasMark(pwd) {
			return unknown
		}
		pwd = path.Join(wd, pwd)
	}
	if word.HasMark(pwd) || !word.IsKnown(old) || !word.IsKnown(new) || old == "" {
		return unknown
	}
	i := strings.Index(pwd, old)
	if i < 0 {
		return "."
	}
	d := pwd[:i] + new + pwd[i+len(old):]
	if !strings.HasPrefix(d, "/") {
		return unknown // relative to where zsh would search: not known here
	}
	return d
}

// cdPaths returns the other directories cd DEST may move to: DEST in each
// entry of CDPATH (zsh's cdpath; the command's, else the one the shell
// inherits) when DEST is relative and does not start with . or .., and,
// after cdable_vars, the value of the variable DEST names. A CDPATH guard
// cannot read is a directory it does not know.
func (w *walker) cdPaths(dest string) []string {
	if dest == "" || dest == "-" || dest[0] == '/' || dest[0] == '~' || dest[0] == '$' ||
		dest == "." || dest == ".." || strings.HasPrefix(dest, "./") || strings.HasPrefix(dest, "../") {
		return nil
	}
	var out []string
	if w.cdable && word.IsName(dest) {
		if v, ok := w.lookup(dest); ok {
			out = append(out, w.dest(v))
		} else {
			out = append(out, w.dest("$"+dest)) // inherited, or one the shell knows: cd HOME
		}
	}
	cdpath, ok := w.lookup("CDPATH")
	if !ok {
		if v, set := w.varMap()["cdpath"]; set && v.Set {
			cdpath, ok = strings.Join(v.List, ":"), true
		}
	}
	if v := w.varMap()[w.refTarget("CDPATH", declFlags{})]; !ok && v.Kind == expand.NameRef {
		return append(out, effect.UnknownCd) // a nameref guard cannot follow
	}
	if !ok && w.declared("CDPATH") {
		return out // unset by the command
	}
	if !ok {
		if s, is := w.Files.(effect.CDSearcher); is {
			cdpath = s.SearchCDPath()
		}
	}
	for i, e := range effect.SplitOut(cdpath) {
		if i == maxDirs || cdpath == "" {
			break
		}
		if e == "" {
			e = "."
		}
		if !w.cdpathKnown(e) {
			// an entry guard cannot resolve: cd may move anywhere, and a
			// file that runs there is cannot-tell (FINDINGS52b F20)
			out = append(out, effect.UnknownCd)
			continue
		}
		out = append(out, w.dest(strings.TrimRight(e, "/")+"/"+dest))
	}
	return out
}

// cdpathKnown reports whether e, an entry of CDPATH, names a directory
// guard can follow: known text, a leading $PWD of the walker's (a
// directory marker) or an inherited variable the environment sets, not
// empty (as unknownDest takes one).
func (w *walker) cdpathKnown(e string) bool {
	loc, isLoc := w.Files.(effect.Locator)
	known := true
	word.EachMark(e, func(k byte, name string, whole bool) {
		switch {
		case whole && k == word.MarkDir:
		case whole && k == word.MarkEnv && isLoc:
			v, ok := loc.Env(name)
			known = known && ok && v != ""
		default:
			known = false
		}
	}, nil)
	return known
}

// cdMayFail reports whether cd (pushd, popd) may fail whatever its
// destination (FINDINGS53b F1): a redirection of its own (bash does not
// run it when one fails), an option it does not take, a function of the
// command's named like it, or a file the command wrote, removed or
// changed before (rm -rf d; cd d).
func (c *cmd) cdMayFail() bool {
	w := c.w
	if slices.Contains(w.redefined, c.name) {
		return true
	}
	for _, r := range c.redirs {
		if !strings.HasSuffix(r, "/dev/null") && !strings.HasSuffix(r, ">&1") && !strings.HasSuffix(r, ">&2") {
			return true // cd d 2>/dev/null, cd d >&2: redirections that do not fail
		}
	}
	for _, l := range []*[]string{w.WriteList, w.TouchList} {
		if l != nil && slices.ContainsFunc(*l, func(p string) bool { return !strings.HasPrefix(p, "/dev/") }) {
			return true
		}
	}
	for _, a := range c.args {
		s := a.Text
		switch {
		case !a.Known:
			return true
		case s == "--" || s == "-" || !strings.HasPrefix(s, "-"):
		case (c.name == "pushd" || c.name == "popd") && (s == "-n" || strings.Trim(s[1:], "0123456789") == ""):
		case strings.Trim(s[1:], "LPe@") != "":
			return true // cd --bogus d: bash refuses it and stays
		}
	}
	return false
}

// cdMove moves the shell to dir, a cd's destination, with named the other
// directories it may move to: where the reader finds a directory at dir
// (and the shell is in no other one, and the cd runs for certain), the cd
// succeeds and the shell is not left where it was.
func (w *walker) cdMove(dir string, named []string, mayFail bool) {
	prev := w.Dir
	sure := !mayFail && len(w.OtherDirs) == 0 && w.cond == w.fileCond && w.knownDir(dir)
	w.cdWasSure = sure
	w.moveTo(dir)
	if sure {
		w.OtherDirs = slices.DeleteFunc(w.OtherDirs, func(d string) bool { return d == prev })
	}
	w.addDirs(named...)
}

// destFromOthers returns the directories cd DEST moves to from each of the
// other directories the shell may be in (a cd before it that may have
// failed: cd nonexist; cd tools), where DEST is relative.
func (w *walker) destFromOthers(dest string) []string {
	var out []string
	dir := w.Dir
	for _, d := range w.OtherDirs {
		w.Dir = d
		out = append(out, w.dest(dest))
	}
	w.Dir = dir
	return out
}

// knownDir reports whether the reader finds a directory at d (as the
// walker names it) that the command has not changed, and that guard's
// user may search (access X_OK, every name on the way: chdir fails with
// EACCES otherwise, FINDINGS55b B16): a cd there succeeds, and the shell
// is not left where it was (FINDINGS52a P6: a cd to what is no directory
// fails, and what follows it after ; runs where it was).
func (w *walker) knownDir(d string) bool {
	st, ok := w.Files.(effect.Stater)
	if !ok || word.HasMark(d) || w.wroteAt(d) {
		return false
	}
	k, _ := st.Lstat(d) // d is the walker's: relative to where the command starts, not to w.Dir
	if a, is := w.Files.(effect.Accesser); is && k == effect.EntryDir {
		can, known := a.Access(d)
		return can && known
	}
	return k == effect.EntryDir
}

// dest returns the directory cd DEST moves to.
func (w *walker) dest(dest string) string {
	switch {
	case dest == "":
		home, _ := w.tildePrefix("")
		if word.HasMark(home) {
			return w.dest(home) // HOME=$PWD/x; cd: as cd "$PWD/x" (FINDINGS53b F5)
		}
		return home
	case dest == "-" && w.OldDir != nil:
		return *w.OldDir
	case dest == "-":
		return w.oldPWD()
	}
	if d, ok := w.DirVar(dest); ok {
		return d
	}
	if mayBeUnset(dest) || mayBeEmpty(dest) {
		return w.unknownDest(dest) // cd "" stays: where it is then is not known
	}
	return effect.Under(w.Dir, dest)
}

// oldPWD returns where cd - moves when no cd of the command's moved
// before it: the OLDPWD the command set, else a directory guard cannot
// tell (the agent's shell's previous one, not the hook's $OLDPWD:
// effect.UnknownCd, where a file that runs is cannot-tell; FINDINGS52a
// P4).
func (w *walker) oldPWD() string {
	if v, ok := w.lookup("OLDPWD"); ok {
		if v == "" {
			return w.Dir // cd "": stays
		}
		return w.dest(v)
	}
	return effect.UnknownCd
}

// unknownDest returns the directory cd DEST moves to where DEST may be
// empty: an inherited variable the environment sets, not empty, is that
// directory, as the reader resolves it (cd "$TOOLS"); one it does not set,
// an operator on one, or a value the command computes at run time makes
// it effect.UnknownCd, where a file that runs is cannot-tell (FINDINGS51a
// F1: cd "$NOPE" && sh p.sh runs ./p.sh); else (cd "${1:-.}": the agent's
// shell has no positional parameters) the one not known, $PWD.
func (w *walker) unknownDest(dest string) string {
	loc, isLoc := w.Files.(effect.Locator)
	set, inherited := true, false
	word.EachMark(dest, func(k byte, name string, whole bool) {
		switch {
		case k == word.MarkEnv && whole && isLoc:
			v, ok := loc.Env(name)
			set, inherited = set && ok && v != "", true
		case k == word.MarkEnv || k == word.MarkEnvOp || k == word.MarkUnset:
			set, inherited = false, true
		}
	}, nil)
	switch {
	case inherited && set:
		return effect.Under(w.Dir, dest)
	case dest == unknownDir: // a container's (toolbox run): as before
	case inherited || word.RunTimePart(dest) || dest == word.Mark(word.MarkVar, "OLDPWD") || dest == effect.UnknownCd:
		return effect.UnknownCd
	}
	return word.Mark(word.MarkVar, "PWD")
}

// mayBeEmpty reports whether s, a directory operand, is only values guard
// cannot tell (${x:-}, ${x:+y}, "$x"): each may be empty, and cd "" stays
// where it is. A substitution whose paths guard names
// (substnamed.go) is not among them.
func mayBeEmpty(s string) bool {
	if !word.HasMark(s) {
		return false
	}
	empty := true
	word.EachMark(s, func(k byte, _ string, _ bool) {
		switch k {
		case word.MarkVar, word.MarkEnv, word.MarkEnvOp, word.MarkUnset, word.MarkWord:
		default:
			empty = false
		}
	}, func(t string) { empty = empty && t == "" })
	return empty
}

// stackIndex returns the entry of the stack +N or -N names, or -1.
func stackIndex(n int, rot string) int {
	i, _ := strconv.Atoi(rot[1:])
	if rot[0] == '-' {
		i = n - 1 - i
	}
	if i < 0 || i >= n {
		return -1
	}
	return i
}

// rotateStack brings entry rot (+N, -N) of the stack to its top.
func rotateStack(stack []string, rot string) []string {
	i := stackIndex(len(stack), rot)
	if i < 0 {
		return stack
	}
	return append(slices.Clone(stack[i:]), stack[:i]...)
}

// popStack removes the top entry (moving there), or entry rot.
func popStack(stack []string, rot string, noChange bool) []string {
	i := 0
	if rot != "" {
		i = stackIndex(len(stack), rot)
	} else if noChange {
		i = 1
	}
	if i < 0 || len(stack) < 2 || i >= len(stack) {
		return stack
	}
	return slices.Delete(slices.Clone(stack), i, i+1)
}

// chdirOptions applies the options that run git or make in another
// directory (git -C DIR, make -C DIR, --directory=DIR): the words after it
// name paths there.
func (c *cmd) chdirOptions() {
	switch c.name {
	case "git":
		for j := 0; j < len(c.args); j++ {
			s := c.args[j].Text
			switch {
			case s == "-C" && j+1 < len(c.args):
				j++
				c.changeDir(c.args[j].Text)
				c.spend(j) // where git runs: what it writes there is the subcommand's (gittree.go)
			case s == "-c" || s == "--git-dir" || s == "--work-tree" || s == "--namespace" || s == "--config-env":
				j++
			case strings.HasPrefix(s, "-"):
			default:
				return // the subcommand
			}
		}
	case "make", "gmake", "bmake":
		for j := 0; j < len(c.args); j++ {
			if v, k, ok := word.OptionValue(c.args, j, 'C', "fIoWjlEW", "--directory"); ok {
				c.changeDir(v)
				c.spend(k) // where make runs, not a file it writes
				j = k
			}
		}
	}
}

// prefixChdir applies a prefix's option at words[*i] that names the
// directory the command runs in (-C DIR, -CDIR, --chdir=DIR), moving *i
// to its last word (the prefix loop steps past it); false for another word.
func (c *cmd) prefixChdir(p catalogue.Prefix, words []word.Word, i *int) bool {
	a := words[*i].Text
	opt, v, eq := strings.Cut(a, "=")
	switch {
	case eq && strings.HasPrefix(a, "--") && p.Chdir.Has(opt):
	case p.Chdir.Has(a) && *i+1 < len(words) && !p.Moves.Has(a):
		*i++
		v = words[*i].Text
	case len(a) > 2 && a[1] != '-' && p.Chdir.Has(a[:2]):
		v = a[2:]
	default:
		return false
	}
	if !c.moved { // else DIR is in the namespace entered (nsenter -m -W DIR)
		c.changeDir(v)
	}
	return true
}

// unknownDir is a directory guard cannot tell: a path under it may be any
// path (a login shell's home of a user guard does not know, the working
// directory nsenter takes from another process).
var unknownDir = word.Mark(word.MarkVar, "HOME")

// prefixMoves applies a prefix's option a that starts the command in
// another directory: a login option (catalogue.Prefix.Login: su -, sudo
// --login) the home, a Moves option one guard cannot tell. The option may
// be alone, in its --opt=VALUE form (unshare --root=DIR, nsenter
// --mount=FILE) or in a short cluster (su -lc, sudo -iu, nsenter -r/srv)
// before an option that takes a value.
func (c *cmd) prefixMoves(p catalogue.Prefix, a string) {
	if p.Moves == "" && p.Login == "" || !strings.HasPrefix(a, "-") {
		return
	}
	opt, _, eq := strings.Cut(a, "=")
	switch {
	case p.Login.Has(a):
		c.changeDir("")
		return
	case p.Moves.Has(a) || eq && strings.HasPrefix(a, "--") && p.Moves.Has(opt) && !p.Chdir.Has(opt):
		c.changeDir(unknownDir)
		c.moved = true
		return
	case strings.HasPrefix(a, "--"):
		return
	}
	for _, r := range a[1:] {
		o := "-" + string(r)
		switch {
		case p.Login.Has(o):
			c.changeDir("")
			return
		case p.Moves.Has(o) && (!p.Chdir.Has(o) || len(a) == 2):
			c.changeDir(unknownDir)
			c.moved = true
			return
		case p.WithArg.Has(o) || p.Chdir.Has(o) || p.ScriptOption(o) || p.Prog.Has(o):
			return // the rest is its value
		}
	}
}

// changeDir moves the walker to dir for this command only (env -C, git -C):
// run restores the directory after it (restore).
func (c *cmd) changeDir(dir string) {
	if !c.tmpDir {
		c.savedDir, c.tmpDir = c.w.Dir, true
	}
	c.w.Dir = c.w.dest(dir)
}

// tempVar sets a variable in the environment of this command only (env
// X=v cmd); restore undoes it.
func (c *cmd) tempVar(name, value string) {
	w := c.w
	old := w.saveVar(name)
	w.setAlts(name, nil)
	w.storeVar(name, strVar(value))
	c.undo = append(c.undo, func() { w.restoreVar(name, old) })
}

// mayUnsetHome: an unset of a name guard cannot tell may remove HOME,
// after which ~ is the passwd entry's home: a HOME the command set is
// then one of two values.
func (w *walker) mayUnsetHome() {
	if _, set := w.varMap()["HOME"]; !set {
		return // the inherited HOME: the passwd home is the same place
	}
	w.cond++
	w.setVariable("HOME", expand.Variable{})
	w.cond--
}

// tempUnset removes name from the environment of the command c runs
// (env -u NAME, env -i): in a shell it starts, $HOME unset makes ~ the
// passwd entry's home, the real one, whatever HOME the command set.
func (c *cmd) tempUnset(name string) {
	w := c.w
	old := w.saveVar(name)
	w.setAlts(name, nil)
	w.storeVar(name, expand.Variable{})
	c.undo = append(c.undo, func() { w.restoreVar(name, old) })
}

// tempHide gives name, for the command c runs, a value guard does not
// know (word.MarkVar): export -n V; sh -c '…$V…' runs a shell that does
// not inherit V, whatever guard's environment holds (FINDINGS52a P7).
func (c *cmd) tempHide(name string) {
	w := c.w
	old := w.saveVar(name)
	w.setAlts(name, nil)
	w.storeVar(name, strVar(word.Mark(word.MarkVar, name)))
	c.undo = append(c.undo, func() { w.restoreVar(name, old) })
}

// clearEnv empties the environment of the command c runs (env -i): HOME
// unset (~ is the passwd entry's home), every other variable it inherits
// one guard does not know (see variable), and the command's own exported
// ones too.
func (c *cmd) clearEnv() {
	w := c.w
	c.tempUnset("HOME")
	var names []string
	for name, v := range w.varMap() {
		if v.Exported && name != "HOME" {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	for _, name := range names {
		c.tempHide(name)
	}
	w.envHidden++
	c.undo = append(c.undo, func() { w.envHidden-- })
}

// unsetsVar removes the variable a names from the command's environment;
// a name guard cannot tell may be HOME.
func (c *cmd) unsetsVar(a word.Word) {
	switch {
	case a.Known && word.IsName(a.Text):
		c.tempUnset(a.Text)
	case !a.Known || word.HasMark(a.Text):
		c.tempUnset("HOME")
	}
}

// restore undoes changeDir and tempVar.
func (c *cmd) restore() {
	if c.tmpDir {
		c.w.Dir, c.tmpDir = c.savedDir, false
	}
	for i := len(c.undo) - 1; i >= 0; i-- {
		c.undo[i]()
	}
	c.undo = nil
}

// history: bash's history -a and -w write, -r and -n read, the file named
// after them or else $HISTFILE (~/.bash_history when the command sets none
// and bash is the shell); -s and -p take data words. zsh's fc -A and -W
// write, fc -R reads, the same way.
func (c *cmd) history() {
	write, read, data := false, false, false
	var file *word.Word
	for j := range c.args {
		a := &c.args[j]
		if len(a.Text) > 1 && a.Text[0] == '-' && file == nil && !data {
			opts := a.Text[1:]
			if c.name == "fc" {
				write = write || strings.ContainsAny(opts, "AW")
				read = read || strings.Contains(opts, "R")
			} else {
				write = write || strings.ContainsAny(opts, "aw")
				read = read || strings.ContainsAny(opts, "rn")
				data = strings.ContainsAny(opts, "sp")
			}
			continue
		}
		if data || file != nil {
			continue
		}
		file = a
	}
	if !write && !read {
		if c.name == "fc" && !listsOnly(c.args) {
			// fc -s, fc -e ED: run again, or edit and run, commands of the
			// shell's history, which guard does not see.
			c.w.hide("fc runs commands from the shell's history")
		}
		return
	}
	target := ""
	switch {
	case file != nil:
		target = file.Text
	case c.w.variable("HISTFILE").IsSet():
		target = c.w.variable("HISTFILE").String()
	case c.name == "history" && !c.w.zsh:
		target = "~/.bash_history"
	default:
		return // zsh without HISTFILE: fc -W has no file
	}
	if write {
		c.w.Write(target)
	}
	if read {
		c.w.Read(target)
	}
}

// listsOnly reports whether fc's words ask for a listing (fc -l).
func listsOnly(args []word.Word) bool {
	for _, a := range args {
		if len(a.Text) > 1 && a.Text[0] == '-' && strings.Contains(a.Text, "l") {
			return true
		}
	}
	return false
}
