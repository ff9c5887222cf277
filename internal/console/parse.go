package console

import (
	"encoding/binary"
	"errors"
	"strconv"
	"time"
	"unicode/utf8"
)

// maxLine bounds one audit line. A longer line is skipped and counted.
const maxLine = 64 << 10

// fields are the parts of one audit line that the index keeps. The byte
// slices alias the line (or scratch space) and are valid until the next parse.
type fields struct {
	tsMS    int64
	hook    []byte
	verdict []byte
	rule    []byte
	tokens  int64
}

var (
	errSyntax   = errors.New("not a JSON object")
	errField    = errors.New("field of the wrong type")
	errMissing  = errors.New("ts, hook or verdict missing")
	errTime     = errors.New("ts is not an RFC 3339 timestamp")
	errTooLarge = errors.New("line too long")
)

// parseLine reads one audit line (without its newline) into f. It accepts
// exactly one JSON object, checks the syntax of every value, and requires
// string fields ts (RFC 3339), hook and verdict; rule is an optional string
// and tokens_in an optional non-negative integer. Keys are matched exactly
// (the writer's spelling); when a key repeats, the last one wins, as in
// encoding/json. It never allocates unless a string holds escapes.
func parseLine(line []byte, f *fields) error {
	*f = fields{}
	if len(line) > maxLine {
		return errTooLarge
	}
	s := scanner{b: line}
	s.ws()
	if !s.eat('{') {
		return errSyntax
	}
	var ts []byte
	var haveTS, haveHook, haveVerdict bool
	s.ws()
	if !s.eat('}') {
		for {
			s.ws()
			key, ok := s.str(false) // an escaped key matches no field name
			if !ok {
				return errSyntax
			}
			s.ws()
			if !s.eat(':') {
				return errSyntax
			}
			s.ws()
			var err error
			switch string(key) {
			case "ts":
				ts, haveTS, err = s.strField()
			case "hook":
				f.hook, haveHook, err = s.strField()
			case "verdict":
				f.verdict, haveVerdict, err = s.strField()
			case "rule":
				f.rule, _, err = s.strField()
			case "tokens_in":
				f.tokens, err = s.uintField()
			default:
				if !s.value(0) {
					err = errSyntax
				}
			}
			if err != nil {
				return err
			}
			s.ws()
			if s.eat(',') {
				continue
			}
			if s.eat('}') {
				break
			}
			return errSyntax
		}
	}
	s.ws()
	if s.i != len(s.b) {
		return errSyntax
	}
	if !haveTS || !haveHook || !haveVerdict || len(f.hook) == 0 || len(f.verdict) == 0 {
		return errMissing
	}
	ms, ok := parseTime(ts)
	if !ok {
		return errTime
	}
	f.tsMS = ms
	return nil
}

// scanner walks a JSON text. Every method leaves i after what it consumed.
type scanner struct {
	b []byte
	i int
}

func (s *scanner) ws() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

func (s *scanner) eat(c byte) bool {
	if s.i < len(s.b) && s.b[s.i] == c {
		s.i++
		return true
	}
	return false
}

func (s *scanner) lit(w string) bool {
	if len(s.b)-s.i >= len(w) && string(s.b[s.i:s.i+len(w)]) == w {
		s.i += len(w)
		return true
	}
	return false
}

// str reads a JSON string and returns its content: decoded if decode is
// set, else raw. Without escapes the result aliases the input.
func (s *scanner) str(decode bool) ([]byte, bool) {
	if !s.eat('"') {
		return nil, false
	}
	start := s.i
	escaped := false
	for s.i < len(s.b) {
		// Fast path: run over plain characters, eight at a time while no
		// quote, backslash or control character is among them.
		for s.i+8 <= len(s.b) {
			x := binary.LittleEndian.Uint64(s.b[s.i:])
			if hasLess(x, 0x20) || hasZero(x^(lsb*'"')) || hasZero(x^(lsb*'\\')) {
				break
			}
			s.i += 8
		}
		for s.i < len(s.b) && plain[s.b[s.i]] {
			s.i++
		}
		if s.i >= len(s.b) {
			break
		}
		c := s.b[s.i]
		switch {
		case c == '"':
			raw := s.b[start:s.i]
			s.i++
			if !escaped || !decode {
				return raw, true
			}
			return unescapeJSON(raw)
		case c == '\\':
			escaped = true
			s.i++
			if s.i >= len(s.b) {
				return nil, false
			}
			switch s.b[s.i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				s.i++
			case 'u':
				if len(s.b)-s.i < 5 {
					return nil, false
				}
				for _, h := range s.b[s.i+1 : s.i+5] {
					if !isHex(h) {
						return nil, false
					}
				}
				s.i += 5
			default:
				return nil, false
			}
		case c < 0x20:
			return nil, false
		default:
			s.i++
		}
	}
	return nil, false
}

const (
	lsb = 0x0101010101010101
	msb = 0x8080808080808080
)

// hasZero reports whether any byte of x is zero.
func hasZero(x uint64) bool { return (x-lsb)&^x&msb != 0 }

// hasLess reports whether any byte of x is below n (n ≤ 128).
func hasLess(x uint64, n uint64) bool { return (x-lsb*n)&^x&msb != 0 }

// plain marks the bytes that stand for themselves inside a JSON string.
var plain = func() (t [256]bool) {
	for c := 0x20; c < 256; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// strField reads a string or null. present is false for null.
func (s *scanner) strField() (v []byte, present bool, err error) {
	if s.lit("null") {
		return nil, false, nil
	}
	v, ok := s.str(true)
	if !ok {
		if s.i < len(s.b) && s.b[s.i] != '"' && s.value(0) {
			return nil, false, errField
		}
		return nil, false, errSyntax
	}
	if !utf8.Valid(v) {
		v = validUTF8(v)
	}
	return v, true, nil
}

// validUTF8 replaces each invalid byte with U+FFFD, as encoding/json does.
func validUTF8(b []byte) []byte {
	out := make([]byte, 0, len(b)+8)
	for len(b) > 0 {
		r, n := utf8.DecodeRune(b)
		if r == utf8.RuneError && n == 1 {
			out = utf8.AppendRune(out, utf8.RuneError)
		} else {
			out = append(out, b[:n]...)
		}
		b = b[n:]
	}
	return out
}

// uintField reads a non-negative integer or null.
func (s *scanner) uintField() (int64, error) {
	if s.lit("null") {
		return 0, nil
	}
	start := s.i
	if !s.number() {
		if s.value(0) {
			return 0, errField
		}
		return 0, errSyntax
	}
	n, err := strconv.ParseInt(string(s.b[start:s.i]), 10, 64)
	if err != nil || n < 0 {
		return 0, errField
	}
	return n, nil
}

func (s *scanner) number() bool {
	s.eat('-')
	if s.i >= len(s.b) {
		return false
	}
	switch c := s.b[s.i]; {
	case c == '0':
		s.i++
	case c >= '1' && c <= '9':
		s.digits()
	default:
		return false
	}
	if s.eat('.') {
		if !s.digits() {
			return false
		}
	}
	if s.i < len(s.b) && (s.b[s.i] == 'e' || s.b[s.i] == 'E') {
		s.i++
		if !s.eat('+') {
			s.eat('-')
		}
		if !s.digits() {
			return false
		}
	}
	return true
}

func (s *scanner) digits() bool {
	start := s.i
	for s.i < len(s.b) && s.b[s.i] >= '0' && s.b[s.i] <= '9' {
		s.i++
	}
	return s.i > start
}

// maxDepth bounds nesting inside skipped values.
const maxDepth = 64

// value skips one JSON value, checking its syntax.
func (s *scanner) value(depth int) bool {
	if depth > maxDepth || s.i >= len(s.b) {
		return false
	}
	switch c := s.b[s.i]; c {
	case '"':
		_, ok := s.str(false)
		return ok
	case '{':
		s.i++
		s.ws()
		if s.eat('}') {
			return true
		}
		for {
			s.ws()
			if _, ok := s.str(false); !ok {
				return false
			}
			s.ws()
			if !s.eat(':') {
				return false
			}
			s.ws()
			if !s.value(depth + 1) {
				return false
			}
			s.ws()
			if s.eat(',') {
				continue
			}
			return s.eat('}')
		}
	case '[':
		s.i++
		s.ws()
		if s.eat(']') {
			return true
		}
		for {
			s.ws()
			if !s.value(depth + 1) {
				return false
			}
			s.ws()
			if s.eat(',') {
				continue
			}
			return s.eat(']')
		}
	case 't':
		return s.lit("true")
	case 'f':
		return s.lit("false")
	case 'n':
		return s.lit("null")
	default:
		return s.number()
	}
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// unescapeJSON decodes the escapes of a JSON string body that the scanner
// has already checked.
func unescapeJSON(raw []byte) ([]byte, bool) {
	out := make([]byte, 0, len(raw))
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		if c != '\\' {
			out = append(out, c)
			continue
		}
		i++
		switch raw[i] {
		case '"', '\\', '/':
			out = append(out, raw[i])
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'u':
			r := hex4(raw[i+1 : i+5])
			i += 4
			if r >= 0xD800 && r < 0xDC00 && i+6 < len(raw) && raw[i+1] == '\\' && raw[i+2] == 'u' {
				if r2 := hex4(raw[i+3 : i+7]); r2 >= 0xDC00 && r2 < 0xE000 {
					r = (r-0xD800)<<10 + (r2 - 0xDC00) + 0x10000
					i += 6
				}
			}
			if r >= 0xD800 && r < 0xE000 {
				r = 0xFFFD
			}
			out = appendRune(out, r)
		}
	}
	return out, true
}

func hex4(b []byte) rune {
	var r rune
	for _, c := range b {
		r <<= 4
		switch {
		case c >= '0' && c <= '9':
			r |= rune(c - '0')
		case c >= 'a' && c <= 'f':
			r |= rune(c-'a') + 10
		default:
			r |= rune(c-'A') + 10
		}
	}
	return r
}

func appendRune(b []byte, r rune) []byte {
	return append(b, string(r)...)
}

// parseTime parses an RFC 3339 timestamp into Unix milliseconds. The form
// the writer uses (2006-01-02T15:04:05.000Z) takes a fast path; anything else
// goes through time.Parse.
func parseTime(b []byte) (int64, bool) {
	if len(b) == 24 && b[4] == '-' && b[7] == '-' && b[10] == 'T' && b[13] == ':' &&
		b[16] == ':' && b[19] == '.' && b[23] == 'Z' {
		year, ok1 := atoiN(b[0:4])
		month, ok2 := atoiN(b[5:7])
		day, ok3 := atoiN(b[8:10])
		hour, ok4 := atoiN(b[11:13])
		minute, ok5 := atoiN(b[14:16])
		sec, ok6 := atoiN(b[17:19])
		ms, ok7 := atoiN(b[20:23])
		if ok1 && ok2 && ok3 && ok4 && ok5 && ok6 && ok7 &&
			month >= 1 && month <= 12 && day >= 1 && day <= daysIn(month, year) &&
			hour < 24 && minute < 60 && sec < 60 {
			t := time.Date(year, time.Month(month), day, hour, minute, sec, ms*1e6, time.UTC)
			return t.UnixMilli(), true
		}
		return 0, false
	}
	t, err := time.Parse(time.RFC3339Nano, string(b))
	if err != nil {
		return 0, false
	}
	return t.UnixMilli(), true
}

func atoiN(b []byte) (int, bool) {
	n := 0
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

func daysIn(month, year int) int {
	switch month {
	case 2:
		if year%4 == 0 && (year%100 != 0 || year%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}
