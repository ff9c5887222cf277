// Command benchexport measures the OpenTelemetry export of `guard serve`: it
// writes a chained audit log of N records (1,000,000 by default) with
// internal/console/loggen, starts a loopback OTLP/HTTP sink that decodes
// every request as a collector does (gzip, then the OTLP protobuf with the
// collector's pdata), starts `guard serve` on the log with
// OTEL_EXPORTER_OTLP_ENDPOINT pointing at the sink, and reports:
//
//   - records per second shipped, from the serve process's start until the
//     sink holds all N (and from the first record to the last);
//   - the serve process's peak RSS (VmHWM) while shipping;
//   - the delay from a hook call (a `guard` process given a payload) to the
//     record's arrival at the sink, once the backlog is shipped, over
//     -delays calls.
//
// Linux only (it reads /proc). Usage, from the repository root:
//
//	go run ./scripts/benchexport [-n 1000000] [-delays 20] [-guard bin/guard]
package main

import (
	"bufio"
	"compress/gzip"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"go.opentelemetry.io/collector/pdata/plog/plogotlp"

	"github.com/guardhq/guard/internal/console/loggen"
)

func main() {
	n := flag.Int("n", 1_000_000, "records in the generated log")
	delays := flag.Int("delays", 20, "hook calls whose delay to the sink is measured")
	prebuilt := flag.String("guard", "", "a guard binary to run (default: build this tree)")
	flag.Parse()
	if err := run(*n, *delays, *prebuilt); err != nil {
		fmt.Fprintln(os.Stderr, "benchexport:", err)
		os.Exit(1)
	}
}

// sink counts the log records of the OTLP requests it decodes.
type sink struct {
	records atomic.Int64
	reqs    atomic.Int64
	bad     atomic.Int64
}

func (s *sink) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	zr, err := gzip.NewReader(r.Body)
	if err != nil {
		s.bad.Add(1)
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	body, err := io.ReadAll(zr)
	req := plogotlp.NewExportRequest()
	if err == nil {
		err = req.UnmarshalProto(body)
	}
	if err != nil {
		s.bad.Add(1)
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	s.reqs.Add(1)
	s.records.Add(int64(req.Logs().LogRecordCount()))
}

func run(n, delays int, bin string) error {
	dir, err := os.MkdirTemp("", "benchexport")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if bin == "" {
		bin = filepath.Join(dir, "guard")
		build := exec.Command("go", "build", "-trimpath", "-ldflags", "-s -w", "-o", bin, "./cmd/guard")
		build.Env = append(os.Environ(), "CGO_ENABLED=0")
		if out, err := build.CombinedOutput(); err != nil {
			return fmt.Errorf("build: %v\n%s", err, out)
		}
	}
	home := filepath.Join(dir, "home")
	gh := filepath.Join(home, ".guard")
	if err := os.MkdirAll(gh, 0o700); err != nil {
		return err
	}
	logPath := filepath.Join(gh, "audit.log")
	if err := writeLog(logPath, n); err != nil {
		return err
	}
	fi, _ := os.Stat(logPath)
	fmt.Printf("log: %d records, %.1f MiB\n", n, float64(fi.Size())/(1<<20))

	s := &sink{}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: s}
	go srv.Serve(ln)
	defer srv.Close()
	env := append(os.Environ(), "HOME="+home, "GUARD_HOME="+gh, "AGENT_A_HOOK_EVENT=",
		"OTEL_EXPORTER_OTLP_ENDPOINT=http://"+ln.Addr().String())
	return measure(bin, env, s, int64(n), delays)
}

// writeLog writes a chained log of n records at path.
func writeLog(path string, n int) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	if err := loggen.Write(w, loggen.Options{N: n, Seed: 1, Span: 30 * 24 * time.Hour}); err != nil {
		return err
	}
	if err := w.Flush(); err != nil {
		return err
	}
	return f.Close()
}

func measure(bin string, env []string, s *sink, n int64, delays int) error {
	serve := exec.Command(bin, "serve", "--port", "0")
	serve.Env = env
	out, err := serve.StdoutPipe()
	if err != nil {
		return err
	}
	serve.Stderr = os.Stderr
	start := time.Now()
	if err := serve.Start(); err != nil {
		return err
	}
	defer func() { _ = serve.Process.Signal(os.Interrupt); _ = serve.Wait() }()
	consoleURL := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		re := regexp.MustCompile(`on (http://[0-9.:]+)/`)
		for sc.Scan() {
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				consoleURL <- m[1]
			}
		}
	}()
	var first time.Time
	var hwm int64
	for s.records.Load() < n {
		if first.IsZero() && s.records.Load() > 0 {
			first = time.Now()
		}
		hwm = max(hwm, procHWM(serve.Process.Pid))
		if s.bad.Load() > 0 {
			return fmt.Errorf("the sink could not decode %d requests", s.bad.Load())
		}
		if time.Since(start) > 10*time.Minute {
			return fmt.Errorf("only %d of %d records shipped in 10 minutes", s.records.Load(), n)
		}
		time.Sleep(20 * time.Millisecond)
	}
	total := time.Since(start)
	hwm = max(hwm, procHWM(serve.Process.Pid))
	fmt.Printf("shipped %d records in %d requests: %.2f s from start (%.0f records/s; goal >= 50,000/s)\n",
		n, s.reqs.Load(), total.Seconds(), float64(n)/total.Seconds())
	if !first.IsZero() {
		d := time.Since(first)
		fmt.Printf("  from the first record to the last: %.2f s (%.0f records/s)\n", d.Seconds(), float64(n)/d.Seconds())
	}
	fmt.Printf("peak RSS of guard serve (VmHWM): %.1f MiB (goal <= 150 MiB)\n", float64(hwm)/1024)
	if cpu := procCPU(serve.Process.Pid); cpu > 0 {
		fmt.Printf("CPU time of guard serve: %.2f s (%.0f records per CPU second; the console's index of the log included)\n",
			cpu.Seconds(), float64(n)/cpu.Seconds())
	}
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) == nil {
		self := time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
		fmt.Printf("CPU time of this program (the sink decoding every request, and writing the log): %.2f s\n", self.Seconds())
	}
	err = measureDelays(bin, env, s, delays)
	if err != nil {
		if resp, herr := http.Get(<-consoleURL + "/api/export"); herr == nil {
			b, _ := io.ReadAll(resp.Body)
			err = fmt.Errorf("%w\nconsole /api/export: %s", err, b)
		}
	}
	return err
}

// measureDelays makes hook calls one at a time and reports how long each
// took to reach the sink, the hook process included.
func measureDelays(bin string, env []string, s *sink, calls int) error {
	payload := `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"go test ./..."}}`
	var ds []time.Duration
	for range calls {
		before := s.records.Load()
		t0 := time.Now()
		hook := exec.Command(bin)
		hook.Env = env
		hook.Stdin = strings.NewReader(payload)
		if out, err := hook.CombinedOutput(); err != nil {
			return fmt.Errorf("hook call: %v\n%s", err, out)
		}
		for s.records.Load() == before && time.Since(t0) < 30*time.Second {
			time.Sleep(time.Millisecond)
		}
		if s.records.Load() == before {
			return errors.New("a hook call's record did not arrive in 30 s")
		}
		ds = append(ds, time.Since(t0))
	}
	if len(ds) == 0 {
		return nil
	}
	slices.Sort(ds)
	fmt.Printf("hook call to the sink, %d calls: median %v, max %v (goal <= 2 s)\n",
		len(ds), ds[len(ds)/2].Round(time.Millisecond), ds[len(ds)-1].Round(time.Millisecond))
	return nil
}

// procCPU is the user and system CPU time a process used so far, 0 when
// unknown (fields 14 and 15 of /proc/PID/stat, in clock ticks of 1/100 s).
func procCPU(pid int) time.Duration {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	i := strings.LastIndexByte(string(b), ')')
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 13 {
		return 0
	}
	u, _ := strconv.ParseInt(f[11], 10, 64)
	s, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(u+s) * 10 * time.Millisecond
}

// procHWM is the peak RSS of a process in KiB, 0 when unknown.
func procHWM(pid int) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	m := regexp.MustCompile(`VmHWM:\s+(\d+) kB`).FindSubmatch(b)
	if m == nil {
		return 0
	}
	v, _ := strconv.ParseInt(string(m[1]), 10, 64)
	return v
}
