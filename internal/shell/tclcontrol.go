package shell

// The commands of expect's Tcl that take bodies (if, while, proc, expect's
// pattern-action lists…), and those that start programs or type text.

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// body checks a word that is a script Tcl runs: it must be known.
func (t *tclCheck) body(w lang.TclWord, depth int) {
	s, ok := w.Known()
	if !ok {
		t.hide("runs code it computes")
		return
	}
	t.script(s, depth+1, true)
}

// expr checks words read as an expression: known, their [ ] scripts
// checked (an expression substitutes again: an unknown word may hold
// code).
func (t *tclCheck) expr(args []lang.TclWord, depth int) {
	for _, a := range args {
		s, ok := a.Known()
		if !ok {
			t.hide("evaluates an expression it computes")
			return
		}
		if !strings.ContainsAny(s, "[$") {
			continue
		}
		// An expression's substitutions are a quoted word's.
		ws, err := lang.ReadTclWords(`"`+strings.NewReplacer(`"`, `\"`, "{", " ", "}", " ").Replace(s)+`"`, true)
		if err != nil {
			t.hide("evaluates an expression guard cannot read")
			return
		}
		for _, w := range ws {
			for _, sc := range w.Scripts {
				t.script(sc, depth+1, true)
			}
		}
	}
}

// control checks the commands that take bodies; any other command hides
// the script.
func (t *tclCheck) control(name string, args []lang.TclWord, depth int, nested bool) {
	switch name {
	case "if":
		t.ifCmd(args, depth)
	case "while":
		if len(args) != 2 {
			t.hide("uses while oddly")
			return
		}
		t.expr(args[:1], depth)
		t.body(args[1], depth)
	case "for":
		if len(args) != 4 {
			t.hide("uses for oddly")
			return
		}
		t.body(args[0], depth)
		t.expr(args[1:2], depth)
		t.body(args[2], depth)
		t.body(args[3], depth)
	case "foreach":
		if len(args) < 3 || len(args)%2 == 0 {
			t.hide("uses foreach oddly")
			return
		}
		t.body(args[len(args)-1], depth)
	case "catch":
		if len(args) == 0 {
			return
		}
		t.body(args[0], depth)
	case "proc":
		if len(args) != 3 {
			t.hide("uses proc oddly")
			return
		}
		n, ok := args[0].Known()
		if !ok {
			t.hide("defines a command whose name it computes")
			return
		}
		t.procs[strings.TrimPrefix(n, "::")] = true
		t.inProc++
		t.body(args[2], depth)
		t.inProc--
	case "switch":
		t.switchCmd(args, depth)
	case "after":
		t.after(args, depth)
	case "expect", "expect_before", "expect_after", "expect_user", "expect_tty", "interact":
		t.patterns(name, args, depth)
	default:
		t.hide("runs the command " + name + ", which guard does not follow")
	}
}

// ifCmd checks if EXPR ?then? BODY ?elseif EXPR ?then? BODY…? ?else? ?BODY?
func (t *tclCheck) ifCmd(args []lang.TclWord, depth int) {
	for i := 0; i < len(args); {
		t.expr(args[i:i+1], depth)
		i++
		if i < len(args) && isText(args[i], "then") {
			i++
		}
		if i >= len(args) {
			t.hide("uses if oddly")
			return
		}
		t.body(args[i], depth)
		i++
		switch {
		case i >= len(args):
			return
		case isText(args[i], "elseif"):
			i++
		case isText(args[i], "else") && i+2 == len(args):
			t.body(args[i+1], depth)
			return
		case i+1 == len(args):
			t.body(args[i], depth)
			return
		default:
			t.hide("uses if oddly")
			return
		}
	}
}

// switchCmd checks switch ?options? STRING {PATTERN BODY…} or switch
// ?options? STRING PATTERN BODY…: each body but "-".
func (t *tclCheck) switchCmd(args []lang.TclWord, depth int) {
	i := 0
	for i < len(args) {
		s, ok := args[i].Known()
		if !ok || !strings.HasPrefix(s, "-") {
			break
		}
		i++
		if s == "--" {
			break
		}
		if s == "-matchvar" || s == "-indexvar" {
			i++
		}
	}
	rest := args[min(i+1, len(args)):]
	if len(rest) == 1 {
		s, ok := rest[0].Known()
		if !ok {
			t.hide("runs code it computes")
			return
		}
		ws, err := lang.ReadTclWords(s, false)
		if err != nil {
			t.hide("is not Tcl guard can read")
			return
		}
		rest = ws
	}
	if len(rest)%2 != 0 {
		t.hide("uses switch oddly")
		return
	}
	for j := 1; j < len(rest); j += 2 {
		if !isText(rest[j], "-") {
			t.body(rest[j], depth)
		}
	}
}

// after checks after MS ?SCRIPT…?, after idle SCRIPT…: the script is the
// words joined; cancel and info run nothing.
func (t *tclCheck) after(args []lang.TclWord, depth int) {
	if len(args) < 2 || isText(args[0], "cancel") || isText(args[0], "info") {
		return
	}
	var parts []string
	for _, a := range args[1:] {
		s, ok := a.Known()
		if !ok {
			t.hide("runs code it computes")
			return
		}
		parts = append(parts, s)
	}
	t.script(strings.Join(parts, " "), depth+1, true)
}

// patterns checks expect's and interact's pattern-action lists: options,
// then patterns each followed by an action (a script). A single argument
// is the list itself, read with substitution.
func (t *tclCheck) patterns(name string, args []lang.TclWord, depth int) {
	if len(args) == 1 && args[0].Braced {
		s, _ := args[0].Known()
		ws, err := lang.ReadTclWords(s, true)
		if err != nil {
			t.hide("is not Tcl guard can read")
			return
		}
		for _, w := range ws {
			for _, sc := range w.Scripts {
				t.script(sc, depth+1, true)
			}
		}
		args = ws
	}
	for i := 0; i < len(args); i++ {
		s, known := args[i].Known()
		switch {
		case known && expectValued.Has(s):
			i++ // -timeout N, -i ID
			continue
		case known && expectFlags.Has(s):
			continue
		case known && name == "interact" && s == "timeout":
			i++ // interact's timeout N ACTION
		}
		// A pattern; the word after it is its action.
		if i+1 < len(args) {
			i++
			t.body(args[i], depth)
		}
	}
}

// expectValued are the options of expect and interact that take a value.
const expectValued word.Set = " -timeout -i -u -input -output "

// expectFlags are their options without one.
const expectFlags word.Set = " -re -gl -ex -nocase -notransfer -indices -brace -o -echo -nobuffer -reset -iwrite -timestamp -f -F -- "

// program checks spawn and exec: the program they start, as a shell
// command.
func (t *tclCheck) program(name string, args []lang.TclWord) {
	if t.collect {
		return
	}
	for len(args) > 0 {
		s, ok := args[0].Known()
		if !ok || !strings.HasPrefix(s, "-") || len(s) < 2 {
			break
		}
		args = args[1:]
		switch {
		case s == "--":
		case s == "-ignore" && name == "spawn":
			if len(args) > 0 {
				args = args[1:]
			}
		case s == "-open" || s == "-leaveopen":
			t.hide("spawns a channel")
			return
		}
		if s == "--" {
			break
		}
	}
	if len(args) == 0 {
		return
	}
	if name == "spawn" {
		t.spawned(args[0])
	}
	var b strings.Builder
	for i := 0; i < len(args); i++ {
		parts := t.resolve(args[i])
		switch {
		case args[i].Expand:
			if !t.expand(&b, parts) {
				return
			}
		case name == "exec" && tclRedirect(parts):
			if !t.redirect(&b, args, &i) {
				return
			}
		default:
			b.WriteString(" " + t.shellWord(parts))
		}
	}
	t.c.w.runText(b.String(), t.c.w.guessing == 0)
}

// spawned notes whether what spawn starts reads what send types as
// shell code.
func (t *tclCheck) spawned(w lang.TclWord) {
	s, ok := w.Known()
	if !ok || catalogue.Shells.Has(word.Base(s)) {
		t.shells = true
	}
}

// expand writes a {*} word's elements: a known list's as words, an
// unknown one as an unknown word.
func (t *tclCheck) expand(b *strings.Builder, parts []lang.TclPart) bool {
	w := lang.TclWord{Parts: parts}
	s, ok := w.Known()
	if !ok {
		b.WriteString(" " + strings.Trim(t.holder(lang.TclPart{Kind: lang.TclCmd}), `"`))
		return true
	}
	ws, err := lang.ReadTclWords(s, false)
	if err != nil {
		t.hide("expands a list guard cannot read")
		return false
	}
	for _, x := range ws {
		b.WriteString(" " + t.shellWord(x.Parts))
	}
	return true
}
