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

// A placeholder is judged on the whole value's shape: a template is a
// value that is mostly a marker, not one that holds a marker's character or
// word somewhere. A random password holds <, >, ${ or the letters "your"
// often enough (a password manager's alphabet puts < or > in one password
// of three); a template is <…>, ${…} or {{…}} as the value, or
// placeholder words with nothing random beside them.

// documentedWords mark a documented example or a masked value wherever they
// stand (AWS's AKIAIOSFODNN7EXAMPLE and …EXAMPLEKEY, sk-…REDACTED): seven
// letters or more, which a random value holds with a chance below one in
// ten billion and nobody picks as a real credential.
var documentedWords = [...]string{"example", "placeholder", "redacted"}

// standInWords make a value a stand-in when they make it up: the rest of
// the value is words (your-api-key-here, changeme-later, TokenHere), and,
// for the template words, numbers (sample123, your_token_1). The naming
// words (a value that says what it stands for: secret-password,
// mysecretpassword) allow no number beside them: Password123! and
// SuperSecret!2024 are weak real passwords, and still passwords.
var standInWords = [...]standInWord{
	{"your", false}, {"changeme", false}, {"change_me", false}, {"change-me", false}, {"replace", false},
	{"insert", false}, {"dummy", false}, {"sample", false}, {"todo", false}, {"fixme", false},
	{"here", false}, {"secret", true}, {"password", true}, {"passwd", true},
}

// placeholder reports whether v, a credential-shaped value, is a stand-in
// rather than a credential: a documented example (AWS's EXAMPLE keys), a
// template (<your-key>, ${VAR}, {{ var }} as the value), a mask (xxxx…,
// ****…, a value cut with ...), one character throughout or after a
// prefix (ghp_000…), or words that say what it stands for
// (your-…-here, secret-password).
func placeholder(v string) bool {
	if v == "" {
		return true
	}
	for _, w := range documentedWords {
		if containsFold(v, w) {
			return true
		}
	}
	return template(v) || masked(v) || repeated(v) || standIn(v)
}

// template reports whether markers make up half of v or more: ${…},
// {{…}}, #{…}, <%…%>, %(name)s, and <…> around a name (<your-key>,
// <API_KEY>, Option<String>; not <vR2!mZ>, which is random characters
// between two).
func template(v string) bool {
	covered := 0
	for i := 0; i < len(v); {
		n := markerAt(v, i)
		if n == 0 {
			i++
			continue
		}
		covered += n
		i += n
	}
	return covered > 0 && 2*covered >= len(v)
}

// markerAt returns the length of the template marker starting at v[i], or
// 0.
func markerAt(v string, i int) int {
	rest := v[i:]
	closeAt := func(open, close string, ok func(string) bool) int {
		if !strings.HasPrefix(rest, open) {
			return 0
		}
		j := strings.Index(rest[len(open):], close)
		if j < 0 || !ok(rest[len(open):len(open)+j]) {
			return 0
		}
		return len(open) + j + len(close)
	}
	anyText := func(string) bool { return true }
	for _, m := range [...]struct {
		open, close string
		ok          func(string) bool
	}{
		{"${{", "}}", anyText}, {"${", "}", exprStart}, {"{{", "}}", anyText}, {"#{", "}", exprStart},
		{"<%", "%>", anyText}, {"%(", ")s", markerName}, {"<", ">", markerName},
	} {
		if n := closeAt(m.open, m.close, m.ok); n > 0 {
			return n
		}
	}
	return 0
}

// exprStart reports whether s starts as a variable or an expression does:
// a name (${VAR:-x}, #{name}), perhaps after a blank or ! or #.
func exprStart(s string) bool {
	s = strings.TrimLeft(s, " !#")
	j := 0
	for j < len(s) && (alnum(s[j]) || s[j] == '_') {
		j++
	}
	return j > 0 && !('0' <= s[0] && s[0] <= '9') && markerName(s[:j])
}

// markerName reports whether s, inside a template marker, is a name:
// letters, digits, _ - . and blanks, its parts letters with perhaps
// digits after them (your-key, API_KEY, String, token2; not vR2!mZ or
// k9Lm).
func markerName(s string) bool {
	if s == "" {
		return false
	}
	for _, part := range strings.FieldsFunc(s, func(r rune) bool { return r == '_' || r == '-' || r == '.' || r == ' ' }) {
		part = strings.TrimRight(part, "0123456789")
		for i := 0; i < len(part); i++ {
			if !letter(part[i]) {
				return false
			}
		}
	}
	return true
}

// masked reports whether v is masked or cut: a run of one character of
// four or more making up half of v or more (ghp_000…, AIzaaaa…,
// sk_live_****…), a run of eight mask characters or more anywhere
// (xoxp-…-####…, ********, xxxxxxxx, ••••••••), or v ends with an
// ellipsis (9cbaf0237...). A random token holds neither; a run of eight
// digits (…-31111111111-…) it may.
func masked(v string) bool {
	if strings.HasSuffix(v, "...") || strings.HasSuffix(v, "…") {
		return true
	}
	runes, run, best, mask := 0, 0, 0, 0
	var last rune = -1
	for _, r := range v {
		runes++
		if r == last {
			run++
		} else {
			last, run = r, 1
		}
		best = max(best, run)
		switch r {
		case '*', '#', '•', 'x', 'X', '.':
			mask = max(mask, run)
		}
	}
	return best >= 4 && 2*best >= runes || mask >= 8
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

// standIn reports whether stand-in words make up v: it holds one, and the
// rest, read in parts between the words and the punctuation, is words
// (and, beside a template word only, whole numbers).
func standIn(v string) bool { return madeOf(v, standInWords[:]) }

// standInWord is a word that makes a value a stand-in; a naming word
// allows no number beside it.
type standInWord struct {
	w      string
	naming bool
}

// madeOf reports whether v holds one of ws (ignoring case) and the rest
// of it is words, and numbers when none of the words found is a naming
// word.
func madeOf(v string, ws []standInWord) bool {
	if len(v) > maxValue {
		return false
	}
	var cover [maxValue + 1]bool
	found, naming := false, false
	for i := 0; i < len(v); i++ {
		for _, w := range ws {
			if len(v)-i >= len(w.w) && strings.EqualFold(v[i:i+len(w.w)], w.w) {
				for k := i; k < i+len(w.w); k++ {
					cover[k] = true
				}
				found = true
				naming = naming || w.naming
			}
		}
	}
	if !found {
		return false
	}
	for i := 0; i < len(v); {
		if cover[i] || !alnum(v[i]) {
			i++
			continue
		}
		j := i
		for j < len(v) && !cover[j] && alnum(v[j]) {
			j++
		}
		if part := v[i:j]; numeric(part) && naming || !numeric(part) && !wordy(part) {
			return false
		}
		i = j
	}
	return true
}

// reference reports whether v refers to a value rather than holding one,
// parsed as a whole: a variable ($X, ${X:-y}, %X%, $env:X), a command
// substitution ($(cmd)), a literal in brackets, a path (/etc/x/key.pem,
// ~/.ssh/id_rsa, $HOME/.aws) or an expression (config.token, f(x),
// os.environ["K"], $this->password, @var, *ptr, Foo::BAR). A value that
// only begins with one of these characters ($ecureP4ss-9x, /u95NCpem…,
// @k9Lm2Qz7Vb) or holds :: or ( somewhere is not one.
func reference(v string) bool {
	if v == "" {
		return false
	}
	n := len(v)
	switch {
	case strings.HasPrefix(v, "${") || strings.HasPrefix(v, "$("):
		return closes(v, 1) == n && n > 3
	case v[0] == '%' && n > 2 && v[n-1] == '%':
		return ident(v[1:n-1]) && nameish(v[1:n-1])
	case (v[0] == '(' || v[0] == '[' || v[0] == '{') && closes(v, 0) == n:
		return true
	}
	return path(v) || expr(v)
}

// closes returns the offset after the bracket that closes the one at v[i]
// (brackets nested, quoted strings skipped), or -1.
func closes(v string, i int) int {
	var stack [16]byte
	depth := 0
	var quote byte
	for ; i < len(v); i++ {
		c := v[i]
		if quote != 0 {
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
			continue
		}
		switch c {
		case '"', '\'':
			quote = c
		case '(', '[', '{':
			if depth == len(stack) {
				return -1
			}
			stack[depth] = closer(c)
			depth++
		case ')', ']', '}':
			if depth == 0 || stack[depth-1] != c {
				return -1
			}
			depth--
			if depth == 0 {
				return i + 1
			}
		}
	}
	return -1
}

// closer returns the bracket that closes c.
func closer(c byte) byte {
	switch c {
	case '(':
		return ')'
	case '[':
		return ']'
	}
	return '}'
}

// path reports whether v is a file path: it starts at a root (/, ~, ., ..,
// a drive, a variable) and every part between its separators is a name
// (words and numbers: key.pem, id_rsa, python3), not random characters.
func path(v string) bool {
	i := 0
	switch {
	case strings.HasPrefix(v, "~"):
		i = 1
	case strings.HasPrefix(v, "../"):
		i = 2
	case strings.HasPrefix(v, "./"):
		i = 1
	case len(v) > 2 && letter(v[0]) && v[1] == ':' && (v[2] == '\\' || v[2] == '/'):
		i = 2
	case strings.HasPrefix(v, "${"):
		i = closes(v, 1)
	case v[0] == '$':
		i = 1
		for i < len(v) && identByte(v[i]) {
			i++
		}
	}
	if i < 0 || i >= len(v) || (v[i] != '/' && v[i] != '\\') || i == 0 && len(v) < 2 {
		return false
	}
	for _, part := range strings.FieldsFunc(v[i:], func(r rune) bool { return r == '/' || r == '\\' }) {
		if !nameish(part) {
			return false
		}
	}
	return true
}

// expr reports whether v is an expression spanning it: names joined by
// . :: -> ?. with calls and indexes after them, behind an optional sigil
// ($ @ * & $env:). Without a sigil it needs a call, an index or two names
// (a single word is judged as a value). A call or index follows a name
// of two letters or more (O5(f0Cj…) is a password).
func expr(v string) bool {
	i, sigil := 0, false
	switch {
	case strings.HasPrefix(v, "$env:"):
		i, sigil = 5, true
	case v[0] == '$' || v[0] == '@' || v[0] == '*' || v[0] == '&':
		i, sigil = 1, true
	}
	names, calls := 0, 0
	for {
		j := i
		if j < len(v) && identStart(v[j]) && v[j] != '$' {
			j++
			for j < len(v) && (alnum(v[j]) || v[j] == '_') {
				j++
			}
		}
		if j == i || !nameish(v[i:j]) {
			return false
		}
		names++
		i = j
		for i < len(v) && (v[i] == '(' || v[i] == '[' || v[i] == '{') && letters(v[:j]) >= 2 {
			k := closes(v, i)
			if k < 0 {
				return false
			}
			i, calls = k, calls+1
		}
		if i == len(v) {
			return sigil || calls > 0 || names >= 2
		}
		switch {
		case v[i] == '.':
			i++
		case strings.HasPrefix(v[i:], "::") || strings.HasPrefix(v[i:], "->") || strings.HasPrefix(v[i:], "?."):
			i += 2
		default:
			return false
		}
	}
}

// letters counts the letters of s.
func letters(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if letter(s[i]) {
			n++
		}
	}
	return n
}

// ident reports whether s is an identifier.
func ident(s string) bool {
	if s == "" || !identStart(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if !identByte(s[i]) {
			return false
		}
	}
	return true
}

// nameish reports whether s reads as a name: its parts between _ - . and
// blanks, trailing digits aside, are words (API_KEY, your-key, id_rsa,
// key.pem, python3, Curve25519), not random characters (vR2!mZ, k9Lm2Qz7Vb,
// u95NCpemnM2wR8fd).
func nameish(s string) bool {
	if s == "" {
		return false
	}
	for _, part := range strings.FieldsFunc(s, func(r rune) bool { return r == '_' || r == '-' || r == '.' || r == ' ' }) {
		part = strings.TrimRight(part, "0123456789")
		if part == "" {
			continue
		}
		if !wordy(part) {
			return false
		}
	}
	return true
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
		return !aWord(v) || passphrase(v)
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

// aWord reports whether v, a password, reads as a word, a name or a type
// rather than a password (Password, CURLOPT_READDATA, Option<String>,
// *string): wordy, two thirds letters or more, and at most one run of
// letters shorter than three. A password of random characters without
// digits is wordy too (U:B+^&/]_)hr:cb), but holds symbols and short runs.
func aWord(v string) bool {
	if !wordy(v) {
		return false
	}
	letters, short := 0, 0
	for i := 0; i < len(v); {
		if !letter(v[i]) {
			i++
			continue
		}
		j := i
		for j < len(v) && letter(v[j]) {
			j++
		}
		letters += j - i
		if j-i < 3 {
			short++
		}
		i = j
	}
	return 3*letters >= 2*len(v) && short <= 1
}

// passphrase reports whether v is a lower-case passphrase of twelve
// letters or more, its words perhaps joined by - _ or . (correcthorse,
// correct-horse-battery): not code (getpass.getpass().
func passphrase(v string) bool {
	if len(v) < 12 {
		return false
	}
	for i := 0; i < len(v); i++ {
		if c := v[i]; !lower(c) && c != '-' && c != '_' && c != '.' {
			return false
		}
	}
	return true
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
