package agent

import (
	"bytes"
)

// Limits of a skim.
const (
	// maxSkimDepth bounds the nesting a skim follows; past it the skim
	// stops (the payload is far past what guard decodes by then).
	maxSkimDepth = 1 << 20
	// maxSkeleton bounds the skeleton of a skimmed result; past it the
	// replacement keeps only the result's JSON type (noticeLike).
	maxSkeleton = 4 << 20
	// maxCapture bounds a top-level key or name a skim keeps.
	maxCapture = 256
	// maxSkelWord bounds a key, string or literal of the result that the
	// skeleton may keep as it is: a plain key is at most 40 bytes, a tag
	// word 24, each escaped at most six times longer.
	maxSkelWord = 6 * 41
)

// skimState is where a skim is in the JSON grammar.
type skimState uint8

const (
	skValue      skimState = iota // a value: the payload, a member's, an element after ,
	skFirstValue                  // an element or ] (after [)
	skFirstKey                    // a key or } (after {)
	skKey                         // a key (after , in an object)
	skColon                       // : after a key
	skAfter                       // , or the container's end; at depth 0 the end
	skString                      // inside a string
	skLiteral                     // inside a number, true, false or null
	skStop                        // past the first byte that breaks the grammar or a bound
)

// The top-level members a skim keeps when they are strings.
var skimNames = [...]string{"hookEventName", "hook_event_name", "tool_name"}

// Skim reads a payload guard does not decode — larger than the hook reads,
// nested deeper than the decoder goes, broken — as a stream, once, in
// memory that does not grow with the payload, and keeps only what answering
// it needs: its top-level event and tool names, which pick the form of the
// block, and a skeleton of its tool_response (keys, numbers, booleans,
// nulls and short words; every other string emptied), from which Withheld
// makes a replacement in the result's own shape. It follows JSON's grammar
// without a depth limit of guard's decoder (up to maxSkimDepth) and stops
// at the first byte that breaks it, keeping what it had. The zero Skim is
// ready to use.
type Skim struct {
	state   skimState
	read    int      // bytes read, up to where the skim stopped
	depth   int      // open containers
	deepest int      // the most containers open at once
	objs    []uint64 // per level, one bit: the container is an object
	done    bool     // the payload object is complete

	esc   bool   // in a string: the byte before was a backslash
	isKey bool   // the string is an object key
	keep  int    // how many bytes of the string or literal to keep in tok; 0 none
	tok   []byte // the string's content or the literal, up to keep bytes
	long  bool   // the string or literal is longer than keep

	member string // the top-level member whose value is being read
	names  [len(skimNames)]string
	has    [len(skimNames)]bool

	inRes    bool         // reading tool_response
	resFirst byte         // the first byte of tool_response's value
	resDone  bool         // tool_response was read whole into res
	resBad   bool         // its skeleton is past maxSkeleton or maxDepth
	drop     int          // in tool_response, the depth of a member left out (a key not plain); 0 none
	res      bytes.Buffer // the skeleton
	w        jsonWriter
}

// Sniff skims data, a payload that did not decode. When the skim stops
// before either event key, the bytes after where it stopped are searched
// for one ("hook_event_name":"…"), since only the form of the block rests
// on it: a key nested inside a member the skim did read is never taken.
func Sniff(data []byte) *Skim {
	s := &Skim{}
	s.Write(data)
	if s.state == skStop && !s.has[0] && !s.has[1] {
		for i, key := range skimNames[:2] {
			if name, ok := sniffKey(data[s.read:], key); ok {
				s.names[i], s.has[i] = name, true
				break
			}
		}
	}
	return s
}

// sniffKey finds the first "key":"name" in data, for a name of at most 64
// bytes.
func sniffKey(data []byte, key string) (string, bool) {
	i := bytes.Index(data, []byte(`"`+key+`"`))
	if i < 0 {
		return "", false
	}
	rest := bytes.TrimLeft(data[i+len(key)+2:], " \t\r\n")
	if len(rest) == 0 || rest[0] != ':' {
		return "", false
	}
	rest = bytes.TrimLeft(rest[1:], " \t\r\n")
	if len(rest) == 0 || rest[0] != '"' {
		return "", false
	}
	end := bytes.IndexByte(rest[1:], '"')
	if end < 0 || end > 64 {
		return "", false
	}
	return string(rest[1 : 1+end]), true
}

// Event returns the agent and the native event the payload names, as
// Detect reads them: a top-level hookEventName is agent B's; a
// hook_event_name is the agent whose event it is ("" for a name no agent
// has); else $AGENT_A_HOOK_EVENT names agent A's. It only picks the form
// of a block.
func (s *Skim) Event(getenv func(string) string) (agentName, eventName string) {
	if s.has[0] {
		return B, s.names[0]
	}
	if s.has[1] {
		for _, a := range []string{A, B, C} {
			if knownEvent(a, s.names[1]) {
				return a, s.names[1]
			}
		}
		return "", s.names[1]
	}
	if e := (Options{Getenv: getenv}).getenv(EnvAgentAEvent); e != "" {
		return A, e
	}
	return "", ""
}

// PayloadEvent returns the top-level hook_event_name the skim found, or "".
func (s *Skim) PayloadEvent() string { return s.names[1] }

// HasResult reports whether the payload has a top-level tool_response:
// the tool ran.
func (s *Skim) HasResult() bool { return s.resFirst != 0 }

// Tool returns the payload's top-level tool_name, or "".
func (s *Skim) Tool() string { return s.names[2] }

// Withheld returns the replacement of the payload's tool_response that
// keeps none of its text (see Result.Withheld): made from the skeleton
// when the skim read the result whole, else the notice in the form the
// result begins as (noticeLike).
func (s *Skim) Withheld(notice string) []byte {
	if s.resDone && !s.resBad {
		return withheld(s.res.Bytes(), notice)
	}
	return noticeLike([]byte{s.resFirst}, notice)
}

// deeperThan reports whether the JSON object data nests more than limit
// containers deep before anything breaks its grammar.
func deeperThan(data []byte, limit int) bool {
	var s Skim
	s.Write(data)
	return s.deepest > limit
}

// Write reads the next bytes of the payload. It never fails.
func (s *Skim) Write(p []byte) (int, error) {
	for i := 0; i < len(p) && s.state != skStop; {
		switch s.state {
		case skString:
			j := s.inString(p, i)
			s.read += j - i
			i = j
			continue
		case skLiteral:
			if c := p[i]; c == '+' || c == '-' || c == '.' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' {
				s.add(p[i : i+1])
				i++
				s.read++
				continue
			}
			s.literalDone()
			continue // the byte after the literal is read in the new state
		}
		if c := p[i]; !isSpace(c) {
			if s.step(c); s.state == skStop {
				break
			}
		}
		i++
		s.read++
	}
	return len(p), nil
}

// inString reads p[i:] as the inside of a string, up to and with its
// closing quote, and returns the index past what it read.
func (s *Skim) inString(p []byte, i int) int {
	q := -1 // the next quote at or after i (len(p): none), once looked for
	for i < len(p) {
		if s.esc {
			s.esc = false
			s.add(p[i : i+1])
			i++
			continue
		}
		// The next quote or backslash, each found by IndexByte; the
		// quote is looked for again only once passed, so a long string
		// of escapes costs what scanning its bytes costs, not each
		// escape the distance to the quote (FINDINGS57b R4).
		if q < i {
			if q = bytes.IndexByte(p[i:], '"'); q < 0 {
				q = len(p)
			} else {
				q += i
			}
		}
		j := q
		if k := bytes.IndexByte(p[i:q], '\\'); k >= 0 {
			j = i + k
		}
		s.add(p[i:j])
		if j == len(p) {
			return j
		}
		if p[j] == '\\' {
			s.esc = true
			s.add(p[j : j+1])
			i = j + 1
			continue
		}
		s.stringDone()
		return j + 1
	}
	return i
}

// step reads one byte outside strings and literals that is not white
// space.
func (s *Skim) step(c byte) {
	switch s.state {
	case skValue, skFirstValue:
		if c == ']' && s.state == skFirstValue {
			s.close(c)
			return
		}
		s.startValue(c)
	case skFirstKey, skKey:
		if c == '}' && s.state == skFirstKey {
			s.close(c)
			return
		}
		if c != '"' {
			s.state = skStop
			return
		}
		s.startString(true)
	case skColon:
		if c != ':' {
			s.state = skStop
			return
		}
		s.state = skValue
	case skAfter:
		switch {
		case s.depth == 0:
			s.state = skStop // data after the payload
		case c == ',' && s.inObject():
			s.state = skKey
		case c == ',':
			s.state = skValue
		case c == '}' || c == ']':
			s.close(c)
		default:
			s.state = skStop
		}
	}
}

// startValue reads the first byte of a value.
func (s *Skim) startValue(c byte) {
	top := s.depth == 0
	switch {
	case c == '{' || c == '[' && !top:
		if s.depth >= maxSkimDepth {
			s.state = skStop
			return
		}
		s.beginValue(c)
		s.depth++
		s.deepest = max(s.deepest, s.depth)
		if w := (s.depth - 1) / 64; w >= len(s.objs) {
			s.objs = append(s.objs, 0)
		}
		bit := uint64(1) << ((s.depth - 1) % 64)
		if c == '{' {
			s.objs[(s.depth-1)/64] |= bit
			s.state = skFirstKey
		} else {
			s.objs[(s.depth-1)/64] &^= bit
			s.state = skFirstValue
		}
		if s.emitting() {
			if s.depth-1 > maxDepth {
				s.resBad = true
				return
			}
			s.w.token(token{kind: tokOpen, delim: c})
		}
	case top:
		s.state = skStop // the payload is one object
	case c == '"':
		s.beginValue(c)
		s.startString(false)
	case c == '-' || '0' <= c && c <= '9' || c == 't' || c == 'f' || c == 'n':
		s.beginValue(c)
		s.state, s.keep, s.tok, s.long = skLiteral, maxSkelWord, s.tok[:0], false
		s.add([]byte{c})
	default:
		s.state = skStop
	}
}

// beginValue notes the start of a member's value: a later duplicate of a
// member wins, as in decoding, and tool_response's starts a new skeleton.
func (s *Skim) beginValue(c byte) {
	if s.depth != 1 {
		return
	}
	if i := skimName(s.member); i >= 0 {
		s.names[i], s.has[i] = "", false // until a string is read whole
	}
	if s.member != "tool_response" {
		return
	}
	s.inRes, s.resFirst, s.resDone, s.resBad, s.drop = true, c, false, false, 0
	s.res.Reset()
	s.w = jsonWriter{buf: &s.res}
}

// emitting reports whether the bytes being read go into the skeleton.
func (s *Skim) emitting() bool { return s.inRes && s.drop == 0 && !s.resBad }

// inObject reports whether the innermost open container is an object.
func (s *Skim) inObject() bool {
	return s.depth > 0 && s.objs[(s.depth-1)/64]&(uint64(1)<<((s.depth-1)%64)) != 0
}

// close reads the end of the innermost container, c.
func (s *Skim) close(c byte) {
	if (c == '}') != s.inObject() {
		s.state = skStop
		return
	}
	if s.emitting() {
		s.w.token(token{kind: tokClose, delim: c})
	}
	s.depth--
	s.valueDone()
}

// startString begins a string; what of it to keep depends on where it is.
func (s *Skim) startString(isKey bool) {
	s.state, s.isKey, s.esc, s.tok, s.long = skString, isKey, false, s.tok[:0], false
	switch {
	case s.emitting():
		s.keep = maxSkelWord
	case s.depth == 1 && (isKey || skimName(s.member) >= 0):
		s.keep = maxCapture
	default:
		s.keep = 0
	}
}

// skimName returns the index of a member in skimNames, or -1.
func skimName(member string) int {
	for i, n := range skimNames {
		if n == member {
			return i
		}
	}
	return -1
}

// add keeps b in tok, up to keep bytes.
func (s *Skim) add(b []byte) {
	if s.keep == 0 || s.long || len(b) == 0 {
		return
	}
	if len(s.tok)+len(b) > s.keep {
		s.long = true
		return
	}
	s.tok = append(s.tok, b...)
}

// text returns the kept string's value, when it was kept whole and is a
// valid JSON string.
func (s *Skim) text() (string, bool) {
	if s.keep == 0 || s.long {
		return "", false
	}
	raw := make([]byte, 0, len(s.tok)+2)
	raw = append(append(append(raw, '"'), s.tok...), '"')
	if end, _, ok := scanString(raw, 0); !ok || end != len(raw) {
		return "", false
	}
	return unquoteString(raw), true
}

// stringDone reads the closing quote of a string.
func (s *Skim) stringDone() {
	v, whole := s.text()
	if s.isKey {
		s.state = skColon
		switch {
		case s.emitting():
			if whole && plainKey(v) {
				s.w.key(v)
				s.grown()
			} else {
				s.drop = s.depth // the member is left out, as Withheld leaves it
			}
		case s.depth == 1:
			s.member = v // "" when it was too long to keep
		}
		return
	}
	if s.emitting() {
		if !whole || !enumWord(v) {
			v = "" // only a tag word can survive withholding (keptTag)
		}
		s.w.scalar(appendString(nil, v))
		s.grown()
	} else if i := skimName(s.member); s.depth == 1 && i >= 0 && whole {
		s.names[i], s.has[i] = v, true
	}
	s.valueDone()
}

// literalDone ends a number, true, false or null.
func (s *Skim) literalDone() {
	lit := s.tok
	switch {
	case s.long && (lit[0] == '-' || '0' <= lit[0] && lit[0] <= '9'):
		lit = []byte("0") // a number too long to keep: still a number
	case s.long:
		s.state = skStop
		return
	case string(lit) == "true" || string(lit) == "false" || string(lit) == "null":
	default:
		if end, ok := scanNumber(lit, 0); !ok || end != len(lit) {
			s.state = skStop
			return
		}
	}
	if s.emitting() {
		s.w.scalar(lit)
		s.grown()
	}
	s.valueDone()
}

// grown gives up the skeleton when it is larger than maxSkeleton.
func (s *Skim) grown() {
	if s.res.Len() > maxSkeleton {
		s.resBad = true
	}
}

// valueDone follows a complete value.
func (s *Skim) valueDone() {
	s.state = skAfter
	if s.inRes {
		if s.drop > 0 && s.depth == s.drop {
			s.drop = 0
		}
		if s.depth == 1 {
			s.inRes, s.resDone = false, !s.resBad
		}
	}
	if s.depth == 0 {
		s.done = true
	}
}
