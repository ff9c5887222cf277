package console

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/audit"
	"github.com/guardhq/guard/internal/event"
)

// anchoredLog appends n records with audit.AppendWith, keeping an anchor
// in another directory as the hook does, and returns the log's path and
// the anchor's.
func anchoredLog(t *testing.T, n int) (string, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "audit.log")
	anchor := audit.AnchorFile(t.TempDir(), path)
	appendAnchored(t, path, anchor, 0, n)
	return path, anchor
}

func appendAnchored(t *testing.T, path, anchor string, first, n int) {
	t.Helper()
	for i := first; i < first+n; i++ {
		rec := event.Record{TS: fmt.Sprintf("2026-11-21T09:%02d:%02d.000Z", i/60%60, i%60), Hook: event.HookPreToolUse,
			Verdict: "allow", User: "ada", Host: "box", PolicyVersion: "1.0.0", Agent: "a", Event: "PreToolUse",
			InputHash: strings.Repeat(fmt.Sprintf("%02x", i%256), 32)}
		if err := audit.AppendWith(path, &rec, audit.AppendOptions{AnchorFile: anchor}); err != nil {
			t.Fatal(err)
		}
	}
}

// TestIntegrityNoticesLoss covers issue 20 item 8 in the console: a log
// deleted together with its lock file shows in /api/integrity (and in
// /api/stats' integrity field) through guard's anchor and through what the
// console itself saw, and the console's record of the loss stays when a
// new log starts.
func TestIntegrityNoticesLoss(t *testing.T) {
	path, anchor := anchoredLog(t, 30)
	h := newTestHandler(t, path, Config{AnchorFile: anchor})

	in := decode[Integrity](t, do(h, req{target: "/api/integrity"}))
	if !in.OK || len(in.Problems) != 0 || in.Anchor == nil || in.Anchor.Count <= 0 || in.Seen == nil || in.Seen.Count != 30 {
		t.Fatalf("intact log: %+v", in)
	}
	if body := do(h, req{target: "/api/stats"}).Body.String(); !strings.Contains(body, `"integrity":{"ok":true,`) {
		t.Errorf("stats without integrity: %s", body)
	}

	for _, p := range []string{path, path + audit.LockSuffix} {
		if err := os.Remove(p); err != nil {
			t.Fatal(err)
		}
	}
	w := do(h, req{target: "/api/integrity"})
	checkSecurityHeaders(t, w)
	in = decode[Integrity](t, w)
	if in.OK || len(in.Problems) != 2 {
		t.Fatalf("deleted log: %+v", in)
	}
	if p := in.Problems[0]; p.Source != "anchor" || p.Kind != "log_missing" || !strings.Contains(p.Message, "guard's anchor says it held ") {
		t.Errorf("anchor's problem: %+v", p)
	}
	if p := in.Problems[1]; p.Source != "console" || p.Kind != "log_missing" || p.Since == "" ||
		!strings.Contains(p.Message, "the console saw 30 records") {
		t.Errorf("console's problem: %+v", p)
	}
	for _, p := range in.Problems {
		if strings.Contains(p.Message, anchor) || strings.Contains(p.Message, filepath.Dir(path)) {
			t.Errorf("message names a path: %q", p.Message)
		}
	}
	if body := do(h, req{target: "/api/stats"}).Body.String(); !strings.Contains(body, `"integrity":{"ok":false,`) {
		t.Errorf("stats: %s", body)
	}

	// The next hook call starts a new log: the anchor records the cut, and
	// the console keeps what it saw.
	appendAnchored(t, path, anchor, 100, 2)
	in = decode[Integrity](t, do(h, req{target: "/api/integrity"}))
	if in.OK || len(in.Problems) != 2 || in.Problems[0].Kind != "cut" || in.Problems[1].Kind != "log_missing" {
		t.Fatalf("after a new log: %+v", in)
	}
	if in.Seen == nil || in.Seen.Count != 2 {
		t.Errorf("seen: %+v, want the new log's 2 records", in.Seen)
	}
}

// TestIntegrityConsoleOnly: without an anchor, the console still notices a
// log cut below what it saw, or replaced by another.
func TestIntegrityConsoleOnly(t *testing.T) {
	for _, tt := range []struct {
		name   string
		change func(t *testing.T, path string)
		kind   string
	}{
		{name: "cut", change: func(t *testing.T, path string) {
			data, _ := os.ReadFile(path)
			lines := strings.SplitAfter(string(data), "\n")
			os.WriteFile(path+".new", []byte(strings.Join(lines[:10], "")), 0o600)
			os.Rename(path+".new", path)
		}, kind: "truncated"},
		{name: "replaced", change: func(t *testing.T, path string) {
			data, _ := os.ReadFile(writeLog(t, 40, 99))
			os.WriteFile(path+".new", data, 0o600)
			os.Rename(path+".new", path)
		}, kind: "rewritten"},
		{name: "appended", change: func(t *testing.T, path string) {
			appendRecords(t, path, 3, "allow", "Stop")
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			path := writeLog(t, 20, 1)
			h := newTestHandler(t, path, Config{})
			if in := decode[Integrity](t, do(h, req{target: "/api/integrity"})); !in.OK || in.Anchor != nil || in.Seen.Count != 20 {
				t.Fatalf("before: %+v", in)
			}
			tt.change(t, path)
			in := decode[Integrity](t, do(h, req{target: "/api/integrity"}))
			if tt.kind == "" {
				if !in.OK || in.Seen.Count != 23 {
					t.Fatalf("after: %+v", in)
				}
				return
			}
			if in.OK || len(in.Problems) != 1 || in.Problems[0].Kind != tt.kind || in.Problems[0].Source != SourceConsole {
				t.Fatalf("after: %+v", in)
			}
		})
	}
}

// TestIntegrityAnchorDamaged: an anchor that is not one is a problem, not
// a silent pass.
func TestIntegrityAnchorDamaged(t *testing.T) {
	path, anchor := anchoredLog(t, 5)
	if err := os.WriteFile(anchor, []byte("not an anchor\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	h := newTestHandler(t, path, Config{AnchorFile: anchor})
	in := decode[Integrity](t, do(h, req{target: "/api/integrity"}))
	if in.OK || len(in.Problems) != 1 || in.Problems[0].Kind != "anchor_damaged" {
		t.Fatalf("damaged anchor: %+v", in)
	}
}

// TestIntegrityBare: a log that holds records with neither guard's
// checkpoint nor its anchor (the lock file removed, the anchor emptied)
// is a problem, not an intact log (FINDINGS58c C2); an emptied log with
// neither is a fresh start.
func TestIntegrityBare(t *testing.T) {
	path, anchor := anchoredLog(t, 12)
	if err := os.Remove(path + audit.LockSuffix); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(anchor, 0); err != nil {
		t.Fatal(err)
	}
	h := newTestHandler(t, path, Config{AnchorFile: anchor})
	in := decode[Integrity](t, do(h, req{target: "/api/integrity"}))
	if in.OK || len(in.Problems) != 1 || in.Problems[0].Kind != "checkpoint_missing" || !strings.Contains(in.Problems[0].Message, "it holds 12 records") {
		t.Fatalf("records with neither: %+v", in)
	}
	fresh, fanchor := anchoredLog(t, 3)
	os.Remove(fresh + audit.LockSuffix)
	os.Remove(fanchor)
	if err := os.Truncate(fresh, 0); err != nil {
		t.Fatal(err)
	}
	h = newTestHandler(t, fresh, Config{AnchorFile: fanchor})
	if in := decode[Integrity](t, do(h, req{target: "/api/integrity"})); !in.OK {
		t.Fatalf("an empty log with neither: %+v", in)
	}
}

// TestIntegrityChain: the console checks the hash chain as it reads the
// log, with the outcome of `guard audit verify` (audit.VerifyWith without
// checkpoint): the same records and head while it holds, the same first
// entry and kind when it does not, through appends.
func TestIntegrityChain(t *testing.T) {
	for _, tt := range []struct {
		name   string
		change func(lines []string) []string
		kind   string
	}{
		{name: "intact", change: func(l []string) []string { return l }},
		{name: "torn line", change: func(l []string) []string {
			return append(append(l[:7:7], l[7][:30]+"\n"), l[7:]...)
		}},
		{name: "field changed", change: func(l []string) []string {
			l[9] = strings.Replace(l[9], `"user":"`, `"user":"x`, 1)
			return l
		}, kind: "hash_mismatch"},
		{name: "line deleted", change: func(l []string) []string { return append(l[:5:5], l[6:]...) }, kind: "hash_mismatch"},
		{name: "not a record", change: func(l []string) []string {
			return append(append(l[:12:12], "hello\n"), l[12:]...)
		}, kind: "invalid_record"},
		{name: "blank line", change: func(l []string) []string { return append(append(l[:3:3], "\n"), l[3:]...) }, kind: "invalid_record"},
		{name: "over-long line", change: func(l []string) []string {
			return append(append(l[:3:3], strings.Repeat("x", chunkSize+10)+"\n"), l[3:]...)
		}, kind: "invalid_record"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			path := writeLog(t, 30, 5)
			data, _ := os.ReadFile(path)
			lines := tt.change(strings.SplitAfter(string(data), "\n"))
			if err := os.WriteFile(path, []byte(strings.Join(lines, "")), 0o600); err != nil {
				t.Fatal(err)
			}
			h := newTestHandler(t, path, Config{})
			check := func(when string) {
				t.Helper()
				rep, err := audit.VerifyWith(path, audit.VerifyOptions{IgnoreCheckpoint: true})
				in := decode[Integrity](t, do(h, req{target: "/api/integrity"}))
				c := in.Chain
				if c.Records != int64(rep.Entries) || c.Head != rep.Head {
					t.Errorf("%s: chain %+v; verify: %d entries, head %s", when, c, rep.Entries, rep.Head)
				}
				var ce *audit.ChainError
				if !errors.As(err, &ce) {
					if !c.Intact || c.Entry != 0 || !in.OK || tt.kind != "" {
						t.Errorf("%s: verify passes (%v), console says %+v", when, err, in)
					}
					return
				}
				if c.Intact || c.Entry != ce.Entry || in.OK || len(in.Problems) != 1 {
					t.Fatalf("%s: verify fails at entry %d, console says %+v", when, ce.Entry, in)
				}
				p := in.Problems[0]
				if p.Source != SourceChain || p.Kind != tt.kind || !strings.Contains(p.Message, fmt.Sprintf("entry %d", ce.Entry)) {
					t.Errorf("%s: problem %+v, want %s at entry %d", when, p, tt.kind, ce.Entry)
				}
				if strings.Contains(p.Message, "hello") || strings.Contains(p.Message, filepath.Dir(path)) {
					t.Errorf("%s: the message quotes the log: %q", when, p.Message)
				}
			}
			check("opened")
			appendRecords(t, path, 4, "block", "Stop") // chains from the last line
			check("after an append")
		})
	}
}
