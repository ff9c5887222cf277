package pwsh

// PowerShell's escapes. A backtick in an expandable string ("…", @"…"@)
// or a bare word is an escape, decoded as PowerShell's tokenizer decodes it
// (about_Special_Characters): `0 `a `b `e `f `n `r `t `v are control
// characters, `u{XXXX} (PowerShell 6 and later) is the character of one to
// six hexadecimal digits up to 10FFFF, and a backtick before any other
// character is that character. The escapes are case-sensitive (`N is N).
// What PowerShell refuses to parse (`u without {, no digits, more than six,
// no }, a value past 10FFFF) or what guard cannot spell in a word (`0, NUL;
// a lone surrogate) is Unknown: a part guard cannot tell, never the text as
// written.

// maxHexDigits is the most hexadecimal digits `u{…} takes.
const maxHexDigits = 6

// escape decodes the escape whose backtick is at s[i]: the text it stands
// for (Unknown when guard cannot tell it) and the bytes it takes, the
// backtick included. A backtick at the end of s takes one byte and stands
// for nothing.
func escape(s string, i int) (text string, n int) {
	if i+1 >= len(s) {
		return "", 1
	}
	switch c := s[i+1]; c {
	case '0':
		return Unknown, 2 // NUL: no path holds it
	case 'a':
		return "\a", 2
	case 'b':
		return "\b", 2
	case 'e':
		return "\x1b", 2
	case 'f':
		return "\f", 2
	case 'n':
		return "\n", 2
	case 'r':
		return "\r", 2
	case 't':
		return "\t", 2
	case 'v':
		return "\v", 2
	case 'u':
		return unicodeEscape(s, i)
	default:
		if c >= 0x80 {
			// A backtick before a multi-byte character: the character.
			j := i + 2
			for j < len(s) && s[j]&0xc0 == 0x80 {
				j++
			}
			return s[i+1 : j], j - i
		}
		return string(c), 2
	}
}

// unicodeEscape decodes `u{XXXX} at s[i]; a form PowerShell refuses is
// Unknown, taking the bytes up to its } or the first that cannot be in it.
func unicodeEscape(s string, i int) (text string, n int) {
	j := i + 2
	if j >= len(s) || s[j] != '{' {
		return Unknown, 2 // PowerShell: a parse error
	}
	j++
	v, digits := rune(0), 0
	for j < len(s) && hexVal(s[j]) >= 0 {
		if digits < maxHexDigits+1 {
			v = v<<4 | rune(hexVal(s[j]))
		}
		digits++
		j++
	}
	if j >= len(s) || s[j] != '}' || digits == 0 || digits > maxHexDigits || v > 0x10FFFF || v == 0 ||
		0xD800 <= v && v <= 0xDFFF {
		if j < len(s) && s[j] == '}' {
			j++
		}
		return Unknown, j - i
	}
	return string(v), j + 1 - i
}

// hexVal returns the value of a hexadecimal digit, or -1.
func hexVal(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c && c <= 'f':
		return int(c-'a') + 10
	case 'A' <= c && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}
