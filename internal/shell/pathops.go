package shell

import (
	"slices"
	"strings"

	"github.com/guardhq/guard/internal/shell/effect"
	"mvdan.cc/sh/v3/syntax"
)

// inheritedPathCut evaluates an operator that only takes text away from
// the PATH the command inherited (${PATH%:}, ${PATH#:}, ${PATH%:$HOME/bin},
// ${PATH/:\/snap\/bin/}) on its value in the hook's environment, when the
// pattern is literal text and each element of the result is one of the
// inherited PATH's: the result names no directory the PATH did not
// (FINDINGS54b FP1). False otherwise: the value stays one guard cannot
// tell (FINDINGS53b F15).
func (w *walker) inheritedPathCut(pe *syntax.ParamExp) (string, bool) {
	loc, ok := w.Files.(effect.Locator)
	if !ok || pe.Param.Value != "PATH" || w.declared("PATH") || w.envHidden > 0 || pe.Index != nil || pe.Slice != nil ||
		pe.Excl || pe.Length || (pe.Exp == nil) == (pe.Repl == nil) {
		return "", false
	}
	v, set := loc.Env("PATH")
	if !set {
		return "", false
	}
	var out string
	switch {
	case pe.Exp != nil:
		pat, ok := w.literalPattern(pe.Exp.Word)
		switch {
		case !ok:
			return "", false
		case pe.Exp.Op == syntax.RemSmallPrefix || pe.Exp.Op == syntax.RemLargePrefix:
			out = strings.TrimPrefix(v, pat)
		case pe.Exp.Op == syntax.RemSmallSuffix || pe.Exp.Op == syntax.RemLargeSuffix:
			out = strings.TrimSuffix(v, pat)
		default:
			return "", false
		}
	default:
		pat, ok := w.literalPattern(pe.Repl.Orig)
		if !ok || pe.Repl.With != nil && w.text(pe.Repl.With).Text != "" || pat == "" {
			return "", false
		}
		switch {
		case anchored(pe.Repl.Orig) && pat[0] == '#':
			out = strings.TrimPrefix(v, pat[1:])
		case anchored(pe.Repl.Orig):
			out = strings.TrimSuffix(v, pat[1:])
		case pe.Repl.All:
			out = strings.ReplaceAll(v, pat, "")
		default:
			out = strings.Replace(v, pat, "", 1)
		}
	}
	inherited := strings.Split(v, ":")
	for _, e := range strings.Split(out, ":") {
		if !slices.Contains(inherited, e) {
			return "", false
		}
	}
	return out, true
}

// literalPattern returns the text of pattern word wd when it matches only
// itself (no glob character, no value guard cannot tell).
func (w *walker) literalPattern(wd *syntax.Word) (string, bool) {
	if wd == nil {
		return "", true
	}
	t := w.text(wd)
	s := strings.ReplaceAll(t.Text, `\/`, "/")
	if !t.Known || strings.ContainsAny(s, `*?[\`) {
		return "", false
	}
	return s, true
}
