package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"go.opentelemetry.io/collector/component/componenttest"
	"go.opentelemetry.io/collector/confmap"
	"go.opentelemetry.io/collector/consumer/consumertest"
	"go.opentelemetry.io/collector/pdata/plog"
	"go.opentelemetry.io/collector/receiver"
	"go.opentelemetry.io/collector/receiver/otlpreceiver"
	"go.opentelemetry.io/collector/receiver/receivertest"
	"go.yaml.in/yaml/v3"
)

// The marker is in every prompt and command the test's hook calls check:
// it must never reach the collector.
const exportMarker = "MARKER-7f3a-never-leaves"

// exportPayloads are the hook calls the test makes, in turn: allows and
// blocks, each carrying the marker.
var exportPayloads = []string{
	`{"hook_event_name":"UserPromptSubmit","prompt":"hello ` + exportMarker + `"}`,
	`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"echo ` + exportMarker + `"}}`,
	`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"cat ~/.ssh/id_rsa # ` + exportMarker + `"}}`,
}

// TestExportEndToEnd runs `guard serve` against the OpenTelemetry
// Collector's own OTLP receiver, configured from docs/EXPORT.md: every
// record arrives once, in order, with its attributes and no text; records
// made while the collector is down arrive after it is back; a restart of
// guard serve neither repeats nor loses a record; a forged record and a
// rewritten log are reported as chain breaks.
func TestExportEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("starts guard serve and a collector receiver")
	}
	work := t.TempDir()
	home := filepath.Join(work, "home")
	env := append(os.Environ(), "HOME="+home, "USERPROFILE="+home, "GUARD_HOME=", "AGENT_A_HOOK_EVENT=",
		"AGENT_B_PROJECT_DIR=", "GUARD_POLICY_URL=", "GUARD_POLICY_KEY=")
	logPath := filepath.Join(home, ".guard", "audit.log")
	port := freeLoopbackPort(t)
	sink := new(consumertest.LogsSink)
	stopRecv := startReceiver(t, port, sink)
	defer func() { stopRecv() }()
	env = append(env, "OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:"+strconv.Itoa(port),
		"OTEL_EXPORTER_OTLP_HEADERS=authorization=Bearer%20"+exportMarker)

	serve := startServe(t, env)
	hookCalls(t, env, 3)
	got := waitRecords(t, sink, 3)
	checkShipped(t, got, logLines(t, logPath))

	// The collector goes down: records wait in the log, and arrive once it
	// is back.
	stopRecv()
	hookCalls(t, env, 3)
	waitExportError(t, serve.console)
	stopRecv = startReceiver(t, port, sink)
	got = waitRecords(t, sink, 6)
	checkShipped(t, got, logLines(t, logPath))

	// guard serve stops (by SIGTERM, as a service manager stops it), records
	// are made meanwhile, and it starts again: it resumes from its cursor,
	// no record twice, none lost.
	serve.stop(t)
	hookCalls(t, env, 3)
	serve = startServe(t, env)
	got = waitRecords(t, sink, 9)
	checkShipped(t, got, logLines(t, logPath))

	// A line appended by another hand, whose prev_hash is not the last
	// record's, is reported, then shipped.
	forged := forgeRecord(t, logPath)
	got = waitRecords(t, sink, 11)
	br := got[9]
	if ev, _ := br.Attributes().Get("guard.event"); ev.Str() != "chain_break" || br.SeverityText() != "ERROR" {
		t.Fatalf("after a forged record: got %s %v, want a chain_break ERROR record", br.SeverityText(), br.Attributes().AsRaw())
	}
	if r, _ := br.Attributes().Get("guard.chain.reason"); r.Str() != "prev_hash" {
		t.Errorf("chain break reason %q, want prev_hash", r.Str())
	}
	if h, _ := got[10].Attributes().Get("guard.hash"); h.Str() != forged {
		t.Errorf("after the break: record %s, want the forged one %s", h.Str(), forged)
	}

	serve = checkRewriteReported(t, serve, env, sink, logPath)
	defer serve.stop(t)
	checkNoText(t, sink)
}

// checkRewriteReported rewrites the log's last record while guard serve is
// stopped, so that the record its cursor names is gone: guard reports it,
// then ships the log again (where the forged record breaks the chain once
// more). It returns the guard serve it started.
func checkRewriteReported(t *testing.T, serve *serveProc, env []string, sink *consumertest.LogsSink, logPath string) *serveProc {
	t.Helper()
	serve.stop(t)
	lines := logLines(t, logPath)
	last := lines[len(lines)-1]
	rewritten := strings.Replace(last, `"tokens_in":0`, `"tokens_in":1`, 1)
	if rewritten == last {
		t.Fatalf("cannot rewrite %q", last)
	}
	lines[len(lines)-1] = rewritten
	if err := os.WriteFile(logPath, []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	serve = startServe(t, env)
	got := waitRecords(t, sink, 11+2+len(lines))
	br := got[11]
	exp, _ := br.Attributes().Get("guard.chain.expected")
	found, _ := br.Attributes().Get("guard.chain.found")
	if r, _ := br.Attributes().Get("guard.chain.reason"); r.Str() != "cursor" || exp.Str() != hashHex(last) || found.Str() != hashHex(rewritten) {
		t.Errorf("after a rewrite: got %v, want a cursor break from %s to %s", br.Attributes().AsRaw(), hashHex(last), hashHex(rewritten))
	}
	if h, _ := got[len(got)-1].Attributes().Get("guard.hash"); h.Str() != hashHex(rewritten) {
		t.Errorf("the rewritten record was not shipped again")
	}
	var st struct {
		Enabled bool
		Status  struct{ Breaks []struct{ Reason string } }
	}
	getJSON(t, serve.console+"/api/export", &st)
	if !st.Enabled || len(st.Status.Breaks) != 2 || st.Status.Breaks[0].Reason != "cursor" || st.Status.Breaks[1].Reason != "prev_hash" {
		t.Errorf("/api/export after the rewrite: %+v, want the cursor break, then the forged record's", st)
	}
	return serve
}

// receiverFromDoc returns the OTLP receiver's configuration in
// docs/EXPORT.md, with its HTTP endpoint moved to port.
func receiverFromDoc(t *testing.T, f receiver.Factory, port int) *otlpreceiver.Config {
	t.Helper()
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "EXPORT.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)```yaml\n(.*?)```").FindSubmatch(doc)
	if m == nil {
		t.Fatal("docs/EXPORT.md: no yaml block")
	}
	var raw map[string]any
	if err := yaml.Unmarshal(m[1], &raw); err != nil {
		t.Fatalf("docs/EXPORT.md: %v", err)
	}
	cfg := f.CreateDefaultConfig().(*otlpreceiver.Config)
	sub, err := confmap.NewFromStringMap(raw).Sub("receivers::otlp")
	if err != nil {
		t.Fatal(err)
	}
	if err := sub.Unmarshal(cfg); err != nil {
		t.Fatalf("docs/EXPORT.md: the otlp receiver's configuration: %v", err)
	}
	h := cfg.Protocols.HTTP.Get()
	if h == nil || cfg.Protocols.GRPC.HasValue() {
		t.Fatal("docs/EXPORT.md: want the otlp receiver on http only")
	}
	if h.ServerConfig.NetAddr.Endpoint != "127.0.0.1:4318" {
		t.Fatalf("docs/EXPORT.md: receiver endpoint %s, want 127.0.0.1:4318 (the doc's examples name it)", h.ServerConfig.NetAddr.Endpoint)
	}
	h.ServerConfig.NetAddr.Endpoint = "127.0.0.1:" + strconv.Itoa(port)
	return cfg
}

// startReceiver starts the collector's OTLP receiver on port, feeding
// sink, and returns what stops it.
func startReceiver(t *testing.T, port int, sink *consumertest.LogsSink) func() {
	t.Helper()
	f := otlpreceiver.NewFactory()
	cfg := receiverFromDoc(t, f, port)
	r, err := f.CreateLogs(context.Background(), receivertest.NewNopSettings(f.Type()), cfg, sink)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Start(context.Background(), componenttest.NewNopHost()); err != nil {
		t.Fatal(err)
	}
	stopped := false
	return func() {
		if !stopped {
			stopped = true
			if err := r.Shutdown(context.Background()); err != nil {
				t.Error(err)
			}
		}
	}
}

type serveProc struct {
	cmd     *exec.Cmd
	console string
	done    chan error
}

// startServe starts `guard serve --port 0` and waits for its console.
func startServe(t *testing.T, env []string) *serveProc {
	t.Helper()
	cmd := exec.Command("guard", "serve", "--port", "0")
	cmd.Env = env
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &serveProc{cmd: cmd, done: make(chan error, 1)}
	sc := bufio.NewScanner(out)
	re := regexp.MustCompile(`on (http://[0-9.:]+)/`)
	for sc.Scan() {
		if m := re.FindStringSubmatch(sc.Text()); m != nil {
			p.console = m[1]
			break
		}
	}
	go func() { _, _ = io.Copy(io.Discard, out); p.done <- cmd.Wait() }()
	if p.console == "" {
		<-p.done
		t.Fatalf("guard serve did not start: %s", stderr.String())
	}
	return p
}

// stop ends guard serve as a service manager does, and waits for it.
func (p *serveProc) stop(t *testing.T) {
	t.Helper()
	if p.cmd.ProcessState != nil {
		return
	}
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	<-p.done
}

// hookCalls makes n hook calls, cycling through exportPayloads.
func hookCalls(t *testing.T, env []string, n int) {
	t.Helper()
	for i := range n {
		cmd := exec.Command("guard")
		cmd.Env = env
		cmd.Stdin = strings.NewReader(exportPayloads[i%len(exportPayloads)])
		if out, err := cmd.CombinedOutput(); err != nil {
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != 2 { // 2: a block
				t.Fatalf("hook call: %v\n%s", err, out)
			}
		}
	}
}

// waitRecords waits until the sink holds n log records and returns them
// in the order they arrived; more than n is a failure.
func waitRecords(t *testing.T, sink *consumertest.LogsSink, n int) []plog.LogRecord {
	t.Helper()
	for i := 0; sink.LogRecordCount() < n && i < 600; i++ {
		time.Sleep(50 * time.Millisecond)
	}
	time.Sleep(300 * time.Millisecond) // time enough for a record too many to show
	var out []plog.LogRecord
	for _, ld := range sink.AllLogs() {
		for i := range ld.ResourceLogs().Len() {
			rl := ld.ResourceLogs().At(i)
			checkResource(t, rl)
			for j := range rl.ScopeLogs().Len() {
				lrs := rl.ScopeLogs().At(j).LogRecords()
				for k := range lrs.Len() {
					out = append(out, lrs.At(k))
				}
			}
		}
	}
	if len(out) != n {
		t.Fatalf("the collector holds %d records, want %d", len(out), n)
	}
	return out
}

func checkResource(t *testing.T, rl plog.ResourceLogs) {
	t.Helper()
	a := rl.Resource().Attributes()
	name, _ := a.Get("service.name")
	host, _ := a.Get("host.name")
	ver, ok := a.Get("service.version")
	if name.Str() != "guard" || host.Str() == "" || !ok || ver.Str() == "" {
		t.Errorf("resource %v: want service.name guard, service.version, host.name", a.AsRaw())
	}
}

// checkShipped checks that the decision records shipped are the log's
// lines, in order, each once, with the record's fields as attributes.
func checkShipped(t *testing.T, got []plog.LogRecord, lines []string) {
	t.Helper()
	if len(got) != len(lines) {
		t.Fatalf("%d records shipped, the log holds %d", len(got), len(lines))
	}
	for i, lr := range got {
		var rec map[string]any
		if err := json.Unmarshal([]byte(lines[i]), &rec); err != nil {
			t.Fatal(err)
		}
		a := lr.Attributes()
		want := map[string]string{"guard.hash": hashHex(lines[i]), "guard.prev_hash": rec["prev_hash"].(string),
			"guard.verdict": rec["verdict"].(string), "guard.hook": rec["hook"].(string), "guard.time": rec["ts"].(string),
			"guard.input_hash": rec["input_hash"].(string), "guard.user": rec["user"].(string),
			"guard.agent": rec["agent"].(string), "guard.event": "decision"}
		for k, v := range want {
			if got, _ := a.Get(k); got.Str() != v {
				t.Errorf("record %d: %s = %q, want %q", i+1, k, got.Str(), v)
			}
		}
		if r, ok := a.Get("guard.rule"); rec["verdict"] == "block" && (!ok || r.Str() != rec["rule"]) {
			t.Errorf("record %d: guard.rule %q, want %q", i+1, r.Str(), rec["rule"])
		}
		sev := map[string]string{"allow": "INFO", "block": "WARN"}[rec["verdict"].(string)]
		if lr.SeverityText() != sev || lr.Timestamp().AsTime().UTC().Format("2006-01-02T15:04:05.000Z") != rec["ts"] {
			t.Errorf("record %d: severity %s at %s, want %s at %s", i+1, lr.SeverityText(), lr.Timestamp(), sev, rec["ts"])
		}
	}
}

// checkNoText checks that nothing the hook calls checked, nor the header
// value, is in what the collector received.
func checkNoText(t *testing.T, sink *consumertest.LogsSink) {
	t.Helper()
	for _, ld := range sink.AllLogs() {
		b, err := (&plog.JSONMarshaler{}).MarshalLogs(ld)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(b, []byte(exportMarker)) || bytes.Contains(b, []byte("id_rsa")) || bytes.Contains(b, []byte("hello")) {
			t.Fatalf("text of a hook call reached the collector: %s", b)
		}
	}
}

// waitExportError waits until the console reports an export error.
func waitExportError(t *testing.T, console string) {
	t.Helper()
	for range 600 {
		var st struct{ Status struct{ Error string } }
		getJSON(t, console+"/api/export", &st)
		if st.Status.Error != "" {
			if strings.Contains(st.Status.Error, exportMarker) {
				t.Fatalf("the export error shows a header: %s", st.Status.Error)
			}
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatal("no export error reported while the collector is down")
}

func getJSON(t *testing.T, url string, v any) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if err := json.NewDecoder(resp.Body).Decode(v); err != nil {
		t.Fatal(err)
	}
}

// forgeRecord appends a valid record whose prev_hash is not the last
// record's, as a hand other than guard's would, and returns its hash.
func forgeRecord(t *testing.T, logPath string) string {
	t.Helper()
	line := fmt.Sprintf(`{"ts":"2026-01-02T03:04:05.000Z","hook":"Stop","verdict":"allow","rule":"","reason":"","user":"u","host":"h","repo":"","input_hash":"","prev_hash":"%s","tokens_in":0,"policy_version":"","agent":"a","event":"Stop"}`, strings.Repeat("ab", 32))
	f, err := os.OpenFile(logPath, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(line + "\n"); err != nil {
		t.Fatal(err)
	}
	return hashHex(line)
}

func logLines(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
}

func hashHex(line string) string {
	sum := sha256.Sum256([]byte(line))
	return hex.EncodeToString(sum[:])
}

func freeLoopbackPort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}
