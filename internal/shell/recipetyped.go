package shell

// A build-file command line is analysed as the typed command it is (make
// runs each line with `sh -c LINE`, npm a script with `sh -c SCRIPT`):
// the whole line, in the directory and with the exports the build tool
// gives it, before the recipe walk (recipewalk.go) scans its words as an
// extra (FINDINGS55a N1, N12, N14, N17, N19, K12, K13). A line holding a
// value only the build tool knows (make's $(shell) output, an automatic
// variable of a pattern rule guard did not match, npm's package values:
// guard's placeholders) is not: the typed analysis reads such a value in
// a program's argument as a name it cannot tell, which blocked everyday
// Go and C projects (go build -ldflags "-X main.v=$(VERSION)", gcc -c $<).
// Its statements are walked as before, with what the typed analysis
// would see of them sent to it by mechanism: a redirection to a file,
// a statement with a file redirection after a cd guard cannot follow, the
// variables any builtin sets and the shell options set before it.

import (
	"path"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// scanRunLines scans build-file command lines that the tool runs, in
// order (a make goal's recipes, the npm scripts named), each also
// analysed whole as typed (whole). Lines that may not run (every recipe
// of a justfile, every script of a package.json whose scripts run guard
// cannot tell, a makefile's text) are scanned as before: the typed
// analysis of a line that does not run is a false positive.
func (c *cmd) scanRunLines(lines []string, expand func(string) string) {
	c.runsWhole(func() { c.scanRecipeWords(lines, expand) })
}

// runsWhole runs scan with the lines it scans taken as lines the tool
// runs (scanRunLines).
func (c *cmd) runsWhole(scan func()) {
	defer func(v bool) { c.w.recipeRuns = v }(c.w.recipeRuns)
	c.w.recipeRuns = true
	scan()
}

// whole analyses line l (parsed as f) as typed when it is one the tool
// runs (recipeRuns), unless it holds a value only the build tool knows
// (buildValues); true when it did.
func (r *recipeWalk) whole(f *syntax.File, l string) bool {
	if !r.c.w.recipeRuns || r.c.w.recipeData || buildValues(f) {
		return false
	}
	r.typed(l)
	return true
}

// buildValues reports whether build-file line f (parsed) holds a
// value only the build tool knows: one of guard's placeholders
// (placeholderVar: make's $(shell) output guard cannot tell, a make
// function it does not evaluate, an unknown variable).
func buildValues(f *syntax.File) bool {
	found := false
	syntax.Walk(f, func(n syntax.Node) bool {
		if x, ok := n.(*syntax.ParamExp); ok && x.Param != nil && placeholderVar(x.Param.Value) {
			found = true
		}
		return !found
	})
	return found
}

// fileRedirs returns the redirections of rs that open a file: not a copy
// of a descriptor, a here-document or here-string, nor a /dev/ name.
func fileRedirs(rs []*syntax.Redirect) []*syntax.Redirect {
	var out []*syntax.Redirect
	for _, rd := range rs {
		switch rd.Op {
		case syntax.DplIn, syntax.DplOut, syntax.Hdoc, syntax.DashHdoc, syntax.WordHdoc:
			continue
		}
		if rd.Word != nil && !strings.HasPrefix(printNode(rd.Word), "/dev/") {
			out = append(out, rd)
		}
	}
	return out
}

// redirected sends what statement s opens as a file to the typed analysis
// when the whole line was not (FINDINGS55a N14: echo x >> "$(echo ~)/.bashrc",
// cat < $(printf …); N1: cd; echo x >> .bashrc, whose target the word
// scan reads but does not write): its redirections on the null command
// (but those to a make target's name, automatic), or the
// statement whole when its program is a shell or an interpreter that reads
// its code from that file (sh -s < r.sh). After a cd guard cannot follow,
// a statement that opens a file is cannot-tell whatever its program (N1).
func (r *recipeWalk) redirected(s *syntax.Stmt) {
	rs := fileRedirs(s.Redirs)
	if len(rs) == 0 {
		return
	}
	if r.lost != "" {
		r.c.w.hide("runs build-file commands that open files after a change of directory to a place guard cannot tell (%s): it cannot tell which files they are", r.lost)
		r.stop = true
		return
	}
	if r.wholeTyped {
		return
	}
	if x, ok := s.Cmd.(*syntax.CallExpr); ok && len(x.Args) > 0 && codeReader(x.Args[0].Lit()) {
		r.typed(printNode(s))
		return
	}
	rs = slices.DeleteFunc(rs, func(rd *syntax.Redirect) bool { return automatic(rd.Word) })
	if len(rs) == 0 {
		return // > $@: a target's name, the word scan reads it
	}
	null := &syntax.CallExpr{Args: []*syntax.Word{{Parts: []syntax.WordPart{&syntax.Lit{Value: ":"}}}}}
	r.typed(printNode(&syntax.Stmt{Cmd: null, Redirs: rs}))
}

// codeReader reports whether program name runs code it may read from
// its standard input: a shell or an interpreter.
func codeReader(name string) bool {
	name = path.Base(name)
	_, in := catalogue.InterpreterOf(name)
	return in || catalogue.Shells.Has(name)
}

// pipedShell sends a pipeline whose later command is a shell or an
// interpreter (cat r.sh | sh: its code from the pipe, FINDINGS55a N12) to
// the typed analysis whole, when the whole line was not.
func (r *recipeWalk) pipedShell(x *syntax.BinaryCmd) {
	if r.wholeTyped {
		return
	}
	if c, ok := x.Y.Cmd.(*syntax.CallExpr); ok && len(c.Args) > 0 && codeReader(c.Args[0].Lit()) {
		r.typed(printNode(x))
	}
}

// setters are the builtins that set variables other than by NAME=VALUE
// or declare (FINDINGS55a N19): read f < cfg, printf -v f …, mapfile,
// getopts, let.
const setters = " read printf mapfile readarray getopts let "

// optionSetters are the builtins that change the shell's options, which
// the typed analysis of a later statement must see (shopt -s dotglob;
// cat ~/*/id_rs?: FINDINGS55a N17).
const optionSetters = " shopt set "

// builtinSets adds the statement text t of simple command x to the
// line's settings (r.sets) when it sets variables by a builtin other than
// an assignment (their names to r.named: a later $NAME is typed) or
// changes shell options.
func (r *recipeWalk) builtinSets(x *syntax.CallExpr, t string) {
	if len(x.Args) == 0 {
		return
	}
	name := x.Args[0].Lit()
	switch {
	case strings.Contains(setters, " "+name+" ") && name != "":
		if name == "printf" && !slices.ContainsFunc(x.Args[1:], func(a *syntax.Word) bool { return strings.HasPrefix(a.Lit(), "-v") }) {
			return
		}
		r.sets = append(r.sets, t)
		for _, a := range x.Args[1:] {
			n, _, _ := strings.Cut(strings.TrimPrefix(a.Lit(), "-v"), "=")
			if word.IsName(n) {
				r.named = append(r.named, n)
			}
		}
		if name == "mapfile" || name == "readarray" {
			r.named = append(r.named, "MAPFILE")
		}
		if name == "read" {
			r.named = append(r.named, "REPLY")
		}
	case strings.Contains(optionSetters, " "+name+" ") && name != "" && len(x.Args) > 1 && strings.ContainsAny(x.Args[1].Lit()[:min(1, len(x.Args[1].Lit()))], "-+"):
		r.sets = append(r.sets, t)
	}
}

// envShellOptions returns the statements that turn on the options an
// exported BASHOPTS (shopt's) or SHELLOPTS (set -o's) value v of variable
// n lists, as the bash that runs the line takes them from its
// environment (FINDINGS55a N17); "" for another variable.
func envShellOptions(n, v string) string {
	var cmd string
	switch n {
	case "BASHOPTS":
		cmd = "shopt -s "
	case "SHELLOPTS":
		cmd = "set -o "
	default:
		return ""
	}
	var out []string
	for _, o := range strings.Split(v, ":") {
		if word.IsName(o) {
			out = append(out, cmd+o)
		}
	}
	return strings.Join(out, "; ")
}

// shellOptionText returns the statements that set, for the -c text of a
// shell started with args (bash -O dotglob -c, -o noglob), the options
// those words and the assignments before the shell (assigns: BASHOPTS=…)
// turn on (FINDINGS55a N17).
func shellOptionText(assigns []string, args []string) string {
	var out []string
	for _, a := range assigns {
		n, v, _ := strings.Cut(a, "=")
		if t := envShellOptions(n, strings.Trim(v, `"'`)); t != "" {
			out = append(out, t)
		}
	}
	for j := 0; j+1 < len(args); j++ {
		switch args[j] {
		case "-O":
			out = append(out, "shopt -s "+args[j+1])
		case "-o":
			out = append(out, "set -o "+args[j+1])
		default:
			continue
		}
		j++
	}
	if len(out) == 0 {
		return ""
	}
	return strings.Join(out, "; ") + "\n"
}

// homeDest returns the directory cd DIR moves to when DIR names the home
// or a path below it (none, ~, $HOME, ${HOME}, ~/x, $HOME/x): the walker
// knows it, unless the line or the command sets HOME (r.named).
func (r *recipeWalk) homeDest(dir string) (string, bool) {
	if slices.Contains(r.named, "HOME") {
		return "", false
	}
	rest, ok := "", dir == ""
	for _, h := range [...]string{"~", "$HOME", "${HOME}"} {
		if dir == h {
			ok = true
		} else if strings.HasPrefix(dir, h+"/") {
			rest, ok = dir[len(h)+1:], true
		}
	}
	if !ok || strings.ContainsAny(rest, "$`*?[~{\x00") {
		return "", false
	}
	d := r.c.w.dest("")
	if rest != "" {
		d = effect.Under(d, rest)
	}
	return d, true
}

// partTyped reports whether the simple command being walked (r.text) is
// to be analysed as typed on its own: the line is one the tool runs
// (recipeRuns) but was not analysed whole for the build tool's values it
// holds, and this statement holds none.
func (r *recipeWalk) partTyped() bool {
	if !r.c.w.recipeRuns || r.wholeTyped || r.text == "" {
		return false
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(r.raw), "")
	return err == nil && !buildValues(f)
}

// rawText returns the text of statement s as written in line, the text
// it was parsed from; its printed form when its offsets do not fall in line.
func rawText(line string, s *syntax.Stmt) string {
	i, j := int(s.Pos().Offset()), int(s.End().Offset())
	if s.Pos().IsValid() && s.End().IsValid() && i <= j && j <= len(line) {
		return line[i:j]
	}
	return printNode(s)
}

// automatic reports whether shell word w holds one of make's automatic
// variables of a rule guard did not match, or $(MAKEFILE_LIST): a file
// of the project the word scan reads (recipePlaceholder), where the
// typed analysis would read a name it cannot tell.
func automatic(w *syntax.Word) bool {
	found := false
	syntax.Walk(w, func(n syntax.Node) bool {
		if x, ok := n.(*syntax.ParamExp); ok && x.Param != nil && placeholderVar(x.Param.Value) && !recipePlaceholder(x.Param.Value) {
			found = true
		}
		return !found
	})
	return found
}

// runsCode reports whether simple command prog (program name) runs
// program code that may write any file: an interpreter's program file
// (python3 gen.py, node x.js) or go run.
func runsCode(name string, prog []word.Word) bool {
	if name == "go" {
		return firstOperand(prog[min(1, len(prog)):]) == "run"
	}
	in, ok := catalogue.InterpreterOf(name)
	return ok && len(prog) > 1 && len(programFiles(in, prog[1:])) > 0
}

// wroteUnder reports whether file f (as a command names it) is one an
// earlier build-file command wrote (walker.recipeWrote), or lies below a
// directory one copied or extracted into (cp -r d/. . then sh r.sh:
// FINDINGS55a K12).
func (r *recipeWalk) wroteUnder(f string) bool {
	p := word.Clean(r.c.w.Where(f))
	return slices.Contains(r.c.w.recipeWrote, p) || slices.ContainsFunc(r.c.w.recipeTrees, func(d string) bool { return underDir(p, d) })
}

// trees records the directory simple command prog (program name) copies
// or extracts a tree into (walker.recipeTrees): a recursive cp, rsync or
// ditto's last operand, tar's -C (or where it runs), unzip's -d.
func (r *recipeWalk) trees(name string, prog []word.Word) {
	args := prog[min(1, len(prog)):]
	var ops []string
	recursive, dir := name == "rsync" || name == "ditto", ""
	for j := 0; j < len(args); j++ {
		a := args[j].Text
		switch {
		case (name == "tar" || name == "bsdtar") && (a == "-C" || a == "--directory") || name == "unzip" && a == "-d":
			if j+1 < len(args) {
				j++
				dir = args[j].Text
			}
		case strings.HasPrefix(a, "--directory="):
			dir = strings.TrimPrefix(a, "--directory=")
		case strings.HasPrefix(a, "--recursive") || strings.HasPrefix(a, "--archive"):
			recursive = true
		case strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--"):
			recursive = recursive || strings.ContainsAny(a, "rRa")
		default:
			ops = append(ops, a)
		}
	}
	switch {
	case name == "tar" || name == "bsdtar" || name == "unzip":
		if dir == "" {
			dir = "."
		}
	case (name == "cp" || name == "rsync" || name == "ditto") && recursive && len(ops) > 1:
		dir = ops[len(ops)-1]
	default:
		return
	}
	if len(r.c.w.recipeTrees) < maxRecipeWrote && !strings.ContainsAny(dir, "$`*?[") {
		r.c.w.recipeTrees = append(r.c.w.recipeTrees, word.Clean(r.c.w.Where(dir)))
	}
}

// underDir reports whether walker path p lies below directory d ("." or ""
// being where the command starts).
func underDir(p, d string) bool {
	if d == "." || d == "" {
		return p != "" && p[0] != '/' && p[0] != '~' && p != ".." && !strings.HasPrefix(p, "../")
	}
	return strings.HasPrefix(p, strings.TrimSuffix(d, "/")+"/")
}
