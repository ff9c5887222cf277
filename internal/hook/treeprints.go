package hook

import (
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

// treePrints returns, for command text (zsh: read as zsh), whether its
// tree reads may print a line of the regular file at a path: every
// program of it that prints files' text is a grep guard models
// (grepLines), run directly or by find -exec; every other one prints
// none (names, counts, its standard input: namesOnly). Nil: cannot tell.
// The command's status does not count: a search that fails or hangs
// after it printed prints no line the predicate denies.
func treePrints(text string, zsh bool) event.LinePrinter {
	f, ok := parseStatus(text, zsh)
	if !ok {
		return nil
	}
	var units [][]*syntax.Stmt
	for _, s := range f.Stmts {
		if !splitUnits(s, &units) {
			return nil
		}
	}
	var greps []grepSpec
	for _, u := range units {
		for i, st := range u {
			c, _ := st.Cmd.(*syntax.CallExpr)
			if c == nil || len(c.Assigns) > 0 || !outRedirects(st) {
				return nil
			}
			words, lit := callWords(c)
			if !lit || len(words) == 0 {
				return nil
			}
			g, ok := stageGreps(words, i)
			if !ok {
				return nil
			}
			if i < len(u)-1 || !outToFile(st) {
				greps = append(greps, g...) // a pipe's stage prints what a later one passes on
			}
		}
	}
	return &treeGreps{greps}
}

// treeGreps are the greps of a command that read files.
type treeGreps struct{ greps []grepSpec }

// PrintsLine reports whether one of the greps may print a line of the
// regular file at p: a file guard cannot read whole (past maxSecretRead,
// not regular, refused) may.
func (t *treeGreps) PrintsLine(p string) bool {
	return grepsPrint(t.greps, p)
}

// FollowsLinks reports whether one of the greps reads through the links
// of the tree (grep -R, find -exec grep); grep -r skips them.
func (t *treeGreps) FollowsLinks() bool {
	return slices.ContainsFunc(t.greps, func(g grepSpec) bool { return g.follow })
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
	}
	return nil, namesOnly(name, args)
}

// namesOnly reports whether a program prints no file's text: echo,
// printf, true, pwd, cd; ls and wc (names, counts); a catalogued filter
// with options known (safeOptions) and no file operand.
func namesOnly(name string, args []string) bool {
	switch name {
	case "echo", "printf", "true", ":", "pwd", "cd", "ls", "wc":
		return true
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

// outToFile reports whether a stage's standard output goes to a file
// (>/dev/null, > out.txt), not a device or descriptor that reaches the
// client (/dev/stderr, /dev/fd/1, /proc/self/fd/2).
func outToFile(st *syntax.Stmt) bool {
	to := false
	for _, r := range st.Redirs {
		w, _ := literalWord(r.Word)
		stdout := r.N == nil || r.N.Value == "1"
		switch {
		case r.Op == syntax.DplOut && stdout:
			to = false // >&2
		case r.Op != syntax.RdrOut && r.Op != syntax.AppOut && r.Op != syntax.ClbOut && r.Op != syntax.RdrAll && r.Op != syntax.AppAll || !stdout && r.Op != syntax.RdrAll && r.Op != syntax.AppAll:
		default:
			to = w == "/dev/null" || !strings.HasPrefix(w, "/dev/") && !strings.HasPrefix(w, "/proc/")
		}
	}
	return to
}

// grepsPrint is treeGreps.PrintsLine.
func grepsPrint(greps []grepSpec, p string) bool {
	if len(greps) == 0 {
		return false
	}
	data, err := regularfile.ReadFile(p, maxSecretRead+1)
	if err != nil || len(data) > maxSecretRead {
		return true
	}
	hidden := strings.HasPrefix(filepath.Base(p), ".")
	for _, g := range greps {
		if !(g.skipHidden && hidden) && g.prints(data) {
			return true
		}
	}
	return false
}
