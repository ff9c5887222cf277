package auditsock

import (
	"encoding/json"
	"errors"
	"io"
	"net"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/guardhq/guard/internal/event"
)

// listen starts a server whose append keeps the records and chains each to
// a fixed hash, or fails with fail when set.
func listen(t *testing.T, fail error) (*Server, string, *[]event.Record) {
	t.Helper()
	return listenWith(t, fail, Options{User: "srv-user", Host: "srv-host"})
}

func listenWith(t *testing.T, fail error, o Options) (*Server, string, *[]event.Record) {
	t.Helper()
	sock := filepath.Join(t.TempDir(), "s")
	var (
		mu   sync.Mutex
		recs []event.Record
	)
	s, err := Listen(sock, func(r *event.Record) error {
		if fail != nil {
			return fail
		}
		mu.Lock()
		defer mu.Unlock()
		r.PrevHash = strings.Repeat("ab", 32)
		recs = append(recs, *r)
		return nil
	}, o)
	if err != nil {
		t.Skipf("unix sockets: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s, sock, &recs
}

func sample() *event.Record {
	return &event.Record{TS: "2026-01-02T03:04:05.000Z", Hook: "PreToolUse", Verdict: "block", Rule: "blocked_path",
		Reason: "path '<redacted>'", User: "u", InputHash: strings.Repeat("0", 64), Agent: "a", Event: "PreToolUse", Findings: []string{"x"}}
}

func TestSend(t *testing.T) {
	s, sock, recs := listen(t, nil)
	rec := sample()
	if err := Send(sock, rec); err != nil {
		t.Fatal(err)
	}
	if rec.PrevHash != strings.Repeat("ab", 32) {
		t.Errorf("prev hash %q not taken from the answer", rec.PrevHash)
	}
	if len(*recs) != 1 || (*recs)[0].Rule != "blocked_path" || (*recs)[0].Findings[0] != "x" {
		t.Errorf("server got %+v", *recs)
	}
	if a, f := s.Counts(); a != 1 || f != 0 {
		t.Errorf("counts %d %d", a, f)
	}
}

// TestServerStamps: the time, user and host are the server's, whatever the
// client sent (a process inside the sandbox can connect too), and the tag
// says the record came through guard run.
func TestServerStamps(t *testing.T) {
	now := time.Date(2030, 5, 6, 7, 8, 9, 0, time.UTC)
	_, sock, recs := listenWith(t, nil, Options{User: "srv-user", Host: "srv-host", Now: func() time.Time { return now }})
	forged := sample()
	forged.TS, forged.User, forged.Host = "2020-01-01T00:00:00.000Z", "alice", "other"
	if err := Send(sock, forged); err != nil {
		t.Fatal(err)
	}
	tagged := sample()
	tagged.Tag = "subagent_spawn"
	if err := Send(sock, tagged); err != nil {
		t.Fatal(err)
	}
	got := (*recs)[0]
	if got.TS != "2030-05-06T07:08:09.000Z" || got.User != "srv-user" || got.Host != "srv-host" || got.Tag != TagVia {
		t.Errorf("not stamped by the server: %+v", got)
	}
	if tag := (*recs)[1].Tag; tag != "subagent_spawn,"+TagVia {
		t.Errorf("tag %q", tag)
	}
}

// TestServerRate: past the burst, records are refused until the bucket
// fills again (the clock is the test's).
func TestServerRate(t *testing.T) {
	now := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	var mu sync.Mutex
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	s, sock, recs := listenWith(t, nil, Options{User: "u", Host: "h", Now: clock, Burst: 5, Rate: 2})
	for i := range 5 {
		if err := Send(sock, sample()); err != nil {
			t.Fatalf("record %d: %v", i, err)
		}
	}
	if err := Send(sock, sample()); err == nil || !strings.Contains(err.Error(), "too many records") {
		t.Errorf("over the burst: %v", err)
	}
	mu.Lock()
	now = now.Add(time.Second) // two more tokens
	mu.Unlock()
	for i := range 2 {
		if err := Send(sock, sample()); err != nil {
			t.Errorf("after a second, record %d: %v", i, err)
		}
	}
	if err := Send(sock, sample()); err == nil {
		t.Error("a third record within the second")
	}
	if a, f := s.Counts(); a != 7 || f != 2 || len(*recs) != 7 {
		t.Errorf("counts %d %d, %d appended", a, f, len(*recs))
	}
}

// TestServerLargeRecord: a record up to MaxRecord on the wire is taken,
// not only one that fits a default read buffer.
func TestServerLargeRecord(t *testing.T) {
	_, sock, recs := listen(t, nil)
	for _, n := range []int{3900, 4200, 20000} {
		r := sample()
		r.Reason = strings.Repeat("r", n)
		if err := Send(sock, r); err != nil {
			t.Errorf("reason of %d bytes: %v", n, err)
		}
	}
	r := sample()
	r.Reason = ""
	base, _ := json.Marshal(r)
	r.Reason = strings.Repeat("r", MaxRecord-1-len(base)) // the line with its newline: MaxRecord bytes
	if line, _ := json.Marshal(r); len(line)+1 != MaxRecord {
		t.Fatalf("line of %d bytes", len(line)+1)
	}
	if err := Send(sock, r); err != nil {
		t.Errorf("a line of exactly MaxRecord bytes: %v", err)
	}
	r.Reason += "r"
	line, _ := json.Marshal(r)
	if got := exchange(t, sock, append(line, '\n')); !strings.HasPrefix(got, "error ") {
		t.Errorf("a line of MaxRecord+1 bytes: %q", got)
	}
	if len(*recs) != 4 {
		t.Errorf("%d records appended, want 4", len(*recs))
	}
}

func TestSendFails(t *testing.T) {
	_, sock, _ := listen(t, errors.New("audit log /x: disk full"))
	if err := Send(sock, sample()); err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Errorf("append failure: %v", err)
	}
	err := Send(filepath.Join(t.TempDir(), "none"), sample())
	if !errors.Is(err, ErrUnreachable) {
		t.Errorf("no server: %v, want ErrUnreachable", err)
	}
	if strings.Contains(err.Error(), t.TempDir()) {
		t.Errorf("error names the socket's path: %v", err)
	}
	big := sample()
	big.Reason = strings.Repeat("r", MaxRecord)
	if err := Send(sock, big); err == nil {
		t.Error("a record over MaxRecord was sent")
	}
}

// exchange sends raw bytes to the server and returns its answer.
func exchange(t testing.TB, sock string, raw []byte) string {
	c, err := net.Dial("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.Write(raw)
	c.(*net.UnixConn).CloseWrite()
	b, _ := io.ReadAll(c)
	return string(b)
}

func TestServerRefuses(t *testing.T) {
	_, sock, recs := listen(t, nil)
	for _, raw := range []string{
		"",
		"not json\n",
		`{"ts":"x","extra":1}` + "\n",
		`{"ts":"x"}`, // no newline: not a whole line
		strings.Repeat("a", MaxRecord+10) + "\n",
		`{"ts":"x"} {"ts":"y"}` + "\n",
	} {
		if got := exchange(t, sock, []byte(raw)); !strings.HasPrefix(got, "error ") {
			t.Errorf("%.40q: answer %q, want an error", raw, got)
		}
	}
	if len(*recs) != 0 {
		t.Errorf("appended %+v", *recs)
	}
}

func FuzzServer(f *testing.F) {
	f.Add([]byte(`{"ts":"2026-01-02T03:04:05.000Z","hook":"Stop","verdict":"allow"}` + "\n"))
	f.Add([]byte("{\n"))
	f.Add([]byte(`{"findings":[1]}` + "\n"))
	sock := filepath.Join(f.TempDir(), "s")
	s, err := Listen(sock, func(r *event.Record) error { r.PrevHash = "p"; return nil }, Options{})
	if err != nil {
		f.Skip(err)
	}
	defer s.Close()
	f.Fuzz(func(t *testing.T, raw []byte) {
		got := exchange(t, sock, raw)
		if !strings.HasPrefix(got, "ok p\n") && !strings.HasPrefix(got, "error ") {
			t.Errorf("answer %q", got)
		}
		if strings.Count(got, "\n") != 1 {
			t.Errorf("answer %q is not one line", got)
		}
	})
}
