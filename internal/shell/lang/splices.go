package lang

import "strings"

// Values spliced into a one-liner's code: python3 -c "print('$(git
// rev-parse HEAD)')". A value of the plain alphabet (catalogue.PlainByte:
// no quote, backslash, blank, line end, $, @, #, brace or backtick) that
// stands strictly inside a string literal which neither interpolates nor
// runs its text is that literal's text, whatever it is. Where it stands is
// read by a strict scan of the code: quotes, and between literals only
// names, numbers, blanks and the punctuation of calls and statements.
// Anything the scan does not model (a comment, a regular expression, a
// quote-like operator, a here-document, an f-string, a template's ${…},
// a double-quoted literal perl or ruby may interpolate in, a sigil) makes
// it answer no: guard cannot tell where the value stands.

// spliceLang is what the scan knows of one language's literals.
type spliceLang struct {
	quotes string // the bytes that open a literal
	// interp are the bytes that open an interpolation inside a
	// double-quoted literal ("" none); template: the backtick opens a
	// template literal, which interpolates at ${.
	interp   string
	template bool
	sigils   bool // $ is an operator between literals (awk's fields)
	pod      bool // a line that begins with = opens documentation (perl's POD, ruby's =begin)
	prefixes bool // a name before a quote may be a literal's prefix (python's r, b, f…)
}

// spliceLangOf returns the scan's reading of interpreter name's code, and
// false for a language it does not read.
func spliceLangOf(name string) (spliceLang, bool) {
	if AwkFamily(name) {
		return spliceLang{quotes: `"`, sigils: true}, true
	}
	switch FamilyOf(name) {
	case Python:
		return spliceLang{quotes: `'"`, prefixes: true}, true
	case Node:
		return spliceLang{quotes: "'\"`", template: true}, true
	case Perl:
		return spliceLang{quotes: `'"`, interp: "$@", pod: true}, true
	case Ruby:
		return spliceLang{quotes: `'"`, interp: "#", pod: true}, true
	}
	return spliceLang{}, false
}

// betweenLiterals are the bytes the scan reads between literals besides
// names and numbers: blanks and the punctuation of calls and statements.
const betweenLiterals = " \t\n()[]{},;.=+-*:!"

// PlainSplices reports whether code, the program text interpreter name
// runs, holds hole, and each hole stands strictly inside a string literal
// that neither interpolates nor runs its text, as the strict scan above
// reads the code; false whenever the scan cannot tell.
func PlainSplices(name, code, hole string) bool {
	l, ok := spliceLangOf(name)
	if !ok || hole == "" || !strings.Contains(code, hole) {
		return false
	}
	for _, ev := range evaluators(FamilyOf(name)) {
		if strings.Contains(code, ev.name) {
			return false // eval('…'): a literal run as code
		}
	}
	for i := 0; i < len(code); {
		c := code[i]
		switch {
		case strings.HasPrefix(code[i:], hole):
			return false // between literals: code
		case strings.IndexByte(l.quotes, c) >= 0:
			if strings.HasPrefix(code[i+1:], string([]byte{c, c})) {
				return false // a triple-quoted string: read apart
			}
			end, ok := l.literal(code, i, hole)
			if !ok {
				return false
			}
			i = end
		case isNameByte(c):
			j := i
			for j < len(code) && isNameByte(code[j]) {
				j++
			}
			if j < len(code) && strings.IndexByte(l.quotes, code[j]) >= 0 && !(l.prefixes && plainPrefix(code[i:j])) {
				return false // f'…', perl's q'…', a name glued to a quote
			}
			if l.pod && perlQuoteOp(code[i:j]) {
				return false // q(…), s{…}{…}, tr/…/…/: literals the scan does not read
			}
			i = j
		case c == '$' && l.sigils, strings.IndexByte(betweenLiterals, c) >= 0:
			if c == '\n' && l.pod && strings.HasPrefix(code[i+1:], "=") {
				return false // =pod, =begin: documentation to =cut, =end
			}
			i++
		default:
			return false
		}
	}
	return !(l.pod && strings.HasPrefix(code, "="))
}

// literal reads the literal whose quote is at code[i] and returns the
// index after its closing quote; false when it holds a hole where the
// value would not be its text (the literal interpolates, or the hole
// follows a backslash), when it interpolates at all (the scan cannot tell
// where an interpolation's own quotes end), spans a line, or is left open.
func (l spliceLang) literal(code string, i int, hole string) (int, bool) {
	q := code[i]
	for k := i + 1; k < len(code); k++ {
		switch c := code[k]; {
		case c == q:
			return k + 1, true
		case c == '\\':
			if k+1 >= len(code) || strings.HasPrefix(code[k+1:], hole) || code[k+1] == '\n' {
				return 0, false
			}
			k++
		case c == '\n':
			return 0, false
		case q == '`' && l.template && c == '$' && strings.HasPrefix(code[k+1:], "{"):
			return 0, false
		case q == '"' && strings.IndexByte(l.interp, c) >= 0:
			return 0, false
		}
	}
	return 0, false
}

// plainPrefix reports whether s is a python string prefix that keeps a
// literal's text as written: r, b, u and their pairs, no f or t.
func plainPrefix(s string) bool {
	return pyPrefix(s) && !strings.ContainsAny(s, "fFtT")
}

// perlQuoteOp reports whether name is one of perl's quote-like operators
// (they take any delimiter: q(…), qw{…}, m!…!, s/…/…/, y/…/…/).
func perlQuoteOp(name string) bool {
	switch name {
	case "q", "qq", "qw", "qx", "qr", "m", "s", "y", "tr":
		return true
	}
	return false
}
