package agent

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// The payload decoder's fast path. encoding/json copies what it decodes
// more than once (json.RawMessage members copy their bytes, a string is
// unquoted into a buffer and copied again, a json.Decoder copies its whole
// input into its own buffer), and on a hook process every fresh page costs.
// These functions read the payload's bytes in place: a member is a slice of
// them, a string is unquoted once. They accept only what encoding/json
// accepts and decode it to the same values (FuzzDecodeObject,
// FuzzStringValue, FuzzTokens); on anything they do not accept the callers
// fall back to encoding/json, which then says what is wrong.

// maxFastDepth bounds the nesting the fast path reads; deeper documents go
// through encoding/json (which allows 10000 levels).
const maxFastDepth = 512

// isSpace reports JSON's white space.
func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// skipSpace returns the index of the first byte at or after i that is not
// white space.
func skipSpace(b []byte, i int) int {
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	return i
}

// validValue reports whether b holds exactly one JSON value, with optional
// white space around it.
func validValue(b []byte) bool {
	i := skipSpace(b, 0)
	end, ok := scanValue(b, i, 0)
	return ok && skipSpace(b, end) == len(b)
}

// scanValue scans the value at b[i:] and returns the index just past it.
func scanValue(b []byte, i, depth int) (int, bool) {
	if i >= len(b) {
		return i, false
	}
	switch c := b[i]; {
	case c == '"':
		end, _, ok := scanString(b, i)
		return end, ok
	case c == '{':
		if depth >= maxFastDepth {
			return i, false
		}
		i = skipSpace(b, i+1)
		if i < len(b) && b[i] == '}' {
			return i + 1, true
		}
		for {
			if i >= len(b) || b[i] != '"' {
				return i, false
			}
			end, _, ok := scanString(b, i)
			if !ok {
				return i, false
			}
			i = skipSpace(b, end)
			if i >= len(b) || b[i] != ':' {
				return i, false
			}
			if i, ok = scanValue(b, skipSpace(b, i+1), depth+1); !ok {
				return i, false
			}
			i = skipSpace(b, i)
			if i >= len(b) {
				return i, false
			}
			if b[i] == '}' {
				return i + 1, true
			}
			if b[i] != ',' {
				return i, false
			}
			i = skipSpace(b, i+1)
		}
	case c == '[':
		if depth >= maxFastDepth {
			return i, false
		}
		i = skipSpace(b, i+1)
		if i < len(b) && b[i] == ']' {
			return i + 1, true
		}
		for {
			var ok bool
			if i, ok = scanValue(b, i, depth+1); !ok {
				return i, false
			}
			i = skipSpace(b, i)
			if i >= len(b) {
				return i, false
			}
			if b[i] == ']' {
				return i + 1, true
			}
			if b[i] != ',' {
				return i, false
			}
			i = skipSpace(b, i+1)
		}
	case c == 't':
		return scanWord(b, i, "true")
	case c == 'f':
		return scanWord(b, i, "false")
	case c == 'n':
		return scanWord(b, i, "null")
	case c == '-' || c >= '0' && c <= '9':
		return scanNumber(b, i)
	}
	return i, false
}

func scanWord(b []byte, i int, w string) (int, bool) {
	if len(b)-i < len(w) || string(b[i:i+len(w)]) != w {
		return i, false
	}
	return i + len(w), true
}

// scanNumber scans -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?.
func scanNumber(b []byte, i int) (int, bool) {
	digits := func(i int) int {
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
		return i
	}
	if b[i] == '-' {
		i++
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case i < len(b) && b[i] >= '1' && b[i] <= '9':
		i = digits(i + 1)
	default:
		return i, false
	}
	if i < len(b) && b[i] == '.' {
		j := digits(i + 1)
		if j == i+1 {
			return j, false
		}
		i = j
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		j := digits(i)
		if j == i {
			return j, false
		}
		i = j
	}
	return i, true
}

// scanString scans the string whose opening quote is b[i] and returns the
// index past its closing quote, and whether it is plain: no escapes and no
// bytes outside ASCII, so its content is its value as it is.
func scanString(b []byte, i int) (end int, plain, ok bool) {
	plain = true
	for i++; i < len(b); {
		c := b[i]
		switch {
		case c == '"':
			return i + 1, plain, true
		case c == '\\':
			plain = false
			if i+1 >= len(b) {
				return i, false, false
			}
			switch b[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if len(b)-i < 6 || hex4(b[i+2:i+6]) < 0 {
					return i, false, false
				}
				i += 6
			default:
				return i, false, false
			}
		case c < 0x20:
			return i, false, false
		default:
			if c >= utf8.RuneSelf {
				plain = false
			}
			i++
		}
	}
	return i, false, false
}

// hex4 decodes four hex digits, or returns -1.
func hex4(b []byte) rune {
	var r rune
	for _, c := range b[:4] {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			c = c - 'A' + 10
		default:
			return -1
		}
		r = r*16 + rune(c)
	}
	return r
}

// unquoteString returns the value of the valid JSON string raw (quotes
// included), decoded as encoding/json decodes it: escapes resolved, a lone
// or broken surrogate and each byte of invalid UTF-8 replaced by U+FFFD. It
// copies the text once.
func unquoteString(raw []byte) string {
	s := raw[1 : len(raw)-1]
	clean := true
	for _, c := range s {
		if c == '\\' || c >= utf8.RuneSelf {
			clean = false
			break
		}
	}
	if clean {
		return string(s)
	}
	// A Builder grown to the escaped length (an escape never decodes
	// longer than itself; only bytes of invalid UTF-8, each replaced by
	// three, can outgrow it) hands its bytes over as the string: the text
	// is copied once.
	var out strings.Builder
	out.Grow(len(s) + 2*utf8.UTFMax)
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\\':
			switch s[i+1] {
			case 'b':
				out.WriteByte('\b')
			case 'f':
				out.WriteByte('\f')
			case 'n':
				out.WriteByte('\n')
			case 'r':
				out.WriteByte('\r')
			case 't':
				out.WriteByte('\t')
			case 'u':
				r := hex4(s[i+2 : i+6])
				i += 6
				if utf16.IsSurrogate(r) {
					r1 := rune(-1)
					if len(s)-i >= 6 && s[i] == '\\' && s[i+1] == 'u' {
						r1 = hex4(s[i+2 : i+6])
					}
					if dec := utf16.DecodeRune(r, r1); dec != unicode.ReplacementChar {
						i += 6
						out.WriteRune(dec)
						continue
					}
					r = unicode.ReplacementChar
				}
				out.WriteRune(r)
				continue
			default: // " \ /
				out.WriteByte(s[i+1])
			}
			i += 2
		case c < utf8.RuneSelf:
			j := i + 1
			for j < len(s) && s[j] < utf8.RuneSelf && s[j] != '\\' {
				j++
			}
			out.Write(s[i:j])
			i = j
		default:
			r, size := utf8.DecodeRune(s[i:])
			if r == utf8.RuneError && size == 1 {
				out.WriteRune(unicode.ReplacementChar)
			} else {
				out.Write(s[i : i+size])
			}
			i += size
		}
	}
	return out.String()
}

// stringValue returns the value of raw when it is a valid JSON string,
// with optional white space around it.
func stringValue(raw []byte) (string, bool) {
	i := skipSpace(raw, 0)
	if i >= len(raw) || raw[i] != '"' {
		return "", false
	}
	end, _, ok := scanString(raw, i)
	if !ok || skipSpace(raw, end) != len(raw) {
		return "", false
	}
	return unquoteString(raw[i:end]), true
}

// splitObject returns the members of the JSON object data as
// json.Unmarshal into a map[string]json.RawMessage does (a later duplicate
// key wins; each value without the white space around it), but with each
// value a slice of data rather than a copy. ok is false when data is not
// one valid JSON object. trusted says data was already checked as part of
// a valid document; the split checks each member as it reads it, so that
// costs nothing more and the answer is the same.
func splitObject(data []byte, trusted bool) (m map[string]json.RawMessage, ok bool) {
	// One pass: each member is checked as it is split off (a payload's
	// large result is read here once, not once to check and once to split).
	i := skipSpace(data, 0)
	if i >= len(data) || data[i] != '{' {
		return nil, false
	}
	m = map[string]json.RawMessage{}
	i = skipSpace(data, i+1)
	if i < len(data) && data[i] == '}' {
		return m, skipSpace(data, i+1) == len(data)
	}
	for {
		if i >= len(data) || data[i] != '"' {
			return nil, false
		}
		end, plain, ok := scanString(data, i)
		if !ok {
			return nil, false
		}
		var key string
		if plain {
			key = string(data[i+1 : end-1])
		} else {
			key = unquoteString(data[i:end])
		}
		i = skipSpace(data, end)
		if i >= len(data) || data[i] != ':' {
			return nil, false
		}
		i = skipSpace(data, i+1) // at the value
		vend, ok := scanValue(data, i, 1)
		if !ok {
			return nil, false
		}
		m[key] = data[i:vend:vend]
		i = skipSpace(data, vend) // at ',' or '}'
		if i >= len(data) {
			return nil, false
		}
		if data[i] == '}' {
			return m, skipSpace(data, i+1) == len(data)
		}
		if data[i] != ',' {
			return nil, false
		}
		i = skipSpace(data, i+1)
	}
}

// fastTokens returns the tokens of raw, one valid JSON value, as a
// json.Decoder with UseNumber returns them from Token (json.Delim, string,
// json.Number, bool, nil for null), with each string unquoted once. ok is
// false when raw is not one valid value within the fast path's depth.
func fastTokens(raw []byte) (toks []json.Token, ok bool) {
	// One pass: the value is checked as its tokens are read.
	t := tokenizer{raw: raw}
	end, ok := t.value(skipSpace(raw, 0), 0)
	if !ok || skipSpace(raw, end) != len(raw) {
		return nil, false
	}
	return t.toks, true
}

// tokenizer reads the tokens of raw into toks, checking the grammar.
type tokenizer struct {
	raw  []byte
	toks []json.Token
}

// value reads the value at raw[i:], depth containers deep, and returns
// the index past it; false when it is not valid JSON within the depth.
func (t *tokenizer) value(i, depth int) (int, bool) {
	raw := t.raw
	if i >= len(raw) {
		return i, false
	}
	switch c := raw[i]; {
	case c == '"':
		end, plain, ok := scanString(raw, i)
		if !ok {
			return i, false
		}
		if plain {
			t.toks = append(t.toks, string(raw[i+1:end-1]))
		} else {
			t.toks = append(t.toks, unquoteString(raw[i:end]))
		}
		return end, true
	case c == '{' || c == '[':
		return t.container(i, depth)
	case c == 't':
		t.toks = append(t.toks, true)
		return scanWord(raw, i, "true")
	case c == 'f':
		t.toks = append(t.toks, false)
		return scanWord(raw, i, "false")
	case c == 'n':
		t.toks = append(t.toks, nil)
		return scanWord(raw, i, "null")
	case c == '-' || c >= '0' && c <= '9':
		end, ok := scanNumber(raw, i)
		t.toks = append(t.toks, json.Number(raw[i:end]))
		return end, ok
	}
	return i, false
}

// container reads the object or array at raw[i:].
func (t *tokenizer) container(i, depth int) (int, bool) {
	raw := t.raw
	if depth >= maxFastDepth {
		return i, false
	}
	open, closing := raw[i], byte('}')
	if open == '[' {
		closing = ']'
	}
	t.toks = append(t.toks, json.Delim(open))
	i = skipSpace(raw, i+1)
	if i < len(raw) && raw[i] == closing {
		t.toks = append(t.toks, json.Delim(closing))
		return i + 1, true
	}
	for {
		var ok bool
		if open == '{' {
			if i >= len(raw) || raw[i] != '"' {
				return i, false
			}
			if i, ok = t.value(i, depth+1); !ok {
				return i, false
			}
			if i = skipSpace(raw, i); i >= len(raw) || raw[i] != ':' {
				return i, false
			}
			i = skipSpace(raw, i+1)
		}
		if i, ok = t.value(i, depth+1); !ok {
			return i, false
		}
		if i = skipSpace(raw, i); i >= len(raw) {
			return i, false
		}
		if raw[i] == closing {
			t.toks = append(t.toks, json.Delim(closing))
			return i + 1, true
		}
		if raw[i] != ',' {
			return i, false
		}
		i = skipSpace(raw, i+1)
	}
}

// tokenSource returns the tokens of raw one by one, then io.EOF: from
// fastTokens when raw is within the fast path, else from a json.Decoder
// with UseNumber (the reference, which also reports what is wrong).
func tokenSource(raw []byte) func() (json.Token, error) {
	if toks, ok := fastTokens(raw); ok {
		return func() (json.Token, error) {
			if len(toks) == 0 {
				return nil, io.EOF
			}
			t := toks[0]
			toks = toks[1:]
			return t, nil
		}
	}
	return decoderTokens(raw)
}

// decoderTokens returns the tokens of raw as a json.Decoder with UseNumber
// reads them.
func decoderTokens(raw []byte) func() (json.Token, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	return dec.Token
}
