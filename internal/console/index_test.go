package console

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/guardhq/guard/internal/console/loggen"
	"github.com/guardhq/guard/internal/event"
)

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
	return x.Stats()
}

func TestIndexCountsMatchLog(t *testing.T) {
	path := writeLog(t, 2000, 7)
	x := mustOpen(t, path)
	s := x.Stats()

	// Count the log the slow way.
	data, _ := os.ReadFile(path)
	var total, blocked, allowed, tokens int64
	byRule := map[string]int64{}
	for _, line := range bytes.Split(bytes.TrimSpace(data), []byte("\n")) {
		var f fields
		if err := parseLine(line, &f); err != nil {
			t.Fatal(err)
		}
		total++
		tokens += f.tokens
		switch string(f.verdict) {
		case "block":
			blocked++
			byRule[string(f.rule)]++
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
	if s := x.Stats(); s.Total != 0 || s.BlockRate != 0 || len(s.Timeline.Buckets) != 0 {
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
			appendRaw(t, path, "not json\n\n   \n{}\n")
		}, total: 100, skipped: 2},
		{name: "incomplete last line waits", change: func(t *testing.T, path string) {
			appendRaw(t, path, `{"ts":"2026-11-21T09:00:00.000Z","hook":"Stop",`)
		}, total: 100},
		{name: "overlong line", change: func(t *testing.T, path string) {
			appendRaw(t, path, `{"ts":"2026-11-21T09:00:00.000Z","hook":"Stop","verdict":"allow","reason":"`+strings.Repeat("x", 2*chunkSize)+"\"}\n")
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
			before := x.Stats()
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
			data, _ := os.ReadFile(path)
			lines := bytes.Split(data, []byte("\n"))
			var last Event
			for i := len(lines) - 2; i >= 0; i-- {
				var f fields
				if parseLine(lines[i], &f) == nil {
					decodeEvent(lines[i], &last)
					break
				}
			}
			if len(p.Events) != 1 || p.Events[0] != last {
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
	appendRaw(t, path, `{"ts":"2026-11-21T09:00:00.000Z","hook":"Stop",`)
	if s := refresh(t, x); s.Total != 10 || s.Skipped != 0 {
		t.Fatalf("half a line: %+v", s)
	}
	appendRaw(t, path, `"verdict":"block","rule":"late"}`+"\n")
	s := refresh(t, x)
	if s.Total != 11 || s.Blocked < 1 || s.Skipped != 0 {
		t.Fatalf("completed line: %+v", s)
	}
}

func TestIndexLongLineCompletesLater(t *testing.T) {
	path := writeLog(t, 10, 1)
	x := mustOpen(t, path)
	appendRecords(t, path, 2, "allow", "Stop")
	appendRaw(t, path, `{"ts":"2026-11-21T09:00:00.000Z","reason":"`+strings.Repeat("x", chunkSize+10))
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
			targets := []string{"/api/stats", "/api/events?verdict=block", "/api/events?page=2&hook=PreToolUse"}
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

func TestIndexClasses(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.log")
	appendRaw(t, path, strings.Join([]string{
		`{"ts":"2026-11-21T09:00:00.000Z","hook":"Stop","verdict":"redact","rule":"pii_email"}`,
		`{"ts":"2026-11-21T09:00:01.000Z","hook":"beforeTabFileRead","verdict":"block","rule":"blocked_path"}`,
		`{"ts":"2026-11-21T09:00:02.000Z","hook":"PreToolUse","verdict":"block","rule":""}`,
		`{"ts":"2026-11-21T09:00:03.000Z","hook":"PreToolUse","verdict":"allow","user":5}`,
	}, "\n")+"\n")
	x := mustOpen(t, path)
	s := x.Stats()
	if s.Total != 4 || s.Blocked != 2 || s.Allowed != 1 || s.BlockRate != 50 {
		t.Fatalf("stats %+v", s)
	}
	if len(s.ByRule) != 2 {
		t.Errorf("by_rule %+v", s.ByRule)
	}
	tests := []struct {
		q     Query
		total int64
	}{
		{Query{Page: 1, Limit: 10}, 4},
		{Query{Page: 1, Limit: 10, Verdict: "block"}, 2},
		{Query{Page: 1, Limit: 10, Verdict: "allow"}, 1},
		{Query{Page: 1, Limit: 10, Hook: "PreToolUse"}, 2},
		{Query{Page: 1, Limit: 10, Hook: "Stop", Verdict: "allow"}, 0},
		{Query{Page: 1, Limit: 10, Hook: "PostToolUse"}, 0},
	}
	for _, tt := range tests {
		p, err := x.Page(tt.q)
		if err != nil {
			t.Fatal(err)
		}
		if p.Total != tt.total || int64(len(p.Events)) != tt.total {
			t.Errorf("%+v: total %d, %d events; want %d", tt.q, p.Total, len(p.Events), tt.total)
		}
	}
	// A field of the wrong type that the index does not read is shown empty.
	p, _ := x.Page(Query{Page: 1, Limit: 1})
	if e := p.Events[0]; e.User != "" || e.Hook != "PreToolUse" || e.Verdict != "allow" {
		t.Errorf("lenient decode: %+v", e)
	}
}

func TestIndexRuleCap(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.log")
	var b strings.Builder
	for i := range maxRules + 10 {
		fmt.Fprintf(&b, `{"ts":"2026-11-21T09:00:00.000Z","hook":"Stop","verdict":"block","rule":"r%d"}`+"\n", i)
	}
	appendRaw(t, path, b.String())
	x := mustOpen(t, path)
	if n := len(x.st.ruleName); n != maxRules+1 {
		t.Errorf("%d rule names kept, want %d", n, maxRules+1)
	}
	s := x.Stats()
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
		var e Event
		decodeEvent(lines[i], &e)
		if e.Verdict == "allow" && e.Hook == "PreToolUse" {
			want = append(want, e)
		}
	}
	var got []Event
	for page := 1; ; page++ {
		p, err := x.Page(Query{Page: page, Limit: 37, Verdict: "allow", Hook: "PreToolUse"})
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
		if got[i] != want[i] {
			t.Fatalf("event %d: %+v, want %+v", i, got[i], want[i])
		}
	}
}

func TestHookClassesMatchEventHooks(t *testing.T) {
	if int(hookOther) != len(event.Hooks) {
		t.Fatalf("hookOther = %d, event.Hooks has %d", hookOther, len(event.Hooks))
	}
}
