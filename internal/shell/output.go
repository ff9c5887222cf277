package shell

import (
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
	"mvdan.cc/sh/v3/syntax"
)

// What a command substitution prints, as the walker follows its commands in
// order: the output of $(cd ~/.ssh && pwd), $(echo "$x"/y), $(dirname
// ~/.ssh/config) is known; a command whose output is not known, or one that
// may or may not run (if, ||, a loop), makes it not known.

// outBuf collects what the commands of a substitution print.
type outBuf struct {
	text  strings.Builder
	known bool
	// wild: a part of what it prints is neither known nor harmless
	// names (output.tame): a value that may be any path.
	wild bool
	// picked: a part of what it prints is a harmless name picked among
	// others (ls, find, date, mktemp), not a tool's place (output.place).
	picked bool
	// token: all it prints is what one command printed that is one word
	// (output.token): no white space, one line.
	token bool
	// plain: that word is of the plain alphabet (output.plain).
	plain bool
}

// silent are programs that print nothing on standard output (cd - and -v
// aside).
const silent word.Set = " cd true false : set shift unset export readonly local declare typeset test [ [[ mkdir touch rm rmdir cp mv ln chmod chown sleep wait trap umask alias "

// outputOf notes, in a substitution whose output is used, a statement whose
// output guard does not follow: conditional, repeated, in the background,
// or sent elsewhere.
func (w *walker) outputOf(s *syntax.Stmt) {
	if w.out == nil {
		return
	}
	switch c := s.Cmd.(type) {
	case nil, *syntax.CallExpr, *syntax.Block, *syntax.Subshell, *syntax.DeclClause, *syntax.ArithmCmd,
		*syntax.LetClause, *syntax.TestClause, *syntax.FuncDecl:
		if len(s.Redirs) > 0 && s.Cmd != nil {
			if _, ok := s.Cmd.(*syntax.CallExpr); !ok {
				w.out.known, w.out.wild = false, true // { …; } > f
			}
		}
	case *syntax.BinaryCmd:
		if c.Op == syntax.OrStmt && !quietStmt(c.Y) {
			w.out.known, w.out.wild = false, true // (x || true prints what x prints)
		}
	default:
		w.out.known, w.out.wild = false, true
	}
	if s.Background || s.Negated && s.Cmd == nil {
		w.out.known, w.out.wild = false, true
	}
}

// quietStmt reports whether s is a command that prints nothing on
// standard output: true, :, false, exit N, return N.
func quietStmt(s *syntax.Stmt) bool {
	ce, ok := s.Cmd.(*syntax.CallExpr)
	if !ok || len(s.Redirs) > 0 || s.Background || len(ce.Args) == 0 || len(ce.Args) > 2 {
		return false
	}
	switch ce.Args[0].Lit() {
	case "true", ":", "false":
		return len(ce.Args) == 1
	case "exit", "return":
		return len(ce.Args) == 1 || isNumber(ce.Args[1].Lit())
	}
	return false
}

func isNumber(s string) bool { return s != "" && strings.Trim(s, "0123456789") == "" }

// printed adds what the last command of a pipeline prints to the output
// collected, when the pipeline runs in a substitution whose output is used.
func (w *walker) printed(last *cmd) {
	if w.out == nil || last == nil {
		return
	}
	switch {
	case last.compound, last.name == "" && last.stdin.file != "" && len(last.outFiles) == 0:
		w.out.known, w.out.wild = false, true // $(< FILE) prints the file
	case !w.out.known:
		w.out.wild = w.out.wild || !last.out.tame && !last.out.known && last.name != "" && len(last.outFiles) == 0 && !(silent.Has(last.name) && !verbose(last))
		w.out.picked = w.out.picked || last.out.tame && !last.out.known && !last.out.place && len(last.outFiles) == 0
		w.out.token = w.out.token && (last.name == "" || len(last.outFiles) > 0 || silent.Has(last.name) && !verbose(last))
		w.out.plain = w.out.plain && w.out.token
	case last.name == "" || len(last.outFiles) > 0:
		// Assignments or redirections only; or output sent to a file.
	case last.out.known:
		w.out.text.WriteString(last.out.text)
	case silent.Has(last.name) && !verbose(last):
	case last.out.tame:
		w.out.token = last.out.token && w.out.text.Len() == 0
		w.out.plain = w.out.token && last.out.plain
		w.out.known = false
		w.out.picked = w.out.picked || !last.out.place
	default:
		w.out.known, w.out.wild = false, true
	}
}

// verbose reports whether a silent program was asked to print: cd -, -v.
func verbose(c *cmd) bool {
	for _, a := range c.args {
		if a.Text == "-" && c.name == "cd" || strings.HasPrefix(a.Text, "-") && !strings.HasPrefix(a.Text, "--") && strings.Contains(a.Text, "v") || a.Text == "--verbose" {
			return true
		}
	}
	return false
}

// pathOutput sets what pwd, dirname, basename, realpath and readlink -f
// print: $(pwd) after cd, $(dirname ~/.ssh/config). Their options are
// read whole (pathprinters.go): one guard does not model, -z, or an
// operand it cannot tell leaves the output unknown.
func (c *cmd) pathOutput() {
	var lines []string
	switch c.name {
	case "pwd":
		lines = []string{word.DirMark(c.w.Dir)}
		if r, ok := c.physicalPwd(); ok {
			lines = []string{word.DirMark(r)} // pwd -P: the links resolved (FINDINGS54b G4)
		}
	case "command", "type", "which":
		var ok bool
		if lines, ok = c.programPaths(word.Operands(c.args)); !ok {
			return
		}
		if len(lines) == 0 {
			c.out = output{known: true} // not found: nothing printed
			return
		}
	case "mktemp":
		lines = []string{c.mktemp()}
	default:
		var ok bool
		if lines, ok = c.printedPaths(); !ok {
			return
		}
	}
	if len(lines) > 0 {
		c.out = output{text: strings.Join(lines, "\n") + "\n", known: true}
	}
}

// printedPaths returns the lines dirname, basename, realpath and
// readlink print, read with all their options; false when guard cannot
// tell them.
func (c *cmd) printedPaths() ([]string, bool) {
	opts, ops, ok := pathPrinterArgs(c.name, c.args)
	if !ok || opts.has('z') {
		return nil, false
	}
	switch c.name {
	case "dirname":
		var lines []string
		for _, o := range ops {
			d, ok := dirOf(c.w.concrete(o))
			if !ok {
				return nil, false
			}
			lines = append(lines, d)
		}
		return lines, true
	case "basename":
		return basenames(opts, ops)
	case "readlink":
		if !opts.has('f') && !opts.has('e') && !opts.has('m') {
			return nil, false
		}
	}
	return c.resolvedPaths(opts, ops)
}

// resolvedPaths returns what realpath and readlink -f print for ops:
// each absolute, its links resolved where guard resolves them, relative
// to --relative-to's directory when given.
func (c *cmd) resolvedPaths(opts pathPrinterOpts, ops []string) ([]string, bool) {
	var lines []string
	for _, o := range ops {
		at := o // as the walker names it
		if !strings.HasPrefix(o, "/") && !word.HomeRelative(o) && !strings.HasPrefix(o, word.MarkStart) {
			at = effect.Under(c.w.Dir, o)
			o = word.DirMark(c.w.Dir) + "/" + o // printed absolute
		}
		logical := opts.has('s') || opts.has('L')
		r, resolved := c.w.physicalDir(at)
		if resolved && !logical {
			o = word.DirMark(r) // the links resolved, as printed (FINDINGS54b G4)
		}
		if opts.has('R') || opts.has('B') {
			if resolved && !logical && r != at {
				return nil, false // relative to links guard does not relate
			}
			rel, ok := relativeOutput(at, opts, func(p string) string { return effect.Under(c.w.Dir, p) })
			if !ok {
				return nil, false
			}
			o = rel
		}
		lines = append(lines, o)
	}
	return lines, true
}

// physicalPwd returns the directory pwd prints with its links resolved:
// with -P, or set -P with no -L after it; false when pwd prints it as cd
// named it or guard cannot resolve it.
func (c *cmd) physicalPwd() (string, bool) {
	physical := c.w.physical || c.w.physMaybe
	for _, a := range c.args {
		if i := strings.LastIndexAny(a.Text, "LP"); i > 0 && strings.HasPrefix(a.Text, "-") && !strings.HasPrefix(a.Text, "--") {
			physical = a.Text[i] == 'P'
		}
	}
	if !physical {
		return "", false
	}
	return c.w.physicalDir(c.w.Dir)
}

// hasShort reports whether one of c's options is a short option cluster
// holding one of letters.
func hasShort(args []word.Word, letters ...byte) bool {
	for _, a := range args {
		for _, l := range letters {
			if word.ShortHas(a.Text, l, "") {
				return true
			}
		}
	}
	return false
}

// dirOf is dirname's output for p, when what it cuts is known text: not
// when p is the home directory or a marker itself.
func dirOf(p string) (string, bool) {
	t := strings.TrimRight(p, "/")
	i := strings.LastIndexByte(t, '/')
	switch {
	case t == "" && p != "":
		return "/", true
	case i < 0:
		if t == "~" || word.HasMark(t) || strings.HasPrefix(t, "$") {
			return "", false
		}
		return ".", true
	case i == 0:
		return "/", true
	}
	if !word.IsKnown(t[i:]) || t[i:] == "/." || t[i:] == "/.." {
		return "", false // the part cut holds a marker, or is . or ..: where it ends is not known
	}
	if d := strings.TrimRight(t[:i], "/"); d != "" {
		return d, true
	}
	return "/", true
}

// baseOf is basename's output for p, when it is known text.
func baseOf(p string) (string, bool) {
	t := strings.TrimRight(p, "/")
	if t == "" {
		return "/", p != ""
	}
	b := t[strings.LastIndexByte(t, '/')+1:]
	if b == "~" || strings.HasPrefix(b, "$") || !word.IsKnown(b) {
		return "", false // the home directory, or a part that may hold a /
	}
	return b, true
}

// programPaths returns what command -v, type -P (-p) and which print for
// the programs names: the path where the shell finds each on its PATH, as
// the reader finds it (a builtin, or a function or alias the command made,
// is its own name for command -v, and not printed by the others); false
// when it cannot tell (another option, no reader, a directory it cannot
// tell on the way) or a name is not a program the catalogue knows (what
// runs from the path would be read and followed: a tool's own scripts,
// pyenv's, lead from one to the next past guard's depth).
func (c *cmd) programPaths(names []string) ([]string, bool) {
	w := c.w
	search := c.name == "which" || hasShort(c.args, 'P', 'p')
	switch {
	case c.name == "command" && !hasShort(c.args, 'v'), c.name == "type" && !search, hasShort(c.args, 'a', 'V', 't'):
		return nil, false
	}
	if _, ok := w.Files.(effect.Searcher); !ok {
		return nil, false
	}
	var lines []string
	for _, n := range names {
		own := builtins.Has(n) || slices.Contains(w.redefined, strings.ToLower(n))
		_, fn := w.funcs.bodies[n]
		_, al := w.funcs.aliases[n]
		if f, hashed, ok := w.hashedPath(n); c.name != "which" && !builtins.Has(n) && !fn && !al && hashed {
			if !ok {
				return nil, false // (cmdSubst: not a program's place either)
			}
			lines = append(lines, f) // the table's file, before PATH (FINDINGS58b B19)
			continue
		}
		switch {
		case own && c.name == "command":
			lines = append(lines, n)
			continue
		case own && !hasShort(c.args, 'P') && c.name != "which", !effect.ProgramName(n):
			continue
		case catalogue.ProgramNamed(n) == nil:
			return nil, false
		}
		l := w.LookPath(n, c.path)
		if l == nil || l.Hidden {
			return nil, false
		}
		if l.Run != "" {
			lines = append(lines, l.Run)
		}
	}
	return lines, true
}

// mktemp returns the path mktemp prints: in the directory of -p DIR or
// --tmpdir=DIR, else in $TMPDIR (/tmp when it is not set) unless a template
// is given without -t (then where the template says, from the working
// directory); its name is the template's (tmp.XXXXXXXXXX), the X's
// replaced by what guard cannot tell.
func (c *cmd) mktemp() string {
	dir, tmpl, inTmp := "", "", false
	for j := 0; j < len(c.args); j++ {
		s := c.args[j].Text
		switch {
		case s == "-p" || s == "--tmpdir":
			if s == "-p" && j+1 < len(c.args) {
				j++
				dir = c.args[j].Text
			}
			inTmp = true
		case strings.HasPrefix(s, "--tmpdir="):
			dir, inTmp = strings.TrimPrefix(s, "--tmpdir="), true
		case strings.HasPrefix(s, "-p") && len(s) > 2:
			dir, inTmp = s[2:], true
		case s == "--suffix" || s == "--":
			j++
		case strings.HasPrefix(s, "-"):
			inTmp = inTmp || word.ShortHas(s, 't', "p")
		default:
			tmpl = s
		}
	}
	if tmpl == "" {
		tmpl, inTmp = "tmp.XXXXXXXXXX", true
	}
	name := strings.TrimRight(tmpl, "X")
	if len(tmpl)-len(name) < 3 {
		name = tmpl // fewer than three X's: GNU mktemp fails; the name is not known
	}
	name += word.Mark(word.MarkName, "") // random letters: no / nor ..
	switch {
	case dir != "":
		return strings.TrimRight(dir, "/") + "/" + name
	case inTmp:
		return word.Mark(word.MarkEnvOp, "TMPDIR:-/tmp") + "/" + name
	}
	return name
}
