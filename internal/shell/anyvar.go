package shell

// Assignments to a variable whose name guard cannot tell.
// declare "$n=V", export "$n=V", local, typeset, readonly, printf -v "$n",
// read "$n", mapfile "$n", getopts SPEC "$n", a nameref to a name guard
// cannot tell (declare -n r=$n; r=V), ${!n:=V}, (( $n = 1 )) may set any
// variable: BASH_ENV, PATH, LD_PRELOAD, HOME, PAGER, BASH_CMDS, any
// variable guard tracks and any the command set. guard does not list the
// ways: from such an assignment on, every variable is one guard cannot
// tell (its value before is one it may hold no more surely than another),
// every program the shell starts (not a builtin or a function of the
// command's) may be started with any environment and found on any PATH,
// and the program tables are not known (specials.go) — as after a write
// to the program tables by a route guard does not read.

import (
	"maps"
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// anyVarSet notes an assignment to a variable whose name guard cannot
// tell (see the file's comment).
func (w *walker) anyVarSet() {
	w.anyVar = true
	w.pathSet = true
	w.dirsLost = true // DIRSTACK[i] among them
	w.hashes.unknown = true
	if w.zsh {
		w.hashes.anyName = true // functions[NAME]=…, aliases[NAME]=…
		w.namedDirs = true
	}
	vars := w.varMap()
	for _, name := range slices.Sorted(maps.Keys(vars)) {
		v := vars[name]
		if v.ReadOnly || !word.IsName(name) {
			continue
		}
		if w.alog != nil {
			w.alog.note(name, w.saveVar(name))
		}
		w.setAlts(name, nil)
		w.storeVar(name, expand.Variable{Set: true, Kind: expand.String, Str: word.Mark(word.MarkVar, name), Exported: v.Exported})
	}
}

// leadsWithRunTime reports whether wd, the first word of a statement of a
// file's text, holds in its leading literal text the command wrote at run
// time (echo "$(…)=V" > f; . f): the shell reads that text when it reads the
// file, and it may be NAME=V, an assignment to a name guard cannot tell.
func leadsWithRunTime(wd *syntax.Word) bool {
	if len(wd.Parts) == 0 {
		return false
	}
	l, ok := wd.Parts[0].(*syntax.Lit)
	return ok && word.HasMark(l.Value)
}

// runTimeLine reports whether a line of a file's text begins with text
// the command wrote at run time (a mark): not text an eval in the file
// makes of a program's output.
func runTimeLine(text string) bool {
	for l := range strings.Lines(text) {
		if strings.HasPrefix(strings.TrimLeft(l, " \t"), word.MarkLead) {
			return true
		}
	}
	return false
}

// varNameTold reports whether s, the operand of a builtin that assigns the
// variable it names (NAME or NAME[subscript]), is one guard can tell;
// one it cannot makes every variable unknown (anyVarSet).
func (w *walker) varNameTold(s string) bool {
	if base, _, _ := strings.Cut(s, "["); base == "DIRSTACK" || base == "dirstack" && w.zshShell {
		w.dirsLost = true // read "DIRSTACK[1]": the stack rewritten (FINDINGS55b B11)
	}
	if word.IsKnown(s) {
		return true
	}
	w.anyVarSet()
	return false
}

// anyVarProgram hides a program the shell starts after an assignment to
// a variable whose name guard cannot tell: its environment (BASH_ENV,
// LD_PRELOAD, PAGER…) and the PATH it is found on may hold anything.
// Builtins and the command's own functions start no program.
func (c *cmd) anyVarProgram(prog word.Word) {
	w := c.w
	if !w.anyVar || prog.Known && (builtins.Has(prog.Text) || w.funcs.bodies[prog.Text] != nil) {
		return
	}
	name := prog.Text
	if !prog.Known {
		name = word.Render(name)
	}
	w.hide("runs %s after an assignment to a variable whose name guard cannot tell: BASH_ENV, LD_PRELOAD, PATH or PAGER may hold what guard cannot see", strings.TrimSpace(name))
}

// computedName reports whether wd, the target of an arithmetic
// assignment, is a name the shell computes ($n, $(…)), not one written
// (i, a[i]).
func computedName(wd *syntax.Word) bool {
	for _, p := range wd.Parts {
		switch p := p.(type) {
		case *syntax.ParamExp:
			if p.Dollar.IsValid() {
				return true
			}
		case *syntax.CmdSubst, *syntax.ArithmExp:
			return true
		}
	}
	return false
}

// namesWord reports whether wd is only ${!PREFIX*} or ${!PREFIX@}: the
// names of variables, never NAME=value.
func namesWord(wd *syntax.Word) bool {
	if wd == nil || len(wd.Parts) != 1 {
		return false
	}
	if dq, ok := wd.Parts[0].(*syntax.DblQuoted); ok && len(dq.Parts) == 1 {
		return namesWord(&syntax.Word{Parts: dq.Parts})
	}
	pe, ok := wd.Parts[0].(*syntax.ParamExp)
	return ok && pe.Excl && pe.Names != 0
}
