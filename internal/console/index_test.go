package console

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/guardhq/guard/internal/audit"
	"github.com/guardhq/guard/internal/console/loggen"
	"github.com/guardhq/guard/internal/event"
)

// recordLine returns a valid record line (no newline) for a hand-made log:
// mutate changes a minimal allow record.
func recordLine(mutate func(r *event.Record)) string {
	r := event.Record{TS: "2026-11-21T09:00:00.000Z", Hook: event.HookPreToolUse, Verdict: "allow", PrevHash: event.ZeroHash}
	if mutate != nil {
		mutate(&r)
	}
	b, err := json.Marshal(r)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// block is a mutation: a block by rule.
func block(rule string) func(r *event.Record) {
	return func(r *event.Record) { r.Verdict, r.Rule, r.Reason = "block", rule, "test" }
}

// lastEvent is the newest valid record of the log at path, as the API shows
// it.
func lastEvent(t testing.TB, path string) Event {
	t.Helper()
	data, _ := os.ReadFile(path)
	lines := bytes.Split(data, []byte("\n"))
	var f audit.Fields
	for i := len(lines) - 2; i >= 0; i-- {
		if audit.Scan(lines[i], &f) == nil {
			return eventOf(&f)
		}
	}
	return Event{}
}

// writeLog writes an n-record generated log to a new temp dir.
func writeLog(t testing.TB, n int, seed uint64) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "audit.log")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := loggen.Write(f, loggen.Options{N: n, Seed: seed}); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// appendRaw appends bytes to the file at path.
func appendRaw(t testing.TB, path, s string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(s); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// appendRecords appends n generated records continuing the log's chain, with
// the given verdict and hook.
func appendRecords(t testing.TB, path string, n int, verdict, hook string) {
	t.Helper()
	data, _ := os.ReadFile(path)
	var last []byte
	if lines := bytes.Split(bytes.TrimRight(data, "\n"), []byte("\n")); len(data) > 0 {
		last = lines[len(lines)-1]
	}
	c := loggen.NewChain(last)
	var b strings.Builder
	for i := range n {
		rec := event.Record{TS: fmt.Sprintf("2026-11-21T09:00:%02d.000Z", i%60), Hook: hook, Verdict: verdict,
			User: "tester", Host: "test-host", Repo: "acme/appended", InputHash: loggen.Hash([]byte{byte(i)}), TokensIn: 10}
		if verdict == "block" {
			rec.Rule, rec.Reason = "appended_rule", "appended in a test"
		}
		line, err := c.Line(&rec)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(line)
		b.WriteByte('\n')
	}
	appendRaw(t, path, b.String())
}

func mustOpen(t testing.TB, path string) *Index {
	t.Helper()
	x, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { x.Close() })
	return x
}

func refresh(t testing.TB, x *Index) *Stats {
	t.Helper()
	if err := x.Refresh(); err != nil {
		t.Fatal(err)
	}
	return wholeStats(t, x)
}

func TestIndexCountsMatchLog(t *testing.T) {
	path := writeLog(t, 2000, 7)
	x := mustOpen(t, path)
	s := wholeStats(t, x)

	// Count the log the slow way.
	data, _ := os.ReadFile(path)
	var total, blocked, allowed, tokens int64
	byRule := map[string]int64{}
	for _, line := range bytes.Split(bytes.TrimSpace(data), []byte("\n")) {
		var f audit.Fields
		if err := audit.Scan(line, &f); err != nil {
			t.Fatal(err)
		}
		total++
		tokens += f.TokensIn
		switch string(f.Verdict) {
		case "block":
			blocked++
			byRule[string(f.Rule)]++
		case "allow":
			allowed++
		}
	}
	if s.Total != total || s.Blocked != blocked || s.Allowed != allowed || s.TokensTotal != tokens || s.Skipped != 0 {
		t.Fatalf("stats %+v, want total %d blocked %d allowed %d tokens %d", s, total, blocked, allowed, tokens)
	}
	var ruleSum, tlAllow, tlBlock int64
	for _, r := range s.ByRule {
		if byRule[r.Rule] != r.Count {
			t.Errorf("rule %s: %d, want %d", r.Rule, r.Count, byRule[r.Rule])
		}
		ruleSum += r.Count
	}
	for _, b := range s.Timeline.Buckets {
		tlAllow += b.Allow
		tlBlock += b.Block
	}
	if ruleSum != blocked || tlAllow != allowed || tlBlock != blocked {
		t.Errorf("by_rule sum %d, timeline %d/%d; want %d blocked, %d allowed", ruleSum, tlAllow, tlBlock, blocked, allowed)
	}
	if n := len(s.Timeline.Buckets); n < 2 || n > maxBuckets {
		t.Errorf("timeline has %d buckets", n)
	}
	want := float64(int64(float64(blocked)*10000/float64(total)+0.5)) / 100
	if s.BlockRate != want {
		t.Errorf("block_rate %v, want %v", s.BlockRate, want)
	}
}

func TestIndexMissingLogThenCreated(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.log")
	x := mustOpen(t, path)
	if s := wholeStats(t, x); s.Total != 0 || s.BlockRate != 0 || len(s.Timeline.Buckets) != 0 {
		t.Fatalf("empty stats %+v", s)
	}
	appendRecords(t, path, 3, "block", "Stop")
	if s := refresh(t, x); s.Total != 3 || s.Blocked != 3 || s.BlockRate != 100 {
		t.Fatalf("after create: %+v", s)
	}
	os.Remove(path)
	if s := refresh(t, x); s.Total != 0 {
		t.Fatalf("after remove: %+v", s)
	}
}

func TestIndexTail(t *testing.T) {
	tests := []struct {
		name        string
		change      func(t *testing.T, path string)
		total       int64
		skipped     int64
		wantRebuilt bool
	}{
		{name: "append", change: func(t *testing.T, path string) { appendRecords(t, path, 5, "block", "Stop") }, total: 105},
		{name: "nothing", change: func(t *testing.T, path string) {}, total: 100},
		{name: "torn line then record", change: func(t *testing.T, path string) {
			appendRaw(t, path, `{"ts":"2026-11-21T09:00:00.000Z","hook":"Stop","verd`+"\n")
			appendRecords(t, path, 1, "allow", "Stop")
		}, total: 101, skipped: 1},
		{name: "garbage and blank lines", change: func(t *testing.T, path string) {
			// Blank lines are not records either: audit verify rejects them.
			appendRaw(t, path, "not json\n\n   \n{}\n")
		}, total: 100, skipped: 4},
		{name: "incomplete last line waits", change: func(t *testing.T, path string) {
			appendRaw(t, path, `{"ts":"2026-11-21T09:00:00.000Z","hook":"Stop",`)
		}, total: 100},
		{name: "overlong line", change: func(t *testing.T, path string) {
			appendRaw(t, path, recordLine(func(r *event.Record) { r.User = strings.Repeat("x", 2*chunkSize) })+"\n")
			appendRecords(t, path, 1, "allow", "Stop")
		}, total: 101, skipped: 1},
		{name: "truncated", change: func(t *testing.T, path string) {
			os.Truncate(path, 0)
			appendRecords(t, path, 2, "allow", "PreToolUse")
		}, total: 2, wantRebuilt: true},
		{name: "rewritten in place, larger", change: func(t *testing.T, path string) {
			other, _ := os.ReadFile(writeLog(t, 200, 99))
			os.WriteFile(path, other, 0o600) // same inode, truncated and refilled
		}, total: 200, wantRebuilt: true},
		{name: "rotated", change: func(t *testing.T, path string) {
			os.Rename(path, path+".1")
			appendRecords(t, path, 4, "block", "PreToolUse")
		}, total: 4, wantRebuilt: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeLog(t, 100, 3)
			x := mustOpen(t, path)
			before := wholeStats(t, x)
			first := x.st
			tt.change(t, path)
			s := refresh(t, x)
			if s.Total != tt.total || s.Skipped != tt.skipped {
				t.Fatalf("total %d skipped %d, want %d and %d", s.Total, s.Skipped, tt.total, tt.skipped)
			}
			if rebuilt := x.st != first; rebuilt != tt.wantRebuilt {
				t.Errorf("rebuilt = %v, want %v", rebuilt, tt.wantRebuilt)
			}
			if tt.total != before.Total && s == before {
				t.Error("stats not recomputed after a change")
			}
			// The newest event is the last complete record written.
			p, err := x.Page(Query{Page: 1, Limit: 1})
			if err != nil {
				t.Fatal(err)
			}
			last := lastEvent(t, path)
			if len(p.Events) != 1 || !reflect.DeepEqual(p.Events[0], last) {
				t.Errorf("newest event %+v, want %+v", p.Events, last)
			}
			// A second refresh with no change keeps everything.
			if s2 := refresh(t, x); s2 != s {
				t.Error("stats recomputed without a change")
			}
		})
	}
}

func TestIndexIncompleteLineCompletes(t *testing.T) {
	path := writeLog(t, 10, 1)
	x := mustOpen(t, path)
	line := recordLine(block("late"))
	appendRaw(t, path, line[:40])
	if s := refresh(t, x); s.Total != 10 || s.Skipped != 0 {
		t.Fatalf("half a line: %+v", s)
	}
	appendRaw(t, path, line[40:]+"\n")
	s := refresh(t, x)
	if s.Total != 11 || s.Blocked < 1 || s.Skipped != 0 {
		t.Fatalf("completed line: %+v", s)
	}
}

func TestIndexLongLineCompletesLater(t *testing.T) {
	path := writeLog(t, 10, 1)
	x := mustOpen(t, path)
	appendRecords(t, path, 2, "allow", "Stop")
	appendRaw(t, path, `{"ts":"2026-11-21T09:00:00.000Z","user":"`+strings.Repeat("x", chunkSize+10))
	if s := refresh(t, x); s.Total != 12 || s.Skipped != 0 {
		t.Fatalf("long line without its end: total %d skipped %d", s.Total, s.Skipped)
	}
	if s := refresh(t, x); s.Total != 12 || s.Skipped != 0 {
		t.Fatalf("again: total %d skipped %d", s.Total, s.Skipped)
	}
	appendRaw(t, path, "\"}\n")
	appendRecords(t, path, 1, "block", "Stop")
	if s := refresh(t, x); s.Total != 13 || s.Skipped != 1 {
		t.Fatalf("long line ended: total %d skipped %d", s.Total, s.Skipped)
	}
}

func TestIndexConcurrentUse(t *testing.T) {
	path := writeLog(t, 300, 4)
	h := newTestHandler(t, path, Config{})
	done := make(chan struct{})
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			targets := []string{"/api/stats", "/api/events?verdict=block", "/api/events?page=2&hook=PreToolUse", "/api/events?format=jsonl&verdict=block", "/api/stats?since=2026-11-21T09:00:00Z", "/api/events?repo=acme/appended&since=2026-11-21T09:00:00Z"}
			for i := 0; ; i++ {
				select {
				case <-done:
					return
				default:
				}
				if w := do(h, req{target: targets[(i+w)%len(targets)]}); w.Code != 200 {
					t.Errorf("status %d: %s", w.Code, w.Body)
					return
				}
			}
		}()
	}
	for i := range 30 {
		if i == 10 || i == 20 {
			os.Truncate(path, 0)
		}
		appendRecords(t, path, 3, "block", "PreToolUse")
	}
	close(done)
	wg.Wait()
	s := decode[Stats](t, do(h, req{target: "/api/stats"}))
	if s.Total != 30 {
		t.Errorf("total %d after the last truncation and 10 appends of 3", s.Total)
	}
}

// TestIndexOneRule: the console shows exactly the lines `guard audit
// verify` accepts as records (issue 11, item 13): a line with a duplicate
// or mis-cased key, an unknown field, a value of the wrong type, a verdict or
// hook outside the audit vocabulary is skipped by both, never shown by one
// and rejected by the other.
func TestIndexOneRule(t *testing.T) {
	valid := recordLine(block("blocked_path"))
	lines := []string{
		valid,
		recordLine(nil),
		strings.Replace(valid, `"hook":"PreToolUse"`, `"hook":"PreToolUse","hook":"Stop"`, 1),
		strings.Replace(valid, `"verdict":"block"`, `"verdict":"allow","verdict":"block"`, 1),
		strings.Replace(valid, `"ts":`, `"TS":`, 1),
		strings.Replace(valid, `"rule":`, `"Rule":`, 1),
		strings.Replace(valid, `"user":""`, `"user":5`, 1),
		strings.Replace(valid, `"user":""`, `"prompt":"x"`, 1),
		strings.Replace(valid, `"verdict":"block"`, `"verdict":"redact"`, 1),
		strings.Replace(valid, `"hook":"PreToolUse"`, `"hook":"beforeTabFileRead"`, 1),
		strings.Replace(valid, `"rule":"blocked_path"`, `"rule":null`, 1),
		" " + valid,
		valid + "\r",
		"",
	}
	path := filepath.Join(t.TempDir(), "audit.log")
	appendRaw(t, path, strings.Join(lines, "\n")+"\n")
	x := mustOpen(t, path)
	want := int64(0)
	for _, l := range lines {
		if _, err := audit.ParseLine([]byte(l)); err == nil {
			want++
		}
	}
	if want != 2 {
		t.Fatalf("audit accepts %d of the lines, want 2", want)
	}
	s := wholeStats(t, x)
	if s.Total != want || s.Skipped != int64(len(lines))-want || s.Blocked != 1 || s.Allowed != 1 {
		t.Fatalf("stats %+v: want %d shown and %d skipped, as audit verify decides", s, want, int64(len(lines))-want)
	}
	if len(s.ByRule) != 1 || s.ByRule[0] != (RuleCount{"blocked_path", 1}) {
		t.Errorf("by_rule %+v", s.ByRule)
	}
}

func TestIndexRuleCap(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.log")
	var b strings.Builder
	for i := range maxNames + 10 {
		b.WriteString(recordLine(block(fmt.Sprintf("r%d", i))) + "\n")
	}
	appendRaw(t, path, b.String())
	x := mustOpen(t, path)
	if n := len(x.st.rules.name); n != maxNames+1 {
		t.Errorf("%d rule names kept, want %d", n, maxNames+1)
	}
	s := wholeStats(t, x)
	if len(s.ByRule) != maxByRule || s.ByRule[maxByRule-1].Rule != otherRule {
		t.Fatalf("by_rule has %d entries, last %+v", len(s.ByRule), s.ByRule[len(s.ByRule)-1])
	}
	var sum int64
	others := 0
	for _, r := range s.ByRule {
		sum += r.Count
		if r.Rule == otherRule {
			others++
		}
	}
	if others != 1 {
		t.Errorf("%d %q entries", others, otherRule)
	}
	if sum != s.Blocked {
		t.Errorf("by_rule sums to %d, want %d", sum, s.Blocked)
	}
}

func TestIndexPaging(t *testing.T) {
	path := writeLog(t, 1234, 9)
	x := mustOpen(t, path)
	data, _ := os.ReadFile(path)
	lines := bytes.Split(bytes.TrimSpace(data), []byte("\n"))
	// Newest first, filtered by hand.
	var want []Event
	for i := len(lines) - 1; i >= 0; i-- {
		var f audit.Fields
		if err := audit.Scan(lines[i], &f); err != nil {
			t.Fatal(err)
		}
		e := eventOf(&f)
		if e.Verdict == "allow" && e.Hook == "PreToolUse" {
			want = append(want, e)
		}
	}
	var got []Event
	for page := 1; ; page++ {
		p, err := x.Page(Query{Page: page, Limit: 37, Filter: audit.Filter{Verdict: "allow", Hook: "PreToolUse"}})
		if err != nil {
			t.Fatal(err)
		}
		if p.Total != int64(len(want)) {
			t.Fatalf("total %d, want %d", p.Total, len(want))
		}
		if len(p.Events) == 0 {
			break
		}
		got = append(got, p.Events...)
	}
	if len(got) != len(want) {
		t.Fatalf("%d events over all pages, want %d", len(got), len(want))
	}
	for i := range got {
		if !reflect.DeepEqual(got[i], want[i]) {
			t.Fatalf("event %d: %+v, want %+v", i, got[i], want[i])
		}
	}
}

func TestHookClassesMatchEventHooks(t *testing.T) {
	if len(event.Hooks) != hookMask+1 {
		t.Fatalf("the class byte holds %d hooks, event.Hooks has %d", hookMask+1, len(event.Hooks))
	}
}

// wholeStats is the stats of the whole log.
func wholeStats(t testing.TB, x *Index) *Stats {
	t.Helper()
	s, err := x.Stats(StatsQuery{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}
