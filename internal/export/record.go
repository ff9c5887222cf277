package export

import (
	"github.com/guardhq/guard/internal/audit"
	"github.com/guardhq/guard/internal/event"
)

// Names of what guard puts on the records it ships.
const (
	// ScopeName is the instrumentation scope of every record.
	ScopeName = "github.com/guardhq/guard/audit"
	// EventDecision names a record shipped for an audit record.
	EventDecision = "guard.decision"
	// EventChainBreak names the error record sent when the log no longer
	// chains to what was shipped (see package documentation).
	EventChainBreak = "guard.chain_break"
)

// batch is the OTLP logs of one request being built: one resource, one
// scope, the records in log order.
type batch struct {
	resource []byte // the Resource's content
	// records holds the ScopeLogs' LogRecord fields, encoded, after prefix
	// bytes of room for the request's header (request).
	records []byte
	prefix  int
	scratch []byte // one record's content while it is built
	n       int    // log records in it
	bytes   int64  // log bytes they stand for (a bound on the request size)
	end     int64  // offset just after the last line it covers
	// head is the chain hash of the last record (or link) it covers, and
	// start and headEnd where that line is: the cursor once acknowledged.
	head           string
	start, headEnd int64
}

// cursor is the cursor once b is acknowledged, with shipped records in
// all.
func (b *batch) cursor(shipped int64) Cursor {
	c := Cursor{Off: b.end, Head: b.head, HeadStart: b.start, HeadEnd: b.headEnd, Shipped: shipped}
	if c.Head == "" {
		c.Head, c.HeadStart, c.HeadEnd = event.ZeroHash, 0, 0 // unknown: the next record breaks
	}
	return c
}

// newBatch returns an empty batch whose resource is resource, the content
// of a Resource message (encodeResource). It encodes into buf (nil for a
// new buffer), which no request may use any more.
func newBatch(resource, buf []byte) *batch {
	prefix := maxHeader(resource)
	if cap(buf) < prefix {
		buf = make([]byte, 0, prefix+64<<10)
	}
	return &batch{resource: resource, records: buf[:prefix], prefix: prefix}
}

// request returns the encoded ExportLogsServiceRequest of b: its header
// written in the room before the records, so that they are not copied.
// Records added after it are not in it.
func (b *batch) request() []byte {
	h := requestHeader(b.resource, len(b.records)-b.prefix)
	start := b.prefix - len(h)
	copy(b.records[start:], h)
	return b.records[start:]
}

// appendRecord appends the LogRecord whose content is in b.scratch.
func (b *batch) appendRecord() {
	b.records = appendLen(b.records, fScopeLogsLogRecords, len(b.scratch))
	b.records = append(b.records, b.scratch...)
	b.n++
}

// severity maps a verdict to a log severity: an allow is INFO, a block
// (guard doing its work: denied or redacted) WARN. ERROR is kept for what
// guard itself reports about the log (a chain break), so that a backend's
// alert on ERROR fires on tampering, not on every block.
func severity(verdict []byte) (uint64, string) {
	if string(verdict) == "allow" {
		return severityInfo, "INFO"
	}
	return severityWarn, "WARN"
}

// addRecord appends the log record for one audit record: f as Scan made
// it of the line whose chain hash is hash, observed at observed (Unix
// nanoseconds). It carries the record's fields, never more: the audit log
// holds no prompt, command or file text.
func (b *batch) addRecord(f *audit.Fields, hash string, observed uint64) {
	num, text := severity(f.Verdict)
	r := appendHeader(b.scratch[:0], logHeader{time: uint64(f.Time * 1e6), observed: observed,
		severity: num, severityText: text, eventName: EventDecision, body: summary(f)})
	r = appendStrAttr(r, fLogAttributes, "guard.event", "decision")
	r = appendStrAttr(r, fLogAttributes, "guard.time", string(f.TS))
	r = appendStrAttr(r, fLogAttributes, "guard.hook", string(f.Hook))
	r = appendStrAttr(r, fLogAttributes, "guard.verdict", string(f.Verdict))
	for _, a := range [...]struct {
		k string
		v []byte
	}{
		{"guard.rule", f.Rule}, {"guard.reason", f.Reason}, {"guard.action", f.Action},
		{"guard.agent", f.Agent}, {"guard.agent_event", f.Event}, {"guard.tool", f.Tool},
		{"guard.tag", f.Tag}, {"guard.repo", f.Repo}, {"guard.user", f.User},
		{"guard.host", f.Host}, {"guard.policy_version", f.PolicyVersion},
		{"guard.input_hash", f.InputHash},
	} {
		if len(a.v) > 0 {
			r = appendStrAttr(r, fLogAttributes, a.k, string(a.v))
		}
	}
	r = appendStrAttr(r, fLogAttributes, "guard.prev_hash", string(f.PrevHash))
	r = appendStrAttr(r, fLogAttributes, "guard.hash", hash)
	if f.TokensIn > 0 {
		r = appendIntAttr(r, fLogAttributes, "guard.tokens_in", f.TokensIn)
	}
	if fs := f.Findings(); len(fs) > 0 {
		r = appendStrSliceAttr(r, fLogAttributes, "guard.findings", fs)
	}
	b.scratch = r
	b.appendRecord()
}

// summary is the body of a decision record: verdict, hook, tool and rule,
// all names guard or the agent's client chose, e.g. "block PreToolUse Bash
// blocked_path".
func summary(f *audit.Fields) string {
	s := make([]byte, 0, 64)
	s = append(s, f.Verdict...)
	s = append(s, ' ')
	s = append(s, f.Hook...)
	for _, w := range [][]byte{f.Tool, f.Rule} {
		if len(w) > 0 {
			s = append(s, ' ')
			s = append(s, w...)
		}
	}
	return string(s)
}

// Break is a place where the log no longer chains to what was shipped.
type Break struct {
	// Reason says what broke: "prev_hash" (a record does not chain to the
	// one shipped before it), "cursor" (the record the cursor names is not
	// in the log any more: the log was rewritten, cut or replaced),
	// "invalid_line" (a line that is not a record) or "line_too_long".
	Reason string `json:"reason"`
	// Expected is the chain hash guard expected (the last one shipped), and
	// Found what the log holds there.
	Expected string `json:"expected"`
	Found    string `json:"found"`
	// Offset is the offset in the log of the line where it was found.
	Offset int64 `json:"offset"`
	// Time is when guard found it, RFC 3339.
	Time string `json:"time"`
}

// addBreak appends the error record that reports br, found at now (Unix
// nanoseconds).
func (b *batch) addBreak(br Break, now uint64) {
	r := appendHeader(b.scratch[:0], logHeader{time: now, observed: now, severity: severityError,
		severityText: "ERROR", eventName: EventChainBreak, body: "audit log chain break: " + br.Reason})
	r = appendStrAttr(r, fLogAttributes, "guard.event", "chain_break")
	r = appendStrAttr(r, fLogAttributes, "guard.chain.reason", br.Reason)
	r = appendStrAttr(r, fLogAttributes, "guard.chain.expected", br.Expected)
	r = appendStrAttr(r, fLogAttributes, "guard.chain.found", br.Found)
	r = appendIntAttr(r, fLogAttributes, "guard.chain.offset", br.Offset)
	b.scratch = r
	b.appendRecord()
}
