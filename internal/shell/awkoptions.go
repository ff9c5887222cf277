package shell

import (
	"strings"

	"github.com/guardhq/guard/internal/shell/word"
)

// What one of awk's options does. awk's options are read against the
// whole grammar of gawk and mawk (the awks a Linux or macOS machine runs
// as awk); an option outside it is awkUnknown and makes the command one
// guard cannot tell: an awk that is not known to only print does not get
// the benefit of the doubt (gawk --exec=F, mawk -W exec F run code from a
// file; -d, -p, -o write one).
type awkKind uint8

const (
	awkUnknown awkKind = iota // outside the grammar, or an ambiguous prefix
	awkFlag                   // changes how the program runs, nothing else
	awkData                   // takes a value that is data (-F, -v, sprintf=)
	awkFile                   // the program, from a file (-f, -E, --exec)
	awkInclude                // a library of awk code, from a file (-i)
	awkText                   // the program, in the value (-e, --source)
	awkLoad                   // a native extension (-l)
	awkWrites                 // writes a file: the value, or a default name
	awkDebug                  // gawk's debugger: commands that may run code
)

// Whether an option takes a value: none, always (the rest of its word or
// the next word), or optionally (only the rest of its word, getopt's ::).
const (
	argNone = iota
	argNeeded
	argOptional
)

// awkOptSpec is one option of awk's grammar. def is the file an awkWrites
// option writes when given no value.
type awkOptSpec struct {
	long  string
	short byte
	kind  awkKind
	arg   uint8
	def   string
}

// awkSpecs is gawk's option table (gawk 5.3, main.c) with mawk's -W names
// (mawk 1.3.4). mawk's "dump" prints its listing, but gawk takes "dump"
// for --dump-variables: it is read as gawk's, a write.
var awkSpecs = [...]awkOptSpec{
	{"assign", 'v', awkData, argNeeded, ""},
	{"bignum", 'M', awkFlag, argNone, ""},
	{"characters-as-bytes", 'b', awkFlag, argNone, ""},
	{"copyright", 'C', awkFlag, argNone, ""},
	{"csv", 'k', awkFlag, argNone, ""},
	{"debug", 'D', awkDebug, argOptional, ""},
	{"dump", 0, awkWrites, argOptional, "awkvars.out"},
	{"dump-variables", 'd', awkWrites, argOptional, "awkvars.out"},
	{"exec", 'E', awkFile, argNeeded, ""},
	{"field-separator", 'F', awkData, argNeeded, ""},
	{"file", 'f', awkFile, argNeeded, ""},
	{"gen-pot", 'g', awkFlag, argNone, ""},
	{"help", 'h', awkFlag, argNone, ""},
	{"include", 'i', awkInclude, argNeeded, ""},
	{"interactive", 0, awkFlag, argNone, ""},
	{"lint", 'L', awkFlag, argOptional, ""},
	{"lint-old", 't', awkFlag, argNone, ""},
	{"load", 'l', awkLoad, argNeeded, ""},
	{"no-optimize", 's', awkFlag, argNone, ""},
	{"non-decimal-data", 'n', awkFlag, argNone, ""},
	{"optimize", 'O', awkFlag, argNone, ""},
	{"posix", 'P', awkFlag, argNone, ""},
	{"posix_space", 0, awkFlag, argNone, ""},
	{"pretty-print", 'o', awkWrites, argOptional, "awkprof.out"},
	{"profile", 'p', awkWrites, argOptional, "awkprof.out"},
	{"random", 0, awkData, argOptional, ""},
	{"re-interval", 'r', awkFlag, argNone, ""},
	{"repetitions", 0, awkFlag, argNone, ""},
	{"sandbox", 'S', awkFlag, argNone, ""},
	{"source", 'e', awkText, argNeeded, ""},
	{"sprintf", 0, awkData, argOptional, ""},
	{"trace", 'I', awkFlag, argNone, ""},
	{"traditional", 'c', awkFlag, argNone, ""},
	{"usage", 0, awkFlag, argNone, ""},
	{"use-lc-numeric", 'N', awkFlag, argNone, ""},
	{"version", 'V', awkFlag, argNone, ""},
}

// awkUse is one option read from awk's words. value is its value (the
// default file of a write given none); at is the index of the word that
// holds the value, -1 when it is in the option's own word or absent.
type awkUse struct {
	kind  awkKind
	opt   string // as written, for reasons
	value string
	at    int
}

// awkLong finds the option a long name (or a -W word) names: the exact
// name, else the only one it is a prefix of (getopt_long's abbreviation).
func awkLong(name string) (awkOptSpec, bool) {
	long, ok := word.Unique(name, func(yield func(string) bool) {
		for _, s := range awkSpecs {
			if !yield(s.long) {
				return
			}
		}
	})
	for _, s := range awkSpecs {
		if ok && s.long == long {
			return s, true
		}
	}
	return awkOptSpec{}, false
}

// awkShort finds the option a short letter names.
func awkShort(b byte) (awkOptSpec, bool) {
	for _, s := range awkSpecs {
		if s.short == b && b != 0 {
			return s, true
		}
	}
	return awkOptSpec{}, false
}

// readAwkOption reads the option word args[j] of an awk: the options it
// gives and the index of the last word it used. ok is false when args[j]
// is no option ("-", "--", the program, an operand): gawk and mawk stop
// at the first word that is not one.
func readAwkOption(args []string, j int) (uses []awkUse, last int, ok bool) {
	s := args[j]
	switch {
	case len(s) < 2 || s[0] != '-' || s == "--":
		return nil, j, false
	case strings.HasPrefix(s, "--"):
		name, val, eq := strings.Cut(s[2:], "=")
		return awkNamed(args, j, s, name, val, eq)
	}
	for k := 1; k < len(s); k++ {
		if s[k] == 'W' {
			return awkW(args, j, s, s[k+1:])
		}
		spec, known := awkShort(s[k])
		switch {
		case !known:
			return append(uses, awkUse{kind: awkUnknown, opt: s, at: -1}), j, true
		case spec.arg == argNone:
			uses = append(uses, awkUse{kind: spec.kind, opt: s, at: -1})
			continue
		}
		u, l := awkValue(args, j, s, spec, s[k+1:], k+1 < len(s))
		return append(uses, u), l, true
	}
	return uses, j, true
}

// awkW reads -W's value: one long option of gawk's, or mawk's list of
// them joined by commas (-W version,dump). A value with '=' is one option
// (-W sprintf=2000), whose own value may hold a comma.
func awkW(args []string, j int, opt, rest string) ([]awkUse, int, bool) {
	last := j
	if rest == "" {
		if j+1 >= len(args) {
			return []awkUse{{kind: awkUnknown, opt: opt, at: -1}}, j, true
		}
		last, rest = j+1, args[j+1]
	}
	names := []string{rest}
	if !strings.Contains(rest, "=") {
		names = strings.Split(rest, ",")
	}
	var uses []awkUse
	for _, n := range names {
		name, val, eq := strings.Cut(n, "=")
		u, l, _ := awkNamed(args, last, opt, name, val, eq)
		uses, last = append(uses, u...), l
	}
	return uses, last, true
}

// awkNamed reads the long option name (its value val when eq) found in
// args[j].
func awkNamed(args []string, j int, opt, name, val string, eq bool) ([]awkUse, int, bool) {
	spec, known := awkLong(name)
	if !known {
		return []awkUse{{kind: awkUnknown, opt: opt, at: -1}}, j, true
	}
	if spec.arg == argNone && eq {
		return []awkUse{{kind: awkUnknown, opt: opt, at: -1}}, j, true
	}
	u, l := awkValue(args, j, opt, spec, val, eq)
	return []awkUse{u}, l, true
}

// awkValue gives spec's use with its value: joined (in its own word),
// the next word (a needed value), or none (an optional one: a write then
// goes to its default file).
func awkValue(args []string, j int, opt string, spec awkOptSpec, joined string, isJoined bool) (awkUse, int) {
	u := awkUse{kind: spec.kind, opt: opt, at: -1}
	switch {
	case isJoined:
		u.value = joined
	case spec.arg == argNeeded && j+1 < len(args):
		u.value, u.at = args[j+1], j+1
		return u, j + 1
	case spec.arg == argNeeded:
		u.kind = awkUnknown // a value missing: awk stops with an error
	default:
		u.value = spec.def
	}
	return u, j
}

// mawk reads the same words by another grammar (mawk 1.3.4, init.c
// process_cmdline): every two-letter option takes the next word as its
// value, whatever the letter (-r, which gawk takes as a flag, too); letters
// do not cluster (-rf X is -r with the value f); a -W list or a long
// option whose '=' is followed by nothing, '=' or ',' (-W exec=,
// --exec==x) takes the next word as its value; -W exec and --exec end the
// options. A word either grammar makes the program or a program file is
// code (awkProgramWords), so both readings are analysed.

// mawkW are mawk's -W names (mode 0 and 1 of its w_options table, in its
// order: an abbreviation takes the first it matches), and whether each
// takes a value. mawk's long options match gawk-only names too
// (mawkLongOnly).
var mawkW = [...]struct {
	name  string
	value bool
}{
	{"version", false}, {"binmode", true}, {"dump", false}, {"exec", true}, {"help", false},
	{"interactive", false}, {"posix", false}, {"random", true}, {"sprintf", true},
	{"traditional", false}, {"usage", false},
}

// mawkLongOnly are the names mawk's long options accept besides mawkW's.
var mawkLongOnly = [...]string{"re-interval", "lint", "lint-old", "non-decimal-data"}

// mawkName finds the option name a -W part or a long option names, as
// mawk's ok_abbrev does: an exact name, else the first name it is a
// prefix of, ignoring case. stops reports an option that ends mawk before
// it runs anything (version, help, usage).
func mawkName(name string, long bool) (exec, value, stops, known bool) {
	match := func(full string) bool {
		return len(name) <= len(full) && strings.EqualFold(full[:len(name)], name)
	}
	for _, w := range mawkW {
		if w.name == name {
			return w.name == "exec", w.value, w.name == "version" || w.name == "help" || w.name == "usage", true
		}
	}
	for _, w := range mawkW {
		if match(w.name) {
			return w.name == "exec", w.value, w.name == "version" || w.name == "help" || w.name == "usage", true
		}
	}
	if long {
		for _, n := range mawkLongOnly {
			if match(n) {
				return false, false, false, true
			}
		}
	}
	return false, false, false, false
}

// mawkGlued is mawk's haveValue: rest (from the '=' on) gives its option
// a value in its own word only when a character other than '=' and ','
// follows the '='.
func mawkGlued(rest string) bool {
	return len(rest) >= 2 && rest[0] == '=' && rest[1] != '=' && rest[1] != ','
}

// awkProgram is what one awk reads as its program: the word that is its
// program text (-1 for none) and the program files its options name
// (each use's at is the index of the word that holds its value, the
// option's own word included).
type awkProgram struct {
	text  int
	files []awkUse
}

// readMawk reads args as mawk does (see above). Where mawk versions
// differ (an -W exec with no glued value: older ones take the next word
// whatever follows; -r: older ones stop with an error), the reading that
// runs more is taken. An option mawk rejects stops it before it runs
// anything: the reading is then empty.
func readMawk(args []string) awkProgram {
	prog := awkProgram{text: -1}
	i := 0
	for i < len(args) && strings.HasPrefix(args[i], "-") {
		s := args[i]
		if s == "-" {
			break
		}
		if len(s) > 2 && strings.HasPrefix(s, "--") {
			name, rest := s[2:], ""
			if k := strings.IndexByte(name, '='); k >= 0 {
				name, rest = name[:k], name[k:]
			}
			exec, value, stops, known := mawkName(name, true)
			switch {
			case stops:
				return awkProgram{text: -1}
			case !known:
				i++ // rejected, or ignored under MAWK_LONG_OPTIONS=allow
				continue
			}
			use, next := awkUse{kind: awkFile, opt: s, at: i}, i+1
			switch {
			case mawkGlued(rest):
				use.value = rest[1:]
			case value && next < len(args):
				use.value, use.at, next = args[next], next, next+1
			case value:
				return awkProgram{text: -1} // a value missing: mawk stops
			}
			if exec {
				prog.files = append(prog.files, use)
				return prog
			}
			i = next
			continue
		}
		val, at, next := "", i, i+1
		if len(s) == 2 {
			if i+1 >= len(args) {
				return awkProgram{text: -1} // lacks its value: mawk stops
			}
			val, at, next = args[i+1], i+1, i+2
		} else {
			val = s[2:]
		}
		switch s[1] {
		case 'W':
			var exec bool
			if exec, next = readMawkW(args, s, val, at, next, &prog); exec {
				return prog
			}
		case 'f':
			prog.files = append(prog.files, awkUse{kind: awkFile, opt: s, value: val, at: at})
		case '-': // "--": the program (or the first operand) follows
			i++
			if len(prog.files) == 0 && i < len(args) {
				prog.text = i
			}
			return prog
		case 'r', 'v', 'F':
		default:
			return awkProgram{text: -1} // not an option of mawk's: it stops
		}
		i = next
	}
	if len(prog.files) == 0 && i < len(args) {
		prog.text = i
	}
	return prog
}

// readMawkW reads mawk's -W value val (in word at: the option word opt's
// own, or the next); next is the index of the word after it. It returns
// whether an exec ended the options, and the index of the next word.
func readMawkW(args []string, opt, val string, at, next int, prog *awkProgram) (bool, int) {
	for rest := val; rest != ""; {
		rest = strings.TrimLeft(rest, ",")
		if rest == "" {
			break
		}
		end := strings.IndexAny(rest, ",=")
		if end < 0 {
			end = len(rest)
		}
		name, after := rest[:end], rest[end:]
		exec, value, _, _ := mawkName(name, false)
		use := awkUse{kind: awkFile, opt: opt, at: at}
		switch {
		case mawkGlued(after):
			use.value = after[1:]
			if !exec {
				after = after[1:]
				if k := strings.IndexByte(after, ','); k >= 0 {
					after = after[k:]
				} else {
					after = ""
				}
			}
		case value && next < len(args) && (exec || !strings.Contains(after, ",")):
			use.value, use.at = args[next], next
			next++
			after = "" // mawk's scan of this -W ends in another word
		}
		if exec {
			if use.value != "" || use.at >= 0 {
				prog.files = append(prog.files, use)
			}
			return true, next
		}
		if k := strings.IndexByte(after, ','); k >= 0 {
			after = after[k:]
		} else {
			after = ""
		}
		rest = after
	}
	return false, next
}

// readGawk reads args as gawk does (readAwkOption): the word that is the
// program text when no option gives the program, the program files, and
// texts, the program text its -e (--source) options give.
func readGawk(args []string) (prog awkProgram, texts []string) {
	prog.text = -1
	j := 0
	for ; j < len(args); j++ {
		uses, last, ok := readAwkOption(args, j)
		if !ok {
			break
		}
		for _, u := range uses {
			switch u.kind {
			case awkFile:
				prog.files = append(prog.files, u)
			case awkText:
				texts = append(texts, u.value)
			}
		}
		j = last
	}
	if j < len(args) && args[j] == "--" {
		j++
	}
	if len(prog.files) == 0 && len(texts) == 0 && j < len(args) {
		prog.text = j
	}
	return prog, texts
}
