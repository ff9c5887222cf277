package secret

import "strings"

// botTokenAt reports whether the base64 run text[start:end] starts a
// messenger bot token of the id.time.hmac kind, and where the token ends:
// the run stands alone before it, decodes to an account id (17 to 20
// digits), and is followed by a dot, six characters of a timestamp, a dot
// and 27 to 38 characters of a signature that is random (no placeholder)
// and stands alone after it.
func botTokenAt(text string, start, end int) (int, bool) {
	if n := end - start; n < 23 || n > 27 || end >= len(text) || text[end] != '.' ||
		start > 0 && text[start-1] != '=' && tokenByte(text[start-1]) {
		return 0, false
	}
	var buf [24]byte
	id := string(decodeBase64Prefix(text[start:end], buf[:]))
	if len(id) < 17 || len(id) > 20 || strings.Trim(id, "0123456789") != "" || id[0] == '0' {
		return 0, false
	}
	p := end + 1
	for p < len(text) && p-end-1 < 7 && urlBase64(text[p]) {
		p++
	}
	if p-end-1 != 6 || p >= len(text) || text[p] != '.' {
		return 0, false
	}
	s := p + 1
	e := s
	for e < len(text) && e-s <= 38 && urlBase64(text[e]) {
		e++
	}
	if e-s < 27 || e-s > 38 || e < len(text) && tokenByte(text[e]) {
		return 0, false
	}
	if sig := text[s:e]; placeholder(sig) || entropy(sig) < 3 {
		return 0, false
	}
	return e, true
}

// urlBase64 reports whether c is a digit of the URL-safe base64 alphabet.
func urlBase64(c byte) bool { return alnum(c) || c == '-' || c == '_' }

// tokenByte reports whether c can be part of a token or a base64 run.
func tokenByte(c byte) bool { return alnum(c) || strings.IndexByte("+/=_-.", c) >= 0 }
