package hook

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestReadWithin reads payloads through every way readWithin has: a file,
// a pipe whose descriptor takes a deadline, a blocking pipe (poll, where the
// system has it), any other reader (a goroutine and a timer), each with a
// payload, one over the limit, and a writer that never closes. The limit
// is a few times the first buffer, so that the buffer grows on the way.
func TestReadWithin(t *testing.T) {
	const max = 3*firstRead + 5
	text := func(n int) string { return strings.Repeat("abcdefghijklm", n/13+1)[:n] }
	type source func(t *testing.T, data string, closeIt bool) io.Reader
	pipe := func(blocking bool) source {
		return func(t *testing.T, data string, closeIt bool) io.Reader {
			pr, pw, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { pr.Close(); pw.Close() })
			go func() {
				pw.Write([]byte(data))
				if closeIt {
					pw.Close()
				}
			}()
			if blocking {
				return blockingFile(t, pr)
			}
			return pr
		}
	}
	sources := map[string]source{
		"file": func(t *testing.T, data string, _ bool) io.Reader {
			path := filepath.Join(t.TempDir(), "payload")
			if err := os.WriteFile(path, []byte(data), 0o600); err != nil {
				t.Fatal(err)
			}
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { f.Close() })
			return f
		},
		"pipe with deadline": pipe(false),
		"blocking pipe":      pipe(true),
		"reader": func(t *testing.T, data string, closeIt bool) io.Reader {
			if closeIt {
				return strings.NewReader(data)
			}
			pr, pw := io.Pipe()
			t.Cleanup(func() { pr.Close(); pw.Close() })
			go pw.Write([]byte(data))
			return pr
		},
	}
	tests := []struct {
		name    string
		data    string
		open    bool // the writer never closes
		timeout time.Duration
		wantLen int
		wantErr error
	}{
		{name: "empty", timeout: time.Minute},
		{name: "small", data: `{"prompt":"x"}`, timeout: time.Minute, wantLen: 14},
		{name: "the first buffer", data: text(firstRead), timeout: time.Minute, wantLen: firstRead},
		{name: "past the first buffer", data: text(firstRead + 1), timeout: time.Minute, wantLen: firstRead + 1},
		{name: "at the limit", data: text(max), timeout: time.Minute, wantLen: max},
		{name: "over the limit", data: text(3 * max), timeout: time.Minute, wantLen: max + 1},
		{name: "no bound", data: strings.Repeat("b", 1000), timeout: -1, wantLen: 1000},
		{name: "never closes", data: "{", open: true, timeout: 20 * time.Millisecond, wantErr: errStdinTimeout},
	}
	for sname, src := range sources {
		for _, tt := range tests {
			if tt.open && sname == "file" {
				continue // a file always ends
			}
			t.Run(sname+"/"+tt.name, func(t *testing.T) {
				got, err := readWithin(src(t, tt.data, !tt.open), max, tt.timeout, nil)
				if !errors.Is(err, tt.wantErr) {
					t.Fatalf("error %v, want %v", err, tt.wantErr)
				}
				if len(got) != tt.wantLen || !bytes.Equal(got, []byte(tt.data)[:min(len(tt.data), tt.wantLen)]) {
					t.Fatalf("read %d bytes, want %d", len(got), tt.wantLen)
				}
			})
			if tt.open {
				continue // what rest gets before a time-out in a raced read is not to be read
			}
			// With a rest writer, a payload over the limit goes to it
			// whole, and the read says it is too large; one within the
			// limit is returned as before and rest gets nothing.
			t.Run(sname+"/"+tt.name+"/rest", func(t *testing.T) {
				var rest bytes.Buffer
				got, err := readWithin(src(t, tt.data, true), max, tt.timeout, &rest)
				if len(tt.data) > max {
					if !errors.Is(err, errTooLarge) || got != nil || rest.String() != tt.data {
						t.Fatalf("error %v, %d bytes returned, rest has %d of %d", err, len(got), rest.Len(), len(tt.data))
					}
					return
				}
				if err != nil || string(got) != tt.data || rest.Len() != 0 {
					t.Fatalf("error %v, read %d bytes, rest %d", err, len(got), rest.Len())
				}
			})
		}
	}
}

// TestOneGetwd checks that one call asks for the working directory once,
// though it resolves several relative paths and names the repository.
func TestOneGetwd(t *testing.T) {
	f := &fake{}
	cfg := f.config(`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"cat /a.txt /b.txt > /tmp/c.txt"}}`, blockOn("never"))
	cfg.Agent = "a"
	calls := 0 // no cwd and no relative path: the working directory names the repository
	cfg.Getwd = func() (string, error) { calls++; return "/work/dir", nil }
	if code := Run(cfg); code != 0 {
		t.Fatalf("code %d, stderr %q", code, f.stderr.String())
	}
	if calls != 1 {
		t.Fatalf("Getwd called %d times, want 1", calls)
	}
	if len(f.records) != 1 || f.records[0].Repo != "acme/dir" {
		t.Fatalf("records %+v", f.records)
	}
}
