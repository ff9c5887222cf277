package loggen

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/guardhq/guard/internal/audit"
	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/policy"
)

func TestWrite(t *testing.T) {
	tests := []struct {
		name string
		opt  Options
	}{
		{name: "empty", opt: Options{N: 0}},
		{name: "one", opt: Options{N: 1, Seed: 3}},
		{name: "many", opt: Options{N: 3000, Seed: 1}},
		{name: "one hour", opt: Options{N: 500, Seed: 2, Span: time.Hour, End: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := Write(&buf, tt.opt); err != nil {
				t.Fatal(err)
			}
			var again bytes.Buffer
			Write(&again, tt.opt)
			if !bytes.Equal(buf.Bytes(), again.Bytes()) {
				t.Error("same options, different logs")
			}
			lines := bytes.Split(buf.Bytes(), []byte("\n"))
			if last := lines[len(lines)-1]; len(last) != 0 {
				t.Fatalf("log does not end with a newline")
			}
			lines = lines[:len(lines)-1]
			if len(lines) != tt.opt.N {
				t.Fatalf("%d lines, want %d", len(lines), tt.opt.N)
			}
			end := tt.opt.End
			if end.IsZero() {
				end = time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC)
			}
			span := tt.opt.Span
			if span == 0 {
				span = 14 * 24 * time.Hour
			}
			prev, prevTS := event.ZeroHash, time.Time{}
			verdicts := map[string]int{}
			for i, line := range lines {
				var rec event.Record
				d := json.NewDecoder(bytes.NewReader(line))
				d.DisallowUnknownFields()
				if err := d.Decode(&rec); err != nil {
					t.Fatalf("line %d: %v", i+1, err)
				}
				if rec.PrevHash != prev {
					t.Fatalf("line %d: prev_hash %s, want %s", i+1, rec.PrevHash, prev)
				}
				prev = Hash(line)
				ts, err := time.Parse(time.RFC3339Nano, rec.TS)
				if err != nil || ts.Before(prevTS) || ts.Before(end.Add(-span)) || ts.After(end) {
					t.Fatalf("line %d: ts %s out of order or range (%v)", i+1, rec.TS, err)
				}
				prevTS = ts
				verdicts[rec.Verdict]++
				if (rec.Verdict == "block") != (rec.Rule != "") || len(rec.InputHash) != 64 {
					t.Fatalf("line %d: inconsistent record %+v", i+1, rec)
				}
				if rec.Verdict == "block" && (rec.Reason == "" || rec.Reason != reasons()[rec.Rule]) {
					t.Fatalf("line %d: rule %q has reason %q, not the default policy's", i+1, rec.Rule, rec.Reason)
				}
			}
			if tt.opt.N >= 3000 && (verdicts["block"] == 0 || verdicts["allow"] < verdicts["block"]) {
				t.Errorf("unrealistic mix: %v", verdicts)
			}
			// guard's own verifier accepts the chain.
			path := filepath.Join(t.TempDir(), "audit.log")
			if err := os.WriteFile(path, buf.Bytes(), 0o600); err != nil {
				t.Fatal(err)
			}
			rep, err := audit.Verify(path)
			if err != nil || rep.Entries != tt.opt.N || len(rep.Torn) != 0 {
				t.Fatalf("audit.Verify: %+v, %v; want %d entries", rep, err, tt.opt.N)
			}
		})
	}
}

func TestChainContinues(t *testing.T) {
	var buf bytes.Buffer
	Write(&buf, Options{N: 2, Seed: 1})
	lines := bytes.Split(bytes.TrimSpace(buf.Bytes()), []byte("\n"))
	c := NewChain(lines[1])
	rec := event.Record{TS: "2026-11-21T00:00:00.000Z", Hook: event.HookStop, Verdict: "allow"}
	line, err := c.Line(&rec)
	if err != nil {
		t.Fatal(err)
	}
	if rec.PrevHash != Hash(lines[1]) || !bytes.Contains(line, []byte(Hash(lines[1]))) {
		t.Errorf("appended record does not chain to the last line")
	}
	if NewChain(nil).prev != event.ZeroHash {
		t.Error("an empty log's chain does not start at zero")
	}
}

// Every rule the generator writes is a rule of guard's built-in default
// policy that blocks its sample input, with that policy's LogReason.
func TestSamplesBlockByTheirRule(t *testing.T) {
	p, err := policy.Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, list := range [][]sample{preRules, postRules, userRules, stopRules} {
		for _, s := range list {
			t.Run(s.rule+"/"+string(s.kind), func(t *testing.T) {
				v, err := p.Evaluate([]event.Input{{Kind: s.kind, Text: s.text}})
				if err != nil {
					t.Fatal(err)
				}
				if !v.Blocked() || v.Finding.Rule != s.rule {
					t.Fatalf("default policy: %s %q gives %s %q, want a block by %s", s.kind, s.text, v.Decision, v.Finding.Rule, s.rule)
				}
				if got := reasons()[s.rule]; got == "" || got != v.Finding.LogReason {
					t.Errorf("reason %q, want %q", got, v.Finding.LogReason)
				}
				if s.w < 1 {
					t.Errorf("weight %d", s.w)
				}
			})
		}
	}
}
