package word

import "strings"

// The option reader of python's argparse (and optparse), shared by every
// python -m CLI guard models (tarfile, zipfile, gzip, uu, http.server):
// argparse takes any unique prefix of a long option (--ext is
// --extract), --name=VALUE, a short option's value glued to it (-eARCH,
// -e=ARCH), and a cluster of short flags ending in at most one option
// that takes values (-ve ARCH). Matching the spellings one by one misses
// these (FINDINGS58d D3).

// ArgOpt is one option of an argparse parser: its long name (without
// the leading --), its one-letter short name (0 for none), and the values
// it takes: 0 a flag, n exactly n, ArgsMore one or more (nargs='+').
type ArgOpt struct {
	Long  string
	Short byte
	Nargs int
}

// ArgsMore is the Nargs of an option that takes one value or more.
const ArgsMore = -1

// ArgUse is one option ArgParse read: its ArgOpt.Long and its values.
type ArgUse struct {
	Long   string
	Values []Word
}

// ArgParsed is what ArgParse read: the options in order, the operands,
// and Unknown, a word it cannot place (empty when it placed every word).
type ArgParsed struct {
	Uses     []ArgUse
	Operands []Word
	Unknown  string
}

// Last returns the values of the last use of option long (argparse's
// store: the last one wins), and whether it was used.
func (p ArgParsed) Last(long string) ([]Word, bool) {
	for i := len(p.Uses) - 1; i >= 0; i-- {
		if p.Uses[i].Long == long {
			return p.Uses[i].Values, true
		}
	}
	return nil, false
}

// argNumber is argparse's _negative_number_matcher (-5, -.5, -1.5): such
// a word is an operand, not an option.
func argNumber(s string) bool {
	n, f, dot := strings.Cut(strings.TrimPrefix(s, "-"), ".")
	digits := func(t string) bool { return strings.Trim(t, "0123456789") == "" }
	return strings.HasPrefix(s, "-") && digits(n) && (dot && f != "" && digits(f) || !dot && n != "")
}

// ArgParse reads args as argparse's parse_args reads them against opts
// (-h/--help is added, as argparse adds it). A word it cannot place —
// an option-like word that names no option of opts or several, an
// option whose values run out, a word guard cannot read where it may be
// an option — is returned as Unknown: argparse refuses the first two,
// but a table guard holds may lag the python that runs, so the caller
// takes Unknown as "cannot tell", never as a word to skip.
func ArgParse(opts []ArgOpt, args []Word) ArgParsed {
	opts = append(opts[:len(opts):len(opts)], ArgOpt{Long: "help", Short: 'h'})
	var p ArgParsed
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.Text == "--" {
			p.Operands = append(p.Operands, args[i+1:]...)
			break
		}
		if !argOptionLike(a) {
			if !literalStart(a.Text) {
				p.Unknown = a.Text // "$X" may be an option
				return p
			}
			p.Operands = append(p.Operands, a)
			continue
		}
		next, ok := argOption(opts, args, i, &p)
		if !ok {
			p.Unknown = a.Text
			return p
		}
		i = next
	}
	return p
}

// argOptionLike reports whether argparse reads a as an option word: it
// starts with - and is neither - alone, a negative number, nor a word
// with a space that names no option (argOption checks that one).
func argOptionLike(a Word) bool {
	return strings.HasPrefix(a.Text, "-") && a.Text != "-" && !argNumber(a.Text)
}

// literalStart reports whether s begins with text guard knows, so that
// whether it is an option word is known.
func literalStart(s string) bool {
	return s != "" && !strings.HasPrefix(s, MarkLead) || IsKnown(s)
}

// argOption reads the option word args[i] (a long option, a short one, or
// a cluster) into p with its values, and returns the index of the last
// word it used; false when argparse would not take it.
func argOption(opts []ArgOpt, args []Word, i int, p *ArgParsed) (int, bool) {
	s := args[i].Text
	if !IsKnown(s) && !strings.HasPrefix(s, "--") {
		return i, false // -$X: which letters guard cannot tell
	}
	if strings.HasPrefix(s, "--") {
		name, val, glued := strings.Cut(s[2:], "=")
		o, ok := argLong(opts, name)
		if !ok || !IsKnown(name) {
			return i, false
		}
		var explicit *Word
		if glued {
			explicit = &Word{Text: val, Known: args[i].Known}
		}
		return argValues(o, explicit, args, i, p)
	}
	for j := 1; j < len(s); j++ {
		o, ok := argShort(opts, s[j])
		if !ok {
			return i, false
		}
		if o.Nargs == 0 {
			p.Uses = append(p.Uses, ArgUse{Long: o.Long})
			continue // a flag: the next letter is another option
		}
		var explicit *Word
		if rest := strings.TrimPrefix(s[j+1:], "="); j+1 < len(s) {
			explicit = &Word{Text: rest, Known: args[i].Known}
		}
		return argValues(o, explicit, args, i, p)
	}
	return i, true
}

// argValues gives option o its values: the explicit one glued to its
// word, or the words after args[i] argparse hands it (those that are not
// option words: exactly Nargs, or all up to the next option for
// ArgsMore). After the required values a word guard cannot read may be
// an option: false.
func argValues(o ArgOpt, explicit *Word, args []Word, i int, p *ArgParsed) (int, bool) {
	use := ArgUse{Long: o.Long}
	switch {
	case explicit != nil:
		if o.Nargs != 1 && o.Nargs != ArgsMore {
			return i, false // a flag or nargs=2 with a glued value: argparse's error
		}
		use.Values = []Word{*explicit}
	case o.Nargs != 0:
		for i+1 < len(args) && (o.Nargs == ArgsMore || len(use.Values) < o.Nargs) {
			w := args[i+1]
			if w.Text == "--" || argOptionLike(w) {
				break
			}
			if len(use.Values) > 0 && !literalStart(w.Text) && o.Nargs == ArgsMore {
				return i, false // may be an option ending the list
			}
			use.Values = append(use.Values, w)
			i++
		}
		if len(use.Values) == 0 || o.Nargs > 0 && len(use.Values) < o.Nargs {
			return i, false
		}
	}
	p.Uses = append(p.Uses, use)
	return i, true
}

// argLong returns the option whose long name is name or the only one
// name begins (argparse's allow_abbrev).
func argLong(opts []ArgOpt, name string) (ArgOpt, bool) {
	var found []ArgOpt
	for _, o := range opts {
		switch {
		case o.Long == name:
			return o, name != ""
		case name != "" && strings.HasPrefix(o.Long, name):
			found = append(found, o)
		}
	}
	if len(found) != 1 {
		return ArgOpt{}, false
	}
	return found[0], true
}

// argShort returns the option whose short name is letter c.
func argShort(opts []ArgOpt, c byte) (ArgOpt, bool) {
	for _, o := range opts {
		if o.Short != 0 && o.Short == c {
			return o, true
		}
	}
	return ArgOpt{}, false
}
