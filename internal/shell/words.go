package shell

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"
)

// word is one field after expansion: quotes removed, escapes decoded,
// known variables and $(echo …) substituted.
type word struct {
	s     string
	known bool // no part was left unresolved (an unknown $VAR, $( ), a glob is fine)
	// sub is, for a word that is one substitution ("$(curl …)", <(curl …)),
	// the line of the pipeline inside it.
	sub string
}

// Placeholders written where a part's value is not known.
const (
	unknownSubst = "$(…)"
	unknownArith = "$((…))"
)

// maxBraceFields bounds the words one brace expansion may produce; a larger
// expansion is kept as written.
const maxBraceFields = 64

// fields expands wd into the words the shell would pass: $IFS and the
// unquoted value of a variable or substitution split it, brace expansions
// multiply it. Substitutions inside it are walked (they run).
func (w *walker) fields(wd *syntax.Word) []word {
	if wd == nil {
		return nil
	}
	if len(wd.Parts) == 1 {
		// The common word: one plain literal or one single-quoted string.
		switch p := wd.Parts[0].(type) {
		case *syntax.Lit:
			if !strings.ContainsAny(p.Value, `\{`) {
				return []word{{s: p.Value, known: true}}
			}
		case *syntax.SglQuoted:
			if !p.Dollar {
				return []word{{s: p.Value, known: true}}
			}
		}
	}
	if hasBraceCandidate(wd) && syntax.SplitBraces(wd) {
		if out, ok := w.braces(wd); ok {
			return out
		}
	}
	var b fieldBuilder
	w.parts(wd.Parts, false, &b)
	out := b.done()
	if soleSubst(wd) {
		for i := range out {
			out[i].sub = w.lastSub // eval $(…): every word comes from it
		}
	}
	return out
}

// soleSubst reports whether wd is one command or process substitution,
// quoted or not.
func soleSubst(wd *syntax.Word) bool {
	if len(wd.Parts) != 1 {
		return false
	}
	p := wd.Parts[0]
	if dq, ok := p.(*syntax.DblQuoted); ok && len(dq.Parts) == 1 {
		p = dq.Parts[0]
	}
	switch p.(type) {
	case *syntax.CmdSubst, *syntax.ProcSubst:
		return true
	}
	return false
}

// text expands wd into one string, without splitting: a redirection
// target, an assignment's value, a here-document.
func (w *walker) text(wd *syntax.Word) word {
	if wd == nil {
		return word{known: true}
	}
	var b fieldBuilder
	b.noSplit = true
	w.parts(wd.Parts, false, &b)
	out := b.done()
	if len(out) == 0 {
		return word{known: true}
	}
	if soleSubst(wd) {
		out[0].sub = w.lastSub
	}
	return out[0]
}

// fieldBuilder collects fields.
type fieldBuilder struct {
	out     []word
	cur     strings.Builder
	started bool // the current field exists (possibly empty, as in "")
	unknown bool // the current field holds an unresolved part
	noSplit bool
}

func (b *fieldBuilder) write(s string) {
	b.cur.WriteString(s)
	b.started = true
}

// split writes s, breaking fields at blanks (an unquoted expansion's value).
func (b *fieldBuilder) split(s string) {
	if b.noSplit {
		b.write(s)
		return
	}
	for i := 0; i < len(s); {
		if isBlank(rune(s[i])) {
			b.brk()
			for i < len(s) && isBlank(rune(s[i])) {
				i++
			}
			continue
		}
		j := i
		for j < len(s) && !isBlank(rune(s[j])) {
			j++
		}
		b.write(s[i:j])
		i = j
	}
}

func (b *fieldBuilder) brk() {
	if b.noSplit {
		b.write(" ")
		return
	}
	if b.started {
		b.out = append(b.out, word{s: b.cur.String(), known: !b.unknown})
	}
	b.cur.Reset()
	b.started, b.unknown = false, false
}

func (b *fieldBuilder) done() []word {
	if b.started || (b.noSplit && len(b.out) == 0) {
		b.out = append(b.out, word{s: b.cur.String(), known: !b.unknown})
	}
	return b.out
}

func isBlank(r rune) bool { return r == ' ' || r == '\t' || r == '\n' }

func (w *walker) parts(ps []syntax.WordPart, quoted bool, b *fieldBuilder) {
	for _, p := range ps {
		switch p := p.(type) {
		case *syntax.Lit:
			if quoted {
				b.write(unescapeDouble(p.Value))
			} else {
				b.write(unescapeBare(p.Value))
			}
		case *syntax.SglQuoted:
			if p.Dollar {
				b.write(ansiC(p.Value))
			} else {
				b.write(p.Value)
			}
		case *syntax.DblQuoted:
			b.started = true
			w.parts(p.Parts, true, b)
		case *syntax.ParamExp:
			w.param(p, quoted, b)
		case *syntax.CmdSubst:
			out, ok := w.substitution(p.Stmts)
			switch {
			case !ok:
				b.write(unknownSubst)
				b.unknown = true
			case quoted:
				b.write(out)
			default:
				b.split(out)
			}
		case *syntax.ArithmExp:
			w.nested(p)
			b.write(unknownArith)
			b.unknown = true
		case *syntax.ProcSubst:
			w.procSubst(p)
			if p.Op == syntax.CmdIn {
				b.write("<(…)")
			} else {
				b.write(">(…)")
			}
			b.unknown = true
		case *syntax.ExtGlob:
			b.write(p.Op.String() + p.Pattern.Value + ")")
		case *syntax.BraceExp:
			// Only after SplitBraces, which fields handles; write it back.
			b.write("{")
			for i, e := range p.Elems {
				if i > 0 {
					if p.Sequence {
						b.write("..")
					} else {
						b.write(",")
					}
				}
				w.parts(e.Parts, quoted, b)
			}
			b.write("}")
		}
	}
}

// param expands a parameter expansion.
func (w *walker) param(p *syntax.ParamExp, quoted bool, b *fieldBuilder) {
	// Substitutions inside it run whatever the value: ${x:-$(cmd)}.
	w.nested(p)
	name := ""
	if p.Param != nil {
		name = p.Param.Value
	}
	if name == "IFS" && !p.Length && !p.Excl {
		if _, set := w.lookup("IFS"); !set {
			// Unquoted $IFS splits the word: cat${IFS}.env is cat .env.
			if quoted {
				b.write(" ")
			} else {
				b.brk()
			}
			return
		}
	}
	simple := p.Index == nil && p.Slice == nil && p.Repl == nil && p.Exp == nil && !p.Length && !p.Excl &&
		!p.Width && !p.IsSet && p.Names == 0 && p.NestedParam == nil && len(p.Modifiers) == 0
	if v, ok := w.lookup(name); ok && simple {
		if quoted {
			b.write(v)
		} else {
			b.split(v)
		}
		return
	}
	if simple && name == "HOME" {
		b.write("$HOME") // left for the path rules, which expand it
		return
	}
	b.write("$" + name)
	b.unknown = true
}

// hasBraceCandidate reports whether an unquoted literal of wd holds both a
// { and a } (cheap test before SplitBraces).
func hasBraceCandidate(wd *syntax.Word) bool {
	for _, p := range wd.Parts {
		if l, ok := p.(*syntax.Lit); ok && strings.Contains(l.Value, "{") && strings.Contains(l.Value, "}") {
			return true
		}
	}
	return false
}

// braces expands a word holding brace expansions into every combination,
// unless there would be more than maxBraceFields.
func (w *walker) braces(wd *syntax.Word) ([]word, bool) {
	alts := []word{{known: true}}
	for _, p := range wd.Parts {
		var opts []word
		if be, ok := p.(*syntax.BraceExp); ok {
			if be.Sequence {
				opts, ok = sequence(be)
				if !ok {
					return nil, false
				}
			} else {
				for _, e := range be.Elems {
					opts = append(opts, w.braceElem(e)...)
				}
			}
		} else {
			var b fieldBuilder
			b.noSplit = true
			w.parts([]syntax.WordPart{p}, false, &b)
			opts = b.done()
		}
		if len(alts)*len(opts) > maxBraceFields {
			return nil, false
		}
		next := make([]word, 0, len(alts)*len(opts))
		for _, a := range alts {
			for _, o := range opts {
				next = append(next, word{s: a.s + o.s, known: a.known && o.known})
			}
		}
		alts = next
	}
	return alts, true
}

func (w *walker) braceElem(e *syntax.Word) []word {
	if hasBraceCandidate(e) || containsBrace(e) {
		if out, ok := w.braces(e); ok {
			return out
		}
	}
	var b fieldBuilder
	b.noSplit = true
	w.parts(e.Parts, false, &b)
	return b.done()
}

func containsBrace(e *syntax.Word) bool {
	for _, p := range e.Parts {
		if _, ok := p.(*syntax.BraceExp); ok {
			return true
		}
	}
	return false
}

// sequence expands {a..b[..step]} of numbers or single letters.
func sequence(be *syntax.BraceExp) ([]word, bool) {
	if len(be.Elems) < 2 {
		return nil, false
	}
	from, to := be.Elems[0].Lit(), be.Elems[1].Lit()
	step := 1
	if len(be.Elems) > 2 {
		s, err := strconv.Atoi(be.Elems[2].Lit())
		if err != nil || s == 0 {
			return nil, false
		}
		step = max(s, -s)
	}
	a, errA := strconv.Atoi(from)
	z, errZ := strconv.Atoi(to)
	letters := false
	if errA != nil || errZ != nil {
		if len(from) != 1 || len(to) != 1 {
			return nil, false
		}
		a, z, letters = int(from[0]), int(to[0]), true
	}
	if (z-a)/step+1 > maxBraceFields || (a-z)/step+1 > maxBraceFields {
		return nil, false
	}
	var out []word
	for i := a; ; {
		if letters {
			out = append(out, word{s: string(rune(i)), known: true})
		} else {
			out = append(out, word{s: strconv.Itoa(i), known: true})
		}
		if i == z || (a < z && i+step > z) || (a > z && i-step < z) {
			break
		}
		if a < z {
			i += step
		} else {
			i -= step
		}
	}
	return out, true
}

// unescapeBare removes the backslashes of an unquoted literal: \r is r.
func unescapeBare(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
			if s[i] == '\n' {
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// unescapeDouble removes the backslashes that double quotes honour: before
// " \ $ ` and a newline.
func unescapeDouble(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			switch s[i+1] {
			case '"', '\\', '$', '`':
				i++
			case '\n':
				i++
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// unescapeHeredoc removes the backslashes an unquoted here-document honours:
// before \ $ ` and a newline.
func unescapeHeredoc(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			switch s[i+1] {
			case '\\', '$', '`':
				i++
			case '\n':
				i++
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// ansiC decodes the body of $'…': \n, \x72, \162, \u0072, \cA….
func ansiC(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 >= len(s) {
			b.WriteByte(c)
			continue
		}
		i++
		switch e := s[i]; e {
		case 'a':
			b.WriteByte('\a')
		case 'b':
			b.WriteByte('\b')
		case 'e', 'E':
			b.WriteByte(0x1b)
		case 'f':
			b.WriteByte('\f')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'v':
			b.WriteByte('\v')
		case '\\', '\'', '"', '?':
			b.WriteByte(e)
		case 'c':
			if i+1 < len(s) {
				i++
				b.WriteByte(s[i] & 0x1f)
			}
		case 'x', 'u', 'U':
			n := map[byte]int{'x': 2, 'u': 4, 'U': 8}[e]
			j := i + 1
			for j < len(s) && j < i+1+n && isHex(s[j]) {
				j++
			}
			if j == i+1 {
				b.WriteByte('\\')
				b.WriteByte(e)
				continue
			}
			v, _ := strconv.ParseUint(s[i+1:j], 16, 32)
			if e == 'x' {
				b.WriteByte(byte(v))
			} else if utf8.ValidRune(rune(v)) {
				b.WriteRune(rune(v))
			}
			i = j - 1
		case '0', '1', '2', '3', '4', '5', '6', '7':
			j := i
			for j < len(s) && j < i+3 && s[j] >= '0' && s[j] <= '7' {
				j++
			}
			v, _ := strconv.ParseUint(s[i:j], 8, 16)
			b.WriteByte(byte(v))
			i = j - 1
		default:
			b.WriteByte('\\')
			b.WriteByte(e)
		}
	}
	return b.String()
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}
