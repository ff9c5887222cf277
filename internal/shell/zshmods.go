package shell

import (
	"path"
	"strconv"
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// zsh's history modifiers on a parameter: ${f:h}, $f:t, ${f:s/x/y/},
// $f:gs/x/y/, ${f:h2}, ${f:s/x/y/:&}. What guard does not follow (w, W, f,
// F, x, an s whose text holds $ or a pattern, an s that reuses the last
// search) makes the value not known; never its text as written.

// zshMod is one modifier: its letter (s for s and gs, & for & and g&), a
// count (h2, t2; -1 when none), g, and the texts of s.
type zshMod struct {
	op     byte
	n      int
	global bool
	l, r   string
}

// modLetters are the modifiers that take no text.
const modLetters = "aAcehlPqQrtu"

// parseMods parses the modifiers in spec, which starts with ':'. short:
// after a short parameter ($f:h), where zsh takes no count and stops at
// the first text that is not a modifier (the rest, returned); open: the
// last s ran to the end of spec without its closing delimiter. ok is false
// for a modifier guard does not follow or zsh rejects.
func parseMods(spec string, short bool) (mods []zshMod, rest string, open, ok bool) {
	s := spec
	for len(s) > 1 && s[0] == ':' {
		m := zshMod{n: -1}
		i := 1
		if s[i] == 'g' && i+1 < len(s) && (s[i+1] == 's' || s[i+1] == '&') {
			m.global = true
			i++
		}
		m.op = s[i]
		i++
		switch {
		case m.op == 's':
			var closed bool
			if m.l, m.r, i, closed = modSubst(s, i); i < 0 {
				return nil, "", false, false
			}
			open = !closed
		case m.op == '&':
		case strings.IndexByte(modLetters, m.op) >= 0:
			if !short && (m.op == 'h' || m.op == 't') {
				j := i
				for j < len(s) && s[j] >= '0' && s[j] <= '9' {
					j++
				}
				if j > i {
					m.n, _ = strconv.Atoi(s[i:j])
					i = j
				}
			}
		case short:
			return mods, s, false, true // $f:z is $f then ":z"
		default:
			return nil, "", false, false
		}
		mods = append(mods, m)
		s = s[i:]
		if open {
			break
		}
	}
	if !short && s != "" {
		return nil, "", false, false
	}
	return mods, s, open, true
}

// modSubst parses the texts of an s modifier from s[i] (its delimiter):
// the left text, the right one, the index after them, and whether the
// right one ended at a delimiter (else at the end of s); i < 0 when it
// cannot be parsed.
func modSubst(s string, i int) (l, r string, next int, closed bool) {
	if i >= len(s) {
		return "", "", -1, false
	}
	d := s[i]
	l, i, ok := modText(s, i+1, d)
	if !ok {
		return "", "", -1, false
	}
	r, i, closed = modText(s, i, d)
	return l, r, i, closed
}

// modText reads text up to delimiter d (a backslash escapes it) from s[i];
// it returns the text, the index after the delimiter, and whether there
// was one.
func modText(s string, i int, d byte) (string, int, bool) {
	var b strings.Builder
	for ; i < len(s); i++ {
		switch {
		case s[i] == '\\' && i+1 < len(s) && (s[i+1] == d || s[i+1] == '&' || s[i+1] == '\\'):
			if s[i+1] == '&' {
				b.WriteByte('\\') // a literal &, kept for the right text
			}
			b.WriteByte(s[i+1])
			i++
		case s[i] == d:
			return b.String(), i + 1, true
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String(), i, false
}

// applyMods applies modifiers to each value.
func (w *walker) applyMods(mods []zshMod, vals []string) ([]string, bool) {
	out := make([]string, len(vals))
	for k, v := range vals {
		var last *zshMod
		for i := range mods {
			m := mods[i]
			switch m.op {
			case 's':
				last = &mods[i]
			case '&':
				if last == nil {
					return nil, false // the last search of the shell's history
				}
				m.l, m.r = last.l, last.r
				m.global = m.global || last.global
			}
			var ok bool
			if v, ok = w.modify(m, v); !ok {
				return nil, false
			}
		}
		out[k] = v
	}
	return out, true
}

// modify applies one modifier to v.
func (w *walker) modify(m zshMod, v string) (string, bool) {
	switch m.op {
	case 'a', 'A', 'P', 'q', 'c':
		return v, true
	case 'Q':
		return zshUnquote(v)
	case 's', '&':
		return w.substMod(m, w.concrete(v))
	}
	v = w.concrete(v)
	if !word.IsKnown(v) || word.HasMark(v) && m.op != 'l' && m.op != 'u' || v == "~" || v == "$HOME" || strings.HasPrefix(v, "~") && !strings.HasPrefix(v, "~/") {
		return "", false // ~/x:h is ~, but what ~ itself ends with is the hook's to know
	}
	switch m.op {
	case 'h':
		if m.n > 0 {
			parts := strings.Split(v, "/")
			return strings.Join(parts[:min(m.n, len(parts))], "/"), true
		}
		return path.Dir(v), true
	case 't':
		if m.n > 0 {
			parts := strings.Split(v, "/")
			return strings.Join(parts[max(len(parts)-m.n, 0):], "/"), true
		}
		return path.Base(v), true
	case 'r':
		return strings.TrimSuffix(v, path.Ext(v)), true
	case 'e':
		return strings.TrimPrefix(path.Ext(v), "."), true
	case 'l':
		return word.MarkedCase(v, strings.ToLower), true
	case 'u':
		return word.MarkedCase(v, strings.ToUpper), true
	}
	return "", false
}

// substMod applies s/l/r/ (all of them with g): l is plain text (a
// pattern only with an option guard does not know the state of), & in r
// is l. A value starting at the home directory is matched with the home
// directory's path.
func (w *walker) substMod(m zshMod, v string) (string, bool) {
	if m.l == "" || strings.ContainsAny(m.l+m.r, "$`") || strings.ContainsAny(m.l, "*?[]#~^()|<>") || !word.IsKnown(v) {
		return "", false
	}
	v, back, ok := w.letters(v)
	if !ok {
		return "", false
	}
	r := strings.ReplaceAll(strings.ReplaceAll(m.r, `\&`, "\x00"), "&", m.l)
	r = strings.ReplaceAll(r, "\x00", "&")
	n := 1
	if m.global {
		n = -1
	}
	return back(strings.Replace(v, m.l, r, n)), true
}

// letters returns value v as the shell holds it, to the letter: the home
// directory (~, $HOME) written as its path, which guard knows from
// Options.Home; and what writes a result as guard does (~ again). False
// when v holds what guard does not know to the letter.
func (w *walker) letters(v string) (string, func(string) string, bool) {
	same := func(s string) string { return s }
	if v == "~" || strings.HasPrefix(v, "~/") || v == "$HOME" || strings.HasPrefix(v, "$HOME/") {
		if w.Home == "" {
			return "", nil, false
		}
		home := w.Home
		v = home + strings.TrimPrefix(strings.TrimPrefix(v, "~"), "$HOME")
		same = func(s string) string {
			if s == home {
				return "~"
			}
			if rest, ok := strings.CutPrefix(s, home+"/"); ok {
				return "~/" + rest
			}
			return s
		}
	}
	if !word.IsKnown(v) || strings.HasPrefix(v, "~") || strings.Contains(v, "$") {
		return "", nil, false
	}
	return v, same, true
}

// zshUnquote removes one level of quoting as zsh's Q does: backslashes,
// '…', "…" (whose backslash escapes \\ \" \$ \`). False for text guard
// does not know to the letter, $'…', or quotes left open.
func zshUnquote(v string) (string, bool) {
	if !word.IsKnown(v) || strings.Contains(v, "$'") {
		return "", false
	}
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		switch c := v[i]; c {
		case '\\':
			if i+1 >= len(v) {
				return "", false
			}
			i++
			b.WriteByte(v[i])
		case '\'':
			j := strings.IndexByte(v[i+1:], '\'')
			if j < 0 {
				return "", false
			}
			b.WriteString(v[i+1 : i+1+j])
			i += j + 1
		case '"':
			i++
			for ; i < len(v) && v[i] != '"'; i++ {
				if v[i] == '\\' && i+1 < len(v) && strings.IndexByte("\\\"$`", v[i+1]) >= 0 {
					i++
				}
				b.WriteByte(v[i])
			}
			if i >= len(v) {
				return "", false
			}
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), true
}
