package secret

import (
	"strings"
)

// The valid checks of the catalogue. Each gets the text an expression ran
// on and the match's submatch indexes in it (m[0]:m[1] the match, m[2]:m[3]
// the first group when there is one), and says whether the match is a
// secret rather than a look-alike.

// reported returns the part of a match a finding reports: the first group
// when the pattern has one, else the whole match.
func reported(text string, m []int) string {
	if len(m) >= 4 && m[2] >= 0 {
		return text[m[2]:m[3]]
	}
	return text[m[0]:m[1]]
}

// token: a format rule's match is no placeholder, and random enough
// (after its prefix).
func token(text string, m []int) bool {
	b := body(reported(text, m))
	return !placeholder(b) && (len(b) < 12 || entropy(b) >= 2.5)
}

// paymentToken: a payment token is no placeholder; an EAAA… access
// token is a whole token, not four letters inside a base64 run (a
// picture's bytes often encode as +EAAA…).
func paymentToken(text string, m []int) bool {
	if strings.HasPrefix(text[m[0]:], "EAAA") && !standalone(text, m[0], m[1]) {
		return false
	}
	return token(text, m)
}

// standalone reports whether text[s:e] stands alone: no token or base64
// character right before or after it.
func standalone(text string, s, e int) bool {
	return (s == 0 || !tokenByte(text[s-1])) && (e == len(text) || !tokenByte(text[e]))
}

// ageKey: a file encryption key is no placeholder after its prefix.
func ageKey(text string, m []int) bool {
	t := reported(text, m)
	return !placeholder(t[len("AGE-SECRET-KEY-1"):])
}

// randomToken: a token whose body is not words glued together
// (hf_downloadModelSnapshot…).
func randomToken(text string, m []int) bool {
	b := body(reported(text, m))
	return !placeholder(b) && !wordy(b)
}

// wordToken: a token whose prefix starts a word (sk_test_ inside
// task_test_ is no key).
func wordToken(text string, m []int) bool {
	if m[0] > 0 && (alnum(text[m[0]-1]) || text[m[0]-1] == '_') {
		return false
	}
	return token(text, m)
}

// wholeToken: a token that is a whole word of its alphabet (letters,
// digits, _ ~ . -), not the middle of a longer run, and no placeholder.
func wholeToken(text string, m []int) bool {
	in := func(c byte) bool { return alnum(c) || c == '_' || c == '~' || c == '.' || c == '-' }
	if m[0] > 0 && in(text[m[0]-1]) || m[1] < len(text) && in(text[m[1]]) {
		return false
	}
	return token(text, m)
}

// body returns a token without its prefix: what follows the first _ - . or
// ~ within its first 20 bytes (ghp_…, glpat-…, SG.…, Q~…), or the token
// after a four-letter upper-case prefix (AKIA…, ASIA…).
func body(tok string) string {
	if i := strings.IndexAny(tok, "_-.~"); i >= 0 && i < 20 && i+1 < len(tok) {
		return tok[i+1:]
	}
	if len(tok) > 4 && upper(tok[0]) && upper(tok[1]) {
		return tok[4:]
	}
	return tok
}

// bedrock: a cloud model key's base64 body decodes to what such keys hold
// (a long-lived key names itself, a short-lived one is a signed request to
// the service's host).
func bedrock(text string, m []int) bool {
	t := reported(text, m)
	var b, want string
	if strings.HasPrefix(t, "ABSK") {
		b, want = t[4:], "BedrockAPIKey-"
	} else {
		b, want = t[len("bedrock-api-key-"):], "bedrock.amazonaws.com"
	}
	var buf [32]byte
	dec := decodeBase64Prefix(b, buf[:])
	return strings.HasPrefix(string(dec), want) && !placeholder(b)
}

// jwt: the header of a JSON web token decodes to a JSON object naming its
// algorithm (RFC 7515 and 7516 require "alg"); for a token without a
// signature the payload is a JSON object too.
func jwt(text string, m []int) bool {
	t := text[m[0]:m[1]]
	dot := strings.IndexByte(t, '.')
	if dot < 0 {
		return false
	}
	var buf [96]byte
	head := decodeBase64Prefix(t[:min(dot, 128)], buf[:])
	if len(head) < 2 || head[0] != '{' || !strings.Contains(string(head), `"alg"`) {
		return false
	}
	rest := t[dot+1:]
	var pbuf [8]byte
	p := decodeBase64Prefix(rest[:min(len(rest), 8)], pbuf[:])
	return len(p) > 0 && (p[0] == '{' || strings.Count(t, ".") >= 2)
}

// bearer: the token after "Bearer" is no placeholder.
func bearer(text string, m []int) bool {
	t := text[m[0]:m[1]]
	i := strings.LastIndexAny(t, " \t\r\n")
	return !placeholder(t[i+1:])
}

// apiKey: the value after api_key and its separators is no placeholder
// and no identifier (APIKey  TypeBasicAuthentication).
func apiKey(text string, m []int) bool {
	t := text[m[0]:m[1]]
	i := strings.IndexFunc(t, func(r rune) bool {
		return r == ' ' || r == '\t' || r == '\n' || r == ':' || r == '=' || r == '\r' || r == '\v' || r == '\f'
	})
	if i < 0 {
		return true
	}
	v := strings.TrimLeft(t[i:], " \t\n\r\v\f:=")
	v = strings.Trim(v, `'"`)
	return !placeholder(v) && !wordy(v)
}

// urlPassword: the password in a URL's user information is no
// placeholder (user:password@, user:xxxxxxxx@); for a URL of any scheme it
// must also look like a password (not a word or a reference).
func urlPassword(text string, m []int) bool {
	t := text[m[0]:m[1]]
	s := strings.Index(t, "://")
	at := strings.LastIndexByte(t, '@')
	if s < 0 || at < s {
		return false
	}
	userinfo := t[s+3 : at]
	c := strings.IndexByte(userinfo, ':')
	if c < 0 {
		return false
	}
	pw := userinfo[c+1:]
	if len(m) >= 4 && m[2] >= 0 {
		// Any scheme: judged as a password, URL escapes and all.
		return !placeholder(pw) && len(pw) >= 8 && !wordy(pw) && !numeric(pw)
	}
	return !placeholder(pw)
}

// envSecret: a NAME=value line whose name names a secret (not
// SECRET_NAME, CREDENTIALS_ID, MAX_TOKENS) and whose value is a credential
// (not a placeholder, a reference, a number or a word).
func envSecret(text string, m []int) bool {
	line := text[m[0]:m[2]]
	eq := strings.LastIndexByte(line, '=')
	if eq < 0 {
		return false
	}
	name := strings.TrimSpace(line[:eq])
	if f := strings.Fields(name); len(f) == 2 && f[0] == "export" {
		name = f[1]
	}
	kind, head := judgeName(name)
	if kind == notSecret {
		return false
	}
	return assignedValue(text[m[2]:m[3]], name, head, lenient)
}

// decodeBase64Prefix decodes the leading groups of s, standard or URL
// alphabet, into buf (as much as fits), stopping at the first byte that is
// not base64.
func decodeBase64Prefix(s string, buf []byte) []byte {
	n := 0
	var acc uint32
	bits := 0
	for i := 0; i < len(s) && n < len(buf); i++ {
		v := b64val(s[i])
		if v < 0 {
			break
		}
		acc = acc<<6 | uint32(v)
		bits += 6
		if bits >= 8 {
			bits -= 8
			buf[n] = byte(acc >> bits)
			n++
		}
	}
	return buf[:n]
}

// b64val is the value of a base64 digit in the standard or URL alphabet,
// or -1.
func b64val(c byte) int {
	switch {
	case 'A' <= c && c <= 'Z':
		return int(c - 'A')
	case 'a' <= c && c <= 'z':
		return int(c-'a') + 26
	case '0' <= c && c <= '9':
		return int(c-'0') + 52
	case c == '+' || c == '-':
		return 62
	case c == '/' || c == '_':
		return 63
	}
	return -1
}
