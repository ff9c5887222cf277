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
		if !t.procName(n) {
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

// patterns checks expect's and interact's pattern-action lists as
// expect reads them: a single argument whose first non-blank character
// follows a newline (or the argument of -brace) is the list, read as Tcl
// commands (comments skipped) whose words, substituted, are the
// arguments; then flags (a unique prefix of expect's), patterns and the
// action after each. Where guard cannot pair them, it cannot tell.
func (t *tclCheck) patterns(name string, args []lang.TclWord, depth int) {
	if len(args) == 2 && isText(args[0], "-brace") {
		args = args[1:2]
		if !t.patternList(args[0], depth, &args, true) {
			return
		}
	} else if len(args) == 1 && !t.patternList(args[0], depth, &args, false) {
		return
	}
	flags, valued, pattern, action := expectFlagTable, " -i -timeout ", " -glob -regexp -exact -- ", ""
	if name == "interact" {
		flags, valued, pattern, action = interactFlagTable, " -i -u -input -output ", " -re -ex -- ", " -eof -timeout timeout eof "
	}
	for i := 0; i < len(args); i++ {
		s, known := args[i].Known()
		if !known || args[i].Expand {
			if i+1 < len(args) {
				t.hide("gives " + name + " a pattern or flag it computes")
				return
			}
			continue
		}
		full := s
		if strings.HasPrefix(s, "-") {
			f, ok := word.Unique(s, word.Set(flags).Names())
			if !ok {
				t.hide("gives " + name + " a flag guard does not know (" + s + ")")
				return
			}
			full = f
		}
		switch {
		case strings.Contains(valued, " "+full+" ") && !strings.Contains(action, " "+full+" "):
			i++
			continue
		case strings.Contains(action, " "+full+" "):
			if full == "-timeout" || full == "timeout" {
				i++ // interact's timeout N ACTION
			}
		case strings.Contains(pattern, " "+full+" "):
			i++ // the pattern
		case strings.HasPrefix(full, "-"):
			continue // a flag
		}
		// A pattern; the word after it is its action.
		if i+1 < len(args) {
			i++
			t.body(args[i], depth)
		}
	}
}

// patternList reads w as expect's list when expect would: its words
// replace *args. false when the script was hidden.
func (t *tclCheck) patternList(w lang.TclWord, depth int, args *[]lang.TclWord, brace bool) bool {
	s, ok := w.Known()
	if !ok || w.Expand {
		if lead := tclLeading(w); brace || strings.TrimLeft(lead, " \t\r\f\v") == "" {
			t.hide("gives expect a pattern list it computes")
			return false
		}
		return true
	}
	if !brace {
		rest := strings.TrimLeft(s, " \t\r\f\v\n")
		if rest == "" || !w.Braced && !strings.Contains(s[:len(s)-len(rest)], "\n") {
			return true // one pattern
		}
		// A braced list on one line is one pattern to expect; guard
		// checks its actions too (a script written for either reading).
	}
	cmds, err := lang.ReadTcl(s)
	if err != nil {
		t.hide("is not Tcl guard can read")
		return false
	}
	var ws []lang.TclWord
	for _, c := range cmds {
		for _, x := range c.Words {
			for _, sc := range x.Scripts {
				t.script(sc, depth+1, true)
			}
			ws = append(ws, x)
		}
	}
	*args = ws
	return !t.failed
}

// tclLeading is the known text a word begins with.
func tclLeading(w lang.TclWord) string {
	var b strings.Builder
	for _, p := range w.Parts {
		if p.Kind != lang.TclLit {
			break
		}
		b.WriteString(p.Text)
	}
	return b.String()
}

// expectFlagTable are expect's flags (expect.c's table); interact's.
const (
	expectFlagTable   = " -glob -regexp -exact -notransfer -nocase -i -indices -iread -timestamp -timeout -nobrace -- "
	interactFlagTable = " -re -ex -eof -timeout -i -u -input -output -o -echo -nobuffer -indices -reset -iwrite -nobrace -f -F -- "
)

// program checks spawn and exec: the program they start, as a shell
// command.
func (t *tclCheck) program(name string, args []lang.TclWord) {
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
	if name == "spawn" && t.collect {
		t.spawns++
		t.spawned(args)
	}
	if t.collect {
		return
	}
	var b strings.Builder
	words := make([]lang.TclWord, 0, len(args))
	for _, a := range args {
		parts := t.resolve(a)
		if !a.Expand {
			words = append(words, lang.TclWord{Parts: parts})
			continue
		}
		ws, ok := t.expand(parts)
		switch {
		case !ok && t.failed:
			return
		case !ok && name == "exec":
			t.hide("passes exec a list it computes, which may hold redirections")
			return
		case !ok:
			words = append(words, lang.TclWord{Parts: []lang.TclPart{{Kind: lang.TclCmd}}})
		}
		words = append(words, ws...)
	}
	for i := 0; i < len(words); i++ {
		parts := words[i].Parts
		switch {
		case name == "exec" && len(parts) > 0 && parts[0].Kind != lang.TclLit && !(parts[0].Kind == lang.TclEnv && !t.envSet && !t.anyVar):
			t.hide("passes exec a word it computes, which may be a redirection")
			return
		case name == "exec" && tclRedirect(parts):
			if !t.redirect(&b, words, &i) {
				return
			}
		default:
			b.WriteString(" " + t.shellWord(parts))
		}
	}
	t.c.w.runText(b.String(), t.c.w.guessing == 0)
}

// tclTypeHarmless are programs known not to run text typed into them
// here (ssh's commands run on the other host; a login's password is
// typed into it).
const tclTypeHarmless word.Set = " passwd cat echo true false sleep yes printf ls ssh "

// tclTypeShells are programs beside the shells that read text typed into
// them as shell code.
const tclTypeShells word.Set = " "

// spawned notes how what spawn starts reads what send types: as shell
// code, as data only, or as code of a language guard does not read here
// (any program not known harmless).
func (t *tclCheck) spawned(args []lang.TclWord) {
	s, ok := args[0].Known()
	switch base := word.Base(s); {
	case !ok || args[0].Expand:
		t.others = true
	case catalogue.Shells.Has(base) || tclTypeShells.Has(base):
		t.shells = true
	case tclTypeHarmless.Has(base):
	default:
		t.others = true
	}
}

// expand returns a known {*} word's elements as words; false when the
// list is unknown (or unreadable: then the script is hidden).
func (t *tclCheck) expand(parts []lang.TclPart) ([]lang.TclWord, bool) {
	w := lang.TclWord{Parts: parts}
	s, ok := w.Known()
	if !ok {
		return nil, false
	}
	ws, err := lang.ReadTclWords(s, false)
	if err != nil {
		t.hide("expands a list guard cannot read")
		return nil, false
	}
	out := make([]lang.TclWord, len(ws))
	for i, x := range ws {
		out[i] = lang.TclWord{Parts: x.Parts}
	}
	return out, true
}
