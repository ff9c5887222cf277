package export

import (
	"go.opentelemetry.io/collector/pdata/pcommon"
	"go.opentelemetry.io/collector/pdata/plog"

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
	logs    plog.Logs
	records plog.LogRecordSlice
	n       int   // log records in it
	bytes   int64 // log bytes they stand for (a bound on the request size)
	end     int64 // offset just after the last line it covers
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

// newBatch returns an empty batch with the resource attributes res.
func newBatch(res map[string]string) *batch {
	ld := plog.NewLogs()
	rl := ld.ResourceLogs().AppendEmpty()
	attrs := rl.Resource().Attributes()
	attrs.EnsureCapacity(len(res))
	for k, v := range res {
		attrs.PutStr(k, v)
	}
	sl := rl.ScopeLogs().AppendEmpty()
	sl.Scope().SetName(ScopeName)
	return &batch{logs: ld, records: sl.LogRecords()}
}

// severity maps a verdict to a log severity: an allow is INFO, a block
// (guard doing its work: denied or redacted) WARN. ERROR is kept for what
// guard itself reports about the log (a chain break), so that a backend's
// alert on ERROR fires on tampering, not on every block.
func severity(verdict []byte) (plog.SeverityNumber, string) {
	if string(verdict) == "allow" {
		return plog.SeverityNumberInfo, "INFO"
	}
	return plog.SeverityNumberWarn, "WARN"
}

// addRecord appends the log record for one audit record: f as Scan made
// it of the line whose chain hash is hash. It carries the record's fields,
// never more: the audit log holds no prompt, command or file text.
func (b *batch) addRecord(f *audit.Fields, hash string, observed pcommon.Timestamp) {
	lr := b.records.AppendEmpty()
	lr.SetTimestamp(pcommon.Timestamp(f.Time * 1e6))
	lr.SetObservedTimestamp(observed)
	num, text := severity(f.Verdict)
	lr.SetSeverityNumber(num)
	lr.SetSeverityText(text)
	lr.SetEventName(EventDecision)
	lr.Body().SetStr(summary(f))
	a := lr.Attributes()
	a.EnsureCapacity(20)
	a.PutStr("guard.event", "decision")
	a.PutStr("guard.time", string(f.TS))
	a.PutStr("guard.hook", string(f.Hook))
	a.PutStr("guard.verdict", string(f.Verdict))
	putNonEmpty(a, "guard.rule", f.Rule)
	putNonEmpty(a, "guard.reason", f.Reason)
	putNonEmpty(a, "guard.action", f.Action)
	putNonEmpty(a, "guard.agent", f.Agent)
	putNonEmpty(a, "guard.agent_event", f.Event)
	putNonEmpty(a, "guard.tool", f.Tool)
	putNonEmpty(a, "guard.tag", f.Tag)
	putNonEmpty(a, "guard.repo", f.Repo)
	putNonEmpty(a, "guard.user", f.User)
	putNonEmpty(a, "guard.host", f.Host)
	putNonEmpty(a, "guard.policy_version", f.PolicyVersion)
	putNonEmpty(a, "guard.input_hash", f.InputHash)
	a.PutStr("guard.prev_hash", string(f.PrevHash))
	a.PutStr("guard.hash", hash)
	if f.TokensIn > 0 {
		a.PutInt("guard.tokens_in", f.TokensIn)
	}
	if fs := f.Findings(); len(fs) > 0 {
		s := a.PutEmptySlice("guard.findings")
		s.EnsureCapacity(len(fs))
		for _, r := range fs {
			s.AppendEmpty().SetStr(r)
		}
	}
	b.n++
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

func putNonEmpty(a pcommon.Map, k string, v []byte) {
	if len(v) > 0 {
		a.PutStr(k, string(v))
	}
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

// addBreak appends the error record that reports br.
func (b *batch) addBreak(br Break, now pcommon.Timestamp) {
	lr := b.records.AppendEmpty()
	lr.SetTimestamp(now)
	lr.SetObservedTimestamp(now)
	lr.SetSeverityNumber(plog.SeverityNumberError)
	lr.SetSeverityText("ERROR")
	lr.SetEventName(EventChainBreak)
	lr.Body().SetStr("audit log chain break: " + br.Reason)
	a := lr.Attributes()
	a.PutStr("guard.event", "chain_break")
	a.PutStr("guard.chain.reason", br.Reason)
	a.PutStr("guard.chain.expected", br.Expected)
	a.PutStr("guard.chain.found", br.Found)
	a.PutInt("guard.chain.offset", br.Offset)
	b.n++
}
