package shell

// The options of expect's and Tcl's listed commands, read as Tcl reads
// them (a unique prefix names an option), and the names a script may not
// define as procs.

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/lang"
	"github.com/guardhq/guard/internal/shell/word"
)

// tclBuiltins are Tcl's and expect's commands: a proc of one of these
// names replaces it from the moment it runs, so that guard cannot tell
// which one a call reaches.
const tclBuiltins word.Set = " after append apply array auto_execok auto_import auto_load auto_mkindex auto_qualify auto_reset binary break case catch cd chan clock close concat const continue coroutine dict encoding eof error eval exec exit expr fblocked fconfigure fcopy file fileevent flush for foreach format gets glob global history if incr info interp join lappend lassign ledit lindex linsert list llength lmap load lpop lrange lremove lrepeat lreplace lreverse lsearch lseq lset lsort namespace open package parray pid proc puts pwd read regexp regsub rename return scan seek set socket source split string subst switch tailcall tcl_findLibrary tell throw time trace try unknown unload unset update uplevel upvar variable vwait while yield yieldto zlib debug disconnect expect expect_after expect_background expect_before expect_tty expect_user fork getpid interact interpreter log_file log_user match_max overlay parity prompt1 prompt2 remove_nulls send send_error send_log send_tty send_user sleep spawn strace stty system timestamp trap wait "

// tclOptionTables are the options guard knows of the listed commands that
// take options: "name:" then the options, a value-taking one marked "=".
// Anything else in option position hides the script (an option guard
// does not know may take code, as lsort's and regsub's -command do).
var tclOptionTables = [...]string{
	"lsort: -ascii -dictionary -integer -real -increasing -decreasing -indices -nocase -unique -index= -stride=",
	"regsub: -all -expanded -line -linestop -lineanchor -nocase -start= --",
	"regexp: -about -expanded -indices -line -linestop -lineanchor -nocase -all -inline -start= --",
	"lsearch: -exact -glob -regexp -sorted -all -inline -not -ascii -dictionary -integer -nocase -real -decreasing -increasing -bisect -subindices -start= -index= -stride=",
}

// tclOptionTable returns the option table of name, or "".
func tclOptionTable(name string) (string, bool) {
	for _, t := range tclOptionTables {
		if n, rest, _ := strings.Cut(t, ":"); n == name {
			return rest, true
		}
	}
	return "", false
}

// options checks a listed command's options: each must be one guard
// knows, named whole or by a unique prefix; lsort's words but the list
// are all options, the others' end at the first word not starting with
// "-" or after "--". A word in option position guard cannot compute may
// be any option.
func (t *tclCheck) options(name string, args []lang.TclWord) {
	table, _ := tclOptionTable(name)
	names := func(yield func(string) bool) {
		for _, f := range strings.Fields(table) {
			if !yield(strings.TrimSuffix(f, "=")) {
				return
			}
		}
	}
	end := len(args)
	if name == "lsort" {
		end--
	}
	for i := 0; i < end; i++ {
		s, ok := args[i].Known()
		if !ok || args[i].Expand {
			t.hide("passes " + name + " an option it computes")
			return
		}
		if name != "lsort" && (!strings.HasPrefix(s, "-") || s == "--") {
			return
		}
		full, ok := word.Unique(s, names)
		if !ok {
			t.hide("passes " + name + " an option guard does not know (" + s + ")")
			return
		}
		if strings.Contains(table, full+"=") {
			i++
		}
	}
}

// exitCmd checks exit ?STATUS?: expect's exit -onexit SCRIPT installs a
// script that runs at exit.
func (t *tclCheck) exitCmd(args []lang.TclWord) {
	if len(args) > 1 || len(args) == 1 && args[0].Expand {
		t.hide("passes exit more than a status")
	}
}

// stty checks expect's stty: the words it reads itself (raw, cooked,
// echo, rows N, columns N); any other word is joined into a Tcl command
// expect evaluates again.
func (t *tclCheck) stty(args []lang.TclWord) {
	for i := 0; i < len(args); i++ {
		s, ok := args[i].Known()
		switch {
		case !ok || args[i].Expand:
			t.hide("passes stty a word it computes")
			return
		case s == "raw" || s == "-raw" || s == "cooked" || s == "-cooked" || s == "echo" || s == "-echo":
		case (s == "rows" || s == "columns") && i+1 < len(args) && tclNumber(args[i+1]):
			i++
		case s == "rows" || s == "columns":
		default:
			t.hide("passes stty a word expect evaluates again (" + s + ")")
			return
		}
	}
}

// tclNumber reports whether w is known and a decimal number.
func tclNumber(w lang.TclWord) bool {
	s, ok := w.Known()
	if !ok || s == "" || w.Expand {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// logFile checks log_file ?-a? ?-noappend? ?FILE?: a write of FILE.
func (t *tclCheck) logFile(args []lang.TclWord) {
	for len(args) > 0 {
		s, ok := args[0].Known()
		if !ok || args[0].Expand {
			t.hide("passes log_file a word it computes")
			return
		}
		if !strings.HasPrefix(s, "-") {
			break
		}
		switch s {
		case "-a", "-noappend", "-info":
		default:
			t.hide("passes log_file the option " + s)
			return
		}
		args = args[1:]
	}
	if len(args) > 1 {
		t.hide("uses log_file oddly")
		return
	}
	if len(args) == 0 || t.collect {
		return
	}
	t.c.w.runText(": >> "+t.shellWord(t.resolve(args[0])), t.c.w.guessing == 0)
}

// procName checks the name a proc defines: no command guard knows or
// Tcl's and expect's, no namespace.
func (t *tclCheck) procName(n string) bool {
	n = strings.TrimPrefix(n, "::")
	if n == "" || strings.Contains(n, "::") || tclBuiltins.Has(n) || tclPlain.Has(n) || strings.HasPrefix(n, "exp_") {
		t.hide("defines a proc " + n + " that may replace a command")
		return false
	}
	return true
}
