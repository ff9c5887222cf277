package shell

// expect's Tcl, read by Tcl's rules (lang.ReadTcl) and checked default-
// deny: every command must be one of a short list of expect and Tcl
// commands guard knows to only compute, wait, print or talk to what it
// spawned; the programs spawn, exec and system start are analysed as the
// shell commands they are, a Tcl variable or [ ] result among their words
// unknown. Anything else hides the script from guard.

import (
	"strconv"
	"strings"

	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// Bounds of the check: nested bodies and [ ] scripts, and commands in all.
const (
	maxTclNesting  = 32
	maxTclCommands = 20000
)

// tclPlain are the commands that only compute, print, wait or talk to
// what expect spawned: their words are checked for [ ] scripts only.
const tclPlain word.Set = " set unset incr append lappend list llength lindex lrange linsert lreplace lreverse lassign lsearch join split concat string format scan sleep log_user close wait match_max exp_continue exp_pid break continue return send_user send_error send_tty timestamp flush info clock exp_version remove_nulls parity global "

// tclVarWriters are the plain commands that set variables they are given
// the names of.
const tclVarWriters word.Set = " set unset incr append lappend global regexp scan catch foreach lassign gets "

// tclCheck checks an expect script.
type tclCheck struct {
	c       *cmd
	collect bool // first pass: only note what sets variables
	// vars are the values top-level set commands gave; poisoned the
	// names something else may set; anyVar that a name was built at run
	// time, so that no variable's value is known.
	// sets counts the top-level set commands of each name; envSet that
	// the script writes the environment ($env(NAME) then unknown).
	vars     map[string][]lang.TclPart
	poisoned map[string]bool
	sets     map[string]int
	anyVar   bool
	envSet   bool
	procs    map[string]bool
	inProc   int
	count    int
	holders  int  // shell variables standing for unknown parts
	shells   bool // a shell was spawned: what send types is shell code
	others   bool // a program not known harmless to type into was spawned
	spawns   int  // spawn commands in the script
	unknown  bool // a send typed text guard cannot tell
	sent     []tclSent
	failed   bool
}

// expectScript analyses the commands an expect script runs and types.
func (c *cmd) expectScript(script string) {
	t := &tclCheck{c: c, vars: map[string][]lang.TclPart{}, poisoned: map[string]bool{}, sets: map[string]int{}, procs: map[string]bool{}}
	t.collect = true
	t.script(script, 0, false)
	t.collect = false
	c.w.scoped(func() {
		t.script(script, 0, false)
		if !t.failed {
			t.typedText()
		}
	})
}

// hide hides the script: guard cannot tell what it does.
func (t *tclCheck) hide(why string) {
	if t.collect {
		return // the second pass hides it
	}
	t.failed = true
	t.c.w.hide("runs Tcl code whose effect guard cannot tell (it %s)", why)
}

// script checks a Tcl script; nested is whether it is a body (a branch,
// a loop's, a proc's) rather than the top level.
func (t *tclCheck) script(src string, depth int, nested bool) {
	if t.failed || t.c.w.stopped() {
		return
	}
	if depth > maxTclNesting {
		t.hide("nests code too deep")
		return
	}
	cmds, err := lang.ReadTcl(src)
	if err != nil {
		t.hide("is not Tcl guard can read")
		return
	}
	for _, cm := range cmds {
		if t.count++; t.count > maxTclCommands {
			t.hide("runs too many commands")
		}
		if t.failed {
			return
		}
		for _, w := range cm.Words {
			for _, s := range w.Scripts {
				t.script(s, depth+1, nested)
			}
		}
		t.command(cm.Words, depth, nested)
	}
}

// command checks one command.
func (t *tclCheck) command(words []lang.TclWord, depth int, nested bool) {
	name, ok := words[0].Known()
	if !ok || words[0].Expand {
		t.hide("runs a command whose name is built at run time")
		return
	}
	name = strings.TrimPrefix(name, "::")
	args := words[1:]
	if t.collect {
		t.note(name, args, nested)
	}
	switch {
	case name == "set" && len(args) == 2 && !nested && !t.collect:
		if n, ok := args[0].Known(); ok && !args[0].Expand {
			t.vars[tclVarName(n)] = t.resolve(args[1])
		}
	case name == "puts":
		if len(args) > 0 && isText(args[0], "-nonewline") {
			args = args[1:]
		}
		if len(args) > 1 && !isText(args[0], "stdout") && !isText(args[0], "stderr") {
			t.hide("writes to a channel")
		}
	case name == "regsub" || name == "lsort" || name == "regexp" || name == "lsearch":
		t.options(name, args)
	case name == "exit":
		t.exitCmd(args)
	case name == "stty":
		t.stty(args)
	case name == "log_file":
		t.logFile(args)
	case name == "gets":
		if len(args) == 0 || !isText(args[0], "stdin") {
			t.hide("reads a channel")
		}
	case tclPlain.Has(name):
	case name == "expr":
		t.expr(args, depth)
	case name == "spawn", name == "exec":
		t.program(name, args)
	case name == "system":
		t.system(args)
	case name == "send" || name == "exp_send":
		t.send(args, nested)
	case t.procs[name] && !tclBuiltins.Has(name):
	default:
		t.control(name, args, depth, nested)
	}
}

// note records, in the first pass, the variables a command may set: a
// name is known only when one top-level set with a literal name, and
// nothing else, writes it.
func (t *tclCheck) note(name string, args []lang.TclWord, nested bool) {
	if name == "set" && len(args) == 2 && !nested {
		n, ok := args[0].Known()
		if !ok || args[0].Expand {
			t.anyVar = true
			return
		}
		t.sets[tclVarName(n)]++
		if tclVarBase(n) == "env" {
			t.envSet = true
		}
		return
	}
	if t.namesComputed(name, args) {
		t.anyVar = true
	}
	writer := tclVarWriters.Has(name) && name != "global" || name == "regsub" || name == "switch" || name == "string"
	for i, a := range args {
		s, ok := a.Known()
		if !ok || a.Expand {
			if tclVarWriters.Has(name) && (name != "set" || i == 0) {
				t.anyVar = true
			}
			continue
		}
		for _, f := range strings.Fields(s) {
			t.poisoned[tclVarName(f)] = true
			t.poisoned[tclVarBase(f)] = true
			if writer && tclVarBase(f) == "env" {
				t.envSet = true
			}
		}
	}
}

// namesComputed reports whether regsub's varName, switch's -matchvar
// or -indexvar, or string is's -failindex is a name the script computes.
func (t *tclCheck) namesComputed(name string, args []lang.TclWord) bool {
	unknown := func(i int) bool {
		if i >= len(args) {
			return false
		}
		_, ok := args[i].Known()
		return !ok || args[i].Expand
	}
	switch name {
	case "regsub":
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
			if strings.HasPrefix(s, "-s") {
				i++
			}
		}
		return unknown(i + 3)
	case "switch", "string":
		for i, a := range args {
			s, ok := a.Known()
			if ok && len(s) > 1 && (strings.HasPrefix("-matchvar", s) || strings.HasPrefix("-indexvar", s) || strings.HasPrefix("-failindex", s)) && unknown(i+1) {
				return true
			}
		}
	}
	return false
}

// tclVarName is a variable's name as Tcl finds it from the global
// namespace: without leading "::".
func tclVarName(n string) string {
	return strings.TrimLeft(n, ":")
}

// tclVarBase is the array a name's element belongs to, or the name.
func tclVarBase(n string) string {
	n = tclVarName(n)
	if i := strings.IndexByte(n, '('); i > 0 {
		return n[:i]
	}
	return n
}

// isText reports whether w is known and s.
func isText(w lang.TclWord, s string) bool {
	k, ok := w.Known()
	return ok && k == s
}

// resolve returns w's parts with the variables whose value is known put
// in.
func (t *tclCheck) resolve(w lang.TclWord) []lang.TclPart {
	var out []lang.TclPart
	for _, p := range w.Parts {
		if p.Kind == lang.TclVar && t.inProc == 0 && !t.anyVar {
			n := tclVarName(p.Text)
			if v, ok := t.vars[n]; ok && t.sets[n] == 1 && !t.poisoned[n] && !t.poisoned[tclVarBase(n)] && !strings.Contains(n, "(") {
				out = append(out, v...)
				continue
			}
		}
		out = append(out, p)
	}
	return out
}

// holder returns a shell word that stands for an unknown part: a
// variable the walk holds as not known.
func (t *tclCheck) holder(p lang.TclPart) string {
	t.holders++
	name := "GUARD_TCL_" + strconv.Itoa(t.holders)
	if p.Kind == lang.TclVar {
		t.c.w.setString(name, word.Mark(word.MarkVar, p.Text))
	} else {
		t.c.w.setString(name, word.Mark(word.MarkSubst, ""))
	}
	return `"${` + name + `}"`
}

// shellWord writes parts as one shell word: known text quoted, $env(NAME)
// as "${NAME}", another part as a holder. A leading ~ stays a home.
func (t *tclCheck) shellWord(parts []lang.TclPart) string {
	var b strings.Builder
	for i, p := range parts {
		switch p.Kind {
		case lang.TclLit:
			s := p.Text
			if i == 0 && (s == "~" || strings.HasPrefix(s, "~/")) {
				b.WriteByte('~')
				s = s[1:]
			}
			if s != "" {
				b.WriteString(shellQuote(s))
			}
		case lang.TclEnv:
			if shellName(p.Text) && !t.envSet && !t.anyVar {
				b.WriteString(`"${` + p.Text + `}"`)
			} else {
				b.WriteString(t.holder(p))
			}
		default:
			b.WriteString(t.holder(p))
		}
	}
	if b.Len() == 0 {
		return "''"
	}
	return b.String()
}

// shellQuote quotes s for the shell.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// shellName reports whether s is a shell variable's name.
func shellName(s string) bool {
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '_' && !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}
