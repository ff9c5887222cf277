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
