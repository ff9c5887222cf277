package main

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
)

// Script commands for the outbound calls: webhook receivers and remote policy
// servers on loopback, over TLS that the guard binary trusts through
// SSL_CERT_FILE.

// scriptServers holds each script's servers by name, for stopserver.
var scriptServers = struct {
	sync.Mutex
	m map[*testscript.TestScript]map[string]*httptest.Server
}{m: map[*testscript.TestScript]map[string]*httptest.Server{}}

// scriptTLSServer starts a server on loopback for the rest of the script:
//
//	tlsserver [-plain] NAME record [secret=S] [status=N]
//	tlsserver [-plain] NAME slow
//	tlsserver [-plain] NAME serve FILE [key=K] [sigfile=F]
//
// It sets $NAME_URL to the server's base URL and, unless -plain (plain
// http), writes the test certificate to $WORK/tls-cert.pem and points
// SSL_CERT_FILE at it. Every request is appended to $WORK/NAME.log:
// "METHOD PATH", then the content-type, authorization and x-guard-signature
// headers (lower-case names, when present), then "signature: valid" or
// "signature: invalid" when a secret was given (the receiver recomputes the
// HMAC-SHA256 of the body and compares in constant time), then "body: …".
//
// record answers status N (default 200). slow reads the request and never
// answers (until the client hangs up). serve answers with FILE's current
// content, with an X-Guard-Signature header computed with key K or read
// from file F.
func scriptTLSServer(ts *testscript.TestScript, neg bool, args []string) {
	plain := len(args) > 0 && args[0] == "-plain"
	if plain {
		args = args[1:]
	}
	if neg || len(args) < 2 {
		ts.Fatalf("usage: tlsserver [-plain] NAME record|slow|serve [ARG...]")
	}
	name, mode, opts := args[0], args[1], map[string]string{}
	var file string
	rest := args[2:]
	if mode == "serve" {
		if len(rest) < 1 {
			ts.Fatalf("usage: tlsserver NAME serve FILE [key=K] [sigfile=F]")
		}
		file, rest = ts.MkAbs(rest[0]), rest[1:]
	}
	for _, a := range rest {
		k, v, ok := strings.Cut(a, "=")
		if !ok {
			ts.Fatalf("tlsserver: argument %q is not KEY=VALUE", a)
		}
		opts[k] = v
	}
	status := http.StatusOK
	if s, ok := opts["status"]; ok {
		n, err := strconv.Atoi(s)
		ts.Check(err)
		status = n
	}
	logPath := ts.MkAbs(name + ".log")
	var mu sync.Mutex
	done := make(chan struct{})

	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
		var b strings.Builder
		fmt.Fprintf(&b, "%s %s\n", r.Method, r.URL.Path)
		for _, h := range []string{"Content-Type", "Authorization", "X-Guard-Signature"} {
			if v := r.Header.Get(h); v != "" {
				fmt.Fprintf(&b, "%s: %s\n", strings.ToLower(h), v)
			}
		}
		if secret, ok := opts["secret"]; ok {
			state := "invalid"
			if receiverVerify(body, r.Header.Get("X-Guard-Signature"), []byte(secret)) {
				state = "valid"
			}
			fmt.Fprintf(&b, "signature: %s\n", state)
		}
		fmt.Fprintf(&b, "body: %s\n", body)
		mu.Lock()
		f, err := os.OpenFile(logPath, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
		if err == nil {
			f.WriteString(b.String())
			f.Close()
		}
		mu.Unlock()
		switch mode {
		case "slow":
			select {
			case <-r.Context().Done():
			case <-done:
			}
		case "serve":
			data, err := os.ReadFile(file)
			if err != nil {
				http.Error(w, "no policy", http.StatusNotFound)
				return
			}
			if k, ok := opts["key"]; ok {
				w.Header().Set("X-Guard-Signature", receiverSign(data, []byte(k)))
			}
			if sf, ok := opts["sigfile"]; ok {
				sig, err := os.ReadFile(ts.MkAbs(sf))
				if err == nil {
					w.Header().Set("X-Guard-Signature", strings.TrimSpace(string(sig)))
				}
			}
			w.Write(data)
		default:
			w.WriteHeader(status)
		}
	})
	switch mode {
	case "record", "slow", "serve":
	default:
		ts.Fatalf("tlsserver: unknown mode %q", mode)
	}
	var srv *httptest.Server
	if plain {
		srv = httptest.NewServer(handler)
	} else {
		srv = httptest.NewTLSServer(handler)
		cert := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: srv.Certificate().Raw})
		certPath := ts.MkAbs("tls-cert.pem")
		ts.Check(os.WriteFile(certPath, cert, 0o644))
		ts.Setenv("SSL_CERT_FILE", certPath)
	}
	scriptServers.Lock()
	if scriptServers.m[ts] == nil {
		scriptServers.m[ts] = map[string]*httptest.Server{}
	}
	scriptServers.m[ts][name] = srv
	scriptServers.Unlock()
	ts.Defer(func() {
		close(done)
		srv.Close()
		scriptServers.Lock()
		delete(scriptServers.m, ts)
		scriptServers.Unlock()
	})
	ts.Setenv(name+"_URL", srv.URL)
}

// scriptStopServer stops a server tlsserver started, so that its URL
// refuses connections:
//
//	stopserver NAME
func scriptStopServer(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: stopserver NAME")
	}
	scriptServers.Lock()
	srv := scriptServers.m[ts][args[0]]
	scriptServers.Unlock()
	if srv == nil {
		ts.Fatalf("stopserver: no server %q", args[0])
	}
	srv.Listener.Close() // new connections are refused; the Defer closes the rest
	srv.CloseClientConnections()
}

// receiverSign and receiverVerify are a webhook receiver's side of the
// signature, written independently of guard's code.
func receiverSign(body, secret []byte) string {
	m := hmac.New(sha256.New, secret)
	m.Write(body)
	return "sha256=" + hex.EncodeToString(m.Sum(nil))
}

func receiverVerify(body []byte, header string, secret []byte) bool {
	got, err := hex.DecodeString(strings.TrimPrefix(header, "sha256="))
	if err != nil || !strings.HasPrefix(header, "sha256=") {
		return false
	}
	m := hmac.New(sha256.New, secret)
	m.Write(body)
	return hmac.Equal(got, m.Sum(nil))
}

// scriptEnvsubst copies a file, replacing $NAME and ${NAME} with the
// script's environment variables and $$ with $:
//
//	envsubst SRC DST
func scriptEnvsubst(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: envsubst SRC DST")
	}
	data, err := os.ReadFile(ts.MkAbs(args[0]))
	ts.Check(err)
	out := os.Expand(string(data), func(k string) string {
		if k == "$" {
			return "$" // $$ stands for a literal $
		}
		return ts.Getenv(k)
	})
	dst := ts.MkAbs(args[1])
	ts.Check(os.MkdirAll(filepath.Dir(dst), 0o700))
	ts.Check(os.WriteFile(dst, []byte(out), 0o600))
}

// scriptGuardExit runs guard with PAYLOAD on standard input and the script's
// environment (including SSL_CERT_FILE and the GUARD_* variables), and
// fails unless it exits with CODE. Its output becomes the script's stdout
// and stderr:
//
//	guardexit CODE PAYLOAD ARG...
func scriptGuardExit(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: guardexit CODE PAYLOAD ARG...")
	}
	want, err := strconv.Atoi(args[0])
	ts.Check(err)
	payload, err := os.ReadFile(ts.MkAbs(args[1]))
	ts.Check(err)
	cmd := exec.Command(guardOnPath(ts), args[2:]...)
	cmd.Dir = ts.MkAbs(".")
	cmd.Env = outboundEnv(ts)
	cmd.Stdin = bytes.NewReader(payload)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err = cmd.Run()
	fmt.Fprint(ts.Stdout(), stdout.String())
	fmt.Fprint(ts.Stderr(), stderr.String())
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		ts.Fatalf("guardexit: %v", err)
	}
	if code != want {
		ts.Fatalf("guard exited %d after %s, want %d", code, time.Since(start).Round(time.Millisecond), want)
	}
}

// outboundEnv is the process environment with the script's values of the
// variables guard and these scripts use.
func outboundEnv(ts *testscript.TestScript) []string {
	return scriptEnv(ts, "GUARD_POLICY_TTL", "SSL_CERT_FILE", "GUARD_HOOK_SECRET")
}
