package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/guardhq/guard/internal/shell/word"
)

// ${v@E} and ${v@P}: bash decodes the value's escapes, @E
// as $'…' does (\x2e, \056, \u002e), @P as a prompt's (\056, \\, \[ \]).
// mvdan.cc/sh leaves the value as it is, so guard computes both when the
// value is known. A prompt escape whose value is the machine's (\u, \w,
// \h, \D{…}…) is a part guard cannot work out in its place. A prompt
// is then expanded again as bash's promptvars does:
// parameters, arithmetic and command substitutions in the decoded text,
// as in double quotes, with the walker's own expander and variables
// ($HOME/.guard is the home's); what that cannot work out is a part not
// known, and a prompt that still holds a backslash is unknown whole.

// maxPrompts bounds ${v@P} expansions inside one another (v='${v@P}').
const maxPrompts = 4

// escapeOp returns the part ${name@E} or ${name@P} expands to: the value
// decoded, or a marker when guard cannot decode it. ok is false for any
// other expansion.
func (w *walker) escapeOp(pe *syntax.ParamExp, name string, mode int) (syntax.WordPart, bool) {
	if pe.Exp == nil || pe.Exp.Op != syntax.OtherParamOps || pe.Exp.Word == nil || pe.Index != nil ||
		pe.Repl != nil || pe.Slice != nil || pe.Length || pe.Excl {
		return nil, false
	}
	op := pe.Exp.Word.Lit()
	if op != "E" && op != "P" {
		return nil, false
	}
	unknown := &syntax.Lit{Value: word.Mark(word.MarkVar, name)}
	v, ok := w.lookup(name)
	if !ok || !word.IsKnown(v) {
		return unknown, true
	}
	var res string
	if op == "E" {
		res, ok = ansiC(v)
	} else {
		res, ok = promptText(v)
		if ok && strings.ContainsAny(res, "$`") {
			return w.promptWord(res, mode, unknown), true
		}
	}
	if !ok {
		return unknown, true
	}
	return &syntax.SglQuoted{Value: res}, true
}

// promptWord returns the part a decoded prompt s expands to: s read as a
// here-document's body is (parameters, arithmetic and command
// substitutions expanded, quotes literal), arranged for expand as the
// inside of double quotes; unknown when it does not parse or nests past
// maxPrompts.
func (w *walker) promptWord(s string, mode int, unknown syntax.WordPart) syntax.WordPart {
	if w.prompts >= maxPrompts {
		return unknown
	}
	wd, err := w.theParser().Document(strings.NewReader(s))
	if err != nil || wd == nil {
		return unknown
	}
	w.prompts++
	defer func() { w.prompts-- }()
	parts, _ := w.prepParts(wd.Parts, mode, true)
	return &syntax.DblQuoted{Parts: parts}
}

// ansiC decodes v as bash's $'…' does (echoescapes.go).
func ansiC(v string) (string, bool) {
	s, _ := echoEscapes(v, escDollarBash)
	s, _, _ = strings.Cut(s, "\x00") // bash's strings end at a NUL
	return s, true
}

// promptEscapes are the prompt escapes whose value is the machine's or the
// moment's: the user, host, directory, time, shell, history number.
const promptEscapes = "uhHwWdtT@ADsvV!#jl$"

// promptText decodes v as bash's prompt expansion does, the expansions
// it runs after apart (see promptCode); ok is false when guard cannot
// tell the result.
func promptText(v string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		if v[i] != '\\' || i+1 >= len(v) {
			b.WriteByte(v[i])
			continue
		}
		i++
		switch c := v[i]; {
		case c == '[' || c == ']':
		case c >= '0' && c <= '7':
			n := byte(0)
			k := 0
			for ; k < 3 && i+k < len(v) && v[i+k] >= '0' && v[i+k] <= '7'; k++ {
				n = n*8 + v[i+k] - '0'
			}
			b.WriteByte(n)
			i += k - 1
		case strings.IndexByte("aenr", c) >= 0:
			b.WriteByte("\a\x1b\n\r"[strings.IndexByte("aenr", c)])
		case c == '\\':
			return "", false
		case strings.IndexByte(promptEscapes, c) >= 0:
			b.WriteString(word.Mark(word.MarkVar, ""))
			if c == 'D' && i+1 < len(v) && v[i+1] == '{' {
				if e := strings.IndexByte(v[i:], '}'); e > 0 {
					i += e // \D{format}
				}
			}
		default:
			b.WriteByte('\\')
			b.WriteByte(c)
		}
	}
	s := b.String()
	if strings.ContainsAny(s, "\\\x00") {
		return "", false // bash would read the backslash again; a NUL ends it
	}
	return s, true
}
