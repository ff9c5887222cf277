package hook

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"mvdan.cc/sh/v3/syntax"
)

// maxPlainStatus bounds the command text plainStatus parses.
const maxPlainStatus = 64 << 10

// plainStatus reports whether the status of command text is, by its
// syntax, the status of the programs it runs (default-deny on the syntax,
// not on the command list): statements (a list: ; or a line end, grep -rn
// x . ; ls), each a pipeline or an && chain of simple commands with words
// and no assignment, negation (!), test or arithmetic clause ([[ ]], ((
// ))), compound command, background job, here-document, substitution,
// arithmetic expansion or parameter expansion that can fail (${x:?}), and
// no builtin whose whole point is a status (false, exit, return, test:
// statusBuiltins). A redirection to a literal file (grep -rn x . >
// todo.txt) is the shell's own open, which fails as a program does;
// /dev/null never fails. Anything else sets a status guard does not see
// in the analysis's programs: "cannot show it succeeds".
func plainStatus(text string, zsh bool) bool {
	return plainStatusOf(text, zsh, true)
}

// plainStatusOf is plainStatus; with redirs false a redirection is not
// plain either (showsSuccess: a proof that the command succeeds).
func plainStatusOf(text string, zsh, redirs bool) bool {
	f, ok := parseStatus(text, zsh)
	if !ok {
		return false
	}
	for _, s := range f.Stmts {
		if !plainStmt(s) {
			return false
		}
	}
	ok = true
	syntax.Walk(f, func(n syntax.Node) bool {
		switch n := n.(type) {
		case nil, *syntax.File, *syntax.Stmt, *syntax.BinaryCmd, *syntax.Word, *syntax.Lit, *syntax.SglQuoted, *syntax.DblQuoted:
		case *syntax.CallExpr:
			ok = !statusBuiltin(n) && ownStatus(n.Args)
		case *syntax.Redirect:
			ok = redirs && plainRedirect(n)
		case *syntax.ParamExp:
			// $HOME, ${x}: no operator, index or flag that can fail.
			ok = n.Param != nil && n.Exp == nil && n.Slice == nil && n.Repl == nil && n.Index == nil && n.NestedParam == nil &&
				n.Flags == nil && !n.Excl && !n.Length && !n.Width && !n.IsSet && n.Split == 0 && n.GlobSubst == 0 && n.RcExpand == 0
		default:
			ok = false // a clause, expansion or substitution: cannot tell
		}
		return ok
	})
	return ok
}

// maxPlainStmts bounds the statements of a list plainStatus accepts.
const maxPlainStmts = 16

// statusBuiltins are the commands that exist to set a status (grep -rn x
// . && false prints into the failure route on purpose), end the shell or
// its parent with a signal (kill -9 $$), or outlast the client's time
// limit (sleep 600, wait, read).
const statusBuiltins = " false exit return test [ let logout kill pkill killall sleep usleep wait read suspend "

// statusBuiltin reports whether call c runs a status builtin, or one
// guard cannot name (a word that is not a plain literal).
func statusBuiltin(c *syntax.CallExpr) bool {
	if len(c.Args) == 0 {
		return false
	}
	name := c.Args[0].Lit()
	return name == "" || strings.Contains(statusBuiltins, " "+name+" ")
}

// plainRedirect reports whether r opens a literal file for output (>,
// >>, >|, &>, &>>, 2>, 2>&1), a device only when it is /dev/null: not
// input, a here-document or a descriptor guard does not know.
func plainRedirect(r *syntax.Redirect) bool {
	switch r.Op {
	case syntax.RdrOut, syntax.AppOut, syntax.ClbOut, syntax.RdrAll, syntax.AppAll:
		w := ""
		if r.Word != nil {
			w = r.Word.Lit()
		}
		// /dev/null: the one device known to open and take every write
		// (git diff origin/main 2>/dev/null).
		return w == "/dev/null" || w != "" && !strings.HasPrefix(w, "/dev/") && !strings.HasPrefix(w, "/proc/")
	case syntax.DplOut:
		return r.Word != nil && (r.Word.Lit() == "1" || r.Word.Lit() == "2")
	}
	return false
}

// plainStmt reports whether s is a simple command, or a pipeline or &&
// chain of them, with no negation, background or coprocess, and only
// plain redirections (plainRedirect).
func plainStmt(s *syntax.Stmt) bool {
	if s == nil || s.Negated || s.Background || s.Coprocess || s.Disown {
		return false
	}
	for _, r := range s.Redirs {
		if !plainRedirect(r) {
			return false
		}
	}
	switch c := s.Cmd.(type) {
	case *syntax.CallExpr:
		return len(c.Assigns) == 0 && len(c.Args) > 0
	case *syntax.BinaryCmd:
		return (c.Op == syntax.Pipe || c.Op == syntax.AndStmt) && plainStmt(c.X) && plainStmt(c.Y)
	}
	return false
}

// ownStatus reports whether the words of a simple command exit with the
// status of the program they run (default-deny on the prefix): each
// prefix command before it one that execs it (catalogue.Prefix.Execs:
// env, nice, nohup…), its options, assignments and operands skipped as
// the catalogue describes them. timeout (124 after the program printed),
// any other prefix, a word guard cannot read or env -S's split string:
// "cannot tell the status".
func ownStatus(args []*syntax.Word) bool {
	for i := 0; i < len(args); {
		name := args[i].Lit()
		if name == "" || i > 0 && strings.Contains(statusBuiltins, " "+name+" ") {
			return false
		}
		p, ok := catalogue.PrefixOf(name)
		if !ok {
			return true // the program
		}
		if !p.Execs {
			return false
		}
		for i++; i < len(args); i++ {
			a := args[i].Lit()
			if a == "" || splitOption(p, a) {
				return false
			}
			if a == "--" {
				i++
				break
			}
			if !(strings.HasPrefix(a, "-") || p.Assigns && strings.Contains(a, "=")) {
				break
			}
			if p.WithArg.Has(a) {
				i++
			}
		}
		i += p.Operands
	}
	return true // prefixes with no program: nothing of a file printed
}

// splitOption reports whether a is, or a short-option cluster holds, one
// of p's options whose value is split into the command (env -S, -iS,
// --split-string=…): its status is that of a command guard read as text.
func splitOption(p catalogue.Prefix, a string) bool {
	for _, o := range strings.Fields(string(p.Split)) {
		long := strings.HasPrefix(o, "--")
		if a == o || long && strings.HasPrefix(a, o+"=") ||
			!long && len(o) == 2 && len(a) > 1 && a[0] == '-' && a[1] != '-' && strings.IndexByte(a[1:], o[1]) >= 0 {
			return true
		}
	}
	return false
}
