package audit

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/event"
)

// seedLines returns valid lines and damaged variants for the fuzz corpora.
func seedLines(f *testing.F) [][]byte {
	f.Helper()
	var seeds [][]byte
	prev := event.ZeroHash
	for i := range 4 {
		rec := testRecord(i)
		rec.PrevHash = prev
		line, err := encode(&rec)
		if err != nil {
			f.Fatal(err)
		}
		seeds = append(seeds, line, line[:len(line)/2])
		prev = hashLine(line)
	}
	return append(seeds,
		[]byte(""), []byte("{}"), []byte("null"), []byte(`{"ts":"`),
		[]byte(`{"ts":"2026-01-01T00:00:00Z","hook":"Stop","verdict":"allow","prev_hash":"`+event.ZeroHash+`"}`),
		[]byte(`{"ts":"2026-01-01T00:00:00Z","TS":"x","hook":"Stop","verdict":"allow","prev_hash":"`+event.ZeroHash+`"} `),
		[]byte(`{"ts":"2026-01-01T00:00:00Z","hook":"Stop","verdict":"allow","prev_hash":"`+event.ZeroHash+`","findings":[]}`),
	)
}

// FuzzParseLine checks that ParseLine never panics, returns a zero record
// with every error, accepts only bounded lines, and that what it accepts
// re-encodes to a line it accepts again, unchanged.
func FuzzParseLine(f *testing.F) {
	for _, s := range seedLines(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		rec, err := ParseLine(line)
		if err != nil {
			if !reflect.DeepEqual(rec, event.Record{}) {
				t.Fatalf("error %v with a non-zero record %+v", err, rec)
			}
			return
		}
		if len(line) > MaxLineBytes {
			t.Fatalf("accepted a line of %d bytes", len(line))
		}
		if isTorn(line) {
			t.Fatalf("a valid line is classified as torn: %q", line)
		}
		again, err := encode(&rec)
		if err != nil {
			t.Fatalf("re-encode: %v", err)
		}
		rec2, err := ParseLine(again)
		if err != nil {
			t.Fatalf("re-encoded line %q rejected: %v", again, err)
		}
		third, err := encode(&rec2)
		if err != nil || !bytes.Equal(third, again) {
			t.Fatalf("encoding not stable: %q then %q (%v)", again, third, err)
		}
	})
}

// FuzzReader checks that the lines a Reader returns put the input back
// together exactly, with numbers counting up from 1.
func FuzzReader(f *testing.F) {
	f.Add([]byte("a\nb\n"))
	f.Add([]byte("a\n\ntorn"))
	f.Add([]byte(""))
	f.Fuzz(func(t *testing.T, in []byte) {
		r := NewReader(bytes.NewReader(in))
		var out []byte
		tooLong := false
		for num := 1; ; num++ {
			l, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			if l.Num != num {
				t.Fatalf("line number %d, want %d", l.Num, num)
			}
			if l.TooLong {
				tooLong = true
				if l.Bytes != nil {
					t.Fatal("a too-long line carries bytes")
				}
				continue
			}
			if len(l.Bytes) > MaxLineBytes || bytes.IndexByte(l.Bytes, '\n') >= 0 {
				t.Fatalf("bad line of %d bytes", len(l.Bytes))
			}
			out = append(out, l.Bytes...)
			if l.Terminated {
				out = append(out, '\n')
			}
		}
		if !tooLong && !bytes.Equal(out, in) {
			t.Fatalf("lines rebuild %q, want %q", out, in)
		}
	})
}

// FuzzTailOffset checks TailOffset against splitting the whole input.
func FuzzTailOffset(f *testing.F) {
	f.Add([]byte("a\nb\nc\n"), uint8(2))
	f.Add([]byte("a\nb\ntorn"), uint8(1))
	f.Add([]byte("\n\n"), uint8(5))
	f.Fuzz(func(t *testing.T, in []byte, k uint8) {
		n := int(k%20) + 1
		off, err := TailOffset(bytes.NewReader(in), int64(len(in)), n)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.SplitAfter(string(in), "\n")
		if lines[len(lines)-1] == "" {
			lines = lines[:len(lines)-1]
		}
		want := strings.Join(lines[max(0, len(lines)-n):], "")
		if got := string(in[off:]); got != want {
			t.Fatalf("tail %d of %q = %q, want %q", n, in, got, want)
		}
	})
}

// FuzzVerify checks that Verify never panics on any log, and that when it
// succeeds every line is accounted for as a verified entry or a torn line.
func FuzzVerify(f *testing.F) {
	var log []byte
	for _, s := range seedLines(f)[:4] {
		log = append(log, s...)
		log = append(log, '\n')
	}
	f.Add(log)
	f.Add(append(log[:len(log):len(log)], `{"ts":"20`...))
	f.Add([]byte("\n"))
	f.Fuzz(func(t *testing.T, in []byte) {
		rep, err := verify(bytes.NewReader(in), nil, nil)
		lines := bytes.Count(in, []byte("\n"))
		if len(in) > 0 && in[len(in)-1] != '\n' {
			lines++
		}
		var ce *ChainError
		switch {
		case err == nil:
			if rep.Entries+len(rep.Torn) != lines {
				t.Fatalf("%d entries and %d torn lines in a log of %d lines", rep.Entries, len(rep.Torn), lines)
			}
		case errors.As(err, &ce):
			if ce.Entry < 1 || ce.Entry > lines {
				t.Fatalf("mismatch at entry %d of a %d-line log", ce.Entry, lines)
			}
		default:
			t.Fatalf("Verify: %v", err)
		}
	})
}

// FuzzChainHead checks chainHead, which reads the end of the log in
// windows, against the definition: split the whole log into lines and step
// back over torn lines (at most maxTornRun of them).
func FuzzChainHead(f *testing.F) {
	var log []byte
	for _, s := range seedLines(f)[:4] {
		log = append(log, s...)
		log = append(log, '\n')
	}
	f.Add(log, uint8(7))
	f.Add(append(log[:len(log):len(log)], `{"ts":"20`...), uint8(3))
	f.Add([]byte("{\"ts\":\"\n{\"ts\"\n{"), uint8(1))
	f.Add([]byte("\n\n"), uint8(0))
	f.Fuzz(func(t *testing.T, in []byte, win uint8) {
		got, gotTorn, err := chainHeadWindow(bytes.NewReader(in), int64(len(in)), int(win%64)+1)
		want, wantTorn, ok := event.ZeroHash, false, true
		if len(in) > 0 {
			wantTorn = in[len(in)-1] != '\n'
			body := in
			if !wantTorn {
				body = in[:len(in)-1]
			}
			lines := bytes.Split(body, []byte{'\n'})
			skipped := 0
			for i := len(lines) - 1; i >= 0; i-- {
				l := lines[i]
				if json.Valid(l) || !isTorn(l) {
					want = hashLine(l)
					break
				}
				if i == 0 {
					break // every line is torn: the chain starts at zeros
				}
				if skipped++; skipped > maxTornRun {
					ok = false
					break
				}
			}
		}
		if !ok {
			if err == nil {
				t.Fatalf("%q: no error after more than %d torn lines", in, maxTornRun)
			}
			return
		}
		if err != nil || got != want || gotTorn != wantTorn {
			t.Fatalf("%q window %d: chainHead = %s %v %v, want %s %v", in, int(win%64)+1, got, gotTorn, err, want, wantTorn)
		}
	})
}
