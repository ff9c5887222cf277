package shell

import (
	"strconv"
	"strings"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// prep returns wd arranged for expand (see expand.go): the word itself when
// nothing needs arranging, else a copy whose changed parts are new nodes
// (the syntax tree is never modified).
func (w *walker) prep(wd *syntax.Word, mode int) *syntax.Word {
	saved := w.fieldsMode
	w.fieldsMode = mode == modeFields
	defer func() { w.fieldsMode = saved }()
	ps, tilde := wd.Parts, false
	if w.zsh && (mode == modeFields || mode == modeLiteral) {
		if rc, ok := w.rcExpandWord(ps); ok {
			return &syntax.Word{Parts: rc}
		}
		ps, tilde = w.zshTilde(ps)
	}
	parts, changed := w.prepParts(ps, mode, false)
	changed = changed || tilde
	if w.zshShell && mode != modeDoc {
		parts, changed = w.mapfileWord(parts, changed)
	}
	if w.zsh && (mode == modeFields || mode == modeLiteral) {
		parts, changed = w.zshWord(parts, changed)
	}
	if mode == modeFields || mode == modeLiteral {
		if ps, ok := w.globWord(parts); ok {
			parts, changed = ps, true
		}
	}
	if !changed {
		return wd
	}
	return &syntax.Word{Parts: parts}
}

// prepParts arranges the parts of a word (quoted: inside double quotes).
func (w *walker) prepParts(ps []syntax.WordPart, mode int, quoted bool) ([]syntax.WordPart, bool) {
	var out []syntax.WordPart // nil until a part changes
	for i, p := range ps {
		repl, changed := w.prepPart(p, mode, quoted, i == 0 && !quoted, len(ps) > 1)
		if changed && out == nil {
			out = make([]syntax.WordPart, i, len(ps)+1)
			copy(out, ps[:i])
		}
		if out != nil {
			if changed {
				out = append(out, repl...)
			} else {
				out = append(out, p)
			}
		}
	}
	if out == nil {
		return ps, false
	}
	return out, true
}

// prepPart arranges one part; first: the word's first, unquoted; more: the
// word has other parts.
func (w *walker) prepPart(p syntax.WordPart, mode int, quoted, first, more bool) ([]syntax.WordPart, bool) {
	switch p := p.(type) {
	case *syntax.Lit:
		return w.prepLit(p, mode, quoted, first, more)
	case *syntax.DblQuoted:
		if parts, changed := w.prepParts(p.Parts, mode, true); changed {
			return []syntax.WordPart{&syntax.DblQuoted{Left: p.Left, Right: p.Right, Dollar: p.Dollar, Parts: parts}}, true
		}
	case *syntax.ParamExp:
		w.paramArith(p)
		if q, changed := w.prepParam(p, mode, quoted); changed {
			return []syntax.WordPart{q}, true
		}
	case *syntax.SglQuoted:
		if p.Dollar {
			return []syntax.WordPart{w.dollarQuoted(p.Value)}, true
		}
	case *syntax.ArithmExp:
		w.arithOperands(p.X)
		if !w.arithKnown(p.X) {
			return litParts(word.Mark(word.MarkArith, "")), true
		}
	}
	return nil, false
}

// prepLit resolves a leading tilde, zsh's =cmd, and, in an assignment's
// value, the backslashes expand.Literal keeps.
func (w *walker) prepLit(l *syntax.Lit, mode int, quoted, first, more bool) ([]syntax.WordPart, bool) {
	v := l.Value
	if first && mode != modeDoc && strings.HasPrefix(v, "~") {
		return w.tilde(v, more, mode)
	}
	if first && w.zsh && mode == modeFields && len(v) > 1 && v[0] == '=' && v[1] != '(' && v[1] != '=' {
		// zsh: =cmd is the path of the program cmd (EQUALS).
		return []syntax.WordPart{&syntax.SglQuoted{Value: word.UnescapeBare(v[1:])}}, true
	}
	if mode == modeLiteral && !quoted && strings.Contains(v, `\`) {
		return []syntax.WordPart{&syntax.SglQuoted{Value: word.UnescapeBare(v)}}, true
	}
	return nil, false
}

// litParts is one literal part.
func litParts(s string) []syntax.WordPart {
	return []syntax.WordPart{&syntax.Lit{Value: s}}
}

// tilde resolves the tilde prefix of a word's first literal v: ~ and ~/ are
// the home directory, written ~ (the path rules expand it) unless the
// command set HOME; ~+ and ~- are $PWD and $OLDPWD; ~N, ~+N and ~-N are
// entries of the directory stack (pushd); ~user stays as written (the hook
// knows the user guard runs as). The result is quoted, so that expand does
// not expand it again.
func (w *walker) tilde(v string, more bool, mode int) ([]syntax.WordPart, bool) {
	if w.zsh && strings.HasPrefix(v, "~[") {
		return w.dynamicNamedDir([]syntax.WordPart{&syntax.Lit{Value: v}}), true
	}
	name, rest := v[1:], ""
	if i := strings.IndexByte(name, '/'); i >= 0 {
		name, rest = name[:i], name[i:]
	} else if more && mode == modeFields {
		// ~'x': a quoted part follows the tilde prefix: no expansion.
		return []syntax.WordPart{&syntax.SglQuoted{Value: "~"}, &syntax.Lit{Value: name}}, true
	}
	prefix, ok := w.tildePrefix(name)
	if !ok {
		prefix = "~" + name
	}
	parts := []syntax.WordPart{&syntax.SglQuoted{Value: prefix}}
	if rest != "" {
		parts = append(parts, &syntax.Lit{Value: rest})
	}
	return parts, true
}

// zshDynamicTilde reports whether the parts of a word begin with zsh's
// ~[NAME], a dynamic named directory (the parser splits ~ from [NAME]).
func zshDynamicTilde(ps []syntax.WordPart) bool {
	l, ok := ps[0].(*syntax.Lit)
	if !ok || !strings.HasPrefix(l.Value, "~") {
		return false
	}
	if strings.HasPrefix(l.Value, "~[") {
		return true
	}
	if l.Value != "~" || len(ps) < 2 {
		return false
	}
	n, ok := ps[1].(*syntax.Lit)
	return ok && strings.HasPrefix(n.Value, "[")
}

// dynamicNamedDir resolves zsh's ~[NAME] (a dynamic named directory),
// the word's parts ps: zsh calls the function zsh_directory_name, or
// those listed in zsh_directory_name_functions, which the command may
// define, and takes the directory from its reply: a name computed at run
// time, never one guard can tell. The NAME's parts
// (substitutions in it run) are walked; what follows the closing bracket
// stays after the marker.
func (w *walker) dynamicNamedDir(ps []syntax.WordPart) []syntax.WordPart {
	out := []syntax.WordPart{&syntax.Lit{Value: word.Mark(word.MarkVar, "zsh_directory_name")}}
	for i, p := range ps {
		l, ok := p.(*syntax.Lit)
		if !ok {
			w.text(&syntax.Word{Parts: []syntax.WordPart{p}}) // ~[$(cmd)]: its substitution runs
			continue
		}
		if j := strings.IndexByte(l.Value, ']'); j >= 0 {
			if j+1 < len(l.Value) {
				out = append(out, &syntax.Lit{Value: l.Value[j+1:]})
			}
			return append(out, ps[i+1:]...)
		}
	}
	return out
}

// tildePrefix returns what ~name stands for, false when it stays as
// written.
func (w *walker) tildePrefix(name string) (string, bool) {
	switch name {
	case "":
		if v, ok := w.varMap()["HOME"]; ok && v.Set && v.Kind == expand.String && !mayBeUnset(v.Str) {
			return v.Str, true
		} else if ok && v.Set && v.Kind != expand.String {
			if h, ok := w.lookup("HOME"); ok && !mayBeUnset(h) {
				return h, true // mapfile -t HOME: its element 0 (FINDINGS53b F5)
			}
			return word.Mark(word.MarkVar, "HOME"), true
		}
		if w.anyVar {
			return word.Mark(word.MarkVar, "HOME"), true // anyvar.go
		}
		return "~", true
	case "+", "+0", "0":
		return w.variable("PWD").Str, true // $PWD's value, an assignment's too (FINDINGS55b B1; ~0, ~+0: 55d D7)
	case "-":
		return w.variable("OLDPWD").Str, true
	}
	if w.zsh && word.IsName(name) {
		if d, ok := w.namedDir(name); ok {
			return d, true
		}
	}
	n, err := strconv.Atoi(strings.TrimLeft(name, "+-"))
	if err != nil || name[len(name)-1] < '0' || name[len(name)-1] > '9' || n > effect.MaxLinks {
		return "", false
	}
	stack := w.dirStack()
	i := n
	if name[0] == '-' {
		i = len(stack) - 1 - n
	}
	if i >= 0 && i < len(stack) && !w.stackEntrySure(stack, i) {
		return effect.UnknownCd, true // a pushd that may have failed left another stack (FINDINGS54b G5)
	}
	if i < 0 || i >= len(stack) {
		// Past what the command pushed: the shell may hold an older
		// stack, whose entries guard does not know.
		return word.Mark(word.MarkVar, "DIRSTACK["+strconv.Itoa(n)+"]"), true
	}
	return word.DirMark(stack[i]), true
}

// namedDir returns what zsh's ~name names when name is a named directory:
// a string parameter whose value starts with / (p=$HOME;
// ~p), PWD, HOME, or, after hash -d or a write to nameddirs, anything:
// a part guard cannot tell, never a user's home that does not exist. zsh
// looks a parameter up before a user's name: one the command does not set
// is the environment's, written $name as inherited variables are (the
// hook reads it there, and counts it as not known when it is not set).
func (w *walker) namedDir(name string) (string, bool) {
	switch {
	case name == "HOME":
		return w.tildePrefix("")
	case name == "PWD":
		return w.variable("PWD").Str, true
	case w.namedDirs:
		return word.Mark(word.MarkVar, name), true
	case !w.declared(name):
		return "$" + name, true
	}
	v := w.variable(name)
	switch {
	case v.Kind != expand.String:
		return "", false
	case word.HasMark(v.Str) || !word.IsKnown(v.Str):
		return word.Mark(word.MarkVar, name), true // p=$(pwd): not known here
	case strings.HasPrefix(v.Str, "/") || strings.HasPrefix(v.Str, "~") || strings.HasPrefix(v.Str, "$"):
		return v.Str, true // p=$HOME: the inherited variable, as written
	}
	return "", false
}

// dirStack returns the directory stack as `dirs` lists it: the current
// directory first, then what pushd saved, most recent first.
func (w *walker) dirStack() []string {
	stack := make([]string, 0, len(w.dirs)+1)
	stack = append(stack, w.Dir)
	for i := len(w.dirs) - 1; i >= 0; i-- {
		stack = append(stack, w.dirs[i])
	}
	return stack
}

// prepParam arranges a parameter expansion: one whose operator would act
// on a value guard does not know is replaced by a marker; the words inside
// one that expand computes are arranged in turn.
func (w *walker) prepParam(pe *syntax.ParamExp, mode int, quoted bool) (syntax.WordPart, bool) {
	if w.zsh && w.zshSpecific(pe) {
		return w.zshParamExp(w.arithResolved(pe), quoted), true
	}
	if pe.Param == nil || pe.Flags != nil || pe.NestedParam != nil || len(pe.Modifiers) > 0 || pe.Width || pe.IsSet {
		return &syntax.Lit{Value: word.Mark(word.MarkWord, "")}, true
	}
	if r := w.arithResolved(pe); r != pe {
		if p, ok := w.prepParam(r, mode, quoted); ok {
			return p, true
		}
		return r, true
	}
	if p, ok := w.elementIndirect(pe, mode, quoted); ok {
		return p, true // ${!a[1]}: elemref.go
	}
	name := pe.Param.Value
	if p, ok := w.dirParamOp(pe); ok {
		return p, true
	}
	if m, ok := w.unsetWord(pe, quoted); ok {
		return &syntax.Lit{Value: m}, true // $P: P's, or no word (see run)
	}
	if simpleParam(pe) || emptyDefault(pe) && !specialParam(name) && w.declared(name) && w.variable(name).Kind == expand.String {
		return nil, false // ${x:-} and ${x-} are $x, whatever x holds
	}
	if p, ok := w.noArgsTest(pe); ok {
		return p, true
	}
	if pe.Exp != nil && (pe.Excl || specialParam(name) && !(name == "0" && w.declared(name))) {
		// ${@:+x}, ${#:-x}, ${!#:+x}: what the positional parameters and
		// an indirection hold is the shell's, evaluated here by rules
		// guard does not follow exactly: unknown, never a guess. $0 where
		// the walk knows it (a script's path: ${0%/*}) is evaluated.
		if op := pe.Exp.Op; pe.Excl && (op == syntax.AssignUnset || op == syntax.AssignUnsetOrNull) {
			w.anyVarSet() // ${!n:=V} assigns the variable $n names (anyvar.go)
		}
		return &syntax.Lit{Value: w.unevaluated(name)}, true
	}
	if p, ok := w.toolParamOp(pe); ok {
		return p, true // ${INIT_CWD:+w} in an npm script: toolgiven.go
	}
	if !w.paramKnown(pe) {
		// ${r:=d}, r a nameref: the operator on the variable it names.
		if target := w.refTarget(name, declFlags{}); pe.Exp != nil && pe.Index == nil && !w.declared(target) && w.envHidden == 0 {
			if m, ok := w.inheritedOp(target, pe.Exp); ok {
				return &syntax.Lit{Value: m}, true
			}
		}
		if v, ok := w.inheritedPathCut(pe); ok {
			return &syntax.Lit{Value: v}, true // ${PATH%:} on the hook's PATH
		}
		return &syntax.Lit{Value: w.unevaluated(name)}, true
	}
	if p, ok := w.escapeOp(pe, name, mode); ok {
		return p, true // ${v@E}, ${v@P}: paramescape.go
	}
	if !w.exactParamOps(pe) {
		return &syntax.Lit{Value: w.unevaluated(name)}, true // patterns.go
	}
	if pe.Repl != nil && pe.Repl.Orig != nil && anchored(pe.Repl.Orig) {
		return w.anchoredRepl(pe, name), true
	}
	return w.prepOperands(pe)
}

// prepOperands arranges the words of pe's operators (${v:-W},
// ${v/P/W}): pe with them arranged, and whether any changed.
func (w *walker) prepOperands(pe *syntax.ParamExp) (syntax.WordPart, bool) {
	cp := *pe
	changed := false
	if pe.Exp != nil && pe.Exp.Word != nil {
		if wd := w.prep(pe.Exp.Word, modeLiteral); wd != pe.Exp.Word {
			cp.Exp = &syntax.Expansion{Op: pe.Exp.Op, Word: wd}
			changed = true
		}
	}
	if pe.Repl != nil && pe.Repl.With != nil {
		if wd := w.prep(pe.Repl.With, modeLiteral); wd != pe.Repl.With {
			cp.Repl = &syntax.Replace{All: pe.Repl.All, Orig: pe.Repl.Orig, With: wd}
			changed = true
		}
	}
	if !changed {
		return nil, false
	}
	return &cp, true
}

// unevaluated returns the marker of an expansion of name guard does not
// evaluate. Of the positional parameters the command set (set -- $(…)),
// ${!#}, ${@: -1}, ${@:N}, ${*:N} select one or more of them: a value
// that may be any of them, which may be any path where one is not known:
// a word guard could not expand. Otherwise the
// variable's value, not known.
func (w *walker) unevaluated(name string) string {
	if w.pos != nil && specialParam(name) && name != "0" {
		return word.Mark(word.MarkWord, "")
	}
	return word.Mark(word.MarkVar, name)
}

// noArgsTest evaluates ${N:-w}, ${N-w}, ${N:+w}, ${N+w} (N a positional
// parameter, @ or *) where the shell has no positional parameters (the
// agent's bash -c CMD: FINDINGS52a P3): unset, so the first two are w and
// the others empty. False for anything else (the parameters set, another
// operator: unknown, as before).
func (w *walker) noArgsTest(pe *syntax.ParamExp) (syntax.WordPart, bool) {
	name := pe.Param.Value
	if w.pos == nil || len(w.pos.args) > 0 || pe.Exp == nil || pe.Excl || pe.Index != nil || pe.Length ||
		!specialParam(name) || name == "#" || name == "0" {
		return nil, false
	}
	switch pe.Exp.Op {
	case syntax.AlternateUnset, syntax.AlternateUnsetOrNull:
		return &syntax.Lit{Value: ""}, true
	case syntax.DefaultUnset, syntax.DefaultUnsetOrNull:
		if pe.Exp.Word == nil {
			return &syntax.Lit{Value: ""}, true
		}
		t := w.text(pe.Exp.Word).Text
		if word.Opaque(t) {
			t = word.Mark(word.MarkWord, "")
		}
		return &syntax.Lit{Value: t}, true
	}
	return nil, false
}

// specialParam reports whether name is a special or positional parameter
// ($@, $*, $#, $1…).
func specialParam(name string) bool {
	if name == "@" || name == "*" || name == "#" {
		return true
	}
	_, err := strconv.Atoi(name)
	return err == nil
}

// anchored reports whether the pattern of ${v/PAT/R} starts with # or %:
// anchored at the value's start or end (mvdan.cc/sh's expand reads the
// anchor as part of the pattern).
func anchored(orig *syntax.Word) bool {
	if len(orig.Parts) == 0 {
		return false
	}
	l, ok := orig.Parts[0].(*syntax.Lit)
	return ok && (strings.HasPrefix(l.Value, "#") || strings.HasPrefix(l.Value, "%"))
}

// anchoredRepl evaluates ${v/#PAT/R} and ${v/%PAT/R} when the value, a
// literal pattern without glob characters and a literal R are known, as
// bash does; anything else is unknown.
func (w *walker) anchoredRepl(pe *syntax.ParamExp, name string) syntax.WordPart {
	unknown := &syntax.Lit{Value: word.Mark(word.MarkVar, name)}
	v, ok := w.lookup(name)
	if !ok || pe.Index != nil || !word.IsKnown(v) {
		return unknown
	}
	return anchoredOn(v, pe.Repl, unknown) // dirvars.go
}

// simpleParam reports whether pe is $name or ${name}.
func simpleParam(pe *syntax.ParamExp) bool {
	return pe.Param != nil && pe.Index == nil && pe.Slice == nil && pe.Repl == nil && pe.Exp == nil &&
		!pe.Length && !pe.Excl && !pe.Width && !pe.IsSet && pe.Names == 0 && pe.NestedParam == nil &&
		len(pe.Modifiers) == 0 && pe.Flags == nil
}

// emptyDefault reports whether pe is ${name:-} or ${name-}: the value,
// or nothing when there is none, as $name is.
func emptyDefault(pe *syntax.ParamExp) bool {
	e := pe.Exp
	return e != nil && (e.Op == syntax.DefaultUnset || e.Op == syntax.DefaultUnsetOrNull) && (e.Word == nil || len(e.Word.Parts) == 0) &&
		pe.Index == nil && pe.Slice == nil && pe.Repl == nil && !pe.Length && !pe.Excl && pe.Names == 0
}

// inheritedOp returns the marker of ${x:-d}, ${x:=d}, ${x:+a} or ${x:?m}
// on an inherited x: the hook, which knows the environment, picks the value
// (see ExpandEnv). ${x:=d} sets x to the same for what follows.
func (w *walker) inheritedOp(name string, exp *syntax.Expansion) (string, bool) {
	switch exp.Op {
	case syntax.ErrorUnset, syntax.ErrorUnsetOrNull:
		return word.Mark(word.MarkEnv, name), true
	case syntax.DefaultUnset, syntax.DefaultUnsetOrNull, syntax.AssignUnset, syntax.AssignUnsetOrNull,
		syntax.AlternateUnset, syntax.AlternateUnsetOrNull:
	default:
		return "", false
	}
	t := w.text(exp.Word).Text
	arg := word.Render(t)
	if word.Opaque(t) || strings.Contains(arg, "}") {
		return "", false // a word guard does not know: the value is not known
	}
	m := word.Mark(word.MarkEnvOp, name+exp.Op.String()+arg)
	switch exp.Op {
	case syntax.AssignUnset, syntax.AssignUnsetOrNull:
		w.setString(name, m)
	}
	return m, true
}

// paramKnown reports whether expand computes pe from known values: what it
// selects (an index, a slice's bounds) and what it transforms are known.
func (w *walker) paramKnown(pe *syntax.ParamExp) bool {
	name := pe.Param.Value
	if pe.Names != 0 {
		return false // ${!prefix*}: inherited names are not known
	}
	vr := w.variable(name)
	if pe.Index != nil && !w.indexKnown(pe.Index, vr.Kind == expand.Associative) {
		return false
	}
	if pe.Index != nil && vr.Kind != expand.Associative && !allIndex(pe.Index) && !w.valueKnown(name) {
		// ${a[1]} where a holds a value not known (read -a a, a=($(cmd))):
		// how many elements come before the index is not known.
		return false
	}
	if pe.Slice != nil && !(w.arithKnown(pe.Slice.Offset) && w.arithKnown(pe.Slice.Length)) {
		return false
	}
	switch {
	case pe.Excl:
		if !w.valueKnown(name) {
			return false
		}
		return pe.Index != nil || vr.Kind == expand.NameRef || word.IsName(vr.Str) && w.valueKnown(vr.Str) || vr.Str == ""
	case pe.Length, pe.Slice != nil:
		return w.valueKnown(name)
	case pe.Repl != nil:
		return w.valueKnown(name) && w.wordStatic(pe.Repl.Orig)
	case pe.Exp != nil:
		switch pe.Exp.Op {
		case syntax.RemSmallPrefix, syntax.RemLargePrefix, syntax.RemSmallSuffix, syntax.RemLargeSuffix,
			syntax.UpperFirst, syntax.UpperAll, syntax.LowerFirst, syntax.LowerAll:
			return w.valueKnown(name) && w.wordStatic(pe.Exp.Word)
		case syntax.OtherParamOps:
			return w.valueKnown(name)
		}
		// Whether it is set and empty decides: known unless it may be
		// empty or not; of a nameref, the variable it names.
		if target := w.refTarget(name, declFlags{}); target != name {
			name, vr = target, w.variable(target)
		}
		return w.declared(name) && !(vr.Kind == expand.String && word.HasMark(vr.Str) && word.MayBeEmpty(vr.Str))
	}
	// Only an index: ${a[1]}, ${a[@]}; its value flows.
	return w.declared(name)
}

// indexKnown reports whether an array subscript is known: a number, @, *,
// or arithmetic on known values; for an associative array, a static word.
func (w *walker) indexKnown(idx syntax.ArithmExpr, assoc bool) bool {
	if wd, ok := idx.(*syntax.Word); ok {
		if l := wd.Lit(); l == "@" || l == "*" {
			return true
		}
		if assoc {
			return w.wordStatic(wd)
		}
	}
	return w.arithKnown(idx)
}

// arithKnown reports whether an arithmetic expression uses only known
// values (nil is known: an absent bound).
func (w *walker) arithKnown(x syntax.ArithmExpr) bool {
	if x == nil {
		return true
	}
	ok := true
	syntax.Walk(x, func(n syntax.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *syntax.Word:
			ok = w.arithWordKnown(n)
			return false
		case *syntax.FlagsArithm:
			ok = false
		}
		return ok
	})
	return ok
}

// arithWordKnown reports whether a word of an arithmetic expression is
// known: a number, a known variable's name, a known parameter.
func (w *walker) arithWordKnown(wd *syntax.Word) bool {
	for _, p := range wd.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			for _, f := range strings.FieldsFunc(p.Value, func(r rune) bool { return !word.IsNameRune(r) }) {
				if f[0] < '0' || f[0] > '9' {
					if !w.arithVarKnown(f) {
						return false
					}
				}
			}
		case *syntax.ParamExp:
			if p.Param == nil || !simpleParam(p) && !w.paramKnown(p) || !w.valueKnown(p.Param.Value) {
				return false
			}
			if word.IsName(p.Param.Value) && !w.arithVarKnown(p.Param.Value) {
				return false
			}
		case *syntax.SglQuoted:
		case *syntax.DblQuoted:
			if !w.arithWordKnown(&syntax.Word{Parts: p.Parts}) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// arithVarKnown reports whether a variable met in arithmetic has a value
// expand.Arithm computes as the shell does: a plain integer, nothing, or
// the name of another such variable. The shell evaluates any other value
// as an expression (i='(1)' is 1), which expand.Arithm takes as 0:
// unknown.
func (w *walker) arithVarKnown(name string) bool {
	for range 8 {
		if !w.valueKnown(name) {
			return false
		}
		v := w.variable(name)
		if v.Kind == expand.NameRef {
			name = v.Str
			continue
		}
		s := strings.TrimSpace(v.String())
		switch {
		case s == "" || plainInteger(s):
			return true
		case word.IsName(s):
			name = s
		default:
			return false
		}
	}
	return false
}

// plainInteger reports whether s is a decimal integer, signed or not.
func plainInteger(s string) bool {
	s = strings.TrimLeft(s, "+-")
	return s != "" && strings.Trim(s, "0123456789") == "" && (len(s) == 1 || s[0] != '0')
}

// wordStatic reports whether a word expands to known text without running
// anything: a pattern or a replacement whose every part is known.
func (w *walker) wordStatic(wd *syntax.Word) bool {
	if wd == nil {
		return true
	}
	return w.partsStatic(wd.Parts)
}

func (w *walker) partsStatic(ps []syntax.WordPart) bool {
	for _, p := range ps {
		switch p := p.(type) {
		case *syntax.Lit, *syntax.SglQuoted, *syntax.ExtGlob:
		case *syntax.DblQuoted:
			if !w.partsStatic(p.Parts) {
				return false
			}
		case *syntax.ParamExp:
			if p.Param == nil || !w.valueKnown(p.Param.Value) || !simpleParam(p) && !w.paramKnown(p) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// allIndex reports whether a subscript is [@] or [*]: every element.
func allIndex(idx syntax.ArithmExpr) bool {
	wd, ok := idx.(*syntax.Word)
	return ok && (wd.Lit() == "@" || wd.Lit() == "*")
}

// dollarQuoted returns $'…' decoded as the shell reads it (echoescapes.go;
// expand's own reading made \456 0xff, where both shells keep the low
// byte, a dot), the text ending at a NUL.
func (w *walker) dollarQuoted(v string) syntax.WordPart {
	d := escDollarBash
	if w.zsh {
		d = escDollarZsh
	}
	s, _ := echoEscapes(v, d)
	s, _, _ = strings.Cut(s, "\x00")
	return &syntax.SglQuoted{Value: s}
}

// arithResolved returns pe with each variable of its subscript and offsets
// whose value is an arithmetic expression (i='(1)') replaced by what bash
// computes of that expression, recursively, where guard can; pe itself
// when there is none or it cannot.
func (w *walker) arithResolved(pe *syntax.ParamExp) *syntax.ParamExp {
	cp := *pe
	changed := false
	sub := func(x syntax.ArithmExpr) syntax.ArithmExpr {
		if x == nil || w.arithKnown(x) {
			return x
		}
		if y, ok := w.arithSubst(x, 0); ok {
			changed = true
			return y
		}
		return x
	}
	if pe.Index != nil {
		cp.Index = sub(pe.Index)
	}
	if pe.Slice != nil {
		sl := *pe.Slice
		sl.Offset, sl.Length = sub(sl.Offset), sub(sl.Length)
		cp.Slice = &sl
	}
	if !changed {
		return pe
	}
	return &cp
}

// arithSubst returns x with each name whose value is an expression made
// the number that expression evaluates to; false where a value is not
// known, has side effects or nests more than 8 deep.
func (w *walker) arithSubst(x syntax.ArithmExpr, depth int) (syntax.ArithmExpr, bool) {
	if depth > 8 {
		return nil, false
	}
	switch x := x.(type) {
	case *syntax.BinaryArithm:
		if x.Op >= syntax.Assgn && x.Op <= syntax.ShrAssgn {
			return nil, false
		}
		l, ok := w.arithSubst(x.X, depth)
		r, ok2 := w.arithSubst(x.Y, depth)
		cp := *x
		cp.X, cp.Y = l, r
		return &cp, ok && ok2
	case *syntax.UnaryArithm:
		if x.Op == syntax.Inc || x.Op == syntax.Dec {
			return nil, false
		}
		y, ok := w.arithSubst(x.X, depth)
		cp := *x
		cp.X = y
		return &cp, ok
	case *syntax.ParenArithm:
		y, ok := w.arithSubst(x.X, depth)
		cp := *x
		cp.X = y
		return &cp, ok
	case *syntax.Word:
		if w.arithWordKnown(x) {
			return x, true
		}
		name := x.Lit()
		if pe, ok := x.Parts[0].(*syntax.ParamExp); ok && len(x.Parts) == 1 && simpleParam(pe) {
			name = pe.Param.Value
		}
		if !word.IsName(name) || !w.valueKnown(name) {
			return nil, false
		}
		v := w.variable(name)
		if v.Kind != expand.String && v.Kind != expand.Indexed {
			return nil, false
		}
		n, ok := w.arithOfText(v.String(), depth+1)
		if !ok {
			return nil, false
		}
		return &syntax.Word{Parts: litParts(strconv.Itoa(n))}, true
	}
	return nil, false
}

// arithOfText evaluates s, a variable's value, as an arithmetic
// expression (see arithSubst).
func (w *walker) arithOfText(s string, depth int) (int, bool) {
	if word.HasMark(s) || strings.ContainsAny(s, "$`") {
		return 0, false
	}
	f, err := w.theParser().Parse(strings.NewReader("(("+s+"))"), "")
	if err != nil || len(f.Stmts) != 1 {
		return 0, false
	}
	ac, ok := f.Stmts[0].Cmd.(*syntax.ArithmCmd)
	if !ok {
		return 0, false
	}
	y, ok := w.arithSubst(ac.X, depth)
	if !ok {
		return 0, false
	}
	return w.arithValue(y)
}
