package shell

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
	"mvdan.cc/sh/v3/syntax"
)

// zsh's declaration builtins with -f declare functions: typeset -fu NAME
// (declare, local, export, readonly alike; -U too) marks NAME for
// autoload as autoload NAME does, so NAME's function file runs when NAME
// does. -t, -T trace a function, -m takes the names as
// patterns, -p prints; a cluster with any other letter is one guard does
// not model: what it does is hidden.

// funcDeclLetters are the option letters of typeset -f guard models.
const funcDeclLetters = "fuUzktTmp"

// declaresFuncs reports whether zsh's declaration clause c has -f (or
// +f) in an option cluster written as a literal.
func (w *walker) declaresFuncs(c *syntax.DeclClause) bool {
	if !w.zsh {
		return false
	}
	for _, as := range c.Args {
		if as.Naked && as.Name == nil && as.Value != nil {
			if l := as.Value.Lit(); len(l) > 1 && (l[0] == '-' || l[0] == '+') && strings.ContainsRune(l, 'f') {
				return true
			}
		}
	}
	return false
}

// funcDeclClause handles a declaration clause declaresFuncs reports.
func (w *walker) funcDeclClause(c *syntax.DeclClause) {
	var ws []word.Word
	for _, as := range c.Args {
		switch {
		case as.Naked && as.Name != nil:
			ws = append(ws, word.Word{Text: as.Name.Value, Known: true})
		case as.Naked && as.Value != nil:
			ws = append(ws, w.fields(as.Value)...)
		default:
			w.hide("declares functions with a value (%s -f NAME=…), which guard does not model", c.Variant.Value)
			return
		}
	}
	w.zshFuncDecl(ws)
}

// zshFuncDecl applies zsh's typeset -f (or declare, local… -f) to its words
// (options and names); false when no option holds f.
func (w *walker) zshFuncDecl(ws []word.Word) bool {
	if !w.zsh {
		return false
	}
	fn, autoload, other := false, false, false
	for _, a := range ws {
		s := a.Text
		if len(s) < 2 || s[0] != '-' && s[0] != '+' || !a.Known {
			continue
		}
		for _, r := range s[1:] {
			switch {
			case r == 'f':
				fn = true
			case r == 'u' || r == 'U':
				autoload = autoload || s[0] == '-'
				other = other || s[0] == '+'
			case !strings.ContainsRune(funcDeclLetters, r):
				other = true
			}
		}
	}
	if !fn {
		return false
	}
	switch {
	case other:
		w.hide("declares functions with options guard does not model (typeset -f…)")
	case autoload:
		w.autoload(ws)
	}
	return true
}
