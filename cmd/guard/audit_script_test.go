package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/audit"
	"github.com/guardhq/guard/internal/event"
	"github.com/guardhq/guard/internal/home"
	"github.com/rogpeppe/go-internal/testscript"
)

// scriptMkauditlog is the testscript command
//
//	mkauditlog [-anchor] [-tamper N] [-delete N] [-swap N] [-insert N] [-keep N] [-torn] path count
//
// It appends count deterministic records to the log at path with
// audit.Append (a fresh log or an existing one; with -anchor, keeping
// guard's anchor in the script's state directory, as the hook does), then
// damages it: -tamper
// changes a field of line N, -delete removes line N, -swap exchanges lines N
// and N+1, -insert puts a forged record that chains correctly from line N-1
// before line N, -torn adds the first bytes of a record with no newline, as a
// crash mid-write leaves, -keep keeps only the first N lines (records cut
// off the end, the checkpoint left as it was). Record i is a block by rule dangerous_rm when
// i%3 == 2 (i counting from 1), else an allow.
func scriptMkauditlog(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("unsupported: ! mkauditlog")
	}
	fs := flag.NewFlagSet("mkauditlog", flag.ContinueOnError)
	tamper := fs.Int("tamper", 0, "")
	del := fs.Int("delete", 0, "")
	swap := fs.Int("swap", 0, "")
	insert := fs.Int("insert", 0, "")
	keep := fs.Int("keep", -1, "")
	torn := fs.Bool("torn", false, "")
	anchored := fs.Bool("anchor", false, "")
	if err := fs.Parse(args); err != nil || fs.NArg() != 2 {
		ts.Fatalf("usage: mkauditlog [-anchor] [-tamper N] [-delete N] [-swap N] [-insert N] [-keep N] [-torn] path count")
	}
	path := ts.MkAbs(fs.Arg(0))
	count, err := strconv.Atoi(fs.Arg(1))
	ts.Check(err)
	var opt audit.AppendOptions
	if *anchored {
		opt.AnchorFile = audit.AnchorFile(home.StateDirFor(ts.Getenv("HOME")), path)
	}
	for i := 1; i <= count; i++ {
		rec := scriptRecord(i)
		ts.Check(audit.AppendWith(path, &rec, opt))
	}
	if *tamper+*del+*swap+*insert == 0 && *keep < 0 && !*torn {
		return
	}

	b, err := os.ReadFile(path)
	ts.Check(err)
	lines := strings.SplitAfter(string(b), "\n")
	lines = lines[:len(lines)-1] // the empty string after the final newline
	line := func(n int) string {
		if n < 1 || n > len(lines) {
			ts.Fatalf("mkauditlog: no line %d in a log of %d", n, len(lines))
		}
		return lines[n-1]
	}
	if n := *tamper; n > 0 {
		l := line(n)
		if !strings.Contains(l, `"user":"ada"`) {
			ts.Fatalf("mkauditlog: line %d has no field to tamper with", n)
		}
		lines[n-1] = strings.Replace(l, `"user":"ada"`, `"user":"eve"`, 1)
	}
	if n := *del; n > 0 {
		line(n)
		lines = append(lines[:n-1], lines[n:]...)
	}
	if n := *swap; n > 0 {
		line(n + 1)
		lines[n-1], lines[n] = lines[n], lines[n-1]
	}
	if n := *insert; n > 0 {
		line(n)
		forged := scriptRecord(99)
		forged.PrevHash = event.ZeroHash
		if n > 1 {
			sum := sha256.Sum256([]byte(strings.TrimSuffix(line(n-1), "\n")))
			forged.PrevHash = hex.EncodeToString(sum[:])
		}
		fl := fmt.Sprintf(`{"ts":%q,"hook":%q,"verdict":"allow","rule":"","reason":"","user":"ada","host":"box","repo":"","input_hash":"","prev_hash":%q,"tokens_in":0,"policy_version":"1.0.0","agent":"a","event":"Stop"}`+"\n",
			forged.TS, forged.Hook, forged.PrevHash)
		if _, err := audit.ParseLine([]byte(strings.TrimSuffix(fl, "\n"))); err != nil {
			ts.Fatalf("mkauditlog: forged line invalid: %v", err)
		}
		lines = append(lines[:n-1], append([]string{fl}, lines[n-1:]...)...)
	}
	if *keep >= 0 {
		lines = lines[:min(*keep, len(lines))]
	}
	if *torn {
		lines = append(lines, `{"ts":"2026-01-02T03:04:05.000Z","hook":"PreTo`)
	}
	ts.Check(os.WriteFile(path, []byte(strings.Join(lines, "")), 0o600))
}

// scriptRecord returns the i-th record mkauditlog writes.
func scriptRecord(i int) event.Record {
	sum := sha256.Sum256([]byte(strconv.Itoa(i)))
	r := event.Record{
		TS:            fmt.Sprintf("2026-01-02T03:%02d:%02d.000Z", i/60%60, i%60),
		Hook:          event.Hooks[(i-1+len(event.Hooks))%len(event.Hooks)],
		Verdict:       string(event.Allow),
		User:          "ada",
		Host:          "box",
		Repo:          "guardhq/guard",
		InputHash:     hex.EncodeToString(sum[:]),
		TokensIn:      10 * i,
		PolicyVersion: "1.0.0",
		Agent:         "a",
		Event:         event.Hooks[(i-1+len(event.Hooks))%len(event.Hooks)],
	}
	if i%3 == 2 {
		r.Verdict = string(event.Block)
		r.Rule = "dangerous_rm"
		r.Reason = "command matches dangerous_rm: " + event.Redacted
	}
	return r
}

// TestAuditVerifyExitCodes checks the exit status of `guard audit verify`,
// which scripts can only tell apart as zero or not: 0 intact, 2 broken chain,
// 1 error.
func TestAuditVerifyExitCodes(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(home.EnvDir, dir)
	path := filepath.Join(dir, home.AuditName)
	verify := func() (int, string) {
		var out, errOut bytes.Buffer
		code := run([]string{"audit", "verify"}, strings.NewReader(""), &out, &errOut)
		return code, out.String() + errOut.String()
	}
	if code, out := verify(); code != 0 {
		t.Errorf("missing log: exit %d, want 0\n%s", code, out)
	}
	for i := 1; i <= 3; i++ {
		rec := scriptRecord(i)
		if err := audit.Append(path, &rec); err != nil {
			t.Fatal(err)
		}
	}
	if code, out := verify(); code != 0 {
		t.Errorf("intact log: exit %d, want 0\n%s", code, out)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, bytes.Replace(b, []byte(`"host":"box"`), []byte(`"host":"xob"`), 1), 0o600); err != nil {
		t.Fatal(err)
	}
	if code, out := verify(); code != exitTampered || !strings.Contains(out, "✗ hash mismatch at entry 2") {
		t.Errorf("tampered log: exit %d, want %d\n%s", code, exitTampered, out)
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(path, 0o700); err != nil {
		t.Fatal(err)
	}
	if code, out := verify(); code != 1 {
		t.Errorf("unreadable log: exit %d, want 1\n%s", code, out)
	}
}

func TestPrintable(t *testing.T) {
	tests := []struct{ in, want string }{
		{"dangerous_rm", "dangerous_rm"},
		{"règle ünïcode", "règle ünïcode"},
		{"a\tb\nc", "a?b?c"},
		{"\x1b[2Jwipe", "?[2Jwipe"},
		{"bidi\u202eevil", "bidi?evil"},
	}
	for _, tt := range tests {
		if got := printable(tt.in); got != tt.want {
			t.Errorf("printable(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// scriptAuditstate is the testscript command
//
//	auditstate NAME path
//
// It verifies the log at path (its chain only) and sets $NAME_HEAD and
// $NAME_COUNT to the head and count `guard audit verify` prints, as a person
// would copy them somewhere safe.
func scriptAuditstate(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: auditstate NAME path")
	}
	rep, err := audit.VerifyWith(ts.MkAbs(args[1]), audit.VerifyOptions{IgnoreCheckpoint: true})
	ts.Check(err)
	ts.Setenv(args[0]+"_HEAD", rep.Head)
	ts.Setenv(args[0]+"_COUNT", strconv.Itoa(rep.Entries))
}
