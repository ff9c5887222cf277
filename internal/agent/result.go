package agent

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/guardhq/guard/internal/event"
)

// Result is a tool result about to reach the model, which the client lets
// guard replace (agent A's PostToolUse through updatedToolOutput, agent C's
// AfterTool through its deny reason).
//
// Its texts are, in document order, every string value and every object key
// that is not a plain field name (see plainKey): they are the inputs
// Call.Inputs[First:First+Texts], one each, so a finding names the text it
// is in and a redaction replaces that text alone. The plain keys follow as
// one more input, each once, a line each (see plainKeys).
type Result struct {
	Raw   json.RawMessage // tool_response as the client sent it
	First int             // index in Call.Inputs of the first text
	Texts int             // how many texts
	keys  []bool          // keys[i]: text i is an object key
	pairs []keyPair       // the string members under plain keys
	top   []string        // top[i]: the top-level member text i sits under
}

// IsKey reports whether text i of r is an object key (a key cannot be
// redacted without changing the result's shape).
func (r *Result) IsKey(i int) bool { return r.keys[i] }

// resultKind is the kind of a tool's result: what the spec's tables check it
// for. Results beyond the tables (shell, search, sub-agent, MCP…) are
// KindOutput.
func resultKind(toolName string) event.Kind {
	switch toolName {
	case "Read", "NotebookRead", "read_file", "read_many_files":
		return event.KindFileContent
	case "WebFetch", "WebSearch", "web_fetch", "google_web_search":
		return event.KindWebContent
	}
	return event.KindOutput
}

// toolResult reads tool_name and the result under member from f, and puts
// each of the result's texts up for checking. replaceable says the client
// takes a replacement: the call then carries the Result.
func toolResult(c *Call, f fields, member string, replaceable bool) error {
	name, err := f.reqStr("tool_name")
	if err != nil {
		return err
	}
	c.Tool = name
	raw, ok := f.raw(member)
	if !ok {
		return &Error{Field: member, Problem: "missing"}
	}
	k := resultKind(name)
	r := &Result{Raw: raw, First: len(c.Inputs)}
	var pk plainKeys
	err = walkTexts(raw, member, func(text string, key bool, top string, under []string) {
		for _, k := range under {
			r.pairs = append(r.pairs, keyPair{key: k, text: len(r.keys)})
		}
		c.Inputs = append(c.Inputs, event.Input{Kind: k, Text: text})
		r.keys = append(r.keys, key)
		r.top = append(r.top, top)
	}, pk.add)
	if err != nil {
		return err
	}
	r.Texts = len(r.keys)
	if pk.b.Len() > 0 {
		c.Inputs = append(c.Inputs, event.Input{Kind: k, Text: pk.b.String()})
	}
	texts := make([]string, r.Texts)
	for i := range texts {
		texts[i] = c.Inputs[r.First+i].Text
	}
	for _, sg := range r.Segments(texts) {
		c.Joined = append(c.Joined, event.Input{Kind: k, Text: sg.Text})
	}
	if j := r.KeyJoins(texts); j != "" {
		c.Joined = append(c.Joined, event.Input{Kind: k, Text: j})
	}
	if replaceable {
		c.Result = r
	}
	return nil
}

// plainKey reports whether an object key is a plain field name (at most 40
// ASCII letters, _ - . $ @; no digits, which every catalogued secret has,
// and no spaces, which every sentence has): such keys are not checked as
// text.
func plainKey(k string) bool {
	if k == "" || len(k) > 40 {
		return false
	}
	for i := 0; i < len(k); i++ {
		c := k[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' || c == '-' || c == '.' || c == '$' || c == '@') {
			return false
		}
	}
	return true
}

// walkTexts calls fn for each text of the JSON value raw, in document order,
// with whether it is a key, the top-level member it sits under and, for a
// string that is the first text reached under a plain key (directly, or
// down arrays and objects), the keys the model reads before it
// (keyPath.joins); and plain for each plain key. It reads raw once: nesting
// costs nothing more than its bytes, and any depth the payload decoded with
// (maxDepth) is walked.
func walkTexts(raw []byte, field string, fn func(text string, key bool, top string, under []string), plain func(string)) error {
	var path keyPath // the plain keys walked down since the last value
	return walkJSON(raw, field, func(t token) {
		switch {
		case t.kind == tokOpen:
			path.open = len(path.keys) > 0
		case t.kind == tokString:
			fn(t.s, false, t.top, path.joins())
			path.reset()
		case t.kind == tokKey && plainKey(t.s):
			plain(t.s)
			path.add(t.s)
		case t.kind == tokKey:
			fn(t.s, true, t.top, nil)
			path.reset()
		default: // a number, true, false, null, or a container's end
			path.reset()
		}
	})
}

// maxKeyPath bounds the plain keys a keyPath keeps (the last ones).
const maxKeyPath = 4

// keyPath is the run of plain keys the model reads before a value:
// {"gh":{"p_":["T"]}} reads gh, p_, T.
type keyPath struct {
	keys []string
	open bool // a container opened right after the last key: its keys extend the path
}

// add takes plain key k: a step down the path after an opened container,
// else the start of a new path.
func (p *keyPath) add(k string) {
	if !p.open {
		p.keys = p.keys[:0]
	}
	p.open = false
	if len(p.keys) == maxKeyPath {
		p.keys = append(p.keys[:0], p.keys[1:]...)
	}
	p.keys = append(p.keys, k)
}

// reset empties the path, keeping its storage.
func (p *keyPath) reset() { p.keys, p.open = p.keys[:0], false }

// joins returns the texts to join to the value after the path: each key
// alone ({"AKIA":{"x":V}}) and, for a longer path, all its keys in order
// ({"gh":{"p_":V}}).
func (p *keyPath) joins() []string {
	if len(p.keys) == 0 {
		return nil
	}
	if len(p.keys) == 1 {
		return p.keys // read at once (walkTexts' fn), before the path changes
	}
	return append(slices.Clone(p.keys), strings.Join(p.keys, ""))
}

// plainKeys gathers the plain keys of a result, each once, a line each:
// checked as one text, since the model reads keys as text
// and a scraped page's or a table's keys come from outside (sk_live_ and
// 24 letters, ignore_all_previous_instructions). They are not texts of the
// Result: a key cannot be redacted without changing the result's shape,
// so a finding in one withholds it, and a key between two halves of a
// value would hide what they join to (Segments). A list of a thousand rows
// repeats a handful of names: each is checked once.
type plainKeys struct {
	seen map[string]struct{}
	b    strings.Builder
}

// add takes plain key k.
func (p *plainKeys) add(k string) {
	if _, ok := p.seen[k]; ok {
		return
	}
	if p.seen == nil {
		p.seen = map[string]struct{}{}
	}
	p.seen[k] = struct{}{}
	p.b.WriteString(k)
	p.b.WriteByte('\n')
}

// keyPair is a plain key (or a run of them, see keyPath) and the first
// string reached under it: text is the string's index among the Result's
// texts.
type keyPair struct {
	key  string
	text int
}

// maxKeyJoin bounds how much of a value KeyJoins joins to its key: the
// rest of a secret whose head is the key.
const maxKeyJoin = 256

// KeyJoins returns, for each string member under a plain key that the
// model reads, the key joined to the head of its value (texts[i], as the
// texts are now), each once, a line each; "" when there are none. A
// secret split between the two (`{"ghp_":"16C7…"}`) is
// found there: the model reads the key and then its value. The head is the
// value's first run of the characters tokens are made of, at most
// maxKeyJoin bytes; a finding withholds the result (a key cannot be
// redacted in place).
func (r *Result) KeyJoins(texts []string) string {
	if len(r.pairs) == 0 {
		return ""
	}
	in := r.modelReads()
	seen := map[[2]string]struct{}{}
	var b strings.Builder
	for _, kp := range r.pairs {
		if !in[kp.text] {
			continue
		}
		head := joinHead(texts, in, kp.text)
		if _, ok := seen[[2]string{kp.key, head}]; ok || head == "" || assigns(head) {
			continue
		}
		seen[[2]string{kp.key, head}] = struct{}{}
		b.WriteString(kp.key)
		b.WriteString(head)
		b.WriteByte('\n')
	}
	return b.String()
}

// maxJoinTexts bounds the texts after a key's value joinHead reads on: the
// join then costs at most that many times the result's size.
const maxJoinTexts = 3

// joinHead returns the head of text i after leading blanks ({"ghp_":"\nT"}
// reads as one) and, while each text the model reads is token characters
// whole, the heads of the texts after it ({"ghp_":"16C7…","x":"710c…"}; at
// most maxJoinTexts), at most maxKeyJoin bytes.
func joinHead(texts []string, in []bool, i int) string {
	s := strings.TrimLeft(texts[i], " \t\r\n")
	head := tokenHead(s)
	for j, n := i+1, 0; j < len(texts) && len(head) < maxKeyJoin && n < maxJoinTexts; j++ {
		if len(s) == 0 || tokenHead(s) != s {
			break
		}
		if !in[j] {
			continue
		}
		s, n = texts[j], n+1
		head += tokenHead(s)
	}
	return head[:min(len(head), maxKeyJoin)]
}

// assigns reports whether head is an assignment (name=value, not a
// value's trailing = padding): checked as the value it is, since joined to
// the key the name would change (content + csrf-token=… reads as one
// secret-named key).
func assigns(head string) bool {
	i := strings.IndexByte(head, '=')
	return i >= 0 && strings.TrimRight(head[i:], "=") != ""
}

// tokenHead returns the start of s made of the characters secrets are
// written in (letters, digits, _ - + / = . ~), at most maxKeyJoin bytes.
func tokenHead(s string) string {
	for i := 0; i < len(s) && i < maxKeyJoin; i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("_-+/=.~", c) >= 0) {
			return s[:i]
		}
	}
	return s[:min(len(s), maxKeyJoin)]
}

// Rewrite returns the result with text i replaced by texts[i] for every i,
// in the same shape: keys, numbers, booleans and nulls kept.
func (r *Result) Rewrite(texts []string) ([]byte, error) {
	if len(texts) != r.Texts {
		return nil, errors.New("rewrite: wrong number of texts")
	}
	var out bytes.Buffer
	out.Grow(len(r.Raw)) // a redacted result is about its size: no regrowth
	w := jsonWriter{buf: &out}
	i := 0
	err := walkJSON(r.Raw, "tool_response", func(t token) {
		switch t.kind {
		case tokKey:
			s := t.s
			if !plainKey(s) {
				s = texts[i]
				i++
			}
			w.key(s)
		case tokString:
			w.scalar(appendString(make([]byte, 0, len(texts[i])+2), texts[i]))
			i++
		default:
			w.token(t)
		}
	})
	if err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// Withheld returns a replacement for the result that keeps its shape and
// none of its text: members under plain keys, numbers, booleans, nulls and
// short lower-case words under a type or status key ("type":"text") stay;
// the first
// string under a key such as content, text, stdout or result (else the first
// string) becomes notice; every other string becomes "", and members under a
// key that is not a plain name are dropped. A client that checks a
// replacement against the tool's schema still takes it.
func (r *Result) Withheld(notice string) []byte {
	return withheld(r.Raw, notice)
}

// NoticeOnly returns the notice alone in the form of the result (an MCP
// content list, an object holding one, or a string): for a withheld
// result whose kept keys the checks refuse (see KeptText).
func (r *Result) NoticeOnly(notice string) []byte { return noticeLike(r.Raw, notice) }

// KeptText returns what a withheld replacement (see Withheld) keeps of the
// result other than notice: its keys and kept tag words, each once, a line
// each, for checking before the replacement reaches the model (a plain key
// of the result stays in it).
func KeptText(replacement []byte, notice string) string {
	var p plainKeys
	_ = walkJSON(replacement, "", func(t token) {
		if t.kind == tokKey || t.kind == tokString && t.s != notice && t.s != "" {
			p.add(t.s)
		}
	})
	return p.b.String()
}

// WithheldRaw is Withheld for a result that did not parse as a Result (a
// payload guard could not read): a replacement of the same JSON type when
// raw is valid JSON, else the notice as a JSON string.
func WithheldRaw(raw []byte, notice string) []byte {
	if len(bytes.TrimSpace(raw)) == 0 || !json.Valid(raw) {
		return noticeLike(raw, notice)
	}
	return withheld(raw, notice)
}

// noticeLike returns the notice in the form of the result raw begins as,
// for a result guard cannot walk (invalid, cut short, or nested past what
// guard decodes): an
// MCP content list for a list, an object holding one for an object, else a
// JSON string. A client that checks a replacement's type then still takes
// it.
func noticeLike(raw []byte, notice string) []byte {
	block := `[{"type":"text","text":` + string(appendString(nil, notice)) + `}]`
	switch t := bytes.TrimSpace(raw); {
	case len(t) > 0 && t[0] == '[':
		return []byte(block)
	case len(t) > 0 && t[0] == '{':
		return []byte(`{"content":` + block + `}`)
	}
	return appendString(nil, notice)
}

func withheld(raw []byte, notice string) []byte {
	// First pass: which string carries the notice.
	primary, first, n := -1, -1, 0
	_ = walkJSON(raw, "", func(t token) {
		if t.kind != tokString || t.dropped {
			return
		}
		if primary < 0 && primaryKey(t.key) {
			primary = n
		}
		if first < 0 && !keptTag(t) {
			first = n
		}
		n++
	})
	if primary < 0 {
		primary = first
	}
	var out bytes.Buffer
	w := jsonWriter{buf: &out}
	n = 0
	placed := false
	err := walkJSON(raw, "", func(t token) {
		if t.dropped {
			return
		}
		switch t.kind {
		case tokKey:
			w.key(t.s)
		case tokString:
			s := ""
			switch {
			case n == primary:
				s, placed = notice, true
			case keptTag(t):
				s = t.s
			}
			w.scalar(appendString(nil, s))
			n++
		default:
			w.token(t)
		}
	})
	if err != nil || out.Len() == 0 {
		return noticeLike(raw, notice)
	}
	if !placed && bytes.HasPrefix(bytes.TrimSpace(raw), []byte("[")) && bytes.Equal(out.Bytes(), []byte("[]")) {
		// An empty list: the notice as the one content block MCP results hold.
		return []byte(`[{"type":"text","text":` + string(appendString(nil, notice)) + `}]`)
	}
	return out.Bytes()
}

// primaryKey reports whether a string under key k is where a result keeps
// its main text.
func primaryKey(k string) bool {
	switch normKey(k) {
	case "content", "text", "stdout", "result", "llmcontent", "output", "message", "body", "data", "returndisplay":
		return true
	}
	return false
}

// keptTag reports whether a string stays in a withheld result: a short
// lower-case word under a key that names a type or state (type, status,
// kind, role, mode…), which a client's schema may require.
func keptTag(t token) bool {
	switch normKey(t.key) {
	case "type", "subtype", "status", "kind", "role", "mode", "state", "level", "format", "encoding",
		"mimetype", "stopreason", "finishreason", "event", "action":
		return enumWord(t.s)
	}
	return false
}

// enumWord reports whether s is a short lower-case word (letters, _ and -,
// at most 24 bytes): a type tag such as "text" or "success", kept in a
// withheld result so that its shape still validates.
func enumWord(s string) bool {
	if s == "" || len(s) > 24 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// LLMText returns the texts of r that the model reads, joined by newlines:
// those under a top-level llmContent member (agent C's result) when there
// are any, else all of them.
func (r *Result) LLMText(texts []string) string {
	n := 0
	for _, t := range texts {
		n += len(t) + 1
	}
	b := make([]byte, 0, n)
	any := false
	for i := range texts {
		if r.top[i] == "llmContent" {
			any = true
			break
		}
	}
	for i, t := range texts {
		if any && r.top[i] != "llmContent" {
			continue
		}
		if len(b) > 0 {
			b = append(b, '\n')
		}
		b = append(b, t...)
	}
	return string(b)
}

// modelReads reports, for each text of r, whether the model reads it (see
// LLMText): those under a top-level llmContent member when there are any,
// else all.
func (r *Result) modelReads() []bool {
	in := make([]bool, len(r.top))
	llm := slices.Contains(r.top, "llmContent")
	for i, t := range r.top {
		in[i] = !llm || t == "llmContent"
	}
	return in
}

// SeamBytes is how much of each side of the boundary between two texts
// the model reads together is checked joined (Result.Segments): a value
// split across them (a secret a command prints half on stdout, half on
// stderr) lies within it. A text longer than twice this is checked joined
// by its head and its tail only, so that a 1 MiB result is not scanned
// twice.
const SeamBytes = 8 << 10

// Segment is a run of the texts the model reads together, joined as it
// reads them (each without its trailing line ending, nothing between),
// with where each part of it comes from.
type Segment struct {
	Text   string
	pieces []piece
}

// piece is one part of a Segment: bytes [start, end) of the segment are
// text's bytes from off on.
type piece struct{ text, off, start, end int }

// Segments returns the runs of the texts the model reads (see LLMText)
// that hold parts of two texts or more, joined: the texts in order, each
// without its trailing line ending, a text longer than 2·SeamBytes cut
// after about its first SeamBytes (which end one run) and taken again from
// about its last SeamBytes (which start the next; see seamCuts). None when fewer than two texts
// are read.
func (r *Result) Segments(texts []string) []Segment {
	in := r.modelReads()
	var out []Segment
	var cur Segment
	var b []byte
	flush := func() {
		if len(cur.pieces) > 1 {
			cur.Text = string(b)
			out = append(out, cur)
		}
		cur, b = Segment{}, nil
	}
	add := func(i, off int, t string) {
		cur.pieces = append(cur.pieces, piece{text: i, off: off, start: len(b), end: len(b) + len(t)})
		b = append(b, t...)
	}
	for i, t := range texts {
		if !in[i] {
			continue
		}
		t = strings.TrimRight(t, "\r\n")
		if len(t) <= 2*SeamBytes {
			add(i, 0, t)
			continue
		}
		head, tail := seamCuts(t)
		add(i, 0, t[:head])
		flush()
		add(i, tail, t[tail:])
	}
	flush()
	return out
}

// seamCuts returns where a text longer than 2·SeamBytes is cut for
// Segments: its head ends, and its tail starts, at a line boundary within
// the last (first) KiB of SeamBytes when there is one, so that no line is
// cut in two (a value cut in half could read as what the whole does not).
func seamCuts(t string) (head, tail int) {
	head, tail = SeamBytes, len(t)-SeamBytes
	if i := strings.LastIndexByte(t[head-1024:head], '\n'); i >= 0 {
		head = head - 1024 + i + 1
	}
	if i := strings.IndexByte(t[tail:tail+1024], '\n'); i >= 0 {
		tail += i + 1
	}
	return head, tail
}

// RedactSegment replaces, in each text of texts, the part that bytes
// [lo, hi) of segment s (one of Segments(texts)) come from with marker,
// and reports whether a text it touched is an object key (which cannot be
// redacted) and whether it touched any text at all.
func (r *Result) RedactSegment(texts []string, s Segment, lo, hi int, marker string) (out []string, key, touched bool) {
	out = append([]string(nil), texts...)
	for k := len(s.pieces) - 1; k >= 0; k-- { // from the end: earlier offsets stay
		p := s.pieces[k]
		a, b := max(p.start, lo), min(p.end, hi)
		if a >= b {
			continue
		}
		touched = true
		key = key || r.keys[p.text]
		t := out[p.text]
		a, b = a-p.start+p.off, b-p.start+p.off
		out[p.text] = t[:a] + marker + t[b:]
	}
	return out, key, touched
}

// Token kinds of walkJSON.
const (
	tokString  = iota // a string value
	tokKey            // an object key
	tokOpen           // { or [
	tokClose          // } or ]
	tokLiteral        // a number, true, false or null
)

// token is one step of walkJSON.
type token struct {
	kind    int
	s       string // the string, key, number or literal
	delim   byte   // for tokOpen and tokClose
	key     string // the key of the member the token is (or sits) under
	top     string // the top-level member it sits under
	dropped bool   // under a key that is not a plain name
}

// walkJSON calls fn for every token of the JSON value raw, in document
// order. A member under a key that is not a plain name (plainKey) is marked
// dropped, key, value and all that value holds. field names raw in errors.
// Nesting deeper than maxDepth, which no decoded payload holds, is an
// error.
func walkJSON(raw []byte, field string, fn func(token)) error {
	return walkTokens(tokenSource(raw), field, fn)
}

// walkTokens is walkJSON over the tokens next returns.
func walkTokens(next func() (json.Token, error), field string, fn func(token)) error {
	type frame struct {
		obj           bool
		wantKey       bool
		key           string // the current member's key (object), or the container's own (array)
		dropped       bool   // the container itself is dropped
		memberDropped bool   // the current member is dropped
	}
	var stack []frame
	bad := &Error{Field: field, Problem: "is not valid JSON"}
	top := ""
	for {
		tok, err := next()
		if errors.Is(err, io.EOF) {
			if len(stack) != 0 {
				return bad
			}
			return nil
		}
		if err != nil {
			return bad
		}
		var cur *frame
		if len(stack) > 0 {
			cur = &stack[len(stack)-1]
		}
		d, isDelim := tok.(json.Delim)
		if cur != nil && cur.obj && cur.wantKey && !(isDelim && d == '}') {
			k, _ := tok.(string)
			cur.key, cur.wantKey = k, false
			cur.memberDropped = cur.dropped || !plainKey(k)
			if len(stack) == 1 {
				top = k
			}
			fn(token{kind: tokKey, s: k, key: k, top: top, dropped: cur.memberDropped})
			continue
		}
		t := token{top: top}
		if cur != nil {
			t.key = cur.key
			t.dropped = cur.dropped
			if cur.obj {
				t.dropped = cur.memberDropped
				cur.wantKey = true
			}
		}
		if isDelim {
			switch d {
			case '{', '[':
				if len(stack) >= maxDepth {
					return &Error{Field: field, Problem: "is nested too deeply"}
				}
				t.kind, t.delim = tokOpen, byte(d)
				fn(t)
				stack = append(stack, frame{obj: d == '{', wantKey: d == '{', key: t.key, dropped: t.dropped})
			default:
				closed := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				t.kind, t.delim, t.dropped = tokClose, byte(d), closed.dropped
				if len(stack) > 0 {
					t.key = stack[len(stack)-1].key
				}
				fn(t)
			}
			continue
		}
		switch v := tok.(type) {
		case string:
			t.kind, t.s = tokString, v
		case json.Number:
			t.kind, t.s = tokLiteral, v.String()
		case bool:
			t.kind, t.s = tokLiteral, strconv.FormatBool(v)
		default:
			t.kind, t.s = tokLiteral, "null"
		}
		fn(t)
	}
}

// jsonWriter re-encodes a token stream, placing commas and colons.
type jsonWriter struct {
	buf   *bytes.Buffer
	stack []bool // per open container: something written in it yet
	after bool   // a key was just written: the value follows without a comma
}

func (w *jsonWriter) sep() {
	if w.after {
		w.after = false
		return
	}
	if n := len(w.stack); n > 0 {
		if w.stack[n-1] {
			w.buf.WriteByte(',')
		}
		w.stack[n-1] = true
	}
}

func (w *jsonWriter) key(k string) {
	w.sep()
	w.buf.Write(appendString(nil, k))
	w.buf.WriteByte(':')
	w.after = true
}

func (w *jsonWriter) scalar(b []byte) {
	w.sep()
	w.buf.Write(b)
}

func (w *jsonWriter) token(t token) {
	switch t.kind {
	case tokOpen:
		w.sep()
		w.buf.WriteByte(t.delim)
		w.stack = append(w.stack, false)
	case tokClose:
		w.buf.WriteByte(t.delim)
		w.stack = w.stack[:len(w.stack)-1]
	case tokLiteral:
		w.scalar([]byte(t.s))
	}
}

// appendString appends s to dst as a JSON string, escaping only what JSON
// requires (and U+2028, U+2029), with invalid UTF-8 as U+FFFD.
func appendString(dst []byte, s string) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				dst = append(dst, '\\', c)
			case c == '\n':
				dst = append(dst, '\\', 'n')
			case c == '\r':
				dst = append(dst, '\\', 'r')
			case c == '\t':
				dst = append(dst, '\\', 't')
			case c < 0x20:
				dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			default:
				dst = append(dst, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			dst = append(dst, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			dst = append(dst, '\\', 'u', '2', '0', '2', hex[r&0xf])
		default:
			dst = append(dst, s[i:i+size]...)
		}
		i += size
	}
	return append(dst, '"')
}

// ResultsReplaced reports whether the client of agent name lets guard
// replace a tool's result before the model sees it (agent A's PostToolUse,
// agent C's AfterTool): there the result scan redacts what a tool prints.
// Agent B's after-tool hooks only log.
func ResultsReplaced(name string) bool { return name != B }

// NoResultRedaction is why guard cannot redact a tool's result for an agent
// whose results it cannot replace (see ResultsReplaced).
const NoResultRedaction = "this agent's client does not let guard withhold or redact a tool's result"
