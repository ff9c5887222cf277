package secret

import "golang.org/x/text/unicode/norm"

// Look-alike letters: a token written with a Cyrillic or Greek letter
// that looks like a Latin one (А, U+0410, for A), or a compatibility
// form of an ASCII letter or digit (fullwidth １, mathematical bold 𝐠)
// reads as the token on screen, yet no rule matches it. The second
// reading (terminalLayer) writes each such character as its ASCII
// letter, mapped to where the character stands.

// lookalike returns the ASCII letter or digit the character r at the
// start of s stands for: a Cyrillic or Greek look-alike, or a
// compatibility form (NFKC) of one; false for another.
func lookalike(r rune, s string) (byte, bool) {
	if c := confusable(r); c != 0 {
		return c, true
	}
	if r < 0x2000 {
		return 0, false // below the compatibility blocks: accented letters, scripts
	}
	d := norm.NFKC.PropertiesString(s).Decomposition()
	if len(d) == 1 && alnum(d[0]) {
		return d[0], true
	}
	return 0, false
}

// confusable returns the ASCII letter a Cyrillic or Greek letter looks
// like, or 0.
func confusable(r rune) byte {
	switch r {
	case 'А', 'Α':
		return 'A'
	case 'В', 'Β':
		return 'B'
	case 'С', 'Ϲ':
		return 'C'
	case 'Е', 'Ε':
		return 'E'
	case 'Н', 'Η':
		return 'H'
	case 'І', 'Ι', 'Ӏ':
		return 'I'
	case 'Ј':
		return 'J'
	case 'К', 'Κ':
		return 'K'
	case 'М', 'Μ':
		return 'M'
	case 'Ν':
		return 'N'
	case 'О', 'Ο':
		return 'O'
	case 'Р', 'Ρ':
		return 'P'
	case 'Ѕ':
		return 'S'
	case 'Т', 'Τ':
		return 'T'
	case 'Х', 'Χ':
		return 'X'
	case 'Ү', 'Υ':
		return 'Y'
	case 'Ζ':
		return 'Z'
	case 'а':
		return 'a'
	case 'с', 'ϲ':
		return 'c'
	case 'ԁ':
		return 'd'
	case 'е':
		return 'e'
	case 'һ':
		return 'h'
	case 'і':
		return 'i'
	case 'ј':
		return 'j'
	case 'ӏ':
		return 'l'
	case 'о', 'ο':
		return 'o'
	case 'р', 'ρ':
		return 'p'
	case 'ԛ':
		return 'q'
	case 'ѕ':
		return 's'
	case 'ν':
		return 'v'
	case 'ԝ':
		return 'w'
	case 'х':
		return 'x'
	case 'у':
		return 'y'
	}
	return 0
}

// lookalikeIn reports whether the non-ASCII character r of size bytes at
// text[i] is a look-alike touching a token's ASCII character (a letter, a
// digit, + / - _): inside a token (АKIA…), not in a word of Russian or
// Greek text.
func lookalikeIn(text string, i, size int, r rune) bool {
	if !(i > 0 && b64class[text[i-1]] != 0 || i+size < len(text) && b64class[text[i+size]] != 0) {
		return false
	}
	_, ok := lookalike(r, text[i:])
	return ok
}
