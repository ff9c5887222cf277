package audit

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/guardhq/guard/internal/event"
)

// childEnv marks a re-executed test binary as a child process that appends
// records to a log (see TestMain). It is test-only: production code never
// reads it.
const childEnv = "AUDIT_TEST_APPEND_CHILD"

// TestMain lets the test binary act as one of many concurrent appenders, so
// TestConcurrentProcessAppends exercises real cross-process locking.
func TestMain(m *testing.M) {
	if spec := os.Getenv(childEnv); spec != "" {
		if err := childAppend(spec); err != nil {
			os.Stderr.WriteString(err.Error() + "\n")
			os.Exit(3)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// childAppend appends count records for process id to the log; spec is
// "path|id|count".
func childAppend(spec string) error {
	parts := strings.Split(spec, "|")
	if len(parts) != 3 {
		return fmt.Errorf("bad child spec %q", spec)
	}
	id, _ := strconv.Atoi(parts[1])
	count, _ := strconv.Atoi(parts[2])
	for i := range count {
		rec := testRecord(id*1000 + i)
		if err := Append(parts[0], &rec); err != nil {
			return err
		}
	}
	return nil
}

// testRecord returns a valid record, different for each i.
func testRecord(i int) event.Record {
	r := event.Record{
		TS:            fmt.Sprintf("2026-03-04T05:06:%02d.%03dZ", i%60, i%1000),
		Hook:          event.Hooks[i%len(event.Hooks)],
		Verdict:       string(event.Allow),
		User:          "ada",
		Host:          "box",
		Repo:          "guardhq/guard",
		InputHash:     hexSum(strconv.Itoa(i)),
		TokensIn:      i,
		PolicyVersion: "1.0.0",
		Agent:         "a",
		Event:         "PreToolUse",
	}
	if i%3 == 2 {
		r.Verdict = string(event.Block)
		r.Rule = "dangerous_rm"
		r.Reason = "command matches dangerous_rm: " + event.Redacted
		r.Findings = []string{"pii_email"}
	}
	return r
}

func hexSum(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// writeLog appends n test records to a fresh log and returns its path.
func writeLog(t *testing.T, n int) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "audit.log")
	for i := range n {
		rec := testRecord(i)
		if err := Append(path, &rec); err != nil {
			t.Fatalf("append %d: %v", i, err)
		}
	}
	return path
}

func readLines(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.SplitAfter(string(b), "\n")
}

func TestAppendChain(t *testing.T) {
	path := writeLog(t, 4)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasSuffix(b, []byte("\n")) {
		t.Fatal("log does not end with a newline")
	}
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	if len(lines) != 4 {
		t.Fatalf("%d lines, want 4", len(lines))
	}
	prev := event.ZeroHash
	for i, l := range lines {
		rec, err := ParseLine([]byte(l))
		if err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		if rec.PrevHash != prev {
			t.Errorf("line %d: prev_hash %s, want %s", i+1, rec.PrevHash, prev)
		}
		want := testRecord(i)
		want.PrevHash = prev
		if fmt.Sprint(rec) != fmt.Sprint(want) {
			t.Errorf("line %d: read back %+v, want %+v", i+1, rec, want)
		}
		prev = hexSum(l)
	}
	if !strings.HasPrefix(lines[0], recordPrefix) {
		t.Errorf("line does not begin with %s: %s", recordPrefix, lines[0])
	}
	if !strings.Contains(lines[2], event.Redacted) {
		t.Errorf("HTML characters escaped: %s", lines[2])
	}
}

func TestAppendSetsPrevHashOnRecord(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.log")
	rec := testRecord(0)
	rec.PrevHash = strings.Repeat("f", 64) // ignored
	if err := Append(path, &rec); err != nil {
		t.Fatal(err)
	}
	if rec.PrevHash != event.ZeroHash {
		t.Errorf("first record prev_hash = %s, want zeros", rec.PrevHash)
	}
	rec2 := testRecord(1)
	if err := Append(path, &rec2); err != nil {
		t.Fatal(err)
	}
	if want := hexSum(strings.TrimSuffix(readLines(t, path)[0], "\n")); rec2.PrevHash != want {
		t.Errorf("second record prev_hash = %s, want %s", rec2.PrevHash, want)
	}
}

func TestAppendCreatesPrivateFiles(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no Unix modes on Windows")
	}
	dir := filepath.Join(t.TempDir(), "a", "guard")
	path := filepath.Join(dir, "audit.log")
	rec := testRecord(0)
	if err := Append(path, &rec); err != nil {
		t.Fatal(err)
	}
	for p, want := range map[string]fs.FileMode{dir: 0o700 | fs.ModeDir, path: 0o600, path + LockSuffix: 0o600} {
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		// The umask may only remove bits; none may be added.
		if fi.Mode()&^want != 0 {
			t.Errorf("%s: mode %v, want at most %v", p, fi.Mode(), want)
		}
	}
}

func TestAppendRejectsInvalidRecords(t *testing.T) {
	tests := []struct {
		name   string
		mutate func(*event.Record)
		want   string
	}{
		{"bad ts", func(r *event.Record) { r.TS = "yesterday" }, "ts: not an RFC 3339 time"},
		{"native hook name", func(r *event.Record) { r.Hook = "before_tool" }, "hook: not one of"},
		{"redact verdict", func(r *event.Record) { r.Verdict = "redact" }, "verdict: not allow or block"},
		{"rule on allow", func(r *event.Record) { r.Verdict = "allow"; r.Rule = "pii_email" }, "must be empty on allow"},
		{"input hash upper case", func(r *event.Record) { r.InputHash = strings.ToUpper(r.InputHash) }, "input_hash: not 64 lowercase hex"},
		{"negative tokens", func(r *event.Record) { r.TokensIn = -1 }, "tokens_in: negative"},
		{"over-long", func(r *event.Record) { r.Reason = strings.Repeat("x", MaxLineBytes) }, "line limit"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "audit.log")
			rec := testRecord(2)
			tt.mutate(&rec)
			err := Append(path, &rec)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Append = %v, want an error containing %q", err, tt.want)
			}
			if b, _ := os.ReadFile(path); len(b) != 0 {
				t.Errorf("a rejected record was written: %q", b)
			}
		})
	}
}

func TestAppendUnwritableDirectory(t *testing.T) {
	if runtime.GOOS == "windows" || os.Geteuid() == 0 {
		t.Skip("needs Unix permissions enforced (not root)")
	}
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o500); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(dir, 0o700)
	rec := testRecord(0)
	if err := Append(filepath.Join(dir, "audit.log"), &rec); err == nil {
		t.Fatal("Append into a read-only directory succeeded")
	}
}

// mutation edits the lines of a log (each with its newline) in a test.
type mutation func(lines []string) []string

func TestVerify(t *testing.T) {
	const n = 6
	tests := []struct {
		name    string
		mutate  mutation
		entries int   // on success
		torn    []int // on success
		bad     int   // entry number of the ChainError; 0 for success
		hashErr bool  // the ChainError is a hash mismatch, not a malformed line
	}{
		{name: "intact", mutate: func(l []string) []string { return l }, entries: n},
		{name: "empty log", mutate: func(l []string) []string { return nil }, entries: 0},
		{name: "tampered field", mutate: func(l []string) []string {
			l[2] = strings.Replace(l[2], `"user":"ada"`, `"user":"eve"`, 1)
			return l
		}, bad: 4, hashErr: true},
		{name: "tampered first record", mutate: func(l []string) []string {
			l[0] = strings.Replace(l[0], `"verdict":"allow"`, `"verdict":"block"`, 1)
			return l
		}, bad: 2, hashErr: true},
		{name: "deleted line", mutate: func(l []string) []string {
			return append(l[:2:2], l[3:]...)
		}, bad: 3, hashErr: true},
		{name: "deleted first line", mutate: func(l []string) []string { return l[1:] }, bad: 1, hashErr: true},
		{name: "inserted line with a forged link", mutate: func(l []string) []string {
			forged := testRecord(99)
			forged.PrevHash = hexSum(strings.TrimSuffix(l[2], "\n"))
			b, err := encode(&forged)
			if err != nil {
				panic(err)
			}
			return append(l[:3:3], append([]string{string(b) + "\n"}, l[3:]...)...)
		}, bad: 5, hashErr: true},
		{name: "reordered lines", mutate: func(l []string) []string {
			l[3], l[4] = l[4], l[3]
			return l
		}, bad: 4, hashErr: true},
		{name: "tampered prev_hash", mutate: func(l []string) []string {
			i := strings.Index(l[5], `"prev_hash":"`) + len(`"prev_hash":"`)
			l[5] = l[5][:i] + strings.Repeat("a", 64) + l[5][i+64:]
			return l
		}, bad: 6, hashErr: true},
		{name: "garbage line", mutate: func(l []string) []string {
			l[1] = "not json\n"
			return l
		}, bad: 2},
		{name: "blank line", mutate: func(l []string) []string {
			return append(l[:1:1], append([]string{"\n"}, l[1:]...)...)
		}, bad: 2},
		{name: "unknown field", mutate: func(l []string) []string {
			l[1] = strings.Replace(l[1], `{"ts"`, `{"x":1,"ts"`, 1)
			return l
		}, bad: 2},
		{name: "torn last line", mutate: func(l []string) []string {
			return append(l, l[0][:40])
		}, entries: n, torn: []int{n + 1}},
		{name: "complete last line without newline", mutate: func(l []string) []string {
			l[n-1] = strings.TrimSuffix(l[n-1], "\n")
			return l
		}, entries: n},
		{name: "over-long line", mutate: func(l []string) []string {
			l[2] = strings.Repeat("x", MaxLineBytes+1) + "\n"
			return l
		}, bad: 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeLog(t, n)
			// The chain alone: checkpoint_test.go covers what the
			// checkpoint adds.
			if err := os.Remove(path + LockSuffix); err != nil {
				t.Fatal(err)
			}
			lines := tt.mutate(readLines(t, path)[:n])
			if err := os.WriteFile(path, []byte(strings.Join(lines, "")), 0o600); err != nil {
				t.Fatal(err)
			}
			rep, err := Verify(path)
			if tt.bad == 0 {
				if err != nil {
					t.Fatalf("Verify: %v", err)
				}
				if rep.Entries != tt.entries || fmt.Sprint(rep.Torn) != fmt.Sprint(tt.torn) {
					t.Errorf("Verify = %d entries, torn %v; want %d, torn %v", rep.Entries, rep.Torn, tt.entries, tt.torn)
				}
				return
			}
			var ce *ChainError
			if !errors.As(err, &ce) {
				t.Fatalf("Verify = %v, want a *ChainError", err)
			}
			if ce.Entry != tt.bad {
				t.Errorf("first mismatching entry = %d, want %d (%v)", ce.Entry, tt.bad, err)
			}
			if errors.Is(err, ErrHashMismatch) != tt.hashErr {
				t.Errorf("errors.Is(err, ErrHashMismatch) = %v, want %v (%v)", !tt.hashErr, tt.hashErr, err)
			}
		})
	}
}

func TestVerifyHead(t *testing.T) {
	path := writeLog(t, 3)
	rep, err := Verify(path)
	if err != nil {
		t.Fatal(err)
	}
	rec := testRecord(3)
	if err := Append(path, &rec); err != nil {
		t.Fatal(err)
	}
	if rep.Head != rec.PrevHash {
		t.Errorf("Head = %s, but the next record chains from %s", rep.Head, rec.PrevHash)
	}
}

func TestVerifyMissingLog(t *testing.T) {
	_, err := Verify(filepath.Join(t.TempDir(), "audit.log"))
	if !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("Verify of a missing log = %v, want fs.ErrNotExist", err)
	}
	var ce *ChainError
	if errors.As(err, &ce) {
		t.Fatal("a missing log is reported as a broken chain")
	}
}

func TestTornLineThenAppend(t *testing.T) {
	tests := []struct {
		name string
		torn string // bytes left by the interrupted write
	}{
		{"one byte", "{"},
		{"mid field", `{"ts":"2026-03-04T05:06:07.000Z","hook":"Pre`},
		{"mid escape", `{"ts":"2026-03-04T05:06:07.000Z","hook":"\u00`},
		{"longer than the tail read", `{"ts":"` + strings.Repeat("9", tailChunk*3)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeLog(t, 2)
			before := readLines(t, path)
			f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
			if err != nil {
				t.Fatal(err)
			}
			f.WriteString(tt.torn)
			f.Close()

			for i := 2; i < 4; i++ {
				rec := testRecord(i)
				if err := Append(path, &rec); err != nil {
					t.Fatalf("append after a torn line: %v", err)
				}
				// A torn line is not a link: the record after it chains
				// from the record before it.
				if i == 2 && rec.PrevHash != hexSum(strings.TrimSuffix(before[1], "\n")) {
					t.Errorf("prev_hash after the torn line = %s, want the hash of the record before it", rec.PrevHash)
				}
			}
			lines := readLines(t, path)
			if lines[2] != tt.torn+"\n" {
				t.Errorf("torn line not kept and terminated: %.60q", lines[2])
			}
			rep, err := Verify(path)
			if err != nil {
				t.Fatalf("Verify: %v", err)
			}
			if rep.Entries != 4 || fmt.Sprint(rep.Torn) != "[3]" {
				t.Errorf("Verify = %d entries, torn %v; want 4 entries, torn [3]", rep.Entries, rep.Torn)
			}
		})
	}
}

// TestEveryPrefixIsTorn checks that whatever a crash cuts a line to is
// recognised as torn, and that a complete line is not.
func TestEveryPrefixIsTorn(t *testing.T) {
	rec := testRecord(2)
	rec.PrevHash = event.ZeroHash
	rec.Reason = "quote \" backslash \\ unicode é \u2028 " + event.Redacted
	line, err := encode(&rec)
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i < len(line); i++ {
		p := line[:i]
		if _, err := ParseLine(p); err == nil {
			t.Fatalf("prefix %q parses as a record", p)
		}
		if !isTorn(p) {
			t.Fatalf("prefix %q not recognised as torn", p)
		}
	}
	if isTorn(line) {
		t.Error("a complete line is reported as torn")
	}
	for _, s := range []string{"", "x", `{"hook":"Stop"`, `["ts"`, `{"ts":"x"}}`} {
		if isTorn([]byte(s)) {
			t.Errorf("isTorn(%q) = true", s)
		}
	}
}

func TestLastLineHashLongLine(t *testing.T) {
	long := strings.Repeat("y", 200<<10)
	for _, tt := range []struct{ content, last string }{
		{"a\n" + long + "\n", long},
		{long + "\n", long},
		{"a\n" + long, long},
		{"a\nb\n", "b"},
		{"\n", ""},
	} {
		sum, torn, err := lastLineHash(strings.NewReader(tt.content), int64(len(tt.content)))
		if err != nil {
			t.Fatal(err)
		}
		if sum != hexSum(tt.last) {
			t.Errorf("last line of %.20q…: wrong hash", tt.content)
		}
		if want := !strings.HasSuffix(tt.content, "\n"); torn != want {
			t.Errorf("torn = %v, want %v", torn, want)
		}
	}
}

func TestTailOffset(t *testing.T) {
	tests := []struct {
		content string
		n       int
		want    string // content from the offset on
	}{
		{"", 3, ""},
		{"a\nb\nc\n", 1, "c\n"},
		{"a\nb\nc\n", 2, "b\nc\n"},
		{"a\nb\nc\n", 3, "a\nb\nc\n"},
		{"a\nb\nc\n", 10, "a\nb\nc\n"},
		{"a\nb\ntorn", 1, "torn"},
		{"a\nb\ntorn", 2, "b\ntorn"},
		{"\n\n\n", 2, "\n\n"},
		{strings.Repeat("line\n", 30000), 1, "line\n"},
		{strings.Repeat("line\n", 30000), 20000, strings.Repeat("line\n", 20000)},
	}
	for _, tt := range tests {
		off, err := TailOffset(strings.NewReader(tt.content), int64(len(tt.content)), tt.n)
		if err != nil {
			t.Fatal(err)
		}
		if got := tt.content[off:]; got != tt.want {
			t.Errorf("tail %d of %.30q… = %.30q…, want %.30q…", tt.n, tt.content, got, tt.want)
		}
	}
	if _, err := TailOffset(strings.NewReader("a\n"), 2, 0); err == nil {
		t.Error("TailOffset(n=0) succeeded")
	}
}

func TestReaderLines(t *testing.T) {
	long := strings.Repeat("z", MaxLineBytes+1)
	tests := []struct {
		in   string
		want string // lines as num:bytes/flags, space-separated
	}{
		{"", ""},
		{"a\n", "1:a/t"},
		{"a\nb", "1:a/t 2:b/"},
		{"a\n\nb\n", "1:a/t 2:/t 3:b/t"},
		{long + "\nc\n", "1:/t,long 2:c/t"},
		{"c\n" + long, "1:c/t 2:/long"},
		{strings.Repeat("z", MaxLineBytes) + "\n", fmt.Sprintf("1:%d/t", MaxLineBytes)},
	}
	for _, tt := range tests {
		r := NewReader(strings.NewReader(tt.in))
		var got []string
		for {
			l, err := r.Next()
			if err != nil {
				break
			}
			s := fmt.Sprintf("%d:", l.Num)
			if len(l.Bytes) > 100 {
				s += strconv.Itoa(len(l.Bytes))
			} else {
				s += string(l.Bytes)
			}
			var flags []string
			if l.Terminated {
				flags = append(flags, "t")
			}
			if l.TooLong {
				flags = append(flags, "long")
			}
			got = append(got, s+"/"+strings.Join(flags, ","))
		}
		if g := strings.Join(got, " "); g != tt.want {
			t.Errorf("lines of %.20q… = %q, want %q", tt.in, strings.Join(got, " "), tt.want)
		}
	}
}

// TestConcurrentProcessAppends runs many processes appending at once and
// checks that the chain holds and no record was lost or torn.
func TestConcurrentProcessAppends(t *testing.T) {
	const procs, each = 64, 5
	path := filepath.Join(t.TempDir(), "guard", "audit.log")
	cmds := make([]*exec.Cmd, procs)
	for i := range cmds {
		cmds[i] = exec.Command(os.Args[0], "-test.run=^$")
		cmds[i].Env = append(os.Environ(), fmt.Sprintf("%s=%s|%d|%d", childEnv, path, i, each))
		cmds[i].Stderr = os.Stderr
		if err := cmds[i].Start(); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range cmds {
		if err := c.Wait(); err != nil {
			t.Fatalf("child: %v", err)
		}
	}
	rep, err := Verify(path)
	if err != nil {
		t.Fatalf("chain broken after concurrent appends: %v", err)
	}
	if rep.Entries != procs*each || len(rep.Torn) != 0 {
		t.Fatalf("%d entries, %d torn; want %d, 0", rep.Entries, len(rep.Torn), procs*each)
	}
	// The checkpoint followed every append: it points at the last record.
	if cp := rep.Checkpoint; cp == nil || cp.Cut != nil || cp.Entries != procs*each || cp.Size != rep.End || cp.Head != rep.Head {
		t.Fatalf("checkpoint %+v after concurrent appends, want the end of the log (%d bytes, %s)", cp, rep.End, rep.Head)
	}
	seen := map[string]bool{}
	for _, l := range readLines(t, path) {
		if l == "" {
			continue
		}
		rec, err := ParseLine([]byte(strings.TrimSuffix(l, "\n")))
		if err != nil {
			t.Fatal(err)
		}
		seen[rec.InputHash] = true
	}
	for p := range procs {
		for i := range each {
			if !seen[hexSum(strconv.Itoa(p*1000+i))] {
				t.Errorf("record %d of process %d missing", i, p)
			}
		}
	}
}

// TestAppendStripsControlsFromNames: user, host and repo are recorded
// without control characters, bidirectional controls or invalid UTF-8
// (issue 22 item 8); the record passed in is what was written.
func TestAppendStripsControlsFromNames(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"guardhq/guard", "guardhq/guard"},
		{"org/re\npo", "org/repo"},
		{"org/re\x00po", "org/repo"},
		{"\r\n=1+1", "=1+1"},
		{"a\x1b[31mb", "a[31mb"},
		{"evil\u202egpj", "evilgpj"},
		{"x\xffy", "xy"},
		{"héllo\u00a0wörld", "héllo\u00a0wörld"},
		{"\u0085next", "next"},
		{"", ""},
	} {
		path := filepath.Join(t.TempDir(), "audit.log")
		rec := testRecord(0)
		rec.Repo, rec.User, rec.Host = tc.in, tc.in, tc.in
		if err := Append(path, &rec); err != nil {
			t.Fatalf("%q: %v", tc.in, err)
		}
		if rec.Repo != tc.want || rec.User != tc.want || rec.Host != tc.want {
			t.Errorf("%q: record holds %q %q %q, want %q", tc.in, rec.Repo, rec.User, rec.Host, tc.want)
		}
		var got event.Record
		if err := json.Unmarshal([]byte(readLines(t, path)[0]), &got); err != nil {
			t.Fatal(err)
		}
		if got.Repo != tc.want || got.User != tc.want || got.Host != tc.want {
			t.Errorf("%q: log holds %q %q %q, want %q", tc.in, got.Repo, got.User, got.Host, tc.want)
		}
	}
}
