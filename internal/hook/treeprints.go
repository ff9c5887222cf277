package hook

import (
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/regularfile"
	"github.com/guardhq/guard/internal/shell/catalogue"
	"mvdan.cc/sh/v3/syntax"
)

// unshownTree is what guard could not tell of a tree search whose output
// reaches the model unredacted: that it succeeds, or that it prints no
// line of a file it protects.
const unshownTree = "guard cannot show that the search succeeds, nor that it prints no line of a protected file (a grep whose options and pattern it models, matched against the file)"

// copiedTree is what guard could not tell of a tree search whose output
// goes to a file: a copy the result scan does not see, as cp's is.
const copiedTree = "its output goes to a file, a copy of what it prints that the result scan does not see; guard cannot show that it copies no line of a protected file (a grep whose options and pattern it models, matched against the file)"

// treePrints returns, for command text (zsh: read as zsh), whether its
// tree reads may print a line of the regular file at a path: every
// program of it that prints files' text is a grep guard models
// (grepLines), run directly or by find -exec; every other one prints
// none (names, counts, its standard input: namesOnly) or, after a pipe,
// only text made of the lines it is given (reshapesInput). Nil: cannot
// tell.
// The command's status does not count: a search that fails or hangs
// after it printed prints no line the predicate denies. What goes to a
// file counts as printed (a copy); only /dev/null discards it.
func treePrints(text string, zsh bool) event.LinePrinter {
	f, ok := parseStatus(text, zsh)
	if !ok {
		return nil
	}
	return treeSearch(f, false)
}

// treeCopies is treePrints for the pipelines that write what they print
// to a file (> out.txt), and whether the command writes a copy at all (a
// redirection of standard output to a file other than /dev/null, tee):
// nil with true is "cannot tell" of a copy.
func treeCopies(text string, zsh bool) (event.LinePrinter, bool) {
	f, ok := parseStatus(text, zsh)
	if !ok {
		return nil, false
	}
	copied := false
	syntax.Walk(f, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Stmt:
			to, lit := outTarget(n)
			copied = copied || !lit || to != "" && to != "/dev/null"
		case *syntax.CallExpr:
			w, _ := callWords(n)
			copied = copied || len(w) > 0 && w[0] == "tee"
		}
		return !copied
	})
	if !copied {
		return nil, false
	}
	return treeSearch(f, true), true
}

// treeSearch is treePrints of a parsed command; copies: of the
// pipelines that write what they print to a file (their last stage's
// standard output, a tee stage), and of every one after an exec that
// sends the shell's output elsewhere than the client (exec > >(tee
// build.log)). The other pipelines print to the result: left unread.
func treeSearch(f *syntax.File, copies bool) event.LinePrinter {
	var units [][]*syntax.Stmt
	for _, s := range f.Stmts {
		if !splitUnits(s, &units) {
			return nil
		}
	}
	var greps []grepSpec
	after := false // an exec sent the shell's output to a copy
	moved := false // a cd: the greps' roots are not the call's directory's
	syntax.Walk(f, func(n syntax.Node) bool {
		if c, ok := n.(*syntax.CallExpr); ok && len(c.Args) > 0 {
			w, lit := literalWord(c.Args[0])
			moved = moved || !lit || w == "cd" || w == "pushd" || w == "popd"
		}
		return !moved
	})
	for _, u := range units {
		last := u[len(u)-1]
		to, lit := outTarget(last)
		copied := after || !lit || to != "" && to != "/dev/null" || slices.ContainsFunc(u, isTee)
		if c, _ := last.Cmd.(*syntax.CallExpr); copies && len(u) == 1 && c != nil && len(c.Args) == 1 && isExec(c) {
			after = after || copied
			continue
		}
		if copies && !copied {
			continue
		}
		g, ok := unitGreps(u)
		if !ok {
			return nil
		}
		greps = append(greps, g...)
	}
	return &treeGreps{greps: greps, moved: moved}
}

// unitGreps returns the greps of a pipeline (its stages u) that print,
// and whether every stage is in the model.
func unitGreps(u []*syntax.Stmt) ([]grepSpec, bool) {
	var out []grepSpec
	for i, st := range u {
		c, _ := st.Cmd.(*syntax.CallExpr)
		if c == nil || len(c.Assigns) > 0 || !outRedirects(st) {
			return nil, false
		}
		words, lit := searchWords(c)
		if !lit || len(words) == 0 {
			return nil, false
		}
		g, ok := stageGreps(words, i)
		if !ok {
			return nil, false
		}
		if to, _ := outTarget(st); i < len(u)-1 || to != "/dev/null" {
			out = append(out, g...) // a pipe's stage prints what a later one passes on
		}
	}
	return out, true
}

// searchWords is callWords for a search's stage, taking as written an
// unquoted glob that is a filter of grep's whose value the model does not
// read (--include=*.go): every word the shell may make of it is that
// option, its prefix being literal; none (nullglob), or no run at all
// (failglob, zsh's no-match error): the model's answer is the same.
func searchWords(c *syntax.CallExpr) ([]string, bool) {
	words, lit := callWords(c)
	if lit {
		return words, true
	}
	for i, w := range c.Args {
		if _, ok := literalWord(w); ok {
			continue
		}
		s, ok := filterGlob(w)
		if !ok {
			return nil, false
		}
		words[i] = s
	}
	return words, true
}

// filterGlob returns the text of w when it is one unquoted literal
// --include=, --exclude= or --exclude-dir= whose value holds letters,
// digits, . _ - / and the globs * and ? only.
func filterGlob(w *syntax.Word) (string, bool) {
	if len(w.Parts) != 1 {
		return "", false
	}
	l, ok := w.Parts[0].(*syntax.Lit)
	if !ok {
		return "", false
	}
	opt, v, eq := strings.Cut(l.Value, "=")
	if !eq || v == "" || opt != "--include" && opt != "--exclude" && opt != "--exclude-dir" {
		return "", false
	}
	for _, r := range v {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("._-/*?", r)) {
			return "", false
		}
	}
	return l.Value, true
}

// isTee reports whether stage st runs tee (it writes what it passes on).
func isTee(st *syntax.Stmt) bool {
	c, _ := st.Cmd.(*syntax.CallExpr)
	if c == nil || len(c.Args) == 0 {
		return false
	}
	w, _ := literalWord(c.Args[0])
	return w == "tee"
}

// isExec reports whether c is the exec builtin.
func isExec(c *syntax.CallExpr) bool {
	w, _ := literalWord(c.Args[0])
	return w == "exec"
}

// treeGreps are the greps of a command that read files; base is the
// directory their relative roots lie in ("": not known), moved says the
// command may change directory before one runs (cd): their roots are not
// known then.
type treeGreps struct {
	greps []grepSpec
	base  string
	moved bool
}

// PrintsLine reports whether one of the greps may print a line of the
// regular file at p: a file guard cannot read whole (past maxSecretRead,
// not regular, refused) may; one every grep's own filter skips may not.
func (t *treeGreps) PrintsLine(p string) bool {
	return grepsPrint(t.forFile(p).greps, p)
}

// forFile returns the greps that may print a line of the file at p: each
// but those that print names or counts only (none) and those whose own
// filter skips it below every root of theirs it lies under (where the
// roots are not known: no base, a cd, none is skipped so).
func (t *treeGreps) forFile(p string) *treeGreps {
	filtered := t.base != "" && !t.moved
	out := make([]grepSpec, 0, len(t.greps))
	for _, g := range t.greps {
		if !g.none && (!filtered || !g.skipsFile(t.base, p)) {
			out = append(out, g)
		}
	}
	if len(out) == len(t.greps) {
		return t
	}
	return &treeGreps{greps: out, base: t.base, moved: t.moved}
}

// skipsFile reports whether grep g surely reads no line of the file at p
// (absolute): p lies below one of its roots (relative ones under base),
// is none of them, and its filter skips it below each.
func (g grepSpec) skipsFile(base, p string) bool {
	if g.filter == nil {
		return false
	}
	p = filepath.Clean(p)
	under := false
	for _, r := range g.roots {
		if r == "" || strings.ContainsAny(r, "~$*?[\\\x00") || r == "-" || !plainRoot(r) {
			return false
		}
		root := filepath.FromSlash(r)
		if !filepath.IsAbs(root) {
			root = filepath.Join(base, root)
		}
		root = filepath.Clean(root)
		if !unlinkedRoot(base, root) {
			return false
		}
		if root == p {
			return false // an operand: no filter of the walk
		}
		rel, ok := underRoot(root, p)
		if !ok {
			continue
		}
		if under = true; !g.filter.skips(rel) {
			return false
		}
	}
	return under
}

// plainRoot reports whether a search's root r is spelled as its own clean
// path (or ./ before it): the paths the tool matches its filters against
// are then the walk's. lnk/.. (the link's parent, not the working
// directory), .// (rg matches /conf/x), a/ and a//b are not.
func plainRoot(r string) bool {
	c := path.Clean(r)
	return (r == c || r == "./"+c && c != ".") && c != ".." && !strings.HasPrefix(c, "../")
}

// unlinkedRoot reports whether no directory from base down to root (or,
// for a root outside base, none of root's) is a symbolic link: the tool
// and guard's walk then name its files alike.
func unlinkedRoot(base, root string) bool {
	rel, ok := underRoot(base, root)
	if root == filepath.Clean(base) {
		return true
	}
	if !ok {
		real, err := filepath.EvalSymlinks(root)
		return err == nil && real == root
	}
	at := filepath.Clean(base)
	for _, part := range strings.Split(rel, "/") {
		at = filepath.Join(at, part)
		if fi, err := os.Lstat(at); err != nil || fi.Mode()&os.ModeSymlink != 0 {
			return false
		}
	}
	return true
}

// FollowsLinks reports whether one of the greps reads through the links
// of the tree (grep -R, find -exec grep); grep -r skips them.
func (t *treeGreps) FollowsLinks() bool {
	return slices.ContainsFunc(t.greps, func(g grepSpec) bool { return g.follow })
}

// pick is a linePick: the lines one of the greps may print.
func (t *treeGreps) pick(lines []string) ([]bool, bool) {
	out := make([]bool, len(lines))
	for _, g := range t.greps {
		for i, p := range g.pick(lines) {
			out[i] = out[i] || p
		}
	}
	return out, true
}

// stageGreps returns the greps a pipeline stage (its words, at index i)
// runs that read files, and whether every other program of it prints
// none of a file's text.
func stageGreps(words []string, i int) ([]grepSpec, bool) {
	name, args := words[0], words[1:]
	switch name {
	case "grep", "egrep", "fgrep":
		g, ok := grepLines(name, args)
		if !ok || i > 0 && !g.files {
			return nil, ok // a filter of the pipe: prints its input
		}
		return []grepSpec{g}, true
	case "find":
		return findGreps(args)
	case "rg":
		g, ok := rgLines(args)
		return []grepSpec{g}, ok
	case "ag":
		g, ok := agLines(args)
		return []grepSpec{g}, ok
	case "git":
		g, ok := gitGrepLines(args)
		return []grepSpec{g}, ok
	}
	return nil, namesOnly(name, args) || i > 0 && reshapesInput(name, args) // treereshape.go
}

// namesOnly reports whether a program prints no file's text: echo,
// printf, true, pwd, cd; ls and wc (names, counts); a catalogued filter
// with options known (safeOptions) and no file operand.
func namesOnly(name string, args []string) bool {
	switch name {
	case "echo", "printf", "true", "false", ":", "pwd", "cd", "ls", "wc":
		return true
	case "tr":
		return safeOptions(name, args) // its operands are sets: it reads only its standard input
	}
	return strings.Contains(stdinFilters, " "+name+" ") && safeOptions(name, args) && len(catalogue.Operands(name, args)) == 0
}

// findGreps returns the greps find's -exec and -execdir run (up to the
// word that ends them: catalogue.FindExecEnd), and whether find runs nothing else and writes no list (-fprint)
// nor asks (-ok). A pattern holding {} is a file's name: not modelled.
func findGreps(args []string) ([]grepSpec, bool) {
	var out []grepSpec
	for i := 0; i < len(args); i++ {
		switch a := args[i]; a {
		case "-ok", "-okdir", "-fprint", "-fprintf", "-fls", "-fprint0":
			return nil, false
		case "-exec", "-execdir":
			end := catalogue.FindExecEnd(args, i)
			if end == len(args) || end == i+1 {
				return nil, false
			}
			cmd := args[i+1 : end]
			g, ok := stageGreps(cmd, 0)
			if !ok || len(g) != 1 || !patternBefore(cmd) {
				return nil, false
			}
			g[0].follow = true // a link find names is an operand grep opens
			g[0].filter = nil  // find names the files: operands, no walk
			out = append(out, g...)
			i = end
		}
	}
	return out, true
}

// patternBefore reports whether grep's words cmd give its pattern before
// the first word holding {} (a file's name: not a pattern guard knows),
// which is a word of its own.
func patternBefore(cmd []string) bool {
	k := slices.IndexFunc(cmd, func(w string) bool { return strings.Contains(w, "{}") })
	if k < 0 {
		return true
	}
	if cmd[k] != "{}" || slices.ContainsFunc(cmd[k+1:], func(w string) bool { return strings.Contains(w, "{}") && w != "{}" }) {
		return false
	}
	_, ok := grepLines(cmd[0], cmd[1:k])
	return ok
}

// outRedirects reports whether a stage's redirections send output only
// (to a literal file, /dev/null, a descriptor) and read nothing but
// /dev/null.
func outRedirects(st *syntax.Stmt) bool {
	for _, r := range st.Redirs {
		w := ""
		if r.Word != nil {
			w, _ = literalWord(r.Word)
		}
		switch {
		case w == "":
			return false
		case r.Op == syntax.RdrOut, r.Op == syntax.AppOut, r.Op == syntax.ClbOut, r.Op == syntax.RdrAll, r.Op == syntax.AppAll:
		case r.Op == syntax.DplOut && (w == "1" || w == "2"):
		case r.Op == syntax.RdrIn && w == "/dev/null":
		default:
			return false
		}
	}
	return true
}

// outTarget returns the file a stage's standard output goes to
// (/dev/null, out.txt); "" for the client: no redirection, or a device or
// descriptor that reaches it (/dev/stderr, /dev/fd/1, /proc/self/fd/2).
// lit: every target is a literal word.
func outTarget(st *syntax.Stmt) (to string, lit bool) {
	lit = true
	outs := 0
	for _, r := range st.Redirs {
		w, ok := literalWord(r.Word)
		stdout := r.N == nil || r.N.Value == "1"
		if stdout && (r.Op == syntax.DplOut || r.Op == syntax.RdrOut || r.Op == syntax.AppOut || r.Op == syntax.ClbOut) ||
			r.Op == syntax.RdrAll || r.Op == syntax.AppAll {
			if outs++; outs > 1 {
				return "", lit // zsh's multios: every target gets the output
			}
		}
		switch {
		case r.Op == syntax.DplOut && stdout:
			to = "" // >&2
		case r.Op != syntax.RdrOut && r.Op != syntax.AppOut && r.Op != syntax.ClbOut && r.Op != syntax.RdrAll && r.Op != syntax.AppAll || !stdout && r.Op != syntax.RdrAll && r.Op != syntax.AppAll:
		case !ok:
			lit = false
		case w == "/dev/null" || !strings.HasPrefix(w, "/dev/") && !strings.HasPrefix(w, "/proc/"):
			to = w
		default:
			to = ""
		}
	}
	return to, lit
}

// grepsPrint is treeGreps.PrintsLine.
func grepsPrint(greps []grepSpec, p string) bool {
	if len(greps) == 0 {
		return false
	}
	data, err := regularfile.ReadFile(p, maxSecretRead+1)
	if err != nil || len(data) > maxSecretRead || !asciiText(data) {
		// A byte past ASCII: grep in the C locale matches bytes where Go
		// matches characters, rg decodes UTF-16 and drops a BOM.
		return true
	}
	return textPrints(greps, data)
}

// textPrints reports whether one of greps may print a line of the ASCII
// text data.
func textPrints(greps []grepSpec, data []byte) bool {
	for _, g := range greps {
		if g.prints(data) {
			return true
		}
	}
	return false
}

// asciiText reports whether data holds only ASCII bytes.
func asciiText(data []byte) bool {
	for _, b := range data {
		if b >= 0x80 {
			return false
		}
	}
	return true
}
