package console

import (
	"os"
	"testing"
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
	var f fields
	for b.Loop() {
		if err := parseLine(line, &f); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStats computes the stats of a 100,000-record index (uncached).
func BenchmarkStats(b *testing.B) {
	x := mustOpen(b, writeLog(b, 100_000, 1))
	for b.Loop() {
		x.gen++
		x.Stats()
	}
}

// BenchmarkPageFiltered serves a deep filtered page of 100 events.
func BenchmarkPageFiltered(b *testing.B) {
	x := mustOpen(b, writeLog(b, 100_000, 1))
	for b.Loop() {
		if _, err := x.Page(Query{Page: 50, Limit: 100, Verdict: "block"}); err != nil {
			b.Fatal(err)
		}
	}
}
