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
	cfg := w.config()
	ifs := cfgIFS(cfg)
	w.release()
	if strings.Trim(ifs, " \t\n") == "" {
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
