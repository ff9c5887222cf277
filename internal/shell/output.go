package shell

import (
	"strings"

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
}

// silent are programs that print nothing on standard output (cd - and -v
// aside).
const silent wordSet = " cd true false : set shift unset export readonly local declare typeset test [ [[ mkdir touch rm rmdir cp mv ln chmod chown sleep wait trap umask alias "

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
				w.out.known = false // { …; } > f
			}
		}
	case *syntax.BinaryCmd:
		if c.Op == syntax.OrStmt {
			w.out.known = false
		}
	default:
		w.out.known = false
	}
	if s.Background || s.Negated && s.Cmd == nil {
		w.out.known = false
	}
}

// printed adds what the last command of a pipeline prints to the output
// collected, when the pipeline runs in a substitution whose output is used.
func (w *walker) printed(last *cmd) {
	if w.out == nil || last == nil || !w.out.known {
		return
	}
	switch {
	case last.compound:
		w.out.known = false
	case last.name == "" && last.stdin.file != "" && len(last.outFiles) == 0:
		w.out.known = false // $(< FILE) prints the file
	case last.name == "" || len(last.outFiles) > 0:
		// Assignments or redirections only; or output sent to a file.
	case last.out.known:
		w.out.text.WriteString(last.out.text)
	case silent.has(last.name) && !verbose(last):
	default:
		w.out.known = false
	}
}

// verbose reports whether a silent program was asked to print: cd -, -v.
func verbose(c *cmd) bool {
	for _, a := range c.args {
		if a.s == "-" && c.name == "cd" || strings.HasPrefix(a.s, "-") && !strings.HasPrefix(a.s, "--") && strings.Contains(a.s, "v") || a.s == "--verbose" {
			return true
		}
	}
	return false
}

// pathOutput sets what pwd, dirname, basename, realpath and readlink -f
// print: $(pwd) after cd, $(dirname ~/.ssh/config).
func (c *cmd) pathOutput() {
	ops := operands(c.args)
	var lines []string
	switch c.name {
	case "pwd":
		lines = []string{dirMark(c.w.dir)}
	case "dirname":
		for _, o := range ops {
			d, ok := dirOf(o)
			if !ok {
				return
			}
			lines = append(lines, d)
		}
	case "basename":
		if len(ops) == 0 {
			return
		}
		b, ok := baseOf(ops[0])
		if !ok {
			return
		}
		if len(ops) > 1 {
			b = strings.TrimSuffix(b, ops[1])
		}
		lines = []string{b}
	case "realpath", "readlink":
		if c.name == "readlink" && !hasShort(c.args, 'f', 'e', 'm') {
			return
		}
		for _, o := range ops {
			if !strings.HasPrefix(o, "/") && !homeRelative(o) && !strings.HasPrefix(o, markStart) {
				o = dirMark(c.w.dir) + "/" + o // printed absolute
			}
			lines = append(lines, o)
		}
	}
	if len(lines) > 0 {
		c.out = output{text: strings.Join(lines, "\n") + "\n", known: true}
	}
}

// hasShort reports whether one of c's options is a short option cluster
// holding one of letters.
func hasShort(args []word, letters ...byte) bool {
	for _, a := range args {
		for _, l := range letters {
			if shortHas(a.s, l, "") {
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
		if t == "~" || hasMark(t) || strings.HasPrefix(t, "$") {
			return "", false
		}
		return ".", true
	case i == 0:
		return "/", true
	}
	if !isKnown(t[i:]) {
		return "", false // the part cut holds a marker: where it ends is not known
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
	if b == "~" || strings.HasPrefix(b, "$") || !isKnown(b) {
		return "", false // the home directory, or a part that may hold a /
	}
	return b, true
}
