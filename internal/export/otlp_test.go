package export

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"go.opentelemetry.io/collector/pdata/pcommon"
	"go.opentelemetry.io/collector/pdata/plog"

	"github.com/guardhq/guard/internal/audit"
	"github.com/guardhq/guard/internal/event"
)

// The hand encoding (otlp.go) is checked against the collector's own
// decoder, pdata's plog.ProtoUnmarshaler: field by field against what each
// record should carry, and whole against refLogs, the plog.Logs guard built
// with pdata before the hand encoding (the same calls, kept here as the
// reference).

var testResource = map[string]string{"service.name": "guard", "service.version": "1.2.3", "host.name": "h", "deployment.environment": "ci"}

// refLogs builds with pdata the logs the batch of recs and brks should
// decode to: the records first, then the breaks.
func refLogs(res map[string]string, recs []refRec, brks []Break, now uint64) plog.Logs {
	ld := plog.NewLogs()
	rl := ld.ResourceLogs().AppendEmpty()
	for _, k := range slices.Sorted(maps.Keys(res)) {
		rl.Resource().Attributes().PutStr(k, res[k])
	}
	sl := rl.ScopeLogs().AppendEmpty()
	sl.Scope().SetName(ScopeName)
	for _, r := range recs {
		refRecord(sl.LogRecords().AppendEmpty(), r.f, r.hash, pcommon.Timestamp(now))
	}
	for _, br := range brks {
		refBreak(sl.LogRecords().AppendEmpty(), br, pcommon.Timestamp(now))
	}
	return ld
}

type refRec struct {
	f    *audit.Fields
	hash string
}

// refRecord is the pdata version of addRecord, as it was.
func refRecord(lr plog.LogRecord, f *audit.Fields, hash string, observed pcommon.Timestamp) {
	lr.SetTimestamp(pcommon.Timestamp(f.Time * 1e6))
	lr.SetObservedTimestamp(observed)
	num, text := severity(f.Verdict)
	lr.SetSeverityNumber(plog.SeverityNumber(num))
	lr.SetSeverityText(text)
	lr.SetEventName(EventDecision)
	lr.Body().SetStr(summary(f))
	a := lr.Attributes()
	put := func(k string, v []byte) {
		if len(v) > 0 {
			a.PutStr(k, string(v))
		}
	}
	a.PutStr("guard.event", "decision")
	a.PutStr("guard.time", string(f.TS))
	a.PutStr("guard.hook", string(f.Hook))
	a.PutStr("guard.verdict", string(f.Verdict))
	put("guard.rule", f.Rule)
	put("guard.reason", f.Reason)
	put("guard.action", f.Action)
	put("guard.agent", f.Agent)
	put("guard.agent_event", f.Event)
	put("guard.tool", f.Tool)
	put("guard.tag", f.Tag)
	put("guard.repo", f.Repo)
	put("guard.user", f.User)
	put("guard.host", f.Host)
	put("guard.policy_version", f.PolicyVersion)
	put("guard.input_hash", f.InputHash)
	a.PutStr("guard.prev_hash", string(f.PrevHash))
	a.PutStr("guard.hash", hash)
	if f.TokensIn > 0 {
		a.PutInt("guard.tokens_in", f.TokensIn)
	}
	if fs := f.Findings(); len(fs) > 0 {
		s := a.PutEmptySlice("guard.findings")
		for _, r := range fs {
			s.AppendEmpty().SetStr(r)
		}
	}
}

// refBreak is the pdata version of addBreak, as it was.
func refBreak(lr plog.LogRecord, br Break, now pcommon.Timestamp) {
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
}

// scanRecord returns the Fields of rec's audit line, nil when audit.Scan
// does not take it for a record.
func scanRecord(t testing.TB, rec event.Record) *audit.Fields {
	line, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	var f audit.Fields
	if err := audit.Scan(line, &f); err != nil {
		t.Logf("not a record audit.Scan reads: %v", err)
		return nil
	}
	return &f
}

// Hashes as the log holds them: 64 lowercase hex digits.
const (
	hashA = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
	hashB = "fedcba9876543210fedcba9876543210fedcba9876543210fedcba9876543210"
)

// encodeBatch encodes recs and brks as the exporter does and decodes the
// request with pdata.
func encodeBatch(t testing.TB, recs []refRec, brks []Break, now uint64) plog.Logs {
	keys := slices.Sorted(maps.Keys(testResource))
	b := newBatch(encodeResource(keys, testResource), nil)
	for _, r := range recs {
		b.addRecord(r.f, r.hash, now)
	}
	for _, br := range brks {
		b.addBreak(br, now)
	}
	if b.n != len(recs)+len(brks) {
		t.Fatalf("batch counts %d records, want %d", b.n, len(recs)+len(brks))
	}
	ld, err := (&plog.ProtoUnmarshaler{}).UnmarshalLogs(b.request())
	if err != nil {
		t.Fatalf("pdata cannot decode the request: %v", err)
	}
	return ld
}

// sameLogs fails t when got and want differ in any field.
func sameLogs(t testing.TB, got, want plog.Logs) {
	t.Helper()
	g, err := (&plog.JSONMarshaler{}).MarshalLogs(got)
	if err != nil {
		t.Fatal(err)
	}
	w, err := (&plog.JSONMarshaler{}).MarshalLogs(want)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(g, w) {
		t.Errorf("decoded logs differ from pdata's:\n got %s\nwant %s", g, w)
	}
}

func TestEncodeRecords(t *testing.T) {
	const now = 1_790_000_000_123_456_789
	full := event.Record{TS: "2026-11-27T02:39:06.123Z", Hook: "PreToolUse", Verdict: "block",
		Rule: "blocked_path", Reason: "write to ~/.ssh", User: "ü", Host: "h", Repo: "o/r",
		InputHash: hashA, PrevHash: event.ZeroHash, TokensIn: 300, PolicyVersion: "p1", Agent: "a",
		Event: "PreToolUse", Tag: "subagent_spawn", Tool: "Bash", Action: "redacted",
		Findings: []string{"pii_email", "", "x\ny"}}
	cases := []struct {
		name     string
		rec      event.Record
		severity plog.SeverityNumber
		text     string
		body     string
		attrs    map[string]any
	}{
		{"allow, empty fields left out",
			event.Record{TS: "2026-11-27T02:39:06.000Z", Hook: "Stop", Verdict: "allow", PrevHash: hashB, Agent: "b", Event: "Stop"},
			plog.SeverityNumberInfo, "INFO", "allow Stop",
			map[string]any{"guard.event": "decision", "guard.time": "2026-11-27T02:39:06.000Z", "guard.hook": "Stop",
				"guard.verdict": "allow", "guard.agent": "b", "guard.agent_event": "Stop", "guard.prev_hash": hashB, "guard.hash": "h1"}},
		{"block, every field",
			full, plog.SeverityNumberWarn, "WARN", "block PreToolUse Bash blocked_path",
			map[string]any{"guard.event": "decision", "guard.time": full.TS, "guard.hook": "PreToolUse",
				"guard.verdict": "block", "guard.rule": "blocked_path", "guard.reason": "write to ~/.ssh",
				"guard.action": "redacted", "guard.agent": "a", "guard.agent_event": "PreToolUse", "guard.tool": "Bash",
				"guard.tag": "subagent_spawn", "guard.repo": "o/r", "guard.user": "ü", "guard.host": "h",
				"guard.policy_version": "p1", "guard.input_hash": hashA, "guard.prev_hash": event.ZeroHash,
				"guard.hash": "h1", "guard.tokens_in": int64(300),
				"guard.findings": []any{"pii_email", "", "x\ny"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := scanRecord(t, c.rec)
			if f == nil {
				t.Fatal("the test's record is not one audit.Scan reads")
			}
			recs := []refRec{{f, "h1"}}
			ld := encodeBatch(t, recs, nil, now)
			sameLogs(t, ld, refLogs(testResource, recs, nil, now))
			if ld.ResourceLogs().Len() != 1 || ld.ResourceLogs().At(0).ScopeLogs().Len() != 1 {
				t.Fatalf("want one resource and one scope")
			}
			rl := ld.ResourceLogs().At(0)
			if got := rl.Resource().Attributes().AsRaw(); len(got) != len(testResource) || got["host.name"] != "h" || got["deployment.environment"] != "ci" {
				t.Errorf("resource attributes %v, want %v", got, testResource)
			}
			sl := rl.ScopeLogs().At(0)
			if sl.Scope().Name() != ScopeName || sl.Scope().Version() != "" || sl.LogRecords().Len() != 1 {
				t.Fatalf("scope %q %q with %d records", sl.Scope().Name(), sl.Scope().Version(), sl.LogRecords().Len())
			}
			lr := sl.LogRecords().At(0)
			if lr.Timestamp() != pcommon.Timestamp(f.Time*1e6) || lr.Timestamp() == 0 || lr.ObservedTimestamp() != now {
				t.Errorf("times %d %d", lr.Timestamp(), lr.ObservedTimestamp())
			}
			if lr.SeverityNumber() != c.severity || lr.SeverityText() != c.text || lr.EventName() != EventDecision || lr.Body().Str() != c.body {
				t.Errorf("got %v %q %q %q", lr.SeverityNumber(), lr.SeverityText(), lr.EventName(), lr.Body().Str())
			}
			checkAttrs(t, lr.Attributes(), c.attrs)
		})
	}
}

func checkAttrs(t *testing.T, m pcommon.Map, want map[string]any) {
	t.Helper()
	got := m.AsRaw()
	for k, w := range want {
		g, ok := got[k]
		gj, _ := json.Marshal(g)
		wj, _ := json.Marshal(w)
		if !ok || !bytes.Equal(gj, wj) {
			t.Errorf("attribute %s = %s, want %s", k, gj, wj)
		}
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			t.Errorf("unexpected attribute %s", k)
		}
	}
}

func TestEncodeBreaks(t *testing.T) {
	const now = 1_790_000_000_000_000_001
	brks := []Break{
		{Reason: "prev_hash", Expected: "a", Found: "b", Offset: 1 << 40},
		{Reason: "cursor", Expected: "", Found: "", Offset: 0},
	}
	ld := encodeBatch(t, nil, brks, now)
	sameLogs(t, ld, refLogs(testResource, nil, brks, now))
	lrs := ld.ResourceLogs().At(0).ScopeLogs().At(0).LogRecords()
	if lrs.Len() != 2 {
		t.Fatalf("%d records, want 2", lrs.Len())
	}
	for i, br := range brks {
		lr := lrs.At(i)
		if lr.Timestamp() != now || lr.ObservedTimestamp() != now || lr.SeverityNumber() != plog.SeverityNumberError ||
			lr.SeverityText() != "ERROR" || lr.EventName() != EventChainBreak || lr.Body().Str() != "audit log chain break: "+br.Reason {
			t.Errorf("break %d: %v %q %q %q", i, lr.SeverityNumber(), lr.SeverityText(), lr.EventName(), lr.Body().Str())
		}
		checkAttrs(t, lr.Attributes(), map[string]any{"guard.event": "chain_break", "guard.chain.reason": br.Reason,
			"guard.chain.expected": br.Expected, "guard.chain.found": br.Found, "guard.chain.offset": br.Offset})
	}
}

// TestEncodeEmptyBatch: a request with no record still decodes (the
// exporter never sends one, but the encoding must not depend on it).
func TestEncodeEmptyBatch(t *testing.T) {
	sameLogs(t, encodeBatch(t, nil, nil, 1), refLogs(testResource, nil, nil, 1))
}

// FuzzEncode encodes records and breaks made of random fields and checks
// that pdata decodes them to what pdata's own builder makes.
func FuzzEncode(f *testing.F) {
	f.Add(int64(1790000000123), uint8(1), true, "rule", "reason ü", "Bash", "a,b", 42, "prev_hash", int64(7), uint64(1))
	f.Add(int64(0), uint8(3), false, "", "", "", "", 0, "", int64(-1), uint64(0))
	f.Add(int64(-1), uint8(0), true, "\x00\xff", "\n", "x", "", 1<<40, "cursor", int64(1)<<62, ^uint64(0))
	hooks := []string{"UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"}
	f.Fuzz(func(t *testing.T, ms int64, hook uint8, block bool, rule, reason, text, findings string, tokens int, brReason string, off int64, now uint64) {
		ms %= 1 << 44 // within the years RFC 3339 writes
		if ms < 0 {
			ms = -ms
		}
		rec := event.Record{TS: time.UnixMilli(ms).UTC().Format("2006-01-02T15:04:05.000Z"),
			Hook: hooks[int(hook)%len(hooks)], Verdict: "allow", User: text, Host: reason, Repo: rule,
			InputHash: hashA, PrevHash: hashB, TokensIn: max(tokens, 0), PolicyVersion: text,
			Agent: rule, Event: text, Tag: reason, Tool: text, Action: rule}
		if block {
			rec.Verdict, rec.Rule, rec.Reason = "block", rule, reason
		}
		if findings != "" {
			rec.Findings = strings.Split(findings, ",")
		}
		fl := scanRecord(t, rec)
		if fl == nil {
			return
		}
		recs := []refRec{{fl, reason}, {fl, ""}}
		brks := []Break{{Reason: brReason, Expected: text, Found: rule, Offset: off}}
		sameLogs(t, encodeBatch(t, recs, brks, now), refLogs(testResource, recs, brks, now))
	})
}
