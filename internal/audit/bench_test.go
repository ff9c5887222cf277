package audit

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/guardhq/guard/internal/event"
)

// benchLog writes a chained log of n records quickly (one buffered write,
// the chain computed in memory) and returns its path.
func benchLog(b *testing.B, n int) string {
	b.Helper()
	path := filepath.Join(b.TempDir(), "audit.log")
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriter(f)
	prev := event.ZeroHash
	for i := range n {
		rec := testRecord(i)
		rec.PrevHash = prev
		line, err := encode(&rec)
		if err != nil {
			b.Fatal(err)
		}
		w.Write(line)
		w.WriteByte('\n')
		prev = hashLine(line)
	}
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	if err := f.Close(); err != nil {
		b.Fatal(err)
	}
	return path
}

// BenchmarkAppend measures one locked append on an empty log and on a log of
// 100,000 lines: the cost must not grow with the log, since Append reads only
// its last line.
func BenchmarkAppend(b *testing.B) {
	for _, n := range []int{0, 100_000} {
		b.Run("lines="+strconv.Itoa(n), func(b *testing.B) {
			path := benchLog(b, n)
			rec := testRecord(7)
			for b.Loop() {
				if err := Append(path, &rec); err != nil {
					b.Fatal(err)
				}
			}
			fi, err := os.Stat(path)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(fi.Size())/(1<<20), "MiB-log")
		})
	}
}

// BenchmarkAppendAnchor measures an append that keeps the anchor, as the
// hook's does ("due" every anchorEvery bytes), against one without it
// ("none"), and the cost of one anchor update alone ("update": open, read,
// count, write, close).
func BenchmarkAppendAnchor(b *testing.B) {
	b.Run("none", func(b *testing.B) {
		path := benchLog(b, 1000)
		rec := testRecord(7)
		for b.Loop() {
			if err := Append(path, &rec); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("due", func(b *testing.B) {
		path := benchLog(b, 1000)
		opt := AppendOptions{AnchorFile: AnchorFile(b.TempDir(), path)}
		rec := testRecord(7)
		for b.Loop() {
			if err := AppendWith(path, &rec, opt); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("update", func(b *testing.B) {
		path := benchLog(b, 1000)
		anchor := AnchorFile(b.TempDir(), path)
		f, err := os.Open(path)
		if err != nil {
			b.Fatal(err)
		}
		defer f.Close()
		fi, _ := f.Stat()
		size := fi.Size()
		prev, _, err := chainHead(f, size)
		if err != nil {
			b.Fatal(err)
		}
		if err := ResetAnchor(path, anchor, size-400, 999, prev); err != nil {
			b.Fatal(err)
		}
		for b.Loop() {
			if err := keepAnchor(anchor, f, size, prev, false, "2026-01-01T00:00:00.000Z", 400, prev, false); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkVerify measures verification of a 100,000-line log.
func BenchmarkVerify(b *testing.B) {
	path := benchLog(b, 100_000)
	fi, _ := os.Stat(path)
	b.SetBytes(fi.Size())
	for b.Loop() {
		rep, err := Verify(path)
		if err != nil {
			b.Fatal(err)
		}
		if rep.Entries != 100_000 {
			b.Fatalf("%d entries", rep.Entries)
		}
	}
}
