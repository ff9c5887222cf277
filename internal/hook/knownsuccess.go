package hook

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/detect/path"
	"github.com/guardhq/guard/internal/home"
	"github.com/guardhq/guard/internal/shell/catalogue"
	"mvdan.cc/sh/v3/syntax"
)

// Review 23a R1: a tree search that prints a protected file's line and
// then fails (expr 0, cd /x, printf %d x, git rev-parse, a hang past the
// client's limit) ends in agent A's PostToolUseFailure, whose output guard
// cannot replace. Any program may fail or hang on purpose, so the
// catalogue is of the harmless side: around the search, only commands
// known to end with status 0 in bounded time in the forms written.

// stdinFilters are the programs known to end with status 0 once their
// standard input ends (a pipe's reader, options known not to fail,
// follow or wait: safeOptions), with no file operand.
const stdinFilters = " head tail sort uniq cat wc tac "

// othersSucceed reports whether every command of text (zsh: read as
// zsh; relative names under base) but the reading one is known to
// succeed: at most one pipeline holds a command not known to end with
// status 0 in bounded time (knownSucceeds), the read whose own status is
// left (docs/DECISIONS.md), and in it no catalogued filter in another
// form (tail -f) nor one at its head reading the client's input
// (readerStage). Anything else, before or after the read, is "cannot show
// the command succeeds" (grep -rn x . ; expr 0).
func othersSucceed(text string, zsh bool, base string) bool {
	f, ok := parseStatus(text, zsh)
	if !ok {
		return false
	}
	var units [][]*syntax.Stmt
	for _, s := range f.Stmts {
		if !splitUnits(s, &units) {
			return false
		}
	}
	k := knownCtx{base: base}
	read := false
	for _, u := range units {
		unknown := false
		for i, st := range u {
			c, _ := st.Cmd.(*syntax.CallExpr)
			if c == nil {
				return false
			}
			words, lit := callWords(c)
			switch {
			case len(words) == 0:
				return false
			case quietRedirects(st) && k.knownSucceeds(words, lit, i > 0):
			case readerStage(words, i):
				unknown = true
			default:
				return false
			}
			k.note(st, words)
		}
		if unknown && read {
			return false // a second command not known to succeed
		}
		read = read || unknown
	}
	return true
}

// knownCtx is what the commands before one tell of it: a cd moved the
// directory relative names are under (moved), files redirections wrote.
type knownCtx struct {
	base    string
	moved   bool
	written []string
}

// note records what a stage's command and redirections change.
func (k *knownCtx) note(st *syntax.Stmt, words []string) {
	k.moved = k.moved || words[0] == "cd" || words[0] == "pushd"
	for _, r := range st.Redirs {
		if r.Word != nil && (r.Op == syntax.RdrOut || r.Op == syntax.AppOut || r.Op == syntax.ClbOut) {
			if w := r.Word.Lit(); w != "" {
				k.written = append(k.written, w)
			}
		}
	}
}

// parseStatus parses text as bash (zsh: as zsh), within plainStatus's
// bounds.
func parseStatus(text string, zsh bool) (*syntax.File, bool) {
	if len(text) > maxPlainStatus {
		return nil, false
	}
	lang := syntax.LangBash
	if zsh {
		lang = syntax.LangZsh
	}
	f, err := syntax.NewParser(syntax.Variant(lang), syntax.KeepComments(false)).Parse(strings.NewReader(text), "")
	return f, err == nil && len(f.Stmts) > 0 && len(f.Stmts) <= maxPlainStmts
}

// splitUnits appends the pipelines of statement s (an && chain of them)
// to units, each as its stages in order.
func splitUnits(s *syntax.Stmt, units *[][]*syntax.Stmt) bool {
	if b, ok := s.Cmd.(*syntax.BinaryCmd); ok && b.Op == syntax.AndStmt {
		return splitUnits(b.X, units) && splitUnits(b.Y, units)
	}
	var stages []*syntax.Stmt
	if !pipeStages(s, &stages) {
		return false
	}
	*units = append(*units, stages)
	return true
}

// pipeStages appends the stages of pipeline s to out.
func pipeStages(s *syntax.Stmt, out *[]*syntax.Stmt) bool {
	switch c := s.Cmd.(type) {
	case *syntax.CallExpr:
		*out = append(*out, s)
		return true
	case *syntax.BinaryCmd:
		return c.Op == syntax.Pipe && pipeStages(c.X, out) && pipeStages(c.Y, out)
	}
	return false
}

// callWords returns the words of c as their literal text (quotes
// removed); lit is false when a word holds an expansion (its text is then
// "").
func callWords(c *syntax.CallExpr) (words []string, lit bool) {
	lit = true
	for _, w := range c.Args {
		s, ok := literalWord(w)
		lit = lit && ok
		words = append(words, s)
	}
	return words, lit
}

// literalWord returns the text of w when it is literals and quotes only.
func literalWord(w *syntax.Word) (string, bool) {
	var b strings.Builder
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			b.WriteString(p.Value)
		case *syntax.SglQuoted:
			b.WriteString(p.Value)
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				l, ok := q.(*syntax.Lit)
				if !ok {
					return "", false
				}
				b.WriteString(l.Value)
			}
		default:
			return "", false
		}
	}
	return b.String(), true
}

// quietRedirects reports whether the stage's redirections cannot fail:
// /dev/null, 2>&1, >&2 (a literal file may be a directory, missing or
// refused).
func quietRedirects(st *syntax.Stmt) bool {
	for _, r := range st.Redirs {
		w := ""
		if r.Word != nil {
			w = r.Word.Lit()
		}
		if r.Op == syntax.DplOut && (w == "1" || w == "2") || w == "/dev/null" && r.Op != syntax.DplOut {
			continue
		}
		return false
	}
	return true
}

// knownSucceeds reports whether a command (its words; lit: all literal;
// down: it reads a pipe) is known to end with status 0 in bounded time:
// echo, true, :, pwd, printf of a literal format whose conversions take
// any text, cd to a directory that exists (relative: only before any
// other cd), ls and wc of names that exist or an earlier redirection
// wrote, and, reading a pipe, a catalogued filter with no file operand.
func (k *knownCtx) knownSucceeds(words []string, lit, down bool) bool {
	name, args := words[0], words[1:]
	switch name {
	case "echo", "true", ":":
		return true
	case "pwd":
		return lit && (len(args) == 0 || len(args) == 1 && (args[0] == "-L" || args[0] == "-P"))
	case "printf":
		return lit && len(args) > 0 && !strings.HasPrefix(args[0], "-") && plainFormat(args[0])
	case "cd":
		return lit && len(args) == 1 && !strings.HasPrefix(args[0], "-") &&
			(!k.moved || filepath.IsAbs(args[0]) || strings.HasPrefix(args[0], "~")) && isDir(args[0], k.base)
	case "ls":
		return lit && k.plainLs(args)
	}
	if !lit {
		return false
	}
	ops := catalogue.Operands(name, args)
	switch {
	case name == "wc" && len(ops) > 0:
		return safeOptions(name, args) && k.allPresent(args, ops)
	case !down:
		return false
	case strings.Contains(stdinFilters, " "+name+" "):
		return safeOptions(name, args) && len(ops) == 0
	case strings.Contains(quietFails, " "+name+" ") && name != "rg":
		// grep reading a pipe fails (1) only when it prints nothing.
		return safeOptions(name, args) && len(ops) <= 1 && !patternOption(args)
	}
	return false
}

// allPresent reports whether the operands ops of args each name an
// entry on disk or a file an earlier redirection wrote, before any cd.
func (k *knownCtx) allPresent(args []string, ops []int) bool {
	h, _ := home.UserHome()
	for _, i := range ops {
		if !slices.Contains(k.written, args[i]) && (k.moved || !present(args[i], k.base, h)) {
			return false
		}
	}
	return true
}

// patternOption reports whether args give grep its pattern by option
// (-e, -f, --regexp): its one operand is then a file.
func patternOption(args []string) bool {
	for _, a := range args {
		if strings.HasPrefix(a, "--regexp") || len(a) > 1 && a[0] == '-' && a[1] != '-' && strings.ContainsAny(a, "ef") {
			return true
		}
	}
	return false
}

// plainFormat reports whether a printf format's conversions all take any
// text (%s %b %q %c, %%, with flags and a literal width).
func plainFormat(f string) bool {
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			continue
		}
		i++
		for i < len(f) && strings.IndexByte("-+ #0123456789.", f[i]) >= 0 {
			i++
		}
		if i >= len(f) || strings.IndexByte("sbqc%", f[i]) < 0 {
			return false
		}
	}
	return true
}

// plainLs reports whether ls with args lists names that exist, with
// options known not to fail (not -R: a subdirectory it cannot open).
func (k *knownCtx) plainLs(args []string) bool {
	var ops []int
	for i, a := range args {
		switch {
		case a == "--all" || a == "--almost-all" || a == "--human-readable" || a == "--classify":
		case strings.HasPrefix(a, "-"):
			if a == "-" || strings.Trim(a[1:], "1aAlhtrSdFpGsiuUvXk") != "" {
				return false
			}
		default:
			ops = append(ops, i)
		}
	}
	return k.allPresent(args, ops)
}

// isDir reports whether w (relative ones under base) is a directory.
func isDir(w, base string) bool {
	h, _ := home.UserHome()
	p := filepath.FromSlash(path.ExpandHome(w, h))
	if !filepath.IsAbs(p) {
		if base == "" {
			return false
		}
		p = filepath.Join(base, p)
	}
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}

// readerStage reports whether a pipeline stage not known to succeed
// (its words, at index i) may be the command's read, whose own status is
// left: not a catalogued filter in a form not known to succeed (tail -f,
// sort -o F, grep with two operands) past the head; not a filter at the
// head with no operand (it reads the client's input, which may never
// end); find, fd and xargs only running a program of readers, never one
// that asks (-ok).
func readerStage(words []string, i int) bool {
	name, args := words[0], words[1:]
	switch {
	case i > 0 && strings.Contains(stdinFilters+quietFails, " "+name+" "):
		return false
	case i == 0 && strings.Contains(stdinFilters, " "+name+" ") && len(catalogue.Operands(name, args)) == 0:
		return false
	}
	switch name {
	case "xargs":
		return i > 0 && runsSearcher(args, false)
	case "find", "fd", "fdfind":
		return runsSearcher(args, true)
	}
	return true
}

// runsSearcher reports whether the command find (after -exec, -execdir;
// fd's -x, -X) or xargs (its first word not an option or an option's
// value) runs is one of readers; find's -ok asks on the terminal.
func runsSearcher(args []string, find bool) bool {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case find && (a == "-ok" || a == "-okdir" || a == "-fprint" || a == "-fprintf" || a == "-fls" || a == "-fprint0"):
			return false
		case find && (a == "-exec" || a == "-execdir" || a == "-x" || a == "-X" || a == "--exec" || a == "--exec-batch"):
			if i+1 >= len(args) || !plainSearcher(args[i+1]) {
				return false
			}
		case find:
		case strings.HasPrefix(a, "-"):
			if len(a) == 2 && strings.IndexByte("nIPLdsEa", a[1]) >= 0 {
				i++ // -n 1, -I {}
			}
		default:
			return plainSearcher(a)
		}
	}
	return find
}

// readers are the programs find and xargs may run in the command's read:
// they print files and run nothing themselves.
const readers = " grep egrep fgrep rg ag ack cat head ls wc file stat "

// plainSearcher reports whether a program a find or xargs runs is one of
// readers.
func plainSearcher(name string) bool {
	return strings.Contains(readers, " "+name+" ")
}
