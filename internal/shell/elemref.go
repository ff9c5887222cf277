package shell

import (
	"github.com/guardhq/guard/internal/shell/word"
	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// elementIndirect evaluates ${!a[N]}, N neither @ nor *: bash's
// indirection through one element, the variable element N names, with
// pe's other operators applied to it (mvdan.cc/sh's expand takes any
// subscript after ! for the keys, ${!a[@]}). An element guard does not
// know, or one that holds no variable name, is a value not known; false
// for any other expansion.
func (w *walker) elementIndirect(pe *syntax.ParamExp, mode int, quoted bool) (syntax.WordPart, bool) {
	if !pe.Excl || pe.Index == nil || allIndex(pe.Index) || pe.Names != 0 || w.zsh {
		return nil, false
	}
	unknown := &syntax.Lit{Value: w.unevaluated(pe.Param.Value)}
	if pe.Length {
		return unknown, true
	}
	elem := &syntax.ParamExp{Dollar: pe.Dollar, Rbrace: pe.Rbrace, Param: pe.Param, Index: pe.Index}
	t := w.text(&syntax.Word{Parts: []syntax.WordPart{&syntax.DblQuoted{Parts: []syntax.WordPart{elem}}}})
	if !t.Known || !word.IsName(t.Text) {
		return unknown, true
	}
	cp := *pe
	cp.Excl, cp.Index, cp.Param = false, nil, &syntax.Lit{Value: t.Text}
	if p, ok := w.prepParam(&cp, mode, quoted); ok {
		return p, true
	}
	return &cp, true
}

// elementNames calls add with each value of array vr that names a
// variable: what ${!a[N]} may lead to.
func elementNames(vr expand.Variable, add func(string)) {
	for _, v := range vr.List {
		if word.IsName(v) {
			add(v)
		}
	}
	for _, v := range vr.Map {
		if word.IsName(v) {
			add(v)
		}
	}
}
