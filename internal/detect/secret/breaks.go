package secret

import "strings"

// Broken tokens: a token printed with one line break inside it (a
// newline put in its middle, or `\n` written escaped, as a repr or a log
// line does) is two runs of a token's characters that no rule matches
// apart, and no wrap (wraps.go needs two lines of one width). Each line
// break between two such runs, minBroken characters each at least, is
// read once more with the break taken out: the line before it and the
// run after it, maxBrokenSide bytes of each at most, joined. Only a
// match within the joined run that holds the break counts (layer.joint,
// layer.run): what either line holds alone is found where it stands, and
// a line of KEY=VALUE after a value is no part of it. Each line is in
// two such readings at most (with the break before it and the one after),
// so the reading costs at most twice the text's lines that qualify.

const (
	minBroken     = 8   // a token's characters on each side of a break joined
	maxBrokenSide = 512 // bytes of the line on each side of a break read joined
)

// brokenRuns calls fn for each line break between two runs of a token's
// characters with the lines around it joined; false when fn stopped. A
// break is \n or \r\n, or either escaped (the two characters \n, the four
// \r\n).
func brokenRuns(text string, fn func(*layer) bool) bool {
	var l layer // one for the call: &l escapes to fn
	esc := strings.IndexByte(text, '\\') >= 0
	line := 0 // where the line before the break starts
	bs, be := nextBreak(text, 0, esc)
	for bs < len(text) {
		ns, ne := nextBreak(text, be, esc)
		if tokenEdge(text[line:bs], true) && tokenEdge(text[be:ns], false) {
			l = joinedLayer(text, max(line, bs-maxBrokenSide), bs, be, min(ns, be+maxBrokenSide))
			if !fn(&l) {
				return false
			}
		}
		line, bs, be = be, ns, ne
	}
	return true
}

// nextBreak returns where the first line break at or after from starts
// and ends, or len(text) twice; escaped ones too when esc. An escaped
// backslash (\\) is no break's start: \\n is a backslash and an n
// (C:\\new).
func nextBreak(text string, from int, esc bool) (int, int) {
	for i := from; i < len(text); i++ {
		var k int
		if esc {
			k = strings.IndexAny(text[i:], "\n\\")
		} else {
			k = strings.IndexByte(text[i:], '\n')
		}
		if k < 0 {
			break
		}
		i += k
		if text[i] == '\n' {
			if i > from && text[i-1] == '\r' {
				return i - 1, i + 1
			}
			return i, i + 1
		}
		switch rest := text[i+1:]; {
		case strings.HasPrefix(rest, "n"):
			return i, i + 2
		case strings.HasPrefix(rest, `r\n`):
			return i, i + 4
		case strings.HasPrefix(rest, `\`):
			i++ // an escaped backslash
		}
	}
	return len(text), len(text)
}

// tokenEdge reports whether s ends (tail) or starts with minBroken of a
// token's characters.
func tokenEdge(s string, tail bool) bool {
	if len(s) < minBroken {
		return false
	}
	if tail {
		s = s[len(s)-minBroken:]
	}
	for i := range minBroken {
		if b64class[s[i]] == 0 {
			return false
		}
	}
	return true
}

// joinedLayer returns text[lo:bs] and the token run after the break
// text[bs:be] (up to hi) as a layer of the text's own bytes, its run the
// token's characters (with dots and padding) on either side of the
// break: a match ends within the run, so nothing after it is read.
func joinedLayer(text string, lo, bs, be, hi int) layer {
	rs, re := bs, be
	for rs > lo && runByte(text[rs-1]) {
		rs--
	}
	for re < hi && runByte(text[re]) {
		re++
	}
	for re < hi && text[re] == '=' { // padding
		re++
	}
	var b strings.Builder
	b.Grow(re - lo - (be - bs))
	b.WriteString(text[lo:bs])
	b.WriteString(text[be:re])
	j := bs - lo
	return layer{start: lo, end: re, text: b.String(), enc: "joined across a line break", flat: true,
		joint: j, run: [2]int{rs - lo, j + re - be}}
}

// runByte reports whether c can be in a token's run: a token's character
// or a dot (a JWT's parts).
func runByte(c byte) bool { return b64class[c] != 0 || c == '.' }
