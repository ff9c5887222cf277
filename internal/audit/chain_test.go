package audit

import (
	"bytes"
	"testing"

	"github.com/guardhq/guard/internal/event"
)

// chainOf checks lines with a Chain, or with two joined at split.
func chainOf(lines [][]byte, split int) *Chain {
	add := func(c *Chain, lines [][]byte) {
		var f Fields
		for _, l := range lines {
			if len(l) > MaxLineBytes+1 {
				c.AddLong()
				continue
			}
			c.Add(l, &f, Scan(l, &f))
		}
	}
	c := &Chain{}
	if split < 0 {
		add(c, lines)
		return c
	}
	next := NewChainPart()
	add(c, lines[:split])
	add(next, lines[split:])
	c.Join(next)
	return c
}

// TestChainAsVerify: a Chain fed the lines of a log, whole or in two parts
// joined at every line, reports what verify reports without holds: the same
// records and head, the same first bad entry and cause.
func TestChainAsVerify(t *testing.T) {
	var recs []event.Record
	for i := range 12 {
		recs = append(recs, testRecord(i))
	}
	recs = append(recs, oddRecords()...)
	logs := tamperings(t, appendLog(t, recs))
	logs["genlog"] = genLog(t, 60, 3)
	logs["two torn first"] = append([]byte("{\n{\"ts\n"), appendLog(t, recs[:3])...)
	logs["bad first prev"] = bytes.Replace(appendLog(t, recs[:3]), []byte(event.ZeroHash), bytes.Repeat([]byte("1"), 64), 1)
	for name, log := range logs {
		lines, _ := logLines(log)
		want, wantErr := verify(bytes.NewReader(log), nil, nil)
		for split := -1; split <= len(lines); split++ {
			c := chainOf(lines, split)
			if c.Records != want.Entries || c.Head() != want.Head || c.Lines != len(lines) {
				t.Fatalf("%s, split %d: %d records, head %s, %d lines; verify: %d entries, head %s",
					name, split, c.Records, c.Head(), c.Lines, want.Entries, want.Head)
			}
			var err error
			if c.Err != nil {
				err = c.Err
			}
			if !sameError(err, wantErr) {
				t.Fatalf("%s, split %d: chain %v, verify %v", name, split, err, wantErr)
			}
		}
	}
}

// FuzzChain: on any log, the Chain agrees with verify.
func FuzzChain(f *testing.F) {
	recs := appendLog(f, []event.Record{testRecord(0), testRecord(1), testRecord(2)})
	f.Add(recs, 1)
	f.Add([]byte("{\n\n"), 0)
	f.Add(append([]byte(`{"ts":"`+"\n"), recs...), 2)
	f.Fuzz(func(t *testing.T, log []byte, split int) {
		lines, _ := logLines(log)
		if split < -1 || split > len(lines) {
			split = -1
		}
		want, wantErr := verifyChunks(bytes.NewReader(log), nil, nil, 4096, 1)
		c := chainOf(lines, split)
		var err error
		if c.Err != nil {
			err = c.Err
		}
		if c.Records != want.Entries || c.Head() != want.Head || !sameError(err, wantErr) {
			t.Fatalf("chain %d %s %v; verify %d %s %v", c.Records, c.Head(), err, want.Entries, want.Head, wantErr)
		}
	})
}
