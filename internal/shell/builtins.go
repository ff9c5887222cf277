package shell

import (
	"slices"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/expand"
)

// Builtins that set variables, the positional parameters or the directory
// stack: set, shift, unset, read, mapfile, getopts, printf -v, declare and
// its kin run as commands (builtin declare …), cd, pushd, popd and dirs.

// builtin analyses a builtin that changes the shell's state; true when
// nothing more is to be made of the command.
func (c *cmd) builtin() bool {
	w := c.w
	switch c.name {
	case "set":
		c.set()
	case "shift":
		n := 1
		if len(c.args) > 0 {
			var err error
			if n, err = strconv.Atoi(c.args[0].s); err != nil {
				w.pos = nil // shifted by what guard does not know
				return false
			}
		}
		if w.pos != nil && n >= 0 && n <= len(w.pos.args) {
			w.pos = &positional{zero: w.pos.zero, args: w.pos.args[n:]}
		}
	case "unset":
		for _, a := range c.args {
			if a.s == "-f" {
				return true // functions
			}
			if isName(a.s) {
				w.setVariable(w.refTarget(a.s, declFlags{}), expand.Variable{})
			}
		}
		return true
	case "read", "mapfile", "readarray", "getopts":
		c.read()
		return true
	case "printf":
		return c.printfVar()
	case "pwd", "dirname", "basename", "realpath", "readlink", "type", "which", "mktemp":
		c.pathOutput()
	case "declare", "typeset", "local", "export", "readonly":
		f := declVariant(c.name)
		for _, a := range c.args {
			w.declWord(a, &f)
		}
		return true
	}
	return false
}

// set: set -- ARGS and set ARGS (after its options) set the positional
// parameters.
func (c *cmd) set() {
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].s
		switch {
		case s == "--" || s == "-":
			c.setPositional(c.args[j+1:])
			return
		case s == "-o" || s == "+o":
			j++
		case len(s) > 1 && (s[0] == '-' || s[0] == '+'):
		default:
			c.setPositional(c.args[j:])
			return
		}
	}
}

// setPositional sets $1… to the words args, keeping $0.
func (c *cmd) setPositional(args []word) {
	zero := ""
	if c.w.pos != nil {
		zero = c.w.pos.zero
	}
	p := &positional{zero: zero, args: make([]string, len(args))}
	for i, a := range args {
		p.args[i] = a.s
	}
	c.w.pos = p
}

// readWithArg are the options of read, mapfile and getopts that take a
// value.
const readWithArg wordSet = " -a -d -i -n -N -p -t -u -O -s -C -c "

// read: read NAME… (REPLY), read -a ARR, mapfile ARR (MAPFILE) and getopts
// SPEC NAME set variables to what they read: what a here-string or echo
// feeds read is split into them; anything else is not known.
func (c *cmd) read() {
	w := c.w
	var names []string
	array := ""
	raw := false
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].s
		switch {
		case s == "-a" && j+1 < len(c.args):
			array = c.args[j+1].s
			j++
		case readWithArg.has(s):
			j++
		case s == "-r":
			raw = true
		case strings.HasPrefix(s, "-") && len(s) > 1:
			raw = raw || strings.Contains(s, "r")
		default:
			names = append(names, s)
		}
	}
	switch c.name {
	case "mapfile", "readarray":
		names = append(names[:0:0], "MAPFILE")
		if len(c.args) > 0 && isName(c.args[len(c.args)-1].s) {
			names[0] = c.args[len(c.args)-1].s
		}
	case "getopts":
		if len(names) > 1 {
			names = names[1:2]
		}
		w.setUnknown("OPTARG")
	default:
		if len(names) == 0 && array == "" {
			names = []string{"REPLY"}
		}
	}
	if c.name == "read" && c.stdin.known {
		line, _, _ := strings.Cut(c.stdin.text, "\n")
		c.readInto(line, names, array, raw)
		return
	}
	for _, n := range append(names, array) {
		if isName(n) {
			w.setUnknown(n)
		}
	}
}

// readInto splits line among names as read does (the last takes the rest),
// or into array.
func (c *cmd) readInto(line string, names []string, array string, raw bool) {
	w := c.w
	cfg := w.config()
	defer w.release()
	if array != "" {
		fields := expand.ReadFields(cfg, line, -1, raw)
		vr := expand.Variable{Set: true, Kind: expand.Indexed, List: fields}
		w.setVariable(array, vr)
	}
	if len(names) == 0 {
		return
	}
	fields := expand.ReadFields(cfg, line, len(names), raw)
	for i, n := range names {
		if !isName(n) {
			continue
		}
		v := ""
		if i < len(fields) {
			v = fields[i]
		}
		w.setString(n, v)
	}
}

// printfVar: printf -v NAME FORMAT ARGS sets NAME to what it would print,
// and prints nothing.
func (c *cmd) printfVar() bool {
	if len(c.args) < 3 || c.args[0].s != "-v" {
		return false
	}
	c.allData()
	name := c.args[1].s
	if !isName(name) {
		return true
	}
	if out, ok := printfFormat(c.args[2].s, wordTexts(c.args[3:])); ok {
		c.w.setString(name, out)
	} else {
		c.w.setUnknown(name)
	}
	return true
}

// wordTexts returns the texts of words.
func wordTexts(ws []word) []string {
	out := make([]string, len(ws))
	for i, x := range ws {
		out[i] = x.s
	}
	return out
}

// printfFormat returns what printf FORMAT ARGS prints, the format repeated
// while arguments remain; false when it cannot tell (a conversion of a
// value guard does not know but %s and %b, a bad format).
func printfFormat(format string, args []string) (string, bool) {
	if hasMark(format) {
		return "", false
	}
	for _, a := range args {
		if hasMark(a) && strings.Trim(strings.ReplaceAll(conversions(format), "%%", ""), "%sb") != "" {
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
	s, _, _ := strings.Cut(b.String(), "\x00")
	return s, true
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
	w := c.w
	var dest, rot string
	noChange := false
	for _, a := range c.args {
		s := a.s
		switch {
		case s == "":
		case s == "-":
			dest = s
		case (s[0] == '+' || s[0] == '-') && len(s) > 1 && strings.Trim(s[1:], "0123456789") == "" && c.name != "cd":
			rot = s
		case s == "-n":
			noChange = true
		case s == "-c" && c.name == "dirs":
			w.dirs = nil
			return
		case strings.HasPrefix(s, "-"):
		default:
			dest = s
		}
	}
	if c.name == "dirs" {
		return
	}
	if dest != "" && dest != "-" {
		w.read(dest)
	}
	stack := w.dirStack()
	switch {
	case c.name == "popd":
		stack = popStack(stack, rot, noChange)
	case c.name == "pushd" && dest == "" && rot == "":
		if len(stack) > 1 {
			stack[0], stack[1] = stack[1], stack[0]
		}
	case c.name == "pushd" && rot != "":
		stack = rotateStack(stack, rot)
	case c.name == "pushd":
		stack = append([]string{w.dest(dest)}, stack...)
	default:
		stack[0] = w.dest(dest)
	}
	prev := w.dir
	w.dir = stack[0]
	w.dirs = w.dirs[:0:0]
	for i := len(stack) - 1; i > 0; i-- {
		w.dirs = append(w.dirs, stack[i])
	}
	if w.dir != prev {
		w.oldDir = &prev
	}
}

// dest returns the directory cd DEST moves to.
func (w *walker) dest(dest string) string {
	switch {
	case dest == "":
		home, _ := w.tildePrefix("")
		return home
	case dest == "-" && w.oldDir != nil:
		return *w.oldDir
	case dest == "-":
		// The agent's shell's $OLDPWD, unknown: paths stay where they were.
		return w.dir
	}
	if d, ok := w.dirVar(dest); ok {
		return d
	}
	return under(w.dir, dest)
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
			s := c.args[j].s
			switch {
			case s == "-C" && j+1 < len(c.args):
				j++
				c.changeDir(c.args[j].s)
			case s == "-c" || s == "--git-dir" || s == "--work-tree" || s == "--namespace" || s == "--config-env":
				j++
			case strings.HasPrefix(s, "-"):
			default:
				return // the subcommand
			}
		}
	case "make", "gmake", "bmake":
		for j := 0; j < len(c.args); j++ {
			if v, k, ok := optionValue(c.args, j, 'C', "fIoWjlEW", "--directory"); ok {
				c.changeDir(v)
				j = k
			}
		}
	}
}

// prefixChdir applies a prefix's option at words[*i] that names the
// directory the command runs in (-C DIR, -CDIR, --chdir=DIR), moving *i
// to its last word (the prefix loop steps past it); false for another word.
func (c *cmd) prefixChdir(p prefix, words []word, i *int) bool {
	a := words[*i].s
	opt, v, eq := strings.Cut(a, "=")
	switch {
	case eq && strings.HasPrefix(a, "--") && p.chdir.has(opt):
		c.changeDir(v)
	case p.chdir.has(a) && *i+1 < len(words):
		c.changeDir(words[*i+1].s)
		*i++
	case len(a) > 2 && a[1] != '-' && p.chdir.has(a[:2]):
		c.changeDir(a[2:])
	default:
		return false
	}
	return true
}

// changeDir moves the walker to dir for this command only (env -C, git -C):
// run restores the directory after it (restore).
func (c *cmd) changeDir(dir string) {
	if !c.tmpDir {
		c.savedDir, c.tmpDir = c.w.dir, true
	}
	c.w.dir = c.w.dest(dir)
}

// tempVar sets a variable in the environment of this command only (env
// X=v cmd); restore undoes it.
func (c *cmd) tempVar(name, value string) {
	w := c.w
	old, had := w.varMap()[name]
	w.setString(name, value)
	c.undo = append(c.undo, func() {
		if had {
			w.setVariable(name, old)
		} else {
			w.dropVariable(name)
		}
	})
}

// restore undoes changeDir and tempVar.
func (c *cmd) restore() {
	if c.tmpDir {
		c.w.dir, c.tmpDir = c.savedDir, false
	}
	for i := len(c.undo) - 1; i >= 0; i-- {
		c.undo[i]()
	}
	c.undo = nil
}
