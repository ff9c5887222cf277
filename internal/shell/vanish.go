package shell

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
	"mvdan.cc/sh/v3/syntax"
)

// Operands whose number of fields guard cannot tell. cp, mv, install, ln,
// rsync and scp write their last field; guard reads a word as one field,
// but the shell may give a pattern none (bash's nullglob, zsh's (N) and
// NULL_GLOB), a pattern under dotglob a number guard's two readings
// (dotVariants) do not tell, and an unknown unquoted expansion none ($U
// unset). Then an earlier operand may be the destination (cp x ~/.bashrc
// zzz* under nullglob writes ~/.bashrc), and several source words may be
// one field (the destination is then no directory: shopt -s dotglob; cp
// x ~/*ashrc). Both readings are checked: the destination is written
// itself as well, and so is every operand that only operands which may
// vanish follow.

// mayVanish reports whether an operand may be no field, or fewer fields
// than the words guard made of it: a pattern, or a word with a part guard
// does not know.
func mayVanish(a word.Word) bool {
	return !a.Known || strings.ContainsAny(a.Text, "*?[")
}

// cdVanished returns where cd (chdir, pushd) moves when operands that
// may be no field are none (FINDINGS55b B14): a pattern that matches
// nothing under nullglob (zsh's NULL_GLOB, a (N) qualifier). With no
// operand left, cd goes to the home and pushd swaps the top two entries
// of the stack; with one left, cd goes there.
func (c *cmd) cdVanished() []string {
	w := c.w
	if c.name != "cd" && c.name != "chdir" && c.name != "pushd" {
		return nil
	}
	var kept []string
	gone := false
	for _, a := range c.args {
		s := a.Text
		switch {
		case s != "" && s[0] == '-' && s != "-" && !gone && len(kept) == 0:
			continue // an option (or pushd's +N, -N): no pattern
		case w.nullPattern(s):
			gone = true
		default:
			kept = append(kept, s)
		}
	}
	switch {
	case !gone || len(kept) > 1:
		return nil
	case len(kept) == 1:
		return []string{w.dest(kept[0])}
	case c.name != "pushd":
		return []string{w.dest("")}
	case len(w.dirs) > 0:
		return []string{w.dirs[len(w.dirs)-1]}
	}
	return nil
}

// nullPattern reports whether word s is a pattern the shell may expand to
// no field: nullglob may be on, or zsh's qualifier list holds N.
func (w *walker) nullPattern(s string) bool {
	if !strings.ContainsAny(s, "*?[") {
		return false
	}
	if w.nullglob {
		return true
	}
	i := strings.LastIndex(s, "(")
	return w.zsh && i >= 0 && strings.HasSuffix(s, ")") && strings.Contains(s[i:], "N")
}

// vanishingDests writes, for cp and its kin (last: the destination's
// index, valueOf: the option values), the operands that are the
// destination when the operands after them expand to no field, and the
// destination itself when the sources may be fewer fields than words (it
// need not be a directory then).
func (c *cmd) vanishingDests(last int, valueOf map[int]bool) {
	if last <= 0 {
		return
	}
	var ops []int // the operands up to the destination
	for j := 0; j <= last; j++ {
		if c.kinds[j] == argPlain && !valueOf[j] && !strings.HasPrefix(c.args[j].Text, "-") {
			ops = append(ops, j)
		}
	}
	if len(ops) == 0 {
		return
	}
	for _, j := range ops[:len(ops)-1] {
		if mayVanish(c.args[j]) {
			c.w.WriteDir(c.args[last].Text)
			break
		}
	}
	// An operand is the destination when all after it vanish and a source
	// stays before it.
	for k := len(ops) - 1; k >= 2 && mayVanish(c.args[ops[k]]); k-- {
		c.w.WriteDir(c.args[ops[k-1]].Text)
	}
}

// cclBraces returns, where zsh's BRACE_CCL is set, wd with each brace
// that holds no comma ({abc}, {a-c}: a set of letters, one word each)
// made a name guard does not know, also one that spans parts ({$v}).
// False when wd has none. An empty {} stays.
func cclBraces(wd *syntax.Word) (*syntax.Word, bool) {
	marker := word.Mark(word.MarkWord, "")
	var parts []syntax.WordPart
	changed := false
	in := joinLits(wd.Parts)
	for i := 0; i < len(in); i++ {
		l, ok := in[i].(*syntax.Lit)
		if !ok || !strings.Contains(l.Value, "{") {
			parts = append(parts, in[i])
			continue
		}
		ps, open := cclLit(l.Value, marker)
		changed = changed || len(ps) != 1
		k := closedAt(in, i+1)
		if !open || k < 0 {
			parts = append(parts, ps...)
			continue
		}
		// The brace's opening in ps's last literal, its close in in[k].
		last := ps[len(ps)-1].(*syntax.Lit).Value
		if pre := last[:strings.LastIndexByte(last, '{')]; pre != "" {
			parts = append(append(parts, ps[:len(ps)-1]...), &syntax.Lit{Value: pre})
		} else {
			parts = append(parts, ps[:len(ps)-1]...)
		}
		parts = append(parts, &syntax.Lit{Value: marker})
		v := in[k].(*syntax.Lit).Value
		in[k] = &syntax.Lit{Value: v[strings.IndexByte(v, '}')+1:]}
		i, changed = k-1, true
	}
	if !changed {
		return wd, false
	}
	return &syntax.Word{Parts: parts}, true
}

// cclLit returns unquoted literal v with each non-empty {…} a part of
// its own, marker; open: a { is not closed within v.
func cclLit(v, marker string) ([]syntax.WordPart, bool) {
	var out []syntax.WordPart
	var b strings.Builder
	flush := func() {
		if b.Len() > 0 {
			out = append(out, &syntax.Lit{Value: b.String()})
			b.Reset()
		}
	}
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case '\\':
			b.WriteString(v[i:min(i+2, len(v))])
			i++
			continue
		case '{':
			end := braceClose(v, i)
			if end < 0 {
				b.WriteString(v[i:])
				flush()
				return out, true
			}
			if end > i+1 {
				flush()
				out = append(out, &syntax.Lit{Value: marker})
				i = end
				continue
			}
		}
		b.WriteByte(v[i])
	}
	flush()
	return out, false
}

// braceClose returns the index of the } that closes the { at v[open], -1
// when none.
func braceClose(v string, open int) int {
	depth := 0
	for i := open; i < len(v); i++ {
		switch v[i] {
		case '\\':
			i++
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// closedAt returns the index of the first literal from parts[from] on
// that holds a }, -1 when none.
func closedAt(parts []syntax.WordPart, from int) int {
	for k := from; k < len(parts); k++ {
		if l, ok := parts[k].(*syntax.Lit); ok && strings.Contains(l.Value, "}") {
			return k
		}
	}
	return -1
}

// joinLits returns parts with each run of adjacent literals one literal
// (brace splitting leaves {, r, } apart).
func joinLits(parts []syntax.WordPart) []syntax.WordPart {
	var out []syntax.WordPart
	for _, p := range parts {
		if l, ok := p.(*syntax.Lit); ok && len(out) > 0 {
			if prev, ok := out[len(out)-1].(*syntax.Lit); ok {
				out[len(out)-1] = &syntax.Lit{Value: prev.Value + l.Value}
				continue
			}
		}
		out = append(out, p)
	}
	return out
}

// redirTargets returns the files a redirection's word names: one, but in
// zsh each word its brace expansion yields (zsh's MULTIOS writes them all:
// echo x >> ~/.z{s,x}hrc writes ~/.zshrc).
//
// A word with an unquoted expansion is split into fields as an argument
// is: > $(printf ' /abs') is the file /abs, the blanks IFS splits on gone.
// More than one field is bash's "ambiguous redirect" (nothing is opened)
// and zsh's MULTIOS (each is written): every field is a target, which
// covers both. No field keeps the empty name (the redirection fails).
func (w *walker) redirTargets(wd *syntax.Word) []word.Word {
	if w.zsh {
		if words, ok := w.braceWords(wd); ok {
			out := make([]word.Word, len(words))
			for i, bw := range words {
				out[i] = w.text(bw)
			}
			return out
		}
	}
	if unquotedSubst(wd) {
		if out := w.fields(wd); len(out) > 0 {
			return out
		}
		return []word.Word{{Known: true}}
	}
	return []word.Word{w.text(wd)}
}
