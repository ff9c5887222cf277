// Command benchrun measures what `guard run` costs (issue 25): its start —
// `guard run -- true` against `true` run directly, whole processes — and a
// hook call whose record goes through guard run's audit socket against the
// same call appending to the log itself.
//
// guard is built with the release flags (or -guard PATH is used), in a
// throwaway HOME with the default policy. Each pair is warmed up, then run
// in interleaved rounds (the order alternates), and the median, 10th and
// 90th percentile of each are printed with the difference of the medians
// against its target (start: -max-start 50ms; hook: -max-hook 1ms). The
// socket's hook runs outside the sandbox with GUARD_SOCKET set, against a
// `guard run -- sleep` that serves it: inside or outside the namespaces,
// the hook does the same work.
//
// Usage (from the repository root):
//
//	go run ./scripts/benchrun [-n 100] [-warmup 10] [-guard bin/guard]
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

const payload = `{"session_id":"s","cwd":"/tmp","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"go test ./... -run TestParse -count=1 2>&1 | tail -n 40"}}`

func main() {
	n := flag.Int("n", 100, "timed rounds")
	warm := flag.Int("warmup", 10, "rounds before timing")
	bin := flag.String("guard", "", "guard binary to time (default: build this tree)")
	maxStart := flag.Duration("max-start", 50*time.Millisecond, "target: guard run's extra start time")
	maxHook := flag.Duration("max-hook", time.Millisecond, "target: a hook call's extra time through the socket")
	flag.Parse()
	if err := run(*n, *warm, *bin, *maxStart, *maxHook); err != nil {
		fmt.Fprintln(os.Stderr, "benchrun:", err)
		os.Exit(1)
	}
}

func run(n, warm int, bin string, maxStart, maxHook time.Duration) error {
	tmp, err := os.MkdirTemp("", "benchrun")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	if bin == "" {
		bin = filepath.Join(tmp, "guard")
		b := exec.Command("go", "build", "-trimpath", "-ldflags", "-s -w", "-o", bin, "./cmd/guard")
		b.Env = append(os.Environ(), "CGO_ENABLED=0")
		if out, err := b.CombinedOutput(); err != nil {
			return fmt.Errorf("build: %v\n%s", err, out)
		}
	}
	home := filepath.Join(tmp, "home")
	proj := filepath.Join(home, "proj")
	if err := os.MkdirAll(proj, 0o755); err != nil {
		return err
	}
	env := append(os.Environ(), "HOME="+home, "GUARD_HOME=", "TMPDIR="+tmp, "XDG_RUNTIME_DIR=")
	truePath, err := exec.LookPath("true")
	if err != nil {
		return err
	}
	// As root guard run refuses unless told.
	runArgs := []string{bin, "run", "--allow-root=" + strconv.FormatBool(os.Geteuid() == 0), "--"}
	direct := &proc{argv: []string{truePath}, env: env, dir: proj}
	sandboxed := &proc{argv: append(slices.Clip(runArgs), truePath), env: env, dir: proj}
	if err := sandboxed.once(); err != nil {
		return fmt.Errorf("guard run -- true: %w", err)
	}
	a, b := rounds(n, warm, sandboxed, direct)
	report("start", "guard run -- true", "true", a, b, maxStart)

	server := exec.Command(runArgs[0], append(slices.Clip(runArgs[1:]), "sleep", "3600")...)
	server.Env, server.Dir = env, proj
	if err := server.Start(); err != nil {
		return err
	}
	defer func() { _ = server.Process.Signal(syscall.SIGTERM); _ = server.Wait() }()
	sock, err := waitSocket(tmp)
	if err != nil {
		return err
	}
	viaSocket := &proc{argv: []string{bin}, env: append(slices.Clone(env), "GUARD_SOCKET="+sock), dir: proj, stdin: payload}
	hookDirect := &proc{argv: []string{bin}, env: env, dir: proj, stdin: payload}
	if err := viaSocket.once(); err != nil {
		return fmt.Errorf("hook through the socket: %w", err)
	}
	a, b = rounds(n, warm, viaSocket, hookDirect)
	report("hook call", "through guard run's socket", "appending itself", a, b, maxHook)
	return nil
}

// waitSocket waits for guard run's socket to appear under dir.
func waitSocket(dir string) (string, error) {
	for range 200 {
		if m, _ := filepath.Glob(filepath.Join(dir, "guard-run-*", "audit.sock")); len(m) == 1 {
			return m[0], nil
		}
		time.Sleep(10 * time.Millisecond)
	}
	return "", fmt.Errorf("no audit socket under %s", dir)
}

type proc struct {
	argv  []string
	env   []string
	dir   string
	stdin string
}

func (p *proc) once() error {
	c := exec.Command(p.argv[0], p.argv[1:]...)
	c.Env, c.Dir = p.env, p.dir
	c.Stdin = strings.NewReader(p.stdin)
	var out bytes.Buffer
	c.Stdout, c.Stderr = &out, &out
	if err := c.Run(); err != nil {
		return fmt.Errorf("%v: %s", err, out.String())
	}
	return nil
}

func (p *proc) time() time.Duration {
	t := time.Now()
	if err := p.once(); err != nil {
		fmt.Fprintln(os.Stderr, "benchrun:", err)
		os.Exit(1)
	}
	return time.Since(t)
}

// rounds times x and y in n interleaved rounds after warm untimed ones.
func rounds(n, warm int, x, y *proc) (xs, ys []time.Duration) {
	for i := range warm + n {
		var dx, dy time.Duration
		if i%2 == 0 {
			dx, dy = x.time(), y.time()
		} else {
			dy, dx = y.time(), x.time()
		}
		if i >= warm {
			xs, ys = append(xs, dx), append(ys, dy)
		}
	}
	return xs, ys
}

func pct(ds []time.Duration, p int) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[(len(s)-1)*p/100]
}

func report(what, xName, yName string, xs, ys []time.Duration, target time.Duration) {
	show := func(name string, ds []time.Duration) {
		fmt.Printf("  %-28s median %8s  p10 %8s  p90 %8s\n", name, pct(ds, 50).Round(10*time.Microsecond), pct(ds, 10).Round(10*time.Microsecond), pct(ds, 90).Round(10*time.Microsecond))
	}
	fmt.Printf("%s (%d rounds, interleaved):\n", what, len(xs))
	show(xName, xs)
	show(yName, ys)
	extra := pct(xs, 50) - pct(ys, 50)
	verdict := "within"
	if extra > target {
		verdict = "OVER"
	}
	fmt.Printf("  extra: %s (target %s: %s)\n", extra.Round(10*time.Microsecond), target, verdict)
}
