package shell

// Tcl's exec redirections, system's command line and the text send types,
// as the shell reads them.

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/lang"
)

// tclRedirOps are exec's redirection and pipeline operators, longest
// first.
var tclRedirOps = [...]string{"2>@1", "2>>", "2>@", "2>", ">>&", ">>", ">&@", ">&", ">@", ">", "<<", "<@", "<", "|&", "|"}

// tclRedirOp returns the operator a word of exec begins with, or "".
func tclRedirOp(parts []lang.TclPart) string {
	if len(parts) == 0 || parts[0].Kind != lang.TclLit {
		return ""
	}
	for _, op := range tclRedirOps {
		if strings.HasPrefix(parts[0].Text, op) {
			return op
		}
	}
	return ""
}

// tclRedirect reports whether a word of exec is a redirection or a
// pipeline operator.
func tclRedirect(parts []lang.TclPart) bool { return tclRedirOp(parts) != "" }

// redirect writes the redirection at args[*i] (and its target, the rest
// of the word or the next one) as the shell's.
func (t *tclCheck) redirect(b *strings.Builder, args []lang.TclWord, i *int) bool {
	parts := args[*i].Parts
	op := tclRedirOp(parts)
	rest := append([]lang.TclPart{{Kind: lang.TclLit, Text: parts[0].Text[len(op):]}}, parts[1:]...)
	if rest[0].Text == "" {
		rest = rest[1:]
	}
	switch op {
	case "|", "|&", "2>@1":
		if len(rest) > 0 {
			t.hide("redirects in a way guard does not read")
			return false
		}
		b.WriteString(map[string]string{"|": " |", "|&": " 2>&1 |", "2>@1": " 2>&1"}[op])
		return true
	}
	if len(rest) == 0 {
		if *i+1 >= len(args) {
			t.hide("redirects in a way guard does not read")
			return false
		}
		*i++
		rest = args[*i].Parts
	}
	if strings.HasSuffix(op, "@") {
		return t.channel(b, op, rest)
	}
	target := t.shellWord(rest)
	switch op {
	case "<<":
		b.WriteString(" <<< " + target)
	case ">&", ">>&":
		b.WriteString(" " + op[:len(op)-1] + " " + target + " 2>&1")
	default:
		b.WriteString(" " + op + " " + target)
	}
	return true
}

// channel writes a redirection to or from a channel: only the standard
// ones are known.
func (t *tclCheck) channel(b *strings.Builder, op string, target []lang.TclPart) bool {
	ch, ok := (lang.TclWord{Parts: target}).Known()
	m := map[string]string{"<@stdin": "", ">@stdout": "", ">@stderr": " >&2", "2>@stderr": "", "2>@stdout": " 2>&1", ">&@stdout": " 2>&1", ">&@stderr": " >&2 2>&1"}
	s, known := m[op+ch]
	if !ok || !known {
		t.hide("redirects to a channel")
		return false
	}
	b.WriteString(s)
	return true
}

// system checks system: its words joined are a command line sh runs.
func (t *tclCheck) system(args []lang.TclWord) {
	if t.collect {
		return
	}
	var b strings.Builder
	for i, a := range args {
		if i > 0 {
			b.WriteByte(' ')
		}
		if !t.typed(&b, t.resolve(a)) {
			t.hide("runs a command line it computes")
			return
		}
	}
	t.c.w.runText(b.String(), t.c.w.guessing == 0)
}

// typed writes parts as text a shell reads: $env(NAME) as ${NAME}; false
// for another unknown part.
func (t *tclCheck) typed(b *strings.Builder, parts []lang.TclPart) bool {
	for _, p := range parts {
		switch {
		case p.Kind == lang.TclLit:
			b.WriteString(p.Text)
		case p.Kind == lang.TclEnv && shellName(p.Text) && !t.envSet && !t.anyVar:
			b.WriteString("${" + p.Text + "}")
		default:
			return false
		}
	}
	return true
}

// tclSent is one send's text, typed into what expect spawned.
type tclSent struct {
	text   string
	nested bool // in a body: run any number of times, in any order
	routed bool // -i: to a spawn the command names
}

// send notes send's text; text it computes is noted (see typedText).
func (t *tclCheck) send(args []lang.TclWord, nested bool) {
	if t.collect {
		return
	}
	routed := false
	for len(args) > 1 {
		s, ok := args[0].Known()
		if !ok || !strings.HasPrefix(s, "-") {
			break
		}
		args = args[1:]
		if s == "-i" {
			routed = true
			args = args[1:]
		}
		if s == "--" {
			break
		}
	}
	var b strings.Builder
	for _, a := range args {
		if !t.typed(&b, t.resolve(a)) {
			t.unknown = true
			return
		}
	}
	t.sent = append(t.sent, tclSent{strings.ReplaceAll(b.String(), "\r", "\n"), nested || t.inProc > 0, routed})
}

// typedText checks the text the sends type: a program reads the stream,
// so that one spawn's sends are read joined, in order; where guard cannot
// tell the order (a send in a body, -i, several spawns) each send must be
// whole lines. A shell's text is analysed as shell code; a program not
// known harmless to type into may take only plain data.
func (t *tclCheck) typedText() {
	if !t.shells && !t.others {
		return
	}
	if t.unknown {
		t.hide("types text it computes into a program it spawned")
		return
	}
	whole, ordered := true, t.spawns <= 1
	var joined strings.Builder
	for _, p := range t.sent {
		if !strings.HasSuffix(p.text, "\n") {
			whole = false
		}
		if p.nested || p.routed {
			ordered = false
		}
		joined.WriteString(p.text)
		if t.others && !plainData(p.text) {
			t.hide("types text into a program guard cannot tell is harmless to type into")
			return
		}
	}
	if !whole && !ordered {
		t.hide("types text in pieces guard cannot put in order")
		return
	}
	if t.shells {
		t.c.w.maybeShell(joined.String())
	}
}

// plainData reports whether text typed is data no program runs: one
// word of letters, digits and a few marks, then line ends.
func plainData(s string) bool {
	s = strings.TrimRight(s, "\n")
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("_-+.,:@/=", c) >= 0) {
			return false
		}
	}
	return true
}
