package console

import (
	"os"
	"testing"
	"time"

	"github.com/guardhq/guard/internal/audit"
)

// BenchmarkBuild indexes a 100,000-record log (about 41 MB) from the start.
func BenchmarkBuild(b *testing.B) {
	path := writeLog(b, 100_000, 1)
	fi, _ := os.Stat(path)
	b.SetBytes(fi.Size())
	for b.Loop() {
		st, err := build(path)
		if err != nil {
			b.Fatal(err)
		}
		st.f.Close()
	}
}

// BenchmarkParseLine parses one typical audit line.
func BenchmarkParseLine(b *testing.B) {
	line := []byte(`{"ts":"2026-11-07T16:35:47.717Z","hook":"PreToolUse","verdict":"block","rule":"dangerous_rm","reason":"recursive delete of a protected path: \u003credacted\u003e","user":"alice","host":"alice-mbp","repo":"acme/infra","input_hash":"4b1fb5dcf2d34eb11ebbe1af51a69ada8aa06f8c636a3ec6a1a71b956ace3ada","prev_hash":"0000000000000000000000000000000000000000000000000000000000000000","tokens_in":32,"policy_version":"2026.10.2","agent":"a","event":"PreToolUse","tool":"WebFetch"}`)
	b.SetBytes(int64(len(line)))
	var f audit.Fields
	for b.Loop() {
		if err := audit.Scan(line, &f); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStats computes the stats of a 100,000-record index (uncached).
func BenchmarkStats(b *testing.B) {
	x := mustOpen(b, writeLog(b, 100_000, 1))
	for b.Loop() {
		x.gen++
		x.Stats(StatsQuery{})
	}
}

// BenchmarkStatsFiltered computes the stats of a 100,000-record index under
// filters (one pass each).
func BenchmarkStatsFiltered(b *testing.B) {
	x := mustOpen(b, writeLog(b, 100_000, 1))
	end := time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC)
	for _, f := range []audit.Filter{
		{Verdict: "block"},
		{Agent: "b", Hook: "PreToolUse"},
		{Rule: "dangerous_rm"},
		{Since: end.Add(-24 * time.Hour)},
		{HashPrefix: "abcd"},
	} {
		b.Run(fmtFilter(f), func(b *testing.B) {
			for b.Loop() {
				if _, err := x.Stats(StatsQuery{Filter: f, Now: end.UnixMilli()}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkPageFiltered serves a deep filtered page of 100 events.
func BenchmarkPageFiltered(b *testing.B) {
	x := mustOpen(b, writeLog(b, 100_000, 1))
	for b.Loop() {
		if _, err := x.Page(Query{Page: 50, Limit: 100, Filter: audit.Filter{Verdict: "block"}}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPageNewFilters serves a page with each filter that needs a pass
// over the columns (rule, repo, agent, time range, hash prefix).
func BenchmarkPageNewFilters(b *testing.B) {
	x := mustOpen(b, writeLog(b, 100_000, 1))
	end := time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC)
	for _, f := range []audit.Filter{
		{Rule: "dangerous_rm"},
		{Repo: "acme/infra", Verdict: "block"},
		{Agent: "b"},
		{Since: end.Add(-24 * time.Hour)},
		{HashPrefix: "abcd"},
	} {
		b.Run(fmtFilter(f), func(b *testing.B) {
			for b.Loop() {
				if _, err := x.Page(Query{Page: 3, Limit: 100, Filter: f}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func fmtFilter(f audit.Filter) string {
	switch {
	case f.Rule != "":
		return "rule"
	case f.Repo != "":
		return "repo+verdict"
	case f.Agent != "":
		return "agent"
	case !f.Since.IsZero():
		return "since"
	case f.Verdict != "":
		return "verdict"
	}
	return "q"
}

// BenchmarkBuildHalves compares indexing a 100,000-record log in one pass
// and in two halves at once, in the same run.
func BenchmarkBuildHalves(b *testing.B) {
	path := writeLog(b, 100_000, 1)
	fi, _ := os.Stat(path)
	defer func(v int64) { parallelMin = v }(parallelMin)
	for _, c := range []struct {
		name string
		min  int64
	}{{"one-pass", 1 << 62}, {"two-halves", 1}} {
		b.Run(c.name, func(b *testing.B) {
			parallelMin = c.min
			b.SetBytes(fi.Size())
			for b.Loop() {
				st, err := build(path)
				if err != nil {
					b.Fatal(err)
				}
				st.f.Close()
			}
		})
	}
}
