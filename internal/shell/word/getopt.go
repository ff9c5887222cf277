package word

import "strings"

// The option readers shared by the per-program parsers: short options as
// getopt(3) reads them (a cluster -rd '' is -r -d ''), long options as
// getopt_long(3) reads them (any unambiguous prefix of a long option is
// that option: tar --to-comm is --to-command).

// Opt is one short option Getopt read: its letter, and its value when the
// letter takes one (Valued false when the words ran out first).
type Opt struct {
	Letter byte
	Value  Word
	Valued bool
	At     int // the index of the word the option stands in
}

// Getopt reads the options at the start of args as getopt(3) does with
// POSIXLY_CORRECT (bash's builtins, xargs): a word starting with - (not -
// alone) is a cluster of letters; a letter of withArg takes the rest of
// the word as its value or, when nothing is left, the next word; -- ends
// the options and is skipped; the first operand ends them too. Long
// options (--name) are returned with Letter 0 and the word as Value. It
// returns the options in order and the index of the first operand.
func Getopt(args []Word, withArg string) ([]Opt, int) {
	var opts []Opt
	for i := 0; i < len(args); i++ {
		a := args[i].Text
		switch {
		case a == "--":
			return opts, i + 1
		case len(a) < 2 || a[0] != '-':
			return opts, i
		case a[1] == '-':
			opts = append(opts, Opt{Value: args[i], At: i})
			continue
		}
		for j := 1; j < len(a); j++ {
			o := Opt{Letter: a[j], At: i}
			if strings.IndexByte(withArg, a[j]) >= 0 {
				switch {
				case j+1 < len(a):
					o.Value, o.Valued = Word{Text: a[j+1:], Known: args[i].Known}, true
				case i+1 < len(args):
					i++
					o.Value, o.Valued = args[i], true
				}
				opts = append(opts, o)
				break
			}
			opts = append(opts, o)
		}
	}
	return opts, len(args)
}

// LongMatch reads s, a word --name or --name=value, as getopt_long(3)
// reads it against names (the long options that matter, each --name) and
// exact (the program's other long options a prefix of one of names: an
// exact match wins over an abbreviation, --checkpoint is not
// --checkpoint-action): it returns the option of names s spells out or
// abbreviates. ambiguous is true when s abbreviates more than one of
// names: getopt_long refuses it, and guard cannot tell which the program
// (a getopt_long of its own) takes.
func LongMatch(s string, names, exact Set) (name string, ambiguous bool) {
	opt, _, _ := strings.Cut(s, "=")
	if len(opt) < 3 || !strings.HasPrefix(opt, "--") || exact.Has(opt) {
		return "", false
	}
	if names.Has(opt) {
		return opt, false
	}
	for _, n := range strings.Fields(string(names)) {
		if strings.HasPrefix(n, opt) {
			if name != "" {
				return "", true
			}
			name = n
		}
	}
	return name, false
}

// SplitClusters returns args with each short-option cluster before the
// first operand split as getopt(3) splits it, one word an option: a
// letter of withArg or of optional (getopt's "x::", its value only in the
// same word) keeps the rest of its word joined to it as its value (-tI{}
// is -t and -I{}), and ends the cluster. The long options, a value given
// as the next word, and the words from the first operand on are kept as
// they are. It returns the words and how many were added.
func SplitClusters(args []Word, withArg, optional string) ([]Word, int) {
	out := make([]Word, 0, len(args)+2)
	for i := 0; i < len(args); i++ {
		a := args[i].Text
		if a == "--" || len(a) < 2 || a[0] != '-' {
			out = append(out, args[i:]...)
			break
		}
		if a[1] == '-' || len(a) == 2 {
			out = append(out, args[i])
			if len(a) == 2 && strings.IndexByte(withArg, a[1]) >= 0 && i+1 < len(args) {
				i++
				out = append(out, args[i]) // its value
			}
			continue
		}
		for j := 1; j < len(a); j++ {
			if strings.IndexByte(withArg, a[j]) >= 0 || strings.IndexByte(optional, a[j]) >= 0 {
				out = append(out, Word{Text: "-" + a[j:], Known: args[i].Known})
				if j+1 == len(a) && strings.IndexByte(withArg, a[j]) >= 0 && i+1 < len(args) {
					i++
					out = append(out, args[i]) // -ta F: its value, the next word
				}
				break
			}
			out = append(out, Word{Text: "-" + a[j:j+1], Known: true})
		}
	}
	return out, len(out) - len(args)
}
