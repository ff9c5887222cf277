package shell

// Variables whose values guard cannot tell because of what the shell does
// to them, not because of what was assigned: an attribute of a
// declaration builtin guard does not model (zsh's typeset -L4/-R4/-Z4
// justify and truncate, -E/-F format a float, -U drops duplicates, -h
// hides a special meaning, -T ties; bash's local -I inherits the outer
// value), and zsh's tied pairs (typeset -T, and the shell's own path and
// PATH, cdpath and CDPATH, fpath and FPATH, manpath and MANPATH,
// module_path and MODULE_PATH), where a store to one side changes the
// other. Every builtin option guard does not implement makes what the
// builtin may change unknown (FINDINGS59b B2, B3), never nothing.

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// maxOpaque bounds the opaque names kept; past it every name is one.
const maxOpaque = 64

// declOpaque notes name as opaque when the declaration's options hold an
// attribute guard does not model: every value stored to it from here on
// is unknown (see assignValues).
func (w *walker) declOpaque(name string, f declFlags) {
	if !f.opaque || f.print {
		return
	}
	if w.attrOpaque == nil {
		w.attrOpaque = map[string]bool{}
	}
	if len(w.attrOpaque) >= maxOpaque {
		w.anyVarSet()
		return
	}
	w.attrOpaque[w.refTarget(name, f)] = true
}

// declOpaqueValue makes the value of name, declared without one under an
// attribute guard does not model (typeset -R4 v, local -I v), unknown:
// the declaration stored it already through opaqueValues unless it kept
// the value the name had.
func (w *walker) declOpaqueValue(name string, f declFlags) {
	if n := w.refTarget(name, f); f.opaque && !f.print && !w.varMap()[n].ReadOnly {
		w.setUnknown(n)
	}
}

// opaqueValues returns vals, to be stored to name, as values guard cannot
// tell when name is opaque; kinds and attributes are kept.
func (w *walker) opaqueValues(name string, vals []expand.Variable) []expand.Variable {
	if !w.attrOpaque[name] {
		return vals
	}
	out := make([]expand.Variable, len(vals))
	for i, v := range vals {
		out[i] = expand.Variable{Set: true, Kind: expand.String, Str: word.Mark(word.MarkVar, name), Exported: v.Exported, ReadOnly: v.ReadOnly, Local: v.Local}
	}
	return out
}

// tie is one side of a zsh tied pair: the partner's name, the separator,
// and whether this side is the array.
type tie struct {
	partner string
	sep     string
	array   bool
}

// zshTie returns the other side of a pair zsh ties by itself (path and
// PATH …), the separator and whether name is the array.
func zshTie(name string) (tie, bool) {
	switch name {
	case "path", "cdpath", "fpath", "manpath", "module_path", "mailpath", "psvar":
		return tie{strings.ToUpper(name), ":", true}, true
	case "PATH", "CDPATH", "FPATH", "MANPATH", "MODULE_PATH", "MAILPATH", "PSVAR":
		return tie{strings.ToLower(name), ":", false}, true
	}
	return tie{}, false
}

// tieStored gives the partner of name, one side of a zsh tied pair, the
// value vals leave it: the array joined, or the scalar split, when there
// is one value guard knows; otherwise one it cannot tell.
func (w *walker) tieStored(name string, vals []expand.Variable) {
	if !w.zsh || w.tying {
		return
	}
	t, ok := zshTie(name)
	if !ok {
		return
	}
	w.tying = true
	defer func() { w.tying = false }()
	v := vals[0]
	switch {
	case len(vals) > 1 || !v.Set:
		w.setUnknown(t.partner)
	case t.array && v.Kind == expand.Indexed:
		w.setString(t.partner, strings.Join(v.List, t.sep))
	case !t.array && v.Kind == expand.String && !word.HasMark(v.Str):
		w.setVar(t.partner, expand.Variable{Set: true, Kind: expand.Indexed, List: strings.Split(v.Str, t.sep)})
	case !t.array && v.Kind == expand.String:
		w.setVar(t.partner, expand.Variable{Set: true, Kind: expand.Indexed, List: []string{v.Str}}) // PATH=$PWD/bin:$PATH: one element may hold the rest
	default:
		w.setUnknown(t.partner)
	}
}

// argvStored sets the positional parameters from a store to zsh's argv,
// which is them (FINDINGS59b B4): argv=(…), argv+=(…), argv[2]=…, set -A
// argv …; a value guard cannot tell, or more than one, leaves them
// unknown.
func (w *walker) argvStored(vals []expand.Variable) {
	zero := ""
	if w.pos != nil {
		zero = w.pos.zero
	}
	v := vals[0]
	switch {
	case len(vals) > 1 || !v.Set:
		w.pos = nil
	case v.Kind == expand.Indexed:
		w.pos = &positional{zero: zero, args: append([]string{}, v.List...)}
	case v.Kind == expand.String:
		w.pos = &positional{zero: zero, args: []string{v.Str}}
	default:
		w.pos = nil
	}
}

// argvValue returns zsh's argv (the positional parameters as an array)
// or ARGC (their count).
func (w *walker) argvValue(name string) expand.Variable {
	if name == "ARGC" {
		return w.variable("#")
	}
	v := w.variable("@")
	v.Kind = expand.Indexed
	return v
}

// declElem applies a declaration word bash reads as an element
// assignment once its quotes are gone (declare "a[1]=V", "a[k]+=V":
// FINDINGS59b B16), as a[1]=V does; a value appended to is one guard
// does not work out.
func (w *walker) declElem(s string, f declFlags) {
	target, value, ok := strings.Cut(s, "=")
	if !ok || f.print {
		return
	}
	base, _, _ := strings.Cut(target, "[")
	if !word.IsName(base) || !strings.HasSuffix(strings.TrimSuffix(target, "+"), "]") {
		w.anyVarSet() // not a name guard can tell
		return
	}
	if strings.HasSuffix(target, "+") {
		w.setUnknown(strings.TrimSuffix(target, "+"))
		return
	}
	w.setVar(w.refTarget(base, f)+target[len(base):], strVar(value))
}

// declCompound applies a declaration word NAME=(…) that bash reads as a
// compound assignment though it was quoted (declare -a "b=(x y)"): under
// -a or -A, or to a name that is an array. True when it was one.
func (w *walker) declCompound(name, value string, f declFlags) bool {
	if !strings.HasPrefix(value, "(") || !strings.HasSuffix(value, ")") {
		return false
	}
	if k := w.variable(w.refTarget(name, f)).Kind; !f.indexed && !f.assoc && k != expand.Indexed && k != expand.Associative {
		return false
	}
	file, err := w.theParser().Parse(strings.NewReader(name+"="+value), "")
	var as *syntax.Assign
	if err == nil && len(file.Stmts) == 1 {
		if call, ok := file.Stmts[0].Cmd.(*syntax.CallExpr); ok && len(call.Args) == 0 && len(call.Assigns) == 1 {
			as = call.Assigns[0]
		}
	}
	if as == nil || as.Array == nil || word.HasMark(value) {
		w.setUnknown(w.refTarget(name, f))
		return true
	}
	w.setVariable(w.refTarget(name, f), w.assignValue(as, f, false))
	return true
}
