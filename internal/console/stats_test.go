package console

import (
	"fmt"
	"math"
	"net/url"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/guardhq/guard/internal/audit"
	"github.com/guardhq/guard/internal/event"
)

// slowStats is what /api/stats must answer for f, from slowEvents: the
// counters of the events that pass f, the blocked events per rule of those
// that pass f but its rule.
func slowStats(t testing.TB, path string, f audit.Filter) (s Stats, byRule map[string]int64, in []Event) {
	t.Helper()
	in = slowEvents(t, path, f)
	for _, e := range in {
		if e.Verdict == "block" {
			s.Blocked++
		} else {
			s.Allowed++
		}
		s.TokensTotal += e.TokensIn
	}
	s.Total = s.Blocked + s.Allowed
	if s.Total > 0 {
		s.BlockRate = math.Round(float64(s.Blocked)*10000/float64(s.Total)) / 100
	}
	noRule := f
	noRule.Rule = ""
	byRule = map[string]int64{}
	for _, e := range slowEvents(t, path, noRule) {
		if e.Verdict == "block" {
			byRule[e.Rule]++
		}
	}
	return s, byRule, in
}

// checkStats fails unless got is the stats of f over the log at path: the
// counters, every rule's bar, every timeline bucket.
func checkStats(t *testing.T, path string, f audit.Filter, got Stats) {
	t.Helper()
	want, byRule, in := slowStats(t, path, f)
	if got.Total != want.Total || got.Blocked != want.Blocked || got.Allowed != want.Allowed ||
		got.BlockRate != want.BlockRate || got.TokensTotal != want.TokensTotal {
		t.Errorf("counters %d/%d/%d %.2f%% %d tokens, want %d/%d/%d %.2f%% %d", got.Total, got.Blocked, got.Allowed,
			got.BlockRate, got.TokensTotal, want.Total, want.Blocked, want.Allowed, want.BlockRate, want.TokensTotal)
	}
	if all := len(slowEvents(t, path, audit.Filter{})); got.LogTotal != int64(all) {
		t.Errorf("log_total %d, want %d", got.LogTotal, all)
	}
	var sum, blocked int64
	for _, n := range byRule {
		blocked += n
	}
	for _, r := range got.ByRule {
		sum += r.Count
		if r.Rule != otherRule && byRule[r.Rule] != r.Count {
			t.Errorf("rule %s: %d, want %d", r.Rule, r.Count, byRule[r.Rule])
		}
	}
	if sum != blocked {
		t.Errorf("by_rule sums to %d, want %d", sum, blocked)
	}
	step := got.Timeline.StepMS
	buckets := map[int64][2]int64{}
	for _, e := range in {
		ts, _ := time.Parse(time.RFC3339Nano, e.TS)
		if step == 0 {
			t.Fatalf("events without a timeline")
		}
		b := ts.UnixMilli() - mod(ts.UnixMilli(), step)
		c := buckets[b]
		if e.Verdict == "block" {
			c[1]++
		} else {
			c[0]++
		}
		buckets[b] = c
	}
	for _, b := range got.Timeline.Buckets {
		if c := buckets[b.T]; c[0] != b.Allow || c[1] != b.Block {
			t.Errorf("bucket %d: %d/%d, want %d/%d", b.T, b.Allow, b.Block, c[0], c[1])
		}
		delete(buckets, b.T)
	}
	if len(buckets) > 0 {
		t.Errorf("events outside the timeline's buckets: %v", buckets)
	}
}

// TestStatsFilters: /api/stats takes every filter /api/events takes, and
// its counters, chart of rules and timeline are those of the events that
// pass them (issue 22 item 5).
func TestStatsFilters(t *testing.T) {
	path := writeLog(t, 3000, 17)
	h := newTestHandler(t, path, Config{})
	all := slowEvents(t, path, audit.Filter{})
	hash := all[10].InputHash
	tests := []struct {
		query string
		f     audit.Filter
	}{
		{"", audit.Filter{}},
		{"verdict=block", audit.Filter{Verdict: "block"}},
		{"verdict=allow&hook=PreToolUse", audit.Filter{Verdict: "allow", Hook: "PreToolUse"}},
		{"hook=all&verdict=all&agent=all", audit.Filter{}},
		{"agent=b", audit.Filter{Agent: "b"}},
		{"rule=dangerous_rm", audit.Filter{Rule: "dangerous_rm"}},
		{"rule=no_such_rule", audit.Filter{Rule: "no_such_rule"}},
		{"repo=acme/infra&verdict=block", audit.Filter{Repo: "acme/infra", Verdict: "block"}},
		{"repo=no/such", audit.Filter{Repo: "no/such"}},
		{"since=2026-11-19T00:00:00Z", audit.Filter{Since: time.Date(2026, 11, 19, 0, 0, 0, 0, time.UTC)}},
		{"since=2026-11-18T00:00:00Z&until=2026-11-18T12:30:00.5Z&hook=PreToolUse",
			audit.Filter{Since: time.Date(2026, 11, 18, 0, 0, 0, 0, time.UTC), Until: time.Date(2026, 11, 18, 12, 30, 0, 5e8, time.UTC), Hook: "PreToolUse"}},
		{"until=2026-11-15T00:00:00Z", audit.Filter{Until: time.Date(2026, 11, 15, 0, 0, 0, 0, time.UTC)}},
		{"q=" + hash[:4], audit.Filter{HashPrefix: hash[:4]}},
		{"q=" + hash[:20], audit.Filter{HashPrefix: hash[:20]}},
		{"agent=a&rule=blocked_path&repo=acme/web-frontend&since=2026-11-10T00:00:00Z",
			audit.Filter{Agent: "a", Rule: "blocked_path", Repo: "acme/web-frontend", Since: time.Date(2026, 11, 10, 0, 0, 0, 0, time.UTC)}},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			s := decode[Stats](t, do(h, req{target: "/api/stats?" + tt.query}))
			checkStats(t, path, tt.f, s)
			// The counters are the events' total for the same query.
			p := decode[Page](t, do(h, req{target: "/api/events?" + tt.query}))
			if p.Total != s.Total {
				t.Errorf("stats total %d, events total %d", s.Total, p.Total)
			}
		})
	}

	// A bounded range: the timeline spans it, empty buckets included.
	since := time.Date(2026, 11, 19, 0, 0, 0, 0, time.UTC)
	until := time.Date(2026, 11, 20, 6, 0, 0, 0, time.UTC)
	s := decode[Stats](t, do(h, req{target: "/api/stats?verdict=block&since=" + since.Format(time.RFC3339) + "&until=" + until.Format(time.RFC3339)}))
	bs := s.Timeline.Buckets
	if len(bs) == 0 || bs[0].T > since.UnixMilli() || bs[len(bs)-1].T+s.Timeline.StepMS < until.UnixMilli() || len(bs) > maxBuckets {
		t.Errorf("timeline does not span the range: %d buckets, step %d", len(bs), s.Timeline.StepMS)
	}
	// Without a range, the timeline spans the whole log whatever the other
	// filters: the time axis stays put while they change.
	whole := decode[Stats](t, do(h, req{target: "/api/stats"}))
	narrow := decode[Stats](t, do(h, req{target: "/api/stats?rule=dangerous_rm"}))
	if narrow.Timeline.StepMS != whole.Timeline.StepMS || len(narrow.Timeline.Buckets) != len(whole.Timeline.Buckets) ||
		narrow.Timeline.Buckets[0].T != whole.Timeline.Buckets[0].T {
		t.Errorf("a rule filter moved the time axis")
	}
	// An open range ("the last hour") reaches to now, empty buckets included.
	s = decode[Stats](t, do(h, req{target: "/api/stats?since=" + url.QueryEscape(time.Now().Add(-time.Hour).UTC().Format(time.RFC3339))}))
	if len(s.Timeline.Buckets) < 12 || len(s.ByRule) != 0 || s.Total != 0 || s.LogTotal != int64(len(all)) {
		t.Errorf("last hour of an old log: %d buckets, by_rule %v, total %d of %d", len(s.Timeline.Buckets), s.ByRule, s.Total, s.LogTotal)
	}
	for _, b := range s.Timeline.Buckets {
		if b.Allow+b.Block != 0 {
			t.Errorf("events in the last hour of an old log: %+v", b)
		}
	}
	// The rules chart keeps the other rules under a rule filter: the one
	// chosen is among them, with its count.
	d := decode[Stats](t, do(h, req{target: "/api/stats?rule=dangerous_rm&agent=a"}))
	if len(d.ByRule) < 2 || !reflect.DeepEqual(ruleCounts(d.ByRule)["dangerous_rm"], d.Blocked) {
		t.Errorf("by_rule under a rule filter: %v, blocked %d", d.ByRule, d.Blocked)
	}
}

func ruleCounts(rs []RuleCount) map[string]int64 {
	m := map[string]int64{}
	for _, r := range rs {
		m[r.Rule] = r.Count
	}
	return m
}

// TestStatsPastTheNameCap: a rule or repository past the names the index
// keeps is counted exactly, by reading its lines.
func TestStatsPastTheNameCap(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.log")
	var b strings.Builder
	for i := range maxNames + 20 {
		b.WriteString(recordLine(func(r *event.Record) {
			if i%3 > 0 {
				block(fmt.Sprintf("rule%d", i%(maxNames+10)))(r)
			}
			r.Repo = fmt.Sprintf("org/repo%d", i%(maxNames+15))
			r.TokensIn = i
		}) + "\n")
	}
	appendRaw(t, path, b.String())
	h := newTestHandler(t, path, Config{})
	for _, f := range []audit.Filter{
		{Rule: "rule4"},
		{Rule: "rule" + fmt.Sprint(maxNames+5)},
		{Rule: "rule999999"},
		{Repo: "org/repo" + fmt.Sprint(maxNames+3)},
		{Repo: "org/repo1"},
		{Repo: "org/repo1", Rule: "rule" + fmt.Sprint(maxNames+8)},
		{Repo: "org/repo" + fmt.Sprint(maxNames+13), Rule: "rule" + fmt.Sprint(maxNames+3)},
		{Repo: "org/nope"},
	} {
		v := url.Values{}
		if f.Rule != "" {
			v.Set("rule", f.Rule)
		}
		if f.Repo != "" {
			v.Set("repo", f.Repo)
		}
		t.Run(v.Encode(), func(t *testing.T) {
			checkStats(t, path, f, decode[Stats](t, do(h, req{target: "/api/stats?" + v.Encode()})))
		})
	}
}

// TestStatsTokens: tokens_total under a filter is exact, a record's count
// past what 32 bits hold included, and stops at the largest int64.
func TestStatsTokens(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.log")
	var b strings.Builder
	for i, n := range []int{7, 1 << 33, math.MaxUint32, math.MaxUint32 - 1, 5, math.MaxInt64} {
		b.WriteString(recordLine(func(r *event.Record) {
			r.TokensIn = n
			r.Repo = fmt.Sprintf("org/r%d", i%2)
			if i == 5 {
				r.Repo = "org/max"
			}
		}) + "\n")
	}
	appendRaw(t, path, b.String())
	h := newTestHandler(t, path, Config{})
	for query, want := range map[string]int64{
		"repo=org/r0":  7 + math.MaxUint32 + 5,
		"repo=org/r1":  1<<33 + math.MaxUint32 - 1,
		"":             math.MaxInt64,
		"repo=org/max": math.MaxInt64,
	} {
		if s := decode[Stats](t, do(h, req{target: "/api/stats?" + query})); s.TokensTotal != want {
			t.Errorf("%s: tokens_total %d, want %d", query, s.TokensTotal, want)
		}
	}
}
