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
	"strings"
	"sync"

	"github.com/guardhq/guard/internal/audit"
	"github.com/rogpeppe/go-internal/testscript"
)

// scriptHookrun is the testscript command
//
//	hookrun [-code N] [-n N] [-pad N] [-nest N] [-closedout] [-tty] [-verify LOG -entries K] PAYLOAD [ARG...]
//
// It runs `guard ARG...` -n times at once (default 1), as separate
// processes, each with the file PAYLOAD on standard input followed by -pad
// spaces, and fails unless every run exits with -code (default 0). With
// -nest, each "[NEST" in PAYLOAD becomes N opening brackets and each
// "NEST]" N closing ones. With
// -closedout the process's standard output is a pipe nobody reads (its
// reader closed before the start), with -tty its standard input is a
// terminal (a pseudo-terminal; the payload is not sent). The first
// run's standard output and error become the script's stdout and stderr. With
// -verify it then checks the hash chain of the audit log LOG with
// audit.Verify and that it holds exactly -entries records and no torn line.
func scriptHookrun(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("unsupported: ! hookrun (use -code)")
	}
	fs := flag.NewFlagSet("hookrun", flag.ContinueOnError)
	code := fs.Int("code", 0, "")
	n := fs.Int("n", 1, "")
	pad := fs.Int("pad", 0, "")
	nest := fs.Int("nest", 0, "")
	verify := fs.String("verify", "", "")
	entries := fs.Int("entries", -1, "")
	closedOut := fs.Bool("closedout", false, "")
	tty := fs.Bool("tty", false, "")
	if err := fs.Parse(args); err != nil || fs.NArg() < 1 || *n < 1 {
		ts.Fatalf("usage: hookrun [-code N] [-n N] [-pad N] [-nest N] [-verify LOG -entries K] PAYLOAD [ARG...]")
	}
	payload, err := os.ReadFile(ts.MkAbs(fs.Arg(0)))
	ts.Check(err)
	if *nest > 0 {
		payload = bytes.ReplaceAll(payload, []byte("[NEST"), bytes.Repeat([]byte("["), *nest))
		payload = bytes.ReplaceAll(payload, []byte("NEST]"), bytes.Repeat([]byte("]"), *nest))
	}
	payload = append(payload, bytes.Repeat([]byte{' '}, *pad)...)
	bin := guardOnPath(ts)
	env := scriptEnv(ts)

	type result struct {
		code           int
		stdout, stderr string
		err            error
	}
	results := make([]result, *n)
	var wg sync.WaitGroup
	for i := range *n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := exec.Command(bin, fs.Args()[1:]...)
			cmd.Dir = ts.MkAbs(".")
			cmd.Env = env
			cmd.Stdin = bytes.NewReader(payload)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if *closedOut {
				r, w, err := os.Pipe()
				ts.Check(err)
				r.Close()
				defer w.Close()
				cmd.Stdout = w
			}
			if *tty {
				term, closeTerm, err := openTerminal()
				if err != nil {
					ts.Fatalf("hookrun -tty: %v", err)
				}
				defer closeTerm()
				cmd.Stdin = term
			}
			err := cmd.Run()
			r := result{stdout: stdout.String(), stderr: stderr.String()}
			var ee *exec.ExitError
			switch {
			case err == nil:
			case errors.As(err, &ee):
				r.code = ee.ExitCode() // -1: killed by a signal (SIGPIPE…)
			default:
				r.err = err
			}
			results[i] = r
		}()
	}
	wg.Wait()
	fmt.Fprint(ts.Stdout(), results[0].stdout)
	fmt.Fprint(ts.Stderr(), results[0].stderr)
	for i, r := range results {
		if r.err != nil {
			ts.Fatalf("run %d: %v", i, r.err)
		}
		if r.code != *code {
			ts.Fatalf("run %d exited %d, want %d; stderr: %s", i, r.code, *code, r.stderr)
		}
	}
	if *verify == "" {
		return
	}
	rep, err := audit.Verify(ts.MkAbs(*verify))
	if err != nil {
		ts.Fatalf("audit.Verify: %v", err)
	}
	if len(rep.Torn) > 0 || (*entries >= 0 && rep.Entries != *entries) {
		ts.Fatalf("audit.Verify: %d entries, torn lines %v; want %d entries and none torn", rep.Entries, rep.Torn, *entries)
	}
}

// guardOnPath returns the path of the guard binary testscript put on PATH.
func guardOnPath(ts *testscript.TestScript) string {
	name := "guard"
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	for _, dir := range filepath.SplitList(ts.Getenv("PATH")) {
		p := filepath.Join(dir, name)
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
			return p
		}
	}
	ts.Fatalf("no guard on PATH")
	return ""
}

// scriptEnv is the process environment with the script's values of the
// variables guard and the scripts use.
func scriptEnv(ts *testscript.TestScript, extra ...string) []string {
	keys := append([]string{"PATH", "HOME", "USERPROFILE", "TMPDIR", "WORK", "GUARD_HOME", "GUARD_POLICY_URL",
		"GUARD_POLICY_KEY", "AGENT_A_HOOK_EVENT", "AGENT_B_PROJECT_DIR", "USER"}, extra...)
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		keep := true
		for _, s := range keys {
			if strings.EqualFold(k, s) {
				keep = false
			}
		}
		if keep {
			env = append(env, kv)
		}
	}
	for _, k := range keys {
		env = append(env, k+"="+ts.Getenv(k))
	}
	return env
}

// guardPackage is the import path prefix of guard's own packages, as the
// runtime's init trace names them.
const guardPackage = "github.com/guardhq/guard/"

// scriptInitbytes is the testscript command
//
//	initbytes MAXEACH MAXTOTAL
//
// which reads the stderr of the last exec run with GODEBUG=inittrace=1 and
// fails when one of guard's packages allocated more than MAXEACH bytes
// while it initialised, or all of them more than MAXTOTAL: a table, map
// or regular expression built at start, which every hook call would pay
// for (docs/DECISIONS.md, "Speed of the one-shot hook process").
func scriptInitbytes(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: initbytes MAXEACH MAXTOTAL")
	}
	var maxEach, maxTotal int
	_, err := fmt.Sscan(args[0]+" "+args[1], &maxEach, &maxTotal)
	ts.Check(err)
	total, seen := 0, 0
	for _, line := range strings.Split(ts.ReadFile("stderr"), "\n") {
		// init PKG @0.5 ms, 0.01 ms clock, 72 bytes, 2 allocs
		f := strings.Fields(line)
		if len(f) < 10 || f[0] != "init" || !strings.HasPrefix(f[1], guardPackage) {
			continue
		}
		var n int
		if _, err := fmt.Sscan(f[len(f)-4], &n); err != nil || f[len(f)-3] != "bytes," {
			ts.Fatalf("init trace line %q: want '… N bytes, M allocs'", line)
		}
		seen++
		total += n
		if n > maxEach {
			ts.Fatalf("%s allocated %d bytes at init, more than %d: build tables when first used (sync.OnceValue), not at start", f[1], n, maxEach)
		}
	}
	if seen == 0 {
		ts.Fatalf("no init trace of guard's packages in stderr: run the command with GODEBUG=inittrace=1")
	}
	if total > maxTotal {
		ts.Fatalf("guard's packages allocated %d bytes at init, more than %d", total, maxTotal)
	}
	fmt.Fprintf(ts.Stdout(), "%d packages, %d bytes at init\n", seen, total)
}
