package detect

import (
	"regexp/syntax"
	"strings"
	"unicode"
)

// FoldsToASCII reports whether s holds U+017F or U+212A, the two letters
// that Go's case-insensitive matching takes for s and k: a (?i) expression
// can match text in which an ASCII keyword search finds nothing when one of
// them is present.
func FoldsToASCII(s string) bool {
	return strings.Contains(s, "\u017f") || strings.Contains(s, "\u212a")
}

// ContainsFold reports whether s holds lower, which must be lower-case
// ASCII, ignoring ASCII case; no lowered copy of s is made.
func ContainsFold(s, lower string) bool {
	if lower == "" {
		return true
	}
	first := lower[0]
	upper := first
	if 'a' <= first && first <= 'z' {
		upper -= 'a' - 'A'
	}
	for i := 0; i+len(lower) <= len(s); i++ {
		if c := s[i]; c != first && c != upper {
			continue
		}
		j := 1
		for ; j < len(lower); j++ {
			c := s[i+j]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			if c != lower[j] {
				break
			}
		}
		if j == len(lower) {
			return true
		}
	}
	return false
}

// Alphabet is a set of bytes: those that can occur in a match of some
// regular expression. All bytes from 0x80 up are in it or out of it
// together (they belong to multi-byte characters, or are invalid UTF-8).
//
// # Regions
//
// A match lies within one maximal run of the text's bytes that are in its
// expression's alphabet, a region. Running the expression on a region with
// one more byte on each side (so that \b, ^ and $ under (?m) see the real
// neighbours) finds exactly the matches that a run over the whole text finds
// there, in the same order: no match can hold the byte that ends a region,
// so a search over the whole text never carries one region's state into the
// next. [Alphabet.Region] returns that window. This holds for expressions
// that match no empty string (empty matches lie outside regions too). A
// neighbour byte may be part of a multi-byte character the window cuts;
// the expression then reads it as an invalid byte, which, like the whole
// character, is no word character for \b and no line end.
type Alphabet [4]uint64

// Bytes returns the alphabet holding the bytes of s; a byte from 0x80 up
// adds all of them.
func Bytes(s string) Alphabet {
	var a Alphabet
	for i := 0; i < len(s); i++ {
		a.add(s[i])
	}
	return a
}

func (a *Alphabet) add(c byte) {
	if c >= 0x80 {
		a[2], a[3] = ^uint64(0), ^uint64(0)
		return
	}
	a[c>>6] |= 1 << (c & 63)
}

// Has reports whether c is in a.
func (a *Alphabet) Has(c byte) bool { return a[c>>6]&(1<<(c&63)) != 0 }

// Region returns the region of text holding offset i, [start, end), and the
// window [from, to) to run an expression on: the region and the byte on
// each side of it, where there is one. Offset i must hold a byte of a.
func (a *Alphabet) Region(text string, i int) (start, end, from, to int) {
	start, end = i, i+1
	for start > 0 && a.Has(text[start-1]) {
		start--
	}
	for end < len(text) && a.Has(text[end]) {
		end++
	}
	return start, end, max(start-1, 0), min(end+1, len(text))
}

// AlphabetOf returns the alphabet of a regular expression (Go syntax): every
// byte that can occur in one of its matches, assuming the matches contain
// only the characters its literals and classes allow. It is computed from
// the expression's syntax tree: a test's way to check a hand-written
// alphabet, or a rare path's way to get one.
func AlphabetOf(expr string) (Alphabet, error) {
	re, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return Alphabet{}, err
	}
	var a Alphabet
	var walk func(re *syntax.Regexp)
	addRange := func(lo, hi rune) {
		for r := lo; r <= hi && r < 0x80; r++ {
			a.add(byte(r))
		}
		if hi >= 0x80 {
			a.add(0x80)
		}
	}
	walk = func(re *syntax.Regexp) {
		switch re.Op {
		case syntax.OpLiteral:
			for _, r := range re.Rune {
				addRange(r, r)
				if re.Flags&syntax.FoldCase != 0 {
					for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
						addRange(f, f)
					}
				}
			}
		case syntax.OpCharClass:
			for i := 0; i+1 < len(re.Rune); i += 2 {
				addRange(re.Rune[i], re.Rune[i+1])
			}
		case syntax.OpAnyCharNotNL:
			addRange(0, '\n'-1)
			addRange('\n'+1, unicode.MaxRune)
		case syntax.OpAnyChar:
			addRange(0, unicode.MaxRune)
		}
		for _, sub := range re.Sub {
			walk(sub)
		}
	}
	walk(re)
	return a, nil
}
