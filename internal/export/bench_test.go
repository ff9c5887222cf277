package export

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/guardhq/guard/internal/console/loggen"
)

// BenchmarkEncode measures what the exporter does per record besides the
// network: read and scan the line, check its link, encode the record,
// finish the request and gzip it (b.N records, in batches).
func BenchmarkEncode(b *testing.B) {
	dir := b.TempDir()
	path := filepath.Join(dir, "audit.log")
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriter(f)
	if err := loggen.Write(w, loggen.Options{N: 20000, Seed: 1}); err != nil {
		b.Fatal(err)
	}
	w.Flush()
	f.Close()
	e, err := New(Options{Log: path, Cursor: filepath.Join(dir, "cursor"), Config: Config{URL: "http://127.0.0.1:1"}, Host: "h"})
	if err != nil {
		b.Fatal(err)
	}
	lf, err := os.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	defer lf.Close()
	fi, _ := lf.Stat()
	b.ReportAllocs()
	b.ResetTimer()
	start := time.Now()
	var buf []byte // reused as the exporter reuses its buffers
	for done := 0; done < b.N; {
		cur := zeroCursor()
		t := &tail{f: lf, path: path, info: fi}
		for cur.Off < fi.Size() && done < b.N {
			bt, err := e.fill(context.Background(), t, &cur, nil, buf)
			if err != nil {
				b.Fatal(err)
			}
			body := bt.request()
			buf = bt.records
			e.send.buf.Reset()
			e.send.gz.Reset(&e.send.buf)
			e.send.gz.Write(body)
			e.send.gz.Close()
			cur = Cursor{Off: bt.end, Head: bt.head, HeadStart: bt.start, HeadEnd: bt.headEnd}
			done += bt.n
		}
	}
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "records/s")
}
