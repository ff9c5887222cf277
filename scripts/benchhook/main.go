// Command benchhook measures guard's hook round trip — one process start, a
// PreToolUse Bash payload on standard input, the policy, the audit append,
// the answer — against a baseline program built in the same run that only
// reads standard input, decodes the JSON, hashes it and appends a line under
// a lock (scripts/benchhook/baseline).
//
// Both are built with the release flags, warmed up, then run in interleaved
// rounds (the order rotates each round), together with `guard --version`,
// which shows what process start-up and package initialisation cost alone.
// It prints the median, 10th and 90th percentile of each and the ratio of
// the medians of guard and the baseline; the target is at most 1.3.
//
// Usage (from the repository root, as `make bench` does):
//
//	go run ./scripts/benchhook [-n 200] [-warmup 20] [-max-ratio 1.3] [-strict]
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"
)

// payload is what agent A sends before a Bash call, as real releases shape it.
const payload = `{"session_id":"5f0c6a8e-3b1d-4c1e-9a57-2f1f0f9b7d21","transcript_path":"/home/dev/.agent_a/projects/-home-dev-src-widgets/5f0c6a8e-3b1d-4c1e-9a57-2f1f0f9b7d21.jsonl","cwd":"/home/dev/src/widgets","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"go test ./... -run TestParse -count=1 2>&1 | tail -n 40","description":"Run the parser tests"}}`

func main() {
	n := flag.Int("n", 200, "measured rounds (at least 100)")
	warmup := flag.Int("warmup", 20, "unmeasured runs of each program first")
	maxRatio := flag.Float64("max-ratio", 1.3, "target ratio of the medians")
	strict := flag.Bool("strict", false, "exit 1 when the ratio is above -max-ratio")
	flag.Parse()
	if *n < 100 {
		fmt.Fprintln(os.Stderr, "benchhook: -n must be at least 100")
		os.Exit(2)
	}
	ratio, err := run(*n, *warmup, *maxRatio)
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchhook:", err)
		os.Exit(2)
	}
	if *strict && ratio > *maxRatio {
		os.Exit(1)
	}
}

func run(n, warmup int, maxRatio float64) (float64, error) {
	tmp, err := os.MkdirTemp("", "benchhook-")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(tmp)
	exe := ""
	if runtime.GOOS == "windows" {
		exe = ".exe"
	}
	guard := filepath.Join(tmp, "guard"+exe)
	baseline := filepath.Join(tmp, "baseline"+exe)
	floor := filepath.Join(tmp, "floor"+exe)
	for _, b := range []struct{ out, pkg string }{{guard, "./cmd/guard"}, {baseline, "./scripts/benchhook/baseline"}, {floor, "./scripts/benchhook/floor"}} {
		cmd := exec.Command("go", "build", "-trimpath", "-ldflags", "-s -w", "-o", b.out, b.pkg)
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
		cmd.Stderr = os.Stderr
		if err := cmd.Run(); err != nil {
			return 0, fmt.Errorf("build %s: %w", b.pkg, err)
		}
	}
	home := filepath.Join(tmp, "home")
	if err := os.MkdirAll(home, 0o700); err != nil {
		return 0, err
	}
	env := append(os.Environ(), "GUARD_HOME="+filepath.Join(home, ".guard"), "HOME="+home, "AGENT_A_HOOK_EVENT=PreToolUse",
		"AGENT_B_PROJECT_DIR=", "GUARD_POLICY_URL=")
	progs := []prog{
		{name: "guard", argv: []string{guard}, env: env},
		{name: "baseline", argv: []string{baseline, filepath.Join(home, "baseline.log")}, env: env},
		// guard --version: process start and package initialisation only,
		// to tell start-up cost from hook work.
		{name: "startup", argv: []string{guard, "--version"}, env: env},
		// The libraries guard links for its other commands, starting and
		// exiting: what any hook inside one guard binary pays before work.
		{name: "floor", argv: []string{floor}, env: env},
	}
	for _, p := range progs {
		for range warmup {
			if _, err := p.once(); err != nil {
				return 0, err
			}
		}
	}
	times := make([][]time.Duration, len(progs))
	for i := range n {
		// Rotate the order so that no program always runs first or last.
		for k := range progs {
			j := (i + k) % len(progs)
			d, err := progs[j].once()
			if err != nil {
				return 0, err
			}
			times[j] = append(times[j], d)
		}
	}
	fmt.Printf("hook round trip, %d interleaved rounds, PreToolUse Bash payload (%d bytes), %s/%s, %d CPUs\n",
		n, len(payload), runtime.GOOS, runtime.GOARCH, runtime.NumCPU())
	fmt.Printf("  %-9s %10s %10s %10s\n", "", "p10", "median", "p90")
	med := make([]time.Duration, len(progs))
	for j, p := range progs {
		t := times[j]
		slices.Sort(t)
		med[j] = t[len(t)/2]
		fmt.Printf("  %-9s %10s %10s %10s\n", p.name, round(t[len(t)/10]), round(med[j]), round(t[len(t)*9/10]))
	}
	ratio := float64(med[0]) / float64(med[1])
	verdict := "within"
	if ratio > maxRatio {
		verdict = "ABOVE"
	}
	fmt.Printf("  ratio of medians guard/baseline: %.2fx (%s the %.2fx target)\n", ratio, verdict, maxRatio)
	fmt.Printf("  start-up floor of the linked libraries: %.2fx the baseline; guard's own hook work: %s (guard - floor)\n",
		float64(med[3])/float64(med[1]), round(med[0]-med[3]))
	return ratio, nil
}

// prog is one program to time.
type prog struct {
	name string
	argv []string
	env  []string
}

// once runs p with the payload on standard input and returns the wall time
// from start to exit. Anything but exit 0 (an allow) is an error: a broken
// build or policy must not pass for fast.
func (p prog) once() (time.Duration, error) {
	cmd := exec.Command(p.argv[0], p.argv[1:]...)
	cmd.Env = p.env
	cmd.Stdin = strings.NewReader(payload)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	start := time.Now()
	err := cmd.Run()
	d := time.Since(start)
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return 0, fmt.Errorf("%s exited %d: %s", p.name, ee.ExitCode(), strings.TrimSpace(stderr.String()))
		}
		return 0, fmt.Errorf("%s: %w", p.name, err)
	}
	return d, nil
}

func round(d time.Duration) time.Duration { return d.Round(10 * time.Microsecond) }
