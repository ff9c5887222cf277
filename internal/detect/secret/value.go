package secret

import (
	"math"
	"strings"
)

// Judging a value: is it a credential, or a placeholder, a reference, code
// or words? Every test here is cheap and allocation-free; the hook path
// runs them on each candidate a keyword leads to.

// entropy returns the Shannon entropy of s in bits per byte.
func entropy(s string) float64 {
	if s == "" {
		return 0
	}
	var counts [256]uint16
	for i := 0; i < len(s); i++ {
		counts[s[i]]++
	}
	n := float64(len(s))
	h := 0.0
	for _, c := range counts {
		if c != 0 {
			p := float64(c) / n
			h -= p * math.Log2(p)
		}
	}
	return h
}

// classes says which kinds of bytes s holds.
type classes struct{ lower, upper, digit, other int }

func classify(s string) classes {
	var c classes
	for i := 0; i < len(s); i++ {
		switch b := s[i]; {
		case 'a' <= b && b <= 'z':
			c.lower++
		case 'A' <= b && b <= 'Z':
			c.upper++
		case '0' <= b && b <= '9':
			c.digit++
		default:
			c.other++
		}
	}
	return c
}

// kinds counts the kinds of letters and digits s holds (lower, upper,
// digit), 0 to 3.
func (c classes) kinds() int {
	n := 0
	for _, k := range [...]int{c.lower, c.upper, c.digit} {
		if k > 0 {
			n++
		}
	}
	return n
}

// placeholderWords are the words that mark a value as a stand-in: a
// documented example, a template to fill in, a masked or redacted value.
// A random credential holds one of them (four letters or more, case
// ignored) with a chance below one in a hundred thousand. Shorter words
// that hand-made test tokens hold (token, fake) are not among them: such a
// token is still a token's shape, and blocking it costs nothing.
var placeholderWords = [...]string{
	"example", "your", "placeholder", "changeme", "change_me", "change-me", "replace", "insert",
	"redacted", "dummy", "sample", "xxxx", "****", "####", "••••", "todo", "fixme", "secret",
	"password", "passwd", "...", "…",
}

// placeholder reports whether v, a credential-shaped value, is a stand-in
// rather than a credential: documented examples (AWS's EXAMPLE keys), a
// template (<your-key>, ${VAR}, {{ var }}, your-…-here), masked or
// repeated characters (xxxx, ****, one character throughout), or the name
// of what it stands for (a secret-password).
func placeholder(v string) bool {
	if v == "" {
		return true
	}
	if strings.ContainsAny(v, "<>") || strings.Contains(v, "${") || strings.Contains(v, "{{") ||
		strings.Contains(v, "#{") || strings.Contains(v, "%(") {
		return true
	}
	for _, w := range placeholderWords {
		if containsFold(v, w) {
			return true
		}
	}
	if len(v) >= 4 && hasSuffixFold(v, "here") {
		return true // your-api-key-here, TokenHere, RANDOMSTRINGHERE
	}
	return repeated(v)
}

// repeated reports whether the letters and digits of v are one character
// repeated (xxxxxxxx, 0000-0000, ZZZZZZZZ), or v has none.
func repeated(v string) bool {
	var first byte
	for i := 0; i < len(v); i++ {
		c := v[i]
		if !alnum(c) {
			continue
		}
		if first == 0 {
			first = c
		} else if c != first {
			return false
		}
	}
	return true
}

// reference reports whether v refers to a value rather than holding one:
// a variable ($X, ${X}, %X%), a call (f(x)), an expression or a path.
func reference(v string) bool {
	switch v[0] {
	case '$', '%', '{', '[', '(', '@', '&', '*', '/', '~':
		return true
	case '.':
		return len(v) > 1 && (v[1] == '/' || v[1] == '.')
	}
	if strings.ContainsAny(v, "()") || strings.Contains(v, "::") || strings.Contains(v, "->") ||
		(len(v) > 2 && v[1] == ':' && v[2] == '\\') {
		return true
	}
	return dottedPath(v)
}

// dottedPath reports whether v is a dotted path of identifiers
// (config.token, process.env.API_KEY, X25519.key_length): code, not a
// value. A long random segment (a signed token's) keeps it a value.
func dottedPath(v string) bool {
	if strings.IndexByte(v, '.') < 0 {
		return false
	}
	segs := 0
	start := 0
	for i := 0; i <= len(v); i++ {
		if i < len(v) && v[i] != '.' {
			continue
		}
		seg := v[start:i]
		if seg == "" || len(seg) > 24 || !identStart(seg[0]) {
			return false
		}
		for j := 1; j < len(seg); j++ {
			if !identByte(seg[j]) {
				return false
			}
		}
		segs++
		start = i + 1
	}
	return segs >= 2
}

// wordy reports whether v reads as words rather than random characters:
// no digits; words (split at blanks, punctuation and camelCase) of three
// letters or more where camelCase splits them (two for an acronym: NS, UI),
// all lower case, all upper case or capitalised; and long words with
// vowels in them. Random letters
// of mixed case split into short words (OJOkaw: OJ, Okaw); random lower
// case has few vowels.
func wordy(v string) bool {
	i := 0
	for i < len(v) {
		c := v[i]
		if '0' <= c && c <= '9' {
			return false
		}
		if !letter(c) {
			i++
			continue
		}
		// One word: [A-Z]?[a-z]+ or [A-Z]+ (an acronym runs into the
		// next capitalised word: HTTPServer is HTTP, Server).
		j := i
		if upper(v[j]) {
			for j < len(v) && upper(v[j]) {
				j++
			}
			if j < len(v) && lower(v[j]) && j-i > 1 {
				j-- // the last capital starts the next word
			}
		}
		for j < len(v) && lower(v[j]) {
			j++
		}
		split := (i > 0 && letter(v[i-1])) || (j < len(v) && letter(v[j]))
		acronym := j-i >= 2 && upper(v[j-1])
		if j == i || split && j-i < 3 && !acronym || !voiced(v[i:j]) {
			return false
		}
		i = j
	}
	return true
}

// voiced reports whether a word of six letters or more has vowels in one
// letter of five or more, as words of a language do.
func voiced(w string) bool {
	if len(w) < 6 {
		return true
	}
	n := 0
	for i := 0; i < len(w); i++ {
		switch w[i] | 0x20 {
		case 'a', 'e', 'i', 'o', 'u', 'y':
			n++
		}
	}
	return n*5 >= len(w)
}

// phrase reports whether v is words joined by separators
// (base64-encoded-username-pat, s3_disable_express_session): two
// separators or more, few digits, and every part, digits aside, words.
func phrase(v string) bool {
	seps, digits := 0, 0
	for i := 0; i < len(v); i++ {
		switch c := v[i]; {
		case c == '-' || c == '_' || c == '.' || c == '/':
			seps++
		case '0' <= c && c <= '9':
			digits++
		}
	}
	if seps < 2 || digits*4 >= len(v) {
		return false
	}
	start := 0
	for i := 0; i <= len(v); i++ {
		if i < len(v) && !(v[i] == '-' || v[i] == '_' || v[i] == '.' || v[i] == '/') {
			continue
		}
		part := strings.TrimRight(strings.TrimLeft(v[start:i], "0123456789"), "0123456789")
		if part != "" && (strings.ContainsAny(part, "0123456789") && len(part) > 3 || !wordy(strings.Map(noDigit, part))) {
			return false
		}
		start = i + 1
	}
	return true
}

func noDigit(r rune) rune {
	if '0' <= r && r <= '9' {
		return -1
	}
	return r
}

// numeric reports whether v holds digits and separators only: a number,
// a date, a version, a phone number.
func numeric(v string) bool {
	for i := 0; i < len(v); i++ {
		if letter(v[i]) {
			return false
		}
	}
	return true
}

// credential reports whether v, assigned to a secret-named key, is a
// credential. strict asks for a value that looks random (tokens, keys);
// otherwise (passwords) any value that is not a placeholder, a reference
// or a word will do.
func credential(v string, strict bool) bool {
	if len(v) < 8 || len(v) > maxValue || strings.ContainsAny(v, " \t") || placeholder(v) || reference(v) || numeric(v) {
		return false // too short or long, a phrase, a stand-in, a reference, a number
	}
	if strict && strings.IndexByte(v, '\\') >= 0 {
		return false // escapes: a string of code (\u3299), not a key
	}
	c := classify(v)
	if !strict {
		// A word is a type, a variable or a constant (Password, mandatory,
		// CURLOPT_READDATA), unless it is a lower-case passphrase of twelve
		// letters or more (correcthorsebattery, correct-horse-battery).
		return !wordy(v) || c.upper == 0 && len(v) >= 12
	}
	if len(v) < 12 || wordy(v) {
		return false
	}
	// A random value of this length has this much entropy; words and
	// counters have less.
	want := 3.0
	if len(v) < 20 {
		want = 2.6 + 0.4*float64(len(v)-12)/8
	}
	if entropy(v) < want {
		return false
	}
	return c.kinds() >= 2 || c.other > 0 && c.kinds() >= 1
}

// maxValue bounds a judged value: longer runs are blobs, not credentials
// written by hand (a long token has a catalogue rule of its own).
const maxValue = 1024

func letter(c byte) bool     { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func lower(c byte) bool      { return 'a' <= c && c <= 'z' }
func upper(c byte) bool      { return 'A' <= c && c <= 'Z' }
func alnum(c byte) bool      { return letter(c) || '0' <= c && c <= '9' }
func identStart(c byte) bool { return letter(c) || c == '_' || c == '$' }
func identByte(c byte) bool  { return alnum(c) || c == '_' || c == '$' }

// containsFold reports whether s holds w ignoring ASCII case.
func containsFold(s, w string) bool {
	for i := 0; i+len(w) <= len(s); i++ {
		if strings.EqualFold(s[i:i+len(w)], w) {
			return true
		}
	}
	return false
}

// hasSuffixFold reports whether s ends with w ignoring ASCII case.
func hasSuffixFold(s, w string) bool {
	return len(s) >= len(w) && strings.EqualFold(s[len(s)-len(w):], w)
}
