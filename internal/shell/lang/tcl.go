package lang

// A reader of Tcl by its own rules (the Tcl(n) manual's twelve): commands
// split at newlines and semicolons outside braces, quotes and brackets;
// comments where a command may start; braced words without substitution,
// quoted and bare words with backslash, variable and command substitution;
// {*} expansion. It does not run anything: a word is its text when every
// part of it is known, and names the variables it reads and the nested
// scripts ([…]) Tcl would run to build it. expect's scripts are read with it
// (see shell/tclscript.go).

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Kinds of a Tcl word's part.
const (
	TclLit = iota // known text
	TclVar        // $name or $name(index): a variable's value
	TclEnv        // $env(NAME) or $::env(NAME) with a literal NAME
	TclCmd        // [script]: the result of a nested script
)

// TclPart is one part of a Tcl word: text, a variable, or a nested script.
type TclPart struct {
	Kind int
	Text string // TclLit: the text; TclVar, TclEnv: the name; TclCmd: the script
}

// TclWord is one word of a Tcl command.
type TclWord struct {
	Parts  []TclPart
	Braced bool   // {…}: Parts is one literal, the text between the braces
	Expand bool   // {*}: its value is a list whose elements become words
	Raw    string // the word as written (after {*})
	// Scripts are the nested scripts the word's substitutions run, those
	// in a variable's index among them.
	Scripts []string
}

// Known returns the word's text when every part is known.
func (w TclWord) Known() (string, bool) {
	var b strings.Builder
	for _, p := range w.Parts {
		if p.Kind != TclLit {
			return "", false
		}
		b.WriteString(p.Text)
	}
	return b.String(), true
}

// TclCommand is one command: its words.
type TclCommand struct {
	Words []TclWord
}

// Bounds of what ReadTcl reads.
const (
	MaxTclBytes = 1 << 20
	MaxTclDepth = 64 // nested [ ] and ( ) while finding where one ends
)

// ErrTcl is the error of text ReadTcl cannot read as Tcl.
var ErrTcl = errors.New("not Tcl guard can read")

// ReadTcl reads a Tcl script into its commands.
func ReadTcl(src string) ([]TclCommand, error) {
	if len(src) > MaxTclBytes {
		return nil, ErrTcl
	}
	r := &tclReader{s: src, subst: true}
	cmds, err := r.script(0, false)
	if err == nil && r.i < len(r.s) {
		err = ErrTcl // a ] outside brackets is a bare word's text; not reached
	}
	return cmds, err
}

// ReadTclWords reads text as one command's words, newlines among the
// blanks: expect's single braced argument of patterns and actions (subst),
// or a Tcl list (switch's patterns and bodies, not subst).
func ReadTclWords(src string, subst bool) ([]TclWord, error) {
	if len(src) > MaxTclBytes {
		return nil, ErrTcl
	}
	r := &tclReader{s: src, subst: subst, list: true}
	var words []TclWord
	for {
		r.blanks()
		if r.i >= len(r.s) {
			return words, nil
		}
		w, err := r.word(0, false)
		if err != nil {
			return nil, err
		}
		words = append(words, w)
	}
}

// tclReader reads Tcl from s at i.
type tclReader struct {
	s     string
	i     int
	subst bool // substitutions happen (not in a list)
	list  bool // newlines and semicolons are blanks
}

// script reads commands up to the end, or to the ] that closes a command
// substitution (inBracket; r.i is then past it).
func (r *tclReader) script(depth int, inBracket bool) ([]TclCommand, error) {
	if depth > MaxTclDepth {
		return nil, ErrTcl
	}
	list := r.list // a nested script's newlines end its commands
	r.list = false
	defer func() { r.list = list }()
	var cmds []TclCommand
	var cur TclCommand
	start := true
	for {
		r.blanks()
		if r.i >= len(r.s) {
			if inBracket {
				return nil, ErrTcl // missing close-bracket
			}
			break
		}
		switch ch := r.s[r.i]; {
		case ch == '\n' || ch == ';':
			r.i++
			if len(cur.Words) > 0 {
				cmds = append(cmds, cur)
			}
			cur, start = TclCommand{}, true
			continue
		case ch == ']' && inBracket:
			r.i++
			if len(cur.Words) > 0 {
				cmds = append(cmds, cur)
			}
			return cmds, nil
		case ch == '#' && start:
			r.comment()
			continue
		}
		start = false
		w, err := r.word(depth, inBracket)
		if err != nil {
			return nil, err
		}
		cur.Words = append(cur.Words, w)
	}
	if len(cur.Words) > 0 {
		cmds = append(cmds, cur)
	}
	return cmds, nil
}

// blanks skips spaces, tabs and backslash-newlines (and, in a list,
// newlines and other white space).
func (r *tclReader) blanks() {
	for r.i < len(r.s) {
		switch ch := r.s[r.i]; {
		case ch == ' ' || ch == '\t' || ch == '\v' || ch == '\f' || ch == '\r':
			r.i++
		case r.list && ch == '\n':
			r.i++
		case ch == '\\' && r.i+1 < len(r.s) && r.s[r.i+1] == '\n':
			r.i += 2
		default:
			return
		}
	}
}

// comment skips a comment to the end of its line; a backslash-newline
// continues it.
func (r *tclReader) comment() {
	for r.i < len(r.s) && r.s[r.i] != '\n' {
		if r.s[r.i] == '\\' && r.i+1 < len(r.s) {
			r.i++
		}
		r.i++
	}
}

// ended reports whether the reader is at the end of a word: a blank, a
// command's end, or the end of the text.
func (r *tclReader) ended(inBracket bool) bool {
	if r.i >= len(r.s) {
		return true
	}
	switch ch := r.s[r.i]; {
	case ch == ' ' || ch == '\t' || ch == '\v' || ch == '\f' || ch == '\r' || ch == '\n':
		return true
	case ch == ';':
		return !r.list
	case ch == ']':
		return inBracket
	case ch == '\\':
		return r.i+1 < len(r.s) && r.s[r.i+1] == '\n'
	}
	return false
}

// word reads one word.
func (r *tclReader) word(depth int, inBracket bool) (TclWord, error) {
	var w TclWord
	if strings.HasPrefix(r.s[r.i:], "{*}") && r.i+3 < len(r.s) && !r.at3Ended(inBracket) {
		w.Expand = true
		r.i += 3
	}
	begin := r.i
	var err error
	switch r.s[r.i] {
	case '{':
		var body string
		body, err = r.braced()
		w.Braced = true
		w.Parts = []TclPart{{Kind: TclLit, Text: body}}
		if err == nil && !r.ended(inBracket) {
			err = ErrTcl // extra characters after close-brace
		}
	case '"':
		r.i++
		err = r.words(&w, depth, '"', inBracket)
		if err == nil && !r.ended(inBracket) {
			err = ErrTcl // extra characters after close-quote
		}
	default:
		err = r.words(&w, depth, 0, inBracket)
	}
	w.Raw = r.s[begin:r.i]
	return w, err
}

// at3Ended reports whether the text after a {*} ends the word: then {*}
// is a braced word of its own.
func (r *tclReader) at3Ended(inBracket bool) bool {
	saved := r.i
	r.i += 3
	e := r.ended(inBracket)
	r.i = saved
	return e
}

// braced reads a braced word from its { to past its matching }: its text,
// a backslash-newline and the blanks after it as one space.
func (r *tclReader) braced() (string, error) {
	r.i++ // {
	var b strings.Builder
	level := 1
	for r.i < len(r.s) {
		ch := r.s[r.i]
		switch {
		case ch == '\\' && r.i+1 < len(r.s) && r.s[r.i+1] == '\n':
			r.i += 2
			for r.i < len(r.s) && (r.s[r.i] == ' ' || r.s[r.i] == '\t') {
				r.i++
			}
			b.WriteByte(' ')
			continue
		case ch == '\\' && r.i+1 < len(r.s):
			b.WriteString(r.s[r.i : r.i+2])
			r.i += 2
			continue
		case ch == '{':
			level++
		case ch == '}':
			level--
			if level == 0 {
				r.i++
				return b.String(), nil
			}
		}
		b.WriteByte(ch)
		r.i++
	}
	return "", ErrTcl // missing close-brace
}

// words reads a quoted word's text (to its close quote) or a bare word's,
// with its substitutions, into w.
func (r *tclReader) words(w *TclWord, depth int, quote byte, inBracket bool) error {
	var lit strings.Builder
	flush := func() {
		if lit.Len() > 0 {
			w.Parts = append(w.Parts, TclPart{Kind: TclLit, Text: lit.String()})
			lit.Reset()
		}
	}
	for {
		if quote == 0 && r.ended(inBracket) {
			break
		}
		if r.i >= len(r.s) {
			return ErrTcl // missing close-quote
		}
		ch := r.s[r.i]
		switch {
		case ch == quote:
			r.i++
			flush()
			return nil
		case ch == '\\':
			lit.WriteString(r.backslash())
		case ch == '$' && r.subst:
			p, ok, err := r.variable(w, depth, inBracket)
			if err != nil {
				return err
			}
			if !ok {
				lit.WriteByte('$')
				continue
			}
			flush()
			w.Parts = append(w.Parts, p)
		case ch == '[' && r.subst:
			r.i++
			at := r.i
			if _, err := r.script(depth+1, true); err != nil {
				return err
			}
			flush()
			sc := r.s[at : r.i-1]
			w.Parts = append(w.Parts, TclPart{Kind: TclCmd, Text: sc})
			w.Scripts = append(w.Scripts, sc)
		default:
			lit.WriteByte(ch)
			r.i++
		}
	}
	flush()
	return nil
}

// variable reads a variable substitution at $: $name, ${name},
// $name(index) and $::ns::name. ok is false for a $ that begins none.
func (r *tclReader) variable(w *TclWord, depth int, inBracket bool) (TclPart, bool, error) {
	r.i++ // $
	if r.i < len(r.s) && r.s[r.i] == '{' {
		end := strings.IndexByte(r.s[r.i:], '}')
		if end < 0 {
			return TclPart{}, false, ErrTcl
		}
		name := r.s[r.i+1 : r.i+end]
		r.i += end + 1
		if key, ok := strings.CutPrefix(strings.TrimLeft(name, ":"), "env("); ok && strings.HasSuffix(key, ")") {
			return TclPart{Kind: TclEnv, Text: strings.TrimSuffix(key, ")")}, true, nil
		}
		return TclPart{Kind: TclVar, Text: name}, true, nil
	}
	at := r.i
	for r.i < len(r.s) {
		ch := r.s[r.i]
		if ch == '_' || ch >= '0' && ch <= '9' || ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= 0x80 {
			r.i++
			continue
		}
		if strings.HasPrefix(r.s[r.i:], "::") {
			r.i += 2
			for r.i < len(r.s) && r.s[r.i] == ':' {
				r.i++
			}
			continue
		}
		break
	}
	name := r.s[at:r.i]
	if name == "" {
		return TclPart{}, false, nil
	}
	if r.i >= len(r.s) || r.s[r.i] != '(' {
		return TclPart{Kind: TclVar, Text: name}, true, nil
	}
	r.i++ // (
	var idx TclWord
	if err := r.index(&idx, depth+1, inBracket); err != nil {
		return TclPart{}, false, err
	}
	w.Scripts = append(w.Scripts, idx.Scripts...)
	key, known := idx.Known()
	if strings.TrimLeft(name, ":") == "env" && known {
		return TclPart{Kind: TclEnv, Text: key}, true, nil
	}
	return TclPart{Kind: TclVar, Text: name + "(" + idx.Raw + ")"}, true, nil
}

// index reads an array index to its ), with substitutions.
func (r *tclReader) index(w *TclWord, depth int, inBracket bool) error {
	if depth > MaxTclDepth {
		return ErrTcl
	}
	at := r.i
	var lit strings.Builder
	for r.i < len(r.s) {
		switch ch := r.s[r.i]; {
		case ch == ')':
			if lit.Len() > 0 {
				w.Parts = append(w.Parts, TclPart{Kind: TclLit, Text: lit.String()})
			}
			w.Raw = r.s[at:r.i]
			r.i++
			return nil
		case ch == '\\':
			lit.WriteString(r.backslash())
		case ch == '$' || ch == '[':
			var sub TclWord
			saved := r.i
			// One substitution: read it as a bare word's first part.
			if ch == '$' {
				p, ok, err := r.variable(&sub, depth, inBracket)
				if err != nil {
					return err
				}
				if !ok {
					r.i = saved + 1
					lit.WriteByte('$')
					continue
				}
				sub.Parts = append(sub.Parts, p)
			} else {
				r.i++
				if _, err := r.script(depth+1, true); err != nil {
					return err
				}
				sc := r.s[saved+1 : r.i-1]
				sub.Parts = append(sub.Parts, TclPart{Kind: TclCmd, Text: sc})
				sub.Scripts = append(sub.Scripts, sc)
			}
			w.Parts = append(w.Parts, sub.Parts...)
			w.Scripts = append(w.Scripts, sub.Scripts...)
		default:
			lit.WriteByte(ch)
			r.i++
		}
	}
	return ErrTcl // missing )
}

// backslash decodes the backslash escape at r.i.
func (r *tclReader) backslash() string {
	r.i++ // \
	if r.i >= len(r.s) {
		return `\`
	}
	ch := r.s[r.i]
	r.i++
	switch ch {
	case 'a':
		return "\a"
	case 'b':
		return "\b"
	case 'f':
		return "\f"
	case 'n':
		return "\n"
	case 'r':
		return "\r"
	case 't':
		return "\t"
	case 'v':
		return "\v"
	case '\n':
		for r.i < len(r.s) && (r.s[r.i] == ' ' || r.s[r.i] == '\t') {
			r.i++
		}
		return " "
	case 'x':
		return r.code(16, 2, "x")
	case 'u':
		return r.code(16, 4, "u")
	case 'U':
		return r.code(16, 8, "U")
	}
	if ch >= '0' && ch <= '7' {
		r.i--
		return r.code(8, 3, "")
	}
	if ch >= 0x80 {
		_, n := utf8.DecodeRuneInString(r.s[r.i-1:])
		r.i += n - 1
		return r.s[r.i-n : r.i]
	}
	return string(ch)
}

// code reads up to n digits in base into the character they code; with
// none, the escape is the letter itself (\xg is xg).
func (r *tclReader) code(base, n int, letter string) string {
	at := r.i
	for r.i < len(r.s) && r.i-at < n && digitIn(r.s[r.i], base) {
		r.i++
	}
	if r.i == at {
		return letter
	}
	v, err := strconv.ParseUint(r.s[at:r.i], base, 32)
	if err != nil {
		return letter
	}
	if base == 8 {
		v &= 0xff // \ooo is an eight-bit value
	}
	if v > utf8.MaxRune {
		v = utf8.RuneError
	}
	return string(rune(v))
}

// digitIn reports whether c is a digit of base (8 or 16).
func digitIn(c byte, base int) bool {
	if base == 8 {
		return c >= '0' && c <= '7'
	}
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}
