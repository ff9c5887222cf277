package main

import (
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/guardhq/guard/internal/console/loggen"
)

// scriptFreeport sets an environment variable to a free loopback TCP port:
//
//	freeport NAME
func scriptFreeport(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: freeport NAME")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	ts.Check(err)
	port := ln.Addr().(*net.TCPAddr).Port
	ts.Check(ln.Close())
	ts.Setenv(args[0], strconv.Itoa(port))
}

// scriptHTTPGet sends one request to a server the script started, retrying
// the connection while the server comes up (at most 10 s), and prints
// "status N", the response headers (lower-case names, sorted) and the body:
//
//	httpget [-method M] [-host H] [-header K:V]... URL
func scriptHTTPGet(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("httpget does not fail; check its status line")
	}
	method, host := http.MethodGet, ""
	var headers [][2]string
	for len(args) > 1 && strings.HasPrefix(args[0], "-") {
		switch args[0] {
		case "-method":
			method = args[1]
		case "-host":
			host = args[1]
		case "-header":
			k, v, _ := strings.Cut(args[1], ":")
			headers = append(headers, [2]string{k, strings.TrimSpace(v)})
		default:
			ts.Fatalf("httpget: unknown flag %s", args[0])
		}
		args = args[2:]
	}
	if len(args) != 1 {
		ts.Fatalf("usage: httpget [-method M] [-host H] [-header K:V] URL")
	}
	client := &http.Client{Timeout: 10 * time.Second}
	var resp *http.Response
	for attempt := 0; ; attempt++ {
		req, err := http.NewRequest(method, args[0], nil)
		ts.Check(err)
		if host != "" {
			req.Host = host
		}
		for _, h := range headers {
			req.Header.Set(h[0], h[1])
		}
		resp, err = client.Do(req)
		if err == nil {
			break
		}
		if !errors.Is(err, syscall.ECONNREFUSED) || attempt >= 100 {
			ts.Fatalf("httpget: %v", err)
		}
		time.Sleep(100 * time.Millisecond)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	ts.Check(err)
	var names []string
	for k := range resp.Header {
		names = append(names, k)
	}
	sort.Strings(names)
	fmt.Fprintf(ts.Stdout(), "status %d\n", resp.StatusCode)
	for _, k := range names {
		fmt.Fprintf(ts.Stdout(), "%s: %s\n", strings.ToLower(k), strings.Join(resp.Header[k], ", "))
	}
	fmt.Fprintf(ts.Stdout(), "\n%s\n", body)
}

// scriptGenlog writes a synthetic audit log with a valid hash chain:
//
//	genlog N FILE
func scriptGenlog(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: genlog N FILE")
	}
	n, err := strconv.Atoi(args[0])
	ts.Check(err)
	path := ts.MkAbs(args[1])
	ts.Check(os.MkdirAll(filepath.Dir(path), 0o700))
	f, err := os.Create(path)
	ts.Check(err)
	ts.Check(loggen.Write(f, loggen.Options{N: n, Seed: 1}))
	ts.Check(f.Close())
}

func TestListenHint(t *testing.T) {
	wrap := func(errno error) error {
		return &net.OpError{Op: "listen", Net: "tcp", Err: os.NewSyscallError("bind", errno)}
	}
	tests := []struct {
		err  error
		want string
	}{
		{wrap(syscall.EADDRINUSE), "another program uses this port"},
		{wrap(syscall.EADDRNOTAVAIL), "--addr must be an address of this machine"},
		{wrap(syscall.EACCES), "ports below 1024 need privileges"},
		{&net.OpError{Op: "listen", Net: "tcp", Err: &net.DNSError{Err: "no such host", Name: "x.invalid", IsNotFound: true}}, "--addr takes an IP address"},
		{errors.New("something else"), "pick another port with --port, or another address with --addr"},
	}
	for _, tt := range tests {
		if got := listenHint(tt.err); !strings.HasPrefix(got, tt.want) {
			t.Errorf("listenHint(%v) = %q, want it to start with %q", tt.err, got, tt.want)
		}
	}
}

func TestDisplayAddr(t *testing.T) {
	tests := []struct {
		addr net.Addr
		want string
	}{
		{&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 7070}, "127.0.0.1:7070"},
		{&net.TCPAddr{IP: net.IPv6unspecified, Port: 7070}, "127.0.0.1:7070"},
		{&net.TCPAddr{IP: net.IPv4zero, Port: 1}, "127.0.0.1:1"},
		{&net.TCPAddr{IP: net.IPv6loopback, Port: 7070}, "[::1]:7070"},
		{&net.TCPAddr{IP: net.IPv4(10, 0, 0, 5), Port: 80}, "10.0.0.5:80"},
	}
	for _, tt := range tests {
		if got := displayAddr(tt.addr); got != tt.want {
			t.Errorf("displayAddr(%v) = %q, want %q", tt.addr, got, tt.want)
		}
	}
}

// TestConsolePolicy: the console explains rules from the active policy (a
// rule of the user's included) and, when rules.json cannot be read, warns
// and falls back to the built-in defaults.
func TestConsolePolicy(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("HOME", dir)
	t.Setenv("GUARD_HOME", filepath.Join(dir, ".guard"))
	t.Setenv("GUARD_POLICY_URL", "")
	t.Setenv("GUARD_POLICY_KEY", "")
	if err := os.MkdirAll(filepath.Join(dir, ".guard"), 0o700); err != nil {
		t.Fatal(err)
	}
	rules := filepath.Join(dir, ".guard", "rules.json")
	mine := `{"bash":{"block_patterns":[{"name":"no_deploy","pattern":"deploy prod","description":"deploys need a review"}]}}`
	for _, tc := range []struct {
		name, rules string
		rule, want  string
		warn        bool
	}{
		{"the user's rule", mine, "no_deploy", "deploys need a review", false},
		{"unreadable policy", "{not json", "git_reset_hard", "git reset --hard throws away", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := os.WriteFile(rules, []byte(tc.rules), 0o600); err != nil {
				t.Fatal(err)
			}
			var errOut strings.Builder
			p := consolePolicy(&streams{out: io.Discard, err: &errOut})
			h, ok := p.Help(tc.rule)
			if !ok || !strings.Contains(h.Description, tc.want) {
				t.Errorf("help for %s: %+v, %v", tc.rule, h, ok)
			}
			if warned := strings.Contains(errOut.String(), "built-in defaults"); warned != tc.warn {
				t.Errorf("warning %v, want %v: %q", warned, tc.warn, errOut.String())
			}
		})
	}
}
