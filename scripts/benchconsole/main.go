// Command benchconsole measures the console on a big audit log: it writes a
// log of N records (1,000,000 by default) with internal/console/loggen,
// starts the console on it as a child process, and reports the time until
// the index is ready, the median latencies of GET /api/stats and of filtered
// GET /api/events pages over many requests, and the child's peak RSS
// (VmHWM), with every filter of /api/events, stats over a time range and
// under the events' filters, and the CSV and JSON-lines exports. All
// traffic stays on 127.0.0.1.
//
//	go run ./scripts/benchconsole            # make bench runs this
//	go run ./scripts/benchconsole -n 200000 -requests 100
//	go run ./scripts/benchconsole -log ~/.guard/audit.log
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/guardhq/guard/internal/console"
	"github.com/guardhq/guard/internal/console/loggen"
	"github.com/guardhq/guard/internal/event"
)

func main() {
	n := flag.Int("n", 1_000_000, "records in the generated log")
	logPath := flag.String("log", "", "benchmark this existing log instead of generating one (it is appended to)")
	requests := flag.Int("requests", 300, "requests per measured endpoint")
	child := flag.String("child-serve", "", "internal: serve this log and report readiness")
	flag.Parse()
	var err error
	if *child != "" {
		err = serveChild(*child)
	} else {
		err = run(*n, *logPath, *requests)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "benchconsole: error: %s\n", err)
		os.Exit(1)
	}
}

// serveChild is the measured process: it indexes the log, prints
// "READY <addr> <index ns>" and serves until its standard input closes.
func serveChild(path string) error {
	start := time.Now()
	idx, err := console.Open(path)
	if err != nil {
		return err
	}
	ready := time.Since(start)
	h, err := console.NewHandler(idx, console.Config{})
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	fmt.Printf("READY %s %d\n", ln.Addr(), ready.Nanoseconds())
	ctx, cancel := context.WithCancel(context.Background())
	go func() { io.Copy(io.Discard, os.Stdin); cancel() }()
	return console.Serve(ctx, ln, h)
}

func run(n int, logPath string, requests int) error {
	if requests < 1 {
		return errors.New("-requests must be ≥ 1")
	}
	genTime := time.Duration(0)
	if logPath == "" {
		dir, err := os.MkdirTemp("", "benchconsole")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		logPath = filepath.Join(dir, "audit.log")
		f, err := os.Create(logPath)
		if err != nil {
			return err
		}
		t0 := time.Now()
		fmt.Fprintf(os.Stderr, "writing %d records to %s…\n", n, logPath)
		if err := loggen.Write(f, loggen.Options{N: n, Seed: 1, Span: 30 * 24 * time.Hour}); err != nil {
			return err
		}
		if err := f.Close(); err != nil {
			return err
		}
		genTime = time.Since(t0)
	}
	fi, err := os.Stat(logPath)
	if err != nil {
		return err
	}
	// Drop the page cache's advantage? No: a laptop that just wrote its log
	// has it cached too. The figure is for a warm cache.
	self, err := os.Executable()
	if err != nil {
		return err
	}
	cmd := exec.Command(self, "-child-serve", logPath)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	cmd.Stderr = os.Stderr
	t0 := time.Now()
	if err := cmd.Start(); err != nil {
		return err
	}
	defer func() { stdin.Close(); cmd.Wait() }()
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		return fmt.Errorf("child: %w", err)
	}
	wall := time.Since(t0)
	var addr string
	var indexNS int64
	if _, err := fmt.Sscanf(line, "READY %s %d", &addr, &indexNS); err != nil {
		return fmt.Errorf("child said %q", line)
	}
	base := "http://" + addr
	client := &http.Client{Timeout: 30 * time.Second}

	stats, err := measure(client, []string{base + "/api/stats"}, requests)
	if err != nil {
		return err
	}
	total, err := statsTotal(client, base)
	if err != nil {
		return err
	}
	// The newest record's time: ranges are relative to it, so that the
	// same queries select the same share of a generated or a real log.
	newest, err := newestTime(client, base)
	if err != nil {
		return err
	}
	rfc := func(d time.Duration) string { return newest.Add(-d).UTC().Format(time.RFC3339) }
	queries := []string{
		"verdict=block",
		"hook=PreToolUse&verdict=allow",
		"hook=Stop&verdict=block&page=20",
		"verdict=block&page=500",
		"hook=PostToolUse&limit=1000",
		"page=5000",
		// The filters that need a pass over the columns.
		"agent=b&page=50",
		"rule=dangerous_rm",
		"repo=acme/infra&verdict=block&page=10",
		"since=" + rfc(24*time.Hour),
		"since=" + rfc(7*24*time.Hour) + "&until=" + rfc(24*time.Hour) + "&hook=PreToolUse&agent=a",
		"q=abcd",
		"q=" + strings.Repeat("ab", 10), // past the 16 digits the index keeps
	}
	var urls []string
	for _, q := range queries {
		urls = append(urls, base+"/api/events?"+q)
	}
	pages, err := measure(client, urls, requests)
	if err != nil {
		return err
	}
	perQuery := make([]time.Duration, len(queries))
	for i, q := range queries {
		d, err := measure(client, []string{base + "/api/events?" + q}, max(requests/len(queries), 10))
		if err != nil {
			return err
		}
		perQuery[i] = median(d)
	}
	// Stats over a time range: the charts follow the range, computed per
	// request.
	ranged, err := measure(client, []string{base + "/api/stats?since=" + rfc(24*time.Hour), base + "/api/stats?since=" + rfc(7*24*time.Hour) + "&until=" + rfc(24*time.Hour)}, max(requests/3, 20))
	if err != nil {
		return err
	}
	// Stats under the events' filters: counters, rules and timeline of the
	// selected events, one pass per request.
	statsQueries := []string{
		"verdict=block&agent=b",
		"rule=dangerous_rm",
		"repo=acme/infra&since=" + rfc(7*24*time.Hour),
		"since=" + rfc(24*time.Hour) + "&hook=PreToolUse&verdict=allow",
		"q=abcd",
		"q=" + strings.Repeat("ab", 10),
	}
	var statsURLs []string
	for _, q := range statsQueries {
		statsURLs = append(statsURLs, base+"/api/stats?"+q)
	}
	filtered, err := measure(client, statsURLs, max(requests/3, 20))
	if err != nil {
		return err
	}
	perStats := make([]time.Duration, len(statsQueries))
	for i, q := range statsQueries {
		d, err := measure(client, []string{base + "/api/stats?" + q}, max(requests/len(statsQueries)/2, 10))
		if err != nil {
			return err
		}
		perStats[i] = median(d)
	}
	// Exports: every matching event, streamed.
	exports := []string{"format=jsonl", "format=csv", "format=csv&verdict=block"}
	exportTimes := make([]time.Duration, len(exports))
	exportSizes := make([]int, len(exports))
	for i, q := range exports {
		t0 := time.Now()
		n, err := download(client, base+"/api/events?"+q)
		if err != nil {
			return err
		}
		exportTimes[i], exportSizes[i] = time.Since(t0), int(n)
	}
	// Stats right after an append: the index tails the file and the stats
	// are recomputed, so this is the uncached cost.
	appended, err := measureAfterAppend(client, base, logPath, max(requests/6, 20))
	if err != nil {
		return err
	}
	hwm, rss := procStatus(cmd.Process.Pid)

	fmt.Printf("\nguard console benchmark: %s records, %.1f MB log", group(total), float64(fi.Size())/1e6)
	if genTime > 0 {
		fmt.Printf(" (written in %.1f s)", genTime.Seconds())
	}
	fmt.Printf("\n\n%-46s %14s  %s\n", "measure", "value", "target")
	row := func(name, value, target string) { fmt.Printf("%-46s %14s  %s\n", name, value, target) }
	row("index ready (Open, in the server process)", fmt.Sprintf("%.2f s", time.Duration(indexNS).Seconds()), "≤ 3 s")
	row("ready to serve, from process start", fmt.Sprintf("%.2f s", wall.Seconds()), "")
	row(fmt.Sprintf("GET /api/stats, median of %d", len(stats)), ms(median(stats)), "≤ 10 ms")
	row("GET /api/stats, p95", ms(pct(stats, 95)), "")
	row(fmt.Sprintf("GET /api/stats after an append, median of %d", len(appended)), ms(median(appended)), "")
	row(fmt.Sprintf("GET /api/events filtered, median of %d", len(pages)), ms(median(pages)), "≤ 50 ms")
	row("GET /api/events filtered, p95", ms(pct(pages, 95)), "")
	for i, q := range queries {
		if len(q) > 44 {
			q = q[:43] + "…"
		}
		row("  ?"+q, ms(perQuery[i]), "")
	}
	row(fmt.Sprintf("GET /api/stats?since=…, median of %d", len(ranged)), ms(median(ranged)), "")
	row(fmt.Sprintf("GET /api/stats filtered, median of %d", len(filtered)), ms(median(filtered)), "≤ 50 ms")
	row("GET /api/stats filtered, p95", ms(pct(filtered, 95)), "")
	for i, q := range statsQueries {
		if len(q) > 44 {
			q = q[:43] + "…"
		}
		row("  ?"+q, ms(perStats[i]), "")
	}
	for i, q := range exports {
		row(fmt.Sprintf("export ?%s (%.0f MB)", q, float64(exportSizes[i])/1e6), fmt.Sprintf("%.2f s", exportTimes[i].Seconds()), "")
	}
	row("peak RSS of the server (VmHWM)", fmt.Sprintf("%.1f MiB", float64(hwm)/1024), "< 200 MiB")
	row("RSS at the end (VmRSS)", fmt.Sprintf("%.1f MiB", float64(rss)/1024), "")
	return nil
}

// measure sends count GET requests, cycling over urls, and returns each
// latency (request to last body byte). One warm-up request per URL first.
func measure(client *http.Client, urls []string, count int) ([]time.Duration, error) {
	for _, u := range urls {
		if _, err := get(client, u); err != nil {
			return nil, err
		}
	}
	out := make([]time.Duration, 0, count)
	for i := range count {
		t0 := time.Now()
		if _, err := get(client, urls[i%len(urls)]); err != nil {
			return nil, err
		}
		out = append(out, time.Since(t0))
	}
	return out, nil
}

func get(client *http.Client, url string) ([]byte, error) {
	resp, err := client.Get(url)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%s: %s: %s", url, resp.Status, body)
	}
	return body, nil
}

// newestTime is the time of the newest record (the first event of page 1).
func newestTime(client *http.Client, base string) (time.Time, error) {
	body, err := get(client, base+"/api/events?limit=1")
	if err != nil {
		return time.Time{}, err
	}
	var p struct {
		Events []struct {
			TS string `json:"ts"`
		} `json:"events"`
	}
	if err := json.Unmarshal(body, &p); err != nil || len(p.Events) == 0 {
		return time.Now(), nil
	}
	return time.Parse(time.RFC3339Nano, p.Events[0].TS)
}

// download reads a response to the end without keeping it, as a browser
// saving a file would, and returns its size.
func download(client *http.Client, url string) (int64, error) {
	resp, err := client.Get(url)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return 0, fmt.Errorf("%s: %s", url, resp.Status)
	}
	return io.Copy(io.Discard, resp.Body)
}

func statsTotal(client *http.Client, base string) (int64, error) {
	body, err := get(client, base+"/api/stats")
	if err != nil {
		return 0, err
	}
	_, rest, ok := bytes.Cut(body, []byte(`"total":`))
	if !ok {
		return 0, fmt.Errorf("stats without total: %s", body)
	}
	end := bytes.IndexByte(rest, ',')
	return strconv.ParseInt(string(rest[:end]), 10, 64)
}

func measureAfterAppend(client *http.Client, base, path string, count int) ([]time.Duration, error) {
	last, err := lastLine(path)
	if err != nil {
		return nil, err
	}
	chain := loggen.NewChain(last)
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := make([]time.Duration, 0, count)
	for i := range count {
		rec := event.Record{
			TS: time.Now().UTC().Format("2006-01-02T15:04:05.000Z"), Hook: event.HookPreToolUse, Verdict: string(event.Block),
			Rule: "benchmark", Reason: "appended by benchconsole", User: "bench", Host: "bench", Repo: "bench/bench",
			InputHash: loggen.Hash([]byte{byte(i)}), TokensIn: 1, PolicyVersion: "bench", Agent: "a", Event: event.HookPreToolUse,
		}
		b, err := chain.Line(&rec)
		if err != nil {
			return nil, err
		}
		if _, err := f.Write(append(b, '\n')); err != nil {
			return nil, err
		}
		t0 := time.Now()
		if _, err := get(client, base+"/api/stats"); err != nil {
			return nil, err
		}
		out = append(out, time.Since(t0))
	}
	return out, nil
}

func lastLine(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	k := min(fi.Size(), 1<<16)
	buf := make([]byte, k)
	if _, err := f.ReadAt(buf, fi.Size()-k); err != nil && err != io.EOF {
		return nil, err
	}
	buf = bytes.TrimRight(buf, "\n")
	if i := bytes.LastIndexByte(buf, '\n'); i >= 0 {
		buf = buf[i+1:]
	}
	if len(buf) == 0 {
		return nil, nil
	}
	return buf, nil
}

// procStatus reads VmHWM and VmRSS (KiB) of a process.
func procStatus(pid int) (hwm, rss int64) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return -1, -1
	}
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) < 2 {
			continue
		}
		v, _ := strconv.ParseInt(f[1], 10, 64)
		switch f[0] {
		case "VmHWM:":
			hwm = v
		case "VmRSS:":
			rss = v
		}
	}
	return hwm, rss
}

func median(d []time.Duration) time.Duration { return pct(d, 50) }

func pct(d []time.Duration, p int) time.Duration {
	s := slices.Clone(d)
	slices.Sort(s)
	return s[(len(s)-1)*p/100]
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d.Microseconds())/1000) }

func group(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
