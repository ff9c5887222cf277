package audit

import (
	"encoding/binary"
	"errors"
	"fmt"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/guardhq/guard/internal/event"
)

// Fields are the values of one record line, as Scan found them. Each string
// field holds the decoded text: a view of the line when it has no escapes,
// else of scratch space in Fields. Either way it is valid only until the
// next Scan into the same Fields, and must not be modified.
type Fields struct {
	TS, Hook, Verdict, Rule, Reason, User, Host, Repo, InputHash, PrevHash []byte
	PolicyVersion, Agent, Event, Tag, Tool, Action                         []byte
	TokensIn                                                               int64
	// Time is TS as Unix milliseconds.
	Time int64

	findings  []byte // the findings array as written, checked; nil when absent
	nFindings int
	buf       []byte // scratch space for decoded strings
	lineLen   int
}

// Findings returns the decoded findings array: nil when absent, empty when
// written as [].
func (f *Fields) Findings() []string {
	if f.findings == nil {
		return nil
	}
	if f.nFindings == 0 {
		return []string{}
	}
	out := make([]string, 0, f.nFindings)
	s := scanner{b: f.findings}
	s.eat('[')
	for {
		s.ws()
		v, _ := s.str(nil)
		out = append(out, string(v))
		s.ws()
		if !s.eat(',') {
			return out
		}
	}
}

// Record returns the record the fields describe.
func (f *Fields) Record() event.Record {
	return event.Record{
		TS: string(f.TS), Hook: string(f.Hook), Verdict: string(f.Verdict), Rule: string(f.Rule),
		Reason: string(f.Reason), User: string(f.User), Host: string(f.Host), Repo: string(f.Repo),
		InputHash: string(f.InputHash), PrevHash: string(f.PrevHash), TokensIn: int(f.TokensIn),
		PolicyVersion: string(f.PolicyVersion), Agent: string(f.Agent), Event: string(f.Event),
		Tag: string(f.Tag), Tool: string(f.Tool), Action: string(f.Action), Findings: f.Findings(),
	}
}

// Errors of Scan that are about the line's form rather than a field's value.
var (
	errEmpty     = errors.New("empty line")
	errTooLong   = errors.New("line over the 65536-byte limit") // MaxLineBytes (TestFieldKeys)
	errNotObject = errors.New("not a JSON object")
	errSyntax    = errors.New("not valid JSON")
	errUTF8      = errors.New("not valid UTF-8")
)

// Scan checks that line (without its newline) is a valid audit record and
// puts its values in f. It is the one definition of a valid line, used by
// every reader — ParseLine, Verify, `guard audit`, the console — and by
// Append before it writes:
//
//   - at most MaxLineBytes of UTF-8, exactly one JSON object, nothing before
//     or after it (white space between its tokens is allowed);
//   - every key is one of event.Record's JSON field names, written exactly
//     (same case, no escapes), at most once;
//   - string fields hold JSON strings, tokens_in a whole number, findings an
//     array of strings (null is none of these);
//   - ts is an RFC 3339 time, hook one of event.Hooks, verdict allow or
//     block, rule and reason empty on allow, prev_hash 64 lowercase hex
//     digits, input_hash empty or 64 lowercase hex digits, tokens_in ≥ 0.
//
// A missing field counts as empty. Scan does not allocate unless a string
// holds escapes (and then only until its scratch space has grown). Errors
// name fields and never quote their values.
func Scan(line []byte, f *Fields) error {
	buf := f.buf[:0]
	if cap(buf) < len(line) {
		buf = nil // made when a string needs it, large enough for the line
	}
	*f = Fields{buf: buf, lineLen: len(line)}
	switch {
	case len(line) == 0:
		return errEmpty
	case len(line) > MaxLineBytes:
		return errTooLong
	case line[0] != '{' || line[len(line)-1] != '}':
		return errNotObject
	case !utf8.Valid(line):
		return errUTF8
	}
	s := scanner{b: line, i: 1}
	var seen uint32
	next := 0 // the field expected next, in the order Append writes them
	s.ws()
	if !s.eat('}') {
		for {
			s.ws()
			key, ok := s.key(&next)
			if !ok {
				return errSyntax
			}
			s.ws()
			bit, dst := f.field(key)
			if bit == 0 {
				return fmt.Errorf("unknown field %s", quoteName(key))
			}
			if seen&bit != 0 {
				return fmt.Errorf("field %s given more than once", key)
			}
			seen |= bit
			if err := s.fieldValue(f, key, bit, dst); err != nil {
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
	if s.i != len(s.b) {
		return errSyntax
	}
	return f.check()
}

// key reads an object key and its colon. The key Append writes next
// (*next, in fieldOrder) is matched whole on a fast path; a key out of
// that order ends the fast path for the rest of the line.
func (s *scanner) key(next *int) ([]byte, bool) {
	if *next < len(fieldOrder) && hasPrefix(s.b[s.i:], fieldKeys[*next]) {
		key := s.b[s.i+1 : s.i+len(fieldKeys[*next])-2]
		s.i += len(fieldKeys[*next])
		*next++
		return key, true
	}
	key, ok := s.rawStr()
	if !ok {
		return nil, false
	}
	s.ws()
	if !s.eat(':') {
		return nil, false
	}
	*next = len(fieldOrder) // out of order: no more fast path
	return key, true
}

// fieldValue reads the value of the field key (bit, and dst for a string
// field) into f.
func (s *scanner) fieldValue(f *Fields, key []byte, bit uint32, dst *[]byte) error {
	vstart := s.i
	switch {
	case dst != nil:
		v, ok := s.str(f)
		if !ok {
			s.i = vstart
			return s.typeError(key, "a string")
		}
		*dst = v
	case bit == bitTokens:
		n, err := s.integer()
		if err != nil {
			s.i = vstart
			return s.typeError(key, "a whole number")
		}
		f.TokensIn = n
	default: // findings
		if !s.findings(f) {
			s.i = vstart
			return s.typeError(key, "an array of strings")
		}
	}
	return nil
}

// fieldOrder is the order in which Append writes the fields (event.Record's),
// and fieldKeys the same as `"name":`, what a line holds for them.
var (
	fieldOrder = []string{"ts", "hook", "verdict", "rule", "reason", "user", "host", "repo", "input_hash", "prev_hash",
		"tokens_in", "policy_version", "agent", "event", "tag", "tool", "action", "findings"}
	// fieldKeys is written out, not built: package state built at start-up
	// costs every hook process (TestFieldKeys keeps it in step).
	fieldKeys = []string{`"ts":`, `"hook":`, `"verdict":`, `"rule":`, `"reason":`, `"user":`, `"host":`, `"repo":`, `"input_hash":`, `"prev_hash":`, `"tokens_in":`, `"policy_version":`, `"agent":`, `"event":`, `"tag":`, `"tool":`, `"action":`, `"findings":`}
)

// Bits of the fields Scan has seen.
const (
	bitTokens   = 1 << 16
	bitFindings = 1 << 17
)

// field returns the bit of the field named key and, for a string field,
// where its value goes; bit 0 for a key that names no field.
func (f *Fields) field(key []byte) (uint32, *[]byte) {
	switch string(key) {
	case "ts":
		return 1 << 0, &f.TS
	case "hook":
		return 1 << 1, &f.Hook
	case "verdict":
		return 1 << 2, &f.Verdict
	case "rule":
		return 1 << 3, &f.Rule
	case "reason":
		return 1 << 4, &f.Reason
	case "user":
		return 1 << 5, &f.User
	case "host":
		return 1 << 6, &f.Host
	case "repo":
		return 1 << 7, &f.Repo
	case "input_hash":
		return 1 << 8, &f.InputHash
	case "prev_hash":
		return 1 << 9, &f.PrevHash
	case "policy_version":
		return 1 << 10, &f.PolicyVersion
	case "agent":
		return 1 << 11, &f.Agent
	case "event":
		return 1 << 12, &f.Event
	case "tag":
		return 1 << 13, &f.Tag
	case "tool":
		return 1 << 14, &f.Tool
	case "action":
		return 1 << 15, &f.Action
	case "tokens_in":
		return bitTokens, nil
	case "findings":
		return bitFindings, nil
	}
	return 0, nil
}

// quoteName shows an unknown key in an error: quoted, cut to 40 bytes.
func quoteName(key []byte) string {
	if len(key) > 40 {
		return strconv.Quote(string(key[:40])) + "…"
	}
	return strconv.Quote(string(key))
}

// typeError tells a value of the wrong type from broken JSON.
func (s *scanner) typeError(key []byte, want string) error {
	if s.value(0) {
		return fmt.Errorf("%s: not %s", key, want)
	}
	return errSyntax
}

// check validates the values a reader depends on, reporting every problem.
func (f *Fields) check() error {
	var errs []error
	if ms, ok := ParseTime(f.TS); ok {
		f.Time = ms
	} else {
		errs = append(errs, errors.New("ts: not an RFC 3339 time"))
	}
	if !isHook(f.Hook) {
		errs = append(errs, errors.New("hook: not one of UserPromptSubmit, PreToolUse, PostToolUse, Stop"))
	}
	switch string(f.Verdict) {
	case string(event.Allow):
		if len(f.Rule) != 0 || len(f.Reason) != 0 {
			errs = append(errs, errors.New("rule, reason: must be empty on allow"))
		}
	case string(event.Block):
	default:
		errs = append(errs, errors.New("verdict: not allow or block"))
	}
	if !isHex64(f.PrevHash) {
		errs = append(errs, errors.New("prev_hash: not 64 lowercase hex digits"))
	}
	if len(f.InputHash) != 0 && !isHex64(f.InputHash) {
		errs = append(errs, errors.New("input_hash: not 64 lowercase hex digits"))
	}
	if f.TokensIn < 0 {
		errs = append(errs, errors.New("tokens_in: negative"))
	}
	if errs == nil {
		return nil
	}
	return fmt.Errorf("invalid audit record: %w", errors.Join(errs...))
}

func isHook(h []byte) bool {
	for _, name := range event.Hooks {
		if string(h) == name {
			return true
		}
	}
	return false
}

func isHex64(s []byte) bool {
	if len(s) != 64 {
		return false
	}
	// One table load per byte, and one branch per line: a reader checks
	// two hashes per record, so this is on the console's indexing path.
	acc := byte(1)
	for _, c := range s[:64] {
		acc &= lowerHex[c]
	}
	return acc == 1
}

// lowerHex is 1 for the lowercase hex digits, 0 for every other byte.
var lowerHex = func() (t [256]byte) {
	for _, c := range "0123456789abcdef" {
		t[c] = 1
	}
	return t
}()

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

// rawStr reads a JSON string and returns its body as written, escapes
// included.
func (s *scanner) rawStr() ([]byte, bool) {
	start := s.i + 1
	if _, ok := s.skipStr(); ok {
		return s.b[start : s.i-1], true
	}
	return nil, false
}

// str reads a JSON string and returns its decoded content: a view of the
// input without escapes, else decoded into f's scratch space (nil f: a new
// slice).
func (s *scanner) str(f *Fields) ([]byte, bool) {
	start := s.i + 1
	escaped, ok := s.skipStr()
	if !ok {
		return nil, false
	}
	raw := s.b[start : s.i-1]
	if !escaped {
		return raw, true
	}
	if f == nil {
		return appendUnescaped(nil, raw), true
	}
	if f.buf == nil {
		// Decoded strings are never longer than the line, so the scratch
		// space never moves while the fields point into it.
		f.buf = make([]byte, 0, max(f.lineLen, 512))
	}
	n := len(f.buf)
	f.buf = appendUnescaped(f.buf, raw)
	return f.buf[n:len(f.buf):len(f.buf)], true
}

// skipStr moves past one JSON string, checking its syntax, and reports
// whether it holds escapes.
func (s *scanner) skipStr() (escaped, ok bool) {
	if !s.eat('"') {
		return false, false
	}
	for s.i < len(s.b) {
		// Fast path: run over plain characters, eight at a time while no
		// quote, backslash or control character is among them.
		for s.i+8 <= len(s.b) {
			x := binary.LittleEndian.Uint64(s.b[s.i:])
			// The three tests as one mask, without a branch between them.
			q, b := x^(lsb*'"'), x^(lsb*'\\')
			if ((x-lsb*0x20)&^x|(q-lsb)&^q|(b-lsb)&^b)&msb != 0 {
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
		switch c := s.b[s.i]; {
		case c == '"':
			s.i++
			return escaped, true
		case c == '\\':
			escaped = true
			s.i++
			if s.i >= len(s.b) {
				return false, false
			}
			switch s.b[s.i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				s.i++
			case 'u':
				if len(s.b)-s.i < 5 {
					return false, false
				}
				for _, h := range s.b[s.i+1 : s.i+5] {
					if !isHexDigit(h) {
						return false, false
					}
				}
				s.i += 5
			default:
				return false, false
			}
		default: // a control character
			return false, false
		}
	}
	return false, false
}

const (
	lsb = 0x0101010101010101
	msb = 0x8080808080808080
)

// plain marks the bytes that stand for themselves inside a JSON string.
var plain = func() (t [256]bool) {
	for c := 0x20; c < 256; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// integer reads a JSON number that is a whole number in int64 range:
// an optional minus sign and digits, no fraction, no exponent.
func (s *scanner) integer() (int64, error) {
	start := s.i
	if !s.number() {
		return 0, errSyntax
	}
	n, err := strconv.ParseInt(string(s.b[start:s.i]), 10, 64)
	if err != nil {
		s.i = start
		return 0, err
	}
	return n, nil
}

// findings reads an array of strings into f.
func (s *scanner) findings(f *Fields) bool {
	start := s.i
	if !s.eat('[') {
		return false
	}
	s.ws()
	if !s.eat(']') {
		for {
			s.ws()
			if _, ok := s.skipStr(); !ok {
				s.i = start
				return false
			}
			f.nFindings++
			s.ws()
			if s.eat(',') {
				continue
			}
			if s.eat(']') {
				break
			}
			s.i = start
			return false
		}
	}
	f.findings = s.b[start:s.i]
	return true
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

// maxDepth bounds nesting inside a value of the wrong type that is skipped
// to tell it from broken JSON.
const maxDepth = 64

// value skips one JSON value, checking its syntax.
func (s *scanner) value(depth int) bool {
	if depth > maxDepth || s.i >= len(s.b) {
		return false
	}
	switch s.b[s.i] {
	case '"':
		_, ok := s.skipStr()
		return ok
	case '{':
		s.i++
		s.ws()
		if s.eat('}') {
			return true
		}
		for {
			s.ws()
			if _, ok := s.skipStr(); !ok {
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

func isHexDigit(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// appendUnescaped appends the decoded body of a JSON string that skipStr
// has checked. Unpaired surrogates become U+FFFD, as in encoding/json.
func appendUnescaped(out, raw []byte) []byte {
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
				r = utf8.RuneError
			}
			out = utf8.AppendRune(out, r)
		}
	}
	return out
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

// ParseTime parses an RFC 3339 timestamp (as time.Parse with
// time.RFC3339Nano accepts it) into Unix milliseconds. The form Append
// writes, 2006-01-02T15:04:05.000Z, takes a fast path.
func ParseTime(b []byte) (int64, bool) {
	if isAppendTime(b) {
		c, ok := appendClock(b)
		if !ok {
			return 0, false
		}
		t := time.Date(c.year, time.Month(c.month), c.day, c.hour, c.minute, c.sec, c.ms*1e6, time.UTC)
		return t.UnixMilli(), true
	}
	t, err := time.Parse(time.RFC3339Nano, string(b))
	if err != nil {
		return 0, false
	}
	return t.UnixMilli(), true
}

// isAppendTime reports whether b has the shape of the times Append writes,
// 2006-01-02T15:04:05.000Z: ParseTime reads such a time itself, with
// appendClock, and accepts it exactly when appendClock does.
func isAppendTime(b []byte) bool {
	return len(b) == 24 && b[4] == '-' && b[7] == '-' && b[10] == 'T' && b[13] == ':' &&
		b[16] == ':' && b[19] == '.' && b[23] == 'Z'
}

// clock is a time of the form isAppendTime accepts, in parts.
type clock struct{ year, month, day, hour, minute, sec, ms int }

// appendClock reads a time that isAppendTime accepted, reporting whether
// its parts are digits and in range.
func appendClock(b []byte) (clock, bool) {
	year, ok1 := atoiN(b[0:4])
	month, ok2 := atoiN(b[5:7])
	day, ok3 := atoiN(b[8:10])
	hour, ok4 := atoiN(b[11:13])
	minute, ok5 := atoiN(b[14:16])
	sec, ok6 := atoiN(b[17:19])
	ms, ok7 := atoiN(b[20:23])
	ok := ok1 && ok2 && ok3 && ok4 && ok5 && ok6 && ok7 &&
		month >= 1 && month <= 12 && day >= 1 && day <= daysIn(month, year) &&
		hour < 24 && minute < 60 && sec < 60
	return clock{year, month, day, hour, minute, sec, ms}, ok
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

// hasPrefix reports whether b begins with s.
func hasPrefix(b []byte, s string) bool {
	return len(b) >= len(s) && string(b[:len(s)]) == s
}
