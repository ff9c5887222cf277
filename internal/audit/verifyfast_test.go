package audit

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/guardhq/guard/internal/console/loggen"
	"github.com/guardhq/guard/internal/event"
)

// genLog returns a log of n records as scripts/genlog writes it (encoded by
// encoding/json's Marshal, so with HTML escapes in some reasons).
func genLog(t testing.TB, n int, seed uint64) []byte {
	t.Helper()
	var b bytes.Buffer
	opt := loggen.Options{N: n, Seed: seed, End: time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC)}
	if err := loggen.Write(&b, opt); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// appendLog returns a log of the given records as Append writes them.
func appendLog(t testing.TB, recs []event.Record) []byte {
	t.Helper()
	var b []byte
	prev := event.ZeroHash
	for i := range recs {
		recs[i].PrevHash = prev
		line, err := encode(&recs[i])
		if err != nil {
			t.Fatal(err)
		}
		b = append(append(b, line...), '\n')
		prev = hashLine(line)
	}
	return b
}

// oddRecords are records whose values make the encoder write escapes,
// non-ASCII text and every optional field.
func oddRecords() []event.Record {
	var recs []event.Record
	for i, reason := range []string{
		`say "hi" \ there`, "tab\there, newline\nthere, nul\x00", "ünïcödé ✓ 🎉", "<redacted> & <b>",
		"line\u2028sep\u2029", "bad utf-8 \xff\xfe", "",
	} {
		r := testRecord(i)
		r.Verdict, r.Rule, r.Reason = string(event.Block), "rule_"+reason, reason
		r.User, r.Host, r.Repo = reason, "host"+reason, ""
		r.Tag, r.Tool, r.Action = "subagent_spawn", "Bash"+reason, event.ActionWithheld
		r.Findings = []string{"pii_email", reason, ""}
		if i%2 == 0 {
			r.Findings = []string{}
			r.InputHash = ""
		}
		r.TokensIn = []int{0, 1, 999_999_999_999_999_999, 1 << 62, 42, 7, 10}[i]
		recs = append(recs, r)
	}
	return recs
}

// TestFastLineTakesWhatGuardWrites: every line Append and scripts/genlog
// write is checked by the fast path, with the prev_hash Scan reads.
func TestFastLineTakesWhatGuardWrites(t *testing.T) {
	var recs []event.Record
	for i := range 30 {
		recs = append(recs, testRecord(i))
	}
	recs = append(recs, oddRecords()...)
	logs := map[string][]byte{"Append": appendLog(t, recs), "genlog": genLog(t, 3000, 7)}
	for name, log := range logs {
		n := 0
		for line := range bytes.Lines(log) {
			line = bytes.TrimSuffix(line, []byte{'\n'})
			n++
			var f Fields
			if err := Scan(line, &f); err != nil {
				t.Fatalf("%s line %d: Scan: %v", name, n, err)
			}
			var prev [sha256.Size]byte
			if !fastLine(line, &prev) {
				t.Errorf("%s line %d takes the slow path: %s", name, n, line)
				continue
			}
			if hex.EncodeToString(prev[:]) != string(f.PrevHash) {
				t.Errorf("%s line %d: prev_hash %x, Scan read %s", name, n, prev, f.PrevHash)
			}
		}
	}
}

// TestFastLineLeavesTheRestToScan: lines that Scan accepts or rejects but
// that are not in the form Append writes are not taken by the fast path.
func TestFastLineLeavesTheRestToScan(t *testing.T) {
	rec := testRecord(2) // a block, with findings
	rec.PrevHash = event.ZeroHash
	good, err := encode(&rec)
	if err != nil {
		t.Fatal(err)
	}
	var prev [sha256.Size]byte
	if !fastLine(good, &prev) {
		t.Fatalf("fast path refuses %s", good)
	}
	s := string(good)
	tests := []struct {
		name, line string
	}{
		{"space after a colon", strings.Replace(s, `"hook":`, `"hook": `, 1)},
		{"space before the end", strings.TrimSuffix(s, "}") + " }"},
		{"fields reordered", strings.Replace(s, `{"ts":"2026-03-04T05:06:02.002Z","hook":"PostToolUse"`, `{"hook":"PostToolUse","ts":"2026-03-04T05:06:02.002Z"`, 1)},
		{"escape in hook", strings.Replace(s, `"PostToolUse"`, `"Post\u0054oolUse"`, 1)},
		{"escape in ts", strings.Replace(s, `"2026-03-04`, `"\u0032026-03-04`, 1)},
		{"escape in prev_hash", strings.Replace(s, `"prev_hash":"0`, `"prev_hash":"\u0030`, 1)},
		{"escape in a key", strings.Replace(s, `"user":`, `"us\u0065r":`, 1)},
		{"upper-case prev_hash", strings.Replace(s, event.ZeroHash, strings.Repeat("A", 64), 1)},
		{"duplicate key", strings.Replace(s, `,"user":"ada"`, `,"user":"ada","user":"ada"`, 1)},
		{"unknown key", strings.Replace(s, `,"user":"ada"`, `,"User":"ada"`, 1)},
		{"other time form", strings.Replace(s, `2026-03-04T05:06:02.002Z`, `2026-03-04T05:06:02Z`, 1)},
		{"time out of range", strings.Replace(s, `2026-03-04T05:06:02.002Z`, `2026-02-30T05:06:02.002Z`, 1)},
		{"tokens_in with a fraction", strings.Replace(s, `"tokens_in":2,`, `"tokens_in":2.0,`, 1)},
		{"tokens_in negative", strings.Replace(s, `"tokens_in":2,`, `"tokens_in":-2,`, 1)},
		{"tokens_in leading zero", strings.Replace(s, `"tokens_in":2,`, `"tokens_in":02,`, 1)},
		{"tokens_in too long", strings.Replace(s, `"tokens_in":2,`, `"tokens_in":9999999999999999999,`, 1)},
		{"tokens_in over int64", strings.Replace(s, `"tokens_in":2,`, `"tokens_in":9223372036854775808,`, 1)},
		{"allow with a rule", strings.Replace(s, `"verdict":"block"`, `"verdict":"allow"`, 1)},
		{"findings null", strings.Replace(s, `"findings":["pii_email"]`, `"findings":null`, 1)},
		{"findings with a number", strings.Replace(s, `"findings":["pii_email"]`, `"findings":["pii_email",1]`, 1)},
		{"findings trailing comma", strings.Replace(s, `"findings":["pii_email"]`, `"findings":["pii_email",]`, 1)},
		{"optional fields reordered", strings.Replace(s, `"findings":["pii_email"]`, `"findings":[],"tag":"x"`, 1)},
		{"control character", strings.Replace(s, `"ada"`, "\"a\x01da\"", 1)},
		{"invalid UTF-8", strings.Replace(s, `"ada"`, "\"a\xffda\"", 1)},
		{"trailing byte", s + " "},
		{"torn", s[:len(s)-5]},
		{"no record", "{}"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.line == s {
				t.Fatal("the case changes nothing")
			}
			if fastLine([]byte(tt.line), &prev) {
				t.Errorf("fast path takes %s", tt.line)
			}
			// Whatever Scan says of it, verify says what verifySlow says.
			checkEquivalent(t, []byte(tt.line+"\n"), 1<<20, nil, nil)
		})
	}
}

// errBoom is the read error of the failing readers.
var errBoom = errors.New("boom")

// failAfter reads data and fails with errBoom after n bytes; with stall
// set, it returns nothing and no error after n bytes instead.
type failAfter struct {
	data  []byte
	n     int
	stall bool
}

func (r *failAfter) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, io.EOF
	}
	if r.n <= 0 {
		if r.stall {
			return 0, nil
		}
		return 0, errBoom
	}
	k := copy(p, r.data[:min(len(r.data), r.n)])
	r.data, r.n = r.data[k:], r.n-k
	return k, nil
}

// readers are the ways the tests feed a log to both verifiers.
var readers = []struct {
	name string
	make func(data []byte, n int) io.Reader
}{
	{"bytes", func(d []byte, _ int) io.Reader { return bytes.NewReader(d) }},
	{"one byte", func(d []byte, _ int) io.Reader { return iotest.OneByteReader(bytes.NewReader(d)) }},
	{"half", func(d []byte, _ int) io.Reader { return iotest.HalfReader(bytes.NewReader(d)) }},
	{"data with EOF", func(d []byte, _ int) io.Reader { return iotest.DataErrReader(bytes.NewReader(d)) }},
	{"fails", func(d []byte, n int) io.Reader { return &failAfter{data: d, n: n} }},
	{"stalls", func(d []byte, n int) io.Reader { return &failAfter{data: d, n: n, stall: true} }},
}

// checkEquivalent verifies log with verify (reading size bytes at a time,
// with one and two workers) and with verifySlow, and fails unless they
// agree: the same report, the same error.
func checkEquivalent(t *testing.T, log []byte, size int, cp *Checkpoint, anchor *Anchor) {
	t.Helper()
	for _, rd := range readers {
		if rd.name == "one byte" && len(log) > 1<<16 {
			continue
		}
		n := len(log) / 2
		for _, holds := range [][]hold{holdsOf(cp, SourceCheckpoint, -1), holdsOf(cp, SourceAnchor, -1)} {
			want, wantErr := verifySlow(rd.make(log, n), holds, anchor)
			for _, w := range []int{1, 2} {
				got, err := verifyChunks(rd.make(log, n), holds, anchor, size, w)
				if !reflect.DeepEqual(got, want) || !sameError(err, wantErr) {
					t.Fatalf("%s reader, chunks of %d, %d workers, holds %+v, anchor %+v:\nverify     = %+v, %v\nverifySlow = %+v, %v\nlog %q",
						rd.name, size, w, holds, anchor, got, err, want, wantErr, clip(log))
				}
			}
		}
	}
}

// holdsOf is the state cp as a hold kept by source, with count records (-1:
// not known); none for a nil cp.
func holdsOf(cp *Checkpoint, source string, count int64) []hold {
	if cp == nil {
		return nil
	}
	return []hold{{Checkpoint: *cp, count: count, source: source}}
}

func clip(b []byte) []byte {
	if len(b) > 2000 {
		return append(b[:1000:1000], "…"...)
	}
	return b
}

// sameError reports whether two verification errors say the same: same
// type, text and entry, the same sentinel errors, the same read error.
func sameError(a, b error) bool {
	if a == nil || b == nil {
		return a == b
	}
	if reflect.TypeOf(a) != reflect.TypeOf(b) || a.Error() != b.Error() {
		return false
	}
	var ca, cb *ChainError
	var aa, ab *AnchorError
	switch {
	case errors.As(a, &ca):
		return errors.As(b, &cb) && ca.Entry == cb.Entry &&
			errors.Is(ca.Err, ErrHashMismatch) == errors.Is(cb.Err, ErrHashMismatch) &&
			reflect.TypeOf(ca.Err) == reflect.TypeOf(cb.Err)
	case errors.As(a, &aa):
		return errors.As(b, &ab) && reflect.DeepEqual(aa, ab)
	}
	return a == b
}

// logLines splits a log into its lines (newline excluded) and the offset
// just after each.
func logLines(log []byte) (lines [][]byte, ends []int64) {
	off := int64(0)
	for l := range bytes.Lines(log) {
		off += int64(len(l))
		lines, ends = append(lines, bytes.TrimSuffix(l, []byte{'\n'})), append(ends, off)
	}
	return lines, ends
}

// tamperings returns damaged copies of a log of Append's records: the kinds
// of change verify must report as verifySlow does.
func tamperings(t testing.TB, log []byte) map[string][]byte {
	t.Helper()
	lines := strings.SplitAfter(string(log), "\n")
	lines = lines[:len(lines)-1]
	join := func(ls ...[]string) []byte {
		var out []string
		for _, l := range ls {
			out = append(out, l...)
		}
		return []byte(strings.Join(out, ""))
	}
	k := len(lines) / 2
	one := func(f func(string) string) []byte {
		c := append([]string(nil), lines...)
		c[k] = f(c[k])
		return join(c)
	}
	swapped := append([]string(nil), lines...)
	swapped[k], swapped[k+1] = swapped[k+1], swapped[k]
	trim := func(l string) string { return strings.TrimSuffix(l, "\n") }
	return map[string][]byte{
		"intact":          log,
		"empty":           nil,
		"one newline":     []byte("\n"),
		"field changed":   one(func(l string) string { return strings.Replace(l, `"user":"`, `"user":"x`, 1) }),
		"line deleted":    join(lines[:k], lines[k+1:]),
		"line duplicated": join(lines[:k+1], lines[k:]),
		"lines swapped":   join(swapped),
		"first deleted":   join(lines[1:]),
		"torn in middle":  join(lines[:k], []string{trim(lines[k])[:40] + "\n"}, lines[k:]),
		"torn runs":       join(lines[:k], []string{"{\n", `{"ts":"` + "\n", `{"t` + "\n"}, lines[k:]),
		"torn at the end": append(log[:len(log):len(log)], lines[0][:50]...),
		"no last newline": log[:len(log)-1],
		"not JSON":        join(lines[:k], []string{"hello\n"}, lines[k:]),
		"blank line":      join(lines[:k], []string{"\n"}, lines[k:]),
		"CRLF":            one(func(l string) string { return trim(l) + "\r\n" }),
		"spaces":          one(func(l string) string { return strings.ReplaceAll(l, `":`, `": `) }),
		"reordered":       one(func(l string) string { return strings.Replace(l, `{"ts":`, `{"zz":1,"ts":`, 1) }),
		"unicode escape":  one(func(l string) string { return strings.Replace(l, `"user":"a`, `"user":"\u0061`, 1) }),
		"duplicate key":   one(func(l string) string { return strings.Replace(l, `,"user":`, `,"user":"","user":`, 1) }),
		"escaped key":     one(func(l string) string { return strings.Replace(l, `"host":`, `"h\u006fst":`, 1) }),
		"bad prev_hash": one(func(l string) string {
			return regexp.MustCompile(`"prev_hash":"[0-9a-f]`).ReplaceAllString(l, `"prev_hash":"G`)
		}),
		"bad ts":           one(func(l string) string { return strings.Replace(l, `"ts":"2026-`, `"ts":"2026x`, 1) }),
		"over-long line":   join(lines[:k], []string{`{"ts":"` + strings.Repeat("a", MaxLineBytes) + "\n"}, lines[k:]),
		"over-long at end": append(log[:len(log):len(log)], strings.Repeat("{", MaxLineBytes+1)...),
		"long line ok":     join(lines[:k], []string{`{"ts":"` + strings.Repeat("a", MaxLineBytes-8) + "\n"}, lines[k:]),
	}
}

// TestVerifyEquivalent compares verify with verifySlow on damaged logs,
// read in chunks of many sizes and through odd readers, with and without
// checkpoints and anchors.
func TestVerifyEquivalent(t *testing.T) {
	var recs []event.Record
	for i := range 12 {
		recs = append(recs, testRecord(i))
	}
	recs = append(recs, oddRecords()...)
	logs := tamperings(t, appendLog(t, recs))
	logs["genlog"] = genLog(t, 200, 3)
	for name, log := range logs {
		lines, ends := logLines(log)
		cps := []*Checkpoint{nil, {Size: 0, Head: event.ZeroHash}, {Size: int64(len(log)) + 1, Head: event.ZeroHash}}
		anchors := []*Anchor{nil, {Head: event.ZeroHash, Count: 0}, {Head: strings.Repeat("a", 64), Count: -1}}
		if n := len(lines); n > 0 {
			cps = append(cps,
				&Checkpoint{Size: ends[n-1], Head: hashLine(lines[n-1])},
				&Checkpoint{Size: ends[n/2], Head: hashLine(lines[n/2])},
				&Checkpoint{Size: ends[n/2], Head: hashLine(lines[0])},
				&Checkpoint{Size: ends[n/2] - 1, Head: hashLine(lines[n/2])},
				&Checkpoint{Size: ends[n-1], Head: hashLine(lines[n-1]),
					Cut: &Cut{TS: "2026-01-01T00:00:00.000Z", Size: 10, Head: event.ZeroHash, Found: 3}})
			anchors = append(anchors,
				&Anchor{Head: hashLine(lines[n/2]), Count: -1},
				&Anchor{Head: hashLine(lines[n/2]), Count: n / 2},
				&Anchor{Head: hashLine(lines[n/2]), Count: n/2 + 1},
				&Anchor{Head: hashLine(lines[n-1]), Count: n + 5})
		}
		t.Run(name, func(t *testing.T) {
			for _, size := range []int{1, 7, 100, 4096, chunkSize} {
				checkEquivalent(t, log, size, nil, nil)
			}
			for _, cp := range cps {
				checkEquivalent(t, log, 256, cp, nil)
			}
			for _, a := range anchors {
				checkEquivalent(t, log, 256, nil, a)
			}
		})
	}
}

// TestVerifyStopsEarly: verify returns at the first bad line of a large log
// without reading it all, and its goroutines are gone when it returns.
func TestVerifyStopsEarly(t *testing.T) {
	log := genLog(t, 20_000, 5)
	bad := append([]byte("oops\n"), log...)
	r := &countingReader{r: bytes.NewReader(bad)}
	_, err := verifyChunks(r, nil, nil, 4096, 2)
	var ce *ChainError
	if !errors.As(err, &ce) || ce.Entry != 1 {
		t.Fatalf("verify = %v, want a mismatch at entry 1", err)
	}
	if r.n > 16*(4096+MaxLineBytes+1) {
		t.Errorf("read %d of %d bytes after the first line failed", r.n, len(bad))
	}
}

type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// FuzzFastLine checks that the fast path accepts only lines Scan accepts,
// and reads the same prev_hash.
func FuzzFastLine(f *testing.F) {
	for _, s := range seedLines(f) {
		f.Add(s)
	}
	for line := range bytes.Lines(append(appendLog(f, oddRecords()), genLog(f, 40, 9)...)) {
		f.Add(bytes.TrimSuffix(line, []byte{'\n'}))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		var prev [sha256.Size]byte
		if !fastLine(line, &prev) {
			return
		}
		var fl Fields
		if err := Scan(line, &fl); err != nil {
			t.Fatalf("fast path takes a line Scan rejects (%v): %q", err, line)
		}
		if hex.EncodeToString(prev[:]) != string(fl.PrevHash) {
			t.Fatalf("fast path reads prev_hash %x, Scan %s: %q", prev, fl.PrevHash, line)
		}
	})
}

// FuzzVerifyEquivalent checks that verify gives verifySlow's report and
// error for any log: read in chunks of any size, through any of the test
// readers, against a checkpoint and an anchor made from its lines.
func FuzzVerifyEquivalent(f *testing.F) {
	var recs []event.Record
	for i := range 6 {
		recs = append(recs, testRecord(i))
	}
	recs = append(recs, oddRecords()[:3]...)
	for name, log := range tamperings(f, appendLog(f, recs)) {
		if strings.Contains(name, "long") {
			continue // 64 KiB seeds slow the fuzzer down; the unit test has them
		}
		for i := range 4 {
			f.Add(log, uint16(i*37), uint8(i), uint8(i), uint16(i*5), uint8(i), int16(i-1))
		}
	}
	f.Add(genLog(f, 10, 11), uint16(0), uint8(0), uint8(2), uint16(3), uint8(2), int16(4))
	f.Fuzz(func(t *testing.T, log []byte, size uint16, rd, cpSel uint8, at uint16, anchorSel uint8, count int16) {
		lines, ends := logLines(log)
		pick := func() ([]byte, int64) {
			if len(lines) == 0 {
				return nil, 0
			}
			i := int(at) % len(lines)
			return lines[i], ends[i]
		}
		var cp *Checkpoint
		switch cpSel % 5 {
		case 1:
			l, _ := pick()
			cp = &Checkpoint{Size: int64(at) % int64(len(log)+2), Head: hashLine(l)}
		case 2, 3:
			l, e := pick()
			cp = &Checkpoint{Size: e, Head: hashLine(l)}
			if cpSel%5 == 3 {
				cp.Cut = &Cut{TS: "2026-01-01T00:00:00.000Z", Size: -1, Found: int64(at)}
			}
		case 4:
			cp = &Checkpoint{Size: 0, Head: event.ZeroHash}
		}
		var anchor *Anchor
		switch anchorSel % 4 {
		case 1:
			l, _ := pick()
			anchor = &Anchor{Head: hashLine(l), Count: -1}
		case 2:
			l, _ := pick()
			anchor = &Anchor{Head: hashLine(l), Count: max(int(count), -1)}
		case 3:
			anchor = &Anchor{Head: event.ZeroHash, Count: 0}
		}
		r := readers[int(rd)%len(readers)]
		n := int(at) % (len(log) + 1)
		chunk := int(size)%300 + 1
		if size >= 60000 {
			chunk = chunkSize
		}
		// The checkpoint's state, kept as a checkpoint, as an anchor file
		// (with count records, -1 not known) or as both.
		holds := holdsOf(cp, SourceCheckpoint, -1)
		switch cpSel / 5 % 3 {
		case 1:
			holds = holdsOf(cp, SourceAnchor, int64(count))
		case 2:
			holds = append(holds, holdsOf(cp, SourceAnchor, int64(count))...)
		}
		want, wantErr := verifySlow(r.make(log, n), holds, anchor)
		got, err := verifyChunks(r.make(log, n), holds, anchor, chunk, int(rd/16)%2+1)
		if !reflect.DeepEqual(got, want) || !sameError(err, wantErr) {
			t.Fatalf("%s reader (%d), chunks of %d, holds %+v, anchor %+v:\nverify     = %+v, %v\nverifySlow = %+v, %v\nlog %q",
				r.name, n, chunk, holds, anchor, got, err, want, wantErr, clip(log))
		}
	})
}

// BenchmarkVerifyLog measures verify and verifySlow on a log as
// scripts/genlog writes it (100,000 records, about 41 MiB), from memory.
func BenchmarkVerifyLog(b *testing.B) {
	log := genLog(b, 100_000, 1)
	for _, v := range []struct {
		name string
		fn   func(io.Reader, []hold, *Anchor) (Report, error)
	}{{"fast", verify}, {"slow", verifySlow}} {
		b.Run(v.name, func(b *testing.B) {
			b.SetBytes(int64(len(log)))
			for b.Loop() {
				rep, err := v.fn(bytes.NewReader(log), nil, nil)
				if err != nil || rep.Entries != 100_000 {
					b.Fatal(rep.Entries, err)
				}
			}
		})
	}
}
