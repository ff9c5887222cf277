package secret

import (
	"strings"
	"unicode/utf8"
)

// Decoded layers: secrets that leave encoded. A base64 run (a private key
// through `base64 id_rsa`, kube's client-key-data, docker's auth), a hex
// run, URL-encoded text and backslash escapes (\uXXXX, \xHH, \/) are
// decoded, and what they decode to is checked again. Only decodings that
// read as text are kept: random base64 (an identifier, a path, a hash)
// decodes to bytes that do not.
//
// Bounds: a run is decoded up to maxRun bytes, two layers deep
// (maxDepth), and all layers of a call together decode at most the
// call's budget (newBudget), so encoded text costs at most a few times its
// size however it nests.

const (
	maxDepth  = 2       // decoded layers below the text as written
	maxRun    = 1 << 20 // bytes of one encoded run decoded
	minBase64 = 20      // shortest base64 run decoded (15 bytes of text)
	minHex    = 32      // shortest hex run decoded (16 bytes of text)
	minText   = 12      // shortest decoded text checked
)

// budget is what a call may still decode, in bytes of decoded text.
type budget struct{ left int }

// newBudget allows a call on text to decode as much as text holds plus
// 256 KiB.
func newBudget(text string) budget { return budget{left: len(text) + 256<<10} }

// take reserves n bytes of decoded text; false when the budget is spent.
func (b *budget) take(n int) bool {
	if n > b.left {
		b.left = 0
		return false
	}
	b.left -= n
	return true
}

// layer is one decoded run of a text.
type layer struct {
	start, end int    // the encoded run in the text it was found in
	text       string // what it decodes to
	enc        string // how it was encoded, for reasons: "base64-encoded"…
	// rule, when set, makes the layer itself a finding of that rule, with
	// no text to check: a run that decodes to binary only a credential
	// has (a key body, keybody.go; a bot token's account id, bottoken.go).
	rule string
	// offs, when set, maps each byte of text (and its end) to the offset
	// in the encoded text of the encoding that produced it: a match in
	// text is then the encoded bytes of the match alone. Without it, a
	// match is the whole run.
	offs []int32
	// flat: text is the text's own bytes, one for one with line ends
	// taken out (a wrapped block), read as written only, not decoded
	// again (wrapped encodings are decoded where they stand, and a block
	// of data is large); a match ends at its last byte's end, not over
	// the line end after it.
	flat bool
	// joint, when set, is where in text a line break was taken out (a
	// broken token, breaks.go; text is the bytes of [start, end) but the
	// break, mapped without offs), and run the token's characters joined
	// around it: only a match within run holding bytes on both sides of
	// joint is the layer's (PASSWORD=changeme, a line end, USERNAME=x is
	// no value changemeUSERNAME=x).
	joint int
	run   [2]int
}

// holds reports whether a match [s, e) of l.text is l's: any match, or
// one across the joint within the run.
func (l *layer) holds(s, e int) bool {
	return l.joint == 0 || l.run[0] <= s && s < l.joint && l.joint < e && e <= l.run[1]
}

// depth returns how many layers deep l's text is read, d being l's own.
func (l *layer) depth(d int) int {
	if l.flat {
		return 0
	}
	return d - 1
}

// parent maps an offset in l.text to the encoded text.
func (l *layer) parent(i int) int {
	if l.joint > 0 { // the text's bytes, a break taken out at joint
		if i >= l.joint {
			return l.end - len(l.text) + i
		}
		return l.start + i
	}
	if l.offs == nil {
		return l.start
	}
	return int(l.offs[i])
}

// parentSpan maps the span [s, e) of l.text to the encoded text: from the
// encoding of its first byte to the end of the encoding of its last (a
// character decoded from one escape is never cut).
func (l *layer) parentSpan(s, e int) (int, int) {
	if l.joint > 0 && e > s {
		return l.parent(s), l.parent(e-1) + 1
	}
	if l.joint > 0 {
		return l.parent(s), l.parent(s)
	}
	if l.offs == nil {
		return l.start, l.end
	}
	if e <= s {
		return int(l.offs[s]), int(l.offs[s])
	}
	if l.flat {
		return int(l.offs[s]), int(l.offs[e-1]) + 1
	}
	last := l.offs[e-1]
	for e < len(l.offs)-1 && l.offs[e] == last {
		e++
	}
	return int(l.offs[s]), int(l.offs[e])
}

// layers calls fn for each decoded layer of text, in order of position,
// until fn returns false or the budget is spent.
func layers(text string, b *budget, fn func(*layer) bool) {
	if l, ok := terminalLayer(text, true); ok { // terminal.go
		// The escapes taken out: the same text, not a decoding, so it
		// costs the budget nothing.
		b.left += len(l.text)
		if !fn(&l) {
			return
		}
	}
	if !encodedRuns(text, b, fn) {
		return
	}
	if strings.IndexByte(text, '%') >= 0 && !percentRuns(text, b, fn) {
		return
	}
	if strings.IndexByte(text, '\\') >= 0 && !escapedRuns(text, b, fn) {
		return
	}
	// A broken token's lines are the text's own bytes, twice at most: no
	// decoding, so they cost the budget nothing.
	if (strings.IndexByte(text, '\n') >= 0 || strings.IndexByte(text, '\\') >= 0) && !brokenRuns(text, fn) { // breaks.go
		return
	}
	if strings.IndexByte(text, '\n') >= 0 {
		wrappedRuns(text, b, fn) // wraps.go
	}
}

// b64class holds, for each byte, 1 when it is a base64 digit of either
// alphabet (A-Z a-z 0-9 + / - _), 3 when it is a hex digit as well.
var b64class = [256]uint8{
	'A': 3, 'B': 3, 'C': 3, 'D': 3, 'E': 3, 'F': 3, 'G': 1, 'H': 1, 'I': 1, 'J': 1, 'K': 1, 'L': 1, 'M': 1,
	'N': 1, 'O': 1, 'P': 1, 'Q': 1, 'R': 1, 'S': 1, 'T': 1, 'U': 1, 'V': 1, 'W': 1, 'X': 1, 'Y': 1, 'Z': 1,
	'a': 3, 'b': 3, 'c': 3, 'd': 3, 'e': 3, 'f': 3, 'g': 1, 'h': 1, 'i': 1, 'j': 1, 'k': 1, 'l': 1, 'm': 1,
	'n': 1, 'o': 1, 'p': 1, 'q': 1, 'r': 1, 's': 1, 't': 1, 'u': 1, 'v': 1, 'w': 1, 'x': 1, 'y': 1, 'z': 1,
	'0': 3, '1': 3, '2': 3, '3': 3, '4': 3, '5': 3, '6': 3, '7': 3, '8': 3, '9': 3,
	'+': 1, '/': 1, '-': 1, '_': 1,
}

// encodedRuns calls fn for each base64 or hex run of text that decodes to
// text; false when fn stopped or the budget is spent.
//
// Runs are found without a branch per byte: the length of the current run
// grows by one or drops to zero at each byte, and only a run reaching
// minBase64 stops the loop; most runs in ordinary text (words,
// identifiers) are shorter.
func encodedRuns(text string, b *budget, fn func(*layer) bool) bool {
	n := len(text)
	run := 0
	flat := 0   // runs starting before flat are read a line at a time
	var l layer // one for the call: &l escapes to fn
	for i := 0; i < n; i++ {
		run = (run + 1) * int(b64class[text[i]]&1)
		if run != minBase64 {
			continue
		}
		start, end := i+1-minBase64, i+1
		for end < n && b64class[text[end]] != 0 {
			end++
		}
		hex := true
		for j := start; j < end && hex; j++ {
			hex = b64class[text[j]] == 3
		}
		joined := false
		if !hex {
			if start >= flat {
				line := end
				end = wrapped(text, start, end)
				joined = end > line
			}
			for end < n && end-start < maxRun && text[end] == '=' {
				end++
			}
		}
		i, run = end-1, 0
		var ok bool
		if l, ok = decodeRun(text, start, end, hex, b); !ok {
			if b.left == 0 {
				return false
			}
			if joined {
				// Joined lines that are not text together may be apart
				// (a line of binary, then a line of an encoded token):
				// read them again a line at a time.
				flat, i = end, start-1
			}
			continue
		}
		if !fn(&l) {
			return false
		}
	}
	return true
}

// wrapped extends a base64 run text[start:end] over the lines that
// continue it when it is wrapped (`base64` writes 76 columns, PEM 64,
// OpenSSH 70, `base64 -w N` any N): runs as long as the first line, then
// a last shorter one. Lines that do not decode together are read again a
// line at a time (see the caller).
func wrapped(text string, start, end int) int {
	width := end - start
	if width < minBase64 {
		return end
	}
	for end-start < maxRun {
		next := end
		if next < len(text) && text[next] == '\r' {
			next++
		}
		if next >= len(text) || text[next] != '\n' {
			return end
		}
		next++
		j := next
		for j < len(text) && j-next <= width && b64class[text[j]] != 0 {
			j++
		}
		if j == next || j-next > width {
			return end
		}
		end = j
		if j-next < width {
			return end // the last line
		}
	}
	return end
}

// decodeRun decodes the run text[start:end] (hex or base64) and returns
// its layer when it reads as text.
func decodeRun(text string, start, end int, hex bool, b *budget) (layer, bool) {
	run := text[start:min(end, start+maxRun)]
	if hex {
		if len(run) < minHex || len(run)%2 != 0 || numeric(run) {
			return layer{}, false
		}
		var head [32]byte
		if !textual(decodeHex(run[:min(len(run), 64)], head[:0])) || !b.take(len(run)/2) {
			return layer{}, false
		}
		dec := decodeHex(run, make([]byte, 0, len(run)/2))
		if !textual(dec) {
			return layer{}, false
		}
		return layer{start: start, end: end, text: string(dec), enc: "hex-encoded"}, true
	}
	if keyBody(text, start, end) {
		return layer{start: start, end: end, rule: "private_key", enc: "a key body without its header"}, true
	}
	if e, ok := botTokenAt(text, start, end); ok {
		return layer{start: start, end: e, rule: "chat_bot_token"}, true
	}
	// Try the alignments: a run may start a byte or three before the
	// base64 (a word glued to it).
	for skip := 0; skip < 4 && len(run)-skip >= minBase64; skip++ {
		if !textualBase64(digits(run[skip:], 64)) {
			continue
		}
		if !b.take(len(run) * 3 / 4) {
			return layer{}, false
		}
		dec := decodeBase64(run[skip:], make([]byte, 0, len(run)*3/4+3))
		if len(dec) < minText || !textual(dec) {
			return layer{}, false
		}
		return layer{start: start, end: end, text: string(dec), enc: "base64-encoded"}, true
	}
	return layer{}, false
}

// digits returns the first max bytes of s without its line breaks: the
// head of a wrapped run, its groups of four aligned however wide its lines.
func digits(s string, max int) string {
	head := s[:min(len(s), max)]
	if strings.IndexAny(head, "\r\n") < 0 {
		return head
	}
	buf := make([]byte, 0, max)
	for i := 0; i < len(s) && len(buf) < max; i++ {
		if s[i] != '\n' && s[i] != '\r' {
			buf = append(buf, s[i])
		}
	}
	return string(buf)
}

// textualBase64 reports whether the base64 digits of s decode to ASCII
// text: tab, line breaks and printable characters. It stops at the first
// byte that is not, the first or second of random data. (Keys, tokens,
// user:password pairs and configuration are ASCII; a run whose head is
// not is not decoded.)
func textualBase64(s string) bool {
	var buf [3]byte
	for k := 0; k < len(s); k += 4 { // four digits at a time: random data stops at the first
		for _, c := range decodeBase64(s[k:min(len(s), k+4)], buf[:0]) {
			if c < 0x20 && c != '\t' && c != '\n' && c != '\r' || c >= 0x7f {
				return false
			}
		}
	}
	return true
}

// decodeBase64 appends the bytes the base64 digits of s decode to
// (standard or URL alphabet, line breaks and padding skipped) to dst.
func decodeBase64(s string, dst []byte) []byte {
	var acc uint32
	bits := 0
	for i := 0; i < len(s); i++ {
		v := b64val(s[i])
		if v < 0 {
			continue
		}
		acc = acc<<6 | uint32(v)
		bits += 6
		if bits >= 8 {
			bits -= 8
			dst = append(dst, byte(acc>>bits))
		}
	}
	return dst
}

// decodeHex appends the bytes pairs of hex digits in s decode to to dst.
func decodeHex(s string, dst []byte) []byte {
	for i := 0; i+1 < len(s); i += 2 {
		dst = append(dst, unhex(s[i])<<4|unhex(s[i+1]))
	}
	return dst
}

func unhex(c byte) byte {
	switch {
	case '0' <= c && c <= '9':
		return c - '0'
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10
	}
	return 0
}

func isHex(c byte) bool { return b64class[c] == 3 }

// textual reports whether b reads as text: valid UTF-8 (a character cut
// at its end allowed) without control characters other than tab and line
// breaks.
func textual(b []byte) bool {
	if len(b) == 0 {
		return false
	}
	for i := 0; i < len(b); {
		c := b[i]
		if c < utf8.RuneSelf {
			if c < 0x20 && c != '\t' && c != '\n' && c != '\r' || c == 0x7f {
				return false
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 {
			return len(b)-i < utf8.UTFMax && !utf8.FullRune(b[i:]) // cut at the end
		}
		i += size
	}
	return true
}

// percentRuns calls fn for each run of non-blank text holding URL escapes
// (%XX), decoded; false when fn stopped or the budget is spent.
func percentRuns(text string, b *budget, fn func(*layer) bool) bool {
	var l layer
	for i := 0; i < len(text); {
		k := strings.IndexByte(text[i:], '%')
		if k < 0 {
			return true
		}
		k += i
		if k+2 >= len(text) || !isHex(text[k+1]) || !isHex(text[k+2]) || !printable(unhex(text[k+1])<<4|unhex(text[k+2])) {
			i = k + 1 // not an escape, or one that hides nothing (%0A, %C3)
			continue
		}
		start, end := k, k
		for start > 0 && !blank(text[start-1]) && k-start < maxRun {
			start--
		}
		for end < len(text) && !blank(text[end]) && end-start < maxRun {
			end++
		}
		i = end
		var ok bool
		if l, ok = unescapeRun(text, start, end, b, percentEscape, "URL-encoded"); !ok {
			if b.left == 0 {
				return false
			}
			continue
		}
		if !fn(&l) {
			return false
		}
	}
	return true
}

// escapedRuns calls fn for each line of text holding \uXXXX, \xHH or \/
// escapes, decoded; false when fn stopped or the budget is spent.
func escapedRuns(text string, b *budget, fn func(*layer) bool) bool {
	var l layer
	for i := 0; i < len(text); {
		k := strings.IndexByte(text[i:], '\\')
		if k < 0 {
			return true
		}
		k += i
		var buf [utf8.UTFMax]byte
		if dec, n := backslashEscape(text, k, &buf); n == 0 || text[k+1] != '/' && text[k+1] != 'u' && text[k+1] != 'x' ||
			len(dec) != 1 || !printable(dec[0]) {
			i = k + 2 // an escape that hides nothing (\n, \x00, \u00e9)
			continue
		}
		start := strings.LastIndexByte(text[:k], '\n') + 1
		start = max(start, k-maxRun/2)
		end := strings.IndexByte(text[k:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += k
		}
		end = min(end, start+maxRun)
		i = end
		var ok bool
		if l, ok = unescapeRun(text, start, end, b, backslashEscape, "escaped"); !ok {
			if b.left == 0 {
				return false
			}
			continue
		}
		if !fn(&l) {
			return false
		}
	}
	return true
}

// escapeFunc reads the escape at s[i] when there is one: the bytes it
// stands for (written to buf) and its length.
type escapeFunc func(s string, i int, buf *[utf8.UTFMax]byte) (out []byte, n int)

// percentEscape reads %XX.
func percentEscape(s string, i int, buf *[utf8.UTFMax]byte) ([]byte, int) {
	if s[i] != '%' || i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
		return nil, 0
	}
	buf[0] = unhex(s[i+1])<<4 | unhex(s[i+2])
	return buf[:1], 3
}

// backslashEscape reads \uXXXX, \xHH, \n, \t, \r, \/ \" \' \\.
func backslashEscape(s string, i int, buf *[utf8.UTFMax]byte) ([]byte, int) {
	if s[i] != '\\' || i+1 >= len(s) {
		return nil, 0
	}
	switch c := s[i+1]; c {
	case 'u':
		if i+5 < len(s) && isHex(s[i+2]) && isHex(s[i+3]) && isHex(s[i+4]) && isHex(s[i+5]) {
			r := rune(unhex(s[i+2]))<<12 | rune(unhex(s[i+3]))<<8 | rune(unhex(s[i+4]))<<4 | rune(unhex(s[i+5]))
			n := utf8.EncodeRune(buf[:], r)
			return buf[:n], 6
		}
	case 'x':
		if i+3 < len(s) && isHex(s[i+2]) && isHex(s[i+3]) {
			buf[0] = unhex(s[i+2])<<4 | unhex(s[i+3])
			return buf[:1], 4
		}
	case 'n':
		buf[0] = '\n'
		return buf[:1], 2
	case 't':
		buf[0] = '\t'
		return buf[:1], 2
	case 'r':
		buf[0] = '\r'
		return buf[:1], 2
	case '/', '"', '\'', '\\':
		buf[0] = c
		return buf[:1], 2
	}
	return nil, 0
}

// unescapeRun decodes the escapes of text[start:end] with esc and returns
// the layer, with each decoded byte mapped to the encoded text.
func unescapeRun(text string, start, end int, b *budget, esc escapeFunc, enc string) (layer, bool) {
	run := text[start:end]
	if !b.take(len(run)) {
		return layer{}, false
	}
	out := make([]byte, 0, len(run))
	offs := make([]int32, 0, len(run)+1)
	var buf [utf8.UTFMax]byte
	changed := false
	for i := 0; i < len(run); {
		if dec, n := esc(run, i, &buf); n > 0 {
			for range dec {
				offs = append(offs, int32(start+i))
			}
			out = append(out, dec...)
			i += n
			changed = true
			continue
		}
		offs = append(offs, int32(start+i))
		out = append(out, run[i])
		i++
	}
	offs = append(offs, int32(end))
	if !changed || len(out) < minText {
		return layer{}, false
	}
	return layer{start: start, end: end, text: string(out), enc: enc, offs: offs}, true
}

// printable reports whether c is a printable ASCII character.
func printable(c byte) bool { return 0x20 <= c && c < 0x7f }

func blank(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f' || c == '"' || c == '\'' || c == '<' || c == '>'
}
