package auditsock

import (
	"errors"
	"io"
	"net"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/guardhq/guard/internal/event"
)

// listen starts a server whose append keeps the records and chains each to
// a fixed hash, or fails with fail when set.
func listen(t *testing.T, fail error) (*Server, string, *[]event.Record) {
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
	})
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
	s, err := Listen(sock, func(r *event.Record) error { r.PrevHash = "p"; return nil })
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
