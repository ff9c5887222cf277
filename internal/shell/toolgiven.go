package shell

// The variables a build tool sets for the commands it runs (FINDINGS56b
// G2): npm gives a script INIT_CWD, NODE, COLOR, npm_command,
// npm_execpath and every npm_config_*; make gives a recipe MAKELEVEL,
// MAKEFLAGS and MFLAGS; go generate a generator GOARCH, GOOS, GOFILE,
// GOLINE, GOPACKAGE, GOROOT and DOLLAR; git a hook GIT_DIR,
// GIT_INDEX_FILE, GIT_EXEC_PATH and GIT_PREFIX. The hook's environment
// does not hold them, and reading them there (unset: "") decides
// ${V:+…} and ${V:-…} on the wrong side. While such a tool's commands
// are walked they are set, to a value guard does not know that may be
// empty (make's MAKEFLAGS without options): ${V+W} and every colon form
// (${V:+W}, ${V:-W}…) give W, the side that names W; ${V-W} is V's
// value. Those whose value guard knows are given it instead (go
// generate's GOFILE).

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/guardhq/guard/internal/shell/word"
)

// Variables each tool sets for the commands it runs.
const (
	npmGiven   word.Set = " INIT_CWD NODE COLOR npm_command npm_execpath npm_node_execpath npm_package_json npm_lifecycle_script npm_lifecycle_event npm_config_* "
	makeGiven  word.Set = " MAKELEVEL MAKEFLAGS MFLAGS "
	goGenGiven word.Set = " GOARCH GOOS GOFILE GOLINE GOPACKAGE GOROOT DOLLAR "
	gitGiven   word.Set = " GIT_DIR GIT_INDEX_FILE GIT_EXEC_PATH GIT_PREFIX "
)

// givesVars sets vars as the variables the tool whose commands are walked
// next sets for them; the returned function restores the walker's.
func (w *walker) givesVars(vars word.Set) func() {
	saved := w.toolVars
	w.toolVars = saved + vars
	return func() { w.toolVars = saved }
}

// toolVar reports whether the walked tool sets variable name
// (walker.toolVars; NAME_* there: every name with that prefix).
func (w *walker) toolVar(name string) bool {
	if w.toolVars.Has(name) {
		return true
	}
	for _, v := range strings.Fields(string(w.toolVars)) {
		if p, ok := strings.CutSuffix(v, "*"); ok && strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// toolParamOp evaluates ${V+W}, ${V:+W}, ${V-W}, ${V:-W}, ${V=W},
// ${V:=W}, ${V?W}, ${V:?W} for V a variable the walked tool sets
// (walker.toolVars) and the walk did not assign. The tool sets V, so
// ${V+W} is W where the tool surely sets that name (not one only a
// prefix such as npm_config_* covers); every other form is V's value or W, or W or empty (the
// tool may set V empty or not: npm_config_userconfig is ~/.npmrc), which
// guard cannot tell: V's unknown value. False for anything else.
func (w *walker) toolParamOp(pe *syntax.ParamExp) (syntax.WordPart, bool) {
	if pe.Param == nil || pe.Exp == nil || !opTestsSet(pe.Exp.Op) || pe.Excl || pe.Index != nil || pe.Names != 0 {
		return nil, false
	}
	name := pe.Param.Value
	if !w.toolVar(name) || w.declared(name) {
		return nil, false
	}
	if v, ok := w.lookup(name); ok && word.IsKnown(v) {
		return nil, false // given its value (go generate's GOFILE)
	}
	if pe.Exp.Op != syntax.AlternateUnset || !w.toolVars.Has(name) {
		// a name only a prefix covers (npm_config_*) may be unset:
		// ${V+W} is W or empty (FINDINGS58e E4)
		return &syntax.Lit{Value: word.Mark(word.MarkVar, name)}, true
	}
	t := ""
	if pe.Exp.Word != nil {
		t = w.text(pe.Exp.Word).Text
	}
	if word.Opaque(t) {
		t = word.Mark(word.MarkWord, "")
	}
	return &syntax.Lit{Value: t}, true
}
