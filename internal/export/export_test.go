package export

import (
	"bufio"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"go.opentelemetry.io/collector/pdata/plog/plogotlp"

	"github.com/guardhq/guard/internal/audit"
	"github.com/guardhq/guard/internal/console/loggen"
	"github.com/guardhq/guard/internal/event"
)

// collector is an OTLP/HTTP logs endpoint for tests: it answers with the
// statuses in answers (then 200), and keeps the records of every request
// it acknowledged, decoded as the collector decodes them.
type collector struct {
	mu      sync.Mutex
	answers []int
	retry   string // Retry-After sent with a non-2xx answer
	hashes  []string
	events  []string
	reqs    int
	header  http.Header
}

func (c *collector) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.reqs++
	c.header = r.Header.Clone()
	if len(c.answers) > 0 {
		code := c.answers[0]
		c.answers = c.answers[1:]
		if c.retry != "" {
			w.Header().Set("Retry-After", c.retry)
		}
		http.Error(w, "no", code)
		return
	}
	if r.Header.Get("Content-Encoding") != "gzip" || r.Header.Get("Content-Type") != "application/x-protobuf" {
		http.Error(w, "want gzip protobuf", http.StatusUnsupportedMediaType)
		return
	}
	zr, err := gzip.NewReader(r.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	body, _ := io.ReadAll(zr)
	req := plogotlp.NewExportRequest()
	if err := req.UnmarshalProto(body); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	rl := req.Logs().ResourceLogs()
	for i := range rl.Len() {
		lrs := rl.At(i).ScopeLogs().At(0).LogRecords()
		for j := range lrs.Len() {
			a := lrs.At(j).Attributes()
			ev, _ := a.Get("guard.event")
			h, _ := a.Get("guard.hash")
			c.events = append(c.events, ev.Str())
			c.hashes = append(c.hashes, h.Str())
		}
	}
}

func (c *collector) got() (events, hashes []string, reqs int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string{}, c.events...), append([]string{}, c.hashes...), c.reqs
}

// appendRecords appends n records to the log at path and returns their
// chain hashes.
func appendRecords(t testing.TB, path string, n int) []string {
	t.Helper()
	var out []string
	for i := range n {
		rec := event.Record{TS: "2026-11-26T10:00:00.000Z", Hook: event.HookPreToolUse, Verdict: "allow",
			User: "u", Host: "h", InputHash: strings.Repeat("0a", 32), Agent: "a", Event: "PreToolUse", Tool: "Bash",
			TokensIn: i}
		if i%3 == 2 {
			rec.Verdict, rec.Rule, rec.Reason = "block", "blocked_path", "protected path"
		}
		if err := audit.Append(path, &rec); err != nil {
			t.Fatal(err)
		}
		lines := readLines(t, path)
		out = append(out, hashOf([]byte(lines[len(lines)-1])))
	}
	return out
}

func readLines(t testing.TB, path string) []string {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
}

// run starts an exporter for the log at dir/audit.log posting to url,
// whose waits are recorded and skipped; stop cancels it and waits for it.
type runner struct {
	e      *Exporter
	mu     sync.Mutex
	waits  []time.Duration
	cancel context.CancelFunc
	done   chan struct{}
}

func startExporter(t *testing.T, dir, url string) *runner {
	t.Helper()
	e, err := New(Options{Log: filepath.Join(dir, "audit.log"), Cursor: filepath.Join(dir, "cursor"),
		Config: Config{URL: url, Headers: map[string]string{"Authorization": "Bearer tok"}}, Version: "0.0.0-test", Host: "h"})
	if err != nil {
		t.Fatal(err)
	}
	r := &runner{e: e, done: make(chan struct{})}
	e.poll = time.Microsecond
	e.sleep = func(ctx context.Context, d time.Duration) error {
		if d != e.poll {
			r.mu.Lock()
			r.waits = append(r.waits, d)
			r.mu.Unlock()
		}
		return sleepCtx(ctx, time.Millisecond)
	}
	ctx, cancel := context.WithCancel(context.Background())
	r.cancel = cancel
	go func() { _ = e.Run(ctx); close(r.done) }()
	return r
}

func (r *runner) stop() { r.cancel(); <-r.done }

func (r *runner) recordedWaits() []time.Duration {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]time.Duration{}, r.waits...)
}

// waitFor polls cond until it holds; the bound only keeps a broken test
// from hanging.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for range 2000 {
		if cond() {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("never happened: %s", what)
}

func TestExporterShipsInOrderAndResumes(t *testing.T) {
	dir := t.TempDir()
	col := &collector{}
	srv := httptest.NewServer(col)
	defer srv.Close()
	want := appendRecords(t, filepath.Join(dir, "audit.log"), 5)
	r := startExporter(t, dir, srv.URL)
	waitFor(t, "5 records", func() bool { return r.e.Status().Shipped == 5 })
	r.stop()
	_, _, reqs := col.got()
	if col.header.Get("Authorization") != "Bearer tok" || col.header.Get("User-Agent") != "guard" {
		t.Errorf("headers %v: want the configured Authorization", col.header)
	}
	want = append(want, appendRecords(t, filepath.Join(dir, "audit.log"), 4)...)
	r = startExporter(t, dir, srv.URL)
	waitFor(t, "9 records", func() bool { return r.e.Status().Shipped >= 9 })
	r.stop()
	_, hashes, reqs2 := col.got()
	if strings.Join(hashes, " ") != strings.Join(want, " ") {
		t.Errorf("shipped\n%v\nwant\n%v", hashes, want)
	}
	if reqs < 1 || reqs2 <= reqs {
		t.Errorf("requests %d then %d", reqs, reqs2)
	}
	if st := r.e.Status(); st.Shipped != 9 || st.Error != "" || len(st.Breaks) != 0 {
		t.Errorf("status %+v, want 9 shipped, no error, no break", st)
	}
}

func TestExporterRetries(t *testing.T) {
	for _, tc := range []struct {
		name      string
		answers   []int
		retry     string
		wait      time.Duration
		permanent bool
	}{
		{name: "503 backs off", answers: []int{503, 503, 503}, wait: 4 * retryMin},
		{name: "429 Retry-After", answers: []int{429}, retry: "7", wait: 7 * time.Second},
		{name: "502 then 504", answers: []int{502, 504}, wait: 2 * retryMin},
		{name: "401 is permanent", answers: []int{401}, wait: permanentWait, permanent: true},
		{name: "400 is permanent", answers: []int{400}, wait: permanentWait, permanent: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			col := &collector{answers: tc.answers, retry: tc.retry}
			srv := httptest.NewServer(col)
			defer srv.Close()
			want := appendRecords(t, filepath.Join(dir, "audit.log"), 3)
			r := startExporter(t, dir, srv.URL)
			waitFor(t, "3 records", func() bool { return r.e.Status().Shipped == 3 })
			r.stop()
			_, hashes, reqs := col.got()
			if strings.Join(hashes, " ") != strings.Join(want, " ") || reqs != len(tc.answers)+1 {
				t.Errorf("%d requests shipped %v, want %d requests and %v once", reqs, hashes, len(tc.answers)+1, want)
			}
			waits := r.recordedWaits()
			if len(waits) != len(tc.answers) || waits[len(waits)-1] != tc.wait {
				t.Errorf("waits %v, want %d ending in %v", waits, len(tc.answers), tc.wait)
			}
		})
	}
}

func TestExporterReportsPermanentError(t *testing.T) {
	dir := t.TempDir()
	col := &collector{answers: []int{403}}
	srv := httptest.NewServer(col)
	defer srv.Close()
	appendRecords(t, filepath.Join(dir, "audit.log"), 1)
	e, err := New(Options{Log: filepath.Join(dir, "audit.log"), Cursor: filepath.Join(dir, "cursor"), Config: Config{URL: srv.URL}})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	waited := make(chan time.Duration, 1)
	e.poll = time.Microsecond
	e.sleep = func(ctx context.Context, d time.Duration) error {
		if d != e.poll {
			waited <- d
			cancel()
			return ctx.Err()
		}
		return sleepCtx(ctx, time.Millisecond)
	}
	_ = e.Run(ctx)
	if d := <-waited; d != permanentWait {
		t.Errorf("waited %v after a 403, want %v", d, permanentWait)
	}
	st := e.Status()
	if !st.Permanent || !strings.Contains(st.Error, "403 Forbidden") {
		t.Errorf("status %+v, want the 403 reported as permanent", st)
	}
}

func TestExporterChainBreaks(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "audit.log")
	col := &collector{}
	srv := httptest.NewServer(col)
	defer srv.Close()
	hashes := appendRecords(t, path, 2)
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	// A torn line (no link), a line that is not a record, then a record
	// that does not chain to the last one.
	forged := fmt.Sprintf(`{"ts":"2026-11-26T10:00:00.000Z","hook":"Stop","verdict":"allow","prev_hash":"%s"}`, strings.Repeat("1", 64))
	fmt.Fprintf(f, "{\"ts\":\"2026-11\nnot a record\n%s\n", forged)
	f.Close()
	r := startExporter(t, dir, srv.URL)
	waitFor(t, "5 records", func() bool { return r.e.Status().Shipped >= 5 })
	r.stop()
	events, got, _ := col.got()
	wantEvents := "decision decision chain_break chain_break decision"
	if strings.Join(events, " ") != wantEvents || got[0] != hashes[0] || got[1] != hashes[1] || got[4] != hashOf([]byte(forged)) {
		t.Errorf("events %v hashes %v, want %s", events, got, wantEvents)
	}
	st := r.e.Status()
	if len(st.Breaks) != 2 || st.Breaks[0].Reason != "invalid_line" || st.Breaks[1].Reason != "prev_hash" ||
		st.Breaks[1].Expected != hashOf([]byte("not a record")) || st.Breaks[1].Found != strings.Repeat("1", 64) {
		t.Errorf("breaks %+v", st.Breaks)
	}
}

func TestExporterCursorRewritten(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "audit.log")
	col := &collector{}
	srv := httptest.NewServer(col)
	defer srv.Close()
	old := appendRecords(t, path, 3)
	r := startExporter(t, dir, srv.URL)
	waitFor(t, "3 records", func() bool { return r.e.Status().Shipped == 3 })
	r.stop()
	// The log is replaced by a shorter one: the cursor's record is gone.
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	newer := appendRecords(t, path, 1)
	r = startExporter(t, dir, srv.URL)
	waitFor(t, "5 records", func() bool { return r.e.Status().Shipped >= 5 })
	r.stop()
	events, hashes, _ := col.got()
	if strings.Join(events[3:], " ") != "chain_break decision" || hashes[4] != newer[0] {
		t.Errorf("after the log was replaced: events %v hashes %v", events, hashes)
	}
	if st := r.e.Status(); len(st.Breaks) != 1 || st.Breaks[0].Reason != "cursor" || st.Breaks[0].Expected != old[2] {
		t.Errorf("breaks %+v, want the cursor's record %s reported", st.Breaks, old[2])
	}
}

func TestCursorFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c")
	if c, err := readCursor(path); err != nil || c != zeroCursor() {
		t.Fatalf("no file: %+v %v", c, err)
	}
	want := Cursor{Off: 300, Head: strings.Repeat("ab", 32), HeadStart: 100, HeadEnd: 299, Shipped: 2}
	if err := writeCursor(path, want); err != nil {
		t.Fatal(err)
	}
	if got, err := readCursor(path); err != nil || got != want {
		t.Errorf("read back %+v %v, want %+v", got, err, want)
	}
	for _, bad := range []string{`{"offset":-1,"head":"` + strings.Repeat("ab", 32) + `"}`, `{"head":"xyz"}`, `{"offset":1,"x":2}`, `[]`} {
		if err := os.WriteFile(path, []byte(bad), 0o600); err != nil {
			t.Fatal(err)
		}
		if c, err := readCursor(path); err == nil || c != zeroCursor() {
			t.Errorf("%s: got %+v %v, want an error and the zero cursor", bad, c, err)
		}
	}
}

func FuzzReadCursor(f *testing.F) {
	f.Add([]byte(`{"offset":300,"head":"` + strings.Repeat("ab", 32) + `","head_start":100,"head_end":299,"shipped":2}`))
	f.Add([]byte(`{}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		path := filepath.Join(t.TempDir(), "c")
		if err := os.WriteFile(path, b, 0o600); err != nil {
			t.Fatal(err)
		}
		c, err := readCursor(path)
		if err != nil && c != zeroCursor() {
			t.Fatal("an error with a cursor other than zero")
		}
		if err == nil && !c.valid() {
			t.Fatalf("an invalid cursor accepted: %+v", c)
		}
	})
}

func TestRetryAfter(t *testing.T) {
	now := time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)
	for v, want := range map[string]time.Duration{
		"": 0, "3": 3 * time.Second, "-4": 0, "soon": 0, "100000": maxRetryAfter,
		now.Add(90 * time.Second).Format(http.TimeFormat): 90 * time.Second,
	} {
		if got := retryAfter(v, now); got != want {
			t.Errorf("Retry-After %q: %v, want %v", v, got, want)
		}
	}
}

// TestHookPathLinksNoOpenTelemetry keeps the exporter out of the hook's
// packages: nothing the hook path imports may import OpenTelemetry (the
// serve command alone imports this package).
func TestHookPathLinksNoOpenTelemetry(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	out, err := exec.Command("go", "list", "-deps", "github.com/guardhq/guard/internal/hook").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 20 {
		t.Fatalf("go list found %d packages: %s", len(deps), out)
	}
	for _, p := range deps {
		if strings.HasPrefix(p, "go.opentelemetry.io/") || p == "github.com/guardhq/guard/internal/export" {
			t.Errorf("the hook path imports %s", p)
		}
	}
}

// TestBinaryLinksNoProtobufLibrary: the binary is one, so whatever this
// package links initialises in every hook process. The OTLP request is
// encoded by hand (otlp.go, wire.go) so that guard links no OpenTelemetry
// and no protobuf package (protowire's init reads the executable; see
// docs/DECISIONS.md, OpenTelemetry export).
func TestBinaryLinksNoProtobufLibrary(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	out, err := exec.Command("go", "list", "-deps", "github.com/guardhq/guard/cmd/guard").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	deps := strings.Fields(string(out))
	if !slices.Contains(deps, "github.com/guardhq/guard/internal/export") {
		t.Fatalf("go list does not show the exporter among guard's packages: %s", out)
	}
	for _, p := range deps {
		for _, bad := range []string{"go.opentelemetry.io/", "google.golang.org/protobuf/", "github.com/json-iterator/", "github.com/modern-go/"} {
			if strings.HasPrefix(p, bad) {
				t.Errorf("guard links %s", p)
			}
		}
	}
}

// TestStopKeepsTheAnswerInFlight: a stop while a request is in flight
// waits for its answer and saves the cursor, so the next start does not
// send the batch again.
func TestStopKeepsTheAnswerInFlight(t *testing.T) {
	dir := t.TempDir()
	entered, release := make(chan struct{}), make(chan struct{})
	var once sync.Once
	col := &collector{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		once.Do(func() { close(entered); <-release })
		col.ServeHTTP(w, r)
	}))
	defer srv.Close()
	appendRecords(t, filepath.Join(dir, "audit.log"), 2)
	r := startExporter(t, dir, srv.URL)
	<-entered
	r.cancel()
	close(release)
	<-r.done
	if st := r.e.Status(); st.Shipped != 2 {
		t.Fatalf("stopped with a request in flight: %d shipped, want its 2 acknowledged", st.Shipped)
	}
	r = startExporter(t, dir, srv.URL)
	appendRecords(t, filepath.Join(dir, "audit.log"), 1)
	waitFor(t, "3 records", func() bool { return r.e.Status().Shipped == 3 })
	r.stop()
	if _, hashes, _ := col.got(); len(hashes) != 3 {
		t.Errorf("the collector got %d records, want 3: the batch in flight was sent again", len(hashes))
	}
}

// TestExporterShipsABacklog ships a log of several batches: the buffers the
// batches take turns in (follow) must never change a request before the
// collector acknowledged it, so every record arrives once, in order.
func TestExporterShipsABacklog(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "audit.log")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(f)
	const n = 4*maxBatchRecords + 7
	if err := loggen.Write(w, loggen.Options{N: n, Seed: 2}); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	var want []string
	for _, l := range readLines(t, path) {
		want = append(want, hashOf([]byte(l)))
	}
	col := &collector{}
	srv := httptest.NewServer(col)
	defer srv.Close()
	r := startExporter(t, dir, srv.URL)
	waitFor(t, "the backlog shipped", func() bool { return r.e.Status().Shipped == int64(len(want)) })
	r.stop()
	events, hashes, reqs := col.got()
	if strings.Join(hashes, " ") != strings.Join(want, " ") {
		t.Errorf("shipped %d records, want the log's %d in order", len(hashes), len(want))
	}
	if reqs < 5 {
		t.Errorf("%d requests, want at least 5 batches", reqs)
	}
	for _, ev := range events {
		if ev != "decision" {
			t.Fatalf("event %q: want no break", ev)
		}
	}
}
