package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Patterns inside parameter expansions. mvdan.cc/sh's expand evaluates
// ${v#PAT}, ${v%PAT}, ${v/PAT/R}, ${v^PAT} and ${v,PAT} with its own
// pattern reader, and a form it does not read as bash does leaves the
// value as it was or changes it otherwise: a value that is known and
// wrong (v=Q.bashrc; ${v#[[.Q.]]} is .bashrc in bash). The forms it
// evaluates exactly are a short list: literal text, *, ?, a bracket
// expression of members, ranges and the classes both know; a quoted part.
// Anything else makes the value unknown: a collating symbol, an
// equivalence class or a class bash lacks in brackets, an extglob group
// (bash reads it under extglob), zsh's groups and extendedglob operators,
// a pattern held by a variable guard cannot read, case folding
// (nocasematch applies to ${v/PAT/R}), bash 5.2's & in a replacement (the
// matched text), and the @ operators whose result mvdan.cc/sh does not
// compute as bash does (@Q, @E, @P, @A, @a, @K, @k; @U, @u, @L stay).

// exactParamOps reports whether the operators of a known ${…} are ones
// expand evaluates as the shell does (see above).
func (w *walker) exactParamOps(pe *syntax.ParamExp) bool {
	if e := pe.Exp; e != nil {
		switch e.Op {
		case syntax.OtherParamOps:
			switch e.Word.Lit() {
			case "U", "u", "L":
			default:
				return false
			}
		case syntax.RemSmallPrefix, syntax.RemLargePrefix, syntax.RemSmallSuffix, syntax.RemLargeSuffix,
			syntax.UpperFirst, syntax.UpperAll, syntax.LowerFirst, syntax.LowerAll:
			if w.nocase || !w.exactPattern(e.Word) {
				return false
			}
		}
	}
	if r := pe.Repl; r != nil {
		if w.nocase || !w.exactPattern(unanchored(r.Orig)) {
			return false
		}
		if r.With != nil && strings.Contains(wordSource(r.With), "&") {
			return false
		}
	}
	return true
}

// exactPattern reports whether every part of pattern word wd is a form
// expand matches as the shell does.
func (w *walker) exactPattern(wd *syntax.Word) bool {
	if wd == nil {
		return true
	}
	for _, p := range wd.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			if !w.exactPatternText(p.Value) {
				return false
			}
		case *syntax.SglQuoted, *syntax.DblQuoted:
			// Quoted: matched as literal text.
		case *syntax.ParamExp:
			// Unquoted, its value is a pattern.
			if !simpleParam(p) {
				return false
			}
			v, ok := w.lookup(p.Param.Value)
			if !ok || !w.exactPatternText(v) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// exactPatternText reports whether pattern text s holds only literal text,
// *, ?, backslash escapes and bracket expressions exactPattern allows.
func (w *walker) exactPatternText(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\':
			i++
		case c == '[':
			end, ok := exactBracket(s, i)
			if !ok {
				return false
			}
			i = end
		case i+1 < len(s) && s[i+1] == '(' && strings.IndexByte("?*+@!", c) >= 0:
			return false // an extglob group
		case w.zsh && strings.IndexByte("()|#^~<", c) >= 0:
			return false // zsh's groups, extendedglob, <1-5>
		}
	}
	return true
}

// exactBracket returns the index of the ] closing the bracket expression
// at s[i]; false when it has none or holds a collating symbol, an
// equivalence class or a class name not in posixClassNames.
func exactBracket(s string, i int) (int, bool) {
	j := i + 1
	if j < len(s) && (s[j] == '!' || s[j] == '^') {
		j++
	}
	if j < len(s) && s[j] == ']' {
		j++
	}
	for ; j < len(s); j++ {
		switch {
		case s[j] == ']':
			return j, true
		case s[j] == '\\':
			j++
		case s[j] == '[' && j+1 < len(s) && strings.IndexByte(".=:", s[j+1]) >= 0:
			end := strings.Index(s[j+2:], string(s[j+1])+"]")
			if s[j+1] != ':' || end < 0 || !posixClassName(s[j+2:j+2+end]) {
				return 0, false
			}
			j += end + 3
		}
	}
	return 0, false
}

// posixClassName reports whether name is a bracket class both bash and
// Go's regexp (which expand translates to) know.
func posixClassName(name string) bool {
	switch name {
	case "alpha", "digit", "alnum", "upper", "lower", "xdigit", "space", "blank",
		"punct", "print", "graph", "cntrl", "word", "ascii":
		return true
	}
	return false
}

// wordSource returns the literal text of a word's parts, quoted parts'
// inner text included (enough to look for a character).
func wordSource(wd *syntax.Word) string {
	var b strings.Builder
	syntax.Walk(wd, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Lit:
			b.WriteString(n.Value)
		case *syntax.SglQuoted:
			b.WriteString(n.Value)
		}
		return true
	})
	return b.String()
}

// unanchored returns the pattern of ${v/PAT/R} without the # or % that
// anchors it (see anchored).
func unanchored(orig *syntax.Word) *syntax.Word {
	if orig == nil || !anchored(orig) {
		return orig
	}
	parts := append([]syntax.WordPart{&syntax.Lit{Value: orig.Parts[0].(*syntax.Lit).Value[1:]}}, orig.Parts[1:]...)
	return &syntax.Word{Parts: parts}
}
