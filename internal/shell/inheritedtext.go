package shell

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/effect"
	"github.com/guardhq/guard/internal/shell/word"
)

// inheritedText returns v with each inherited variable's marker ($NAME,
// ${NAME:-word} on a variable the command does not set) replaced by what
// the shell picks from the environment it inherits, the hook's
// (effect.Locator, as ExpandEnv reads it): the value itself, raw, which a
// prompt expansion then reads as the shell would. False when v holds
// another part guard does not know, a variable the environment does not
// hold with no operator to decide, or an operator's word that names a
// variable.
func (w *walker) inheritedText(v string) (string, bool) {
	loc, ok := w.Files.(effect.Locator)
	if !ok || w.envHidden > 0 {
		return "", false
	}
	var b strings.Builder
	ok = true
	word.EachMark(v, func(k byte, name string, whole bool) {
		switch {
		case !ok:
		case whole && k == word.MarkDir:
			b.WriteString(word.Mark(k, name))
		case whole && k == word.MarkEnv:
			val, set := loc.Env(name)
			ok = set
			b.WriteString(val)
		case whole && k == word.MarkEnvOp:
			ref, end := varAt("${"+name+"}", 1)
			if ref.name == "" || end != len(name)+3 || strings.Contains(ref.word, "$") {
				ok = false
				return
			}
			val, set := loc.Env(ref.name)
			r, known := word.ParamOp(val, set, ref.op, ref.word)
			ok = known
			b.WriteString(r)
		default:
			ok = false
		}
	}, func(t string) { b.WriteString(t) })
	return b.String(), ok
}
