package shell

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// cfgIFS returns IFS as the shell of cfg splits at: its value, or blank,
// tab and newline when it is unset.
func cfgIFS(cfg *expand.Config) string {
	if vr := cfg.Env.Get("IFS"); vr.IsSet() {
		return vr.String()
	}
	return " \t\n"
}

// ifsLine is text to split at IFS, as bash holds it: runes, and which of
// them an escape protects (read without -r: \: is a colon, never a
// delimiter).
type ifsLine struct {
	r    []rune
	prot []bool
	ifs  string
}

// newIfsLine reads line for splitting at ifs; without raw a backslash
// protects the next character and goes (a last one goes too).
func newIfsLine(line, ifs string, raw bool) *ifsLine {
	l := &ifsLine{ifs: ifs}
	esc := false
	for _, c := range line {
		switch {
		case esc:
			esc = false
			l.r, l.prot = append(l.r, c), append(l.prot, true)
		case c == '\\' && !raw:
			esc = true
		default:
			l.r, l.prot = append(l.r, c), append(l.prot, false)
		}
	}
	return l
}

// sep reports whether the character at i delimits fields; white whether
// it is IFS white space (a blank, tab or newline in IFS).
func (l *ifsLine) sep(i int) bool {
	return i < len(l.r) && !l.prot[i] && strings.ContainsRune(l.ifs, l.r[i])
}

func (l *ifsLine) white(i int) bool {
	return l.sep(i) && (l.r[i] == ' ' || l.r[i] == '\t' || l.r[i] == '\n')
}

// skipWhite returns the index after the IFS white space at i.
func (l *ifsLine) skipWhite(i int) int {
	for l.white(i) {
		i++
	}
	return i
}

// word returns the field at i and the index after its delimiter: IFS
// white space, or one other IFS character with the white space around it
// (bash's get_word_from_string).
func (l *ifsLine) word(i int) (string, int) {
	j := i
	for j < len(l.r) && !l.sep(j) {
		j++
	}
	w := string(l.r[i:j])
	if j == len(l.r) {
		return w, j
	}
	white := l.white(j)
	k := l.skipWhite(j + 1)
	if white && l.sep(k) && !l.white(k) {
		k = l.skipWhite(k + 1)
	}
	return w, k
}

// fields splits the whole line (bash's list_string): IFS white space at
// either end goes; each IFS character that is not white space delimits
// a field, so a leading one or two in a row make an empty field.
func (l *ifsLine) fields() []string {
	if l.ifs == "" {
		if len(l.r) == 0 {
			return nil
		}
		return []string{string(l.r)}
	}
	var out []string
	for i := l.skipWhite(0); i < len(l.r); {
		w, k := l.word(i)
		if w != "" || l.sep(i) && !l.white(i) {
			out = append(out, w)
		}
		i = k
	}
	return out
}

// readFields returns what bash's read assigns to n names from line (n < 0:
// read -a's elements), split at ifs: each name but the last a field, the
// last the rest of the line with its trailing IFS white space removed, or
// its one field when nothing follows that field's delimiter.
func readFields(line, ifs string, n int, raw bool) []string {
	l := newIfsLine(line, ifs, raw)
	if n < 0 {
		return l.fields()
	}
	if ifs == "" {
		return []string{string(l.r)}
	}
	var out []string
	i := l.skipWhite(0)
	for len(out) < n-1 && i < len(l.r) {
		var w string
		w, i = l.word(i)
		out = append(out, w)
	}
	if i >= len(l.r) {
		return out
	}
	if w, k := l.word(i); k == len(l.r) {
		return append(out, w)
	}
	j := len(l.r)
	for j > i && l.white(j-1) {
		j--
	}
	return append(out, string(l.r[i:j]))
}

// soleParamFields splits the word $p (one unquoted expansion, not of a
// list: $@, ${a[@]}) by bash's rule (list_string) where IFS holds a
// character that is not white space, which mvdan's expand collapses as
// it does blanks: IFS=/; set -- $p makes an empty first field of /a/b.
// False for any other word, for zsh (which does not split $p), and where
// the value is not known: the expansion's own fields.
func (w *walker) soleParamFields(wd *syntax.Word) ([]word.Word, bool) {
	if w.zsh || len(wd.Parts) != 1 {
		return nil, false
	}
	pe, ok := wd.Parts[0].(*syntax.ParamExp)
	if !ok || pe.Param == nil || pe.Names != 0 || pe.Index != nil && allIndex(pe.Index) {
		return nil, false
	}
	switch pe.Param.Value {
	case "@", "*":
		return nil, false
	}
	ifs, ok := w.nonBlankIFS()
	if !ok {
		return nil, false
	}
	t := w.text(&syntax.Word{Parts: []syntax.WordPart{&syntax.DblQuoted{Parts: []syntax.WordPart{pe}}}})
	if !t.Known {
		return nil, false
	}
	fs := newIfsLine(t.Text, ifs, true).fields()
	out := make([]word.Word, len(fs))
	for i, f := range fs {
		out[i] = word.Word{Text: f, Known: true}
	}
	return out, true
}

// nonBlankIFS returns IFS where it holds a character that is not white
// space, the case whose splitting guard models itself (bash's rule, not
// mvdan's expand).
func (w *walker) nonBlankIFS() (string, bool) {
	cfg := w.config()
	ifs := cfgIFS(cfg)
	w.release()
	return ifs, strings.Trim(ifs, " \t\n") != ""
}

// quotedNull stands, in a word being split, for a quoted part that
// expands to nothing ("" or ”): it is never a delimiter, and it keeps
// the field it is in, which is then empty (bash's CTLNUL).
const quotedNull = '\x00'

// mixedFields splits a word made of literal or quoted parts and unquoted
// expansions of known values ($p, a$p, "$x"$p, $p/$q) by bash's rule
// where IFS holds a character that is not white space: only the
// expansions' characters delimit, and each such character makes a field
// (FINDINGS58b B15). False, leaving the word to mvdan's expand, for zsh,
// a word with one part (soleParamFields), a part it does not model
// (substitutions, $@, globs, braces, escapes, a tilde) or a value not known.
func (w *walker) mixedFields(wd *syntax.Word) ([]word.Word, bool) {
	if w.zsh || len(wd.Parts) < 2 {
		return nil, false
	}
	ifs, ok := w.nonBlankIFS()
	if !ok {
		return nil, false
	}
	l := &ifsLine{ifs: ifs}
	add := func(s string, prot bool) {
		if s == "" && prot {
			s = string(quotedNull)
		}
		for _, c := range s {
			l.r, l.prot = append(l.r, c), append(l.prot, prot)
		}
	}
	expands := false
	for _, p := range wd.Parts {
		s, prot, ok := w.splitPart(p)
		if !ok {
			return nil, false
		}
		expands = expands || !prot
		add(s, prot)
	}
	if !expands {
		return nil, false
	}
	fs := l.fields()
	out := make([]word.Word, 0, len(fs))
	for _, f := range fs {
		out = append(out, word.Word{Text: strings.ReplaceAll(f, string(quotedNull), ""), Known: true})
	}
	return out, true
}

// splitPart returns the text of one part of a word mixedFields splits,
// and whether it is protected from splitting (literal or quoted); false
// for a part it does not model.
func (w *walker) splitPart(p syntax.WordPart) (string, bool, bool) {
	switch p := p.(type) {
	case *syntax.Lit:
		if strings.ContainsAny(p.Value, "\\*?[{~") {
			return "", false, false
		}
		return p.Value, true, true
	case *syntax.SglQuoted:
		if p.Dollar {
			return "", false, false
		}
		return p.Value, true, true
	case *syntax.DblQuoted:
		for _, q := range p.Parts {
			if pe, ok := q.(*syntax.ParamExp); ok && !splittableParam(pe) {
				return "", false, false // "$@", "${a[@]}": words of their own
			}
		}
		t := w.text(&syntax.Word{Parts: []syntax.WordPart{p}})
		return t.Text, true, t.Known
	case *syntax.ParamExp:
		if !splittableParam(p) {
			return "", false, false
		}
		t := w.text(&syntax.Word{Parts: []syntax.WordPart{&syntax.DblQuoted{Parts: []syntax.WordPart{p}}}})
		if !t.Known || strings.ContainsAny(t.Text, "*?[") {
			return "", false, false // a value guard cannot tell, or one a glob would match
		}
		return t.Text, false, true
	}
	return "", false, false
}

// splittableParam reports whether pe expands to one string (not $@, $*,
// ${a[@]}, ${!pre*}).
func splittableParam(pe *syntax.ParamExp) bool {
	if pe.Param == nil || pe.Names != 0 || pe.Index != nil && allIndex(pe.Index) {
		return false
	}
	return pe.Param.Value != "@" && pe.Param.Value != "*"
}
